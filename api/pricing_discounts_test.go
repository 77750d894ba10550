package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/pricing"
	"shop/worker"
)

// discountFixtureType adds a discount type straight to the table.
func discountFixtureType(tb testing.TB, a *app.App, name string, percentage bool) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	if err := a.DB.Exec(`INSERT INTO discount_types (name, is_percentage, text, color, show_in_shock_sale, created_at, updated_at)
		VALUES (?, ?, '', '', false, ?, ?)`, name, percentage, now, now).Error; err != nil {
		tb.Fatal(err)
	}
	var id uint64
	if err := a.DB.Raw("SELECT id FROM discount_types WHERE name = ?", name).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// activityEntry is an activity log row as the tests compare it.
type activityEntry struct {
	Type, Old, New string
}

// activityOf lists the log of a subject, oldest first, with its values decoded.
func activityOf(tb testing.TB, a *app.App, subjectType string, id uint64) []activityEntry {
	tb.Helper()
	var rows []struct{ Type, OldValues, NewValues string }
	if err := a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ?", subjectType, id).Order("id").
		Find(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	var out []activityEntry
	for _, r := range rows {
		out = append(out, activityEntry{r.Type, r.OldValues, r.NewValues})
	}
	return out
}

// TestDiscountTypes: the discount type screen's API: add, change, delete, with validation, the
// in-use refusal naming the count, the activity log, and the permissions.
func TestDiscountTypes(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		body := map[string]any{"name": "Šok akcija", "is_percentage": false, "text": "AKCIJA", "color": "#ff0000", "show_in_shock_sale": true}

		r := ts.do(req{method: "POST", path: "/api/v1/admin/discount-types", token: ts.admin, body: map[string]any{"name": "X"}})
		if r.Status != 422 || firstError(r, "name") == "" {
			t.Fatalf("create422 short name: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/discount-types", token: ts.staff, body: body}); r.Status != 403 {
			t.Errorf("create403 staff without view-discount-type: %d", r.Status)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/discount-types", token: ts.admin, body: body})
		if r.Status != 201 || message(r) != "Tip popusta je uspešno kreiran." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		// The lookup keeps its answer shape and its readers (the product filter's view-product).
		r = ts.do(req{method: "GET", path: "/api/v1/admin/discount-types?search=sok", token: ts.staff})
		want := []any{map[string]any{"id": float64(id), "name": "Šok akcija", "is_percentage": false, "text": "AKCIJA", "color": "#ff0000", "show_in_shock_sale": true}}
		if r.Status != 200 || cmp.Diff(want, list(r)) != "" {
			t.Errorf("list200 (folded search) %d: %s", r.Status, cmp.Diff(want, list(r)))
		}

		body["is_percentage"] = true
		body["name"] = "Popust"
		path := fmt.Sprintf("/api/v1/admin/discount-types/%d", id)
		r = ts.do(req{method: "PATCH", path: path, token: ts.admin, body: body})
		if r.Status != 200 || data(r)["is_percentage"] != true || data(r)["name"] != "Popust" {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/discount-types/999", token: ts.admin, body: body}); r.Status != 404 {
			t.Errorf("update404: %d", r.Status)
		}

		// In use by two discounts: refused, naming how many.
		p1, p2 := mediaFixtureProduct(t, a, "DT-1", true), mediaFixtureProduct(t, a, "DT-2", true)
		for _, p := range []uint64{p1, p2} {
			r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts", p), token: ts.admin,
				body: map[string]any{"discount_type_id": id, "percentage": 10, "from": "2030-01-01", "to": "2030-01-31"}})
			if r.Status != 201 {
				t.Fatalf("discount: %d %s", r.Status, r.Raw)
			}
		}
		r = ts.do(req{method: "DELETE", path: path, token: ts.admin})
		if r.Status != 409 || message(r) != "Tip popusta koristi 2 akcija i ne može biti obrisan." {
			t.Fatalf("delete409 in use: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "DELETE", path: path, token: ts.admin, lang: "en"})
		if message(r) != "2 discounts use this discount type; it cannot be deleted." {
			t.Errorf("delete409 in English: %s", r.Raw)
		}
		a.DB.Exec("DELETE FROM discounts")
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.admin}); r.Status != 404 {
			t.Errorf("get404 after delete: %d", r.Status)
		}

		got := activityOf(t, a, "discount_type", id)
		typ := func(e activityEntry) string { return e.Type }
		if len(got) != 3 || typ(got[0]) != "discount_type.created" || typ(got[1]) != "discount_type.updated" || typ(got[2]) != "discount_type.deleted" {
			t.Fatalf("activity: %+v", got)
		}
		if got[1].Old != `{"id":`+fmt.Sprint(id)+`,"name":"Šok akcija","is_percentage":false,"text":"AKCIJA","color":"#ff0000","show_in_shock_sale":true}` ||
			got[1].New != `{"id":`+fmt.Sprint(id)+`,"name":"Popust","is_percentage":true,"text":"AKCIJA","color":"#ff0000","show_in_shock_sale":true}` {
			t.Errorf("update entry's values: %+v", got[1])
		}
		if got[2].Old == "" || got[2].New != "" {
			t.Errorf("delete entry keeps the old values only: %+v", got[2])
		}
	})
}

// TestProductDiscounts: the Actions tab's API: validation (the spec's texts), overlap 422
// naming the other's dates, change, delete, dealer price, and the activity log.
func TestProductDiscounts(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		fixed := discountFixtureType(t, a, "Akcija", false)
		pct := discountFixtureType(t, a, "Popust %", true)
		p := mediaFixtureProduct(t, a, "PD-1", true)
		other := mediaFixtureProduct(t, a, "PD-2", true)
		base := fmt.Sprintf("/api/v1/admin/products/%d/discounts", p)

		invalid := []struct {
			name  string
			body  map[string]any
			field string
			msg   string
		}{
			{"fixedWithoutPrice", map[string]any{"discount_type_id": fixed, "from": "2030-01-01", "to": "2030-01-10"}, "price", "Fiksna akcijska cena je obavezno polje"},
			{"priceBelowMin", map[string]any{"discount_type_id": fixed, "price": 0, "from": "2030-01-01", "to": "2030-01-10"}, "price", "Cena mora biti najmanje 0,01"},
			{"percentageMissing", map[string]any{"discount_type_id": pct, "from": "2030-01-01", "to": "2030-01-10"}, "percentage", "Procenat popusta je obavezno polje"},
			{"percentageOver", map[string]any{"discount_type_id": pct, "percentage": 100, "from": "2030-01-01", "to": "2030-01-10"}, "percentage", "Procenat popusta mora biti između 0,01 i 99,99"},
			{"typeMissing", map[string]any{"price": 10, "from": "2030-01-01", "to": "2030-01-10"}, "discount_type_id", "Tip popusta je obavezno polje"},
			{"typeUnknown", map[string]any{"discount_type_id": 999, "price": 10, "from": "2030-01-01", "to": "2030-01-10"}, "discount_type_id", "Tip popusta ne postoji"},
			{"fromMissing", map[string]any{"discount_type_id": fixed, "price": 10, "to": "2030-01-10"}, "from", "Početak akcije je obavezan"},
			{"toBeforeFrom", map[string]any{"discount_type_id": fixed, "price": 10, "from": "2030-01-10", "to": "2030-01-09"}, "to", "Završetak akcije ne može biti pre početka"},
			{"badDate", map[string]any{"discount_type_id": fixed, "price": 10, "from": "10.01.2030", "to": "2030-01-19"}, "from", "Datum mora biti u obliku GGGG-MM-DD"},
		}
		for _, tt := range invalid {
			r := ts.do(req{method: "POST", path: base, token: ts.admin, body: tt.body})
			if r.Status != 422 || firstError(r, tt.field) != tt.msg {
				t.Errorf("create422 %s: %d %s", tt.name, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products/9999/discounts", token: ts.admin,
			body: map[string]any{"discount_type_id": fixed, "price": 10, "from": "2030-01-01", "to": "2030-01-10"}}); r.Status != 404 {
			t.Errorf("create404 unknown product: %d", r.Status)
		}

		r := ts.do(req{method: "POST", path: base, token: ts.staff, body: map[string]any{"discount_type_id": fixed, "price": 9999.5, "from": "2030-01-01", "to": "2030-01-10"}})
		if r.Status != 201 || message(r) != "Akcija je uspešno dodata." {
			t.Fatalf("create201 (staff holds create-discount): %d %s", r.Status, r.Raw)
		}
		first := data(r)
		if first["price"] != 9999.5 || first["percentage"] != nil || first["from"] != "2030-01-01" || first["to"] != "2030-01-10" ||
			first["type"].(map[string]any)["name"] != "Akcija" {
			t.Errorf("create201 answer: %v", first)
		}
		d1 := uint64(first["id"].(float64))

		// Overlap: any shared day is refused, naming the other's dates as staff read them.
		for _, span := range [][2]string{{"2030-01-10", "2030-01-20"}, {"2029-12-01", "2030-01-01"}, {"2030-01-03", "2030-01-04"}, {"2029-12-01", "2030-02-01"}} {
			r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"discount_type_id": pct, "percentage": 5, "from": span[0], "to": span[1]}})
			if r.Status != 422 || firstError(r, "from") != "Proizvod već ima akciju od 01.01.2030 do 10.01.2030; akcije jednog proizvoda se ne smeju preklapati." {
				t.Errorf("create422 overlap %v: %d %s", span, r.Status, r.Raw)
			}
		}
		r = ts.do(req{method: "POST", path: base, token: ts.admin, lang: "en", body: map[string]any{"discount_type_id": pct, "percentage": 5, "from": "2030-01-05", "to": "2030-01-05"}})
		if firstError(r, "from") != "The product already has a discount from 01.01.2030 to 10.01.2030; a product's discounts may not overlap." {
			t.Errorf("overlap in English: %s", r.Raw)
		}
		// The next day is free; another product's discounts are no obstacle.
		r = ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"discount_type_id": pct, "percentage": 12.5, "from": "2030-01-11", "to": "2030-01-20"}})
		if r.Status != 201 || data(r)["percentage"] != 12.5 || data(r)["price"] != nil {
			t.Fatalf("create201 adjacent: %d %s", r.Status, r.Raw)
		}
		d2 := uint64(data(r)["id"].(float64))
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts", other), token: ts.admin,
			body: map[string]any{"discount_type_id": fixed, "price": 5, "from": "2030-01-01", "to": "2030-01-31"}}); r.Status != 201 {
			t.Fatalf("create201 other product: %d %s", r.Status, r.Raw)
		}

		// Update: moving d2 onto d1 is refused; a change of its own dates is fine.
		p2 := fmt.Sprintf("%s/%d", base, d2)
		r = ts.do(req{method: "PATCH", path: p2, token: ts.admin, body: map[string]any{"discount_type_id": pct, "percentage": 12.5, "from": "2030-01-09", "to": "2030-01-20"}})
		if r.Status != 422 || firstError(r, "from") == "" {
			t.Errorf("update422 overlap: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: p2, token: ts.admin, body: map[string]any{"discount_type_id": pct, "percentage": 15, "from": "2030-01-12", "to": "2030-01-25"}})
		if r.Status != 200 || data(r)["percentage"] != 15.0 || data(r)["from"] != "2030-01-12" {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts/%d", other, d2), token: ts.admin,
			body: map[string]any{"discount_type_id": pct, "percentage": 15, "from": "2030-01-12", "to": "2030-01-25"}}); r.Status != 404 {
			t.Errorf("update404 another product's discount: %d", r.Status)
		}

		// The dealer price of the product on action.
		dp := fmt.Sprintf("/api/v1/admin/products/action-dealer-price/%d", d1)
		if r := ts.do(req{method: "PATCH", path: dp, token: ts.admin, body: map[string]any{"dealer_price": 0}}); r.Status != 422 || firstError(r, "dealer_price") == "" {
			t.Errorf("dealer price 422: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: dp, token: ts.admin, body: map[string]any{"dealer_price": 8500}})
		if r.Status != 200 || data(r)["dealer_price"] != 8500.0 || message(r) != "Dilerska cena akcije je sačuvana." {
			t.Fatalf("dealer price 200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/products/action-dealer-price/9999", token: ts.admin, body: map[string]any{"dealer_price": 1}}); r.Status != 404 {
			t.Errorf("dealer price 404: %d", r.Status)
		}

		r = ts.do(req{method: "GET", path: base, token: ts.staff})
		if r.Status != 200 || len(list(r)) != 2 || list(r)[0].(map[string]any)["dealer_price"] != 8500.0 {
			t.Fatalf("list200: %d %s", r.Status, r.Raw)
		}

		if r := ts.do(req{method: "DELETE", path: p2, token: ts.admin}); r.Status != 200 || message(r) != "Akcija je uspešno obrisana." {
			t.Fatalf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: p2, token: ts.admin}); r.Status != 404 || message(r) != "Popust ne postoji ili je izbrisan." {
			t.Errorf("delete404: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: base, token: ts.buyer, body: map[string]any{}}); r.Status != 403 {
			t.Errorf("create403 customer: %d", r.Status)
		}

		want := []activityEntry{
			{"discount.created", "", `{"product_id":` + fmt.Sprint(p) + `,"discount_type_id":` + fmt.Sprint(pct) + `,"price":0.00,"percentage":12.50,"from":"2030-01-11","to":"2030-01-20","dealer_price":null}`},
			{"discount.updated",
				`{"product_id":` + fmt.Sprint(p) + `,"discount_type_id":` + fmt.Sprint(pct) + `,"price":0.00,"percentage":12.50,"from":"2030-01-11","to":"2030-01-20","dealer_price":null}`,
				`{"product_id":` + fmt.Sprint(p) + `,"discount_type_id":` + fmt.Sprint(pct) + `,"price":0.00,"percentage":15.00,"from":"2030-01-12","to":"2030-01-25","dealer_price":null}`},
			{"discount.deleted", `{"product_id":` + fmt.Sprint(p) + `,"discount_type_id":` + fmt.Sprint(pct) + `,"price":0.00,"percentage":15.00,"from":"2030-01-12","to":"2030-01-25","dealer_price":null}`, ""},
		}
		if d := cmp.Diff(want, activityOf(t, a, "discount", d2)); d != "" {
			t.Errorf("activity of the discount (-want +got):\n%s", d)
		}
		got := activityOf(t, a, "discount", d1)
		if len(got) != 2 || got[1].Type != "discount.updated" || got[1].New == got[1].Old {
			t.Errorf("dealer price logged: %+v", got)
		}
	})
}

// massRunOf reads a mass run's answer.
func massRunOf(t *testing.T, ts *testServer, id uint64) map[string]any {
	t.Helper()
	r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/discounts/mass-add/%d", id), token: ts.admin})
	if r.Status != 200 {
		t.Fatalf("mass run: %d %s", r.Status, r.Raw)
	}
	return data(r)
}

// TestMassDiscount: POST admin/discounts/mass-add queues a run over the list's filter; the job
// adds the action to every selected product but the one with an overlapping discount (skipped
// and counted), logs each, ends the run and tells the starter; a retry changes nothing and
// tells nobody twice; a run whose type vanished fails and says so.
func TestMassDiscount(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		var staff uint64
		a.DB.Table("users").Where("email = ?", "staff@demo.local").Pluck("id", &staff)
		fixed := discountFixtureType(t, a, "Akcija", false)
		pct := discountFixtureType(t, a, "Popust %", true)
		var ids []uint64
		for i := 1; i <= 4; i++ {
			ids = append(ids, mediaFixtureProduct(t, a, fmt.Sprintf("MASS-%d", i), true))
		}
		mediaFixtureProduct(t, a, "OTHER-1", true) // outside the filter
		// MASS-3 has an action sharing a day with the new one.
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts", ids[2]), token: ts.admin,
			body: map[string]any{"discount_type_id": fixed, "price": 100, "from": "2030-03-01", "to": "2030-03-05"}}); r.Status != 201 {
			t.Fatalf("fixture discount: %d %s", r.Status, r.Raw)
		}
		mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog, Notify: a.Notify, Pricing: a.Pricing})

		// Refusals: nothing chosen; a fixed-price type without its price.
		r := ts.do(req{method: "POST", path: "/api/v1/admin/discounts/mass-add", token: ts.staff,
			body: map[string]any{"discount_type_id": pct, "percentage": 10, "from": "2030-03-01", "to": "2030-03-31"}})
		if r.Status != 422 || firstError(r, "product_ids") != "Molimo vas da prvo izaberete proizvode koje želite da menjate" {
			t.Errorf("mass422 nothing chosen: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/discounts/mass-add", token: ts.staff,
			body: map[string]any{"product_ids": ids, "discount_type_id": fixed, "from": "2030-03-01", "to": "2030-03-31"}})
		if r.Status != 422 || firstError(r, "price") != "Fiksna akcijska cena je obavezno polje" {
			t.Errorf("mass422 fixed without price: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/discounts/mass-add?nope=1", token: ts.staff,
			body: map[string]any{"discount_type_id": pct, "percentage": 10, "from": "2030-03-01", "to": "2030-03-31"}}); r.Status != 422 {
			t.Errorf("mass422 unknown filter param: %d", r.Status)
		}
		if jobs := mediaJobs(t, a); len(jobs) != 0 {
			t.Fatalf("refused calls queued %d jobs", len(jobs))
		}

		r = ts.do(req{method: "POST", path: "/api/v1/admin/discounts/mass-add?search=mass", token: ts.staff,
			body: map[string]any{"discount_type_id": pct, "percentage": 10, "from": "2030-03-01", "to": "2030-03-31"}})
		if r.Status != 202 || data(r)["state"] != "queued" {
			t.Fatalf("mass202: %d %s", r.Status, r.Raw)
		}
		runID := uint64(data(r)["id"].(float64))
		jobs := mediaJobs(t, a)
		if len(jobs) != 1 {
			t.Fatalf("%d jobs queued, want 1", len(jobs))
		}
		if err := mux.ProcessTask(context.Background(), jobs[0]); err != nil {
			t.Fatalf("job: %v", err)
		}
		run := massRunOf(t, ts, runID)
		if run["state"] != "done" || run["selected"] != 4.0 || run["added"] != 3.0 || run["skipped"] != 1.0 {
			t.Errorf("run after the job: %v", run)
		}
		var on []string
		a.DB.Raw(`SELECT p.sku FROM discounts d JOIN products p ON p.id = d.product_id WHERE d.discount_type_id = ? AND d.percentage_bps = 1000
			ORDER BY p.sku`, pct).Scan(&on)
		if d := cmp.Diff([]string{"MASS-1", "MASS-2", "MASS-4"}, on); d != "" {
			t.Errorf("products given the action (-want +got):\n%s", d)
		}
		for _, id := range []uint64{ids[0], ids[1], ids[3]} {
			r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts", id), token: ts.admin})
			l := list(r)
			if len(l) != 1 || l[0].(map[string]any)["from"] != "2030-03-01" || l[0].(map[string]any)["to"] != "2030-03-31" || l[0].(map[string]any)["percentage"] != 10.0 {
				t.Errorf("product %d discounts: %s", id, r.Raw)
			}
		}
		var logged int64
		a.DB.Table("activity_log").Where("type = ? AND new_values LIKE ?", "discount.created", `%"percentage":10.00%`).Count(&logged)
		if logged != 3 {
			t.Errorf("%d discount.created entries for the mass run, want 3", logged)
		}
		var uid *uint64
		a.DB.Raw("SELECT user_id FROM activity_log WHERE type = ? AND new_values LIKE ? LIMIT 1", "discount.created", `%"percentage":10.00%`).Scan(&uid)
		if uid == nil || *uid != staff {
			t.Errorf("the mass entries' user: %v, want the starter %d", uid, staff)
		}

		// A retry of the same task (a crash after the commit) adds nothing and tells nobody again.
		if err := mux.ProcessTask(context.Background(), jobs[0]); err != nil {
			t.Fatalf("retry: %v", err)
		}
		var n int64
		a.DB.Table("discounts").Count(&n)
		if n != 4 {
			t.Errorf("%d discounts after the retry, want 4", n)
		}
		// A run whose type was deleted meanwhile fails for good and says why.
		other := discountFixtureType(t, a, "Kratka", true)
		r = ts.do(req{method: "POST", path: "/api/v1/admin/discounts/mass-add", token: ts.staff,
			body: map[string]any{"product_ids": []uint64{ids[0]}, "discount_type_id": other, "percentage": 5, "from": "2031-01-01", "to": "2031-01-02"}})
		if r.Status != 202 {
			t.Fatalf("second mass: %d %s", r.Status, r.Raw)
		}
		failedID := uint64(data(r)["id"].(float64))
		a.DB.Exec("DELETE FROM discount_types WHERE id = ?", other)
		jobs = mediaJobs(t, a)
		if err := mux.ProcessTask(context.Background(), jobs[0]); err == nil {
			t.Error("a run of a deleted type succeeded")
		}
		if run := massRunOf(t, ts, failedID); run["state"] != "failed" || run["error"] != "Tip popusta ne postoji" {
			t.Errorf("failed run: %v", run)
		}

		notes := massNotes(t, a, staff)
		want := []map[string]any{
			{"type": pricing.NoteDiscountsDone, "job": "discounts", "run_id": float64(runID), "count": 3.0, "skipped": 1.0,
				"message": "Akcija je dodata na 3 proizvoda; preskočeno zbog preklapanja sa postojećom akcijom: 1."},
			{"type": pricing.NoteDiscountsFailed, "job": "discounts", "run_id": float64(failedID), "error": "Tip popusta ne postoji",
				"message": "Masovno dodavanje akcije nije uspelo: Tip popusta ne postoji"},
		}
		if d := cmp.Diff(want, notes); d != "" {
			t.Errorf("notifications of the starter (-want +got):\n%s", d)
		}
	})
}

// TestActionsPage: the Actions page's search needs both a category and a type (the spec's
// text), lists the type's running and coming discounts of the category's products with their
// catalog stickers, and ends or extends them in bulk.
func TestActionsPage(t *testing.T) {
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) {
		// Belgrade's today is 2026-11-24 (23:30 UTC on the 23rd).
		ts := newTestServer(t, a)
		typ := discountFixtureType(t, a, "Akcija", false)
		otherType := discountFixtureType(t, a, "Outlet", false)
		running := mediaFixtureProduct(t, a, "ACT-1", true) // main category 1
		coming := mediaFixtureProduct(t, a, "ACT-2", true)
		over := mediaFixtureProduct(t, a, "ACT-3", true)
		blocked := mediaFixtureProduct(t, a, "ACT-4", true)
		add := func(p, typ uint64, from, to string) uint64 {
			t.Helper()
			r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/discounts", p), token: ts.admin,
				body: map[string]any{"discount_type_id": typ, "price": 100, "from": from, "to": to}})
			if r.Status != 201 {
				t.Fatalf("discount: %d %s", r.Status, r.Raw)
			}
			return uint64(data(r)["id"].(float64))
		}
		dRunning := add(running, typ, "2026-11-20", "2026-11-30")
		dComing := add(coming, typ, "2026-11-24", "2026-12-10")
		add(over, typ, "2026-11-01", "2026-11-23")
		dBlocked := add(blocked, typ, "2026-11-20", "2026-11-25")
		add(blocked, otherType, "2026-12-01", "2026-12-05")
		st := mediaFixtureStickerType(t, a, "Zima")
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/products/%d/catalog-stickers", running), token: ts.admin,
			body: map[string]any{"catalog_sticker_type_id": st, "from": "2026-11-01", "to": "2026-12-31"}}); r.Status != 201 && r.Status != 200 {
			t.Fatalf("sticker: %d %s", r.Status, r.Raw)
		}

		for _, q := range []string{"", "?category_id=1", fmt.Sprintf("?discount_type_id=%d", typ)} {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/actions" + q, token: ts.admin})
			if r.Status != 422 {
				t.Errorf("search422 %q: %d", q, r.Status)
				continue
			}
			for _, msgs := range errorsOf(r) {
				if msgs.([]any)[0] != "Choose category and discount type for search." {
					t.Errorf("search422 %q: %s", q, r.Raw)
				}
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/actions?category_id=1&discount_type_id=1", token: ts.staff}); r.Status != 403 {
			t.Errorf("search403 staff without view_category-discount-display: %d", r.Status)
		}
		r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/actions?category_id=1&discount_type_id=%d", typ), token: ts.admin})
		if r.Status != 200 {
			t.Fatalf("search200: %d %s", r.Status, r.Raw)
		}
		var skus []string
		for _, row := range list(r) {
			m := row.(map[string]any)
			skus = append(skus, m["product"].(map[string]any)["sku"].(string))
			if m["product"].(map[string]any)["sku"] == "ACT-1" {
				stickers := m["catalog_stickers"].([]any)
				if len(stickers) != 1 || stickers[0].(map[string]any)["catalog_sticker_type_name"] != "Zima" {
					t.Errorf("ACT-1's catalog stickers: %v", stickers)
				}
			}
		}
		if d := cmp.Diff([]string{"ACT-1", "ACT-2", "ACT-4"}, skus); d != "" {
			t.Errorf("actions found, the one over left out (-want +got):\n%s", d)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/actions?category_id=77&discount_type_id=" + fmt.Sprint(typ), token: ts.admin}); r.Status != 200 || len(list(r)) != 0 {
			t.Errorf("search of another category: %d %s", r.Status, r.Raw)
		}
		// A category finds the products of the categories under it too.
		now := time.Now().UTC()
		for _, c := range []struct {
			slug   string
			parent any
		}{{"prva", nil}, {"racunari", nil}, {"laptopovi", "racunari"}} { // prva is category 1, the fixtures' main category
			if err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, parent_id, pdv_bps, web_margin_bps, retail_margin_bps,
				dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at)
				VALUES (?, ?, 'KA', 1, 0, (SELECT id FROM categories WHERE slug = ?), 2000, 0, 0, 0, 0, 0, ?, ?, ?)`, c.slug, c.slug, c.parent, true, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		var parent, child uint64
		a.DB.Raw("SELECT id FROM categories WHERE slug = 'racunari'").Scan(&parent)
		a.DB.Raw("SELECT id FROM categories WHERE slug = 'laptopovi'").Scan(&child)
		nested := mediaFixtureProduct(t, a, "ACT-5", true)
		a.DB.Exec("UPDATE products SET main_category_id = ? WHERE id = ?", child, nested)
		add(nested, typ, "2026-11-24", "2026-11-30")
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/actions?category_id=%d&discount_type_id=%d", parent, typ), token: ts.admin})
		if r.Status != 200 || len(list(r)) != 1 || list(r)[0].(map[string]any)["product"].(map[string]any)["sku"] != "ACT-5" {
			t.Errorf("search of the parent category: %d %s", r.Status, r.Raw)
		}

		// Extend: ACT-4's would reach its Outlet action (skipped); the past is refused.
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/actions/extend", token: ts.admin,
			body: map[string]any{"discount_ids": []uint64{dRunning}, "to": "2026-11-23"}}); r.Status != 422 || firstError(r, "to") == "" {
			t.Errorf("extend422 past: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/actions/extend", token: ts.admin,
			body: map[string]any{"discount_ids": []uint64{dRunning, dComing, dBlocked}, "to": "2026-12-20"}})
		if r.Status != 200 || data(r)["changed"] != 2.0 || data(r)["skipped"] != 1.0 || message(r) != "Produženo akcija: 2; preskočeno zbog preklapanja: 1." {
			t.Fatalf("extend200: %d %s", r.Status, r.Raw)
		}
		// End: the running one ends yesterday, the one starting today is deleted.
		r = ts.do(req{method: "POST", path: "/api/v1/admin/actions/end", token: ts.admin, body: map[string]any{"discount_ids": []uint64{dRunning, dComing}}})
		if r.Status != 200 || data(r)["changed"] != 1.0 || data(r)["deleted"] != 1.0 {
			t.Fatalf("end200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/actions/end", token: ts.admin, body: map[string]any{"discount_ids": []uint64{}}}); r.Status != 422 {
			t.Errorf("end422 nothing chosen: %d", r.Status)
		}
		type span struct{ From, To string }
		read := func(id uint64) *span {
			var ds []pricing.Discount
			a.DB.Where("id = ?", id).Find(&ds)
			if len(ds) == 0 {
				return nil
			}
			return &span{ds[0].From(), ds[0].To()}
		}
		if d := cmp.Diff(&span{"2026-11-20", "2026-11-23"}, read(dRunning)); d != "" {
			t.Errorf("ended running action (-want +got):\n%s", d)
		}
		if got := read(dComing); got != nil {
			t.Errorf("the action starting today is still there: %v", got)
		}
		if d := cmp.Diff(&span{"2026-11-20", "2026-11-25"}, read(dBlocked)); d != "" {
			t.Errorf("blocked action changed (-want +got):\n%s", d)
		}
		var types []string
		a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ?", "discount", dRunning).Order("id").Pluck("type", &types)
		if d := cmp.Diff([]string{"discount.created", "discount.updated", "discount.updated"}, types); d != "" {
			t.Errorf("activity of the running action (-want +got):\n%s", d)
		}
	})
}

// TestDiscountRouteGuards: the discount routes' permissions for the demo editor (view-product and
// the discount writes; neither view-discount-type nor view_category-discount-display): 403 where
// the route needs what the editor lacks, never 403 where it holds one of the route's.
func TestDiscountRouteGuards(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		tests := []struct {
			method, path string
			allowed      bool
		}{
			{"GET", "/api/v1/admin/discount-types", true},
			{"POST", "/api/v1/admin/discount-types", false},
			{"GET", "/api/v1/admin/discount-types/1", false},
			{"PATCH", "/api/v1/admin/discount-types/1", false},
			{"DELETE", "/api/v1/admin/discount-types/1", false},
			{"GET", "/api/v1/admin/products/1/discounts", true},
			{"POST", "/api/v1/admin/products/1/discounts", true},
			{"PATCH", "/api/v1/admin/products/1/discounts/1", true},
			{"DELETE", "/api/v1/admin/products/1/discounts/1", true},
			{"PATCH", "/api/v1/admin/products/action-dealer-price/1", true},
			{"POST", "/api/v1/admin/discounts/mass-add", true},
			{"GET", "/api/v1/admin/discounts/mass-add/1", true},
			{"GET", "/api/v1/admin/actions", false},
			{"POST", "/api/v1/admin/actions/end", false},
			{"POST", "/api/v1/admin/actions/extend", false},
		}
		for _, tt := range tests {
			r := ts.do(req{method: tt.method, path: tt.path, token: ts.staff, body: map[string]any{}})
			if got := r.Status != 403; got != tt.allowed {
				t.Errorf("%s %s as the editor: %d, allowed %v", tt.method, tt.path, r.Status, tt.allowed)
			}
			if r := ts.do(req{method: tt.method, path: tt.path, token: ts.buyer, body: map[string]any{}}); r.Status != 403 {
				t.Errorf("%s %s as a customer: %d, want 403", tt.method, tt.path, r.Status)
			}
		}
	})
}
