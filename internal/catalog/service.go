// Package catalog is the shop's catalogue: categories with margins, VAT and declarations,
// attributes and their values, brands, the lookup lists, products with their categories,
// images, attributes and stickers, and suppliers with their price-list products.
package catalog

import (
	"log/slog"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/blob"
	"shop/internal/platform/queue"
)

// ManufacturerAttributeID is the attribute whose values are the manufacturers (spec: id 24).
const ManufacturerAttributeID = 24

// Service is the catalogue's one entry point for the API, the worker and shopctl.
type Service struct {
	db    *gorm.DB
	blobs blob.Store
	enq   *queue.Enqueuer
	log   *slog.Logger
	now   func() time.Time
}

func NewService(db *gorm.DB, blobs blob.Store, enq *queue.Enqueuer, log *slog.Logger) *Service {
	return &Service{db: db, blobs: blobs, enq: enq, log: log, now: func() time.Time { return time.Now().UTC() }}
}
