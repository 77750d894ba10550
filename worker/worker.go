// Package worker runs the shop's background jobs: the asynq mux with one handler per task
// type, the server that runs them, and the scheduler's cron entries.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/einvoice"
	"shop/internal/eoffer"
	"shop/internal/feeds"
	"shop/internal/fiscal"
	"shop/internal/identity"
	"shop/internal/notify"
	"shop/internal/partners"
	"shop/internal/platform/apperr"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/internal/platform/reqid"
	"shop/internal/pricelist"
	"shop/internal/pricing"
	"shop/internal/sales"
	"shop/internal/voice"
)

// Deps is what the job handlers need.
type Deps struct {
	Log      *slog.Logger
	Mail     mail.Sender
	Identity *identity.Service
	Catalog  *catalog.Service
	// Pricelist runs price-list imports and products imports.
	Pricelist *pricelist.Service
	// Notify tells users how the jobs they started ended (nil: nobody is told).
	Notify *notify.Service
	// Pricing runs the recompute of a category's prices.
	Pricing *pricing.Service
	// Feeds writes the public feeds; Partners makes the products exports.
	Feeds    *feeds.Feeds
	Partners *partners.Service
	// Eoffer parses competitor files and applies e-ponuda prices.
	Eoffer *eoffer.Service
	// Voice mails the back-in-stock subscribers.
	Voice *voice.Service
	// Sales sends the orders' mails and notifications.
	Sales *sales.Service
	// Fiscal signs the orders' fiscal receipts.
	Fiscal *fiscal.Service
	// ActivityRetention purges activity log entries past the retention (nil: none purged).
	ActivityRetention *activity.Retention
	// Einvoice makes, sends and follows company orders' e-invoices.
	Einvoice *einvoice.Service
	// Metrics take each job's duration and failure (nil: none kept).
	Metrics *JobMetrics
}

// Mux routes each task type to its handler.
func Mux(d Deps) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(observe(d.Log, d.Metrics))
	mux.Handle(queue.TypeMailSend, mailSend{d.Mail, d.Sales})
	mux.Handle(queue.TypeIdentityPurge, identityPurge{d.Identity, d.Log})
	ends := massEnds{d.Notify, d.Log}
	mux.Handle(queue.TypeCatalogStickerMass, catalogStickerMass{d.Catalog, ends})
	mux.Handle(queue.TypeEnergyStickerMass, energyStickerMass{d.Catalog, ends})
	mux.Handle(queue.TypePricesRecompute, pricesRecompute{d.Pricing})
	mux.Handle(queue.TypePricesSchedule, pricesSchedule{d.Pricing})
	mux.Handle(queue.TypePricesMidnight, pricesMidnight{d.Pricing})
	registerPricelist(mux, d)
	registerProductsImport(mux, d)
	registerDiscounts(mux, d)
	registerFeeds(mux, d)
	registerEoffer(mux, d)
	mux.Handle(queue.TypeVoiceBackInStock, backInStock{d.Voice, d.Log})
	registerSales(mux, d)
	registerEinvoice(mux, d)
	registerFiscal(mux, d)
	mux.Handle(queue.TypeActivityPurge, activityPurge{d.ActivityRetention, d.Log})
	return mux
}

type activityPurge struct {
	r   *activity.Retention
	log *slog.Logger
}

func (h activityPurge) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	n, err := h.r.Purge(ctx) // a nil retention purges nothing
	if err == nil && n > 0 {
		h.log.InfoContext(ctx, "purged activity log entries past the retention", "rows", n)
	}
	return result(err)
}

// mailSend sends one mail, from the shop's name as it is now (sales' identity, when there is
// a sales service) at mail.from's address.
type mailSend struct {
	mail  mail.Sender
	sales *sales.Service
}

func (h mailSend) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.MailSendPayload](t)
	if err != nil {
		return err
	}
	if p.Message.FromName == "" && h.sales != nil {
		p.Message.FromName = h.sales.ShopName(ctx)
	}
	return result(h.mail.Send(ctx, p.Message))
}

type identityPurge struct {
	ids *identity.Service
	log *slog.Logger
}

func (h identityPurge) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	n, err := h.ids.PurgeExpired(ctx)
	if err == nil {
		h.log.InfoContext(ctx, "purged expired sessions and reset tokens", "rows", n)
	}
	return result(err)
}

// result maps service errors for asynq: invalid input never gets better by retrying.
// decode reads a task's JSON payload; a payload that does not decode is never retried.
func decode[T any](t *asynq.Task) (T, error) {
	var p T
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

// lastAttempt tells whether this run is the task's last (its failure then reaches the user).
// Outside a worker (a test's direct call) there is no retry count: that is the last attempt.
func lastAttempt(ctx context.Context) bool {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	return retried >= maxRetry
}

func result(err error) error {
	if err == nil {
		return nil
	}
	if apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.NotFound) {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	return err
}

// taskCheckInterval is how often an idle worker process asks Redis for a new task.
const taskCheckInterval = 200 * time.Millisecond

// NewServer builds the asynq server that runs the mux.
func NewServer(r *queue.Redis, concurrency int, shutdown time.Duration, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(r.Opt, asynq.Config{
		// An idle worker looks for new tasks this often (asynq's default is a second): a change
		// whose storefront effect a job makes (a category's VAT reprices its products) must show
		// on every API process within a second (docs/storefront.md). One cheap Redis call a look.
		TaskCheckInterval: taskCheckInterval,
		Concurrency:       concurrency,
		Queues:            queue.Weights,
		RetryDelayFunc:    retryDelay,
		ShutdownTimeout:   shutdown,
		Logger:            asynqLogger{log},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			log.ErrorContext(ctx, "job failed", "type", t.Type(), "error", err.Error(), "skip_retry", errors.Is(err, asynq.SkipRetry),
				reqid.Key, jobID(ctx, t))
		}),
	})
}

// retryDelay is asynq's backoff, except for a task whose worker died mid-run (killed, its
// machine gone): asynq hands it out again only once its lease has been expired for 30 s, which
// its check finds up to a minute later, so the task has waited long enough and runs again at once.
func retryDelay(n int, err error, t *asynq.Task) time.Duration {
	if errors.Is(err, asynq.ErrLeaseExpired) {
		return 0
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}

// Schedule lists the cron entries the scheduler enqueues.
func Schedule() []Entry {
	return []Entry{
		{Cron: "17 3 * * *", Task: queue.NewIdentityPurgeTask},
		// Five minutes after midnight in the shop's zone (summer and winter time alike): the
		// day's actions start and yesterday's end.
		{Cron: "CRON_TZ=Europe/Belgrade 5 0 * * *", Task: queue.NewPricesMidnightTask},
		// Back-in-stock mails: every two minutes, a set-based look for waiting subscribers of
		// products that can be bought again (docs/voice.md).
		{Cron: "*/2 * * * *", Task: queue.NewBackInStockTask},
		// Orders whose mails an outage kept from the queue.
		{Cron: "*/5 * * * *", Task: queue.NewOrderMailsSweepTask},
		// SEF's statuses of the sent e-invoices (a buyer's answer within ten minutes), and the
		// e-invoices a lost queue entry left unmade or unsent.
		{Cron: "*/10 * * * *", Task: queue.NewEinvoicePollTask},
		// Receipts that paid, cancelled or proforma orders call for and an outage kept from the queue.
		{Cron: "*/5 * * * *", Task: queue.NewFiscalSweepTask},
		// The activity log's retention (activity.retention_days), at a quiet hour.
		{Cron: "43 3 * * *", Task: queue.NewActivityPurgeTask},
	}
}

// Entry is one cron line.
type Entry struct {
	Cron string
	Task func() *asynq.Task
}

// asynqLogger sends asynq's own log lines to slog.
type asynqLogger struct{ log *slog.Logger }

func (l asynqLogger) Debug(args ...any) { l.log.Debug(fmt.Sprint(args...), "component", "asynq") }
func (l asynqLogger) Info(args ...any)  { l.log.Info(fmt.Sprint(args...), "component", "asynq") }
func (l asynqLogger) Warn(args ...any)  { l.log.Warn(fmt.Sprint(args...), "component", "asynq") }
func (l asynqLogger) Error(args ...any) { l.log.Error(fmt.Sprint(args...), "component", "asynq") }
func (l asynqLogger) Fatal(args ...any) {
	l.log.Error(fmt.Sprint(args...), "component", "asynq", "fatal", true)
}
