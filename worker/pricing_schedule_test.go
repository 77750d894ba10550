package worker_test

import (
	"context"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/config"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/pricing"
	"shop/worker"
)

// TestScheduledRecomputeJob: rule edits scheduled many times within a window reach the
// products' prices through the coalesced background job, exactly as Explain computes them.
func TestScheduledRecomputeJob(t *testing.T) {
	window := func(cfg *config.Config) { cfg.Pricing.CoalesceWindow = 200 * time.Millisecond }
	apptest.RunWith(t, window, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		startWorker(t, a.Redis, worker.Deps{Log: discard, Catalog: a.Catalog, Pricing: a.Pricing})
		bps := func(v money.Bps) *money.Bps { return &v }
		minPrice := money.Para(100)
		c, err := a.Catalog.CreateCategory(ctx, catalog.CategoryInput{Name: "Televizori", Prefix: "TV", Pdv: bps(2000), WebMargin: bps(1000),
			RetailMargin: bps(1500), DealerMargin: bps(500), DescriptionTime: "2 dana", MinPrice: &minPrice, AllowedRebate: bps(500)})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
			VALUES ('T1', 'T1', 't1', 100000, ?, ?, ?)`, c.ID, now, now).Error; err != nil {
			t.Fatal(err)
		}
		var id uint64
		a.DB.Raw("SELECT id FROM products WHERE sku = 'T1'").Scan(&id)
		for margin := 2000; margin <= 3000; margin += 250 {
			if err := a.DB.Exec(`INSERT INTO web_margin_rules (category_id, margin_bps, created_at, updated_at) VALUES (?, ?, ?, ?)`,
				c.ID, margin, now.Add(time.Duration(margin)*time.Millisecond), now).Error; err != nil {
				t.Fatal(err)
			}
			if err := a.Pricing.Schedule(ctx, pricing.MainCategory(c.ID)); err != nil {
				t.Fatal(err)
			}
		}
		// The newest rule (30 %) wins: 1000 × 1.3 × 1.2 = 1560.
		waitFor(t, "the scheduled recompute", func() bool {
			var web int64
			a.DB.Raw("SELECT web_price FROM products WHERE id = ?", id).Scan(&web)
			return web == 156000
		})
		x, err := a.Pricing.Explain(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if x.Web != x.Stored.Web || x.WebRule == nil || x.WebMargin != 3000 {
			t.Errorf("explain %+v, stored %+v", x.Explanation, x.Stored)
		}
		// The midnight task is handled (nothing to apply here).
		mux := worker.Mux(worker.Deps{Log: discard, Pricing: a.Pricing})
		if err := mux.ProcessTask(ctx, queue.NewPricesMidnightTask()); err != nil {
			t.Errorf("midnight task: %v", err)
		}
	})
}
