package storefront_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/listing"
	"shop/internal/storefront"
)

// TestCategoryPageFollowsCatalogueChanges: the category page's facets, total and tree are
// those of the committed catalogue right after every kind of change they are computed from
// (the page memo is started over by the catalogue's change mark), while a stock-only update
// leaves the mark alone. On SQLite there is no memo and the same answers hold.
func TestCategoryPageFollowsCatalogueChanges(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		now := time.Now()
		exec := sqlExec(t, a)
		exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, min_price, active, created_at, updated_at)
			VALUES (901, 'Memo', 'memo', 'ME', 2000, 1000, 2000, 500, 0, ?, ?, ?), (902, 'Memo dete', 'memo-dete', 'MD', 2000, 1000, 2000, 500, 0, ?, ?, ?)`,
			true, now, now, true, now, now)
		exec(`UPDATE categories SET parent_id = 901 WHERE id = 902`)
		exec(`INSERT INTO brands (id, name, created_at, updated_at) VALUES (901, 'Alfa', ?, ?), (902, 'Beta', ?, ?)`, now, now, now, now)
		exec(`INSERT INTO attributes (id, name, active, created_at, updated_at) VALUES (901, 'Boja', ?, ?, ?)`, true, now, now)
		exec(`INSERT INTO category_attributes (category_id, attribute_id, position, active) VALUES (901, 901, 1, ?)`, true)
		exec(`INSERT INTO attribute_values (id, attribute_id, value, active, created_at, updated_at) VALUES (901, 901, 'Crna', ?, ?, ?)`, true, now, now)
		for p := 1; p <= 6; p++ {
			cat := 901 + p%2
			exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
				authenticated_price, ean, main_category_id, brand_id, stock, created_at, updated_at)
				VALUES (?, ?, ?, ?, '', '', ?, ?, ?, ?, ?, '', ?, 901, 5, ?, ?)`,
				900+p, fmt.Sprintf("M-%d", p), fmt.Sprintf("M %d", p), fmt.Sprintf("m-%d", p), true, true, p*10000, p*12000, p*9000, cat, now, now)
			exec(`INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)`, 900+p, cat)
		}
		page := listing.Page{Number: 1, Size: storefront.DefaultPageSize}
		check := func(what string) {
			t.Helper()
			for _, loggedIn := range []bool{false, true} {
				for _, f := range []storefront.CategoryProductsFilter{{}, {Brands: []uint64{902}}} {
					got, err := a.Storefront.CategoryProducts(ctx, "memo", f, page, loggedIn)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					want, err := a.Storefront.Unmemoized().CategoryProducts(ctx, "memo", f, page, loggedIn)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if d := cmp.Diff(want.Facets, got.Facets); d != "" || want.Total != got.Total || want.Category.Name != got.Category.Name || want.Category.MinPrice != got.Category.MinPrice {
						t.Fatalf("%s (filter %+v, logged in %t): total %d, want %d; facets (-fresh +served):\n%s", what, f, loggedIn, got.Total, want.Total, d)
					}
				}
			}
		}
		check("first page")
		for _, c := range []struct{ what, sql string }{
			{"brand changed", "UPDATE products SET brand_id = 902 WHERE id = 901"},
			{"web price changed", "UPDATE products SET web_price = 990000 WHERE id = 902"},
			{"action price set", "UPDATE products SET discount_price = 1000 WHERE id = 903"},
			{"product hidden", "UPDATE products SET visible = false WHERE id = 904"},
			{"attribute value given", "INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, active, created_at, updated_at) VALUES (905, 901, 901, true, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"},
			{"value renamed", "UPDATE attribute_values SET value = 'Bela' WHERE id = 901"},
			{"brand renamed", "UPDATE brands SET name = 'Aleph' WHERE id = 901"},
			{"category min price", "UPDATE categories SET min_price = 45000 WHERE id = 902"},
			{"category renamed", "UPDATE categories SET name = 'Memorija' WHERE id = 901"},
			{"subcategory off", "UPDATE categories SET active = false WHERE id = 902"},
			{"product left the category", "DELETE FROM product_categories WHERE product_id = 906"},
			{"product deleted", "DELETE FROM products WHERE id = 906"},
		} {
			exec(c.sql)
			check(c.what)
		}
		if !a.Storefront.Memoized() {
			return
		}
		before, err := a.Storefront.CatalogueMark(ctx)
		if err != nil {
			t.Fatal(err)
		}
		exec("UPDATE products SET stock = stock - 1 WHERE id = 901")
		if after, err := a.Storefront.CatalogueMark(ctx); err != nil || after != before {
			t.Errorf("a stock update moved the catalogue mark %d -> %d (%v)", before, after, err)
		}
	})
}

// TestCategoryPageAfterALongTransaction: a page computed on another connection while a writer's
// transaction has changed a price but not yet committed (an import's transaction lasts
// seconds) is the old catalogue's; once the writer commits, the page follows within a second
// (the bound docs/storefront.md states), not when the memo ages out.
func TestCategoryPageAfterALongTransaction(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		if !a.Storefront.Memoized() {
			t.Skip("no page memo on SQLite")
		}
		ctx := context.Background()
		now := time.Now()
		exec := sqlExec(t, a)
		exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, min_price, active, created_at, updated_at)
			VALUES (911, 'Dugo', 'dugo', 'DU', 2000, 1000, 2000, 500, 0, true, ?, ?)`, now, now)
		for p := 1; p <= 3; p++ {
			exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
				authenticated_price, ean, main_category_id, stock, created_at, updated_at)
				VALUES (?, ?, ?, ?, '', '', true, true, ?, ?, ?, '', 911, 5, ?, ?)`,
				910+p, fmt.Sprintf("D-%d", p), fmt.Sprintf("D %d", p), fmt.Sprintf("d-%d", p), p*10000, p*12000, p*9000, now, now)
			exec(`INSERT INTO product_categories (product_id, category_id) VALUES (?, 911)`, 910+p)
		}
		page := listing.Page{Number: 1, Size: storefront.DefaultPageSize}
		maxPrice := func(s *storefront.Service) int64 {
			t.Helper()
			got, err := s.CategoryProducts(ctx, "dugo", storefront.CategoryProductsFilter{}, page, false)
			if err != nil {
				t.Fatal(err)
			}
			return int64(got.Facets.PriceMax)
		}
		before := maxPrice(a.Storefront)

		tx := a.DB.Begin()
		if err := tx.Exec("UPDATE products SET web_price = 990000 WHERE id = 913").Error; err != nil {
			t.Fatal(err)
		}
		// Pages computed meanwhile, past the memo's settle time, see the committed catalogue.
		for range 3 {
			if got := maxPrice(a.Storefront); got != before {
				t.Fatalf("a page saw an uncommitted price: %d", got)
			}
			time.Sleep(400 * time.Millisecond)
		}
		if err := tx.Commit().Error; err != nil {
			t.Fatal(err)
		}
		committed := time.Now()
		want := maxPrice(a.Storefront.Unmemoized())
		for maxPrice(a.Storefront) != want {
			if time.Since(committed) > 3*time.Second {
				t.Fatalf("the page still shows the price before the commit %v after it", time.Since(committed))
			}
			time.Sleep(20 * time.Millisecond)
		}
		if d := time.Since(committed); d > time.Second {
			t.Errorf("the page followed the commit after %v, want within a second", d)
		}
	})
}
