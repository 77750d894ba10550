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
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
)

// TestRecomputePricesTx: the set-based recompute gives exactly DerivePrices, for many entry
// prices and margins (halves, tiny and huge amounts, negative entries), on both databases;
// only the selected products are touched, and a second run writes nothing.
func TestRecomputePricesTx(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := catalog.NewService(gdb, nil, nil, slog.New(slog.DiscardHandler))
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
