// Command soak keeps a shop of real shopd processes (two APIs, a worker and a scheduler on one
// PostgreSQL and Redis, 100,000 products) busy for a long time and tells whether it stays the
// same shop at the end as at the start. It is `make soak` (SOAK=60m by default).
//
// The run: a fresh database is migrated and seeded with shopctl as an operator would; the
// processes start; a closed-loop burst of the mixed workload measures the maximum throughput
// while the bot and a round of imports run beside it (the shop at its busiest; the lower of a
// round with each day's price list); then an open-loop load generator sends 80 % of it for the whole run: 70 % browsing and search
// (Cyrillic and Latin), 20 % cart, 5 % checkout (guests and customers), 5 % admin edits and
// lists. Beside it a checkout bot posts guest orders from one address (its answers past the
// limit are 429), and every import period a 100,000-row supplier price list and a
// 100,000-offer e-ponuda file are uploaded through the admin API, while the scheduler exports
// the feeds on its cron.
//
// The goals, checked at the end (exit status 1 when one is missed): no failed request and no
// time-out; each request class's p95 in the last window within 1.5 x its first window's; each
// process's RSS, goroutines and open files and the database's connections flat (the last
// window's mean within 1.2 x the first's); Redis memory bounded; no stock below zero and every
// order's total equal to its lines. A window is ten minutes, or a third of a shorter run.
// It prints a table and writes report.html (the series as plots) and report.txt to -out.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
)

func main() { os.Exit(soak()) }

// soak runs the soak and answers the exit status: 0 passed, 1 a goal missed, 2 it could not run.
func soak() int {
	dur := flag.Duration("duration", envDuration("SOAK", 60*time.Minute), "length of the measured run (default $SOAK or 60m)")
	products := flag.Int64("products", 100_000, "catalogue size")
	importRows := flag.Int("import-rows", 100_000, "rows of the price list and offers of the e-ponuda file uploaded each import period")
	importEvery := flag.Duration("import-every", 10*time.Minute, "how often the imports run (at most a third of -duration)")
	share := flag.Float64("load", 0.8, "the open-loop rate as a share of the measured maximum throughput")
	out := flag.String("out", "var/soak", "folder for the report, the processes' logs and the generated files")
	bin := flag.String("bin", "bin", "folder with the shopd and shopctl binaries")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := &run{dur: *dur, products: *products, importRows: *importRows, importEvery: min(*importEvery, *dur/3), share: *share}
	if err := r.main(ctx, *out, *bin); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		return 2
	}
	if !r.passed {
		return 1
	}
	return 0
}

func envDuration(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil && d > 0 {
		return d
	}
	return def
}

// run is one soak: its settings, the shop under load and what was measured.
type run struct {
	dur         time.Duration
	products    int64
	importRows  int
	importEvery time.Duration
	share       float64

	shop *shop
	work *workload
	rec  *recorder

	ordersBefore int64 // orders in the shop when the measured run began
	res          *sampler
	passed       bool
}

func (r *run) main(ctx context.Context, outDir, bin string) error {
	out, err := filepath.Abs(outDir)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	binDir, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	fmt.Printf("soak: %v at %.0f %% of the maximum throughput, %d products, imports every %v; output in %s\n",
		r.dur, r.share*100, r.products, r.importEvery, out)

	r.shop, err = startShop(ctx, binDir, out, r.products, r.importRows)
	if err != nil {
		return err
	}
	defer r.shop.close()

	w, err := newWorkload(ctx, r.shop)
	if err != nil {
		return err
	}
	r.work = w
	most, err := w.maxThroughput(ctx, 16, 30*time.Second)
	if err != nil {
		return err
	}
	rate := most * r.share
	fmt.Printf("maximum throughput (16 connections, closed loop, with the bot and import rounds, the lower): %.0f visits/s; the run sends %.0f visits/s\n", most, rate)

	if err := r.shop.db.WithContext(ctx).Raw("SELECT COUNT(*) FROM orders").Scan(&r.ordersBefore).Error; err != nil {
		return err
	}
	r.rec = newRecorder(time.Now())
	r.res = newSampler(r.shop, r.rec.start)
	runCtx, cancel := context.WithTimeout(ctx, r.dur)
	defer cancel()
	done := make(chan struct{}, 4)
	go func() { r.res.loop(runCtx, 10*time.Second); done <- struct{}{} }()
	go func() { w.bot(runCtx, r.rec); done <- struct{}{} }()
	go func() { w.imports(runCtx, r.rec, r.importEvery); done <- struct{}{} }()
	go func() { w.open(runCtx, r.rec, rate); done <- struct{}{} }()
	for range 4 {
		<-done
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	rep, err := r.report(ctx, rate, most)
	if err != nil {
		return err
	}
	fmt.Print(rep.text)
	if err := os.WriteFile(filepath.Join(out, "report.txt"), []byte(rep.text), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "report.html"), rep.html, 0o644); err != nil {
		return err
	}
	fmt.Printf("plots: %s\n", filepath.Join(out, "report.html"))
	r.passed = rep.passed
	return nil
}
