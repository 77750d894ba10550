package worker_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/actor"
	"shop/internal/platform/money"
	"shop/internal/pricing"
	"shop/worker"
)

// TestCategoryMarginChangeRecomputesPrices: a category's new VAT and web margin reach the
// prices of the products whose main category it is through the recompute job (the others keep
// theirs), and the user who changed it is told how many products changed; a change that leaves
// VAT and margins alone queues nothing.
func TestCategoryMarginChangeRecomputesPrices(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		const userID = 42
		ctx := actor.With(context.Background(), actor.Actor{UserID: userID})
		startWorker(t, a.Redis, worker.Deps{Log: discard, Catalog: a.Catalog, Pricing: a.Pricing})
		bps := func(v money.Bps) *money.Bps { return &v }
		minPrice := money.Para(100)
		newCategory := func(name, prefix string) *catalog.Category {
			c, err := a.Catalog.CreateCategory(ctx, catalog.CategoryInput{Name: name, Prefix: prefix, Pdv: bps(2000), WebMargin: bps(1000),
				RetailMargin: bps(1500), DealerMargin: bps(500), DescriptionTime: "2 dana", MinPrice: &minPrice, AllowedRebate: bps(500)})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		tv, other := newCategory("Televizori", "TV"), newCategory("Frižideri", "FR")
		entries := map[string]money.Para{"T1": 9999, "T2": 1_234_567, "F1": 100_000}
		now := time.Now().UTC()
		for sku, e := range entries {
			cat := tv.ID
			if sku[0] == 'F' {
				cat = other.ID
			}
			if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, sku, sku, sku, e, cat, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.AddedAfter(0)); err != nil {
			t.Fatal(err)
		}
		prices := func() map[string]pricing.Prices {
			var ps []catalog.Product
			if err := a.DB.Find(&ps).Error; err != nil {
				t.Fatal(err)
			}
			out := map[string]pricing.Prices{}
			for _, p := range ps {
				out[p.SKU] = pricing.Prices{Web: p.WebPrice, Retail: p.RetailPrice, Dealer: p.DealerPrice, Authenticated: p.AuthPrice}
			}
			return out
		}
		want := func(m pricing.Margins, skus ...string) map[string]pricing.Prices {
			out := map[string]pricing.Prices{}
			for _, s := range skus {
				out[s] = pricing.Derive(entries[s], m)
			}
			return out
		}
		old := tv.Margins()
		name := "Televizori i monitori"
		if _, err := a.Catalog.UpdateCategory(ctx, tv.ID, catalog.CategoryPatch{Name: &name}); err != nil {
			t.Fatal(err)
		}
		updated, err := a.Catalog.UpdateCategory(ctx, tv.ID, catalog.CategoryPatch{Pdv: bps(1000), WebMargin: bps(2550)})
		if err != nil {
			t.Fatal(err)
		}
		m := updated.Margins()
		if m == old {
			t.Fatal("margins did not change")
		}
		expect := want(m, "T1", "T2")
		for k, v := range want(other.Margins(), "F1") {
			expect[k] = v
		}
		type note struct {
			Type string
			Data string
		}
		var notes []note
		waitFor(t, "the recompute's notification", func() bool {
			notes = nil
			a.DB.Raw("SELECT type, data FROM notifications WHERE user_id = ? ORDER BY id", userID).Scan(&notes)
			return len(notes) > 0
		})
		got := prices()
		for sku, w := range expect {
			if got[sku] != w {
				t.Errorf("%s: prices %+v, want %+v", sku, got[sku], w)
			}
		}
		if len(notes) != 1 || notes[0].Type != pricing.NotePricesRecomputed {
			t.Fatalf("notifications %+v, want one %s", notes, pricing.NotePricesRecomputed)
		}
		var data struct {
			Message  string
			Category struct {
				ID   uint64
				Name string
			}
			Counts struct{ Updated int64 }
		}
		if err := json.Unmarshal([]byte(notes[0].Data), &data); err != nil {
			t.Fatal(err)
		}
		if data.Category.ID != tv.ID || data.Category.Name != name || data.Counts.Updated != 2 || data.Message == "" {
			t.Errorf("notification data %s", notes[0].Data)
		}
	})
}
