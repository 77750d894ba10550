package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// The "add attributes" screen's calls: the attribute with its categories, the products whose
// main category has it (with their value), and one value given to the chosen ones.
func TestAddAttributeToProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		tv1 := productIDOf(fx.mustCreateProduct(t, fx.product("TV-1", "Televizor A", fx.cat2)))
		tv2 := productIDOf(fx.mustCreateProduct(t, fx.product("TV-2", "Televizor B", fx.cat2)))
		tv3 := productIDOf(fx.mustCreateProduct(t, fx.product("TV-3", "Televizor C", fx.cat2)))
		fridge := productIDOf(fx.mustCreateProduct(t, fx.product("FR-1", "Frižider", fx.cat1)))
		base := fmt.Sprintf("/api/v1/admin/products/attributes/%d", fx.colour)

		r := ts.do(req{method: "GET", path: base, token: ts.staff})
		if r.Status != 200 || data(r)["name"] != "Boja" || len(data(r)["categories"].([]any)) != 1 ||
			data(r)["categories"].([]any)[0].(map[string]any)["name"] != "Televizori" {
			t.Fatalf("attribute200: %d %s", r.Status, r.Raw)
		}
		values := func(query string) map[string]any {
			t.Helper()
			r := ts.do(req{method: "GET", path: base + "/products" + query, token: ts.staff})
			if r.Status != 200 {
				t.Fatalf("products%s: %d %s", query, r.Status, r.Raw)
			}
			out := map[string]any{}
			for _, x := range list(r) {
				m := x.(map[string]any)
				var v any
				if m["value"] != nil {
					v = m["value"].(map[string]any)["value"]
				}
				out[m["sku"].(string)] = v
			}
			return out
		}
		// The fridge's category lacks the colour: it is not listed.
		if diff := cmp.Diff(map[string]any{"TV-1": nil, "TV-2": nil, "TV-3": nil}, values("")); diff != "" {
			t.Fatalf("list200 (-want +got):\n%s", diff)
		}

		r = ts.do(req{method: "POST", path: base + "/products", token: ts.staff, body: map[string]any{"product_ids": []uint64{tv1, tv2}, "attribute_value_id": fx.black}})
		if r.Status != 200 || message(r) != "Atribut je dodat izabranim proizvodima." || data(r)["count"] != 2.0 {
			t.Fatalf("addExisting200: %d %s", r.Status, r.Raw)
		}
		// A text the attribute lacks is added to its values (and found the second time).
		r = ts.do(req{method: "POST", path: base + "/products", token: ts.staff, body: map[string]any{"product_ids": []uint64{tv3}, "value": " Srebrna "}})
		if r.Status != 200 || data(r)["count"] != 1.0 {
			t.Fatalf("addNew200: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff(map[string]any{"TV-1": "Crna", "TV-2": "Crna", "TV-3": "Srebrna"}, values("")); diff != "" {
			t.Errorf("after (-want +got):\n%s", diff)
		}
		// The product's own attributes tab shows the same value.
		pr := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/attributes", tv3), token: ts.staff})
		if !strings.Contains(string(pr.Raw), `"value":"Srebrna"`) {
			t.Errorf("product tab: %s", pr.Raw)
		}
		var n int64
		a.DB.Table("attribute_values").Where("attribute_id = ? AND value = ?", fx.colour, "Srebrna").Count(&n)
		if n != 1 {
			t.Errorf("Srebrna values: %d", n)
		}
		// without_value and the category narrow the list; search folds.
		ts.do(req{method: "POST", path: base + "/products", token: ts.staff, body: map[string]any{"product_ids": []uint64{tv1}, "value": "Plava"}})
		if got := values("?without_value=1"); len(got) != 0 {
			t.Errorf("without_value: %v", got)
		}
		if got := values(fmt.Sprintf("?category_id=%d&search=televizor+c", fx.cat2)); len(got) != 1 || got["TV-3"] != "Srebrna" {
			t.Errorf("category and search: %v", got)
		}
		var types []string
		a.DB.Table("activity_log").Where("type LIKE ?", "product_attribute%").Order("id").Pluck("type", &types)
		want := []string{"product_attribute.created", "product_attribute.created", "product_attribute_value.created", "product_attribute.created",
			"product_attribute_value.created", "product_attribute.updated"}
		if diff := cmp.Diff(want, types); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}

		bad := []struct {
			name, method, path string
			body               any
			token              string
			status             int
			field, msg         string
		}{
			{"add422NoProducts", "POST", base + "/products", map[string]any{"product_ids": []uint64{}, "attribute_value_id": fx.black}, ts.staff, 422,
				"product_ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"add422NoValue", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1}, "value": "  "}, ts.staff, 422, "value", "Polje je obavezno"},
			{"add422LongValue", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1}, "value": strings.Repeat("ž", 256)}, ts.staff, 422,
				"value", "Polje može sadržati maksimum 255 karaktera"},
			{"add422OtherAttributesValue", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1}, "attribute_value_id": fx.manufacturer}, ts.staff, 422,
				"attribute_value_id", "Vrednost ne pripada ovom atributu"},
			{"add422CategoryLacksIt", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1, fridge}, "attribute_value_id": fx.black}, ts.staff, 422,
				"product_ids", "Kategorija proizvoda nema ovaj atribut"},
			{"add422UnknownProduct", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1, 99999}, "attribute_value_id": fx.black}, ts.staff, 422,
				"product_ids", "Izabrana vrednost ne postoji"},
			{"list422Category", "GET", fmt.Sprintf("%s/products?category_id=%d", base, fx.cat1), nil, ts.staff, 422, "category_id", "Kategorija proizvoda nema ovaj atribut"},
			{"get404", "GET", "/api/v1/admin/products/attributes/99999", nil, ts.staff, 404, "", "Atribut ne postoji ili je izbrisan."},
			{"add404", "POST", "/api/v1/admin/products/attributes/99999/products", map[string]any{"product_ids": []uint64{tv1}, "value": "x"}, ts.staff, 404, "", "Atribut ne postoji ili je izbrisan."},
			{"add403Customer", "POST", base + "/products", map[string]any{"product_ids": []uint64{tv1}, "value": "x"}, ts.buyer, 403, "", "Unauthorized"},
			{"list403Customer", "GET", base + "/products", nil, ts.buyer, 403, "", "Unauthorized"},
		}
		for _, tt := range bad {
			r := ts.do(req{method: tt.method, path: tt.path, token: tt.token, body: tt.body})
			got := message(r)
			if tt.field != "" {
				got = firstError(r, tt.field)
			}
			if r.Status != tt.status || got != tt.msg {
				t.Errorf("%s: %d %s", tt.name, r.Status, r.Raw)
			}
		}
		// nothing of a refused request was written
		if got := values(""); got["TV-1"] != "Plava" {
			t.Errorf("a refused request changed TV-1: %v", got)
		}
	})
}
