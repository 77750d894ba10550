package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task types of the e-ponuda price tool.
const (
	// TypeEofferImport parses one uploaded competitor file (an eoffer_imports row): the
	// "e-offer CSV processing" worker.
	TypeEofferImport = "eoffer:import"
	// TypeEofferApply sets the chosen products' web price to their recalculated new price.
	TypeEofferApply = "eoffer:apply"
)

// EofferImportPayload names the import; the file and the user are in its row.
type EofferImportPayload struct {
	ImportID uint64 `json:"import_id"`
	Lang     string `json:"lang,omitempty"`
}

// NewEofferImportTask queues a competitor file's parse; the task id is the import's, so it is
// never queued twice, and a retry replaces what a killed run left.
func NewEofferImportTask(p EofferImportPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeEofferImport, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5),
		asynq.Timeout(30*time.Minute), asynq.TaskID(fmt.Sprintf("eoffer-import-%d", p.ImportID))), nil
}

// EofferApplyPayload is an apply: the new web prices computed when it was asked for (so a
// retry sets the very same prices, whatever file came since), the file they came from, and
// the chosen products that got none (no competitor left).
type EofferApplyPayload struct {
	ImportID uint64               `json:"import_id"`
	Prices   []EofferAppliedPrice `json:"prices"`
	Missing  int                  `json:"missing"`
	UserID   uint64               `json:"user_id"`
	IP       string               `json:"ip,omitempty"`
	Lang     string               `json:"lang,omitempty"`
}

// EofferAppliedPrice is one product's new web price (para, with VAT).
type EofferAppliedPrice struct {
	ProductID uint64 `json:"product_id"`
	Price     int64  `json:"price"`
}

// NewEofferApplyTask queues an apply (retried: the apply writes only what still differs).
func NewEofferApplyTask(p EofferApplyPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeEofferApply, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)), nil
}
