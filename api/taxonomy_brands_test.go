package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/pricing"
)

func TestBrands(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		for _, n := range []string{"Samsung", "Gorenje", "Tesla Č"} {
			if _, err := a.Catalog.CreateBrand(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/brands", token: ts.staff, body: map[string]any{"name": "  Apple "}})
		if r.Status != 201 || message(r) != "Brend je uspešno kreiran." || data(r)["name"] != "Apple" {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		appleID := uint64(data(r)["id"].(float64))
		for _, tt := range []struct {
			name, value, msg string
		}{
			{"create422Required", "", "Polje je obavezno"},
			{"create422Short", "A", "Polje mora sadržati minimum 2 karaktera"},
			{"create422Taken", "samsung", "Brend sa ovim nazivom već postoji"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/admin/brands", token: ts.admin, body: map[string]any{"name": tt.value}})
				if r.Status != 422 || firstError(r, "name") != tt.msg {
					t.Errorf("%d %s", r.Status, r.Raw)
				}
			})
		}
		names := func(q string) []string {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/brands" + q, token: ts.staff})
			if r.Status != 200 {
				t.Fatalf("list: %d %s", r.Status, r.Raw)
			}
			var out []string
			for _, b := range list(r) {
				out = append(out, b.(map[string]any)["name"].(string))
			}
			return out
		}
		if diff := cmp.Diff([]string{"Apple", "Gorenje", "Samsung", "Tesla Č"}, names("?paginate=1000")); diff != "" {
			t.Errorf("list200 (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Tesla Č"}, names("?search=tesla%20c")); diff != "" {
			t.Errorf("list200Search (-want +got):\n%s", diff)
		}
		path := fmt.Sprintf("/api/v1/admin/brands/%d", appleID)
		if r := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"name": "Apple Inc"}}); r.Status != 200 || data(r)["name"] != "Apple Inc" {
			t.Errorf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"name": "Gorenje"}}); r.Status != 422 {
			t.Errorf("update422: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/brands/999", token: ts.admin, body: map[string]any{"name": "Nema"}}); r.Status != 404 || message(r) != "Brend ne postoji ili je izbrisan." {
			t.Errorf("update404: %d %s", r.Status, r.Raw)
		}
		// A brand with products stays.
		cat := taxonomyFixtureCategory(t, a, "Telefoni", nil)
		now := "2025-01-01 00:00:00"
		if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, main_category_id, brand_id, created_at, updated_at) VALUES ('B1', 'Test', 'test', ?, ?, ?, ?)`, cat.ID, appleID, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 409 || message(r) != "Brend koriste proizvodi i ne može biti obrisan." {
			t.Errorf("delete409: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/brands?search=gorenje", token: ts.admin})
		gid := uint64(list(r)[0].(map[string]any)["id"].(float64))
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/brands/%d", gid), token: ts.admin}); r.Status != 200 {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/brands/%d", gid), token: ts.admin}); r.Status != 404 {
			t.Errorf("delete404: %d", r.Status)
		}
		// the activity log: created, renamed (old and new name), deleted; a refused change writes none
		want := []activityEntry{
			{"brand.created", "", `{"name":"Apple"}`},
			{"brand.updated", `{"name":"Apple"}`, `{"name":"Apple Inc"}`},
		}
		if d := cmp.Diff(want, activityOf(t, a, "brand", appleID)); d != "" {
			t.Errorf("activity of the renamed brand (-want +got):\n%s", d)
		}
		if got := activityOf(t, a, "brand", gid); len(got) != 2 || got[1] != (activityEntry{"brand.deleted", `{"name":"Gorenje"}`, ""}) {
			t.Errorf("activity of the deleted brand: %v", got)
		}
	})
}

func TestTaxonomyLookups(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		if _, err := a.Pricing.CreateDiscountType(ctx, pricing.DiscountTypeInput{Name: "Šok akcija", IsPercentage: true, Text: "-10%", Color: "#ff0000", ShowInShockSale: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Pricing.CreateDiscountType(ctx, pricing.DiscountTypeInput{Name: "X"}); err == nil {
			t.Error("a one-letter discount type name was accepted")
		}
		st, err := a.Catalog.CreateCatalogStickerType(ctx, catalog.CatalogStickerTypeInput{Name: "Black Friday", StickerKey: "stickers/bf.png"})
		if err != nil {
			t.Fatal(err)
		}
		st2, err := a.Catalog.CreateCatalogStickerType(ctx, catalog.CatalogStickerTypeInput{Name: "Black Friday"})
		if err != nil || st2.Slug != "black-friday-2" {
			t.Fatalf("second sticker type: %v %v", st2, err)
		}
		r := ts.do(req{method: "GET", path: "/api/v1/admin/discount-types", token: ts.staff})
		want := []any{map[string]any{"id": list(r)[0].(map[string]any)["id"], "name": "Šok akcija", "is_percentage": true, "text": "-10%", "color": "#ff0000", "show_in_shock_sale": true}}
		if diff := cmp.Diff(want, list(r)); diff != "" {
			t.Errorf("discount types (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/catalog-sticker-types?search=black", token: ts.staff})
		wantS := []any{
			map[string]any{"id": float64(st.ID), "name": "Black Friday", "slug": "black-friday", "sticker": "/media/stickers/bf.png", "desktop_image": nil,
				"from": nil, "to": nil, "active_today": false},
			map[string]any{"id": float64(st2.ID), "name": "Black Friday", "slug": "black-friday-2", "sticker": nil, "desktop_image": nil,
				"from": nil, "to": nil, "active_today": false},
		}
		if diff := cmp.Diff(wantS, list(r)); diff != "" {
			t.Errorf("sticker types (-want +got):\n%s", diff)
		}
		for _, p := range []string{"/api/v1/admin/discount-types", "/api/v1/admin/catalog-sticker-types"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.buyer}); r.Status != 403 {
				t.Errorf("%s as customer: %d", p, r.Status)
			}
		}
	})
}
