package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/platform/money"
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
		if p["name"] != "Frižider Gorenje <X>" || p["main_category_slug"] != "bela-tehnika-s" || p["slug"] != "s-FR900" || p["price"] != 899.0 ||
			p["retail_price"] != 1200.0 || p["saving"] != 301.0 || r.Body["fuzzy"] != false {
			t.Errorf("search item = %v", p)
		}
		// Exact SKU and a typo; a bad page size is a 422 naming it.
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=za900"}); len(list(r)) != 1 || list(r)[0].(map[string]any)["slug"] != "s-ZA900" {
			t.Errorf("sku search = %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=zamrzviac"}); len(list(r)) != 1 || r.Body["fuzzy"] != true {
			t.Errorf("typo search = %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/search?q=x&paginate=500"}); r.Status != 422 || firstError(r, "paginate") == "" {
			t.Errorf("paginate=500 = %d %s", r.Status, r.Raw)
		}
		// Searches with literal hits are counted (frizider is the same term as Фрижидер), once a
		// day per client; the typo and the miss are not.
		ts.do(req{method: "GET", path: "/api/v1/search?q=frizider"}) // this client counted Фрижидер already today
		var hits int64
		a.DB.Table("search_queries").Where("term = ?", "frizider").Select("hits").Scan(&hits)
		if hits != 1 {
			t.Errorf("one client's repeated search counted %d times, want once a day", hits)
		}
		ts.do(req{method: "GET", path: "/api/v1/search?q=nepostoji"})

		// The dropdown's banners: search_top above, search_bottom below, as linked pictures.
		for _, b := range []content.Banner{
			{Name: "Zimska <akcija>", Position: content.PositionSearchTop, Link: "/akcije/zima", ImageKey: "banners/top.png", MobileImageKey: "banners/top-m.png"},
			{Name: "Dostava", Position: content.PositionSearchBottom, ImageKey: "banners/bottom.png"},
			{Name: "Slajder", Position: content.PositionHomeSlider, ImageKey: "banners/slider.png"},
		} {
			if err := a.DB.Create(&b).Error; err != nil {
				t.Fatal(err)
			}
		}

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
		top, bottom := b["top"].([]any), b["bottom"].([]any)
		wantTop := `<a href="/akcije/zima"><picture><source media="(max-width: 699px)" srcset="/media/banners/top-m.png">` +
			`<img src="/media/banners/top.png" alt="Zimska &lt;akcija&gt;" loading="lazy"></picture></a>`
		if len(top) != 1 || top[0].(map[string]any)["html"] != wantTop || len(bottom) != 1 ||
			bottom[0].(map[string]any)["html"] != `<img src="/media/banners/bottom.png" alt="Dostava" loading="lazy">` {
			t.Errorf("banners = %v", b)
		}

		r = ts.do(req{method: "GET", path: "/api/v1/autocomplete/first-click"})
		res = r.Body["results"].(map[string]any)
		if r.Status != 200 || len(res["product"].(map[string]any)["items"].([]any)) != 0 || len(res["popular"].(map[string]any)["items"].([]any)) != 2 {
			t.Errorf("first click = %d %s", r.Status, r.Raw)
		}
		if pop := res["popular"].(map[string]any)["items"].([]any); pop[1].(map[string]any)["name"] != "Фрижидер" {
			t.Errorf("as often searched, the latest first = %v", pop)
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
		if h := hits("kompresor"); len(h) != 1 || h[0].(map[string]any)["id"] != float64(id) || h[0].(map[string]any)["price"] != 1320.0 {
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

// TestStorefrontSearchFacets: the results page filters, sorts and counts facets over the
// hits as the category page does (each facet ignoring its own filter); the attribute facet
// appears only when every hit has the same main category; relevance is the default order.
func TestStorefrontSearchFacets(t *testing.T) {
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
		lg := catalog.Brand{Name: "LG"}
		must(a.DB.Create(&sub).Error)
		must(a.DB.Create(&lg).Error)
		n := 0
		mk := func(name string, cat uint64, value uint64, set map[string]any) {
			t.Helper()
			n++
			id := productIDOf(fx.mustCreateProduct(t, fx.product(fmt.Sprintf("SRF-%d", n), name, cat)))
			set["created_at"] = time.Date(2026, 1, 1, n, 0, 0, 0, time.UTC)
			if _, ok := set["visible"]; !ok {
				set["visible"] = true
			}
			set["active"] = true
			if _, ok := set["stock"]; !ok {
				set["stock"] = 5
			}
			must(a.DB.Model(&catalog.Product{}).Where("id = ?", id).Updates(set).Error)
			if value != 0 {
				must(a.DB.Where("product_id = ? AND attribute_id = ?", id, fx.colour).Delete(&catalog.ProductAttribute{}).Error)
				must(a.DB.Create(&catalog.ProductAttribute{ProductID: id, AttributeID: fx.colour, AttributeValueID: &value, Active: true}).Error)
			}
		}
		mk("TV Alfa", fx.cat2, fx.black, map[string]any{"web_price": rsd(1000), "authenticated_price": rsd(900), "brand_id": fx.brand})
		mk("TV Beta", fx.cat2, fx.white, map[string]any{"web_price": rsd(2000), "authenticated_price": rsd(1800), "discount_price": rsd(1500), "brand_id": fx.brand})
		mk("TV Gama", fx.cat2, fx.black, map[string]any{"web_price": rsd(300), "authenticated_price": rsd(280), "brand_id": lg.ID})
		mk("TV OLED Delta", sub.ID, 0, map[string]any{"web_price": rsd(1500), "authenticated_price": rsd(1400)})
		mk("TV skriveni", fx.cat2, fx.black, map[string]any{"web_price": rsd(100), "visible": false, "brand_id": lg.ID})
		mk("Frižider Omega", fx.cat1, 0, map[string]any{"web_price": rsd(700), "authenticated_price": rsd(600)})

		get := func(query, token string, want ...string) map[string]any {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/search?" + query, token: token})
			if r.Status != 200 {
				t.Fatalf("search %s: %d %s", query, r.Status, r.Raw)
			}
			var got []string
			for _, x := range r.Body["data"].([]any) {
				got = append(got, x.(map[string]any)["name"].(string))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || r.Body["meta"].(map[string]any)["total"] != float64(len(want)) {
				t.Errorf("search %s: %v (total %v), want %v", query, got, r.Body["meta"].(map[string]any)["total"], want)
			}
			return r.Body
		}
		facets := func(b map[string]any) string {
			out, _ := json.Marshal(b["facets"])
			return string(out)
		}
		// Hits in two main categories (Televizori, OLED): no attribute facet, no shared category.
		b := get("q=tv", "", "TV Alfa", "TV Beta", "TV Gama", "TV OLED Delta") // relevance: all in the name, then by name
		want := fmt.Sprintf(`{"attributes":[],"brands":[{"count":2,"id":%d,"name":"Gorenje"},{"count":1,"id":%d,"name":"LG"}],`+
			`"in_stock":2,"on_action":1,"price":{"max":1500,"min":300}}`, fx.brand, lg.ID)
		if got := facets(b); got != want || b["category"] != nil {
			t.Errorf("facets of tv:\n got %s (category %v)\nwant %s", got, b["category"], want)
		}
		get("q=tv&sort=price", "", "TV Gama", "TV Alfa", "TV Beta", "TV OLED Delta")
		get("q=tv&sort=price", ts.buyer, "TV Gama", "TV Alfa", "TV OLED Delta", "TV Beta")
		get("q=tv&sort=-name", "", "TV OLED Delta", "TV Gama", "TV Beta", "TV Alfa")
		get("q=tv&sort=newest", "", "TV OLED Delta", "TV Gama", "TV Beta", "TV Alfa")
		get("q=tv&discount=1", "", "TV Beta")
		get("q=tv&in_stock=1", "", "TV Alfa", "TV Beta")
		get("q=tv&price_from=1000&price_to=1500", "", "TV Alfa", "TV Beta", "TV OLED Delta")
		b = get(fmt.Sprintf("q=tv&brands=%d", fx.brand), "", "TV Alfa", "TV Beta")
		if got := facets(b); !strings.Contains(got, fmt.Sprintf(`"brands":[{"count":2,"id":%d,"name":"Gorenje"},{"count":1,"id":%d,"name":"LG"}]`, fx.brand, lg.ID)) ||
			!strings.Contains(got, `"price":{"max":1500,"min":1000}`) {
			t.Errorf("brand chosen: %s", got)
		}

		// Hits sharing Televizori (found by the category's name): its colours are a facet.
		b = get("q=televizori", "", "TV Alfa", "TV Beta", "TV Gama")
		wantAttrs := fmt.Sprintf(`"attributes":[{"id":%d,"name":"Boja","values":[{"count":1,"id":%d,"value":"Bela"},{"count":2,"id":%d,"value":"Crna"}]}]`,
			fx.colour, fx.white, fx.black)
		if cat, _ := b["category"].(map[string]any); !strings.Contains(facets(b), wantAttrs) || cat["slug"] != "televizori" {
			t.Errorf("facets of televizori: %s, category %v", facets(b), b["category"])
		}
		b = get(fmt.Sprintf("q=televizori&values=%d", fx.black), "", "TV Alfa", "TV Gama")
		if !strings.Contains(facets(b), wantAttrs) {
			t.Errorf("a colour chosen keeps the colours' counts: %s", facets(b))
		}

		// A typo's hits are filtered the same way; misses and bad parameters.
		if b := get("q=omegga", "", "Frižider Omega"); b["fuzzy"] != true || !strings.Contains(facets(b), `"price":{"max":700,"min":700}`) {
			t.Errorf("typo: fuzzy %v, facets %s", b["fuzzy"], facets(b))
		}
		get("q=omegga&discount=1", "")
		get("q=nepostoji", "")
		get("q=", "")
		for _, bad := range []struct{ query, field string }{{"q=tv&sort=cena", "sort"}, {"q=tv&paginate=30", "paginate"}, {"q=tv&brands=x", "brands"}, {"q=tv&boja=1", "boja"}} {
			if r := ts.do(req{method: "GET", path: "/api/v1/search?" + bad.query}); r.Status != 422 || firstError(r, bad.field) == "" {
				t.Errorf("%s: %d %s, want 422 on %s", bad.query, r.Status, r.Raw, bad.field)
			}
		}
	})
}
