package catalog_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
)

// TestRecomputePricesTx: the set-based recompute gives exactly DerivePrices, for many entry
// prices and margins (halves, tiny and huge amounts, negative entries), on both databases;
// only the selected products are touched, and a second run writes nothing.
func TestRecomputePricesTx(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := catalog.NewService(gdb, nil, nil, slog.New(slog.DiscardHandler), clock.System(), nil)
		now := time.Now().UTC()
		rnd := rand.New(rand.NewPCG(4, 2))
		margins := []catalog.Margins{
			{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500},
			{Pdv: 1000, Web: 1234, Retail: 1234, Dealer: 1234},
			{Pdv: 2000},
			{Pdv: 9999, Web: 9999, Retail: 9999, Dealer: 9999},
			{Pdv: 0, Web: 1, Retail: 9998, Dealer: 3333},
		}
		for i := 0; i < 5; i++ {
			margins = append(margins, catalog.Margins{Pdv: money.Bps(rnd.IntN(10000)), Web: money.Bps(rnd.IntN(10000)),
				Retail: money.Bps(rnd.IntN(10000)), Dealer: money.Bps(rnd.IntN(10000))})
		}
		catIDs := make([]uint64, len(margins))
		for i, m := range margins {
			c := catalog.Category{Name: fmt.Sprintf("K%d", i), Slug: fmt.Sprintf("k%d", i), Prefix: "KA", Level: 1,
				PdvBps: m.Pdv, WebMarginBps: m.Web, RetailMarginBps: m.Retail, DealerMarginBps: m.Dealer, Active: true}
			if err := gdb.Create(&c).Error; err != nil {
				t.Fatal(err)
			}
			catIDs[i] = c.ID
		}
		entries := []int64{0, 1, 10, 124, 125, 9999, 100000, 1234567, 5_000_000_000, 1_000_000_000_000, 400_000_000_000_000, -125, -9999, -1_234_567}
		for i := 0; i < 300; i++ {
			switch i % 3 {
			case 0:
				entries = append(entries, rnd.Int64N(100_000))
			case 1:
				entries = append(entries, rnd.Int64N(100_000_000))
			default:
				entries = append(entries, rnd.Int64N(400_000_000_000_000))
			}
		}
		want := map[string]catalog.Prices{}
		n := 0
		for _, e := range entries {
			for ci, m := range margins {
				n++
				sku := fmt.Sprintf("R%d", n)
				if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, retail_price, dealer_price, authenticated_price,
					main_category_id, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, 1, 1, ?, ?, ?)`,
					sku, sku, sku, e, catIDs[ci], now, now).Error; err != nil {
					t.Fatal(err)
				}
				want[sku] = catalog.DerivePrices(money.Para(e), m)
			}
		}
		// One product outside the selection keeps its (wrong) prices.
		if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, retail_price, dealer_price, authenticated_price,
			main_category_id, created_at, updated_at) VALUES ('OUT', 'OUT', 'out', 100000, 1, 1, 1, 1, ?, ?, ?)`, catIDs[0], now, now).Error; err != nil {
			t.Fatal(err)
		}
		recompute := func() int64 {
			t.Helper()
			var got int64
			err := gdb.Transaction(func(tx *gorm.DB) error {
				var err error
				got, err = svc.RecomputePricesTx(ctx, tx, "SELECT id FROM products WHERE sku LIKE ?", "R%")
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
		var rows []struct {
			SKU                                                       string `gorm:"column:sku"`
			EntryPrice, WebPrice, RetailPrice, DealerPrice, AuthPrice int64
		}
		if err := gdb.Raw("SELECT sku, entry_price, web_price, retail_price, dealer_price, authenticated_price AS auth_price FROM products").Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		bad := 0
		for _, r := range rows {
			got := catalog.Prices{Web: money.Para(r.WebPrice), Retail: money.Para(r.RetailPrice), Dealer: money.Para(r.DealerPrice), Authenticated: money.Para(r.AuthPrice)}
			w, ok := want[r.SKU]
			if !ok {
				w = catalog.Prices{Web: 1, Retail: 1, Dealer: 1, Authenticated: 1}
			}
			if diff := cmp.Diff(w, got); diff != "" && bad < 10 {
				bad++
				t.Errorf("%s entry %d (-DerivePrices +SQL):\n%s", r.SKU, r.EntryPrice, diff)
			}
		}
		if got := recompute(); got != 0 {
			t.Errorf("second recompute wrote %d products, want 0", got)
		}
	})
}

// TestApplySupplierPricesTx: connected products take the supplier's price, stock and supplier
// with their derived prices in one statement; unconnected ones are untouched; a second run
// writes nothing.
func TestApplySupplierPricesTx(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := catalog.NewService(gdb, nil, nil, slog.New(slog.DiscardHandler), clock.System(), nil)
		now := time.Now().UTC()
		m := catalog.Margins{Pdv: 2000, Web: 1500, Retail: 3000, Dealer: 700}
		c := catalog.Category{Name: "K", Slug: "k", Prefix: "KA", Level: 1, PdvBps: m.Pdv, WebMarginBps: m.Web, RetailMarginBps: m.Retail, DealerMarginBps: m.Dealer, Active: true}
		if err := gdb.Create(&c).Error; err != nil {
			t.Fatal(err)
		}
		if err := gdb.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('S', ?, ?)", now, now).Error; err != nil {
			t.Fatal(err)
		}
		var sid uint64
		gdb.Raw("SELECT id FROM suppliers").Scan(&sid)
		prices := map[string]int64{"P1": 123456, "P2": 99, "P3": 5_000_000}
		for sku, price := range prices {
			if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)`,
				sku, sku, sku, c.ID, now, now).Error; err != nil {
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
				n, err = svc.ApplySupplierPricesTx(ctx, tx, `SELECT product_id, price AS entry_price, stock, supplier_id FROM supplier_products
					WHERE supplier_id = ? AND product_id IS NOT NULL`, sid)
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
			want := catalog.DerivePrices(money.Para(prices[r.SKU]), m)
			got := catalog.Prices{Web: money.Para(r.WebPrice), Retail: money.Para(r.RetailPrice), Dealer: money.Para(r.DealerPrice), Authenticated: money.Para(r.AuthPrice)}
			if diff := cmp.Diff(want, got); diff != "" || r.EntryPrice != prices[r.SKU] || r.Stock != 4 || r.SupplierID == nil || *r.SupplierID != sid {
				t.Errorf("%s: %+v (-want +got prices):\n%s", r.SKU, r, diff)
			}
		}
		if n := apply(); n != 0 {
			t.Errorf("second apply wrote %d, want 0", n)
		}
	})
}
