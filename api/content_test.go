package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/config"
	"shop/internal/platform/imagefile/imagefiletest"
	"shop/internal/platform/money"
)

// multipartForm builds a multipart body of text fields and files.
func contentForm(t *testing.T, fields map[string][]string, files map[string][]byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, vs := range fields {
		for _, v := range vs {
			if err := w.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
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

func (ts *testServer) form(method, path, token string, fields map[string][]string, files map[string][]byte) resp {
	ts.t.Helper()
	body, ct := contentForm(ts.t, fields, files)
	return ts.do(req{method: method, path: path, token: token, raw: body, contentType: ct})
}

// TestBannersAdminAndPublic: create (validation, image required, 2 MB), edit, the public list
// ordered by position then order with its filter, 404 texts, delete, and the guards.
func TestBannersAdminAndPublic(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		p := fx.mustCreateProduct(t, fx.product("BN-1", "Frižider za baner", fx.cat1))
		png := imagefiletest.UniformPNG(t, 40, 20, 8)

		// Validation: name, position and image required.
		r := ts.form("POST", "/api/v1/admin/banners", ts.admin, map[string][]string{"name": {""}}, nil)
		if r.Status != 422 || firstError(r, "name") != "Polje je obavezno" || firstError(r, "position") != "Polje je obavezno" ||
			firstError(r, "image") != "Polje je obavezno" {
			t.Fatalf("empty banner: %d %s", r.Status, r.Raw)
		}
		r = ts.form("POST", "/api/v1/admin/banners", ts.admin, map[string][]string{"name": {strings.Repeat("a", 256)}, "position": {"nowhere"},
			"link": {"javascript:alert(1)"}, "product_ids[0]": {"999999"}}, map[string][]byte{"image": png})
		if r.Status != 422 || firstError(r, "name") != "Polje može sadržati maksimum 255 karaktera" || firstError(r, "position") == "" ||
			firstError(r, "link") == "" || firstError(r, "product_ids") == "" {
			t.Fatalf("bad banner: %d %s", r.Status, r.Raw)
		}
		big := append(bytes.Clone(png), make([]byte, 2_000_001)...)
		r = ts.form("POST", "/api/v1/admin/banners", ts.admin, map[string][]string{"name": {"Velik"}, "position": {"home_slider"}}, map[string][]byte{"image": big})
		if r.Status != 422 || firstError(r, "image") != "Maksimalni limit slike je 2MB" {
			t.Fatalf("2 MB: %d %s", r.Status, r.Raw)
		}
		// Staff without create-banner: 403; a customer: 403.
		if r := ts.form("POST", "/api/v1/admin/banners", ts.staff, map[string][]string{"name": {"x"}}, nil); r.Status != 403 {
			t.Fatalf("staff creates a banner: %d", r.Status)
		}

		mk := func(name, pos, order string, extra map[string][]string) map[string]any {
			t.Helper()
			f := map[string][]string{"name": {name}, "position": {pos}, "order": {order}}
			for k, v := range extra {
				f[k] = v
			}
			r := ts.form("POST", "/api/v1/admin/banners", ts.admin, f, map[string][]byte{"image": png, "mobile_image": png})
			if r.Status != 201 || message(r) != "Baner je uspešno kreiran." {
				t.Fatalf("create %s: %d %s", name, r.Status, r.Raw)
			}
			return data(r)
		}
		product := mk("Proizvod", "product", "0", map[string][]string{"product_ids[]": {fmt.Sprint(productIDOf(p))}, "link": {"/akcije"}})
		mk("Sredina", "home_middle", "0", nil)
		second := mk("Slajder 2", "home_slider", "2", map[string][]string{"category_id": {fmt.Sprint(fx.cat1)}, "brand_id": {fmt.Sprint(fx.brand)}})
		mk("Slajder 1", "home_slider", "1", nil)
		if ids := product["product_ids"].([]any); len(ids) != 1 || product["link"] != "/akcije" || product["position_label"] != "Stranica proizvoda" {
			t.Fatalf("product banner: %v", product)
		}

		r = ts.do(req{method: "GET", path: "/api/v1/banners?paginate=100"})
		var names []string
		for _, b := range list(r) {
			names = append(names, b.(map[string]any)["name"].(string))
		}
		if r.Status != 200 || strings.Join(names, ",") != "Slajder 1,Slajder 2,Sredina,Proizvod" {
			t.Fatalf("public banners: %d %v", r.Status, names)
		}
		b2 := list(r)[1].(map[string]any)
		for _, k := range []string{"id", "name", "position", "link", "image_url", "mobile_image_url", "category_slug", "brand_id"} {
			if _, ok := b2[k]; !ok {
				t.Errorf("public banner lacks %s: %v", k, b2)
			}
		}
		if b2["category_slug"] != "frizideri" || b2["link"] != nil || !strings.HasPrefix(b2["image_url"].(string), "/media/images/banners/") {
			t.Fatalf("public banner: %v", b2)
		}
		if img := ts.do(req{method: "GET", path: b2["image_url"].(string)}); img.Status != 200 {
			t.Fatalf("banner image: %d", img.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/banners?position=home_slider"}); len(list(r)) != 2 {
			t.Fatalf("position filter: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/banners?position=x"}); r.Status != 422 {
			t.Fatalf("bad position: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/banner-positions", lang: "en"}); len(list(r)) != 6 ||
			list(r)[0].(map[string]any)["key"] != "home_slider" || list(r)[0].(map[string]any)["label"] != "Home – slider" {
			t.Fatalf("positions: %s", r.Raw)
		}

		// Edit without a new image keeps it; the mobile image can be dropped.
		id := fmt.Sprint(second["id"])
		r = ts.form("PUT", "/api/v1/admin/banners/"+id, ts.admin, map[string][]string{"name": {"Slajder 0"}, "position": {"home_slider"},
			"order": {"0"}, "remove_mobile_image": {"1"}}, nil)
		if r.Status != 200 || data(r)["image_url"] != second["image_url"] || data(r)["mobile_image_url"] != nil || data(r)["category_id"] != nil {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/banners?position=home_slider"}); list(r)[0].(map[string]any)["name"] != "Slajder 0" {
			t.Fatalf("order after edit: %s", r.Raw)
		}
		// Staff may list (no permission) but not edit.
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/banners", token: ts.staff}); r.Status != 200 || len(list(r)) != 4 {
			t.Fatalf("staff list: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/banners", token: ts.buyer}); r.Status != 403 {
			t.Fatalf("customer list: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/banners/" + id, token: ts.staff}); r.Status != 403 {
			t.Fatalf("staff delete: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/banners/" + id, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		for _, m := range []string{"GET", "DELETE"} {
			r := ts.do(req{method: m, path: "/api/v1/admin/banners/" + id, token: ts.admin})
			if r.Status != 404 || message(r) != "Izabrani baner ne postoji ili je izbrisan." {
				t.Fatalf("%s deleted banner: %d %s", m, r.Status, r.Raw)
			}
		}
		// the activity log: its last entry is the deletion with the banner's values; a refused
		// (staff) delete wrote none
		bid, _ := strconv.ParseUint(id, 10, 64)
		entries := activityOf(t, a, "banner", bid)
		if len(entries) < 2 || entries[0].Type != "banner.created" || entries[len(entries)-1].Type != "banner.deleted" ||
			!strings.Contains(entries[len(entries)-1].Old, `"name":`) || entries[len(entries)-1].New != "" {
			t.Fatalf("activity of the banner: %v", entries)
		}
		if n := len(activityOf(t, a, "banner", bid)); n != len(entries) {
			t.Fatalf("entries changed: %d", n)
		}
	})
}

// TestContentModulesOff: with Banner, News and Home off, their admin routes are 404.
func TestContentModulesOff(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"Frontend"} }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, p := range []string{"/api/v1/admin/banners", "/api/v1/admin/news", "/api/v1/admin/home/sections", "/api/v1/admin/pages"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.admin}); r.Status != 404 {
				t.Errorf("%s with the module off: %d", p, r.Status)
			}
		}
	})
}

// TestNews: validation, sanitizing, the public list (newest first, excerpt) and item, 404s, guards.
func TestNews(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.form("POST", "/api/v1/admin/news", ts.admin, map[string][]string{"title": {""}, "body": {"<p></p>"}}, nil)
		if r.Status != 422 || firstError(r, "title") != "Polje je obavezno" || firstError(r, "body") != "Polje je obavezno" {
			t.Fatalf("empty news: %d %s", r.Status, r.Raw)
		}
		if r := ts.form("POST", "/api/v1/admin/news", ts.staff, map[string][]string{"title": {"x"}, "body": {"<p>x</p>"}}, nil); r.Status != 403 {
			t.Fatalf("staff creates news: %d", r.Status)
		}
		first := ts.form("POST", "/api/v1/admin/news", ts.admin, map[string][]string{"title": {"Prva vest"},
			"body": {`<p onclick="x()">Otvorili smo <strong>novu</strong> radnju.</p><script>alert(1)</script>`}},
			map[string][]byte{"image": imagefiletest.UniformPNG(t, 30, 20, 8)})
		if first.Status != 201 || message(first) != "Vest je uspešno kreirana." {
			t.Fatalf("create: %d %s", first.Status, first.Raw)
		}
		body := data(first)["body"].(string)
		if strings.Contains(body, "script") || strings.Contains(body, "onclick") || !strings.Contains(body, "<strong>novu</strong>") {
			t.Fatalf("not sanitized: %q", body)
		}
		second := ts.form("POST", "/api/v1/admin/news", ts.admin, map[string][]string{"title": {"Druga vest"}, "body": {"<p>" + strings.Repeat("Reč ", 100) + "</p>"}}, nil)
		if second.Status != 201 {
			t.Fatalf("create 2: %d %s", second.Status, second.Raw)
		}
		// The same second: ids break the tie, newest first.
		r = ts.do(req{method: "GET", path: "/api/v1/news?page=1&paginate=10"})
		items := list(r)
		if r.Status != 200 || len(items) != 2 || items[0].(map[string]any)["title"] != "Druga vest" {
			t.Fatalf("public news: %d %s", r.Status, r.Raw)
		}
		it := items[0].(map[string]any)
		if ex := it["excerpt"].(string); len([]rune(ex)) > 201 || strings.Contains(ex, "<") || it["image_url"] != nil {
			t.Fatalf("excerpt: %v", it)
		}
		if items[1].(map[string]any)["image_url"] == nil || r.Body["meta"].(map[string]any)["total"].(float64) != 2 {
			t.Fatalf("first news: %s", r.Raw)
		}
		id := fmt.Sprint(data(first)["id"])
		r = ts.do(req{method: "GET", path: "/api/v1/news/" + id})
		if r.Status != 200 || !strings.Contains(data(r)["body_html"].(string), "novu") {
			t.Fatalf("news item: %d %s", r.Status, r.Raw)
		}
		for _, p := range []string{"/api/v1/news/999999", "/api/v1/news/abc"} {
			if r := ts.do(req{method: "GET", path: p}); r.Status != 404 || message(r) != "Vest ne postoji ili je izbrisana." {
				t.Fatalf("%s: %d %s", p, r.Status, r.Raw)
			}
		}
		r = ts.form("PUT", "/api/v1/admin/news/"+id, ts.admin, map[string][]string{"title": {"Prva, izmenjena"}, "body": {"<p>Novo</p>"}, "remove_image": {"1"}}, nil)
		if r.Status != 200 || data(r)["title"] != "Prva, izmenjena" || data(r)["image_url"] != nil {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/news", token: ts.staff}); r.Status != 200 || len(list(r)) != 2 {
			t.Fatalf("staff list: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/news/" + id, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/news/" + id}); r.Status != 404 {
			t.Fatalf("deleted: %d", r.Status)
		}
		// the activity log: created, changed (old and new title; the image removed), deleted
		nid, _ := strconv.ParseUint(id, 10, 64)
		var types []string
		for _, e := range activityOf(t, a, "news", nid) {
			types = append(types, e.Type)
		}
		if d := cmp.Diff([]string{"news.created", "news.updated", "news.deleted"}, types); d != "" {
			t.Fatalf("activity of the news item (-want +got):\n%s", d)
		}
		upd := activityOf(t, a, "news", nid)[1]
		if !strings.Contains(upd.Old, `"title":"Prva vest"`) || !strings.Contains(upd.Old, `"image":true`) ||
			!strings.Contains(upd.New, `"title":"Prva, izmenjena"`) || !strings.Contains(upd.New, `"image":false`) {
			t.Errorf("news.updated values: %v", upd)
		}
	})
}

// TestHomeScreen: home products, categories and sections (validation, order, guards) and the
// public home answer: shown products only, cards with the guest or the customer price.
func TestHomeScreen(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		rsd := func(n int64) money.Para { return money.Para(n * 100) }
		mk := func(sku string, shown bool) uint64 {
			p := fx.mustCreateProduct(t, fx.product(sku, "Proizvod "+sku, fx.cat1))
			id := productIDOf(p)
			if err := a.DB.Model(&catalog.Product{}).Where("id = ?", id).Updates(map[string]any{"active": true, "visible": shown,
				"web_price": rsd(1000), "authenticated_price": rsd(900), "retail_price": rsd(1200)}).Error; err != nil {
				t.Fatal(err)
			}
			return id
		}
		p1, p2, hidden := mk("H-1", true), mk("H-2", true), mk("H-3", false)

		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/home/products", token: ts.staff, body: map[string]any{"product_ids": []uint64{p1}}}); r.Status != 403 {
			t.Fatalf("staff sets home products: %d", r.Status)
		}
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/home/products", token: ts.admin, body: map[string]any{"product_ids": []uint64{p1, 999999}}}); r.Status != 422 {
			t.Fatalf("unknown product: %d", r.Status)
		}
		r := ts.do(req{method: "PUT", path: "/api/v1/admin/home/products", token: ts.admin, body: map[string]any{"product_ids": []uint64{p2, hidden, p1, p2}}})
		if r.Status != 200 || len(list(r)) != 3 || list(r)[0].(map[string]any)["id"].(float64) != float64(p2) {
			t.Fatalf("home products: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/home/categories", token: ts.admin, body: map[string]any{"category_ids": []uint64{fx.cat2, fx.cat1}}}); r.Status != 200 {
			t.Fatalf("home categories: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/home/sections", token: ts.admin, body: map[string]any{"name": "A"}})
		if r.Status != 422 || firstError(r, "name") != "Polje mora sadržati minimum 2 karaktera" {
			t.Fatalf("short name: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/home/sections", token: ts.admin, body: map[string]any{"name": strings.Repeat("x", 256)}})
		if r.Status != 422 || firstError(r, "name") != "Polje može sadržati maksimum 255 karaktera" {
			t.Fatalf("long name: %d %s", r.Status, r.Raw)
		}
		s1 := ts.do(req{method: "POST", path: "/api/v1/admin/home/sections", token: ts.admin, body: map[string]any{"name": "Izdvajamo",
			"product_ids": []uint64{p1, hidden}, "category_ids": []uint64{fx.cat1}, "show_mobile": false}})
		s2 := ts.do(req{method: "POST", path: "/api/v1/admin/home/sections", token: ts.admin, body: map[string]any{"name": "Najnovije", "order": 0,
			"product_ids": []uint64{p2}}})
		if s1.Status != 201 || s2.Status != 201 || message(s1) != "Sekcija je uspešno kreirana." || data(s1)["order"].(float64) != 0 {
			t.Fatalf("sections: %d %s / %d %s", s1.Status, s1.Raw, s2.Status, s2.Raw)
		}
		// s1 is order 0 (first), s2 order 0 too: ids break the tie; move s1 after s2.
		s1id := fmt.Sprint(data(s1)["id"])
		r = ts.do(req{method: "PUT", path: "/api/v1/admin/home/sections/" + s1id, token: ts.admin, body: map[string]any{"name": "Izdvajamo", "order": 5,
			"product_ids": []uint64{p1, hidden}, "category_ids": []uint64{fx.cat1}, "show_mobile": false}})
		if r.Status != 200 || len(data(r)["products"].([]any)) != 2 {
			t.Fatalf("update section: %d %s", r.Status, r.Raw)
		}
		// the activity log: the lists' old and new ids, the section's created and updated values
		var homeTypes []string
		for _, e := range activityOf(t, a, "home", 0) {
			homeTypes = append(homeTypes, e.Type)
		}
		if d := cmp.Diff([]string{"home.products_set", "home.categories_set"}, homeTypes); d != "" {
			t.Errorf("activity of the home lists (-want +got):\n%s", d)
		}
		sid, _ := strconv.ParseUint(s1id, 10, 64)
		if got := activityOf(t, a, "home_section", sid); len(got) != 2 || got[0].Type != "home_section.created" || got[1].Type != "home_section.updated" ||
			!strings.Contains(got[1].New, `"sort_order":5`) || !strings.Contains(got[1].New, `"show_mobile":false`) {
			t.Errorf("activity of the section: %v", got)
		}

		home := func(token string) map[string]any {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/home", token: token})
			if r.Status != 200 {
				t.Fatalf("home: %d %s", r.Status, r.Raw)
			}
			return data(r)
		}
		// A category without a picture of its own shows its products' (the hidden one's never).
		for _, img := range []struct {
			product uint64
			key     string
		}{{hidden, "products/h/skriveni-small.jpg"}, {p2, "products/h/vidljivi-small.jpg"}} {
			if err := a.DB.Exec("INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at) VALUES (?, ?, ?, ?, 0, CURRENT_TIMESTAMP)",
				img.product, true, img.key, img.key).Error; err != nil {
				t.Fatal(err)
			}
		}
		guest := home("")
		prods := guest["products"].([]any)
		if len(prods) != 2 || prods[0].(map[string]any)["id"].(float64) != float64(p2) {
			t.Fatalf("home products (hidden left out): %v", prods)
		}
		card := prods[0].(map[string]any)
		if card["price"].(float64) != 1000 || card["slug"] == "" || card["main_category_slug"] != "frizideri" {
			t.Fatalf("guest card: %v", card)
		}
		cats := guest["categories"].([]any)
		if len(cats) != 2 || cats[0].(map[string]any)["slug"] != "televizori" {
			t.Fatalf("home categories: %v", cats)
		}
		if tv, fr := cats[0].(map[string]any)["image_url"], cats[1].(map[string]any)["image_url"]; tv != nil || !strings.HasSuffix(fmt.Sprint(fr), "vidljivi-small.jpg") {
			t.Fatalf("category pictures: televizori %v, frizideri %v", tv, fr)
		}
		secs := guest["sections"].([]any)
		if len(secs) != 2 || secs[0].(map[string]any)["name"] != "Najnovije" {
			t.Fatalf("sections order: %v", secs)
		}
		izd := secs[1].(map[string]any)
		if izd["show_mobile"] != false || izd["show_desktop"] != true || len(izd["products"].([]any)) != 1 || len(izd["categories"].([]any)) != 1 {
			t.Fatalf("section: %v", izd)
		}
		if _, ok := guest["banners"].([]any); !ok {
			t.Fatalf("home banners: %v", guest)
		}
		customer := home(ts.buyer)
		if p := customer["products"].([]any)[0].(map[string]any)["price"].(float64); p != 900 {
			t.Fatalf("customer price: %v", p)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/home/sections/" + s1id, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete section: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/home/sections/" + s1id, token: ts.admin}); r.Status != 404 ||
			message(r) != "Sekcija ne postoji ili je izbrisana." {
			t.Fatalf("deleted section: %d %s", r.Status, r.Raw)
		}
	})
}

// TestStaticPages: admin list of every page, edit (sanitized, required), public read per
// language with the Serbian fallback, 404 for unknown and unwritten slugs.
func TestStaticPages(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/admin/pages", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 28 || list(r)[0].(map[string]any)["written"] != false {
			t.Fatalf("admin pages: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/pages/uslovi-isporuke", lang: "en"}); r.Status != 404 ||
			message(r) != "The page does not exist or has been deleted." {
			t.Fatalf("unwritten page: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/pages/uslovi-isporuke", token: ts.staff, body: map[string]any{}}); r.Status != 403 {
			t.Fatalf("staff edits a page: %d", r.Status)
		}
		r = ts.do(req{method: "PUT", path: "/api/v1/admin/pages/uslovi-isporuke", token: ts.admin, body: map[string]any{"title_sr": "", "body_sr": "<p></p>"}})
		if r.Status != 422 || firstError(r, "title_sr") != "Polje je obavezno" || firstError(r, "body_sr") != "Polje je obavezno" {
			t.Fatalf("empty page: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PUT", path: "/api/v1/admin/pages/uslovi-isporuke", token: ts.admin, body: map[string]any{
			"title_sr": "Uslovi isporuke", "body_sr": `<h2 id="shipment_tracking">Praćenje</h2><p>Besplatna dostava.</p><img src=x onerror=alert(1)>`,
			"title_en": "Delivery terms", "body_en": ""}})
		if r.Status != 200 || strings.Contains(data(r)["body_sr"].(string), "onerror") || !strings.Contains(data(r)["body_sr"].(string), `id="shipment_tracking"`) {
			t.Fatalf("save page: %d %s", r.Status, r.Raw)
		}
		en := ts.do(req{method: "GET", path: "/api/v1/pages/uslovi-isporuke", lang: "en"})
		if en.Status != 200 || data(en)["title"] != "Delivery terms" || !strings.Contains(data(en)["body_html"].(string), "Besplatna") {
			t.Fatalf("english page (Serbian body fallback): %d %s", en.Status, en.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/pages"}); len(list(r)) != 1 || list(r)[0].(map[string]any)["title"] != "Uslovi isporuke" {
			t.Fatalf("public pages: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/pages/nepostojeca"}); r.Status != 404 || message(r) != "Stranica ne postoji ili je izbrisana." {
			t.Fatalf("unknown page: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/pages/nepostojeca", token: ts.admin, body: map[string]any{"title_sr": "x", "body_sr": "<p>x</p>"}}); r.Status != 404 {
			t.Fatalf("save unknown page: %d", r.Status)
		}
		if got := activityOf(t, a, "page", 0); len(got) != 1 || got[0].Type != "page.updated" || !strings.Contains(got[0].New, `"slug":"uslovi-isporuke"`) ||
			!strings.Contains(got[0].New, `"title_en":"Delivery terms"`) {
			t.Errorf("activity of the page: %v", got)
		}
	})
}
