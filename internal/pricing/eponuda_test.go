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

// TestSetEponudaPricesTx: the web price e-ponuda sets replaces the computed one (and so the
// authenticated price that follows it) in the one formula: the stored prices are
// DeriveWithEponuda's for random entries, margins and e-ponuda prices on both databases; other
// products keep theirs; a recompute of everything keeps the e-ponuda prices; a second call
// with the same prices changes nothing.
func TestSetEponudaPricesTx(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
		seed := uint64(time.Now().UnixNano())
		t.Logf("seed %d", seed)
		rnd := rand.New(rand.NewPCG(seed, 7))
		now := time.Now().UTC()
		m := pricing.Margins{Pdv: 2000, Web: 1500, Retail: 3000, Dealer: 700}
		catID := mustCategory(t, gdb, "k", m)
		entries := map[string]int64{}
		for i := 0; i < 60; i++ {
			sku := fmt.Sprintf("E%d", i)
			entries[sku] = rnd.Int64N(10_000_000)
			if err := gdb.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				sku, sku, sku, entries[sku], catID, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil {
			t.Fatal(err)
		}
		var ids []struct {
			ID  uint64
			SKU string `gorm:"column:sku"`
		}
		gdb.Raw("SELECT id, sku FROM products ORDER BY id").Scan(&ids)
		chosen := map[uint64]money.Para{}
		eponudaOf := map[string]*money.Para{}
		for i, r := range ids {
			if i%2 == 0 {
				p := money.Para(rnd.Int64N(2_000_000) * 100)
				chosen[r.ID], eponudaOf[r.SKU] = p, &p
			}
		}
		set := func() int {
			var n int
			err := gdb.Transaction(func(tx *gorm.DB) error {
				ch, err := svc.SetEponudaPricesTx(ctx, tx, chosen)
				n = len(ch)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := set(); n == 0 || n > len(chosen) {
			t.Errorf("first call changed %d web prices, want 1..%d", n, len(chosen))
		}
		check := func(when string) {
			for sku, got := range storedPrices(t, gdb) {
				want := pricing.DeriveWithEponuda(money.Para(entries[sku]), m, eponudaOf[sku])
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: %s (-want +got):\n%s", when, sku, d)
				}
			}
		}
		check("after the apply")
		if _, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil {
			t.Fatal(err)
		}
		check("after a recompute of everything")
		if n := set(); n != 0 {
			t.Errorf("second call changed %d, want 0", n)
		}

		// The authenticated discount acts on the e-ponuda price, and price-explain shows it.
		if err := gdb.Exec(`INSERT INTO authenticated_discounts (name, category_id, discount_bps, created_at, updated_at) VALUES ('ulogovani', ?, 1000, ?, ?)`,
			catID, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil {
			t.Fatal(err)
		}
		for _, r := range ids[:4] {
			in, st, err := svc.LoadInputs(ctx, gdb, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			x := pricing.Evaluate(in)
			if d := cmp.Diff(x.Prices, st.Prices); d != "" {
				t.Errorf("%s: Evaluate and the stored prices differ (-Evaluate +stored):\n%s", r.SKU, d)
			}
			if p, ok := chosen[r.ID]; ok {
				if x.EponudaPrice == nil || *x.EponudaPrice != p || x.Web != p || x.Authenticated >= p && p > 0 {
					t.Errorf("%s: explanation %+v, want the e-ponuda price %v as the web price, authenticated 10 %% below", r.SKU, x, p)
				}
			} else if x.EponudaPrice != nil {
				t.Errorf("%s: an e-ponuda price it was never given", r.SKU)
			}
		}
	})
}
