package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"shop/internal/identity"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// multipartForm builds a multipart body of text fields and files (name -> bytes).
func multipartBody(t *testing.T, fields map[string]string, files map[string][]byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for k, data := range files {
		fw, err := w.CreateFormFile(k, k+".png")
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

func (ts *testServer) form1(method, path, token string, fields map[string]string, files map[string][]byte) resp {
	ts.t.Helper()
	body, ct := multipartBody(ts.t, fields, files)
	return ts.do(req{method: method, path: path, token: token, raw: body, contentType: ct})
}

// TestCatalogStickerTypeForm: actions are added and changed with the specification's messages
// (type, start, end), images, a unique slug, the method override; the Actions permission guards.
func TestCatalogStickerTypeForm(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		const path = "/api/v1/admin/catalog-sticker-types"
		r := ts.form1("POST", path, ts.admin, map[string]string{"name": " "}, nil)
		if r.Status != 422 || firstError(r, "name") != "Tip akcije je obavezan" || firstError(r, "from") != "Početak akcije je obavezan" ||
			firstError(r, "to") != "Završetak akcije je obavezan" {
			t.Fatalf("empty form: %d %s", r.Status, r.Raw)
		}
		r = ts.form1("POST", path, ts.admin, map[string]string{"name": "Crni petak", "from": "2026-11-30", "to": "2026-11-01"}, nil)
		if r.Status != 422 || firstError(r, "to") == "" {
			t.Fatalf("to before from: %d %s", r.Status, r.Raw)
		}
		r = ts.form1("POST", path, ts.admin, map[string]string{"name": "Crni petak", "from": "2026-11-01", "to": "2026-11-30"},
			map[string][]byte{"sticker": []byte("not an image")})
		if r.Status != 422 || firstError(r, "sticker") == "" {
			t.Fatalf("bad sticker: %d %s", r.Status, r.Raw)
		}
		viewer := plLogin(t, ts, "samo-akcije", identity.PermViewCategoryDiscountDisplay)
		if r := ts.form1("POST", path, viewer, map[string]string{"name": "X", "from": "2026-11-01", "to": "2026-11-30"}, nil); r.Status != 403 {
			t.Fatalf("staff who only view actions: %d", r.Status)
		}
		r = ts.form1("POST", path, ts.admin, map[string]string{"name": "Crni petak Ćao", "from": "2026-11-01", "to": "2026-11-30"},
			map[string][]byte{"sticker": smallPNG(t), "desktop_image": smallPNG(t)})
		if r.Status != 201 || message(r) != "Akcija je uspešno kreirana." {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		if d["slug"] != "crni-petak-cao" || d["from"] != "2026-11-01" || d["to"] != "2026-11-30" || d["sticker"] == nil || d["desktop_image"] == nil {
			t.Fatalf("created: %v", d)
		}
		id := int(d["id"].(float64))
		if r := ts.form1("POST", path, ts.admin, map[string]string{"name": "Drugi", "slug": "crni-petak-cao", "from": "2026-11-01", "to": "2026-11-30"}, nil); r.Status != 422 || firstError(r, "slug") == "" {
			t.Fatalf("taken slug: %d %s", r.Status, r.Raw)
		}
		one := fmt.Sprintf("%s/%d", path, id)
		if r := ts.form1("POST", one, ts.admin, map[string]string{"name": "Novo", "from": "2026-11-01", "to": "2026-11-30"}, nil); r.Status != 422 || firstError(r, "_method") == "" {
			t.Fatalf("POST without the override: %d %s", r.Status, r.Raw)
		}
		r = ts.form1("POST", one, ts.admin, map[string]string{"_method": "PATCH", "name": "Crni petak Ćao", "slug": "", "from": "2026-11-02", "to": "2026-12-01"}, nil)
		if r.Status != 200 || data(r)["slug"] != "crni-petak-cao" || data(r)["from"] != "2026-11-02" || data(r)["sticker"] != d["sticker"] {
			t.Fatalf("update keeping images and slug: %d %s", r.Status, r.Raw)
		}
		r = ts.form1("PATCH", one, ts.admin, map[string]string{"name": "Zimska akcija", "from": "2026-11-02", "to": "2026-12-01"}, nil)
		if r.Status != 200 || data(r)["slug"] != "zimska-akcija" {
			t.Fatalf("renamed: %d %s", r.Status, r.Raw)
		}
		// The activity log: created, then two updates with the old and new values.
		if log := activityOf(t, a, "catalog_sticker_type", uint64(id)); len(log) != 3 || log[0].Type != "catalog_sticker_type.created" ||
			!strings.Contains(log[0].New, `"slug":"crni-petak-cao"`) || !strings.Contains(log[0].New, `"sticker":true`) ||
			log[2].Type != "catalog_sticker_type.updated" || !strings.Contains(log[2].Old, `"name":"Crni petak Ćao"`) ||
			!strings.Contains(log[2].New, `"name":"Zimska akcija"`) || !strings.Contains(log[2].New, `"from":"2026-11-02"`) {
			t.Fatalf("sticker type activity: %+v", log)
		}
		if r := ts.form1("POST", path+"/999999", ts.admin, map[string]string{"_method": "PATCH", "name": "A", "from": "2026-11-02", "to": "2026-12-01"}, nil); r.Status != 404 {
			t.Fatalf("unknown id: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: one, token: ts.admin}); r.Status != 200 || data(r)["name"] != "Zimska akcija" {
			t.Fatalf("get: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: path + "?search=zimska", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 1 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.buyer}); r.Status != 403 {
			t.Fatalf("customer: %d", r.Status)
		}
	})
}

// actionFixture: a category, products, and three actions around the nightly instant (23:30 UTC
// on 2026-11-23 is 00:30 on 2026-11-24 in Belgrade).
type actionFixture struct {
	*productFixture
	running, ended, upcoming *catalog.CatalogStickerType
	products                 map[string]uint64
}

func newActionFixture(t *testing.T, a *app.App) *actionFixture {
	t.Helper()
	fx := &actionFixture{productFixture: productFixtureNew(t, a), products: map[string]uint64{}}
	day := func(s string) *time.Time { d, _ := time.Parse(time.DateOnly, s); return &d }
	mk := func(name, slug, from, to string) *catalog.CatalogStickerType {
		st := &catalog.CatalogStickerType{Name: name, Slug: slug, ValidFrom: day(from), ValidTo: day(to)}
		if err := a.DB.Create(st).Error; err != nil {
			t.Fatal(err)
		}
		return st
	}
	// Belgrade's today is the 24th, the UTC date still the 23rd.
	fx.running = mk("Novembarska akcija", "novembarska-akcija", "2026-11-24", "2026-11-30")
	fx.ended = mk("Jesenja akcija", "jesenja-akcija", "2026-11-01", "2026-11-23")
	fx.upcoming = mk("Decembarska akcija", "decembarska-akcija", "2026-12-01", "2026-12-31")
	for i, name := range []string{"Frižider A", "Frižider B", "Frižider C", "Frižider skriven"} {
		p := fx.mustCreateProduct(t, fx.product(fmt.Sprintf("AK-%d", i), name, fx.cat1))
		id := productIDOf(p)
		fx.products[name] = id
		set := map[string]any{"active": true, "visible": name != "Frižider skriven", "web_price": money.Para(int64(1000+i*100) * 100),
			"authenticated_price": money.Para(int64(900+i*100) * 100), "retail_price": money.Para(2000 * 100)}
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", id).Updates(set).Error; err != nil {
			t.Fatal(err)
		}
	}
	sticker := func(product string, st *catalog.CatalogStickerType, from, to string) {
		row := catalog.ProductCatalogSticker{ProductID: fx.products[product], CatalogStickerTypeID: st.ID, ValidFrom: *day(from), ValidTo: *day(to), Active: true}
		if err := a.DB.Create(&row).Error; err != nil {
			t.Fatal(err)
		}
	}
	sticker("Frižider A", fx.running, "2026-11-24", "2026-11-30")
	sticker("Frižider B", fx.running, "2026-11-24", "2026-11-30")
	sticker("Frižider skriven", fx.running, "2026-11-24", "2026-11-30")
	sticker("Frižider C", fx.running, "2026-11-25", "2026-11-30") // its sticker shows from tomorrow
	sticker("Frižider C", fx.upcoming, "2026-12-01", "2026-12-31")
	sticker("Frižider A", fx.ended, "2026-11-01", "2026-11-23")
	return fx
}

func names(cards []any) []string {
	var out []string
	for _, c := range cards {
		out = append(out, c.(map[string]any)["name"].(string))
	}
	return out
}

// TestStorefrontActions: the actions running today by Belgrade's date (at the nightly edge),
// one action's products with the shown price and the sort, the preview's guard, 404s.
func TestStorefrontActions(t *testing.T) {
	t.Parallel()
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) {
		fx := newActionFixture(t, a)
		ts := fx.ts
		r := ts.do(req{method: "GET", path: "/api/v1/catalog-stickers"})
		if r.Status != 200 || len(list(r)) != 1 {
			t.Fatalf("actions today: %d %s", r.Status, r.Raw)
		}
		if st := list(r)[0].(map[string]any); st["slug"] != "novembarska-akcija" || st["from"] != "2026-11-24" || st["to"] != "2026-11-30" {
			t.Fatalf("action: %v", st)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/novembarska-akcija?sort=-price"})
		if r.Status != 200 {
			t.Fatalf("action: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		products, _ := d["products"].([]any)
		if got := strings.Join(names(products), ","); got != "Frižider B,Frižider A" {
			t.Fatalf("action's products by price desc: %s", got)
		}
		if d["sticker"].(map[string]any)["name"] != "Novembarska akcija" || r.Body["meta"].(map[string]any)["total"] != 2.0 ||
			r.Body["meta"].(map[string]any)["per_page"] != 24.0 {
			t.Fatalf("action page: %s", r.Raw)
		}
		if p := products[1].(map[string]any); p["price"] != 1000.0 {
			t.Fatalf("guest price: %v", p["price"])
		}
		r = ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/novembarska-akcija?sort=price&paginate=96", token: ts.buyer})
		if p := data(r)["products"].([]any)[0].(map[string]any); p["price"] != 900.0 || p["name"] != "Frižider A" || r.Body["meta"].(map[string]any)["per_page"] != 72.0 {
			t.Fatalf("customer price, sort and 96 as 72: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/novembarska-akcija?paginate=10"}); r.Status != 422 {
			t.Fatalf("page size 10: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/novembarska-akcija?sort=bogus"}); r.Status != 422 {
			t.Fatalf("bad sort: %d", r.Status)
		}
		for _, slug := range []string{"jesenja-akcija", "decembarska-akcija", "nema-je"} {
			r := ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/" + slug})
			if r.Status != 404 || message(r) != "Akcija ne postoji ili je izbrisana." {
				t.Errorf("%s: %d %s", slug, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/catalog-stickers/nema-je", lang: "en"}); message(r) != "The action does not exist or has been deleted." {
			t.Errorf("English 404: %s", r.Raw)
		}
		preview := func(id uint64, token string) resp {
			return ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/catalog-stickers/preview/%d", id), token: token})
		}
		if r := preview(fx.running.ID, ""); r.Status != 200 {
			t.Fatalf("preview of a running action as a guest: %d", r.Status)
		}
		for _, tok := range []string{"", ts.buyer, "bad"} {
			if r := preview(fx.upcoming.ID, tok); r.Status != 404 {
				t.Errorf("preview of an upcoming action by %q: %d", tok, r.Status)
			}
		}
		r = preview(fx.upcoming.ID, ts.admin)
		if r.Status != 200 || strings.Join(names(data(r)["products"].([]any)), ",") != "Frižider C" {
			t.Fatalf("staff preview of an upcoming action: %d %s", r.Status, r.Raw)
		}
		if r := preview(999999, ts.admin); r.Status != 404 {
			t.Fatalf("preview of an unknown id: %d", r.Status)
		}
	})
}

// TestLandingPages: each layout's validation and round trip (create, then the public page),
// the update with the method override, delete, guards and 404s.
func TestLandingPages(t *testing.T) {
	t.Parallel()
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) {
		fx := newActionFixture(t, a)
		ts := fx.ts
		const path = "/api/v1/admin/landing-pages"
		post := func(token string, fields map[string]string, files map[string][]byte) resp {
			return ts.form1("POST", path, token, fields, files)
		}

		r := ts.do(req{method: "GET", path: "/api/v1/admin/landing-page-models", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 3 || message(r) == "" || !strings.HasPrefix(list(r)[1].(map[string]any)["image"].(string), "data:image/svg+xml;base64,") {
			t.Fatalf("models: %d %.300s", r.Status, r.Raw)
		}

		// Validation per layout.
		r = post(ts.admin, map[string]string{}, nil)
		if r.Status != 422 || firstError(r, "name") != "Polje je obavezno" || firstError(r, "landing_page_model_id") == "" || message(r) == "" {
			t.Fatalf("empty: %d %s", r.Status, r.Raw)
		}
		r = post(ts.admin, map[string]string{"name": "A", "landing_page_model_id": "4"}, nil)
		if r.Status != 422 || firstError(r, "landing_page_model_id") != "Izabrana vrednost nije dozvoljena" {
			t.Fatalf("model 4: %d %s", r.Status, r.Raw)
		}
		r = post(ts.admin, map[string]string{"name": "A", "landing_page_model_id": "1"}, nil)
		if r.Status != 422 || firstError(r, "catalog_sticker_type_id") != "Tip akcije je obavezan" {
			t.Fatalf("layout 1 without an action: %d %s", r.Status, r.Raw)
		}
		r = post(ts.admin, map[string]string{"name": "A", "landing_page_model_id": "1", "catalog_sticker_type_id": "999999", "products_ids[0]": "999999"}, nil)
		if r.Status != 422 || firstError(r, "catalog_sticker_type_id") == "" || firstError(r, "products_ids") == "" {
			t.Fatalf("layout 1 unknown action and product: %d %s", r.Status, r.Raw)
		}
		r = post(ts.admin, map[string]string{"name": "A", "landing_page_model_id": "2", "link": "javascript:alert(1)"}, nil)
		if r.Status != 422 || firstError(r, "banner") == "" || firstError(r, "link") == "" {
			t.Fatalf("layout 2 without banner, bad link: %d %s", r.Status, r.Raw)
		}
		r = post(ts.admin, map[string]string{"name": "A", "landing_page_model_id": "3"}, nil)
		if r.Status != 422 || firstError(r, "banner") == "" || firstError(r, "categories_ids") != "Izaberite bar jednu kategoriju" {
			t.Fatalf("layout 3 without banner and categories: %d %s", r.Status, r.Raw)
		}
		if r := post(ts.buyer, map[string]string{"name": "A"}, nil); r.Status != 403 {
			t.Fatalf("customer: %d", r.Status)
		}
		if r := post("", map[string]string{"name": "A"}, nil); r.Status != 401 {
			t.Fatalf("no token: %d", r.Status)
		}

		a1, b1, c1, hidden := fx.products["Frižider A"], fx.products["Frižider B"], fx.products["Frižider C"], fx.products["Frižider skriven"]
		// Layout 1: action, card1, products in order (a hidden one is left out on the storefront).
		r = post(ts.admin, map[string]string{"name": "Novembarski popusti", "landing_page_model_id": "1", "catalog_sticker_type_id": fmt.Sprint(fx.running.ID),
			"top_description": `<p style="text-align: center">Vrh<script>alert(1)</script></p>`, "bottom_description": "<p>Dno</p>",
			"card1": "<p>Kartica</p>", "card2": "<p>ignored</p>",
			"products_ids[0]": fmt.Sprint(b1), "products_ids[1]": fmt.Sprint(hidden), "products_ids[2]": fmt.Sprint(a1),
			"categories_ids[0]": fmt.Sprint(fx.cat1)}, nil)
		if r.Status != 201 || message(r) != "Landing stranica je uspešno kreirana." {
			t.Fatalf("layout 1: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		if d["slug"] != "novembarski-popusti" || d["url"] != "/landing/novembarski-popusti" || d["products_ids"] != fmt.Sprintf("%d,%d,%d", b1, hidden, a1) ||
			d["card2"] != "" || len(d["categories_ids"].([]any)) != 0 || d["catalog_sticker_type"].(map[string]any)["slug"] != "novembarska-akcija" {
			t.Fatalf("layout 1 stored: %v", d)
		}
		if strings.Contains(d["top_description"].(string), "script") || !strings.Contains(d["top_description"].(string), "text-align: center") {
			t.Fatalf("sanitized: %q", d["top_description"])
		}
		r = ts.do(req{method: "GET", path: "/api/v1/landing-pages/novembarski-popusti", token: ts.buyer})
		if r.Status != 200 {
			t.Fatalf("public layout 1: %d %s", r.Status, r.Raw)
		}
		d = data(r)
		if d["layout"] != 1.0 || strings.Join(names(d["products"].([]any)), ",") != "Frižider B,Frižider A" || len(d["cards"].([]any)) != 1 ||
			d["link"] != "/akcije/novembarska-akcija" || d["sticker"].(map[string]any)["slug"] != "novembarska-akcija" || d["bottom_description"] != "<p>Dno</p>" {
			t.Fatalf("public layout 1: %s", r.Raw)
		}
		if p := d["products"].([]any)[1].(map[string]any); p["price"] != 900.0 {
			t.Fatalf("customer's shown price on the landing page: %v", p["price"])
		}

		// Layout 2: banner, four cards, products, link.
		r = post(ts.admin, map[string]string{"name": "Novembarski popusti", "landing_page_model_id": "2", "card1": "1", "card2": "2", "card3": "3", "card4": "4",
			"products_ids[]": fmt.Sprint(c1), "link": "/kategorije/frizideri", "catalog_sticker_type_id": fmt.Sprint(fx.running.ID)},
			map[string][]byte{"banner": smallPNG(t)})
		if r.Status != 201 || data(r)["slug"] != "novembarski-popusti-2" || data(r)["banner"] == nil || data(r)["catalog_sticker_type"] != nil {
			t.Fatalf("layout 2: %d %s", r.Status, r.Raw)
		}
		id2 := int(data(r)["id"].(float64))
		r = ts.do(req{method: "GET", path: "/api/v1/landing-pages/novembarski-popusti-2"})
		d = data(r)
		if r.Status != 200 || d["layout"] != 2.0 || len(d["cards"].([]any)) != 4 || d["banner_image_url"] == nil || d["link"] != "/kategorije/frizideri" ||
			d["sticker"] != nil || strings.Join(names(d["products"].([]any)), ",") != "Frižider C" {
			t.Fatalf("public layout 2: %d %s", r.Status, r.Raw)
		}

		// Layout 3: banner and categories.
		r = post(ts.admin, map[string]string{"name": "Kućni aparati", "landing_page_model_id": "3", "categories_ids[1]": fmt.Sprint(fx.cat1),
			"categories_ids[0]": fmt.Sprint(fx.cat2), "products_ids[0]": fmt.Sprint(a1)}, map[string][]byte{"banner": smallPNG(t)})
		if r.Status != 201 || data(r)["slug"] != "kucni-aparati" {
			t.Fatalf("layout 3: %d %s", r.Status, r.Raw)
		}
		id3 := int(data(r)["id"].(float64))
		r = ts.do(req{method: "GET", path: "/api/v1/landing-pages/kucni-aparati"})
		d = data(r)
		cats := d["categories"].([]any)
		if r.Status != 200 || d["layout"] != 3.0 || len(cats) != 2 || cats[0].(map[string]any)["slug"] != "televizori" || len(d["products"].([]any)) != 0 ||
			len(d["cards"].([]any)) != 0 {
			t.Fatalf("public layout 3: %d %s", r.Status, r.Raw)
		}

		// Update with the method override: the banner is kept, lists replaced, name re-slugged.
		one := fmt.Sprintf("%s/%d", path, id2)
		if r := ts.form1("POST", one, ts.admin, map[string]string{"name": "X", "landing_page_model_id": "2"}, nil); r.Status != 422 || firstError(r, "_method") == "" {
			t.Fatalf("POST without override: %d %s", r.Status, r.Raw)
		}
		before := ts.do(req{method: "GET", path: one, token: ts.admin})
		r = ts.form1("POST", one, ts.admin, map[string]string{"_method": "PATCH", "name": "Zimski popusti", "landing_page_model_id": "2",
			"products_ids[0]": fmt.Sprint(a1), "products_ids[1]": fmt.Sprint(c1), "card1": "<p>novo</p>"}, nil)
		if r.Status != 200 || message(r) != "Landing stranica je uspešno izmenjena." || data(r)["slug"] != "zimski-popusti" ||
			data(r)["banner"] != data(before)["banner"] || data(r)["products_ids"] != fmt.Sprintf("%d,%d", a1, c1) || data(r)["card2"] != "" {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/landing-pages/novembarski-popusti-2"}); r.Status != 404 {
			t.Fatalf("the old slug: %d", r.Status)
		}
		// The activity log: created then updated, with the old and new values.
		if log := activityOf(t, a, "landing_page", uint64(id2)); len(log) != 2 || log[0].Type != "landing_page.created" ||
			!strings.Contains(log[0].New, `"slug":"novembarski-popusti-2"`) || log[1].Type != "landing_page.updated" ||
			!strings.Contains(log[1].Old, `"name":"Novembarski popusti"`) || !strings.Contains(log[1].New, `"name":"Zimski popusti"`) ||
			!strings.Contains(log[1].New, fmt.Sprintf(`"product_ids":[%d,%d]`, a1, c1)) || !strings.Contains(log[1].New, `"banner":true`) {
			t.Fatalf("landing page activity: %+v", log)
		}
		// Lists and search.
		r = ts.do(req{method: "GET", path: path + "?search=kucni", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 1 || list(r)[0].(map[string]any)["id"] != float64(id3) {
			t.Fatalf("search: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.admin}); r.Body["meta"].(map[string]any)["total"] != 3.0 {
			t.Fatalf("list: %s", r.Raw)
		}
		// Delete and 404s.
		r = ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", path, id3), token: ts.admin})
		if r.Status != 200 || message(r) != "Landing stranica je uspešno obrisana." {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if log := activityOf(t, a, "landing_page", uint64(id3)); len(log) != 2 || log[1].Type != "landing_page.deleted" ||
			!strings.Contains(log[1].Old, `"slug":"kucni-aparati"`) || log[1].New != "" {
			t.Fatalf("landing page delete activity: %+v", log)
		}
		for _, p := range []string{fmt.Sprintf("%s/%d", path, id3), path + "/abc"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.admin}); r.Status != 404 || message(r) != "Landing stranica ne postoji ili je izbrisana." {
				t.Errorf("GET %s: %d %s", p, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/landing-pages/kucni-aparati", lang: "en"}); r.Status != 404 || message(r) != "The landing page does not exist or has been deleted." {
			t.Fatalf("public 404: %d %s", r.Status, r.Raw)
		}
	})
}
