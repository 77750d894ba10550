package api_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// taxonomyCategoryBody is a valid category form; change fields to test the rules.
func taxonomyCategoryBody(name string) map[string]any {
	return map[string]any{"name": name, "prefix": "RA", "pdv": 20, "web_margin": 12.5, "retail_margin": 18, "dealer_margin": 6,
		"description_time": "3-5 dana", "min_price": 1000, "allowed_rebate": 5, "declaration_name": "Računar",
		"country_of_origin": "Kina", "consumer_rights": "Zakon o zaštiti potrošača"}
}

// taxonomyFixtureCategory creates a category through the service.
func taxonomyFixtureCategory(tb testing.TB, a *app.App, name string, parent *uint64) *catalog.Category {
	tb.Helper()
	bps := func(v money.Bps) *money.Bps { return &v }
	minPrice := money.Para(100000)
	c, err := a.Catalog.CreateCategory(context.Background(), catalog.CategoryInput{ParentID: parent, Name: name, Prefix: "AB",
		Pdv: bps(2000), WebMargin: bps(1000), RetailMargin: bps(1500), DealerMargin: bps(500), DescriptionTime: "2 dana",
		MinPrice: &minPrice, AllowedRebate: bps(500), DeclarationName: "Roba " + name, CountryOfOrigin: "Srbija", ConsumerRights: "Prava"})
	if err != nil {
		tb.Fatalf("create category %s: %v", name, err)
	}
	return c
}

func taxonomyPNG(tb testing.TB) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func TestCategoryCreate(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		tests := []struct {
			name   string
			change func(b map[string]any)
			status int
			errs   map[string]string
		}{
			{"create201", func(b map[string]any) {}, 201, nil},
			{"create422Required", func(b map[string]any) {
				for _, k := range []string{"name", "prefix", "pdv", "web_margin", "retail_margin", "dealer_margin", "description_time", "min_price", "allowed_rebate"} {
					delete(b, k)
				}
			}, 422, map[string]string{"name": "Polje je obavezno", "prefix": "Polje je obavezno", "pdv": "Polje je obavezno",
				"web_margin": "Polje je obavezno", "retail_margin": "Polje je obavezno", "dealer_margin": "Polje je obavezno",
				"description_time": "Polje je obavezno", "min_price": "Polje je obavezno", "allowed_rebate": "Polje je obavezno"}},
			{"create422Bounds", func(b map[string]any) {
				b["name"], b["prefix"], b["pdv"], b["web_margin"], b["retail_margin"], b["dealer_margin"] = "A", "R1", 0.01, 99.99, 100, 0
				b["min_price"], b["allowed_rebate"] = 0.01, 1
			}, 422, map[string]string{"name": "Polje mora sadržati minimum 2 karaktera", "prefix": "Polje može sadržati samo slova",
				"pdv": "Broj mora biti veći od 0.01", "web_margin": "Broj mora biti manji od 99.99", "retail_margin": "Broj mora biti manji od 99.99",
				"dealer_margin": "Broj mora biti veći od 0.01", "min_price": "Broj mora biti veći od 0.01", "allowed_rebate": "Broj mora biti veći od 1"}},
			{"create422PrefixLength", func(b map[string]any) { b["prefix"] = "ABCD" }, 422, map[string]string{"prefix": "Polje može sadržati maksimum 3 karaktera"}},
			{"create422PrefixShort", func(b map[string]any) { b["prefix"] = "Č" }, 422, map[string]string{"prefix": "Polje mora sadržati minimum 2 karaktera"}},
			{"create422Parent", func(b map[string]any) { b["parent_id"] = 999 }, 422, map[string]string{"parent_id": "Izabrana nadređena kategorija ne postoji"}},
			{"create422Type", func(b map[string]any) { b["pdv"] = "dvadeset" }, 422, map[string]string{"pdv": "Polje je pogrešnog tipa"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				b := taxonomyCategoryBody("Računari " + tt.name)
				tt.change(b)
				r := ts.do(req{method: "POST", path: "/api/v1/admin/categories", token: ts.admin, body: b})
				if r.Status != tt.status {
					t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Raw)
				}
				if tt.errs != nil {
					got := map[string]string{}
					for k := range errorsOf(r) {
						got[k] = firstError(r, k)
					}
					if diff := cmp.Diff(tt.errs, got); diff != "" {
						t.Errorf("errors (-want +got):\n%s", diff)
					}
				}
			})
		}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/categories", token: ts.admin, body: taxonomyCategoryBody("Računari i oprema")})
		d := data(r)
		want := map[string]any{"id": d["id"], "parent_id": nil, "name": "Računari i oprema", "slug": "racunari-i-oprema", "prefix": "RA",
			"position": d["position"], "level": 1.0, "pdv": 20.0, "web_margin": 12.5, "retail_margin": 18.0, "dealer_margin": 6.0,
			"description_time": "3-5 dana", "min_price": 1000.0, "allowed_rebate": 5.0, "image": nil, "active": true,
			"declaration": map[string]any{"name": "Računar", "country_of_origin": "Kina", "consumer_rights": "Zakon o zaštiti potrošača"}}
		if diff := cmp.Diff(want, d); diff != "" {
			t.Errorf("created (-want +got):\n%s", diff)
		}
		if message(r) != "Kategorija je uspešno kreirana." {
			t.Errorf("message %q", message(r))
		}
		// Same name again: a unique slug.
		r = ts.do(req{method: "POST", path: "/api/v1/admin/categories", token: ts.admin, body: taxonomyCategoryBody("Računari i oprema")})
		if got := data(r)["slug"]; got != "racunari-i-oprema-2" {
			t.Errorf("second slug %v", got)
		}
		// Staff (urednik) can view but not create.
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/categories", token: ts.staff, body: taxonomyCategoryBody("Staff")}); r.Status != 403 {
			t.Errorf("staff create: %d", r.Status)
		}
	})
}

func TestCategoryTree(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		top := taxonomyFixtureCategory(t, a, "Računari", nil)
		lap := taxonomyFixtureCategory(t, a, "Laptopovi", &top.ID)
		gam := taxonomyFixtureCategory(t, a, "Gejming laptopovi", &lap.ID)
		l4 := taxonomyFixtureCategory(t, a, "Četvrti nivo", &gam.ID)
		tv := taxonomyFixtureCategory(t, a, "Televizori", nil)
		if l4.Level != 4 || gam.Level != 3 {
			t.Fatalf("levels %d %d", gam.Level, l4.Level)
		}
		names := func(r resp) []string {
			var out []string
			for _, it := range list(r) {
				out = append(out, it.(map[string]any)["name"].(string))
			}
			return out
		}
		tests := []struct {
			name, query string
			want        []string
		}{
			{"list200All", "", []string{"Računari", "Televizori", "Laptopovi", "Gejming laptopovi", "Četvrti nivo"}},
			{"list200Main", "main=1", []string{"Računari", "Televizori"}},
			{"list200OnlyChildren", "only_children=1&paginate=1000", []string{"Televizori", "Četvrti nivo"}},
			{"list200SearchFolded", "search=racunari", []string{"Računari"}},
			{"list200SearchFoldedC", "search=cetv", []string{"Četvrti nivo"}},
			{"list200Parent", fmt.Sprintf("parent_id=%d", top.ID), []string{"Laptopovi"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/categories?" + tt.query, token: ts.staff})
				if r.Status != 200 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				// position orders siblings; levels come in creation order here.
				got := names(r)
				if diff := cmp.Diff(sortedCopy(tt.want), sortedCopy(got)); diff != "" {
					t.Errorf("names (-want +got):\n%s", diff)
				}
			})
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/categories?bogus=1", token: ts.admin}); r.Status != 422 {
			t.Errorf("unknown param: %d", r.Status)
		}
		// Five levels are refused.
		b := taxonomyCategoryBody("Peti nivo")
		b["parent_id"] = l4.ID
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/categories", token: ts.admin, body: b}); r.Status != 422 || firstError(r, "parent_id") == "" {
			t.Errorf("level 5: %d %s", r.Status, r.Raw)
		}
		// The nested tree.
		r := ts.do(req{method: "GET", path: "/api/v1/admin/categories?main=1&include=all_subcategories,products_count&paginate=1000", token: ts.admin})
		first := list(r)[0].(map[string]any)
		sub := first["subcategories"].([]any)[0].(map[string]any)
		subsub := sub["subcategories"].([]any)[0].(map[string]any)
		if first["name"] != "Računari" || sub["name"] != "Laptopovi" || subsub["name"] != "Gejming laptopovi" || first["products_count"] != 0.0 {
			t.Errorf("tree: %s", r.Raw)
		}
		// The storefront hides an inactive category and what is under it, and admin fields.
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/categories/%d", lap.ID), token: ts.admin, body: map[string]any{"active": false}}); r.Status != 200 {
			t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/categories?include=all_subcategories&main=1"})
		want := []any{
			map[string]any{"id": float64(top.ID), "name": "Računari", "slug": "racunari", "subcategories": []any{}},
			map[string]any{"id": float64(tv.ID), "name": "Televizori", "slug": "televizori", "subcategories": []any{}},
		}
		if diff := cmp.Diff(want, list(r)); diff != "" {
			t.Errorf("storefront (-want +got):\n%s", diff)
		}
		// Declaration by slug; an inactive category has none.
		r = ts.do(req{method: "GET", path: "/api/v1/categories/televizori/declaration"})
		if diff := cmp.Diff(map[string]any{"name": "Roba Televizori", "country_of_origin": "Srbija", "consumer_rights": "Prava"}, data(r)); diff != "" {
			t.Errorf("declaration (-want +got):\n%s", diff)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/categories/laptopovi/declaration"}); r.Status != 404 || message(r) != "Kategorija ne postoji ili je izbrisana." {
			t.Errorf("inactive declaration: %d %s", r.Status, r.Raw)
		}
	})
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestCategoryUpdateDelete(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		top := taxonomyFixtureCategory(t, a, "Bela tehnika", nil)
		other := taxonomyFixtureCategory(t, a, "Mali kućni aparati", nil)
		child := taxonomyFixtureCategory(t, a, "Frižideri", &top.ID)
		grand := taxonomyFixtureCategory(t, a, "Kombinovani", &child.ID)
		path := func(id uint64) string { return fmt.Sprintf("/api/v1/admin/categories/%d", id) }

		r := ts.do(req{method: "PATCH", path: path(child.ID), token: ts.admin, body: map[string]any{"name": "Frižideri i zamrzivači", "pdv": 10}})
		if r.Status != 200 || data(r)["slug"] != "frizideri-i-zamrzivaci" || data(r)["pdv"] != 10.0 || data(r)["web_margin"] != 10.0 {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path(child.ID), token: ts.admin, body: map[string]any{"pdv": 100}}); r.Status != 422 || firstError(r, "pdv") != "Broj mora biti manji od 99.99" {
			t.Errorf("update422: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path(top.ID), token: ts.admin, body: map[string]any{"parent_id": grand.ID}}); r.Status != 422 {
			t.Errorf("update422Cycle: %d %s", r.Status, r.Raw)
		}
		// Move the subtree under another top category: levels follow.
		r = ts.do(req{method: "PATCH", path: path(child.ID), token: ts.admin, body: map[string]any{"parent_id": other.ID}})
		if r.Status != 200 || data(r)["parent_id"] != float64(other.ID) || data(r)["level"] != 2.0 {
			t.Fatalf("move: %d %s", r.Status, r.Raw)
		}
		// To the top level: the grandchild becomes level 2.
		r = ts.do(req{method: "PATCH", path: path(child.ID), token: ts.admin, body: map[string]any{"parent_id": nil}})
		if r.Status != 200 || data(r)["parent_id"] != nil || data(r)["level"] != 1.0 {
			t.Fatalf("to top: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path(grand.ID), token: ts.staff}); data(r)["level"] != 2.0 {
			t.Errorf("grandchild level: %s", r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path(999), token: ts.admin, body: map[string]any{"name": "Nema"}}); r.Status != 404 {
			t.Errorf("update404: %d", r.Status)
		}

		// Delete: refused with subcategories, then allowed.
		r = ts.do(req{method: "DELETE", path: path(child.ID), token: ts.admin})
		if r.Status != 409 || message(r) != "Kategorija ima podkategorije i ne može biti obrisana." {
			t.Errorf("delete409: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: path(grand.ID), token: ts.admin}); r.Status != 200 || message(r) != "Kategorija je uspešno obrisana." {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path(grand.ID), token: ts.admin}); r.Status != 404 {
			t.Errorf("get after delete: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/categories/abc", token: ts.admin}); r.Status != 404 {
			t.Errorf("delete404: %d", r.Status)
		}
		// A category with products is refused.
		now := "2025-01-01 00:00:00"
		if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, main_category_id, created_at, updated_at) VALUES ('T1', 'Test', 'test', ?, ?, ?)`, other.ID, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if r := ts.do(req{method: "DELETE", path: path(other.ID), token: ts.admin}); r.Status != 409 || message(r) != "Kategorija ima proizvode i ne može biti obrisana." {
			t.Errorf("delete409Products: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/categories?include=products_count&search=mali", token: ts.admin}); list(r)[0].(map[string]any)["products_count"] != 1.0 {
			t.Errorf("products_count: %s", r.Raw)
		}
		// the activity log: every change once, refused ones none, with old and new values
		types := func(id uint64) []string {
			var out []string
			for _, e := range activityOf(t, a, "category", id) {
				out = append(out, e.Type)
			}
			return out
		}
		if d := cmp.Diff([]string{"category.created", "category.updated", "category.updated", "category.updated"}, types(child.ID)); d != "" {
			t.Errorf("activity of the moved category (-want +got):\n%s", d)
		}
		rename := activityOf(t, a, "category", child.ID)[1]
		if !strings.Contains(rename.Old, `"name":"Frižideri"`) || !strings.Contains(rename.New, `"name":"Frižideri i zamrzivači"`) || !strings.Contains(rename.New, `"pdv":10`) {
			t.Errorf("rename entry: %v", rename)
		}
		if d := cmp.Diff([]string{"category.created", "category.deleted"}, types(grand.ID)); d != "" {
			t.Errorf("activity of the deleted category (-want +got):\n%s", d)
		}
		if d := cmp.Diff([]string{"category.created"}, types(other.ID)); d != "" {
			t.Errorf("activity of the category kept (-want +got):\n%s", d)
		}
	})
}

func TestCategoryImage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cat := taxonomyFixtureCategory(t, a, "Telefoni", nil)
		path := fmt.Sprintf("/api/v1/admin/categories/%d/image", cat.ID)
		tests := []struct {
			name   string
			data   []byte
			status int
			err    string
		}{
			{"image200", taxonomyPNG(t), 200, ""},
			{"image422Fake", []byte("not an image at all, just text"), 422, "Slika mora biti u formatu JPG, PNG ili WEBP"},
			{"image422Size", append(taxonomyPNG(t), make([]byte, 2_000_001)...), 422, "Maksimalni limit slike je 2MB"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				body, ct := multipartFile(t, "image", "slika.jpg", tt.data)
				r := ts.do(req{method: "POST", path: path, token: ts.admin, raw: body, contentType: ct})
				if r.Status != tt.status {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if tt.err != "" && firstError(r, "image") != tt.err {
					t.Errorf("error %q", firstError(r, "image"))
				}
				if tt.status == 200 {
					img, _ := data(r)["image"].(string)
					if len(img) < 30 || img[:len("/media/images/categories/")] != "/media/images/categories/" {
						t.Fatalf("image url %q", img)
					}
					if got := ts.do(req{method: "GET", path: img}); got.Status != 200 {
						t.Errorf("media: %d", got.Status)
					}
				}
			})
		}
	})
}
