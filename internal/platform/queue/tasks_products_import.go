package queue

import (
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"
)

// TypeProductsImport creates shop products from a supplier's unconnected price-list products.
const TypeProductsImport = "pricelist:products_import"

// Products import modes: all unconnected products of one supplier category, or chosen SKUs.
const (
	ProductsImportCategory = "category"
	ProductsImportProducts = "products"
)

// ProductsImportPayload is one products import as the admin asked for it.
type ProductsImportPayload struct {
	Mode             string   `json:"mode"` // ProductsImportCategory or ProductsImportProducts
	SupplierID       uint64   `json:"supplier_id"`
	SupplierCategory string   `json:"supplier_category,omitempty"` // category mode
	SKUs             []string `json:"skus,omitempty"`              // products mode
	CategoryID       uint64   `json:"category_id"`
	// UserID started the import and gets its notification (0: nobody to tell).
	UserID uint64 `json:"user_id"`
}

// NewProductsImportTask queues a products import. The job takes only unconnected supplier
// products and connects each in the transaction that creates its product, so a retry never
// creates a product twice. The same request twice while the first is still queued or running
// (a double click) is one task: asynq answers ErrDuplicateTask to the second.
func NewProductsImportTask(p ProductsImportPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeProductsImport, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5),
		asynq.Timeout(30*time.Minute), asynq.Unique(30*time.Minute)), nil
}
