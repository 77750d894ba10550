package pricelist_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/pricelist"
	"shop/internal/pricing"
)

// lkProduct inserts a bare shop product in a category.
func lkProduct(tb testing.TB, a *app.App, sku, name string, categoryID uint64) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	err := a.DB.Exec(`INSERT INTO products (sku, name, slug, search_text, main_category_id, entry_price, stock, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?)`, sku, name, catalog.Slugify(name+" "+sku), catalog.Fold(name+" "+sku), categoryID, now, now).Error
	if err != nil {
		tb.Fatal(err)
	}
	var id uint64
	a.DB.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id)
	return id
}

func lkSKUs(rows []pricelist.LinkProduct) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.SKU)
	}
	return out
}

func TestListLinkProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		fridges := lkCategory(t, a, "Frižideri", "FRI", 2000, 1000, 2000, 500)
		sup, ids := lkSupplier(t, a, "Comtrade",
			catalog.SupplierProductInput{SKU: "FR-1", Name: "Frižider Gorenje", Category: "Bela tehnika", Price: 4_000_000, RecommendedPrice: 5_000_000, Stock: 7},
			lkRow("FR-2", "ČELIČNI FRIŽIDER", "Bela tehnika", 100), lkRow("TV-1", "Televizor LG", "TV", 100),
			lkRow("X_1", "Kabl 100%", "Kablovi", 100))
		other, _ := lkSupplier(t, a, "Ewe", lkRow("E-1", "Frižider Bosch", "Frižideri", 100))
		if _, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Bela tehnika", CategoryID: fridges}); err != nil {
			t.Fatal(err)
		}
		if _, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: other, SupplierCategory: "Frižideri", CategoryID: fridges}); err != nil {
			t.Fatal(err)
		}
		pid := lkProduct(t, a, "SHOP-1", "Gorenje frižider", fridges)
		if err := pl.ConnectProduct(ctx, ids["FR-1"], pid); err != nil {
			t.Fatal(err)
		}
		yes, no := true, false

		_, _, err := pl.ListLinkProducts(ctx, pricelist.LinkProductFilter{Search: "x"}, lkAll)
		if diff := cmp.Diff(map[string]string{"supplier_id": "product_link.select_first"}, lkFields(err)); diff != "" {
			t.Errorf("nothing chosen: %v", err)
		}

		tests := []struct {
			name  string
			f     pricelist.LinkProductFilter
			page  listing.Page
			want  []string
			total int64
		}{
			{"supplier", pricelist.LinkProductFilter{SupplierID: sup}, lkAll, []string{"FR-1", "FR-2", "TV-1", "X_1"}, 4},
			{"category across suppliers", pricelist.LinkProductFilter{CategoryID: fridges}, lkAll, []string{"E-1", "FR-1", "FR-2"}, 3},
			{"supplier and category", pricelist.LinkProductFilter{SupplierID: other, CategoryID: fridges}, lkAll, []string{"E-1"}, 1},
			{"connected", pricelist.LinkProductFilter{SupplierID: sup, Connected: &yes}, lkAll, []string{"FR-1"}, 1},
			{"unconnected", pricelist.LinkProductFilter{SupplierID: sup, Connected: &no}, lkAll, []string{"FR-2", "TV-1", "X_1"}, 3},
			{"search folded", pricelist.LinkProductFilter{CategoryID: fridges, Search: "frizider"}, lkAll, []string{"E-1", "FR-1", "FR-2"}, 3},
			{"search diacritics and case", pricelist.LinkProductFilter{SupplierID: sup, Search: "ČeLič"}, lkAll, []string{"FR-2"}, 1},
			{"search sku", pricelist.LinkProductFilter{SupplierID: sup, Search: "tv-"}, lkAll, []string{"TV-1"}, 1},
			{"search wildcards literal", pricelist.LinkProductFilter{SupplierID: sup, Search: "_1"}, lkAll, []string{"X_1"}, 1},
			{"search percent literal", pricelist.LinkProductFilter{SupplierID: sup, Search: "100%"}, lkAll, []string{"X_1"}, 1},
			{"page", pricelist.LinkProductFilter{SupplierID: sup}, listing.Page{Number: 2, Size: 3}, []string{"X_1"}, 4},
			{"unknown supplier", pricelist.LinkProductFilter{SupplierID: 999999}, lkAll, []string{}, 0},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				rows, total, err := pl.ListLinkProducts(ctx, tt.f, tt.page)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tt.want, lkSKUs(rows)); diff != "" || total != tt.total {
					t.Errorf("total %d (want %d), skus (-want +got):\n%s", total, tt.total, diff)
				}
			})
		}

		rows, _, _ := pl.ListLinkProducts(ctx, pricelist.LinkProductFilter{SupplierID: sup, Search: "gorenje"}, lkAll)
		want := []pricelist.LinkProduct{{ID: ids["FR-1"], SupplierID: sup, Supplier: "Comtrade", SKU: "FR-1", Name: "Frižider Gorenje",
			Category: "Bela tehnika", CategoryID: &fridges, Price: 4_000_000, RecommendedPrice: 5_000_000, Stock: 7,
			ProductID: &pid, ProductSKU: "SHOP-1", ProductName: "Gorenje frižider"}}
		if diff := cmp.Diff(want, rows); diff != "" {
			t.Errorf("row (-want +got):\n%s", diff)
		}
	})
}

func TestConnectProduct(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		// VAT 20 %, web margin 10 %, retail 25 %, dealer 5 %.
		cat := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2500, 500)
		sup, ids := lkSupplier(t, a, "Comtrade",
			catalog.SupplierProductInput{SKU: "L-1", Name: "Lenovo", Category: "Laptopovi", Price: 8_333_333, Stock: 12},
			lkRow("L-2", "Asus", "Laptopovi", 100))
		p1 := lkProduct(t, a, "SHOP-1", "Lenovo IdeaPad", cat)
		p2 := lkProduct(t, a, "SHOP-2", "Asus Vivobook", cat)

		if err := pl.ConnectProduct(ctx, ids["L-1"], p1); err != nil {
			t.Fatal(err)
		}
		var got catalog.Product
		a.DB.First(&got, p1)
		pr := pricing.Derive(8_333_333, pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500})
		want := []any{money.Para(8_333_333), 12, sup, pr.Web, pr.Retail, pr.Dealer, pr.Authenticated}
		if diff := cmp.Diff(want, []any{got.EntryPrice, got.Stock, *got.SupplierID, got.WebPrice, got.RetailPrice, got.DealerPrice, got.AuthPrice}); diff != "" {
			t.Errorf("connected product (-want +got):\n%s", diff)
		}
		// 83,333.33 × 1.10 × 1.20 = 110,000.00 (whole dinars).
		if got.WebPrice != 11_000_000 {
			t.Errorf("web price %d, want 11000000", got.WebPrice)
		}
		// The same pair again is fine (and repeats only the price take-over).
		if err := pl.ConnectProduct(ctx, ids["L-1"], p1); err != nil {
			t.Errorf("connect again: %v", err)
		}

		tests := []struct {
			name        string
			sp, product uint64
			code        apperr.Code
			key         string
		}{
			{"product missing", ids["L-2"], 0, apperr.Invalid, "validation.required"},
			{"product unknown", ids["L-2"], 999999, apperr.Invalid, "category_link.unknown"},
			{"supplier product unknown", 999999, p2, apperr.NotFound, "notfound.supplier_product"},
			{"supplier product connected elsewhere", ids["L-1"], p2, apperr.Conflict, "supplier.product_already_connected"},
			{"shop product taken", ids["L-2"], p1, apperr.Conflict, "supplier.shop_product_taken"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				e := apperr.As(pl.ConnectProduct(ctx, tt.sp, tt.product))
				key := e.Msg.Key
				if len(e.Fields) > 0 {
					key = e.Fields[0].Msg.Key
					if e.Fields[0].Field != "product_id" {
						t.Errorf("field %s, want product_id", e.Fields[0].Field)
					}
				}
				if e.Code != tt.code || key != tt.key {
					t.Errorf("%v, want %s %s", e, tt.code, tt.key)
				}
			})
		}
		// Nothing of the refused connects changed p2.
		var untouched catalog.Product
		a.DB.First(&untouched, p2)
		if untouched.EntryPrice != 1 || untouched.SupplierID != nil {
			t.Errorf("p2 changed: %+v", untouched)
		}
	})
}
