package eoffer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/eoffer"
	"shop/internal/pricing"
)

// TestRecalcFastMatchesReference: the 64-bit recalculation gives, product by product and in
// the same order, exactly what the Go reference computes (eponuda_min without the ignored
// shops and ourselves, entry price with VAT, the new price rounded half away from zero and
// clamped at 0, the position), for random files, both bases, both formats and values from 0
// past 100 %, in and out of a scope, with the products read either way on PostgreSQL.
func TestRecalcFastMatchesReference(t *testing.T) {
	t.Parallel()
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		rnd := rand.New(rand.NewPCG(7, 11))
		now := time.Now().UTC()
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		for i, vat := range []int{2000, 1000, 0} {
			must(a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
				dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES (?, ?, 'RC', 1, 0, ?, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
				fmt.Sprintf("Kat %d", i), fmt.Sprintf("kat-%d", i), vat, true, now, now).Error)
		}
		must(a.DB.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Comtrade', ?, ?)", now, now).Error)
		var cats []uint64
		must(a.DB.Raw("SELECT id FROM categories ORDER BY id").Scan(&cats).Error)
		var supID uint64
		must(a.DB.Raw("SELECT id FROM suppliers").Scan(&supID).Error)
		const products = 60
		for i := 1; i <= products; i++ {
			var sup *uint64
			if i%3 != 0 {
				sup = &supID
			}
			// Entry prices with odd para, so the VAT's rounding meets halves.
			must(a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, supplier_id, active, visible, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, fmt.Sprintf("R%d", i), fmt.Sprintf("Proizvod %02d", i%17), fmt.Sprintf("r-%d", i),
				int64(rnd.IntN(500000)+5), cats[i%len(cats)], sup, true, true, now, now).Error)
		}
		if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
			t.Fatal(err)
		}
		shops := []string{"Gigatron", "Tehnomanija", "WinWin", "Naša Radnja", "NASA RADNJA", "Emmi"}
		var b strings.Builder
		b.WriteString("sku;prodavnica;cena\n")
		for i := 1; i <= products; i++ {
			for _, sh := range shops {
				if rnd.IntN(3) == 0 {
					continue
				}
				// Prices in whole dinars and in para, ties among shops.
				fmt.Fprintf(&b, "R%d;%s;%d,%02d\n", i, sh, 1000+rnd.IntN(40)*50, []int{0, 50, 49, 51}[rnd.IntN(4)])
			}
		}
		upload(t, a, b.String())
		for _, st := range []eoffer.Settings{
			{RelativeTo: "eponuda", Format: "%", Value: "2", Irrelevant: []string{"winwin"}},
			{RelativeTo: "eponuda", Format: "%", Value: "0"},
			{RelativeTo: "eponuda", Format: "%", Value: "12.35", Irrelevant: []string{"Gigatron", "Tehnomanija", "Emmi"}},
			{RelativeTo: "eponuda", Format: "%", Value: "150"},
			{RelativeTo: "eponuda", Format: "RSD", Value: "100,50"},
			{RelativeTo: "eponuda", Format: "RSD", Value: "5000"},
			{RelativeTo: "entry", Format: "%", Value: "7.5", Irrelevant: []string{"WinWin"}},
			{RelativeTo: "entry", Format: "%", Value: "0"},
			{RelativeTo: "entry", Format: "RSD", Value: "0.5"},
			{RelativeTo: "entry", Format: "RSD", Value: "250"},
		} {
			// PostgreSQL reads the file's products either way (every product in scope, or by
			// key): both must give the same.
			for k, scope := range []eoffer.Scope{{}, {Category: cats[1]}, {Supplier: supID}, {}, {Category: cats[1]}} {
				svc := eoffer.WithProductRead(a.Eoffer, k < 3)
				sqlRows, goRows, sqlOK, goOK, err := eoffer.RecalcBoth(ctx, svc, st, scope)
				if err != nil {
					t.Fatal(err)
				}
				if len(goRows) == 0 {
					t.Fatalf("%+v %+v: no rows", st, scope)
				}
				if d := cmp.Diff(goOK, sqlOK); d != "" {
					t.Fatalf("%+v %+v: priced differ (-go +sql):\n%s", st, scope, d)
				}
				// Rows the reference does not price keep whatever compute left half-filled:
				// compare the priced ones in full and the others by product.
				for i := range goRows {
					if !goOK[i] {
						goRows[i], sqlRows[i] = eoffer.Row{ID: goRows[i].ID}, eoffer.Row{ID: sqlRows[i].ID}
					}
				}
				if d := cmp.Diff(briefs(goRows), briefs(sqlRows)); d != "" {
					t.Fatalf("%+v %+v: rows differ (-go +sql):\n%s", st, scope, d)
				}
				for i := range goRows {
					if goRows[i].ID != sqlRows[i].ID || goRows[i].CategoryID != sqlRows[i].CategoryID {
						t.Fatalf("%+v: row %d: ids differ", st, i)
					}
					if goOK[i] && !cmp.Equal(goRows[i].SupplierID, sqlRows[i].SupplierID) {
						t.Fatalf("%+v: row %d: supplier ids differ", st, i)
					}
				}
				// Recalc's lists (on PostgreSQL filled straight from the statement's rows):
				// the reference's priced rows split at the entry price with VAT, in order.
				res, err := svc.Recalc(ctx, st, scope)
				if err != nil {
					t.Fatal(err)
				}
				checkLists(t, goRows, goOK, res)
			}
		}
	})
}

// TestRecalcFastManyProducts: a file of more products than one of recalcPG's blocks, named in
// another order than they are stored (the blocks' keys are sorted as they are read and merged
// at the end): the same rows in the same order as the reference.
func TestRecalcFastManyProducts(t *testing.T) {
	t.Parallel()
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		now := time.Now().UTC()
		seed(t, a)
		const products = 9000
		// Names out of the ids' order, some shared (the id breaks the tie).
		if err := a.DB.Exec(`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ?)
			INSERT INTO products (sku, name, slug, entry_price, main_category_id, active, visible, created_at, updated_at)
			SELECT 'M' || n, 'Model ' || ((n * 7919) % 4500), 'm-' || n, 100000 + n, (SELECT MIN(id) FROM categories), ?, ?, ?, ?
			FROM g`, products, true, true, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("sku;prodavnica;cena\n")
		for n := 1; n <= products; n++ {
			fmt.Fprintf(&b, "M%d;Gigatron;%d\nM%d;Emmi;%d,50\n", n, 1000+n%700, n, 990+n%900)
		}
		upload(t, a, b.String())
		st := eoffer.Settings{RelativeTo: "eponuda", Format: "%", Value: "2"}
		fast, ref, fastOK, refOK, err := eoffer.RecalcBoth(ctx, eoffer.WithProductRead(a.Eoffer, true), st, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ref) != products {
			t.Fatalf("%d rows, want %d", len(ref), products)
		}
		if d := cmp.Diff(briefs(ref), briefs(fast)); d != "" || !cmp.Equal(refOK, fastOK) {
			t.Fatalf("rows differ (-reference +fast):\n%s", d)
		}
		for i := range ref {
			if ref[i].ID != fast[i].ID {
				t.Fatalf("row %d: product %d, want %d", i, fast[i].ID, ref[i].ID)
			}
		}
		res, err := a.Eoffer.Recalc(ctx, st, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		checkLists(t, ref, refOK, res)
	})
}

// checkLists: Recalc's lists are the reference's priced rows split at the entry price with
// VAT, in order, and the rest counted as skipped.
func checkLists(t *testing.T, ref []eoffer.Row, refOK []bool, res *eoffer.Result) {
	t.Helper()
	var ok, nok []eoffer.Row
	skipped := 0
	for i, r := range ref {
		switch {
		case !refOK[i]:
			skipped++
		case r.NewPrice >= r.EntryPrice:
			ok = append(ok, r)
		default:
			nok = append(nok, r)
		}
	}
	if d := cmp.Diff([][]rowBrief{briefs(ok), briefs(nok)}, [][]rowBrief{briefs(res.OK), briefs(res.NOK)}); d != "" || skipped != res.Skipped {
		t.Fatalf("Recalc's lists differ (skipped %d, want %d; -reference +recalc):\n%s", res.Skipped, skipped, d)
	}
}
