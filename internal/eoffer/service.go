// Package eoffer is the e-ponuda price tool (spec/decisions.md "E-ponuda"): competitors' price
// files, the recalculation of our prices against them, and applying the chosen new prices
// through pricing. Which products are in the feed, and the feeds themselves, are package feeds.
package eoffer

import (
	"log/slog"
	"time"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/notify"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/queue"
	"shop/internal/pricing"
)

// Options are the price tool's limits (config competitors.*).
type Options struct {
	// OwnShops are the shop names that are us in a competitor file (never a competitor).
	OwnShops []string
	// MaxRows is how many data rows a competitor file may have.
	MaxRows int
}

// Service is the e-offer capability's entry point for the API, the worker and shopctl.
type Service struct {
	db      *gorm.DB
	catalog *catalog.Service
	pricing *pricing.Service
	blobs   blob.Store
	enq     *queue.Enqueuer // nil: jobs run at once (shopctl without a queue)
	notify  *notify.Service // nil: nobody is told
	log     *slog.Logger
	now     func() time.Time
	opts    Options
}

// NewService builds the service; a MaxRows of 0 is the default limit.
func NewService(db *gorm.DB, cat *catalog.Service, pr *pricing.Service, blobs blob.Store, enq *queue.Enqueuer, n *notify.Service,
	log *slog.Logger, clk clock.Clock, opts Options) *Service {
	if opts.MaxRows <= 0 {
		opts.MaxRows = 1_000_000
	}
	return &Service{db: db, catalog: cat, pricing: pr, blobs: blobs, enq: enq, notify: n, log: log, now: clk.Now, opts: opts}
}

// Inline is the service without a queue: imports and applies run in the caller's process.
func (s *Service) Inline() *Service {
	c := *s
	c.enq = nil
	return &c
}
