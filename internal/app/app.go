// Package app wires the shop's parts from the configuration; shopd, shopctl and the tests
// build the same graph through it.
package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/einvoice"
	"shop/internal/einvoice/sefsim"
	"shop/internal/eoffer"
	"shop/internal/feeds"
	"shop/internal/fiscal"
	"shop/internal/fiscal/fiscalsim"
	"shop/internal/identity"
	"shop/internal/migrations"
	"shop/internal/notify"
	"shop/internal/partners"
	"shop/internal/payments"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/imagefile"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/internal/platform/ratelimit"
	"shop/internal/platform/realtime"
	"shop/internal/platform/reqid"
	"shop/internal/pricelist"
	"shop/internal/pricing"
	"shop/internal/sales"
	"shop/internal/search"
	"shop/internal/social"
	"shop/internal/storefront"
	"shop/internal/voice"
)

// App is the whole shop wired together: configuration, storage, queue and every
// capability's service, shared by shopd's roles and shopctl.
type App struct {
	Config *config.Config
	// Images decodes every uploaded image of the process under one memory budget.
	Images   *imagefile.Decoder
	Log      *slog.Logger
	DB       *gorm.DB
	Redis    *queue.Redis
	Enqueuer *queue.Enqueuer
	Blobs    blob.Store
	Mail     mail.Sender
	Identity *identity.Service
	Catalog  *catalog.Service
	// Pricing owns the price formula and the derived prices (the recompute and its job).
	Pricing *pricing.Service
	// Hub fans realtime events out through Redis; Notify stores notifications and pushes them.
	Hub       *realtime.Hub
	Notify    *notify.Service
	Pricelist *pricelist.Service
	// Eoffer is the e-ponuda price tool: competitor files, recalc and apply.
	Eoffer *eoffer.Service
	// Clock is the shop's one clock, shared by every service (tests pin it).
	Clock clock.Clock
	// Feeds keeps the e-ponuda feed's members and writes the public product feeds; Partners
	// keeps the API clients and serves theirs.
	Feeds    *feeds.Feeds
	Partners *partners.Service
	// Storefront answers the public catalogue calls (guest and customer prices).
	Storefront *storefront.Service
	// Search is the storefront's product search and autocomplete.
	Search *search.Service
	// Content keeps banners, news, the home screen and the static pages.
	Content *content.Service
	// Voice: ratings, questions, back-in-stock alerts and price offers.
	Voice *voice.Service
	// ActivityRetention purges the activity log past activity.retention_days (the worker's job).
	ActivityRetention *activity.Retention
	// Landing keeps the landing pages.
	Landing *content.LandingService
	// Sales is the cart, wish list, checkout, orders and proforma invoices.
	Sales *sales.Service
	// Social is the Google and Facebook sign-in (offers only the configured providers).
	Social *social.Service
	// Einvoice makes and sends company orders' e-invoices to SEF; SEFSim is the in-process
	// SEF simulator it talks to with einvoice.mode simulator (nil with sef).
	Einvoice *einvoice.Service
	SEFSim   *sefsim.Server
	// EinvoiceClient is the SEF client the service uses (tests wrap it).
	EinvoiceClient *einvoice.Client
	// Fiscal makes the orders' fiscal receipts; FiscalSim is the in-process simulator that
	// signs them in simulator mode (nil with a V-SDC).
	Fiscal *fiscal.Service
	// Payments reads bank statements and records the bank-transfer payments they show.
	Payments  *payments.Service
	FiscalSim *fiscalsim.Simulator
}

// Options adjust the graph for tests.
type Options struct {
	// PasswordCost overrides bcrypt's cost (tests use the minimum).
	PasswordCost int
	// Clock pins the time (the zero value: the system clock).
	Clock clock.Clock
}

// New connects to the database, Redis and the object store and builds the services. With
// database.auto_migrate it also applies pending migrations.
func New(ctx context.Context, cfg *config.Config, log *slog.Logger, opts Options) (*App, error) {
	a := &App{Config: cfg, Log: log, Clock: opts.Clock}
	ok := false
	defer func() {
		if !ok {
			a.Close()
		}
	}()
	var err error
	if a.DB, err = db.Open(ctx, cfg); err != nil {
		return nil, err
	}
	if cfg.Database.AutoMigrate {
		if err := migrations.Up(ctx, a.DB); err != nil {
			return nil, err
		}
	}
	if a.Redis, err = queue.Connect(ctx, cfg); err != nil {
		return nil, err
	}
	a.Enqueuer = queue.NewEnqueuer(a.Redis)
	if a.Blobs, err = openBlobs(ctx, cfg); err != nil {
		return nil, err
	}
	a.Mail = mail.New(cfg)
	a.Images = imagefile.NewDecoder(cfg.Images.DecodeBudgetBytes, cfg.Images.MaxConcurrentDecodes)
	secret, err := authSecret(cfg)
	if err != nil {
		return nil, err
	}
	a.Identity = identity.NewService(a.DB, identity.Options{
		Secret:                       secret,
		AccessTTL:                    cfg.Auth.AccessTTL,
		RefreshTTL:                   cfg.Auth.RefreshTTL,
		PasswordResetTTL:             cfg.Auth.PasswordResetTTL,
		SessionCacheTTL:              cfg.Auth.SessionCacheTTL,
		LoginPerIPPerMinute:          cfg.Auth.LoginPerIPPerMinute,
		LoginFailsPerEmailIP:         cfg.Auth.LoginFailsPerEmailIP,
		LoginFailsPerEmail:           cfg.Auth.LoginFailsPerEmail,
		LoginLockout:                 cfg.Auth.LoginLockout,
		RegisterPerIPPerHour:         cfg.Auth.RegisterPerIPPerHour,
		RegisterPerEmailPerHour:      cfg.Auth.RegisterPerEmailPerHour,
		ForgotPerIPPerHour:           cfg.Auth.ForgotPerIPPerHour,
		ForgotMailsPerEmailPerMinute: cfg.Auth.ForgotMailsPerEmailPerMinute,
		ForgotMailsPerEmailPerHour:   cfg.Auth.ForgotMailsPerEmailPerHour,
		Log:                          log,
		PublicURL:                    cfg.HTTP.PublicURL,
		PasswordCost:                 opts.PasswordCost,
		Clock:                        a.Clock,
		Images:                       a.Images,
	}, ratelimit.New(a.Redis.Client, ""), queuedMailer{a.Enqueuer}, a.Blobs)
	a.Hub = realtime.NewHub(a.Redis.Client, log)
	a.Notify = notify.NewService(a.DB, a.Hub, log, a.Clock)
	// Every service gets what it uses when it is built (NewService(deps..., options)), in an
	// order that builds each dependency first; pricing reads the catalogue's selections through
	// catalog.Selector, which needs no pricing.
	a.Pricing = pricing.NewService(a.DB, a.Enqueuer, a.Notify, catalog.NewSelector(a.DB, a.Clock), log, a.Clock,
		pricing.Options{CoalesceWindow: cfg.Pricing.CoalesceWindow})
	a.Catalog = catalog.NewService(a.DB, a.Blobs, a.Enqueuer, a.Pricing, log, a.Clock, a.Images)
	a.Storefront = storefront.NewService(a.DB, a.Catalog)
	a.Pricelist = pricelist.NewService(a.DB, a.Catalog, a.Blobs, a.Enqueuer, a.Notify, log, a.Clock,
		pricelist.Options{Read: pricelist.ReadOptions{MaxRows: cfg.Pricelist.MaxRows, MaxBlankRun: cfg.Pricelist.MaxBlankRows},
			Tasks: queue.NewInspector(a.Redis)})
	a.Sales = sales.NewService(a.DB, a.Storefront, a.Identity, a.Notify, a.Enqueuer, a.Blobs, ratelimit.New(a.Redis.Client, ""), log, a.Clock,
		salesOptions(cfg, secret))
	a.Feeds = feeds.NewFeeds(a.DB, a.Catalog, a.Blobs, a.Enqueuer, a.Notify, a.Identity, a.Sales, log, a.Clock, cfg.HTTP.PublicURL)
	a.Partners = partners.NewService(a.DB, a.Blobs, a.Enqueuer, a.Notify, ratelimit.New(a.Redis.Client, ""), log, a.Clock,
		partners.Options{PublicURL: cfg.HTTP.PublicURL, RequestsPerMinute: cfg.Partners.RequestsPerMinute})
	a.Eoffer = eoffer.NewService(a.DB, a.Catalog, a.Pricing, a.Blobs, a.Enqueuer, a.Notify, log, a.Clock,
		eoffer.Options{OwnShops: cfg.Competitors.OwnShops, MaxRows: cfg.Competitors.MaxRows})
	a.Search = search.NewService(a.DB, a.Clock, ratelimit.New(a.Redis.Client, ""))
	a.Content = content.NewService(a.DB, a.Catalog, a.Blobs, a.Images, log, a.Clock)
	a.ActivityRetention = activity.NewRetention(a.DB, cfg.Activity.RetentionDays, a.Clock)
	a.Voice = voice.NewService(a.DB, a.Enqueuer, a.Notify, a.Identity, ratelimit.New(a.Redis.Client, ""), shopEmail(a.Sales), log, a.Clock,
		voice.Options{PublicURL: cfg.HTTP.PublicURL, Secret: secret})
	a.Landing = content.NewLandingService(a.DB, a.Catalog, a.Blobs, a.Images, log, a.Clock)
	a.Social = social.New(cfg.Auth, cfg.HTTP.PublicURL, secret, a.Identity, ratelimit.New(a.Redis.Client, ""), log)
	a.Einvoice, a.SEFSim, a.EinvoiceClient = newEinvoice(cfg, a, log)
	dev, sim, err := fiscalDevice(cfg)
	if err != nil {
		return nil, err
	}
	a.FiscalSim = sim
	a.Fiscal = fiscal.NewService(a.DB, a.Sales, dev, a.Enqueuer, log, a.Clock, fiscal.Options{Simulated: sim != nil,
		Identity: fiscal.Identity{Cashier: cfg.Fiscal.Cashier, ESIRID: cfg.Fiscal.ESIRID}})
	a.Payments = payments.NewService(a.Sales)
	ok = true
	return a, nil
}

// shopEmail is where the shop's mail goes: its one identity (the company data staff keep,
// else config "company").
func shopEmail(s *sales.Service) voice.ShopEmail {
	return func(ctx context.Context) (string, error) {
		sh, err := s.Shop(ctx)
		if err != nil {
			return "", err
		}
		return sh.Email, nil
	}
}

func openBlobs(ctx context.Context, cfg *config.Config) (blob.Store, error) {
	if cfg.Blob.Driver == "s3" {
		s := blob.NewS3(cfg.Blob.S3)
		if err := s.EnsureBucket(ctx); err != nil {
			return nil, fmt.Errorf("blob.s3: bucket %q not reachable: %w", cfg.Blob.S3.Bucket, err)
		}
		return s, nil
	}
	return blob.NewLocal(filepath.Join(cfg.DataDir, "objects"))
}

// authSecret is the configured secret, else one generated once and kept in the data folder,
// so the embedded shop's sessions survive a restart.
func authSecret(cfg *config.Config) ([]byte, error) {
	if cfg.Auth.Secret != "" {
		return []byte(cfg.Auth.Secret), nil
	}
	path := filepath.Join(cfg.DataDir, "auth.secret")
	b, err := os.ReadFile(path)
	if err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("auth secret: %w", err)
	}
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	s := hex.EncodeToString(raw)
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, fmt.Errorf("auth secret: %w", err)
	}
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		return nil, fmt.Errorf("auth secret: %w", err)
	}
	return []byte(s), nil
}

// queuedMailer hands mail to the mail job, so a slow relay never holds up a request.
type queuedMailer struct{ enq *queue.Enqueuer }

func (q queuedMailer) Send(ctx context.Context, m mail.Message) error {
	t, err := queue.NewMailSendTask(m)
	if err != nil {
		return err
	}
	_, err = q.enq.Enqueue(ctx, t)
	return err
}

// Close releases connections (safe on a partly built App).
func (a *App) Close() {
	if a.Enqueuer != nil {
		a.Enqueuer.Close()
	}
	if a.Redis != nil {
		a.Redis.Close()
	}
	if a.DB != nil {
		db.Close(a.DB)
	}
}

// NewLogger builds the slog logger from config.
func NewLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(cfg.Log.Level))
	opts := &slog.HandlerOptions{Level: lvl}
	// Every line written with a request's or a job's context names its id.
	if cfg.Log.Format == "text" {
		return slog.New(reqid.Handler(slog.NewTextHandler(w, opts)))
	}
	return slog.New(reqid.Handler(slog.NewJSONHandler(w, opts)))
}

// salesOptions are the shop's own data on orders and invoices, from config "sales".
func salesOptions(cfg *config.Config, secret []byte) sales.Options {
	s := cfg.Sales
	return sales.Options{Account: s.Account, Payee: s.Payee, PaymentCode: s.PaymentCode, Purpose: s.Purpose, IssuePlace: s.IssuePlace,
		ProformaValidDays: s.ProformaValidDays, PublicURL: cfg.HTTP.PublicURL, Secret: secret,
		GuestOrdersPerIPPerHour: s.GuestOrdersPerIPPerHour, GuestOrdersPerEmailPerHour: s.GuestOrdersPerEmailPerHour,
		Company: sales.Company{Name: cfg.Company.Name, Address: cfg.Company.Address, Phone: cfg.Company.Phone, Email: cfg.Company.Email,
			Web: cfg.Company.Web, PIB: cfg.Company.PIB, RegistrationNumber: cfg.Company.RegistrationNumber}}
}

// simulatorKey is the API key of the in-process SEF simulator.
const simulatorKey = "simulator"

// newEinvoice builds the e-invoice service on SEF, or on the in-process simulator (reached
// through an in-memory transport: no port to open, nothing to start).
func newEinvoice(cfg *config.Config, a *App, log *slog.Logger) (*einvoice.Service, *sefsim.Server, *einvoice.Client) {
	opts := einvoice.Options{DueDays: cfg.Einvoice.DueDays, Simulator: cfg.Einvoice.Mode == "simulator"}
	var sim *sefsim.Server
	c := einvoice.NewClient(cfg.Einvoice.URL, cfg.Einvoice.APIKey, nil)
	if opts.Simulator {
		sim = sefsim.New(simulatorKey)
		c = einvoice.NewClient("http://sef.simulator", simulatorKey, &http.Client{Transport: sefsim.Transport{Handler: sim}})
	}
	return einvoice.NewService(a.DB, a.Sales, a.Identity, a.Notify, c, a.Enqueuer, log, a.Clock, opts), sim, c
}
