package api_test

import (
	"strings"
	"testing"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
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

		p := get(plain, "")
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
		if len(rel) != 3 {
			t.Fatalf("related: %d, want the 3 other active visible products: %v", len(rel), p["related"])
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
			if rt.Path == "/products/:slug" {
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
		if !storefront["GET /products/:slug"] {
			t.Error("GET /products/:slug is not in the route table")
		}
	})
}
