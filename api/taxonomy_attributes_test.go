package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
)

// taxonomyActivityTypes lists the activity log's entry types, oldest first.
func taxonomyActivityTypes(tb testing.TB, a *app.App) []string {
	tb.Helper()
	var out []string
	if err := a.DB.Raw("SELECT type FROM activity_log ORDER BY id").Scan(&out).Error; err != nil {
		tb.Fatal(err)
	}
	return out
}

func TestAttributes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		if err := a.Catalog.EnsureManufacturerAttribute(ctx); err != nil {
			t.Fatal(err)
		}
		if err := a.Catalog.EnsureManufacturerAttribute(ctx); err != nil {
			t.Fatalf("second ensure: %v", err)
		}
		// Later attributes do not collide with id 24.
		boja, err := a.Catalog.CreateAttribute(ctx, "Boja", []string{"Crna", "Bela"})
		if err != nil {
			t.Fatal(err)
		}
		if boja.ID <= catalog.ManufacturerAttributeID {
			t.Errorf("attribute after the manufacturer got id %d", boja.ID)
		}

		r := ts.do(req{method: "POST", path: "/api/v1/admin/attributes", token: ts.staff, body: map[string]any{"name": "Dijagonala ekrana", "values": []string{"15.6\"", "17\""}}})
		if r.Status != 201 || len(data(r)["values"].([]any)) != 2 {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		diagID := uint64(data(r)["id"].(float64))
		for _, tt := range []struct {
			name  string
			body  map[string]any
			field string
			msg   string
		}{
			{"create422Required", map[string]any{}, "name", "Polje je obavezno"},
			{"create422Taken", map[string]any{"name": "boja"}, "name", "Atribut sa ovim nazivom već postoji"},
			{"create422DuplicateValues", map[string]any{"name": "Memorija", "values": []string{"8 GB", "8 gb"}}, "values.1", "Ova vrednost atributa već postoji"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/admin/attributes", token: ts.admin, body: tt.body})
				if r.Status != 422 || firstError(r, tt.field) != tt.msg {
					t.Errorf("%d %s", r.Status, r.Raw)
				}
			})
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/attributes?paginate=1000&search=proizvodjac", token: ts.admin})
		if diff := cmp.Diff([]any{map[string]any{"id": 24.0, "name": "Proizvođač", "position": 0.0, "active": true}}, list(r)); diff != "" {
			t.Errorf("list200Search (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/attributes?include=values", token: ts.admin})
		if len(list(r)) != 3 || list(r)[0].(map[string]any)["name"] != "Boja" || len(list(r)[0].(map[string]any)["values"].([]any)) != 2 {
			t.Errorf("list200Values: %s", r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/attributes/%d", diagID), token: ts.admin, body: map[string]any{"name": "Ekran", "active": false}})
		if r.Status != 200 || data(r)["name"] != "Ekran" || data(r)["active"] != false {
			t.Errorf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/attributes/999", token: ts.admin, body: map[string]any{"name": "X"}}); r.Status != 404 || message(r) != "Atribut ne postoji ili je izbrisan." {
			t.Errorf("update404: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/attributes/%d", diagID), token: ts.admin, body: map[string]any{"name": "Boja"}}); r.Status != 422 {
			t.Errorf("update422Taken: %d %s", r.Status, r.Raw)
		}
		// the activity log: the attribute created (with its values) and renamed; refusals write none
		want := []activityEntry{
			{"attribute.created", "", `{"active":true,"name":"Dijagonala ekrana","position":0,"values":["15.6\"","17\""]}`},
			{"attribute.updated", `{"active":true,"name":"Dijagonala ekrana","position":0}`, `{"active":false,"name":"Ekran","position":0}`},
		}
		if diff := cmp.Diff(want, activityOf(t, a, "attribute", diagID)); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
	})
}

func TestAttributeValues(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		if err := a.Catalog.EnsureManufacturerAttribute(context.Background()); err != nil {
			t.Fatal(err)
		}
		base := "/api/v1/admin/attributes/24/values"
		for _, v := range []string{"Samsung", "LG", "Gorenje", "Đorđević elektro"} {
			if r := ts.do(req{method: "POST", path: base, token: ts.staff, body: map[string]any{"value": v}}); r.Status != 201 {
				t.Fatalf("create201 %s: %d %s", v, r.Status, r.Raw)
			}
		}
		for _, tt := range []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"create422Required", map[string]any{"value": "  "}, "Polje je obavezno"},
			{"create422Long", map[string]any{"value": string(make([]byte, 256))}, ""},
			{"create422Taken", map[string]any{"value": "samsung"}, "Ova vrednost atributa već postoji"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: base, token: ts.admin, body: tt.body})
				if r.Status != 422 || firstError(r, "value") == "" || (tt.msg != "" && firstError(r, "value") != tt.msg) {
					t.Errorf("%d %s", r.Status, r.Raw)
				}
			})
		}
		values := func(q string) []string {
			r := ts.do(req{method: "GET", path: base + q, token: ts.staff})
			if r.Status != 200 {
				t.Fatalf("list: %d %s", r.Status, r.Raw)
			}
			var out []string
			for _, v := range list(r) {
				out = append(out, v.(map[string]any)["value"].(string))
			}
			return out
		}
		if diff := cmp.Diff([]string{"Gorenje", "LG", "Samsung", "Đorđević elektro"}, values("?paginate=1000")); diff != "" {
			t.Errorf("list200 (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Đorđević elektro"}, values("?search=djordj")); diff != "" {
			t.Errorf("list200Search (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Gorenje", "LG"}, values("?paginate=2&page=1")); diff != "" {
			t.Errorf("list200Page (-want +got):\n%s", diff)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/attributes/999/values", token: ts.admin}); r.Status != 404 {
			t.Errorf("list404: %d", r.Status)
		}
		// Order and status.
		r := ts.do(req{method: "GET", path: base + "?search=samsung", token: ts.admin})
		sid := list(r)[0].(map[string]any)["id"].(float64)
		vpath := fmt.Sprintf("%s/%d", base, int(sid))
		r = ts.do(req{method: "PATCH", path: vpath, token: ts.admin, body: map[string]any{"position": -1}})
		if r.Status != 422 {
			t.Errorf("update422: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: vpath, token: ts.admin, body: map[string]any{"active": false}})
		if diff := cmp.Diff(map[string]any{"id": sid, "value": "Samsung", "position": 0.0, "active": false}, data(r)); diff != "" {
			t.Errorf("update200 (-want +got):\n%s", diff)
		}
		if r := ts.do(req{method: "PATCH", path: base + "/999", token: ts.admin, body: map[string]any{"active": false}}); r.Status != 404 {
			t.Errorf("update404: %d", r.Status)
		}
		if r := ts.do(req{method: "PATCH", path: vpath, token: ts.admin, body: map[string]any{"value": "lg"}}); r.Status != 422 {
			t.Errorf("update422Taken: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: vpath, token: ts.admin}); r.Status != 200 {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		want := []string{"category_attribute_value.created", "category_attribute_value.created", "category_attribute_value.created",
			"category_attribute_value.created", "category_attribute_value.updated", "category_attribute_value.deleted"}
		if diff := cmp.Diff(want, taxonomyActivityTypes(t, a)); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
	})
}

func TestCategoryAttributes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		cat := taxonomyFixtureCategory(t, a, "Laptopovi", nil)
		boja, _ := a.Catalog.CreateAttribute(ctx, "Boja", []string{"Crna", "Bela"})
		ram, _ := a.Catalog.CreateAttribute(ctx, "RAM", []string{"8 GB"})
		base := fmt.Sprintf("/api/v1/admin/categories/%d/attributes", cat.ID)

		if r := ts.do(req{method: "GET", path: base, token: ts.staff}); r.Status != 200 || len(r.Body["data"].([]any)) != 0 {
			t.Fatalf("get200Empty: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"attributes": []any{}}}); r.Status != 422 || firstError(r, "attributes") == "" {
			t.Errorf("attach422Empty: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"attributes": []any{map[string]any{"id": 999}}}}); r.Status != 422 || firstError(r, "attributes.0.id") != "Atribut ne postoji" {
			t.Errorf("attach422Unknown: %d %s", r.Status, r.Raw)
		}
		r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"attributes": []any{
			map[string]any{"id": ram.ID}, map[string]any{"id": boja.ID, "active": false}}}})
		if r.Status != 200 {
			t.Fatalf("attach200: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/categories/" + fmt.Sprint(cat.ID) + "/attributes-new", token: ts.admin,
			body: map[string]any{"name": "Procesor", "values": []string{"Intel i5", "Ryzen 5"}}})
		if r.Status != 201 || data(r)["position"] != 2.0 || len(data(r)["values"].([]any)) != 2 {
			t.Fatalf("createNew201: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/categories/" + fmt.Sprint(cat.ID) + "/attributes-new", token: ts.admin, body: map[string]any{"name": "ram"}}); r.Status != 422 {
			t.Errorf("createNew422Taken: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/categories/999/attributes-new", token: ts.admin, body: map[string]any{"name": "X1"}}); r.Status != 404 {
			t.Errorf("createNew404: %d", r.Status)
		}
		// Move Boja first and activate it.
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/%d", base, boja.ID), token: ts.admin, body: map[string]any{"position": 0, "active": true}})
		if r.Status != 200 || data(r)["active"] != true {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/%d", base, 999), token: ts.admin, body: map[string]any{"active": true}}); r.Status != 404 {
			t.Errorf("update404: %d", r.Status)
		}
		r = ts.do(req{method: "GET", path: base, token: ts.staff})
		type row struct {
			Name     string
			Position float64
			Active   bool
			Values   []string
		}
		var got []row
		for _, it := range r.Body["data"].([]any) {
			m := it.(map[string]any)
			var vals []string
			for _, v := range m["values"].([]any) {
				vals = append(vals, v.(map[string]any)["value"].(string))
			}
			got = append(got, row{m["name"].(string), m["position"].(float64), m["active"].(bool), vals})
		}
		want := []row{{"Boja", 0, true, []string{"Crna", "Bela"}}, {"RAM", 0, true, []string{"8 GB"}}, {"Procesor", 2, true, []string{"Intel i5", "Ryzen 5"}}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("get200 (-want +got):\n%s", diff)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", base, ram.ID), token: ts.admin}); r.Status != 200 {
			t.Errorf("detach200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", base, ram.ID), token: ts.admin}); r.Status != 404 {
			t.Errorf("detach404: %d %s", r.Status, r.Raw)
		}
		// the fixture's category and attributes are logged too (category.created, attribute.created)
		wantLog := []string{"category.created", "attribute.created", "attribute.created", "category_attribute.created", "category_attribute.created", "category_attribute.created",
			"category_attribute_value.created", "category_attribute_value.created", "category_attribute.updated", "category_attribute.deleted"}
		if diff := cmp.Diff(wantLog, taxonomyActivityTypes(t, a)); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
		// Staff (view-category only) reads but cannot change.
		if r := ts.do(req{method: "POST", path: base, token: ts.staff, body: map[string]any{"attributes": []any{map[string]any{"id": ram.ID}}}}); r.Status != 403 {
			t.Errorf("attach403: %d", r.Status)
		}
	})
}
