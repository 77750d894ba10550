package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"shop/api"
	"shop/internal/activity"
	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/platform/config"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/tools/internal/shopproc"
)

// catalogBench builds a catalogue of n products in a fresh PostgreSQL database (on the server
// of SHOP_BENCH_DATABASE_URL, else SHOP_TEST_DATABASE_URL) and measures the catalogue figures.
func catalogBench(n int64, workers uint64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Catalogue", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()

	fmt.Printf("\nCatalogue: %d products on PostgreSQL\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	fmt.Printf("  seed bench: %s\n", time.Since(start).Round(time.Millisecond))
	// What autovacuum would have done by the time anyone lists a freshly imported catalogue:
	// statistics for the planner and a visibility map for index-only scans.
	start = time.Now()
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return err
	}
	fmt.Printf("  vacuum analyze: %s\n", time.Since(start).Round(time.Millisecond))
	tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: demo.Users[0].Email, Password: demo.Password})
	if err != nil {
		return err
	}
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog,
		Blobs: a.Blobs, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return err
	}
	defer stop()
	header := http.Header{"Authorization": {"Bearer " + tok.AccessToken}}

	if err := productListFigure(ctx, a, srv, header, dbURL, workers); err != nil {
		return err
	}
	leaves, err := leafCategories(a)
	if err != nil {
		return err
	}
	if _, err := listTableFigure(ctx, a, srv, header, leaves, workers, listCaseDuration); err != nil {
		return err
	}
	if err := importUpdateFigure(ctx, a); err != nil {
		return err
	}
	if err := massStickerFigure(ctx, a); err != nil {
		return err
	}
	return browserListFigure(srv)
}

// productListFigure: GET admin/products with search + 3 filters + sort, page size 20, over
// HTTP, against pgbench running exactly the SQL that one such request runs.
func productListFigure(ctx context.Context, a *app.App, srv string, header http.Header, dbURL string, workers uint64) error {
	leaves, err := leafCategories(a)
	if err != nil {
		return err
	}
	q := url.Values{"search": {"samsung"}, "categories": {strings.Join(leaves, ",")}, "active": {"1"},
		"web_price_from": {"10000"}, "sort": {"-web_price"}, "paginate": {"20"}, "include": {"mainCategory,mainImage"}}
	target := srv + "/api/v1/admin/products?" + q.Encode()

	// One request first: it warms the caches (the session, the user's roles and permissions
	// are read once and then served from memory), so the capture holds per-request SQL only.
	if _, _, err := fetch(target, header); err != nil {
		return err
	}
	// The SQL of one request, as the database receives it.
	sqlCap := &captureLogger{}
	prev := a.DB.Config.Logger
	a.DB.Config.Logger = sqlCap
	body, _, err := fetch(target, header)
	a.DB.Config.Logger = prev
	if err != nil {
		return err
	}
	stmts := sqlCap.statements()
	fmt.Printf("  product list: GET /api/v1/admin/products?%s\n  answer: %d bytes; its SQL (%d statements):\n", q.Encode(), len(body), len(stmts))
	for _, s := range stmts {
		fmt.Printf("    %s;\n", oneLine(s))
	}

	// Server time: latency with one request in flight at a time (nothing queues behind another
	// request, so p95 is what the server spends on one), then with a few in flight. Throughput:
	// the configured connections against pgbench with as many clients.
	attack(target, header, workers, time.Second) // warm-up
	lat1 := attack(target, header, 1, 5*time.Second)
	lat4 := attack(target, header, 4, 5*time.Second)
	httpRes := attack(target, header, workers, 5*time.Second)
	for _, r := range []result{lat1, lat4, httpRes} {
		if r.errors > 0 {
			return fmt.Errorf("product list: %d failed requests (%s)", r.errors, r.firstError)
		}
	}
	tps, err := pgbench(dbURL, stmts, int(workers), 5)
	if err != nil {
		return err
	}
	tps1, err := pgbench(dbURL, stmts, 1, 5)
	if err != nil {
		return err
	}
	ratio := httpRes.rps / tps
	fmt.Printf("  latency (server time per request):\n")
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", "API, 1 connection", lat1.rps, lat1.p50, lat1.p95, lat1.p99)
	fmt.Printf("  %-34s %10.0f tx/s    mean %s\n", "pgbench, 1 client (baseline)", tps1, (time.Duration(float64(time.Second) / tps1)).Round(time.Microsecond))
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", "API, 4 connections", lat4.rps, lat4.p50, lat4.p95, lat4.p99)
	fmt.Printf("  throughput at %d connections / clients:\n", workers)
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", "API (HTTP, the whole stack)", httpRes.rps, httpRes.p50, httpRes.p95, httpRes.p99)
	fmt.Printf("  %-34s %10.0f tx/s (the same statements per transaction)\n", "pgbench (baseline)", tps)
	fmt.Printf("  ratio %.2f (goal >= 0.60: %s); p95 at 1 connection %s (goal <= 50ms: %s)\n", ratio, verdict(ratio >= 0.6),
		lat1.p95, verdict(lat1.p95 <= 50*time.Millisecond))
	return nil
}

// listCaseDuration is the length of each measurement of listTableFigure.
var listCaseDuration = 2 * time.Second

// leafCategories are the first eight leaf categories' ids (the bench query's categories).
func leafCategories(a *app.App) ([]string, error) {
	var leaves []string
	err := a.DB.Raw(`SELECT CAST(c.id AS TEXT) FROM categories c
		WHERE NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id) ORDER BY c.id LIMIT 8`).Scan(&leaves).Error
	return leaves, err
}

// massStickerFigure: a catalog sticker on a filter of about half the catalogue, through the
// job's service call, against hand-written SQL doing the same: the upsert and, since the
// activity log's rule for mass actions (one entry per product, docs/activity.md),
// the entries, in one transaction as the job writes them; best of three each.
func massStickerFigure(ctx context.Context, a *app.App) error {
	var median int64
	if err := a.DB.Raw(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY entry_price) FROM products`).Scan(&median).Error; err != nil {
		return err
	}
	st, err := a.Catalog.CreateCatalogStickerType(ctx, catalog.CatalogStickerTypeInput{Name: "Bench"})
	if err != nil {
		return err
	}
	limit := money.Para(median)
	sel := catalog.ProductSelection{Filter: catalog.ProductFilter{EntryPriceTo: &limit}}
	payload, err := sel.Payload()
	if err != nil {
		return err
	}
	var selected int64
	a.DB.Raw("SELECT COUNT(*) FROM products WHERE entry_price <= ?", median).Scan(&selected)
	reset := func() error {
		if err := a.DB.Exec("DELETE FROM activity_log WHERE type = ?", activity.CatalogStickerAdded).Error; err != nil {
			return err
		}
		return a.DB.Exec("DELETE FROM product_catalog_stickers WHERE catalog_sticker_type_id = ?", st.ID).Error
	}
	hand := `INSERT INTO product_catalog_stickers (product_id, catalog_sticker_type_id, valid_from, valid_to, active, created_at, updated_at)
		SELECT id, ?, ?, ?, TRUE, now(), now() FROM products WHERE entry_price <= ?
		ON CONFLICT (product_id, catalog_sticker_type_id) DO UPDATE SET valid_from = excluded.valid_from,
			valid_to = excluded.valid_to, active = excluded.active, updated_at = excluded.updated_at`
	handLog := `INSERT INTO activity_log (type, subject_type, subject_id, user_id, ip, old_values, new_values, created_at)
		SELECT CAST(? AS VARCHAR), 'product', id, NULL, '', '', CAST(? AS TEXT), now() FROM products WHERE entry_price <= ?`
	from, to := time.Now().Format(time.DateOnly), time.Now().AddDate(0, 1, 0).Format(time.DateOnly)
	best := [2]time.Duration{time.Hour, time.Hour}
	for round := 0; round < 3; round++ {
		for side := 0; side < 2; side++ {
			if err := reset(); err != nil {
				return err
			}
			start := time.Now()
			if side == 0 {
				err := a.DB.Transaction(func(tx *gorm.DB) error {
					if err := tx.Exec(hand, st.ID, from, to, median).Error; err != nil {
						return err
					}
					return tx.Exec(handLog, activity.CatalogStickerAdded, fmt.Sprintf(`{"active":true,"catalog_sticker_type_id":%d,"from":%q,"to":%q}`,
						st.ID, from, to), median).Error
				})
				if err != nil {
					return err
				}
			} else {
				rows, err := a.Catalog.ApplyCatalogStickerMass(ctx, queue.CatalogStickerMassPayload{
					CatalogStickerTypeID: st.ID, From: from, To: to, Active: true, Selection: payload})
				if err != nil {
					return err
				}
				if rows != selected {
					return fmt.Errorf("mass sticker touched %d rows, want %d", rows, selected)
				}
			}
			if d := time.Since(start); d < best[side] {
				best[side] = d
			}
		}
	}
	ratio := float64(best[1]) / float64(best[0])
	fmt.Printf("  mass catalog sticker on %d products (entry_price <= %s)\n", selected, money.Para(median))
	fmt.Printf("  %-34s %10s\n", "hand-written SQL with its log (baseline)", best[0].Round(time.Millisecond))
	fmt.Printf("  %-34s %10s\n", "the job (ApplyCatalogStickerMass)", best[1].Round(time.Millisecond))
	fmt.Printf("  ratio %.2f (goal <= 2.00: %s)\n", ratio, verdict(ratio <= 2))
	return nil
}

// browserListFigure: the admin products list in headless Chromium, time to the first rows at
// page size 5000 against page size 20, and a scroll to the end (script e2e/bench-list.mjs).
func browserListFigure(srv string) error {
	if _, err := os.Stat("admin-web/dist/index.html"); err != nil {
		fmt.Println("  admin list in Chromium: skipped (admin-web is not built: make web)")
		return nil
	}
	cmd := exec.Command("node", "e2e/bench-list.mjs", srv)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("e2e/bench-list.mjs: %w", err)
	}
	fmt.Print(string(out))
	return nil
}

func verdict(ok bool) string {
	if ok {
		return "meets"
	}
	return "MISSES"
}

var spaces = regexp.MustCompile(`\s+`)

func oneLine(s string) string { return spaces.ReplaceAllString(strings.TrimSpace(s), " ") }

// pgbench runs the statements as one transaction per client loop and answers the tx/s.
func pgbench(dbURL string, stmts []string, clients, seconds int) (float64, error) {
	f, err := os.CreateTemp("", "shop-bench-*.sql")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	// One transaction, as the list runs them (its planner settings are local to it).
	fmt.Fprintln(f, "BEGIN;")
	for _, s := range stmts {
		fmt.Fprintf(f, "%s;\n", oneLine(s))
	}
	fmt.Fprintln(f, "COMMIT;")
	f.Close()
	jobs := 2
	if clients < jobs {
		jobs = clients
	}
	out, err := exec.Command("pgbench", "-n", "-f", f.Name(), "-c", strconv.Itoa(clients), "-j", strconv.Itoa(jobs),
		"-T", strconv.Itoa(seconds), dbURL).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`tps = ([0-9.]+)`).FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench: no tps in\n%s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// captureLogger records the SQL GORM sends, with the values in place.
type captureLogger struct {
	mu  sync.Mutex
	sql []string
}

func (c *captureLogger) LogMode(logger.LogLevel) logger.Interface      { return c }
func (c *captureLogger) Info(context.Context, string, ...interface{})  {}
func (c *captureLogger) Warn(context.Context, string, ...interface{})  {}
func (c *captureLogger) Error(context.Context, string, ...interface{}) {}
func (c *captureLogger) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	s, _ := fc()
	c.mu.Lock()
	c.sql = append(c.sql, s)
	c.mu.Unlock()
}

func (c *captureLogger) statements() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.sql...)
}

// benchApp builds the shop on the database at dbURL with an in-process Redis, a temporary data
// folder and a logger that writes nothing (its work is measured; its I/O is not). close
// releases all of it.
func benchApp(ctx context.Context, dbURL string) (*app.App, *config.Config, *slog.Logger, func(), error) {
	redis, err := queue.StartEmbedded()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	dir, err := os.MkdirTemp("", "shop-bench-")
	if err != nil {
		redis.Close()
		return nil, nil, nil, nil, err
	}
	cleanup := func() { redis.Close(); os.RemoveAll(dir) }
	a, cfg, log, err := openApp(ctx, dir, dbURL, "redis://"+redis.Opt.(asynq.RedisClientOpt).Addr)
	if err != nil {
		cleanup()
		return nil, nil, nil, nil, err
	}
	return a, cfg, log, func() { a.Close(); cleanup() }, nil
}

// openApp is the app on a bench database, Redis and data folder, logging nowhere.
func openApp(ctx context.Context, dir, dbURL, redisURL string) (*app.App, *config.Config, *slog.Logger, error) {
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=" + dir, "SHOP_DATABASE_URL=" + dbURL, "SHOP_REDIS_URL=" + redisURL,
		"SHOP_AUTH_SECRET=bench-secret-bench-secret-bench-secret",
		// The orders' figure posts every order from one address: it measures the checkout, not its limits.
		"SHOP_SALES_GUEST_ORDERS_PER_IP_PER_HOUR=0", "SHOP_SALES_GUEST_ORDERS_PER_EMAIL_PER_HOUR=0"})
	if err != nil {
		return nil, nil, nil, err
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	a, err := app.New(ctx, cfg, log, app.Options{})
	if err != nil {
		return nil, nil, nil, err
	}
	return a, cfg, log, nil
}

// benchDatabase is a figure's throw-away PostgreSQL database on the server of
// SHOP_BENCH_DATABASE_URL (else SHOP_TEST_DATABASE_URL): "" when there is none or the figure
// has nothing to measure (it says it skipped); with SHOP_BENCH_KEEP set the database is kept
// for EXPLAIN after the run (drop it by hand) and its URL printed.
func benchDatabase(ctx context.Context, figure string, wanted bool) (string, func(), error) {
	base := os.Getenv("SHOP_BENCH_DATABASE_URL")
	if base == "" {
		base = os.Getenv("SHOP_TEST_DATABASE_URL")
	}
	if !wanted || base == "" {
		fmt.Printf("\n%s: skipped (set SHOP_BENCH_DATABASE_URL to a PostgreSQL server)\n", figure)
		return "", nil, nil
	}
	dbURL, drop, err := shopproc.FreshDatabase(ctx, base, "shop_bench", false)
	if err != nil {
		return "", nil, err
	}
	if os.Getenv("SHOP_BENCH_KEEP") != "" {
		fmt.Printf("\n%s database kept: %s\n", figure, dbURL)
		return dbURL, func() {}, nil
	}
	return dbURL, drop, nil
}
