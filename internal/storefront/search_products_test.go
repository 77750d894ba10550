package storefront_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/listing"
	"shop/internal/storefront"
)

// TestHitsByIDsAsByCondition: a results page reads its hits once and selects among their ids;
// the page, total and facets are those the match's condition selects, on both databases.
func TestHitsByIDsAsByCondition(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		now := time.Now()
		exec := sqlExec(t, a)
		exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, min_price, active, created_at, updated_at)
			VALUES (701, 'Hitovi', 'hitovi', 'HI', 2000, 1000, 2000, 500, 0, ?, ?, ?), (702, 'Drugi', 'drugi', 'DR', 2000, 1000, 2000, 500, 0, ?, ?, ?)`,
			true, now, now, true, now, now)
		exec(`INSERT INTO brands (id, name, created_at, updated_at) VALUES (701, 'Alfa', ?, ?), (702, 'Beta', ?, ?)`, now, now, now, now)
		for p := 1; p <= 60; p++ {
			exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
				authenticated_price, ean, main_category_id, brand_id, stock, created_at, updated_at)
				VALUES (?, ?, ?, ?, '', '', ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)`,
				700+p, fmt.Sprintf("H-%d", p), fmt.Sprintf("Hit %d", p), fmt.Sprintf("hit-%d", p), p%7 != 0, true,
				p*10000, p*12000, p*9000, 701+p%2, 701+p%3%2, p%4, now, now)
			exec(`INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)`, 700+p, 701+p%2)
		}
		hits := storefront.Hits{
			Scope:     func(db *gorm.DB) *gorm.DB { return db.Where("products.name LIKE ? AND products.id % 3 <> 0", "Hit%") },
			Relevance: clause.Expr{SQL: "products.name DESC, products.id"},
		}
		for _, f := range []storefront.CategoryProductsFilter{{}, {Brands: []uint64{702}}, {InStock: true, Sort: "price"}} {
			for page := 1; page <= 2; page++ {
				pg := listing.Page{Number: page, Size: storefront.DefaultPageSize}
				byIDs, err := a.Storefront.HitsProducts(ctx, hits, f, pg, false)
				if err != nil {
					t.Fatal(err)
				}
				restore := storefront.SelectHitsByCondition()
				byCondition, err := a.Storefront.HitsProducts(ctx, hits, f, pg, false)
				restore()
				if err != nil {
					t.Fatal(err)
				}
				if byIDs.Total == 0 {
					t.Fatalf("%+v: no hits", f)
				}
				if d := cmp.Diff(byCondition, byIDs); d != "" {
					t.Errorf("%+v page %d: by ids differs from by condition (-condition +ids):\n%s", f, page, d)
				}
			}
		}
	})
}
