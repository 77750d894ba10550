package pricelist_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/pricelist"
	"shop/internal/pricing"
)

// piProduct is what a test checks of an imported product.
type piProduct struct {
	SKU, Name, Slug, SearchText, EAN string
	Entry, Web, Retail, Dealer, Auth money.Para
	Stock                            int
	Active, Visible                  bool
	MainCategoryID                   uint64
	BrandID, SupplierID              *uint64
	Categories                       []uint64
	FromSupplierProduct              uint64 // the supplier product connected to it
}

// piProducts is every product not in before (ids), by SKU.
func piProducts(tb testing.TB, a *app.App, before map[uint64]bool) map[string]piProduct {
	tb.Helper()
	var ps []catalog.Product
	if err := a.DB.Order("id").Find(&ps).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[string]piProduct{}
	for _, p := range ps {
		if before[p.ID] {
			continue
		}
		var cats []uint64
		a.DB.Table("product_categories").Where("product_id = ?", p.ID).Order("category_id").Pluck("category_id", &cats)
		var sp []uint64
		a.DB.Table("supplier_products").Where("product_id = ?", p.ID).Pluck("id", &sp)
		from := uint64(0)
		if len(sp) == 1 {
			from = sp[0]
		}
		out[p.SKU] = piProduct{SKU: p.SKU, Name: p.Name, Slug: p.Slug, SearchText: p.SearchText, EAN: p.EAN,
			Entry: p.EntryPrice, Web: p.WebPrice, Retail: p.RetailPrice, Dealer: p.DealerPrice, Auth: p.AuthPrice,
			Stock: p.Stock, Active: p.Active, Visible: p.Visible, MainCategoryID: p.MainCategoryID, BrandID: p.BrandID,
			SupplierID: p.SupplierID, Categories: cats, FromSupplierProduct: from}
	}
	return out
}

func piProductIDs(tb testing.TB, a *app.App) map[uint64]bool {
	tb.Helper()
	var ids []uint64
	a.DB.Table("products").Pluck("id", &ids)
	out := map[uint64]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

func piCount(tb testing.TB, a *app.App, table, cond string, args ...any) int64 {
	tb.Helper()
	var n int64
	if err := a.DB.Table(table).Where(cond, args...).Count(&n).Error; err != nil {
		tb.Fatal(err)
	}
	return n
}

// piNoteJSON is a notification's data as the client reads it.
func piNoteJSON(tb testing.TB, n lkNote) map[string]any {
	tb.Helper()
	b, err := json.Marshal(n.Data)
	if err != nil {
		tb.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	return m
}

func TestImportSupplierCategory(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, notes := lkService(a)
		ctx := actor.With(context.Background(), actor.Actor{UserID: 7, IP: "203.0.113.9"})
		// VAT 20 %, web 10 %, retail 25 %, dealer 5 %; a lower-case prefix is written upper-case.
		laptops := lkCategory(t, a, "Laptopovi", "lap", 2000, 1000, 2500, 500)
		other := lkCategory(t, a, "Monitori", "MON", 2000, 1000, 2500, 500)
		now := time.Now().UTC()
		a.DB.Exec("INSERT INTO brands (name, created_at, updated_at) VALUES ('Lenovo', ?, ?)", now, now)
		var lenovo uint64
		a.DB.Raw("SELECT id FROM brands WHERE name = 'Lenovo'").Scan(&lenovo)
		sup, ids := lkSupplier(t, a, "Comtrade",
			catalog.SupplierProductInput{SKU: "LEN-1", Name: "Lenovo IdeaPad 3", Category: "Laptopovi", Brand: "LENOVO", EAN: "8806094", Price: 8_333_333, Stock: 4},
			catalog.SupplierProductInput{SKU: "VERY-LONG-SKU-0000001", Name: "Asus Vivobook Šareni", Category: "Laptopovi", Brand: "Asus", Price: 5_000_000, Stock: 1},
			catalog.SupplierProductInput{SKU: "TAKEN", Name: "Dell Latitude", Category: "Laptopovi", Price: 100_00, Stock: 0},
			catalog.SupplierProductInput{SKU: "NONAME", Category: "Laptopovi", Price: 200_00, Stock: 2},
			catalog.SupplierProductInput{SKU: "CON-1", Name: "HP već povezan", Category: "Laptopovi", Price: 300_00},
			catalog.SupplierProductInput{SKU: "MON-1", Name: "LG monitor", Category: "Monitori", Price: 300_00},
		)
		taken := lkProduct(t, a, "TAKEN", "Postojeći", other)
		connectedTo := lkProduct(t, a, "SHOP-CON", "HP", other)
		if err := a.Catalog.ConnectSupplierProduct(ctx, ids["CON-1"], connectedTo); err != nil {
			t.Fatal(err)
		}
		// A product already has the slug the first row would get.
		lkProduct(t, a, "OLD-1", "Lenovo", other)
		a.DB.Exec("UPDATE products SET slug = 'lenovo-ideapad-3-len-1' WHERE sku = 'OLD-1'")
		before := piProductIDs(t, a)

		if err := pl.ImportSupplierCategory(ctx, pricelist.CategoryImportInput{SupplierID: sup, SupplierCategory: " Laptopovi ", CategoryID: laptops}); err != nil {
			t.Fatal(err)
		}

		pr := func(entry money.Para) pricing.Prices {
			return pricing.Derive(entry, pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500})
		}
		mk := func(sku, name, slug, ean string, entry money.Para, stock int, brand *uint64, from uint64) piProduct {
			p := pr(entry)
			return piProduct{SKU: sku, Name: name, Slug: slug, SearchText: catalog.Fold(name + " " + sku), EAN: ean,
				Entry: entry, Web: p.Web, Retail: p.Retail, Dealer: p.Dealer, Auth: p.Authenticated, Stock: stock,
				Active: true, Visible: true, MainCategoryID: laptops, BrandID: brand, SupplierID: &sup,
				Categories: []uint64{laptops}, FromSupplierProduct: from}
		}
		lapAsus := fmt.Sprintf("LAP%d", ids["VERY-LONG-SKU-0000001"])
		lapDell := fmt.Sprintf("LAP%d", ids["TAKEN"])
		want := map[string]piProduct{
			"LEN-1":  mk("LEN-1", "Lenovo IdeaPad 3", "lenovo-ideapad-3-len-1-2", "8806094", 8_333_333, 4, &lenovo, ids["LEN-1"]),
			lapAsus:  mk(lapAsus, "Asus Vivobook Šareni", "asus-vivobook-sareni-"+strings.ToLower(lapAsus), "", 5_000_000, 1, nil, ids["VERY-LONG-SKU-0000001"]),
			lapDell:  mk(lapDell, "Dell Latitude", "dell-latitude-"+strings.ToLower(lapDell), "", 100_00, 0, nil, ids["TAKEN"]),
			"NONAME": mk("NONAME", "NONAME", "noname-noname", "", 200_00, 2, nil, ids["NONAME"]),
		}
		got := piProducts(t, a, before)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("imported products (-want +got):\n%s", diff)
		}
		// 83,333.33 × 1.1 × 1.2 = 110,000 dinars.
		if got["LEN-1"].Web != 11_000_000 {
			t.Errorf("web price %v, want 110000.00", got["LEN-1"].Web)
		}
		if n := piCount(t, a, "supplier_products", "id = ? AND product_id = ?", ids["CON-1"], connectedTo); n != 1 {
			t.Error("the connected supplier product was touched")
		}
		if n := piCount(t, a, "supplier_products", "supplier_id = ? AND category = 'Monitori' AND product_id IS NULL", sup); n != 1 {
			t.Error("another supplier category was imported")
		}
		if n := piCount(t, a, "products", "id = ? AND sku = 'TAKEN' AND name = 'Postojeći'", taken); n != 1 {
			t.Error("the product holding the supplier's SKU changed")
		}
		if n := piCount(t, a, "activity_log", "type = 'product.created' AND user_id = 7 AND ip = '203.0.113.9'"); n != 4 {
			t.Errorf("activity entries: %d, want 4", n)
		}

		ns := notes.all()
		if len(ns) != 1 || ns[0].UserID != 7 || ns[0].Type != pricelist.NoteImportFinished {
			t.Fatalf("notifications: %+v", ns)
		}
		wantNote := map[string]any{"message": "Uvoz proizvoda u kategoriju Laptopovi je završen. Kreirano proizvoda: 4.",
			"pricelist": nil, "counts": map[string]any{"created": 4.0}, "category": map[string]any{"id": float64(laptops), "name": "Laptopovi"}}
		if diff := cmp.Diff(wantNote, piNoteJSON(t, ns[0])); diff != "" {
			t.Errorf("notification data (-want +got):\n%s", diff)
		}

		// A retry of the job (after a crash after the commit) creates nothing more.
		res, err := pl.RunProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportCategory, SupplierID: sup,
			SupplierCategory: "Laptopovi", CategoryID: laptops, UserID: 7}, false)
		if err != nil || res.Created != 0 {
			t.Errorf("retry: %+v %v, want nothing created", res, err)
		}
		if n := len(piProducts(t, a, before)); n != 4 {
			t.Errorf("products after the retry: %d, want 4", n)
		}
		// Asked again, there is nothing left to import.
		err = pl.ImportSupplierCategory(ctx, pricelist.CategoryImportInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops})
		if diff := cmp.Diff(map[string]string{"supplier_category": "products_import.nothing"}, lkFields(err)); diff != "" {
			t.Errorf("nothing left: %v", err)
		}
	})
}

func TestImportSupplierCategory422(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := lkService(a)
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2500, 500)
		sup, _ := lkSupplier(t, a, "Comtrade", lkRow("A1", "Lenovo", "Laptopovi", 100))
		tests := []struct {
			name string
			in   pricelist.CategoryImportInput
			want map[string]string
		}{
			{"all missing", pricelist.CategoryImportInput{},
				map[string]string{"supplier_id": "validation.required", "supplier_category": "validation.required", "category_id": "validation.required"}},
			{"unknown", pricelist.CategoryImportInput{SupplierID: 999999, SupplierCategory: "Laptopovi", CategoryID: 999999},
				map[string]string{"supplier_id": "category_link.unknown", "category_id": "category_link.unknown"}},
			{"too long", pricelist.CategoryImportInput{SupplierID: sup, SupplierCategory: strings.Repeat("x", 256), CategoryID: laptops},
				map[string]string{"supplier_category": "validation.max_chars"}},
			{"no such supplier category", pricelist.CategoryImportInput{SupplierID: sup, SupplierCategory: "Monitori", CategoryID: laptops},
				map[string]string{"supplier_category": "products_import.nothing"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := pl.ImportSupplierCategory(ctx, tt.in)
				if diff := cmp.Diff(tt.want, lkFields(err)); diff != "" {
					t.Errorf("%v (-want +got):\n%s", err, diff)
				}
			})
		}
		if n := piCount(t, a, "products", "1 = 1"); n != 0 || len(notes.all()) != 0 {
			t.Errorf("refused imports made %d products, %d notifications", n, len(notes.all()))
		}
	})
}

func TestImportSupplierProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, notes := lkService(a)
		ctx := actor.With(context.Background(), actor.Actor{UserID: 3})
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2500, 500)
		sup, ids := lkSupplier(t, a, "Comtrade", lkRow("A1", "Lenovo", "Laptopovi", 100_00), lkRow("A2", "Asus", "Razno", 200_00),
			lkRow("A3", "Dell", "Laptopovi", 300_00), lkRow("C1", "HP", "Laptopovi", 400_00))
		other, _ := lkSupplier(t, a, "Ewe", lkRow("A3", "Dell kod drugog", "Laptopovi", 300_00))
		hp := lkProduct(t, a, "HP-SHOP", "HP", laptops)
		if err := a.Catalog.ConnectSupplierProduct(ctx, ids["C1"], hp); err != nil {
			t.Fatal(err)
		}

		tests := []struct {
			name string
			in   pricelist.ProductsImportInput
			want map[string]string
		}{
			{"skus missing", pricelist.ProductsImportInput{SupplierID: sup, CategoryID: laptops}, map[string]string{"skus": "validation.required"}},
			{"sku empty and too long", pricelist.ProductsImportInput{SupplierID: sup, CategoryID: laptops, SKUs: []string{"A1", " ", strings.Repeat("x", 256)}},
				map[string]string{"skus.1": "validation.required", "skus.2": "validation.max_chars"}},
			{"too many", pricelist.ProductsImportInput{SupplierID: sup, CategoryID: laptops, SKUs: make([]string, pricelist.MaxImportSKUs+1)},
				map[string]string{"skus": "products_import.too_many_skus"}},
			{"supplier and category missing", pricelist.ProductsImportInput{SKUs: []string{"A1"}},
				map[string]string{"supplier_id": "validation.required", "category_id": "validation.required"}},
			{"nothing unconnected", pricelist.ProductsImportInput{SupplierID: sup, CategoryID: laptops, SKUs: []string{"C1", "nope"}},
				map[string]string{"skus": "products_import.nothing"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := pl.ImportSupplierProducts(ctx, tt.in)
				if diff := cmp.Diff(tt.want, lkFields(err)); diff != "" {
					t.Errorf("%v (-want +got):\n%s", err, diff)
				}
			})
		}
		before := piProductIDs(t, a)
		// Any supplier category; connected and unknown SKUs are skipped; the other supplier's A3 stays.
		if err := pl.ImportSupplierProducts(ctx, pricelist.ProductsImportInput{SupplierID: sup, CategoryID: laptops,
			SKUs: []string{"A2", " A3 ", "C1", "nope", "A3"}}); err != nil {
			t.Fatal(err)
		}
		got := piProducts(t, a, before)
		if len(got) != 2 || got["A2"].FromSupplierProduct != ids["A2"] || got["A3"].FromSupplierProduct != ids["A3"] ||
			got["A2"].Entry != 200_00 || got["A2"].MainCategoryID != laptops {
			t.Errorf("imported: %+v", got)
		}
		if n := piCount(t, a, "supplier_products", "supplier_id = ? AND product_id IS NULL", other); n != 1 {
			t.Error("the other supplier's product was imported")
		}
		ns := notes.all()
		if len(ns) != 1 || ns[0].Type != pricelist.NoteImportFinished || ns[0].UserID != 3 ||
			piNoteJSON(t, ns[0])["counts"].(map[string]any)["created"] != 2.0 {
			t.Errorf("notifications: %+v", ns)
		}
	})
}

// TestProductsImportBatches: more rows than one batch, a fallback SKU already taken, and a
// half-done import (a crash between batches) finished by the retry without duplicates.
func TestProductsImportBatches(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		cat := lkCategory(t, a, "Kablovi", "KAB", 2000, 1000, 2500, 500)
		var rows []catalog.SupplierProductInput
		const n = 1203
		for i := 1; i <= n; i++ {
			// Every third SKU is too long for a product: it gets KAB<id>.
			sku := fmt.Sprintf("K-%04d", i)
			if i%3 == 0 {
				sku = fmt.Sprintf("KABL-DUGACAK-%06d", i)
			}
			rows = append(rows, catalog.SupplierProductInput{SKU: sku, Name: "Kabl HDMI", Category: "Kablovi", Price: int64(i) * 100, Stock: i})
		}
		sup, ids := lkSupplier(t, a, "Comtrade", rows...)
		// The fallback SKU of KABL-DUGACAK-000003 is taken already: it gets -2.
		fallback := fmt.Sprintf("KAB%d", ids["KABL-DUGACAK-000003"])
		lkProduct(t, a, fallback, "Neki kabl", cat)
		// A crash after some batches: the first 600 products were made and connected.
		first := make([]string, 0, 600)
		for i := 1; i <= 600; i++ {
			first = append(first, rows[i-1].SKU)
		}
		before := piProductIDs(t, a)
		if _, err := pl.RunProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportProducts, SupplierID: sup,
			SKUs: first, CategoryID: cat}, false); err != nil {
			t.Fatal(err)
		}
		res, err := pl.RunProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportCategory, SupplierID: sup,
			SupplierCategory: "Kablovi", CategoryID: cat}, true)
		if err != nil || res.Created != n-600 {
			t.Fatalf("retry: %+v %v, want %d created", res, err, n-600)
		}
		got := piProducts(t, a, before)
		if len(got) != n {
			t.Fatalf("%d products, want %d", len(got), n)
		}
		slugs := map[string]bool{}
		for sku, p := range got {
			if p.FromSupplierProduct == 0 || slugs[p.Slug] || len(sku) > 15 {
				t.Fatalf("product %+v: not connected, slug repeated or SKU too long", p)
			}
			slugs[p.Slug] = true
		}
		if p, ok := got[fallback+"-2"]; !ok || p.FromSupplierProduct != ids["KABL-DUGACAK-000003"] {
			t.Errorf("taken fallback: %+v", got[fallback+"-2"])
		}
		if p := got["K-1202"]; p.FromSupplierProduct != ids["K-1202"] || p.Entry != 1202_00 || p.Stock != 1202 {
			t.Errorf("K-1202: %+v", p)
		}
		if c := piCount(t, a, "supplier_products", "supplier_id = ? AND product_id IS NULL", sup); c != 0 {
			t.Errorf("%d supplier products left unconnected", c)
		}
	})
}

// TestProductsImportFailure: the job of a category deleted meanwhile ends in ImportFailed
// with the reason, and does not retry (a 404 never gets better).
func TestProductsImportFailure(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := lkService(a)
		sup, _ := lkSupplier(t, a, "Comtrade", lkRow("A1", "Lenovo", "Laptopovi", 100))
		_, err := pl.RunProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportCategory, SupplierID: sup,
			SupplierCategory: "Laptopovi", CategoryID: 999999, UserID: 5}, false)
		if !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("%v, want the category's 404", err)
		}
		ns := notes.all()
		if len(ns) != 1 || ns[0].Type != "ImportFailed" || ns[0].UserID != 5 {
			t.Fatalf("notifications: %+v", ns)
		}
		want := map[string]any{"message": "Uvoz proizvoda nije uspeo: Kategorija ne postoji ili je izbrisana.", "pricelist": nil,
			"error": "Kategorija ne postoji ili je izbrisana."}
		if diff := cmp.Diff(want, piNoteJSON(t, ns[0])); diff != "" {
			t.Errorf("notification (-want +got):\n%s", diff)
		}
		_, err = pl.RunProductsImport(ctx, queue.ProductsImportPayload{Mode: "everything", SupplierID: sup, CategoryID: 1, UserID: 5}, false)
		if !apperr.Is(err, apperr.Invalid) || len(notes.all()) != 2 {
			t.Errorf("unknown mode: %v, %d notifications", err, len(notes.all()))
		}
		if n := piCount(t, a, "products", "1 = 1"); n != 0 {
			t.Errorf("%d products made", n)
		}
	})
}
