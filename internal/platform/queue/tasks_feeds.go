package queue

import (
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"
)

// Feed and partner jobs: the scheduled export of the public feeds and the products export.
const (
	TypeFeedsExport    = "eoffer:feeds_export"
	TypeProductsExport = "partners:products_export"
)

// NewFeedsExportTask writes the public feeds (e-ponuda CSV and XML, Google). Unique for ten
// minutes so several schedulers (or the scheduler and a manual run) do not pile up; a retry
// writes fresh files and switches the pointers again, which is harmless.
func NewFeedsExportTask() *asynq.Task {
	return newTask(TypeFeedsExport, nil, asynq.Queue(QueueLow), asynq.MaxRetry(2),
		asynq.Timeout(30*time.Minute), asynq.Unique(10*time.Minute))
}

// ProductsExportPayload names the products export (its row holds name and categories).
type ProductsExportPayload struct {
	ExportID uint64 `json:"export_id"`
	UserID   uint64 `json:"user_id"`
}

// NewProductsExportTask makes a products export's XLSX. A retry writes the whole file again
// under the same key, so it ends in the same state.
func NewProductsExportTask(p ProductsExportPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeProductsExport, b, asynq.Queue(QueueDefault), asynq.MaxRetry(3), asynq.Timeout(30*time.Minute)), nil
}
