package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"shop/internal/app"
	"shop/internal/eoffer"
	"shop/internal/pricing"
)

// eofferFigures measures the e-ponuda price tool on PostgreSQL: a competitor CSV of rows offers
// (two per product, five shops) parsed and stored as the upload's job does, then recalculated
// (relative to e-ponuda, 2 %, one competitor ignored), against the baseline of reading the same
// file and COPYing its rows into an unlogged table. Goal: at most 4x (a job of a few hundred
// milliseconds that a person starts a few times a day). Medians of three rounds.
// "parse + store" is the whole upload run inline (the file kept in the object store, the
// import's row, the job: parse, the SKUs, the offers encoded and stored in the finishing
// transaction); "recalc" is Recalc as the screen calls it. Both sides run the same file. It
// answers the time of both and the Go heap's growth during them (one more run).
func eofferFigures(rows int) ([]figure, error) {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "E-ponuda competitor file", rows > 0)
	if err != nil || dbURL == "" {
		return nil, err
	}
	defer drop()
	a, _, _, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer closeApp()
	products := rows / 2
	now := time.Now().UTC()
	if err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
		dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('Bench', 'bench-ep', 'BE', 1, 0, 2000, 1000, 2500, 500, 0, 0, true, ?, ?)`,
		now, now).Error; err != nil {
		return nil, err
	}
	if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, active, visible, created_at, updated_at)
		SELECT 'EP-' || g, 'Proizvod ' || g, 'ep-' || g, 100000 + g, (SELECT id FROM categories WHERE slug = 'bench-ep'), true, true, ?, ?
		FROM generate_series(1, ?) g`, now, now, products).Error; err != nil {
		return nil, err
	}
	if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "shop-bench-eoffer-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ponuda.csv")
	var b strings.Builder
	b.WriteString("sku;prodavnica;cena\n")
	shops := []string{"Gigatron", "Tehnomanija", "WinWin", "Emmi", "Dr Techno"}
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&b, "EP-%d;%s;%d,%02d\n", i/2+1, shops[i%len(shops)], 1000+i%5000, i%100)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	fmt.Printf("\nE-ponuda competitor file: %d offers of %d products on PostgreSQL, %.1f MB CSV\n", rows, products, float64(b.Len())/1e6)
	svc := a.Eoffer.Inline()
	settings := eoffer.Settings{RelativeTo: eoffer.RelativeEponuda, Format: eoffer.FormatPercent, Value: "2", Irrelevant: []string{"WinWin"}}
	var baseTimes, parseTimes, recalcTimes []time.Duration
	var okN, nokN int
	// run uploads the file (parse + store) and recalculates, timing each.
	run := func() (parse, recalc time.Duration, res *eoffer.Result, err error) {
		start := time.Now()
		f, err := os.Open(path)
		if err != nil {
			return 0, 0, nil, err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return 0, 0, nil, err
		}
		imp, err := svc.Upload(ctx, 0, "ponuda.csv", f, st.Size())
		if err != nil {
			return 0, 0, nil, err
		}
		if imp.Offers != rows {
			return 0, 0, nil, fmt.Errorf("import stored %d offers, want %d (%s)", imp.Offers, rows, imp.Error)
		}
		parse = time.Since(start)
		start = time.Now()
		res, err = svc.Recalc(ctx, settings, eoffer.Scope{})
		return parse, time.Since(start), res, err
	}
	for round := 0; round < benchRounds; round++ {
		start := time.Now()
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		copyTook, err := copyCompetitors(ctx, a, data)
		if err != nil {
			return nil, err
		}
		baseTimes = append(baseTimes, time.Since(start))
		_ = copyTook

		parse, recalc, res, err := run()
		if err != nil {
			return nil, err
		}
		parseTimes, recalcTimes = append(parseTimes, parse), append(recalcTimes, recalc)
		okN, nokN = len(res.OK), len(res.NOK)
	}
	before, peak, err := heapPeak(func() error { _, _, _, err := run(); return err })
	if err != nil {
		return nil, err
	}
	// What the recalculation reads, with nothing computed: the file's stored offers, the
	// categories and suppliers, and every product's columns it shows (Recalc's reads): the
	// floor of this design.
	var floorTimes []time.Duration
	for round := 0; round < benchRounds; round++ {
		start := time.Now()
		for _, q := range []string{`SELECT shops, offers FROM eoffer_offer_sets
			WHERE import_id = (SELECT MAX(id) FROM eoffer_imports WHERE status = 'finished')`,
			"SELECT id, name, pdv_bps FROM categories", "SELECT id, name FROM suppliers",
			"SELECT p.id, p.name, p.sku, p.entry_price, p.web_price, p.main_category_id, p.supplier_id FROM products p"} {
			rows, err := a.DB.Raw(q).Rows()
			if err != nil {
				return nil, err
			}
			for rows.Next() {
			}
			rows.Close()
		}
		floorTimes = append(floorTimes, time.Since(start))
	}
	baseline, parse, recalc := median(baseTimes), median(parseTimes), median(recalcTimes)
	fmt.Printf("  %-44s %s (rounds %s)\n", "read the file + COPY into an unlogged table", baseline.Round(time.Millisecond), durations(baseTimes))
	fmt.Printf("  %-44s %s (rounds %s)\n", "parse + store the offers (the upload's job)", parse.Round(time.Millisecond), durations(parseTimes))
	fmt.Printf("  %-44s %s (rounds %s; ok %d, nok %d)\n", "recalc (relative to e-ponuda, 2 %)", recalc.Round(time.Millisecond), durations(recalcTimes), okN, nokN)
	floor := median(floorTimes)
	fmt.Printf("  %-44s %s (rounds %s; %.2f x the baseline)\n", "reading the offers and products back alone", floor.Round(time.Millisecond),
		durations(floorTimes), float64(floor)/float64(baseline))
	ratio := float64(parse+recalc) / float64(baseline)
	verdict := "meets"
	if ratio > 4 {
		verdict = "MISSES"
	}
	fmt.Printf("  ratio %.2f (goal <= 4.00: %s)\n", ratio, verdict)
	fmt.Printf("  Go heap in use during parse + store + recalc: %.1f MB before, +%.1f MB at the peak\n", float64(before)/1e6, float64(peak-before)/1e6)
	return []figure{batchTime("e-ponuda file: parse + store + recalc", parse+recalc),
		memoryMB("e-ponuda file: Go heap growth during them", float64(peak-before)/1e6)}, nil
}

// copyCompetitors times COPY ... FROM STDIN of the file's rows into a fresh unlogged table.
func copyCompetitors(ctx context.Context, a *app.App, data []byte) (time.Duration, error) {
	sqlDB, err := a.DB.DB()
	if err != nil {
		return 0, err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `CREATE UNLOGGED TABLE bench_competitors (sku text, shop text, price text)`); err != nil {
		return 0, err
	}
	// scratch table in the throw-away bench database: a failed drop goes with the database
	defer func() { _, _ = sqlDB.ExecContext(ctx, "DROP TABLE IF EXISTS bench_competitors") }()
	var took time.Duration
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		start := time.Now()
		_, err := pc.CopyFrom(ctx, bytes.NewReader(data), "COPY bench_competitors FROM STDIN (FORMAT csv, DELIMITER ';', HEADER true)")
		took = time.Since(start)
		return err
	})
	return took, err
}
