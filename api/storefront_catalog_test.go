package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// TestStorefrontProduct: GET /products/{slug} is public; the shown price is the web price for a
// guest (and a bad token), the authenticated price for a logged-in customer, the action price
// for everyone; the retail price is ×1.14 when below the shown price; purchasable follows the
// main category's min price; related products; inactive, hidden and unknown slugs are 404.
func TestStorefrontProduct(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		mk := func(sku, name string, set map[string]any) string {
			t.Helper()
			p := fx.mustCreateProduct(t, fx.product(sku, name, fx.cat1))
			set["active"], set["visible"] = true, true
			if _, ok := set["stock"]; !ok {
				set["stock"] = 5
			}
			if v, ok := set["hidden"]; ok {
				delete(set, "hidden")
				set["visible"] = !v.(bool)
			}
			if v, ok := set["inactive"]; ok {
				delete(set, "inactive")
				set["active"] = !v.(bool)
			}
			if err := a.DB.Model(&catalog.Product{}).Where("id = ?", productIDOf(p)).Updates(set).Error; err != nil {
				t.Fatal(err)
			}
			return p["slug"].(string)
		}
		rsd := func(n int64) money.Para { return money.Para(n * 100) }
		if err := a.DB.Model(&catalog.Category{}).Where("id = ?", fx.cat1).Update("min_price", rsd(500)).Error; err != nil {
			t.Fatal(err)
		}
		plain := mk("SF-1", "Frižider Gorenje", map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(900), "retail_price": rsd(1200),
			"brand_id": fx.brand})
		lowRetail := mk("SF-2", "Frižider mali", map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(950), "retail_price": rsd(800)})
		action := mk("SF-3", "Frižider na akciji", map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(900), "retail_price": rsd(1200),
			"discount_price": rsd(700)})
		cheap := mk("SF-4", "Frižider jeftin", map[string]any{"web_price": rsd(400), "authenticated_price": rsd(380), "retail_price": rsd(600)})
		hidden := mk("SF-5", "Frižider skriven", map[string]any{"web_price": rsd(1000), "hidden": true})
		inactive := mk("SF-6", "Frižider neaktivan", map[string]any{"web_price": rsd(1000), "inactive": true})
		soldOut := mk("SF-7", "Frižider rasprodat", map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(900), "retail_price": rsd(1200),
			"stock": 0})
		noRule := mk("SF-8", "Frižider bez popusta", map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(1000), "retail_price": rsd(1200)})

		// The action's row, as pricing keeps it: the product shows its type.
		dt := pricing.DiscountType{Name: "Crni petak"}
		if err := a.DB.Create(&dt).Error; err != nil {
			t.Fatal(err)
		}
		var actionID uint64
		if err := a.DB.Model(&catalog.Product{}).Where("slug = ?", action).Pluck("id", &actionID).Error; err != nil {
			t.Fatal(err)
		}
		d := pricing.Discount{ProductID: actionID, DiscountTypeID: dt.ID, Price: rsd(700), ValidFrom: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC),
			ValidTo: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}
		if err := a.DB.Create(&d).Error; err != nil {
			t.Fatal(err)
		}
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", actionID).Update("active_discount_id", d.ID).Error; err != nil {
			t.Fatal(err)
		}

		get := func(slug, token string) map[string]any {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/products/" + slug + "?include=categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user", token: token})
			if r.Status != 200 {
				t.Fatalf("GET %s: %d %s", slug, r.Status, r.Raw)
			}
			return data(r)
		}
		type want struct{ price, retail, saving float64 }
		check := func(name string, p map[string]any, w want, purchasable bool) {
			t.Helper()
			if p["price"] != w.price || p["retail_price"] != w.retail || p["saving"] != w.saving || p["purchasable"] != purchasable {
				t.Errorf("%s: price %v retail %v saving %v purchasable %v, want %+v purchasable %v", name, p["price"], p["retail_price"],
					p["saving"], p["purchasable"], w, purchasable)
			}
		}
		check("guest", get(plain, ""), want{1000, 1200, 200}, true)
		check("bad token is a guest", get(plain, "not-a-token"), want{1000, 1200, 200}, true)
		check("customer", get(plain, ts.buyer), want{900, 1200, 300}, true)
		check("retail below price: guest", get(lowRetail, ""), want{1000, 1140, 140}, true)
		check("retail below price: customer", get(lowRetail, ts.buyer), want{950, 1083, 133}, true)
		check("action: guest", get(action, ""), want{700, 1200, 500}, true)
		check("action: customer", get(action, ts.buyer), want{700, 1200, 500}, true)
		check("below min price", get(cheap, ""), want{400, 600, 200}, false)
		// The guests' note is promised only where logging in lowers the price.
		for slug, want := range map[string]bool{plain: true, lowRetail: true, action: false, noRule: false} {
			for _, token := range []string{"", ts.buyer} {
				if got := get(slug, token)["login_discount"]; got != want {
					t.Errorf("%s (token %v): login_discount %v, want %v", slug, token != "", got, want)
				}
			}
		}
		// Nothing on stock: shown with its price, but the out-of-stock box instead of the cart.
		check("stock 0", get(soldOut, ""), want{1000, 1200, 200}, false)

		if dd, _ := get(action, "")["discount"].(map[string]any); dd == nil || dd["type"] != "Crni petak" || dd["price"] != 700.0 {
			t.Errorf("action's discount: %v", dd)
		}
		p := get(plain, "")
		if p["discount"] != nil {
			t.Errorf("a product without an action shows %v", p["discount"])
		}
		if p["sku"] != "SF-1" || p["name"] != "Frižider Gorenje" || p["main_category_slug"] != "frizideri" {
			t.Errorf("product: %s", p)
		}
		mc, _ := p["mainCategory"].([]any)
		if len(mc) != 1 || mc[0].(map[string]any)["slug"] != "frizideri" || mc[0].(map[string]any)["min_price"] != 500.0 {
			t.Errorf("mainCategory: %v", p["mainCategory"])
		}
		if b, _ := p["brand"].(map[string]any); b == nil || b["name"] != "Gorenje" {
			t.Errorf("brand: %v", p["brand"])
		}
		if cs, _ := p["categories"].([]any); len(cs) != 1 {
			t.Errorf("categories: %v", p["categories"])
		}
		for _, k := range []string{"approvedRatings", "answeredQuestions", "images"} {
			if v, ok := p[k].([]any); !ok || len(v) != 0 {
				t.Errorf("%s: %v, want an empty list", k, p[k])
			}
		}
		for _, k := range []string{"entry_price", "dealer_price", "ep_price", "supplier_product_id"} {
			if _, ok := p[k]; ok {
				t.Errorf("a public product shows %s", k)
			}
		}
		rel, _ := p["related"].([]any)
		if len(rel) != 4 {
			t.Fatalf("related: %d, want the 4 newest other active visible products: %v", len(rel), p["related"])
		}
		for _, x := range rel {
			s := x.(map[string]any)["slug"]
			if s == plain || s == hidden || s == inactive {
				t.Errorf("related shows %v", s)
			}
		}

		for _, slug := range []string{hidden, inactive, "nema-ga"} {
			for _, lang := range []string{"", "en"} {
				r := ts.do(req{method: "GET", path: "/api/v1/products/" + slug, lang: lang})
				want := "Proizvod ne postoji ili je izbrisan."
				if lang == "en" {
					want = "The product does not exist or has been deleted."
				}
				if r.Status != 404 || message(r) != want {
					t.Errorf("GET %s (%s): %d %s, want 404 %q", slug, lang, r.Status, r.Raw, want)
				}
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/products/" + plain + "?include=entryPrice"}); r.Status != 422 {
			t.Errorf("unknown include: %d %s", r.Status, r.Raw)
		}
	})
}

// TestStorefrontRoutesPublic walks the route table: the storefront's catalogue calls need no
// login, and every public GET answers a guest and a bad token alike, never 401 or 403.
func TestStorefrontRoutesPublic(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		storefront := map[string]bool{}
		for _, rt := range api.Routes(ts.deps) {
			name := rt.Method + " " + rt.Path
			if rt.Path == "/products/:slug" || rt.Path == "/categories/:slug/products" {
				storefront[name] = true
				if rt.Auth || rt.Admin() || rt.Module != "" {
					t.Errorf("%s: a storefront call behind a guard", name)
				}
			}
			if rt.Auth || rt.Method != "GET" {
				continue
			}
			path := "/api/v1" + strings.NewReplacer(":slug", "nema-ga", ":id", "1").Replace(rt.Path)
			for _, token := range []string{"", "not-a-token"} {
				if r := ts.do(req{method: "GET", path: path, token: token}); r.Status == 401 || r.Status == 403 {
					t.Errorf("%s as a guest (token %q): %d", name, token, r.Status)
				}
			}
		}
		for _, name := range []string{"GET /products/:slug", "GET /categories/:slug/products"} {
			if !storefront[name] {
				t.Errorf("%s is not in the route table", name)
			}
		}
	})
}

// TestStorefrontCategoryProducts: a category page lists the active, visible products of the
// category and its subcategories with facets (each ignoring its own filter), sorts by the
// caller's shown price, newest and name, and takes the storefront page sizes.
func TestStorefrontCategoryProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		rsd := func(n int64) money.Para { return money.Para(n * 100) }
		must(a.DB.Model(&catalog.Category{}).Where("id = ?", fx.cat2).Update("min_price", rsd(500)).Error)
		sub := catalog.Category{Name: "OLED", Slug: "oled", Prefix: "OL", Level: 2, ParentID: &fx.cat2, MinPrice: rsd(2000), PdvBps: 2000, WebMarginBps: 1000,
			RetailMarginBps: 2500, DealerMarginBps: 500, Active: true}
		off := catalog.Category{Name: "Ugašena", Slug: "ugasena", Prefix: "UG", Level: 1, PdvBps: 2000, WebMarginBps: 1000,
			RetailMarginBps: 2500, DealerMarginBps: 500, Active: false}
		lg := catalog.Brand{Name: "LG"}
		must(a.DB.Create(&sub).Error)
		must(a.DB.Create(&off).Error)
		must(a.DB.Create(&lg).Error)
		base := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		n := 0
		mk := func(name string, cat uint64, value uint64, set map[string]any) {
			t.Helper()
			n++
			p := fx.mustCreateProduct(t, fx.product(fmt.Sprintf("SFC-%d", n), name, cat))
			id := productIDOf(p)
			set["created_at"] = base.Add(time.Duration(n) * time.Hour)
			if _, ok := set["active"]; !ok {
				set["active"] = true
			}
			if _, ok := set["visible"]; !ok {
				set["visible"] = true
			}
			if _, ok := set["stock"]; !ok {
				set["stock"] = 5
			}
			must(a.DB.Model(&catalog.Product{}).Where("id = ?", id).Updates(set).Error)
			if value != 0 {
				must(a.DB.Where("product_id = ? AND attribute_id = ?", id, fx.colour).Delete(&catalog.ProductAttribute{}).Error)
				must(a.DB.Create(&catalog.ProductAttribute{ProductID: id, AttributeID: fx.colour, AttributeValueID: &value, Active: true}).Error)
			}
		}
		mk("Alfa", fx.cat2, fx.black, map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(900), "brand_id": fx.brand})
		mk("Beta", fx.cat2, fx.white, map[string]any{"web_price": rsd(2000), "authenticated_price": rsd(1800), "discount_price": rsd(1500), "brand_id": fx.brand})
		mk("Gama", fx.cat2, fx.black, map[string]any{"web_price": rsd(300), "authenticated_price": rsd(280), "brand_id": lg.ID})
		mk("Delta", sub.ID, 0, map[string]any{"web_price": rsd(1500), "authenticated_price": rsd(1400)})
		mk("Skrivena", fx.cat2, fx.black, map[string]any{"web_price": rsd(100), "visible": false, "brand_id": lg.ID})
		mk("Neaktivna", fx.cat2, fx.white, map[string]any{"web_price": rsd(100), "active": false, "brand_id": lg.ID})

		type page struct {
			names  []string
			meta   map[string]any
			facets map[string]any
		}
		get := func(query, token string) page {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/categories/televizori/products" + query, token: token})
			if r.Status != 200 {
				t.Fatalf("GET %s: %d %s", query, r.Status, r.Raw)
			}
			var out page
			for _, x := range r.Body["data"].([]any) {
				out.names = append(out.names, x.(map[string]any)["name"].(string))
			}
			out.meta, out.facets = r.Body["meta"].(map[string]any), r.Body["facets"].(map[string]any)
			return out
		}
		names := func(query, token string, want ...string) page {
			t.Helper()
			p := get(query, token)
			if fmt.Sprint(p.names) != fmt.Sprint(want) {
				t.Errorf("%s (token %v): %v, want %v", query, token != "", p.names, want)
			}
			if p.meta["total"] != float64(len(want)) {
				t.Errorf("%s: total %v, want %d", query, p.meta["total"], len(want))
			}
			return p
		}
		all := names("", "", "Delta", "Gama", "Beta", "Alfa") // newest first by default
		if all.meta["per_page"] != 24.0 || all.meta["current_page"] != 1.0 || all.meta["last_page"] != 1.0 {
			t.Errorf("meta: %v", all.meta)
		}
		facets := func(p page) string {
			b, _ := json.Marshal(p.facets)
			return string(b)
		}
		want := `{"attributes":[{"id":%d,"name":"Boja","values":[{"count":1,"id":%d,"value":"Bela"},{"count":2,"id":%d,"value":"Crna"}]}],` +
			`"brands":[{"count":2,"id":%d,"name":"Gorenje"},{"count":1,"id":%d,"name":"LG"}],"in_stock":2,"on_action":1,"price":{"max":1500,"min":300}}`
		wantAll := fmt.Sprintf(want, fx.colour, fx.white, fx.black, fx.brand, lg.ID)
		if got := facets(all); got != wantAll {
			t.Errorf("facets:\n got %s\nwant %s", got, wantAll)
		}

		names("?sort=newest", "", "Delta", "Gama", "Beta", "Alfa")
		names("?sort=price", "", "Gama", "Alfa", "Beta", "Delta")
		names("?sort=price", ts.buyer, "Gama", "Alfa", "Delta", "Beta")
		names("?sort=-price", "", "Beta", "Delta", "Alfa", "Gama") // ties: by id
		names("?sort=name", "", "Alfa", "Beta", "Delta", "Gama")
		names("?sort=-name", "", "Gama", "Delta", "Beta", "Alfa")

		// A facet ignores its own filter: choosing a brand or a colour keeps the others' counts.
		if p := names(fmt.Sprintf("?brands=%d&sort=name", fx.brand), "", "Alfa", "Beta"); facets(p) !=
			fmt.Sprintf(`{"attributes":[{"id":%d,"name":"Boja","values":[{"count":1,"id":%d,"value":"Bela"},{"count":1,"id":%d,"value":"Crna"}]}],`+
				`"brands":[{"count":2,"id":%d,"name":"Gorenje"},{"count":1,"id":%d,"name":"LG"}],"in_stock":2,"on_action":1,"price":{"max":1500,"min":1000}}`,
				fx.colour, fx.white, fx.black, fx.brand, lg.ID) {
			t.Errorf("brand facets: %s", facets(p))
		}
		if p := names(fmt.Sprintf("?values=%d&sort=name", fx.black), "", "Alfa", "Gama"); facets(p) !=
			fmt.Sprintf(`{"attributes":[{"id":%d,"name":"Boja","values":[{"count":1,"id":%d,"value":"Bela"},{"count":2,"id":%d,"value":"Crna"}]}],`+
				`"brands":[{"count":1,"id":%d,"name":"Gorenje"},{"count":1,"id":%d,"name":"LG"}],"in_stock":1,"on_action":0,"price":{"max":1000,"min":300}}`,
				fx.colour, fx.white, fx.black, fx.brand, lg.ID) {
			t.Errorf("value facets: %s", facets(p))
		}
		names(fmt.Sprintf("?values=%d,%d&sort=name", fx.black, fx.white), "", "Alfa", "Beta", "Gama")
		names("?discount=1", "", "Beta")
		names("?in_stock=1&sort=name", "", "Alfa", "Beta") // Delta is below its own main category's min price
		if p := names("?price_from=1000&price_to=1500&sort=name", "", "Alfa", "Beta", "Delta"); p.facets["price"].(map[string]any)["min"] != 300.0 {
			t.Errorf("price facet with a price filter: %v", p.facets["price"])
		}
		names("?price_from=1000&price_to=1500&sort=name", ts.buyer, "Beta", "Delta")

		for size, per := range map[string]float64{"24": 24, "48": 48, "72": 72, "96": 72} {
			if p := get("?paginate="+size, ""); p.meta["per_page"] != per || len(p.names) != 4 {
				t.Errorf("paginate=%s: per_page %v, %d rows", size, p.meta["per_page"], len(p.names))
			}
		}
		if p := get("?paginate=24&page=2", ""); len(p.names) != 0 || p.meta["current_page"] != 2.0 {
			t.Errorf("page 2: %v %v", p.names, p.meta)
		}
		for _, bad := range []struct{ query, field string }{{"?paginate=30", "paginate"}, {"?paginate=200", "paginate"},
			{"?sort=cena", "sort"}, {"?brands=x", "brands"}, {"?color=1", "color"}} {
			r := ts.do(req{method: "GET", path: "/api/v1/categories/televizori/products" + bad.query})
			if r.Status != 422 || firstError(r, bad.field) == "" {
				t.Errorf("%s: %d %s, want 422 on %s", bad.query, r.Status, r.Raw, bad.field)
			}
		}
		for _, slug := range []string{"nema-je", "ugasena"} {
			r := ts.do(req{method: "GET", path: "/api/v1/categories/" + slug + "/products"})
			if r.Status != 404 || message(r) != "Kategorija ne postoji ili je izbrisana." {
				t.Errorf("%s: %d %s", slug, r.Status, r.Raw)
			}
		}
		// The subcategory alone.
		r := ts.do(req{method: "GET", path: "/api/v1/categories/oled/products"})
		if r.Status != 200 || len(r.Body["data"].([]any)) != 1 {
			t.Errorf("oled: %d %s", r.Status, r.Raw)
		}
	})
}
