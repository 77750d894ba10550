package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/demo"
	"shop/internal/identity"
)

// figureKind is what a figure's growth goal is: a page's latency stays nearly flat (index
// reads), a batch job's time grows with the shop (linear, with a fifth of slack) and its
// memory stays flat (it streams).
type figureKind int

const (
	pageFigure figureKind = iota
	batchFigure
	memoryFigure
)

// figure is one measured value, so one table can hold it at two sizes.
type figure struct {
	name  string
	value float64 // milliseconds, or megabytes for memory
	kind  figureKind
}

func pageP95(name string, d time.Duration) figure {
	return figure{name: name, value: float64(d) / float64(time.Millisecond), kind: pageFigure}
}

func batchTime(name string, d time.Duration) figure {
	return figure{name: name, value: float64(d) / float64(time.Millisecond), kind: batchFigure}
}

func memoryMB(name string, mb float64) figure {
	return figure{name: name, value: mb, kind: memoryFigure}
}

func (f figure) format(v float64) string {
	switch {
	case f.kind == memoryFigure:
		return fmt.Sprintf("%.1f MB", v)
	case v >= 1000:
		return fmt.Sprintf("%.2f s", v/1000)
	}
	return fmt.Sprintf("%.1f ms", v)
}

// goal is the largest ratio of the figure at scale to the figure at base that meets its goal.
func (f figure) goal(base, scale int64) float64 {
	switch f.kind {
	case pageFigure:
		return 2
	case batchFigure:
		return 1.2 * float64(scale) / float64(base)
	}
	return 1.3
}

// growthBench measures the figures that grow with the shop at base and at scale products (the
// price list as many rows, the competitor file twice as many offers) and prints them side by
// side with their ratios; the table is also written to var/bench/growth.txt.
func growthBench(base, scale int64, workers uint64) error {
	if os.Getenv("SHOP_BENCH_DATABASE_URL") == "" && os.Getenv("SHOP_TEST_DATABASE_URL") == "" {
		return fmt.Errorf("set SHOP_BENCH_DATABASE_URL to a PostgreSQL server")
	}
	var at [2][]figure
	for i, n := range []int64{base, scale} {
		fmt.Printf("\n=== Growth: the shop at %d products ===\n", n)
		figs, err := growthFigures(n, workers)
		if err != nil {
			return fmt.Errorf("at %d products: %w", n, err)
		}
		at[i] = figs
	}
	table := growthTable(base, scale, at[0], at[1])
	fmt.Print("\n" + table)
	if err := os.MkdirAll(filepath.Join("var", "bench"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join("var", "bench", "growth.txt"), []byte(table), 0o644)
}

// growthFigures measures one size: the pages and the recompute and feeds on one bench catalogue
// (pages first, while it is as seeded), then the price list and the competitor file in their
// own databases.
func growthFigures(n int64, workers uint64) ([]figure, error) {
	figs, err := growthCatalogFigures(n, workers)
	if err != nil {
		return nil, err
	}
	// A batch part that fails at one size (a file past an upload limit, say) is reported and
	// left out, so the table still shows the others (growthTable marks its figures).
	phase := time.Now()
	pl, err := pricelistFigures(int(n), workers, true)
	if err != nil {
		fmt.Printf("  price list at %d rows FAILED: %v\n", n, err)
	}
	fmt.Printf("  [phase price list: %s]\n", time.Since(phase).Round(time.Second))
	phase = time.Now()
	eo, err := eofferFigures(int(2 * n))
	if err != nil {
		fmt.Printf("  e-ponuda file of %d offers FAILED: %v\n", 2*n, err)
	}
	fmt.Printf("  [phase e-ponuda: %s]\n", time.Since(phase).Round(time.Second))
	return append(append(figs, pl...), eo...), nil
}

// growthCatalogFigures: the admin list's filter combinations, the storefront pages, the cart,
// the recompute and the feeds' export, on one bench catalogue of n products. The recompute has
// no memory figure: it is one UPDATE, run by PostgreSQL within its work_mem.
func growthCatalogFigures(n int64, workers uint64) ([]figure, error) {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Catalogue", true)
	if err != nil {
		return nil, err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer closeApp()
	phase := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return nil, err
	}
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return nil, err
	}
	fmt.Printf("  [phase seed %d products: %s]\n", n, time.Since(phase).Round(time.Second))
	tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: demo.Users[0].Email, Password: demo.Password})
	if err != nil {
		return nil, err
	}
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog, Blobs: a.Blobs,
		Storefront: a.Storefront, Search: a.Search, Sales: a.Sales, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return nil, err
	}
	defer stop()

	phase = time.Now()
	leaves, err := leafCategories(a)
	if err != nil {
		return nil, err
	}
	figs, err := listTableFigure(ctx, a, srv, http.Header{"Authorization": {"Bearer " + tok.AccessToken}}, leaves, workers, listCaseDuration)
	if err != nil {
		return nil, err
	}
	fmt.Printf("  [phase admin list: %s]\n", time.Since(phase).Round(time.Second))
	phase = time.Now()
	targets, err := storefrontTargets(a)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		f, err := storefrontFigure(ctx, a, srv, dbURL, workers, t)
		if err != nil {
			return nil, err
		}
		figs = append(figs, f)
	}
	fmt.Printf("  [phase storefront: %s]\n", time.Since(phase).Round(time.Second))
	phase = time.Now()
	if _, err := salesPrepare(a.DB); err != nil {
		return nil, err
	}
	if err := a.DB.Exec("VACUUM ANALYZE cart_items, products, categories").Error; err != nil {
		return nil, err
	}
	cart, err := cartFigure(ctx, a, srv, dbURL, workers)
	if err != nil {
		return nil, err
	}
	fmt.Printf("  [phase cart: %s]\n", time.Since(phase).Round(time.Second))
	phase = time.Now()
	if err := pricingPrepare(ctx, a); err != nil {
		return nil, err
	}
	recompute, err := recomputeFigure(ctx, a)
	if err != nil {
		return nil, err
	}
	fmt.Printf("  [phase recompute: %s]\n", time.Since(phase).Round(time.Second))
	phase = time.Now()
	if err := feedsPrepare(a); err != nil {
		return nil, err
	}
	exports, err := feedExportFigures(ctx, a)
	if err != nil {
		return nil, err
	}
	mem, err := feedsMemoryFigure(ctx, a, dbURL, n)
	if err != nil {
		return nil, err
	}
	fmt.Printf("  [phase feeds: %s]\n", time.Since(phase).Round(time.Second))
	figs = append(append(append(figs, cart, recompute), exports...), mem)
	return figs, nil
}

// growthTable is the figures at both sizes with their ratios and goals; a figure missing at
// either size (a part that failed there) shows as not measured and counts as missed.
func growthTable(base, scale int64, atBase, atScale []figure) string {
	byName := map[string]figure{}
	for _, f := range atScale {
		byName[f.name] = f
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Growth: the shop at %d products against %d (price list as many rows, competitor file twice as many offers)\n", scale, base)
	fmt.Fprintf(&b, "%-56s %12s %12s %7s %8s  %s\n", "figure", "at "+fmt.Sprint(base), "at "+fmt.Sprint(scale), "ratio", "goal", "met")
	missed := 0
	for _, f := range atBase {
		s, ok := byName[f.name]
		if !ok {
			fmt.Fprintf(&b, "%-56s %12s %12s %7s %8s  %s\n", f.name, f.format(f.value), "-", "", "", "NOT MEASURED")
			missed++
			continue
		}
		ratio := s.value / f.value
		goal := f.goal(base, scale)
		mark := "ok"
		if ratio > goal {
			mark = "MISSED"
			missed++
		}
		fmt.Fprintf(&b, "%-56s %12s %12s %7.2f %8s  %s\n", f.name, f.format(f.value), s.format(s.value), ratio, fmt.Sprintf("<=%.1f", goal), mark)
	}
	inBase := map[string]bool{}
	for _, f := range atBase {
		inBase[f.name] = true
	}
	total := len(atBase)
	for _, s := range atScale {
		if !inBase[s.name] {
			fmt.Fprintf(&b, "%-56s %12s %12s %7s %8s  %s\n", s.name, "-", s.format(s.value), "", "", "NOT MEASURED")
			missed++
			total++
		}
	}
	fmt.Fprintf(&b, "%d of %d figures missed their goal or were not measured\n", missed, total)
	return b.String()
}
