package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypePricelistImport imports one uploaded price list (a pricelist_imports row).
const TypePricelistImport = "pricelist:import"

// PricelistImportPayload names the import; everything else (file, supplier, user) is in its row.
type PricelistImportPayload struct {
	ImportID uint64 `json:"import_id"`
	// Lang is the uploader's language (sr or en; empty: sr): the import's notifications are
	// written in it.
	Lang string `json:"lang,omitempty"`
}

// NewPricelistImportTask queues an import. The task id is the import's, so the same import is
// never queued twice while its task exists; a retry after a crash runs it again, and the import
// itself is one transaction per supplier, so the retry reaches the same end state.
func NewPricelistImportTask(p PricelistImportPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypePricelistImport, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5),
		asynq.Timeout(30*time.Minute), asynq.TaskID(PricelistImportTaskID(p.ImportID))), nil
}

// PricelistImportTaskID is the id of import importID's task.
func PricelistImportTaskID(importID uint64) string {
	return fmt.Sprintf("pricelist-import-%d", importID)
}
