package storefront_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/money"
	"shop/internal/storefront"
)

// TestFacetsOnePassMatchesReference: the one-pass facet statement answers what one statement
// per facet answers, for random catalogues and random combinations of filters, for guests and
// customers, on both databases.
func TestFacetsOnePassMatchesReference(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		rng := rand.New(rand.NewSource(14))
		now := time.Now()
		exec := sqlExec(t, a)
		for i := 1; i <= 3; i++ {
			exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, min_price, active, created_at, updated_at)
				VALUES (?, ?, ?, ?, 2000, 1000, 2000, 500, ?, ?, ?, ?)`, 800+i, fmt.Sprintf("Kat %d", i), fmt.Sprintf("kat-%d", i), fmt.Sprintf("K%d", i), i*30000, true, now, now)
			exec(`INSERT INTO brands (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)`, 800+i, fmt.Sprintf("Brend %c", 'D'-i), now, now)
		}
		exec(`INSERT INTO attributes (id, name, active, created_at, updated_at) VALUES (801, 'Boja', ?, ?, ?), (802, 'Klasa', ?, ?, ?)`, true, now, now, true, now, now)
		for v := 1; v <= 4; v++ {
			exec(`INSERT INTO attribute_values (id, attribute_id, value, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
				800+v, 801+(v-1)/2, fmt.Sprintf("V%d", v), true, now, now)
		}
		for p := 1; p <= 60; p++ {
			var brand, discount any
			if rng.Intn(5) > 0 {
				brand = 801 + rng.Intn(3)
			}
			web := (1 + rng.Intn(100)) * 1000
			if rng.Intn(3) == 0 {
				discount = web - 500
			}
			cat := 801 + rng.Intn(3)
			exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
				authenticated_price, discount_price, ean, main_category_id, brand_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, '', '', ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)`,
				800+p, fmt.Sprintf("F-%d", p), fmt.Sprintf("P %d", p), fmt.Sprintf("f-%d", p), rng.Intn(8) > 0, rng.Intn(8) > 0,
				web, web+20000, web-700, discount, cat, brand, now, now)
			exec(`INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)`, 800+p, cat)
			for attr := 0; attr < 2; attr++ { // at most one value per attribute
				if rng.Intn(3) > 0 {
					exec(`INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
						800+p, 801+attr, 801+2*attr+rng.Intn(2), rng.Intn(6) > 0, now, now)
				}
			}
		}
		ctx := context.Background()
		for round := 0; round < 60; round++ {
			var f storefront.CategoryProductsFilter
			for b := 801; b <= 803; b++ {
				if rng.Intn(3) == 0 {
					f.Brands = append(f.Brands, uint64(b))
				}
			}
			for v := 801; v <= 804; v++ {
				if rng.Intn(4) == 0 {
					f.Values = append(f.Values, uint64(v))
				}
			}
			if rng.Intn(3) == 0 {
				p := money.Para(rng.Intn(50) * 100000)
				f.PriceFrom = &p
			}
			if rng.Intn(3) == 0 {
				p := money.Para(rng.Intn(100) * 100000)
				f.PriceTo = &p
			}
			f.Discount, f.InStock = rng.Intn(3) == 0, rng.Intn(3) == 0
			cats := []uint64{801, 802, 803}[:1+rng.Intn(3)]
			one, ref, n1, n2, err := a.Storefront.FacetsTwoWays(ctx, cats, f, rng.Intn(2) == 0)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(ref, one); d != "" || n1 != n2 {
				t.Fatalf("round %d, filter %+v: total %d vs %d, facets (-reference +one pass):\n%s", round, f, n2, n1, d)
			}
		}
	})
}
