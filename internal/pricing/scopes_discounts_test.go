package pricing_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/pricing"
)

// TestDiscountScopes: the discount services' scopes reach exactly the products of a mass run
// and of a discount type (their stale prices are rewritten, the others' are not).
func TestDiscountScopes(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
		cat := mustCategory(t, gdb, "k", pricing.Margins{Pdv: 2000, Web: 1000})
		now := time.Now().UTC()
		day := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
		for _, typ := range []string{"A", "B"} {
			if err := gdb.Exec("INSERT INTO discount_types (name, created_at, updated_at) VALUES (?, ?, ?)", typ, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		// P1, P2: run 7 with type 1; P3: type 2 by hand; P4: no discount. All priced wrong.
		for i, d := range []struct {
			sku  string
			typ  uint64
			run  *uint64
			none bool
		}{{"P1", 1, ptr[uint64](7), false}, {"P2", 1, ptr[uint64](7), false}, {"P3", 2, nil, false}, {"P4", 0, nil, true}} {
			if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, retail_price, dealer_price, authenticated_price,
				main_category_id, created_at, updated_at) VALUES (?, ?, ?, 100000, 1, 1, 1, 1, ?, ?, ?)`, d.sku, d.sku, d.sku, cat, now, now).Error; err != nil {
				t.Fatal(err)
			}
			if d.none {
				continue
			}
			if err := gdb.Exec(`INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, mass_run_id, created_at, updated_at)
				VALUES (?, ?, 100, 0, ?, ?, ?, ?, ?)`, i+1, d.typ, day, day, d.run, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		recompute := func(sc pricing.Scope) int64 {
			t.Helper()
			n, err := svc.RecomputeTx(ctx, gdb, sc)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := recompute(pricing.MassRunProducts(7)); n != 2 {
			t.Errorf("mass run scope wrote %d products, want 2 (P1, P2)", n)
		}
		if n := recompute(pricing.DiscountTypeProducts(2)); n != 1 {
			t.Errorf("type scope wrote %d products, want 1 (P3)", n)
		}
		if got := storedPrices(t, gdb)["P4"]; got != (pricing.Prices{Web: 1, Retail: 1, Dealer: 1, Authenticated: 1}) {
			t.Errorf("P4, in neither scope, changed: %+v", got)
		}
	})
}
