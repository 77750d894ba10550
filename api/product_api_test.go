package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/pricing"
)

// productFixture is a small catalogue: two categories with margins (the second with two
// attributes), a brand, the manufacturer attribute with a value, a colour attribute with values.
type productFixture struct {
	ts              *testServer
	cat1, cat2      uint64
	brand           uint64
	manufacturer    uint64 // a value of attribute 24
	colour, size    uint64 // attributes of cat2
	black, white    uint64 // values of colour
	notManufacturer uint64 // a value of another attribute
}

func productFixtureNew(t *testing.T, a *app.App) *productFixture {
	t.Helper()
	ts := newTestServer(t, a)
	db := a.DB
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	c1 := catalog.Category{Name: "Frižideri", Slug: "frizideri", Prefix: "FR", Level: 1, PdvBps: 2000, WebMarginBps: 1000, RetailMarginBps: 2500, DealerMarginBps: 500, Active: true}
	c2 := catalog.Category{Name: "Televizori", Slug: "televizori", Prefix: "TV", Level: 1, PdvBps: 2000, WebMarginBps: 1500, RetailMarginBps: 3000, DealerMarginBps: 800, Active: true}
	must(db.Create(&c1).Error)
	must(db.Create(&c2).Error)
	b := catalog.Brand{Name: "Gorenje"}
	must(db.Create(&b).Error)
	if err := db.Where("id = ?", catalog.ManufacturerAttributeID).FirstOrCreate(&catalog.Attribute{ID: catalog.ManufacturerAttributeID, Name: "Proizvođač", Active: true}).Error; err != nil {
		t.Fatal(err)
	}
	man := catalog.AttributeValue{AttributeID: catalog.ManufacturerAttributeID, Value: "Gorenje d.o.o.", Active: true}
	must(db.Create(&man).Error)
	colour := catalog.Attribute{Name: "Boja", Active: true}
	size := catalog.Attribute{Name: "Dijagonala", Active: true}
	must(db.Create(&colour).Error)
	must(db.Create(&size).Error)
	black := catalog.AttributeValue{AttributeID: colour.ID, Value: "Crna", Active: true}
	white := catalog.AttributeValue{AttributeID: colour.ID, Value: "Bela", Active: true}
	inch := catalog.AttributeValue{AttributeID: size.ID, Value: "55\"", Active: true}
	must(db.Create(&black).Error)
	must(db.Create(&white).Error)
	must(db.Create(&inch).Error)
	must(db.Create(&[]catalog.CategoryAttribute{{CategoryID: c2.ID, AttributeID: colour.ID, Position: 1, Active: true},
		{CategoryID: c2.ID, AttributeID: size.ID, Position: 2, Active: true}}).Error)
	return &productFixture{ts: ts, cat1: c1.ID, cat2: c2.ID, brand: b.ID, manufacturer: man.ID, colour: colour.ID, size: size.ID,
		black: black.ID, white: white.ID, notManufacturer: inch.ID}
}

// mustCreateProduct creates a product through the API and returns its data.product.
func (fx *productFixture) mustCreateProduct(tb testing.TB, body map[string]any) map[string]any {
	tb.Helper()
	r := fx.ts.do(req{method: "POST", path: "/api/v1/admin/products", token: fx.ts.staff, body: body})
	if r.Status != 201 {
		tb.Fatalf("create product: %d %s", r.Status, r.Raw)
	}
	return data(r)["product"].(map[string]any)
}

func (fx *productFixture) product(sku, name string, cats ...uint64) map[string]any {
	return map[string]any{"sku": sku, "name": name, "entry_price": 1000, "categories": cats,
		"description": lexical("Opis proizvoda.")}
}

// lexical is a description as the admin's editor stores it: a Lexical state, one paragraph.
func lexical(text string) string {
	b, _ := json.Marshal(map[string]any{"root": map[string]any{"type": "root", "children": []any{
		map[string]any{"type": "paragraph", "children": []any{map[string]any{"type": "text", "text": text, "format": 0}}}}}})
	return string(b)
}

func productIDOf(m map[string]any) uint64 { return uint64(m["id"].(float64)) }

func TestProductCreate(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		body := fx.product("FR-001", "Frižider Gorenje NRK 6192", fx.cat1, fx.cat2)
		body["brand_id"], body["manufacturer_id"], body["ean"], body["stock"] = fx.brand, fx.manufacturer, "3838782", 4
		r := ts.do(req{method: "POST", path: "/api/v1/admin/products", token: ts.staff, body: body})
		if r.Status != 201 || message(r) != "Proizvod je uspešno kreiran." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		p := data(r)["product"].(map[string]any)
		// 1000 × 1.10 × 1.20 = 1320; retail × 1.25 × 1.2 = 1500; dealer × 1.05 = 1050.
		got := map[string]any{"slug": p["slug"], "web": p["web_price"], "retail": p["retail_price"], "dealer": p["dealer_price"],
			"auth": p["authenticated_price"], "main": p["main_category"].(map[string]any)["id"], "cats": len(p["categories"].([]any)),
			"brand": p["brand"].(map[string]any)["name"], "man": p["manufacturer"].(map[string]any)["value"], "active": p["active"], "visible": p["visible"]}
		want := map[string]any{"slug": "frizider-gorenje-nrk-6192", "web": 1320.0, "retail": 1500.0, "dealer": 1050.0, "auth": 1320.0,
			"main": float64(fx.cat1), "cats": 2, "brand": "Gorenje", "man": "Gorenje d.o.o.", "active": true, "visible": true}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("create201 (-want +got):\n%s", diff)
		}
		// The 1200 characters count the text, not the editor's markup around it.
		long := fx.product("FR-003", "Frižider sa dugim opisom", fx.cat1)
		long["description"] = lexical(strings.Repeat("ž", 1200))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products", token: ts.staff, body: long}); r.Status != 201 {
			t.Errorf("create201LongRichText: %d %s", r.Status, r.Raw)
		}
		// The same name gets the next free slug; main_category_id picks the main category.
		body2 := fx.product("FR-002", "Frižider Gorenje NRK 6192", fx.cat1, fx.cat2)
		body2["main_category_id"] = fx.cat2
		p2 := fx.mustCreateProduct(t, body2)
		if p2["slug"] != "frizider-gorenje-nrk-6192-2" || p2["main_category_id"] != float64(fx.cat2) || p2["web_price"] != 1380.0 {
			t.Errorf("second: slug %v main %v web %v", p2["slug"], p2["main_category_id"], p2["web_price"])
		}

		tests := []struct {
			name  string
			edit  func(m map[string]any)
			field string
			msg   string
		}{
			{"create422SkuMissing", func(m map[string]any) { delete(m, "sku") }, "sku", "Polje je obavezno"},
			{"create422SkuLong", func(m map[string]any) { m["sku"] = "1234567890123456" }, "sku", "Polje može sadržati maksimum 15 karaktera"},
			{"create422SkuTaken", func(m map[string]any) { m["sku"] = "FR-001" }, "sku", "Šifra je već zauzeta"},
			{"create422NameMissing", func(m map[string]any) { delete(m, "name") }, "name", "Polje je obavezno"},
			{"create422NameShort", func(m map[string]any) { m["name"] = " F " }, "name", "Polje mora sadržati minimum 2 karaktera"},
			{"create422NameLong", func(m map[string]any) { m["name"] = strings.Repeat("ž", 1201) }, "name", "Polje može sadržati maksimum 1200 karaktera"},
			{"create422PriceMissing", func(m map[string]any) { delete(m, "entry_price") }, "entry_price", "Polje je obavezno"},
			{"create422PriceZero", func(m map[string]any) { m["entry_price"] = 0 }, "entry_price", "Ulazna cena mora biti najmanje 0,01"},
			{"create422PriceText", func(m map[string]any) { m["entry_price"] = "abc" }, "entry_price", "Polje je pogrešnog tipa"},
			{"create422DescriptionShort", func(m map[string]any) { m["description"] = "x" }, "description", "Polje mora sadržati minimum 2 karaktera"},
			{"create422DescriptionLong", func(m map[string]any) { m["description"] = strings.Repeat("a", 1201) }, "description", "Polje može sadržati maksimum 1200 karaktera"},
			{"create422DescriptionTextLong", func(m map[string]any) { m["description"] = lexical(strings.Repeat("ž", 1201)) }, "description", "Polje može sadržati maksimum 1200 karaktera"},
			{"create422DescriptionEmptyEditor", func(m map[string]any) { m["description"] = `{"root":{"children":[]}}` }, "description", "Polje mora sadržati minimum 2 karaktera"},
			{"create422DescriptionObject", func(m map[string]any) { m["description"] = map[string]any{"root": 1} }, "description", "Polje je pogrešnog tipa"},
			{"create422CategoriesMissing", func(m map[string]any) { delete(m, "categories") }, "categories", "Polje je obavezno"},
			{"create422CategoriesUnknown", func(m map[string]any) { m["categories"] = []uint64{fx.cat1, 9999} }, "categories", "Izabrana vrednost ne postoji"},
			{"create422MainCategoryUnknown", func(m map[string]any) { m["main_category_id"] = 9999 }, "main_category_id", "Izabrana vrednost ne postoji"},
			{"create422BrandUnknown", func(m map[string]any) { m["brand_id"] = 9999 }, "brand_id", "Izabrana vrednost ne postoji"},
			{"create422ManufacturerNotOf24", func(m map[string]any) { m["manufacturer_id"] = fx.notManufacturer }, "manufacturer_id", "Izabrana vrednost ne postoji"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				b := fx.product("NEW-1", "Novi proizvod", fx.cat1)
				tt.edit(b)
				r := ts.do(req{method: "POST", path: "/api/v1/admin/products", token: ts.staff, body: b})
				if r.Status != 422 || firstError(r, tt.field) != tt.msg {
					t.Errorf("%d %s, want 422 on %s: %q", r.Status, r.Raw, tt.field, tt.msg)
				}
			})
		}
		var n int64
		a.DB.Table("activity_log").Where("type = ? AND subject_id = ?", "product.created", productIDOf(p)).Count(&n)
		if n != 1 {
			t.Errorf("activity product.created: %d", n)
		}
	})
}

func TestProductUpdateGetDelete(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		p := fx.mustCreateProduct(t, fx.product("TV-1", "Televizor Samsung", fx.cat1))
		path := fmt.Sprintf("/api/v1/admin/products/%d", productIDOf(p))

		body := fx.product("", "Televizor Samsung 55", fx.cat2)
		body["entry_price"], body["active"], body["brand_id"] = "2000.50", false, fx.brand
		r := ts.do(req{method: "PATCH", path: path, token: ts.staff, body: body})
		if r.Status != 200 || message(r) != "Proizvod je uspešno izmenjen." {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		u := data(r)
		// 2000.50 × 1.15 × 1.2 = 2760.69 -> 2761; slug stays; SKU stays.
		got := []any{u["name"], u["slug"], u["sku"], u["web_price"], u["entry_price"], u["active"], u["main_category_id"]}
		want := []any{"Televizor Samsung 55", "televizor-samsung", "TV-1", 2761.0, 2000.5, false, float64(fx.cat2)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("update200 (-want +got):\n%s", diff)
		}
		body["sku"] = "OTHER"
		if r := ts.do(req{method: "PATCH", path: path, token: ts.staff, body: body}); r.Status != 422 || firstError(r, "sku") != "Šifra proizvoda se ne može menjati" {
			t.Errorf("update422Sku: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path, token: ts.staff, body: map[string]any{}}); r.Status != 422 || firstError(r, "name") == "" || firstError(r, "categories") == "" {
			t.Errorf("update422Empty: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/products/9999", token: ts.staff, body: body}); r.Status != 404 || message(r) != "Proizvod ne postoji ili je izbrisan." {
			t.Errorf("update404: %d %s", r.Status, r.Raw)
		}

		// get200 with every include
		a.DB.Exec("INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at) VALUES (?, ?, 'images/a-s.webp', 'images/a-l.webp', 0, ?)", productIDOf(p), true, time.Now())
		r = ts.do(req{method: "GET", path: path + "?include=mainCategory,mainImage,categories,brand,supplier,images,attributes", token: ts.staff})
		if r.Status != 200 {
			t.Fatalf("get200: %d %s", r.Status, r.Raw)
		}
		g := data(r)
		if g["main_image"].(map[string]any)["small"] != "/media/images/a-s.webp" || len(g["images"].([]any)) != 1 ||
			len(g["attributes"].([]any)) != 2 || g["supplier"] != nil || g["energy_value_sticker"] != nil ||
			g["main_category_slug"] != "televizori" || len(g["catalog_stickers"].([]any)) != 0 {
			t.Errorf("get200: %s", r.Raw)
		}
		if _, ok := g["supplier"]; !ok {
			t.Errorf("get200: an included supplier is null, not absent: %s", r.Raw)
		}
		r = ts.do(req{method: "GET", path: path, token: ts.staff})
		for _, k := range []string{"main_image", "images", "attributes", "categories", "main_category", "supplier"} {
			if _, ok := data(r)[k]; ok {
				t.Errorf("get200NoInclude: %s present", k)
			}
		}
		if r := ts.do(req{method: "GET", path: path + "?include=orders", token: ts.staff}); r.Status != 422 {
			t.Errorf("get422Include: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/products/abc", token: ts.staff}); r.Status != 404 {
			t.Errorf("get404: %d", r.Status)
		}

		// delete200, then 404; the activity log keeps the old values
		if r := ts.do(req{method: "DELETE", path: path, token: ts.staff}); r.Status != 200 || message(r) != "Proizvod je uspešno obrisan." {
			t.Fatalf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.staff}); r.Status != 404 {
			t.Errorf("get after delete: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.staff}); r.Status != 404 {
			t.Errorf("delete404: %d", r.Status)
		}
		var types []string
		a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ?", "product", productIDOf(p)).Order("id").Pluck("type", &types)
		if diff := cmp.Diff([]string{"product.created", "product.updated", "product.deleted"}, types); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
		var left int64
		a.DB.Table("product_images").Where("product_id = ?", productIDOf(p)).Count(&left)
		if left != 0 {
			t.Errorf("images left: %d", left)
		}
	})
}

func TestProductList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		var ids []uint64
		for i, name := range []string{"Frižider Gorenje", "Šporet Gorenje", "Televizor LG", "Laptop HP"} {
			body := fx.product(fmt.Sprintf("P-%d", i), name, []uint64{fx.cat1, fx.cat2}[i%2])
			if i == 2 {
				body["active"] = false
			}
			if i == 3 {
				body["brand_id"] = fx.brand
			}
			ids = append(ids, productIDOf(fx.mustCreateProduct(t, body)))
		}
		a.DB.Exec("INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at) VALUES (?, ?, 'images/s.webp', 'images/l.webp', 0, ?)", ids[0], true, time.Now())
		listIDs := func(r resp) []uint64 {
			var out []uint64
			for _, x := range list(r) {
				out = append(out, productIDOf(x.(map[string]any)))
			}
			return out
		}
		tests := []struct {
			name, query string
			want        []uint64
		}{
			{"list200All", "", []uint64{ids[3], ids[2], ids[1], ids[0]}},
			{"list200Folded", "search=frizider", []uint64{ids[0]}},
			{"list200Sku", "search=p-1", []uint64{ids[1]}},
			{"list200Category", "categories=" + fmt.Sprint(fx.cat2), []uint64{ids[3], ids[1]}},
			{"list200Inactive", "inactive=1", []uint64{ids[2]}},
			{"list200Brand", "brands=" + fmt.Sprint(fx.brand), []uint64{ids[3]}},
			{"list200WithImage", "with_image=1", []uint64{ids[0]}},
			{"list200Eponuda", "include=mainCategory&visible=1&active=1&eponuda=0", []uint64{ids[3], ids[1], ids[0]}},
			{"list200SortName", "sort=name&search=gorenje", []uint64{ids[0], ids[1]}},
			{"list200SerbianPrice", "web_price_from=" + url.QueryEscape("1.000,00"), []uint64{ids[3], ids[2], ids[1], ids[0]}},
			{"list200Paginate5000", "paginate=5000&include=mainCategory,mainImage,categories,brand,supplier", []uint64{ids[3], ids[2], ids[1], ids[0]}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/products?" + tt.query, token: ts.staff})
				if r.Status != 200 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if diff := cmp.Diff(tt.want, listIDs(r)); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
				if total := r.Body["meta"].(map[string]any)["total"]; total != float64(len(tt.want)) {
					t.Errorf("total %v", total)
				}
			})
		}
		// Rows: included relations, null main image, brand and manufacturer always there.
		r := ts.do(req{method: "GET", path: "/api/v1/admin/products?include=mainCategory,mainImage&paginate=2", token: ts.staff})
		rows := list(r)
		first := rows[0].(map[string]any)
		if r.Body["meta"].(map[string]any)["total"] != 4.0 || len(rows) != 2 || first["main_image"] != nil || first["brand"].(map[string]any)["name"] != "Gorenje" ||
			first["main_category"].(map[string]any)["slug"] != "televizori" || first["connected"] != false || first["supplier_product_id"] != nil {
			t.Errorf("rows: %s", r.Raw)
		}
		if _, ok := first["main_image"]; !ok {
			t.Errorf("an included main image is null, not absent")
		}
		if _, ok := first["manufacturer"]; !ok {
			t.Errorf("manufacturer missing")
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/products?search=frizider&include=mainImage", token: ts.staff})
		if img := list(r)[0].(map[string]any)["main_image"].(map[string]any); img["large"] != "/media/images/l.webp" {
			t.Errorf("main image: %v", img)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/products", token: ts.staff})
		if _, ok := list(r)[0].(map[string]any)["main_image"]; ok {
			t.Errorf("main image present when not included")
		}

		bad := []struct{ name, query, field string }{
			{"list422Sort", "sort=password", "sort"},
			{"list422UnknownParam", "colour=red", "colour"},
			{"list422Bool", "active=yes", "active"},
			{"list422Paginate", "paginate=5001", "paginate"},
			{"list422Date", "discount=1&discount_from=2025-13-45", "discount_from"},
			{"list422Range", "web_price_from=10&web_price_to=5", "web_price_to"},
			{"list422Include", "include=images", "include"},
		}
		for _, tt := range bad {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/products?" + tt.query, token: ts.staff})
			if r.Status != 422 || firstError(r, tt.field) == "" {
				t.Errorf("%s: %d %s", tt.name, r.Status, r.Raw)
			}
		}
	})
}

func TestProductAttributes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		p := productIDOf(fx.mustCreateProduct(t, fx.product("TV-1", "Televizor", fx.cat2)))
		other := productIDOf(fx.mustCreateProduct(t, fx.product("TV-2", "Televizor 2", fx.cat2)))
		base := fmt.Sprintf("/api/v1/admin/products/%d/attributes", p)
		values := func(r resp) map[string]any {
			out := map[string]any{}
			for _, x := range list(r) {
				m := x.(map[string]any)
				var v any
				if m["value"] != nil {
					v = m["value"].(map[string]any)["value"]
				}
				out[m["attribute"].(map[string]any)["name"].(string)] = v
			}
			return out
		}
		r := ts.do(req{method: "GET", path: base, token: ts.staff})
		if diff := cmp.Diff(map[string]any{"Boja": nil, "Dijagonala": nil}, values(r)); r.Status != 200 || diff != "" {
			t.Fatalf("attributes200: %d %s", r.Status, diff)
		}
		colour := fmt.Sprintf("%s/%d", base, fx.colour)
		if r := ts.do(req{method: "PATCH", path: colour + "/values", token: ts.staff, body: map[string]any{"attribute_value_id": fx.black}}); r.Status != 200 ||
			data(r)["value"].(map[string]any)["value"] != "Crna" || message(r) != "Atribut proizvoda je uspešno izmenjen." {
			t.Fatalf("setValue200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: colour + "/values-existing", token: ts.staff, body: map[string]any{"value_id": fx.white}}); r.Status != 200 ||
			data(r)["value"].(map[string]any)["id"] != float64(fx.white) {
			t.Fatalf("existing200: %d %s", r.Status, r.Raw)
		}
		// The other product shares "Bela"; editing the text for p leaves the other's value alone.
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/attributes/%d/values-existing", other, fx.colour), token: ts.staff,
			body: map[string]any{"attribute_value_id": fx.white}}); r.Status != 200 {
			t.Fatalf("other existing: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/values/%d", colour, fx.white), token: ts.staff, body: map[string]any{"value": "Bela mat"}})
		if r.Status != 200 || data(r)["value"].(map[string]any)["value"] != "Bela mat" || data(r)["value"].(map[string]any)["id"] == float64(fx.white) {
			t.Fatalf("editShared200: %d %s", r.Status, r.Raw)
		}
		if v := values(ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/attributes", other), token: ts.staff})); v["Boja"] != "Bela" {
			t.Errorf("other product's value changed: %v", v)
		}
		// Now p alone uses "Bela mat": renamed in place.
		matID := uint64(data(r)["value"].(map[string]any)["id"].(float64))
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/values/%d", colour, matID), token: ts.staff, body: map[string]any{"value": "Biser bela"}})
		if r.Status != 200 || data(r)["value"].(map[string]any)["id"] != float64(matID) {
			t.Fatalf("editOwn200: %d %s", r.Status, r.Raw)
		}
		size := fmt.Sprintf("%s/%d", base, fx.size)
		r = ts.do(req{method: "POST", path: size + "/values-new", token: ts.staff, body: map[string]any{"value": " 65\" "}})
		if r.Status != 200 || data(r)["value"].(map[string]any)["value"] != "65\"" {
			t.Fatalf("new200: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: base, token: ts.staff})
		if diff := cmp.Diff(map[string]any{"Boja": "Biser bela", "Dijagonala": "65\""}, values(r)); diff != "" {
			t.Errorf("after (-want +got):\n%s", diff)
		}

		bad := []struct {
			name, method, path string
			body               any
			status             int
			field, msg         string
		}{
			{"new422Empty", "POST", size + "/values-new", map[string]any{"value": "  "}, 422, "value", "Polje je obavezno"},
			{"new422Long", "POST", size + "/values-new", map[string]any{"value": strings.Repeat("x", 256)}, 422, "value", "Polje može sadržati maksimum 255 karaktera"},
			{"set422Missing", "PATCH", colour + "/values", map[string]any{}, 422, "attribute_value_id", "Polje je obavezno"},
			{"existing422Missing", "POST", colour + "/values-existing", map[string]any{}, 422, "value_id", "Polje je obavezno"},
			{"set422OtherAttribute", "PATCH", colour + "/values", map[string]any{"attribute_value_id": fx.manufacturer}, 422, "attribute_value_id", "Vrednost ne pripada ovom atributu"},
			{"set404Attribute", "PATCH", base + "/9999/values", map[string]any{"attribute_value_id": fx.black}, 404, "", "Atribut proizvoda ne postoji ili je izbrisan."},
			{"edit404Value", "PATCH", fmt.Sprintf("%s/values/%d", colour, fx.black), map[string]any{"value": "x"}, 404, "", "Vrednost atributa ne postoji ili je izbrisana."},
			{"list404Product", "GET", "/api/v1/admin/products/9999/attributes", nil, 404, "", "Proizvod ne postoji ili je izbrisan."},
		}
		for _, tt := range bad {
			r := ts.do(req{method: tt.method, path: tt.path, token: ts.staff, body: tt.body})
			got := message(r)
			if tt.field != "" {
				got = firstError(r, tt.field)
			}
			if r.Status != tt.status || got != tt.msg {
				t.Errorf("%s: %d %s", tt.name, r.Status, r.Raw)
			}
		}
		var types []string
		a.DB.Table("activity_log").Where("type LIKE ?", "product_attribute%").Order("id").Pluck("type", &types)
		if len(types) < 5 {
			t.Errorf("attribute activity: %v", types)
		}
	})
}

func TestProductMassChanges(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		var ids []uint64
		for i := 0; i < 4; i++ {
			ids = append(ids, productIDOf(fx.mustCreateProduct(t, fx.product(fmt.Sprintf("M-%d", i), fmt.Sprintf("Masovni %d", i), fx.cat2))))
		}
		desc := func(id uint64) string {
			var d []string
			a.DB.Table("products").Where("id = ?", id).Pluck("description", &d)
			return d[0]
		}
		r := ts.do(req{method: "PATCH", path: "/api/v1/admin/products/mass-update", token: ts.staff, body: map[string]any{"description": "Novi opis", "ids": ids[:2]}})
		if r.Status != 200 || message(r) != "Opisi proizvoda su uspešno izmenjeni." || data(r)["count"] != 2.0 || desc(ids[0]) != "Novi opis" || desc(ids[2]) == "Novi opis" {
			t.Fatalf("massUpdate200Ids: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: "/api/v1/admin/products/mass-update?search=masovni+3", token: ts.staff, body: map[string]any{"description": "Filtrirano"}})
		if r.Status != 200 || data(r)["count"] != 1.0 || desc(ids[3]) != "Filtrirano" {
			t.Fatalf("massUpdate200Filter: %d %s", r.Status, r.Raw)
		}
		rich := lexical(strings.Repeat("a", 1200))
		r = ts.do(req{method: "PATCH", path: "/api/v1/admin/products/mass-update", token: ts.staff, body: map[string]any{"description": rich, "ids": ids[:1]}})
		if r.Status != 200 || desc(ids[0]) != rich {
			t.Fatalf("massUpdate200RichText: %d %s", r.Status, r.Raw)
		}
		var n int64
		a.DB.Table("activity_log").Where("type = ? AND new_values LIKE ?", "product.updated", "%Filtrirano%").Count(&n)
		if n != 1 {
			t.Errorf("mass activity: %d", n)
		}
		bad := []struct {
			name, path string
			body       any
			field, msg string
		}{
			{"massUpdate422Nothing", "/api/v1/admin/products/mass-update", map[string]any{"description": "Opis"}, "ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"massUpdate422SortOnly", "/api/v1/admin/products/mass-update?sort=-id", map[string]any{"description": "Opis"}, "ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"massUpdate422Description", "/api/v1/admin/products/mass-update", map[string]any{"description": "x", "ids": ids}, "description", "Polje mora sadržati minimum 2 karaktera"},
			{"massUpdate422DescriptionTextLong", "/api/v1/admin/products/mass-update", map[string]any{"description": lexical(strings.Repeat("a", 1201)), "ids": ids}, "description", "Polje može sadržati maksimum 1200 karaktera"},
			{"massUpdate422DescriptionEmptyEditor", "/api/v1/admin/products/mass-update", map[string]any{"description": lexical(" "), "ids": ids}, "description", "Polje je obavezno"},
			{"massUpdate422UnknownParam", "/api/v1/admin/products/mass-update?foo=1", map[string]any{"description": "Opis", "ids": ids}, "foo", "Nepoznat parametar"},
		}
		for _, tt := range bad {
			r := ts.do(req{method: "PATCH", path: tt.path, token: ts.staff, body: tt.body})
			if r.Status != 422 || firstError(r, tt.field) != tt.msg {
				t.Errorf("%s: %d %s", tt.name, r.Status, r.Raw)
			}
		}

		// Attributes: transfer creates the rows, then mass (de)activation flips them.
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products/transfer", token: ts.staff, body: map[string]any{"category_id": fx.cat2, "products": ids}}); r.Status != 200 {
			t.Fatalf("transfer: %d %s", r.Status, r.Raw)
		}
		active := func() map[bool]int64 {
			out := map[bool]int64{}
			var rows []struct {
				Active bool
				N      int64
			}
			a.DB.Table("product_attributes").Select("active, COUNT(*) AS n").Where("product_id IN ?", ids).Group("active").Scan(&rows)
			for _, r := range rows {
				out[r.Active] = r.N
			}
			return out
		}
		r = ts.do(req{method: "DELETE", path: "/api/v1/admin/products/attributes/mass-deactivate", token: ts.staff,
			body: map[string]any{"ids": ids[:3], "attribute_ids": []uint64{fx.colour}}})
		if r.Status != 200 || data(r)["count"] != 3.0 || message(r) != "Atributi proizvoda su uspešno deaktivirani." {
			t.Fatalf("massDeactivate200: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff(map[bool]int64{true: 5, false: 3}, active()); diff != "" {
			t.Errorf("after deactivate (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/products/attributes/mass-activate?categories=" + fmt.Sprint(fx.cat2), token: ts.staff,
			body: map[string]any{"category_id": fx.cat2}})
		if r.Status != 200 || data(r)["count"] != 8.0 {
			t.Fatalf("massActivate200Filter: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff(map[bool]int64{true: 8}, active()); diff != "" {
			t.Errorf("after activate (-want +got):\n%s", diff)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products/attributes/mass-activate", token: ts.staff, body: map[string]any{}}); r.Status != 422 ||
			firstError(r, "ids") != "Molimo vas da prvo izaberete proizvode koje želite da menjate" {
			t.Errorf("massActivate422: %d %s", r.Status, r.Raw)
		}
	})
}

func TestProductTransfer(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		var ids []uint64
		for i, price := range []string{"999.99", "12345.67", "0.01"} {
			b := fx.product(fmt.Sprintf("T-%d", i), fmt.Sprintf("Prebacivanje %d", i), fx.cat1)
			b["entry_price"] = price
			ids = append(ids, productIDOf(fx.mustCreateProduct(t, b)))
		}
		// The first product has the colour already (with a value): only the size is missing for it.
		a.DB.Create(&catalog.ProductAttribute{ProductID: ids[0], AttributeID: fx.colour, AttributeValueID: &fx.black, Active: true})
		q := fmt.Sprintf("/api/v1/admin/products/transfer?category_id=%d&products=%d,%d", fx.cat2, ids[0], ids[1])
		r := ts.do(req{method: "GET", path: q, token: ts.staff})
		names := func(r resp) []string {
			var out []string
			for _, x := range r.Body["attributes"].([]any) {
				out = append(out, x.(map[string]any)["name"].(string))
			}
			return out
		}
		if r.Status != 200 || r.Body["message"] != "Izabrani proizvodi nemaju sledeće atribute kategorije." {
			t.Fatalf("preview200: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff([]string{"Boja", "Dijagonala"}, names(r)); diff != "" {
			t.Errorf("preview (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/transfer?category_id=%d&products=%d", fx.cat2, ids[0]), token: ts.staff})
		if diff := cmp.Diff([]string{"Dijagonala"}, names(r)); diff != "" {
			t.Errorf("previewOne (-want +got):\n%s", diff)
		}
		// With the filter instead of ids.
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/transfer?category_id=%d&search=prebacivanje", fx.cat2), token: ts.staff})
		if diff := cmp.Diff([]string{"Boja", "Dijagonala"}, names(r)); r.Status != 200 || diff != "" {
			t.Errorf("previewFilter: %d %s", r.Status, diff)
		}
		bad := []struct{ name, query, field, msg string }{
			{"preview422NoCategory", fmt.Sprintf("products=%d", ids[0]), "category_id", "Polje je obavezno"},
			{"preview422UnknownCategory", fmt.Sprintf("category_id=9999&products=%d", ids[0]), "category_id", "Izabrana vrednost ne postoji"},
			{"preview422NoProducts", fmt.Sprintf("category_id=%d", fx.cat2), "products", "Molimo vas da prvo izaberete proizvode koje želite da menjate i izaberete kategoriju"},
			{"preview422BadIDs", fmt.Sprintf("category_id=%d&products=1,x", fx.cat2), "products", "Polje mora biti broj"},
			{"preview422UnknownParam", fmt.Sprintf("category_id=%d&products=1&colour=red", fx.cat2), "colour", "Nepoznat parametar"},
		}
		for _, tt := range bad {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/products/transfer?" + tt.query, token: ts.staff})
			if r.Status != 422 || firstError(r, tt.field) != tt.msg {
				t.Errorf("%s: %d %s", tt.name, r.Status, r.Raw)
			}
		}

		// Transfer by filter (the category filter no longer matches after the move: read once).
		r = ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/transfer?categories=%d", fx.cat1), token: ts.staff,
			body: map[string]any{"category_id": fx.cat2, "active": false}})
		if r.Status != 200 || r.Body["message"] != "Proizvodi su uspešno prebačeni u kategoriju." {
			t.Fatalf("transfer200: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff([]string{"Boja", "Dijagonala"}, names(r)); diff != "" {
			t.Errorf("transfer created (-want +got):\n%s", diff)
		}
		var prods []catalog.Product
		a.DB.Where("id IN ?", ids).Order("id").Find(&prods)
		c2 := pricing.Margins{Pdv: 2000, Web: 1500, Retail: 3000, Dealer: 800}
		for _, p := range prods {
			want := pricing.Derive(p.EntryPrice, c2)
			got := pricing.Prices{Web: p.WebPrice, Retail: p.RetailPrice, Dealer: p.DealerPrice, Authenticated: p.AuthPrice}
			if p.MainCategoryID != fx.cat2 {
				t.Errorf("product %d main category %d", p.ID, p.MainCategoryID)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("product %d prices (SQL vs Go) (-want +got):\n%s", p.ID, diff)
			}
		}
		var cats []uint64
		a.DB.Table("product_categories").Where("product_id IN ?", ids).Distinct("category_id").Pluck("category_id", &cats)
		if diff := cmp.Diff([]uint64{fx.cat2}, cats); diff != "" {
			t.Errorf("product categories (-want +got):\n%s", diff)
		}
		var rows []catalog.ProductAttribute
		a.DB.Where("product_id IN ?", ids).Find(&rows)
		var states []string
		for _, pa := range rows {
			states = append(states, fmt.Sprintf("%d/%d/%v/%v", pa.ProductID-ids[0], pa.AttributeID-fx.colour, pa.Active, pa.AttributeValueID != nil))
		}
		sort.Strings(states)
		want := []string{"0/0/true/true", "0/1/false/false", "1/0/false/false", "1/1/false/false", "2/0/false/false", "2/1/false/false"}
		if diff := cmp.Diff(want, states); diff != "" {
			t.Errorf("product attributes (-want +got):\n%s", diff)
		}
		// Nothing left to move under the old category.
		r = ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/transfer?categories=%d", fx.cat1), token: ts.staff, body: map[string]any{"category_id": fx.cat2}})
		if r.Status != 422 || firstError(r, "products") == "" {
			t.Errorf("transfer422Empty: %d %s", r.Status, r.Raw)
		}
	})
}
