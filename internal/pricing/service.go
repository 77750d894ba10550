package pricing

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// Notification types of the recompute job.
const (
	NotePricesRecomputed      = "PricesRecomputed"
	NotePricesRecomputeFailed = "PricesRecomputeFailed"
)

// Notifier tells a user something (the notify capability implements it).
type Notifier interface {
	Notify(ctx context.Context, userID uint64, typ string, data any) error
	// NotifyTx stores the notification through tx and answers what pushes it after the commit.
	NotifyTx(tx *gorm.DB, userID uint64, typ string, data any) (publish func(context.Context), err error)
}

// Service is pricing's one entry point for the catalogue, the price-list import, the worker
// and the seeders.
type Service struct {
	db     *gorm.DB
	enq    *queue.Enqueuer // nil: no queue (shopctl, seeders): a recompute runs at once
	notify Notifier        // nil: nobody is told (seeders)
	log    *slog.Logger
	now    func() time.Time
	// products names the products of a mass change (the catalogue's selections; nil: no mass
	// discounts, as in the seeders).
	products ProductSelector
	clk      clock.Clock
	window   time.Duration // Schedule's coalescing window
}

// Options adjust the service.
type Options struct {
	// CoalesceWindow is how long Schedule gathers the changes of one scope into one recompute
	// (config pricing.coalesce_window). 0 turns the background job off: Schedule recomputes at
	// once, as without a queue (the test apps run so, so that a rule's test sees its prices
	// right after the call).
	CoalesceWindow time.Duration
}

// NewService builds the service; a nil enq recomputes at once, a nil n tells nobody.
func NewService(db *gorm.DB, enq *queue.Enqueuer, n Notifier, products ProductSelector, log *slog.Logger, clk clock.Clock, o Options) *Service {
	return &Service{db: db, enq: enq, notify: n, products: products, log: log, now: clk.Now, clk: clk, window: max(o.CoalesceWindow, 0)}
}

// RecomputeCategory asks for the prices of the products whose main category is categoryID to
// follow its VAT and margins (after they changed, once the change has committed): a job that
// tells the user of ctx when it is done. Without a queue, or when the queue refuses the task,
// the recompute runs here and now, so no price stays stale.
func (s *Service) RecomputeCategory(ctx context.Context, categoryID uint64, categoryName string) error {
	p := queue.PricesRecomputePayload{CategoryID: categoryID, Category: categoryName, UserID: actor.From(ctx).UserID}
	if s.enq != nil {
		task, err := queue.NewPricesRecomputeTask(p)
		if err == nil {
			_, err = s.enq.Enqueue(ctx, task)
		}
		if err == nil {
			return nil
		}
		s.log.WarnContext(ctx, "price recompute not queued, running it now", "category_id", categoryID, "error", err.Error())
	}
	_, err := s.RunRecompute(ctx, p, true)
	return err
}

// recomputeNote is the data of the job's notifications.
type recomputeNote struct {
	Message  string           `json:"message"`
	Category *categoryNote    `json:"category"`
	Counts   *recomputeCounts `json:"counts,omitempty"`
	Error    string           `json:"error,omitempty"`
}

// recomputeCounts: how many products got new prices.
type recomputeCounts struct {
	Updated int64 `json:"updated"`
}

type categoryNote struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
}

// RunRecompute is the job's work: one UPDATE over the category's products, committed with the
// PricesRecomputed notification to the user who changed the category (so the user is told
// exactly when the prices are there). It is idempotent: a retry computes from the category's
// current VAT and margins and writes only what still differs. A failure is told
// (PricesRecomputeFailed) on the last attempt only; earlier ones are retried quietly.
func (s *Service) RunRecompute(ctx context.Context, p queue.PricesRecomputePayload, lastAttempt bool) (int64, error) {
	cat := &categoryNote{ID: p.CategoryID, Name: p.Category}
	var n int64
	publish := func(context.Context) {}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if n, err = s.RecomputeTx(ctx, tx, MainCategory(p.CategoryID)); err != nil {
			return err
		}
		if p.UserID == 0 || s.notify == nil {
			return nil
		}
		note := recomputeNote{Category: cat, Counts: &recomputeCounts{Updated: n},
			Message: i18n.T(i18n.SR, "pricing.recomputed", map[string]any{"category": p.Category, "count": n})}
		publish, err = s.notify.NotifyTx(tx, p.UserID, NotePricesRecomputed, note)
		return err
	})
	if err != nil {
		s.log.ErrorContext(ctx, "price recompute failed", "category_id", p.CategoryID, "final", lastAttempt, "error", err.Error())
		if lastAttempt && p.UserID != 0 && s.notify != nil {
			reason := i18n.T(i18n.SR, "error.server", nil)
			if e := apperr.As(err); e.Code != apperr.Internal && !errors.Is(err, context.Canceled) {
				reason = i18n.T(i18n.SR, e.Msg.Key, e.Msg.Args)
			}
			note := recomputeNote{Category: cat, Error: reason,
				Message: i18n.T(i18n.SR, "pricing.recompute_failed", map[string]any{"category": p.Category, "error": reason})}
			if nerr := s.notify.Notify(context.WithoutCancel(ctx), p.UserID, NotePricesRecomputeFailed, note); nerr != nil {
				s.log.WarnContext(ctx, "notification not sent", "user_id", p.UserID, "error", nerr.Error())
			}
		}
		return 0, err
	}
	publish(context.WithoutCancel(ctx))
	s.log.InfoContext(ctx, "prices recomputed", "category_id", p.CategoryID, "products", n, "user_id", p.UserID)
	return n, nil
}
