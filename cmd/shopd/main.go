// Command shopd is the shop's server: HTTP API and web apps, job worker and scheduler, in one
// process (the default) or split by --role for production.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/spf13/cobra"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
	"shop/internal/platform/blob"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/procnice"
	"shop/worker"
)

func main() {
	if err := root().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "shopd:", err)
		os.Exit(1)
	}
}

func root() *cobra.Command {
	var cfgFile, role string
	cmd := &cobra.Command{Use: "shopd", Short: "The shop's server", SilenceUsage: true, SilenceErrors: true}
	serve := &cobra.Command{
		Use:     "serve",
		Short:   "Run the API, the worker and the scheduler (or one of them with --role)",
		Example: "  shopd serve\n  SHOP_HTTP_ADDR=:8081 SHOP_DATA_DIR=./var2 shopd serve\n  shopd serve --role api --config configs/production.example.yaml",
		RunE: func(cmd *cobra.Command, _ []string) error {
			roles, err := parseRoles(role)
			if err != nil {
				return err
			}
			cfg, err := config.FromEnv(cfgFile)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return run(ctx, cfg, roles, runOptions{})
		},
	}
	serve.Flags().StringVar(&cfgFile, "config", "", "config file (default: $SHOP_CONFIG; none means built-in defaults)")
	serve.Flags().StringVar(&role, "role", "all", "what to run: all, or a comma list of api, worker, scheduler")
	cmd.AddCommand(serve)
	return cmd
}

type roles struct{ api, worker, scheduler bool }

func parseRoles(s string) (roles, error) {
	var r roles
	for _, p := range strings.Split(s, ",") {
		switch strings.TrimSpace(p) {
		case "all":
			r = roles{true, true, true}
		case "api":
			r.api = true
		case "worker":
			r.worker = true
		case "scheduler":
			r.scheduler = true
		default:
			return r, fmt.Errorf("--role: %q is not all, api, worker or scheduler", p)
		}
	}
	return r, nil
}

// workerNice is the nice value the process takes at start: worker.nice for a process of jobs
// (the worker, with or without the scheduler), none for one that serves the API, whose
// requests must not wait behind the jobs. (A process of both leaves the priority alone: the
// jobs' CPU work and the requests share it.)
func workerNice(cfg *config.Config, r roles) int {
	if !r.worker || r.api {
		return 0
	}
	return cfg.Worker.Nice
}

// runOptions let a test watch a server it starts; main leaves them empty.
type runOptions struct {
	// Started is told the API's address once it listens (a test listens on port 0).
	Started func(addr string)
	// MetricsStarted is told the metrics listener's address.
	MetricsStarted func(addr string)
	// Stdout takes the log, Stderr the banner (default: the process's).
	Stdout, Stderr io.Writer
	App            app.Options
}

func run(ctx context.Context, cfg *config.Config, r roles, o runOptions) error {
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	log := app.NewLogger(cfg, o.Stdout)
	slog.SetDefault(log)
	if n := workerNice(cfg, r); n != 0 {
		if err := procnice.Set(n); err != nil {
			log.Warn("worker: cannot lower the CPU priority", "nice", n, "error", err.Error())
		}
	}
	a, err := app.New(ctx, cfg, log, o.App)
	if err != nil {
		return err
	}
	defer a.Close()
	if a.Redis.Embedded && !(r.api && r.worker) {
		return errors.New("the in-process Redis serves one process only: run --role all, or set redis.url")
	}
	if cfg.Demo.SeedOnFirstStart {
		created, err := demo.SeedExclusive(ctx, a.DB, a.Identity, true, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Sales: a.Sales})
		if err != nil {
			return fmt.Errorf("seed demo: %w", err)
		}
		if created {
			log.Info("seeded the demo shop")
		}
	}

	errc := make(chan error, 3)
	// HTTP first (stop taking work), then the worker and the scheduler. Also run when a later
	// part fails to start, so nothing started earlier is left running.
	var shutdowns []func()
	stopAll := func() {
		for _, s := range shutdowns {
			s()
		}
		shutdowns = nil
	}
	defer stopAll()
	// drain runs on a signal only (not when a part fails to start): see the API's below.
	drain := func() {}
	// Every role exposes its metrics (a worker's jobs, any role's database pool).
	reg, err := processMetrics(a)
	if err != nil {
		return err
	}
	if r.worker {
		srv := worker.NewServer(a.Redis, cfg.Worker.Concurrency, cfg.HTTP.ShutdownTimeout, log)
		if err := srv.Start(worker.Mux(worker.Deps{Log: log, Mail: a.Mail, Identity: a.Identity, Catalog: a.Catalog, Pricelist: a.Pricelist, Notify: a.Notify, Pricing: a.Pricing,
			Feeds: a.Feeds, Partners: a.Partners, Eoffer: a.Eoffer, Voice: a.Voice, Sales: a.Sales, Fiscal: a.Fiscal, ActivityRetention: a.ActivityRetention, Einvoice: a.Einvoice,
			Metrics: worker.NewJobMetrics(reg)})); err != nil {
			return fmt.Errorf("worker: %w", err)
		}
		// Shutdown waits for running jobs up to the timeout and hands the rest back to the queue.
		shutdowns = append(shutdowns, srv.Shutdown)
	}
	if r.scheduler {
		sch, err := worker.NewScheduler(a.Redis, log, cfg.Worker.ScheduleEvery, worker.FeedsEntry(cfg.Feeds.ExportCron))
		if err != nil {
			return err
		}
		if err := sch.Start(); err != nil {
			return fmt.Errorf("scheduler: %w", err)
		}
		shutdowns = append(shutdowns, sch.Shutdown)
		if err := a.Feeds.ExportIfMissing(ctx); err != nil {
			log.WarnContext(ctx, "first feed export not queued; the schedule will write the feeds", "error", err.Error())
		}
	}
	if r.api {
		insp := asynq.NewInspector(a.Redis.Opt)
		defer insp.Close()
		monitor := asynqmon.New(asynqmon.Options{RootPath: "/admin/queues", RedisConnOpt: a.Redis.Opt})
		defer monitor.Close()
		reg.MustRegister(worker.NewQueueCollector(insp),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shop_sse_connections", Help: "Notification streams open on this process."},
				func() float64 { return float64(a.Hub.Listeners()) }))
		var draining atomic.Bool
		handler := api.New(api.Deps{
			Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog, Blobs: a.Blobs, Registry: reg,
			Notify: a.Notify, Hub: a.Hub, Pricelist: a.Pricelist, Pricing: a.Pricing, Feeds: a.Feeds, Partners: a.Partners, Eoffer: a.Eoffer, Storefront: a.Storefront, Search: a.Search, Content: a.Content, Voice: a.Voice, Landing: a.Landing,
			Sales: a.Sales, Social: a.Social, Einvoice: a.Einvoice, Fiscal: a.Fiscal,
			Checks: []api.Check{
				{Name: "database", Ping: func(ctx context.Context) error { return db.Ping(ctx, a.DB) }},
				{Name: "redis", Ping: a.Redis.Ping},
				{Name: "objects", Ping: func(ctx context.Context) error { return pingBlobs(ctx, a.Blobs) }},
			},
			QueueMonitor: monitor, Draining: &draining,
		})
		ln, err := net.Listen("tcp", cfg.HTTP.Addr)
		if err != nil {
			return fmt.Errorf("http.addr %s: %w", cfg.HTTP.Addr, err)
		}
		hs := api.NewServer(cfg.HTTP, handler)
		// The hub's Redis subscription feeds the event streams (GET admin/realtime). Shutdown
		// stops it first: that ends the open streams, which would otherwise hold it up.
		hubCtx, stopHub := context.WithCancel(context.Background())
		hubDone := make(chan struct{})
		go func() { defer close(hubDone); a.Hub.Run(hubCtx) }()
		hs.RegisterOnShutdown(stopHub)
		go func() {
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
		if period := cfg.HTTP.Drain(a.Redis.Embedded); period > 0 {
			drain = func() {
				// A load balancer polling /readyz takes this process out while it still serves;
				// Connection: close on every answer moves kept-alive clients to the others.
				draining.Store(true)
				hs.SetKeepAlivesEnabled(false)
				log.Info("draining: /readyz answers 503", "period", period.String())
				select {
				case <-time.After(period):
				case err := <-errc:
					log.Error("server failed while draining", "error", err)
				}
			}
		}
		shutdowns = append([]func(){func() {
			// Then the listener closes, in-flight requests finish and the event streams end
			// (stopHub): their clients reconnect to another process and replay.
			sctx, cancel := context.WithTimeout(context.Background(), cfg.HTTP.ShutdownTimeout)
			defer cancel()
			if err := hs.Shutdown(sctx); err != nil {
				// Requests still running at the end of http.shutdown_timeout are cut off.
				log.Warn("http shutdown", "error", err.Error())
			}
			stopHub()
			<-hubDone
		}}, shutdowns...)
		printBanner(o.Stderr, cfg, ln.Addr().String())
		if o.Started != nil {
			o.Started(ln.Addr().String())
		}
	}
	if cfg.HTTP.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.HTTP.MetricsAddr)
		if err != nil {
			return fmt.Errorf("http.metrics_addr %s: %w", cfg.HTTP.MetricsAddr, err)
		}
		ms := api.NewServer(cfg.HTTP, api.Metrics(reg))
		go func() {
			if err := ms.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
		shutdowns = append(shutdowns, func() { _ = ms.Close() })
		if o.MetricsStarted != nil {
			o.MetricsStarted(mln.Addr().String())
		}
	}
	if cfg.HTTP.PublicURLDerived {
		// Links in mail and feeds name this address; shopctl, started with its own config,
		// derives its own and says so too.
		log.Warn("http.public_url is not set: links in mail and feeds use the address derived from http.addr", "public_url", cfg.HTTP.PublicURL)
	}
	log.Info("shopd started", "api", r.api, "worker", r.worker, "scheduler", r.scheduler, "embedded_redis", a.Redis.Embedded)

	select {
	case <-ctx.Done():
		log.Info("shutting down")
		drain()
	case err := <-errc:
		log.Error("server failed", "error", err)
		return err
	}
	stopAll()
	log.Info("stopped")
	return nil
}

// processMetrics is the registry /metrics serves: the Go runtime and the process, the database
// pool (sql.DBStats: open, in use, waits) and the storefront's page memo hits and misses.
func processMetrics(a *app.App) (*prometheus.Registry, error) {
	reg := prometheus.NewRegistry()
	sqlDB, err := a.DB.DB()
	if err != nil {
		return nil, err
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(sqlDB, "shop"))
	if a.Storefront != nil {
		memo := func(hit bool) func() float64 {
			return func() float64 {
				hits, misses := a.Storefront.MemoStats()
				if hit {
					return float64(hits)
				}
				return float64(misses)
			}
		}
		reg.MustRegister(
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "shop_cache_hits_total", Help: "Answers an in-process cache gave without computing.",
				ConstLabels: prometheus.Labels{"cache": "page_memo"}}, memo(true)),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "shop_cache_misses_total", Help: "Answers an in-process cache had to compute.",
				ConstLabels: prometheus.Labels{"cache": "page_memo"}}, memo(false)))
	}
	return reg, nil
}

func pingBlobs(ctx context.Context, b blob.Store) error { return b.Ping(ctx) }

func printBanner(w io.Writer, cfg *config.Config, addr string) {
	host, port, _ := net.SplitHostPort(addr)
	if host == "" || host == "::" || host == "0.0.0.0" {
		host = "localhost"
	}
	base := fmt.Sprintf("http://%s:%s", host, port)
	fmt.Fprintf(w, "\n  Storefront: %s/\n  Admin:      %s/admin/\n  API docs:   %s/api/docs\n", base, base, base)
	if cfg.HTTP.PublicURLDerived {
		fmt.Fprintf(w, "  Links in mail and feeds: %s (derived from http.addr; set http.public_url)\n", cfg.HTTP.PublicURL)
	} else {
		fmt.Fprintf(w, "  Links in mail and feeds: %s\n", cfg.HTTP.PublicURL)
	}
	if cfg.Demo.SeedOnFirstStart {
		fmt.Fprintf(w, "  Demo logins (password %s):\n", demo.Password)
		for _, u := range demo.Users {
			fmt.Fprintf(w, "    %-18s %s\n", u.Email, u.Role)
		}
	}
	fmt.Fprintln(w)
}
