package main

// Feeds: the public feed export of 200,000 products (e-ponuda CSV and XML, and the
// Google feed) against COPY (SELECT the same columns) TO STDOUT of the same rows; the export
// process's peak memory at 200,000 products against 20,000; a partner's feed of about 10,000
// products over HTTP: time to last byte and memory.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
	"shop/internal/feeds"
	"shop/internal/partners"
	"shop/internal/platform/money"
)

// countingWriter counts what passes.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

func feedsBench(n int64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Feeds", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, _, _, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nFeeds: %d products on PostgreSQL\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	if err := feedsPrepare(a); err != nil {
		return err
	}
	fmt.Printf("  seed: %s\n", time.Since(start).Round(time.Millisecond))
	if _, err := feedExportFigures(ctx, a); err != nil {
		return err
	}
	if _, err := feedsMemoryFigure(ctx, a, dbURL, n); err != nil {
		return err
	}
	return partnerFeedFigure(ctx, a)
}

// feedsPrepare puts every product in the feed, sellable and with a main image, so each figure
// lists them all.
func feedsPrepare(a *app.App) error {
	for _, q := range []string{
		"UPDATE products SET active = TRUE, visible = TRUE, eponuda = TRUE",
		"UPDATE categories SET min_price = 0",
		`INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at)
			SELECT id, TRUE, 'products/' || id || '-s.webp', 'products/' || id || '.webp', 0, created_at FROM products`,
		"VACUUM ANALYZE",
	} {
		if err := a.DB.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}

// feedExportFigures: each public feed's export against COPY of the same rows, best of
// benchRounds; it answers the exports' times.
func feedExportFigures(ctx context.Context, a *app.App) ([]figure, error) {
	var figs []figure
	copySQL := feeds.FeedColumnsSQL()
	for _, f := range []struct{ feed, copyOpts string }{
		{feeds.FeedEponudaCSV, " (FORMAT csv)"},
		{feeds.FeedEponudaXML, ""},
		{feeds.FeedGoogle, ""},
	} {
		var best, bestCopy time.Duration
		var size, copySize int64
		rows := 0
		for range benchRounds {
			w := &countingWriter{}
			t0 := time.Now()
			k, err := a.Feeds.WriteFeed(ctx, f.feed, w)
			if err != nil {
				return nil, err
			}
			if d := time.Since(t0); best == 0 || d < best {
				best = d
			}
			size, rows = w.n, k
			d, cs, err := copyOut(ctx, a, "COPY ("+copySQL+") TO STDOUT"+f.copyOpts)
			if err != nil {
				return nil, err
			}
			if bestCopy == 0 || d < bestCopy {
				bestCopy = d
			}
			copySize = cs
		}
		ratio := float64(best) / float64(bestCopy)
		fmt.Printf("  %-12s %d products: %s, %.1f MB; COPY of the same rows %s, %.1f MB; ratio %.2f (goal <= 2.00: %s)\n",
			f.feed, rows, best.Round(time.Millisecond), float64(size)/1e6, bestCopy.Round(time.Millisecond), float64(copySize)/1e6, ratio, verdict(ratio <= 2))
		figs = append(figs, batchTime("feed export "+f.feed, best))
	}
	return figs, nil
}

// copyOut runs a COPY ... TO STDOUT into a counter.
func copyOut(ctx context.Context, a *app.App, sql string) (time.Duration, int64, error) {
	sqlDB, err := a.DB.DB()
	if err != nil {
		return 0, 0, err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Close()
	var took time.Duration
	w := &countingWriter{}
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		start := time.Now()
		_, err := pc.CopyTo(ctx, w, sql)
		took = time.Since(start)
		return err
	})
	return took, w.n, err
}

// feedsMemoryFigure runs the whole export (three feeds, gzip, to the object store) in a child
// process with 1/10 of the products in the feed, then with all, and compares their peak
// resident sets (VmHWM); it answers the peak with all.
func feedsMemoryFigure(ctx context.Context, a *app.App, dbURL string, n int64) (figure, error) {
	small := n / 10
	var cut uint64
	if err := a.DB.Raw("SELECT id FROM products ORDER BY id LIMIT 1 OFFSET ?", small-1).Scan(&cut).Error; err != nil {
		return figure{}, err
	}
	peak := map[string]int64{}
	out := map[string]string{}
	for _, step := range []struct {
		name string
		sql  string
	}{
		{"small", "UPDATE products SET eponuda = (id <= " + strconv.FormatUint(cut, 10) + ")"},
		{"large", "UPDATE products SET eponuda = TRUE"},
	} {
		if err := a.DB.Exec(step.sql).Error; err != nil {
			return figure{}, err
		}
		summary, kb, err := runChild(dbURL, "-feeds-child")
		if err != nil {
			return figure{}, fmt.Errorf("feeds child %s: %w", step.name, err)
		}
		peak[step.name], out[step.name] = kb, summary
	}
	ratio := float64(peak["large"]) / float64(peak["small"])
	fmt.Printf("  peak memory of the export process (three feeds, VmHWM): %.1f MB at %d products (%s), %.1f MB at %d (%s)\n",
		float64(peak["small"])/1024, small, out["small"], float64(peak["large"])/1024, n, out["large"])
	fmt.Printf("  ratio %.2f (goal <= 1.30: %s)\n", ratio, verdict(ratio <= 1.3))
	return memoryMB("feed export, peak memory (VmHWM)", float64(peak["large"])/1024), nil
}

// feedsChild is feedsMemoryFigure's child: one export, its summary on stdout.
func feedsChild() error {
	ctx := context.Background()
	a, _, _, closeApp, err := benchApp(ctx, os.Getenv("SHOP_BENCH_CHILD_DATABASE_URL"))
	if err != nil {
		return err
	}
	defer closeApp()
	start := time.Now()
	var res *feeds.ExportResult
	before, peak, err := heapPeak(func() error {
		var err error
		res, err = a.Feeds.Export(ctx)
		return err
	})
	if err != nil {
		return err
	}
	var parts []string
	for _, f := range res.Feeds {
		parts = append(parts, fmt.Sprintf("%s %d rows %.1f MB gz", f.Name, f.Products, float64(f.Size)/1e6))
	}
	return printWithPeak(fmt.Sprintf("%s in %s; Go heap in use before %.1f MB, peak during the export +%.1f MB", strings.Join(parts, ", "),
		time.Since(start).Round(time.Millisecond), float64(before)/1e6, float64(peak-before)/1e6))
}

// heapPeak runs fn and answers the Go heap in use before it (after a collection) and the most in
// use while it ran (sampled every 5 ms; at least before).
func heapPeak(fn func() error) (before, peak uint64, err error) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	before = m.HeapInuse
	var top atomic.Uint64
	top.Store(before)
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > top.Load() {
					top.Store(m.HeapInuse)
				}
			}
		}
	}()
	err = fn()
	close(done)
	return before, top.Load(), err
}

// partnerFeedFigure: a client whose categories hold about 10,000 products fetches its JSON and
// CSV feeds over HTTP; time to last byte, size, and the server's heap meanwhile.
func partnerFeedFigure(ctx context.Context, a *app.App) error {
	var counts []struct {
		ID uint64
		N  int64
	}
	if err := a.DB.Raw("SELECT main_category_id AS id, COUNT(*) AS n FROM products GROUP BY main_category_id ORDER BY main_category_id").Scan(&counts).Error; err != nil {
		return err
	}
	var cats []partners.CategoryPercentage
	var total int64
	for _, c := range counts {
		if total >= 10_000 {
			break
		}
		cats = append(cats, partners.CategoryPercentage{ID: c.ID, Percentage: money.Bps(1500)})
		total += c.N
	}
	cl, err := a.Partners.Create(ctx, "Bench partner", cats)
	if err != nil {
		return err
	}
	h := api.New(api.Deps{Config: a.Config, Log: a.Log, Identity: a.Identity, Partners: a.Partners, Registry: prometheus.NewRegistry()})
	srv, stop, err := serve(h)
	if err != nil {
		return err
	}
	defer stop()
	_, rest, ok := strings.Cut(cl.APIURL, partners.FeedPath)
	if !ok {
		return fmt.Errorf("feed address %q has no %s", cl.APIURL, partners.FeedPath)
	}
	path := partners.FeedPath + rest
	for _, format := range []string{"json", "csv"} {
		url := srv + strings.TrimSuffix(path, ".json") + "." + format
		var best time.Duration
		var size, heapPeak, allocs uint64
		for i := 0; i < 3; i++ {
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			var peak atomic.Uint64
			done := make(chan struct{})
			go func() {
				var m runtime.MemStats
				for {
					select {
					case <-done:
						return
					case <-time.After(5 * time.Millisecond):
						runtime.ReadMemStats(&m)
						if m.HeapInuse > peak.Load() {
							peak.Store(m.HeapInuse)
						}
					}
				}
			}()
			t0 := time.Now()
			res, err := http.Get(url)
			if err != nil {
				close(done)
				return err
			}
			w := &countingWriter{}
			_, err = io.Copy(w, res.Body)
			res.Body.Close()
			d := time.Since(t0)
			close(done)
			if err != nil || res.StatusCode != 200 {
				return fmt.Errorf("partner feed %s: %d %v", format, res.StatusCode, err)
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if best == 0 || d < best {
				best = d
				size = uint64(w.n)
				allocs = after.TotalAlloc - before.TotalAlloc
				if p := peak.Load(); p > before.HeapInuse {
					heapPeak = p - before.HeapInuse
				} else {
					heapPeak = 0
				}
			}
		}
		fmt.Printf("  partner feed (%s, %d products, %d categories): time to last byte %s, %.1f MB; heap growth during it %.1f MB, allocated %.1f MB in all\n",
			format, total, len(cats), best.Round(time.Millisecond), float64(size)/1e6, float64(heapPeak)/1e6, float64(allocs)/1e6)
	}
	return nil
}
