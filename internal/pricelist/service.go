// Package pricelist imports suppliers' price lists: the upload, the streaming XLSX read with
// header detection, the set-based import job, the links of supplier categories to shop
// categories, the linking of supplier products to shop products and the import of supplier
// products as shop products. The catalogue owns the tables of suppliers and products; this
// package changes them only through set-based statements of its own import and through the
// catalogue's Service.
package pricelist

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/queue"
)

// Notification types of the specifications (anything else is shown as an error).
const (
	NotePricelistUploaded   = "PricelistUploaded"
	NoteCategoriesUploaded  = "CategoriesUploaded"
	NoteCategoriesNotMapped = "CategoriesNotMapped"
	NoteImportFinished      = "ImportFinished"
)

// Notifier tells a user something (stored, then pushed to their open admin tabs). The notify
// capability implements it; data is marshalled to the notification's JSON data.
type Notifier interface {
	Notify(ctx context.Context, userID uint64, typ string, data any) error
	// NotifyTx stores the notification through tx (it exists exactly when tx commits) and
	// answers what pushes it to the user's tabs, to be called after the commit.
	NotifyTx(tx *gorm.DB, userID uint64, typ string, data any) (publish func(context.Context), err error)
}

// Service is the price lists' one entry point for the API, the worker and shopctl.
type Service struct {
	db      *gorm.DB
	catalog *catalog.Service
	blobs   blob.Store
	enq     *queue.Enqueuer // nil: no queue (shopctl without Redis runs jobs in-process)
	notify  Notifier
	log     *slog.Logger
	now     func() time.Time
	opts    Options
}

// Options tune a Service; the zero value is production's. They live on the Service, not in
// package variables, so that tests can give each service their own and run in parallel.
type Options struct {
	// Read bounds the reading of a price list (config: pricelist.max_rows, max_blank_rows).
	Read ReadOptions
	// Tasks tells the lists the state of an import's task (nil: the rows as stored).
	Tasks TaskStates

	// mergeHook is called between the merge's statements (tests: its error fails the merge
	// there, as a killed worker would).
	mergeHook func(step string) error
	// chunkRows makes every stager use chunks of this many rows (tests: many chunks from a
	// small file); 0 keeps each stager's own.
	chunkRows int
}

// NewService builds the price-list service.
func NewService(db *gorm.DB, cat *catalog.Service, blobs blob.Store, enq *queue.Enqueuer, n Notifier, log *slog.Logger, clk clock.Clock, o Options) *Service {
	return &Service{db: db, catalog: cat, blobs: blobs, enq: enq, notify: n, log: log, now: clk.Now, opts: o}
}
