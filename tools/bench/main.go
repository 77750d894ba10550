// Command bench measures the shop's speed goals on loopback and prints each figure beside its
// baseline from the same run, with the ratio. It is `make bench`; tests never assert timings.
//
// Figures:
//
//   - API stack: an authenticated trivial endpoint (the modules list behind bearer auth) through
//     the whole Gin stack (request id, locale, access log, metrics, errors, recovery, body limit,
//     auth) against a bare net/http handler writing the same bytes. Goal: at least 80 %.
//
//   - The catalogue (catalog.go): the product list on PostgreSQL against pgbench running the
//     same SQL, a table of the list's filter combinations with their plans and the import's
//     price update with and without the list's sort keys (catalog_list.go), a mass sticker add
//     against the hand-written statement, and the 5000-row admin list in Chromium against the
//     20-row one.
//
//   - The mass discount (discounts.go): the job over about 50,000 of 100,000 products chosen by a
//     filter against the hand-written INSERT ... SELECT. Goal: at most 2x.
//
//   - The admin bundle (e2e/bench-bundle.mjs): the gzipped JavaScript headless Chromium loads
//     before the login screen and before the products list, beside the 617 kB of the single
//     bundle before code splitting. Goal: at most 250 kB each. Alone: -only bundle.
//
//   - The supplier price list (pricelist.go): the import against reading and COPY alone, and
//     beside it the same import with product_sort_keys' triggers off (what the list's sort keys
//     cost it, in the same rounds); its memory; reads during an import.
//
//   - Pricing (pricing.go): the recompute of every price after a VAT change against one
//     hand-written UPDATE … FROM computing the same values (goal: at most 1.5 ×), a second
//     recompute writing 0 rows, both plans, and price-explain's p95 (goal: at most 5 ms).
//     Alone: -only pricing.
//
//   - Feeds (feeds.go): the public feeds' export of 200,000 products against COPY of the same
//     rows (goal <= 2x), the export's peak memory at 200,000 against 20,000 (goal <= 1.3x), and a
//     partner's feed of about 10,000 products over HTTP (time to last byte, memory).
//
//   - E-ponuda (eoffer.go): a 100,000-offer competitor CSV parsed, stored and recalculated
//     against reading the file and COPYing it into an unlogged table. Goal: at most 4x.
//
//   - The storefront (storefront.go): category page, product page and autocomplete on 100,000
//     products against pgbench of their SQL; storefront-web: Lighthouse and axe on the demo
//     shop's home, category and product pages (e2e/bench-storefront.mjs).
//
//   - Sales (sales.go): POST orders with 5 lines (each request its own guest cart and
//     Idempotency-Key) against pgbench of one order's hand-written SQL in one transaction
//     (goal: throughput ratio >= 0.5, both p95s), and GET cart with 5 lines as a guest against
//     pgbench of its SQL (goal: p95 <= 10 ms), at 16 connections on 20,000 bench products.
//     Alone: -only sales.
//
//   - Fiscal receipts (fiscal.go): fiscalising 1,000 paid orders one after another through the
//     in-process simulator against the simulator's own time for the same requests (goal: at
//     most 2x). Alone: -only fiscal.
//
// Growth (growth.go): -scale 1000000 (make bench SCALE=1000000) measures the pages' p95 and the
// batch jobs' time and memory at -scale-base (100,000) and at -scale products instead, one table
// (also var/bench/growth.txt) with each figure's ratio and goal; try it small with -scale-base 10000.
//
// SHOP_BENCH_ONLY=catalog,pricelist (or -only) runs only those parts;
// SHOP_BENCH_PRICELIST_IMPORT_ONLY=1 stops the price-list part after the import's figures.
// SHOP_BENCH_PRICELIST_MEMORY_ONLY=1 runs only its memory figures.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/platform/config"
)

func main() {
	dur := flag.Duration("duration", 3*time.Second, "length of each measured round")
	workers := flag.Uint64("workers", 16, "concurrent connections of the load generator")
	flag.IntVar(&benchRounds, "rounds", 3, "measured rounds per side (the best or the median counts)")
	products := flag.Int64("products", 100_000, "catalogue size for the catalogue figures (0: skip them)")
	pricelistRows := flag.Int("pricelist-rows", 100_000, "rows of the supplier price list for its figures (0: skip them)")
	eofferRows := flag.Int("eoffer-rows", 100_000, "offers of the e-ponuda competitor CSV for its figure (0: skip it)")
	only := flag.String("only", os.Getenv("SHOP_BENCH_ONLY"), "run only these figures: api, catalog, discounts, pricelist, eoffer, bundle, pricing, feeds, storefront, storefront-web, sales, fiscal (comma-separated; empty: all; default $SHOP_BENCH_ONLY)")
	flag.DurationVar(&listCaseDuration, "list-duration", 2*time.Second, "length of each measurement of a product list filter combination")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	child := flag.String("import-child", "", "internal: import this price list in this process (the memory figure's child)")
	childSupplier := flag.Uint64("import-child-supplier", 0, "internal: the child's supplier id")
	feedsProducts := flag.Int64("feeds-products", 200_000, "catalogue size for the feed figures (0: skip them)")
	salesProducts := flag.Int64("sales-products", 20_000, "catalogue size for the sales figure (0: skip it)")
	feedsChildRun := flag.Bool("feeds-child", false, "internal: run one feed export in this process (the memory figure's child)")
	workerChildRun := flag.Bool("worker-child", false, "internal: run the jobs' worker in this process until stdin closes (the reads-during-import figure's)")
	scale := flag.Int64("scale", 0, "products of the growth table's larger shop (0: no growth table, the figures above instead)")
	scaleBase := flag.Int64("scale-base", 100_000, "products of the growth table's base shop")
	flag.Parse()
	if *workerChildRun {
		if err := workerChild(); err != nil {
			fmt.Fprintln(os.Stderr, "worker child:", err)
			os.Exit(1)
		}
		return
	}
	if *feedsChildRun {
		if err := feedsChild(); err != nil {
			fmt.Fprintln(os.Stderr, "feeds child:", err)
			os.Exit(1)
		}
		return
	}
	if *child != "" {
		if err := importChild(*child, *childSupplier); err != nil {
			fmt.Fprintln(os.Stderr, "import child:", err)
			os.Exit(1)
		}
		return
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	want := func(name string) bool { return *only == "" || strings.Contains(","+*only+",", ","+name+",") }
	fail := func(what string, err error) {
		fmt.Fprintln(os.Stderr, what+":", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
	if *scale > 0 {
		if err := growthBench(*scaleBase, *scale, *workers); err != nil {
			fail("bench growth", err)
		}
		return
	}
	if want("api") {
		if err := run(*dur, *workers, benchRounds); err != nil {
			fail("bench", err)
		}
	}
	if want("catalog") {
		if err := catalogBench(*products, *workers); err != nil {
			fail("bench catalogue", err)
		}
	}
	if want("bundle") {
		if err := bundleFigure(); err != nil {
			fail("bench admin bundle", err)
		}
	}
	if want("discounts") {
		if err := discountsBench(*products); err != nil {
			fail("bench mass discount", err)
		}
	}
	if want("pricing") {
		if err := pricingFigures(*products); err != nil {
			fail("bench pricing", err)
		}
	}
	if want("pricelist") {
		if _, err := pricelistFigures(*pricelistRows, *workers, false); err != nil {
			fail("bench price list", err)
		}
	}
	if want("feeds") {
		if err := feedsBench(*feedsProducts); err != nil {
			fail("bench feeds", err)
		}
	}
	if want("eoffer") {
		if _, err := eofferFigures(*eofferRows); err != nil {
			fail("bench e-ponuda", err)
		}
	}
	if want("storefront") {
		if err := storefrontBench(*products, *workers); err != nil {
			fail("bench storefront", err)
		}
	}
	if want("sales") {
		if err := salesBench(*salesProducts, *workers); err != nil {
			fail("bench sales", err)
		}
	}
	if want("fiscal") {
		if err := fiscalBench(); err != nil {
			fail("bench fiscal", err)
		}
	}
	if want("storefront-web") {
		if err := storefrontWebFigure(); err != nil {
			fail("bench storefront web", err)
		}
	}
}

// run measures the API stack figure.
func run(dur time.Duration, workers uint64, rounds int) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "shop-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=" + dir, "SHOP_LOG_LEVEL=info"})
	if err != nil {
		return err
	}
	// The production logger's work (one JSON line per request) is measured; only the I/O is not.
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	a, err := app.New(ctx, cfg, log, app.Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	if _, err := demo.Seed(ctx, a.Identity); err != nil {
		return err
	}
	tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: demo.Users[0].Email, Password: demo.Password})
	if err != nil {
		return err
	}

	deps := api.Deps{Config: cfg, Log: log, Identity: a.Identity, Blobs: a.Blobs, Registry: prometheus.NewRegistry()}
	// The real modules handler, mounted once more behind bearer auth.
	for _, rt := range api.Routes(deps) {
		if rt.Method == "GET" && rt.Path == "/modules" {
			deps.ExtraRoutes = []api.Route{{Method: "GET", Path: "/bench/modules", Auth: true, Handler: rt.Handler}}
		}
	}
	if deps.ExtraRoutes == nil {
		return fmt.Errorf("no GET /modules route")
	}
	shop := api.New(deps)
	shopURL, stopShop, err := serve(shop)
	if err != nil {
		return err
	}
	defer stopShop()
	shopURL += "/api/v1/bench/modules"
	header := http.Header{"Authorization": {"Bearer " + tok.AccessToken}}

	// The bare handler answers exactly what the stack answers.
	body, ctype, err := fetch(shopURL, header)
	if err != nil {
		return err
	}
	bare := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(body)
	})
	bareURL, stopBare, err := serve(bare)
	if err != nil {
		return err
	}
	defer stopBare()

	fmt.Printf("API stack: GET %s (authenticated) vs a bare net/http handler, %d connections, %s rounds x%d\n",
		"/api/v1/modules", workers, dur, rounds)
	attack(bareURL, header, workers, time.Second) // warm-up of both sides
	attack(shopURL, header, workers, time.Second)
	var best [2]result
	for i := 0; i < rounds; i++ {
		for side, u := range []string{bareURL, shopURL} {
			r := attack(u, header, workers, dur)
			if r.errors > 0 {
				return fmt.Errorf("%s: %d failed requests (%s)", u, r.errors, r.firstError)
			}
			if r.rps > best[side].rps {
				best[side] = r
			}
		}
	}
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p99 %s\n", "bare net/http (baseline)", best[0].rps, best[0].p50, best[0].p99)
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p99 %s\n", "Gin stack + auth", best[1].rps, best[1].p50, best[1].p99)
	ratio := best[1].rps / best[0].rps
	verdict := "meets"
	if ratio < 0.8 {
		verdict = "MISSES"
	}
	fmt.Printf("  ratio %.2f (goal >= 0.80: %s)\n", ratio, verdict)
	return nil
}

type result struct {
	rps        float64
	p50, p95   time.Duration
	p99        time.Duration
	errors     int
	firstError string
}

// attack runs the vegeta load generator at its maximum rate with a fixed number of workers.
func attack(url string, header http.Header, workers uint64, dur time.Duration) result {
	target := vegeta.NewStaticTargeter(vegeta.Target{Method: "GET", URL: url, Header: header})
	at := vegeta.NewAttacker(vegeta.Workers(workers), vegeta.MaxWorkers(workers), vegeta.KeepAlive(true),
		vegeta.Connections(int(workers)), vegeta.MaxConnections(int(workers)))
	var m vegeta.Metrics
	for res := range at.Attack(target, vegeta.Rate{Freq: 0}, dur, "bench") {
		m.Add(res)
	}
	m.Close()
	r := result{rps: m.Throughput, p50: m.Latencies.P50.Round(time.Microsecond), p95: m.Latencies.P95.Round(time.Microsecond),
		p99: m.Latencies.P99.Round(time.Microsecond)}
	if m.Success < 1 {
		r.errors = int(float64(m.Requests) * (1 - m.Success))
		if len(m.Errors) > 0 {
			r.firstError = m.Errors[0]
		}
	}
	return r
}

func serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }() // ErrServerClosed once the caller closes it
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

func fetch(url string, header http.Header) ([]byte, string, error) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header = header.Clone()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		return nil, "", fmt.Errorf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return b, res.Header.Get("Content-Type"), err
}
