package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
)

// storefrontBench: the public storefront calls on PostgreSQL with the bench catalogue (the
// catalogue figure's dataset builder, demo.SeedBench): a category page, a product page and the
// autocomplete, each as a guest over HTTP through the whole stack (with the caching and gzip
// middleware; the load generator sends no If-None-Match, so every answer is computed), beside
// pgbench running the SQL one such request runs. Goals: p95 at 16 connections
// category <= 30 ms, product <= 15 ms, autocomplete <= 20 ms; throughput >= 60 % of pgbench.
// Each baseline's statements are EXPLAIN ANALYZEd; the slowest one's plan is printed.
func storefrontBench(n int64, workers uint64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Storefront API", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nStorefront API: %d products on PostgreSQL\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	fmt.Printf("  seed bench: %s\n", time.Since(start).Round(time.Millisecond))
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return err
	}
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog, Blobs: a.Blobs,
		Storefront: a.Storefront, Search: a.Search, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return err
	}
	defer stop()

	targets, err := storefrontTargets(a)
	if err != nil {
		return err
	}
	for _, t := range targets {
		if _, err := storefrontFigure(ctx, a, srv, dbURL, workers, t); err != nil {
			return err
		}
	}
	return nil
}

type storefrontTarget struct {
	name, path string
	goal       time.Duration
}

// storefrontTargets: the top-level category with the most live products (its subtree's page),
// a live product of it, and the autocomplete of a brand's first letters.
func storefrontTargets(a *app.App) ([]storefrontTarget, error) {
	var cat struct {
		Slug string
		N    int64
	}
	err := a.DB.Raw(`WITH RECURSIVE tree(top, id) AS (
			SELECT id, id FROM categories WHERE parent_id IS NULL AND active
			UNION ALL SELECT t.top, c.id FROM categories c JOIN tree t ON c.parent_id = t.id WHERE c.active)
		SELECT top.slug, COUNT(p.id) AS n FROM tree JOIN categories top ON top.id = tree.top
		JOIN products p ON p.main_category_id = tree.id AND p.active AND p.visible
		GROUP BY top.slug ORDER BY n DESC LIMIT 1`).Scan(&cat).Error
	if err != nil || cat.Slug == "" {
		return nil, fmt.Errorf("storefront bench: no category (%v)", err)
	}
	var product string
	if err := a.DB.Raw(`SELECT slug FROM products WHERE active AND visible AND sku LIKE ? ORDER BY id LIMIT 1 OFFSET 5000`,
		demo.BenchSKUPrefix+"%").Scan(&product).Error; err != nil || product == "" {
		return nil, fmt.Errorf("storefront bench: no product (%v)", err)
	}
	var brand string
	if err := a.DB.Raw(`SELECT name FROM brands ORDER BY id LIMIT 1`).Scan(&brand).Error; err != nil || brand == "" {
		return nil, fmt.Errorf("storefront bench: no brand (%v)", err)
	}
	q := strings.ToLower(string([]rune(brand)[:min(4, len([]rune(brand)))]))
	fmt.Printf("  category %q: %d live products in its subtree; product %q; autocomplete q=%q\n", cat.Slug, cat.N, product, q)
	return []storefrontTarget{
		{"category page", "/api/v1/categories/" + url.PathEscape(cat.Slug) + "/products", 30 * time.Millisecond},
		{"product page", "/api/v1/products/" + url.PathEscape(product) +
			"?include=categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user", 15 * time.Millisecond},
		{"autocomplete", "/api/v1/autocomplete?q=" + url.QueryEscape(q), 20 * time.Millisecond},
	}, nil
}

// storefrontFigure measures one call against pgbench of its SQL and explains the baseline. It
// answers the p95 its goal is on.
func storefrontFigure(ctx context.Context, a *app.App, srv, dbURL string, workers uint64, t storefrontTarget) (figure, error) {
	target := srv + t.path
	header := http.Header{}
	if _, _, err := fetch(target, header); err != nil {
		return figure{}, err
	}
	sqlCap := &captureLogger{}
	prev := a.DB.Config.Logger
	a.DB.Config.Logger = sqlCap
	body, _, err := fetch(target, header)
	a.DB.Config.Logger = prev
	if err != nil {
		return figure{}, err
	}
	stmts := sqlCap.statements()
	fmt.Printf("\n  %s: GET %s\n  answer: %d bytes; its SQL: %d statements\n", t.name, t.path, len(body), len(stmts))
	attack(target, header, workers, time.Second) // warm-up
	lat1 := attack(target, header, 1, 4*time.Second)
	httpRes := attack(target, header, workers, 5*time.Second)
	for _, r := range []result{lat1, httpRes} {
		if r.errors > 0 {
			return figure{}, fmt.Errorf("%s: %d failed requests (%s)", t.name, r.errors, r.firstError)
		}
	}
	tps, err := pgbench(dbURL, stmts, int(workers), 5)
	if err != nil {
		return figure{}, err
	}
	tps1, err := pgbench(dbURL, stmts, 1, 4)
	if err != nil {
		return figure{}, err
	}
	ratio := httpRes.rps / tps
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", "API, 1 connection", lat1.rps, lat1.p50, lat1.p95, lat1.p99)
	fmt.Printf("  %-34s %10.0f tx/s    mean %s\n", "pgbench, 1 client (baseline)", tps1, (time.Duration(float64(time.Second) / tps1)).Round(time.Microsecond))
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", fmt.Sprintf("API, %d connections", workers), httpRes.rps, httpRes.p50, httpRes.p95, httpRes.p99)
	fmt.Printf("  %-34s %10.0f tx/s (the same statements per transaction)\n", fmt.Sprintf("pgbench, %d clients (baseline)", workers), tps)
	fmt.Printf("  ratio %.2f (goal >= 0.60: %s); p95 at %d connections %s (goal <= %s: %s); p95 at 1 connection %s\n", ratio, verdict(ratio >= 0.6),
		workers, httpRes.p95, t.goal, verdict(httpRes.p95 <= t.goal), lat1.p95)
	return pageP95(fmt.Sprintf("storefront %s, p95 (%d conn)", t.name, workers), httpRes.p95), explainStatements(ctx, a, stmts)
}

// explainStatements runs EXPLAIN ANALYZE on each statement, prints each one's execution time
// and the plan of the slowest.
func explainStatements(ctx context.Context, a *app.App, stmts []string) error {
	type plan struct {
		sql   string
		lines []string
		ms    float64
	}
	var slowest *plan
	fmt.Printf("  EXPLAIN ANALYZE of the baseline's statements:\n")
	for _, s := range stmts {
		var lines []string
		if err := a.DB.WithContext(ctx).Raw("EXPLAIN (ANALYZE, BUFFERS OFF) " + s).Scan(&lines).Error; err != nil {
			return err
		}
		p := &plan{sql: oneLine(s), lines: lines}
		for _, l := range lines {
			if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Execution Time: "); ok {
				_, _ = fmt.Sscanf(v, "%f", &p.ms) // EXPLAIN's own line; an odd one shows as 0 ms
			}
		}
		fmt.Printf("    %7.3f ms  %s\n", p.ms, truncate(p.sql, 150))
		if slowest == nil || p.ms > slowest.ms {
			slowest = p
		}
	}
	if slowest != nil {
		fmt.Printf("  slowest statement's plan (%.3f ms):\n", slowest.ms)
		for _, l := range slowest.lines {
			fmt.Printf("    %s\n", truncate(l, 160))
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
