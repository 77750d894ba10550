// Package catalog is the shop's catalogue: categories with margins, VAT and declarations,
// attributes and their values, brands, the lookup lists, products with their categories,
// images, attributes and stickers, and suppliers with their price-list products.
package catalog

import (
	"log/slog"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
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
	clock clock.Clock
}

// NewService builds the catalogue on db; clk is the shop's clock (dates of stickers and discounts).
func NewService(db *gorm.DB, blobs blob.Store, enq *queue.Enqueuer, log *slog.Logger, clk clock.Clock) *Service {
	return &Service{db: db, blobs: blobs, enq: enq, log: log, now: clk.Now, clock: clk}
}

// Today is the shop's current date, YYYY-MM-DD (what "valid today" means for a discount or sticker).
func (s *Service) Today() string { return s.clock.Today() }
