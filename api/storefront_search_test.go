package api_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/textfold"
)

// seedSearch adds two categories, a brand and three products (one hidden) straight to the
// database; the search reads what the catalogue wrote.
func seedSearch(t *testing.T, a *app.App) {
	t.Helper()
	now := time.Now()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
			VALUES (901, 'Bela tehnika', 'bela-tehnika-s', 'BS', 2000, 1000, 2000, 500, ?, ?)`, []any{now, now}},
		{`INSERT INTO brands (id, name, created_at, updated_at) VALUES (901, 'Gorenje', ?, ?)`, []any{now, now}},
	} {
		if err := a.DB.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []struct {
		id             uint64
		sku, name, ean string
		visible        bool
		discount       any
	}{
		{901, "FR900", "Frižider Gorenje <X>", "3838782000009", true, 89900},
		{902, "ZA900", "Zamrzivač škrinja", "", true, nil},
		{903, "FR901", "Frižider skriven", "", false, nil},
	} {
		err := a.DB.Exec(`INSERT INTO products (id, sku, name, slug, description, search_text, active, visible, web_price, retail_price,
			authenticated_price, discount_price, ean, main_category_id, brand_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, '', ?, ?, ?, 100000, 120000, 95000, ?, ?, 901, 901, ?, ?)`,
			p.id, p.sku, p.name, "s-"+p.sku, textfold.Fold(p.name+" "+p.sku), true, p.visible, p.discount, p.ean, now, now).Error
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestStorefrontSearchAPI(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		seedSearch(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/search?q=" + url.QueryEscape("Фрижидер")})
		items := list(r)
		if r.Status != 200 || len(items) != 1 {
			t.Fatalf("search = %d %s", r.Status, r.Raw)
		}
		p := items[0].(map[string]any)
		if p["name"] != "Frižider Gorenje <X>" || p["highlighted_name"] != "<strong>Frižider</strong> Gorenje &lt;X&gt;" ||
			p["link"] != "/kategorije/bela-tehnika-s/proizvodi/s-FR900" || p["guest_price"] != 899.0 || p["customer_price"] != 899.0 ||
			p["regular_price"] != 1200.0 {
			t.Errorf("search item = %v", p)
		}
		// Exact SKU and a typo; a bad page size is a 422 naming it.
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=za900"}); len(list(r)) != 1 || list(r)[0].(map[string]any)["sku"] != "ZA900" {
			t.Errorf("sku search = %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=zamrzviac"}); len(list(r)) != 1 {
			t.Errorf("typo search = %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=x&paginate=500"}); r.Status != 422 || firstError(r, "paginate") == "" {
			t.Errorf("paginate=500 = %d %s", r.Status, r.Raw)
		}
		// Searches with literal hits are counted (frizider is the same term as Фрижидер); the typo
		// and the miss are not.
		ts.do(req{method: "GET", path: "/api/v1/search?q=frizider"})
		ts.do(req{method: "GET", path: "/api/v1/search?q=nepostoji"})

		r = ts.do(req{method: "GET", path: "/api/v1/autocomplete?q=friz"})
		if r.Status != 200 {
			t.Fatalf("autocomplete = %d %s", r.Status, r.Raw)
		}
		res := r.Body["results"].(map[string]any)
		prods := res["product"].(map[string]any)["items"].([]any)
		pop := res["popular"].(map[string]any)["items"].([]any)
		if len(prods) != 1 || len(pop) != 1 || len(res["category"].(map[string]any)["items"].([]any)) != 0 {
			t.Fatalf("autocomplete = %s", r.Raw)
		}
		if pp := pop[0].(map[string]any); pp["name"] != "Фрижидер" || pp["url_name"] != url.PathEscape("Фрижидер") || pp["highlighted_name"] != "<strong>Фриж</strong>идер" {
			t.Errorf("popular item = %v", pp)
		}
		if pr := prods[0].(map[string]any); pr["id"] != 901.0 || pr["highlighted_name"] != "<strong>Friž</strong>ider Gorenje &lt;X&gt;" || pr["image"] != nil || pr["regular_price"] != 1200.0 {
			t.Errorf("product item = %v", pr)
		}
		b := r.Body["banners"].(map[string]any)
		if len(b["top"].([]any)) != 0 || len(b["bottom"].([]any)) != 0 {
			t.Errorf("banners = %v", b)
		}

		r = ts.do(req{method: "GET", path: "/api/v1/autocomplete/first-click"})
		res = r.Body["results"].(map[string]any)
		if r.Status != 200 || len(res["product"].(map[string]any)["items"].([]any)) != 0 || len(res["popular"].(map[string]any)["items"].([]any)) != 2 {
			t.Errorf("first click = %d %s", r.Status, r.Raw)
		}
		if pop := res["popular"].(map[string]any)["items"].([]any); pop[0].(map[string]any)["name"] != "Фрижидер" {
			t.Errorf("most searched first = %v", pop)
		}
	})
}

// The search reads what the catalogue writes: a product made through the admin is found by
// its description's text (never by the rich text's markup), after an edit and a mass
// description change by the new text only, with pricing's web price as the guest's.
func TestStorefrontSearchFollowsTheCatalogue(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		body := fx.product("FR-77", "Frižider Gorenje NRK", fx.cat1)
		body["description"] = lexical("Tihi kompresor, A++ klasa.")
		id := productIDOf(fx.mustCreateProduct(t, body))
		hits := func(q string) []any {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/search?q=" + url.QueryEscape(q)})
			if r.Status != 200 {
				t.Fatalf("search %q: %d %s", q, r.Status, r.Raw)
			}
			return list(r)
		}
		if h := hits("kompresor"); len(h) != 1 || h[0].(map[string]any)["id"] != float64(id) || h[0].(map[string]any)["guest_price"] != 1320.0 {
			t.Fatalf("description search = %v", h)
		}
		if h := hits("paragraph"); len(h) != 0 {
			t.Errorf("the markup was searched: %v", h)
		}
		if h := hits("фрижидери"); len(h) != 1 {
			t.Errorf("category (Cyrillic) search = %v", h)
		}
		edit := fx.product("", "Frižider Gorenje NRK", fx.cat1)
		edit["description"] = lexical("Tihi kompresor, No Frost.")
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/products/%d", id), token: ts.staff, body: edit}); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if len(hits("no frost")) != 1 {
			t.Errorf("the edited description is not searched")
		}
		r := ts.do(req{method: "PATCH", path: "/api/v1/admin/products/mass-update", token: ts.staff,
			body: map[string]any{"description": lexical("Inverter motor, garancija 10 godina."), "ids": []uint64{id}}})
		if r.Status != 200 {
			t.Fatalf("mass update: %d %s", r.Status, r.Raw)
		}
		if len(hits("kompresor")) != 0 || len(hits("inverter")) != 1 {
			t.Errorf("after the mass change: kompresor %v, inverter %v", hits("kompresor"), hits("inverter"))
		}
	})
}
