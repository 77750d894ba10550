package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/xuri/excelize/v2"

	"shop/api"
	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/platform/config"
	"shop/internal/platform/money"
	"shop/internal/pricelist"
	"shop/tools/internal/shopproc"
)

// pricelistBench measures the supplier price-list import on PostgreSQL:
//   - (a) excelize iterating the 100,000 rows of a generated supplier file, doing nothing;
//   - (b) COPY of the same rows, as CSV, into an unlogged staging table;
//   - (c) the full import of that file (read, stage, merge, connect, recompute) for a supplier
//     whose products are half connected to shop products. Goal: c <= 1.5 x (a + b). Each
//     figure is the median of three rounds, each round's (c) the next day's list. Beside it
//     (c'), the same import with product_sort_keys' triggers off (the keys made equal again
//     after it): what the list's sort keys cost the import, in the same rounds.
//   - the import's peak memory (the import process's VmHWM) at 100,000 rows against 10,000
//     rows, for the generated list and for one as Excel saves it (shared strings). Goal: <= 1.3x.
//   - storefront-style reads (GET /api/v1/categories) while an import runs in the worker,
//     against the same reads idle. Goal: >= 70 %.
//
// It answers (c) and the memory at rows; for the growth table (growth) it measures only these.
func pricelistBench(base string, rows int, workers uint64, growth bool) ([]figure, error) {
	ctx := context.Background()
	dbURL, drop, err := shopproc.FreshDatabase(ctx, base, "shop_bench", false)
	if err != nil {
		return nil, err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer closeApp()
	dir, err := os.MkdirTemp("", "shop-bench-pricelist-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	fmt.Printf("\nSupplier price list: %d rows on PostgreSQL\n", rows)
	first := filepath.Join(dir, "first.xlsx") // the supplier's earlier list: its products exist
	// The measured lists: the following days', every price new each day. One per round of the
	// figures; the first also serves the memory and reads figures.
	// Odd days for (c), even days for (c') without the sort keys' triggers.
	days := make([]string, benchRounds)
	bareDays := make([]string, benchRounds)
	for i := range days {
		days[i] = filepath.Join(dir, fmt.Sprintf("pricelist-day%d.xlsx", 2*i+1))
		bareDays[i] = filepath.Join(dir, fmt.Sprintf("pricelist-day%d.xlsx", 2*i+2))
	}
	file := days[0]
	small := filepath.Join(dir, "small.xlsx")
	type sample struct {
		path      string
		n         int
		seed, day uint64
	}
	samples := []sample{{first, rows, 1, 0}, {small, rows / 10, 3, 0}}
	for i := range days {
		samples = append(samples, sample{days[i], rows, 1, uint64(2*i + 1)})
		if !growth {
			samples = append(samples, sample{bareDays[i], rows, 1, uint64(2*i + 2)})
		}
	}
	for _, f := range samples {
		if err := writeSample(f.path, f.n, f.seed, f.day); err != nil {
			return nil, err
		}
	}
	st, _ := os.Stat(file)
	fmt.Printf("  file: %d rows, %.1f MB\n", rows, float64(st.Size())/1e6)
	if os.Getenv("SHOP_BENCH_PRICELIST_MEMORY_ONLY") != "" {
		return importMemoryFigures(ctx, a, dbURL, dir, small, file, rows) // the memory figures alone
	}
	if os.Getenv("SHOP_BENCH_PRICELIST_READS_ONLY") != "" {
		// Only the reads-during-import figure (a quick check while tuning the import's CPU
		// share; the full run is the measurement).
		return nil, readsDuringImportFigure(ctx, a, cfg, log, file, workers)
	}

	// The supplier of (c): its products exist (the first list) and half are connected.
	sup, err := a.Catalog.CreateSupplier(ctx, "Bench dobavljač")
	if err != nil {
		return nil, err
	}
	if _, err := benchImport(ctx, a, sup.ID, first); err != nil {
		return nil, err
	}
	if err := connectHalf(ctx, a, sup.ID); err != nil {
		return nil, err
	}
	// Rounds of (a), (b) and (c) one after another, each figure the median of its rounds: on a
	// shared two-core machine one run of a few seconds varies by a fifth either way.
	var iterTimes, copyTimes, importTimes, bareTimes []time.Duration
	var n int
	var summary string
	for round, day := range days {
		// (a) excelize alone.
		start := time.Now()
		n, _, err = iterateRows(day, false)
		if err != nil {
			return nil, err
		}
		iterTimes = append(iterTimes, time.Since(start))
		_, csvData, err := iterateRows(day, true) // the CSV for (b), not timed
		if err != nil {
			return nil, err
		}
		// (b) COPY alone.
		copyTime, err := copyCSV(ctx, a, csvData)
		if err != nil {
			return nil, err
		}
		copyTimes = append(copyTimes, copyTime)
		// (c) the import of the day's list (the tables vacuumed first, as a day's autovacuum
		// would have).
		if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
			return nil, err
		}
		start = time.Now()
		if summary, err = benchImport(ctx, a, sup.ID, day); err != nil {
			return nil, err
		}
		importTimes = append(importTimes, time.Since(start))
		if growth {
			continue
		}
		// (c') the next day's list without the sort keys' triggers.
		bare, err := importWithoutSortKeys(ctx, a, sup.ID, bareDays[round])
		if err != nil {
			return nil, err
		}
		bareTimes = append(bareTimes, bare)
	}
	iterTime, copyTime, importTime := median(iterTimes), median(copyTimes), median(importTimes)
	base1 := iterTime + copyTime
	ratio := importTime.Seconds() / base1.Seconds()
	fmt.Printf("  medians of %d rounds (each round: a, b, then c of the next day's list)\n", benchRounds)
	fmt.Printf("  %-46s %8s  (%d rows; %s)\n", "(a) excelize iterating the rows", iterTime.Round(time.Millisecond), n, durations(iterTimes))
	fmt.Printf("  %-46s %8s  (%s)\n", "(b) COPY of the rows as CSV, unlogged table", copyTime.Round(time.Millisecond), durations(copyTimes))
	fmt.Printf("  %-46s %8s  (%s; last: %s)\n", "(c) full import, half connected", importTime.Round(time.Millisecond), durations(importTimes), summary)
	fmt.Printf("  ratio c / (a + b) %.2f (goal <= 1.50: %s)\n", ratio, verdict(ratio <= 1.5))
	figs := []figure{batchTime("price-list import (c)", importTime)}
	if growth {
		mem, err := importMemoryFigures(ctx, a, dbURL, dir, small, file, rows)
		return append(figs, mem...), err
	}
	bareTime := median(bareTimes)
	// The admin list's sort keys must not undo the import's in-place updates: the import with
	// the keys against the same import without them. Goal: at most 1.25x.
	keys := importTime.Seconds() / bareTime.Seconds()
	fmt.Printf("  %-46s %8s  (%s; ratio c' / (a + b) %.2f)\n", "(c') the same without the sort keys' triggers", bareTime.Round(time.Millisecond),
		durations(bareTimes), bareTime.Seconds()/base1.Seconds())
	fmt.Printf("  ratio c / c' %.2f: what the list's sort keys cost the import (goal <= 1.25: %s)\n", keys, verdict(keys <= 1.25))
	if os.Getenv("SHOP_BENCH_PRICELIST_IMPORT_ONLY") != "" {
		return figs, nil // the import's figure alone (while tuning what it writes)
	}

	mem, err := importMemoryFigures(ctx, a, dbURL, dir, small, file, rows)
	if err != nil {
		return nil, err
	}
	return append(figs, mem...), readsDuringImportFigure(ctx, a, cfg, log, file, workers)
}

// importWithoutSortKeys times benchImport of path with product_sort_keys' triggers off (the
// tables vacuumed first, as for (c)); the keys are made equal to products again afterwards.
func importWithoutSortKeys(ctx context.Context, a *app.App, supplierID uint64, path string) (time.Duration, error) {
	db := a.DB.WithContext(ctx)
	if err := db.Exec("VACUUM ANALYZE").Error; err != nil {
		return 0, err
	}
	if err := toggleSortKeyTriggers(db, false); err != nil {
		return 0, err
	}
	start := time.Now()
	_, err := benchImport(ctx, a, supplierID, path)
	took := time.Since(start)
	if err := toggleSortKeyTriggers(db, true); err != nil {
		return 0, err
	}
	if err != nil {
		return 0, err
	}
	return took, resyncSortKeys(db)
}

// benchRounds is how many times a figure is measured (-rounds).
var benchRounds = 3

// median is the middle of ds (of an even count, the upper one).
func median(ds []time.Duration) time.Duration {
	sorted := append([]time.Duration(nil), ds...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return sorted[len(sorted)/2]
}

// durations lists ds rounded, for the figures' lines.
func durations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Round(time.Millisecond).String()
	}
	return strings.Join(parts, ", ")
}

func writeSample(path string, n int, seed, day uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pricelist.WriteSample(f, n, pricelist.SampleOptions{Seed: seed, Day: day, FirstSKU: 1})
}

// iterateRows reads every row of the first sheet through excelize's streaming iterator; with
// keep it also writes them as CSV (for the COPY figure).
func iterateRows(path string, keep bool) (int, []byte, error) {
	f, err := excelize.OpenFile(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	rs, err := f.Rows(f.GetSheetName(0))
	if err != nil {
		return 0, nil, err
	}
	defer rs.Close()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	n := 0
	for rs.Next() {
		cols, err := rs.Columns()
		if err != nil {
			return 0, nil, err
		}
		n++
		if keep && n > 1 {
			rec := make([]string, 9)
			rec[0] = strconv.Itoa(n)
			copy(rec[1:], cols)
			_ = w.Write(rec)
		}
	}
	w.Flush()
	return n - 1, buf.Bytes(), rs.Error()
}

// copyCSV times COPY ... FROM STDIN (csv) of the rows into a fresh unlogged table.
func copyCSV(ctx context.Context, a *app.App, data []byte) (time.Duration, error) {
	sqlDB, err := a.DB.DB()
	if err != nil {
		return 0, err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `CREATE UNLOGGED TABLE bench_staging (line int, sku text, name text,
		category text, brand text, price text, recommended text, stock text, ean text)`); err != nil {
		return 0, err
	}
	// scratch table in the throw-away bench database: a failed drop goes with the database
	defer func() { _, _ = sqlDB.ExecContext(ctx, "DROP TABLE IF EXISTS bench_staging") }()
	var took time.Duration
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		start := time.Now()
		_, err := pc.CopyFrom(ctx, bytes.NewReader(data), "COPY bench_staging FROM STDIN (FORMAT csv)")
		took = time.Since(start)
		return err
	})
	return took, err
}

// importMemoryFigures are importMemoryFigure for the generated list (small and file) and for
// one of as many rows saved as Excel saves it; it answers both peaks at rows.
func importMemoryFigures(ctx context.Context, a *app.App, dbURL, dir, small, file string, rows int) ([]figure, error) {
	fmt.Println("  memory, the generated list (inline strings, as excelize's StreamWriter writes them):")
	generated, err := importMemoryFigure(ctx, a, dbURL, small, file)
	if err != nil {
		return nil, err
	}
	// An Excel-saved list keeps its texts in a shared-strings table, which the reader inlines
	// first (xlsxinline): its memory figure is the one that needs it.
	excelSmall, excelLarge := filepath.Join(dir, "excel-small.xlsx"), filepath.Join(dir, "excel-large.xlsx")
	for _, f := range []struct {
		path string
		n    int
	}{{excelSmall, rows / 10}, {excelLarge, rows}} {
		out, err := os.Create(f.path)
		if err != nil {
			return nil, err
		}
		err = pricelist.WriteExcelSample(out, f.n)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
	}
	fmt.Println("  memory, a list as Excel saves it (shared strings):")
	excel, err := importMemoryFigure(ctx, a, dbURL, excelSmall, excelLarge)
	return []figure{memoryMB("price-list import, peak memory (VmHWM)", generated),
		memoryMB("price-list import as Excel saves it, peak memory", excel)}, err
}

// importMemoryFigure imports the small and the large file, each for a new supplier, in a child
// process of its own (this program again, with -import-child), and compares the children's peak
// resident sets: the import's memory, apart from this process's. It answers the large one's
// in MB.
func importMemoryFigure(ctx context.Context, a *app.App, dbURL, small, large string) (float64, error) {
	peak := map[string]int64{}
	rows := map[string]string{}
	for _, f := range []struct{ name, path string }{{"small", small}, {"large", large}} {
		sup, err := a.Catalog.CreateSupplier(ctx, "Bench memorija "+filepath.Base(f.path))
		if err != nil {
			return 0, err
		}
		summary, kb, err := runChild(dbURL, "-import-child", f.path, "-import-child-supplier", strconv.FormatUint(sup.ID, 10))
		if err != nil {
			return 0, fmt.Errorf("import child %s: %w", f.name, err)
		}
		peak[f.name], rows[f.name] = kb, summary
	}
	ratio := float64(peak["large"]) / float64(peak["small"])
	fmt.Printf("    peak memory of an import process (VmHWM): %.1f MB (%s), %.1f MB (%s)\n",
		float64(peak["small"])/1024, rows["small"], float64(peak["large"])/1024, rows["large"])
	fmt.Printf("    ratio %.2f (goal <= 1.30: %s)\n", ratio, verdict(ratio <= 1.3))
	return float64(peak["large"]) / 1024, nil
}

// importChild is the child process of importMemoryFigure: the app on the bench database with
// an in-process queue, one inline import, its summary on stdout.
func importChild(path string, supplierID uint64) error {
	ctx := context.Background()
	a, _, _, closeApp, err := benchApp(ctx, os.Getenv("SHOP_BENCH_CHILD_DATABASE_URL"))
	if err != nil {
		return err
	}
	defer closeApp()
	summary, err := benchImport(ctx, a, supplierID, path)
	if err != nil {
		return err
	}
	return printWithPeak(summary)
}

// runChild runs this program again with args on the bench database dbURL (a memory figure's
// child) and answers what it printed with its peak resident set in kB. The child's own
// high-water mark (VmHWM), which it prints: the rusage's maxrss of a child this process started
// also counts this process's resident set at the fork.
func runChild(dbURL string, args ...string) (string, int64, error) {
	self, err := os.Executable()
	if err != nil {
		return "", 0, err
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), "SHOP_BENCH_CHILD_DATABASE_URL="+dbURL)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", 0, fmt.Errorf("%w\n%s", err, out.String())
	}
	summary, hwm, ok := strings.Cut(strings.TrimSpace(out.String()), "\nVmHWM ")
	kb, err := strconv.ParseInt(strings.TrimSpace(hwm), 10, 64)
	if !ok || err != nil {
		return "", 0, fmt.Errorf("the child said %q", out.String())
	}
	return summary, kb, nil
}

// printWithPeak is a child's last words for runChild: its summary and its VmHWM.
func printWithPeak(summary string) error {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err
	}
	hwm := ""
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			hwm = strings.TrimSuffix(strings.TrimSpace(v), " kB")
		}
	}
	fmt.Printf("%s\nVmHWM %s\n", summary, hwm)
	return nil
}

// readsDuringImportFigure: GET /api/v1/categories (a storefront read) idle, then while the
// worker imports the large file for another supplier. The API and the worker run as production
// runs them: two processes, the worker's at worker.nice (cmd/shopd; docs/platform.md); in one
// process the import's CPU work and the reads share one priority.
func readsDuringImportFigure(ctx context.Context, a *app.App, cfg *config.Config, log *slog.Logger, file string, workers uint64) error {
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog,
		Blobs: a.Blobs, Notify: a.Notify, Hub: a.Hub, Pricelist: a.Pricelist, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return err
	}
	defer stop()
	target := srv + "/api/v1/categories"
	header := http.Header{}
	attack(target, header, workers, time.Second) // warm-up
	idle := attack(target, header, workers, 3*time.Second)

	// The worker in a process of its own, as production splits them (--role api / worker).
	stopWorker, err := startWorkerProcess(cfg)
	if err != nil {
		return err
	}
	defer func() { _ = stopWorker() }() // the figures are taken; how the child ends does not change them
	sup, err := a.Catalog.CreateSupplier(ctx, "Bench tokom uvoza")
	if err != nil {
		return err
	}
	id, err := enqueueImport(ctx, a, sup.ID, file)
	if err != nil {
		return err
	}
	// Wait until the worker has taken it, then read while it runs.
	for status(ctx, a, id) == "queued" {
		time.Sleep(20 * time.Millisecond)
	}
	during := attack(target, header, workers, 3*time.Second)
	st := status(ctx, a, id)
	for st == "running" || st == "queued" {
		time.Sleep(100 * time.Millisecond)
		st = status(ctx, a, id)
	}
	if st != "finished" {
		return fmt.Errorf("import during reads ended %q", st)
	}
	ratio := during.rps / idle.rps
	fmt.Printf("  storefront reads (GET /api/v1/categories, %d connections): idle %.0f req/s, during an import %.0f req/s\n",
		workers, idle.rps, during.rps)
	fmt.Printf("  ratio %.2f (goal >= 0.70: %s)\n", ratio, verdict(ratio >= 0.7))
	return nil
}

func status(ctx context.Context, a *app.App, id uint64) string {
	var s string
	a.DB.WithContext(ctx).Raw("SELECT status FROM pricelist_imports WHERE id = ?", id).Scan(&s)
	return strings.TrimSpace(s)
}

// connectHalf makes shop products of about half the supplier's products (those of every other
// supplier category), connected to them, as the products import does.
func connectHalf(ctx context.Context, a *app.App, supplierID uint64) error {
	bps := func(v int64) *money.Bps { b := money.Bps(v); return &b }
	para := money.Para(100)
	cat, err := a.Catalog.CreateCategory(ctx, catalog.CategoryInput{Name: "Bench kategorija", Prefix: "BN",
		Pdv: bps(2000), WebMargin: bps(1500), RetailMargin: bps(2500), DealerMargin: bps(800),
		DescriptionTime: "1-3 dana", MinPrice: &para, AllowedRebate: bps(500)})
	if err != nil {
		return err
	}
	var names []string
	if err := a.DB.WithContext(ctx).Raw("SELECT DISTINCT category FROM supplier_products WHERE supplier_id = ? ORDER BY category",
		supplierID).Scan(&names).Error; err != nil {
		return err
	}
	for i, name := range names {
		if i%2 == 1 {
			continue
		}
		if _, err := a.Catalog.CreateProductsFromSupplierProducts(ctx, catalog.SupplierImportSelection{
			SupplierID: supplierID, SupplierCategory: name, CategoryID: cat.ID}); err != nil {
			return err
		}
	}
	var connected, all int64
	if err := a.DB.WithContext(ctx).Raw("SELECT COUNT(product_id), COUNT(*) FROM supplier_products WHERE supplier_id = ?", supplierID).Row().Scan(&connected, &all); err != nil {
		return err
	}
	fmt.Printf("  supplier set up: %d of %d products connected to shop products\n", connected, all)
	return nil
}

// uploadFile hands the file to svc's Upload for the supplier: queued for the worker, or run
// here when svc is Inline().
func uploadFile(ctx context.Context, svc *pricelist.Service, supplierID uint64, path string) (*pricelist.ImportView, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return svc.Upload(ctx, 0, supplierID, filepath.Base(path), f, st.Size())
}

// benchImport imports the file for the supplier in this process (no queue): the whole path of
// `shopctl import pricelist`, timed by the caller.
func benchImport(ctx context.Context, a *app.App, supplierID uint64, path string) (string, error) {
	v, err := uploadFile(ctx, a.Pricelist.Inline(), supplierID, path)
	if err != nil {
		return "", err
	}
	if v.Status != "finished" {
		return "", fmt.Errorf("import %d ended %q: %s", v.ID, v.Status, v.Error)
	}
	return fmt.Sprintf("rows %d: created %d, updated %d, unchanged %d, rejected %d", v.Rows, v.Created, v.Updated, v.Unchanged, v.Rejected), nil
}

// enqueueImport uploads the file for the supplier; the queue's worker imports it.
func enqueueImport(ctx context.Context, a *app.App, supplierID uint64, path string) (uint64, error) {
	v, err := uploadFile(ctx, a.Pricelist, supplierID, path)
	if err != nil {
		return 0, err
	}
	return v.ID, nil
}

// pricelistFigures runs the price-list figures when a PostgreSQL server is given.
func pricelistFigures(rows int, workers uint64, growth bool) ([]figure, error) {
	base := os.Getenv("SHOP_BENCH_DATABASE_URL")
	if base == "" {
		base = os.Getenv("SHOP_TEST_DATABASE_URL")
	}
	if rows <= 0 || base == "" {
		fmt.Println("\nSupplier price list: skipped (set SHOP_BENCH_DATABASE_URL to a PostgreSQL server)")
		return nil, nil
	}
	return pricelistBench(base, rows, workers, growth)
}
