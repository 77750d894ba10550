package storefront_test

import (
	"context"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
)

// TestZeroPriceIsNotBuyable: a live product in stock whose web price is 0 (a missing price) is
// not put in a cart, in a category whose minimum price does not stop it; priced, it is. The
// read model's rule (the cart's) and the loaded product's (the product page's) agree.
func TestZeroPriceIsNotBuyable(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		now := time.Now()
		exec := sqlExec(t, a)
		exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, min_price, active, created_at, updated_at)
			VALUES (801, 'Bez minimuma', 'bez-minimuma', 'BM', 2000, 1000, 2000, 500, 0, ?, ?, ?)`, true, now, now)
		exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
			authenticated_price, ean, main_category_id, stock, created_at, updated_at)
			VALUES (801, 'BC-1', 'Bez cene', 'bez-cene', '', '', ?, ?, 0, 0, 0, '', 801, 5, ?, ?)`, true, true, now, now)
		buyable := func() (view, loaded bool) {
			t.Helper()
			rows, err := a.Storefront.PurchaseProducts(ctx, nil, []uint64{801})
			if err != nil {
				t.Fatal(err)
			}
			p, _, err := a.Catalog.LiveProductBySlug(ctx, "bez-cene", catalog.ProductIncludes{MainCategory: true}, 0)
			if err != nil {
				t.Fatal(err)
			}
			return rows[801].Buyable, p.Buyable()
		}
		if view, loaded := buyable(); view || loaded {
			t.Errorf("priced 0: buyable in the read model %v, on the loaded product %v; want neither", view, loaded)
		}
		exec(`UPDATE products SET web_price = 100 WHERE id = 801`)
		if view, loaded := buyable(); !view || !loaded {
			t.Errorf("priced 1 RSD: buyable in the read model %v, on the loaded product %v; want both", view, loaded)
		}
	})
}
