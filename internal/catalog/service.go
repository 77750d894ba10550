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
	"shop/internal/platform/imagefile"
	"shop/internal/platform/queue"
	"shop/internal/pricing"
)

// ManufacturerAttributeID is the attribute whose values are the manufacturers (spec: id 24).
const ManufacturerAttributeID = 24

// Service is the catalogue's one entry point for the API, the worker and shopctl.
type Service struct {
	db    *gorm.DB
	blobs blob.Store
	enq   *queue.Enqueuer
	// prices writes the derived prices: the catalogue asks it to recompute what it changed.
	prices *pricing.Service
	log    *slog.Logger
	now    func() time.Time
	clock  clock.Clock
	// images decodes every uploaded image under the process's image budget.
	images *imagefile.Decoder
	// countBound, when set, replaces productCountBound for this service (tests lower it on
	// their own service, never the package's value, so parallel tests do not see it).
	countBound int
}

// NewService builds the catalogue on db; prices owns the derived prices; clk is the shop's clock
// (dates of stickers and discounts); images is the process's one image decoder (nil: one of its
// own with the default bounds, for tests and tools).
func NewService(db *gorm.DB, blobs blob.Store, enq *queue.Enqueuer, prices *pricing.Service, log *slog.Logger, clk clock.Clock, images *imagefile.Decoder) *Service {
	if images == nil {
		images = imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)
	}
	return &Service{db: db, blobs: blobs, enq: enq, prices: prices, log: log, now: clk.Now, clock: clk, images: images}
}

// Today is the shop's current date, YYYY-MM-DD (what "valid today" means for a discount or sticker).
func (s *Service) Today() string { return s.clock.Today() }
