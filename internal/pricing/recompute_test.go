package pricing_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// mustCategory adds a category with margins m.
func mustCategory(tb testing.TB, gdb *gorm.DB, name string, m pricing.Margins) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	if err := gdb.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
		dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES (?, ?, 'KA', 1, 0, ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
		name, name, m.Pdv, m.Web, m.Retail, m.Dealer, true, now, now).Error; err != nil {
		tb.Fatal(err)
	}
	var id uint64
	if err := gdb.Raw("SELECT id FROM categories WHERE slug = ?", name).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// storedPrices reads every product's derived prices by SKU.
func storedPrices(tb testing.TB, gdb *gorm.DB) map[string]pricing.Prices {
	tb.Helper()
	var rows []struct {
		SKU                                           string `gorm:"column:sku"`
		WebPrice, RetailPrice, DealerPrice, AuthPrice int64
	}
	if err := gdb.Raw("SELECT sku, web_price, retail_price, dealer_price, authenticated_price AS auth_price FROM products").Scan(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[string]pricing.Prices{}
	for _, r := range rows {
		out[r.SKU] = pricing.Prices{Web: money.Para(r.WebPrice), Retail: money.Para(r.RetailPrice), Dealer: money.Para(r.DealerPrice), Authenticated: money.Para(r.AuthPrice)}
	}
	return out
}

// TestRecomputeAgreesWithDerive is the property that the formula's two renderings agree: the
// set-based recompute stores exactly what Derive computes, for random VAT, margins and entry
// prices (with halves, tiny, huge and negative amounts among them), on both databases; only the
// scope's products are touched, and a second run writes nothing.
func TestRecomputeAgreesWithDerive(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
		now := time.Now().UTC()
		seed := uint64(time.Now().UnixNano())
		t.Logf("seed %d", seed)
		rnd := rand.New(rand.NewPCG(seed, 2))
		margins := []pricing.Margins{
			{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500},
			{Pdv: 1000, Web: 1234, Retail: 1234, Dealer: 1234},
			{Pdv: 2000},
			{Pdv: 9999, Web: 9999, Retail: 9999, Dealer: 9999},
			{Pdv: 0, Web: 1, Retail: 9998, Dealer: 3333},
		}
		for i := 0; i < 10; i++ {
			margins = append(margins, pricing.Margins{Pdv: money.Bps(rnd.IntN(10000)), Web: money.Bps(rnd.IntN(10000)),
				Retail: money.Bps(rnd.IntN(10000)), Dealer: money.Bps(rnd.IntN(10000))})
		}
		catIDs := make([]uint64, len(margins))
		for i, m := range margins {
			catIDs[i] = mustCategory(t, gdb, fmt.Sprintf("k%d", i), m)
		}
		entries := []int64{0, 1, 10, 124, 125, 9999, 100000, 1234567, 5_000_000_000, 1_000_000_000_000, 400_000_000_000_000, -125, -9999, -1_234_567}
		for i := 0; i < 150; i++ {
			switch i % 3 {
			case 0:
				entries = append(entries, rnd.Int64N(100_000))
			case 1:
				entries = append(entries, rnd.Int64N(100_000_000))
			default:
				entries = append(entries, rnd.Int64N(400_000_000_000_000))
			}
		}
		// One product outside the scope (added before it) keeps its (wrong) prices.
		if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, retail_price, dealer_price, authenticated_price,
			main_category_id, created_at, updated_at) VALUES ('OUT', 'OUT', 'out', 100000, 1, 1, 1, 1, ?, ?, ?)`, catIDs[0], now, now).Error; err != nil {
			t.Fatal(err)
		}
		want, entryOf := map[string]pricing.Prices{}, map[string]int64{}
		n := 0
		var rows []map[string]any
		for _, e := range entries {
			for ci, m := range margins {
				n++
				sku := fmt.Sprintf("R%d", n)
				rows = append(rows, map[string]any{"sku": sku, "name": sku, "slug": sku, "entry_price": e, "web_price": 1, "retail_price": 1,
					"dealer_price": 1, "authenticated_price": 1, "main_category_id": catIDs[ci], "created_at": now, "updated_at": now})
				want[sku] = pricing.Derive(money.Para(e), m)
				entryOf[sku] = e
			}
		}
		if err := gdb.Table("products").CreateInBatches(rows, 200).Error; err != nil {
			t.Fatal(err)
		}
		var out uint64
		gdb.Raw("SELECT id FROM products WHERE sku = 'OUT'").Scan(&out)
		recompute := func() int64 {
			t.Helper()
			var got int64
			err := gdb.Transaction(func(tx *gorm.DB) error {
				var err error
				got, err = svc.RecomputeTx(ctx, tx, pricing.AddedAfter(out))
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := recompute(); got != int64(n) {
			t.Errorf("first recompute wrote %d products, want %d", got, n)
		}
		bad := 0
		for sku, got := range storedPrices(t, gdb) {
			w, ok := want[sku]
			if !ok {
				w = pricing.Prices{Web: 1, Retail: 1, Dealer: 1, Authenticated: 1}
			}
			if diff := cmp.Diff(w, got); diff != "" && bad < 10 {
				bad++
				t.Errorf("%s entry %d (-Derive +SQL):\n%s", sku, entryOf[sku], diff)
			}
		}
		if got := recompute(); got != 0 {
			t.Errorf("second recompute wrote %d products, want 0", got)
		}
	})
}

// TestApplyOffersTx: products of the offers take the supplier's price, stock and supplier with
// their derived prices in one statement; the others are untouched; a second run writes nothing.
func TestApplyOffersTx(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
		now := time.Now().UTC()
		m := pricing.Margins{Pdv: 2000, Web: 1500, Retail: 3000, Dealer: 700}
		catID := mustCategory(t, gdb, "k", m)
		if err := gdb.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('S', ?, ?)", now, now).Error; err != nil {
			t.Fatal(err)
		}
		var sid uint64
		gdb.Raw("SELECT id FROM suppliers").Scan(&sid)
		prices := map[string]int64{"P1": 123456, "P2": 99, "P3": 5_000_000}
		for sku, price := range prices {
			if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)`,
				sku, sku, sku, catID, now, now).Error; err != nil {
				t.Fatal(err)
			}
			if err := gdb.Exec(`INSERT INTO supplier_products (supplier_id, sku, name, price, stock, product_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, 4, (SELECT id FROM products WHERE sku = ?), ?, ?)`, sid, sku, sku, price, sku, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		gdb.Exec("UPDATE supplier_products SET product_id = NULL WHERE sku = 'P3'") // not connected
		apply := func() int64 {
			var n int64
			err := gdb.Transaction(func(tx *gorm.DB) error {
				var err error
				n, err = svc.ApplyOffersTx(ctx, tx, tx.Table("supplier_products").Select("product_id, price AS entry_price, stock, supplier_id").
					Where("supplier_id = ? AND product_id IS NOT NULL", sid))
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := apply(); n != 2 {
			t.Errorf("first apply wrote %d, want 2", n)
		}
		var rows []struct {
			SKU                                                       string `gorm:"column:sku"`
			EntryPrice, WebPrice, RetailPrice, DealerPrice, AuthPrice int64
			Stock                                                     int
			SupplierID                                                *uint64
		}
		gdb.Raw("SELECT sku, entry_price, web_price, retail_price, dealer_price, authenticated_price AS auth_price, stock, supplier_id FROM products").Scan(&rows)
		for _, r := range rows {
			if r.SKU == "P3" {
				if r.EntryPrice != 1 || r.SupplierID != nil {
					t.Errorf("unconnected P3 changed: %+v", r)
				}
				continue
			}
			want := pricing.Derive(money.Para(prices[r.SKU]), m)
			got := pricing.Prices{Web: money.Para(r.WebPrice), Retail: money.Para(r.RetailPrice), Dealer: money.Para(r.DealerPrice), Authenticated: money.Para(r.AuthPrice)}
			if diff := cmp.Diff(want, got); diff != "" || r.EntryPrice != prices[r.SKU] || r.Stock != 4 || r.SupplierID == nil || *r.SupplierID != sid {
				t.Errorf("%s: %+v (-want +got prices):\n%s", r.SKU, r, diff)
			}
		}
		if n := apply(); n != 0 {
			t.Errorf("second apply wrote %d, want 0", n)
		}
	})
}
