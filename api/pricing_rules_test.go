package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"

	"shop/internal/activity"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/platform/config"
	"shop/internal/platform/queue"
	"shop/internal/pricing"
	"shop/worker"
)

// rulesFixture adds what the rules point at: a supplier, a brand and a manufacturer (a value of
// attribute 24).
func rulesFixture(t *testing.T, a *app.App) (supplier, brand, manufacturer uint64) {
	t.Helper()
	now := time.Now().UTC()
	for _, q := range []string{
		"INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Dobavljač A', ?, ?)",
		"INSERT INTO brands (name, created_at, updated_at) VALUES ('Brend A', ?, ?)",
	} {
		if err := a.DB.Exec(q, now, now).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := a.DB.Exec("INSERT INTO attributes (id, name, position, active, created_at, updated_at) VALUES (24, 'Proizvođač', 0, ?, ?, ?)", true, now, now).Error; err != nil {
		t.Fatal(err)
	}
	if err := a.DB.Exec("INSERT INTO attribute_values (attribute_id, value, position, active, created_at, updated_at) VALUES (24, 'LG', 0, ?, ?, ?)", true, now, now).Error; err != nil {
		t.Fatal(err)
	}
	a.DB.Raw("SELECT id FROM suppliers").Scan(&supplier)
	a.DB.Raw("SELECT id FROM brands").Scan(&brand)
	a.DB.Raw("SELECT id FROM attribute_values WHERE value = 'LG'").Scan(&manufacturer)
	return
}

func TestWebMarginsAPI(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cat := taxonomyFixtureCategory(t, a, "Laptopovi", nil)
		supplier, brand, _ := rulesFixture(t, a)
		base := "/api/v1/admin/web-margins"

		r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"category_id": cat.ID, "supplier_id": supplier,
			"brand_id": brand, "price_from": "1000", "price_to": 5000.5, "margin": 12.5}})
		if r.Status != 201 || message(r) != "Web marža je uspešno kreirana." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		id := uint64(d["id"].(float64))
		if d["margin"] != 12.5 || d["price_to"] != 5000.5 || d["category"].(map[string]any)["name"] != "Laptopovi" || d["brand"].(map[string]any)["name"] != "Brend A" {
			t.Errorf("create201 body: %s", r.Raw)
		}

		for _, tt := range []struct {
			name, lang string
			body       map[string]any
			want       map[string]string
		}{
			{"create422Required", "sr", map[string]any{}, map[string]string{"category_id": "Polje je obavezno", "margin": "Polje je obavezno"}},
			{"create422Bounds", "en", map[string]any{"category_id": cat.ID, "margin": 100, "price_from": 10, "price_to": 5},
				map[string]string{"margin": "The value may be at most 99.99", "price_to": "Price to must be greater than or equal to price from"}},
			{"create422Unknown", "sr", map[string]any{"category_id": 999999, "supplier_id": 999999, "brand_id": 999999, "margin": 0.01},
				map[string]string{"category_id": "Izabrana kategorija ne postoji", "supplier_id": "Izabrani dobavljač ne postoji", "brand_id": "Izabrani brend ne postoji"}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: base, token: ts.admin, lang: tt.lang, body: tt.body})
				if r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				got := map[string]string{}
				for f := range errorsOf(r) {
					got[f] = firstError(r, f)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			})
		}

		path := fmt.Sprintf("%s/%d", base, id)
		r = ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"supplier_id": nil, "price_to": nil, "margin": "15,5"}})
		if d := data(r); r.Status != 200 || message(r) != "Web marža je uspešno izmenjena." || d["supplier_id"] != nil || d["price_to"] != nil ||
			d["price_from"] != 1000.0 || d["margin"] != 15.5 || d["brand_id"] != float64(brand) {
			t.Errorf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: base + "?category_id=" + fmt.Sprint(cat.ID), token: ts.admin}); r.Status != 200 || len(list(r)) != 1 {
			t.Errorf("list200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: base + "?nope=1", token: ts.admin}); r.Status != 422 {
			t.Errorf("list422: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.staff}); r.Status != 403 {
			t.Errorf("get403 (staff without view-web-margin): %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 200 || message(r) != "Web marža je uspešno obrisana." {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		for _, m := range []string{"GET", "PATCH", "DELETE"} {
			r := ts.do(req{method: m, path: path, token: ts.admin, body: map[string]any{"margin": 10}})
			if r.Status != 404 || message(r) != "Web marža ne postoji ili je izbrisana." {
				t.Errorf("%s 404: %d %s", m, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: base + "/abc", token: ts.admin, lang: "en"}); r.Status != 404 || message(r) != "The web margin does not exist or has been deleted." {
			t.Errorf("get404 bad id: %d %s", r.Status, r.Raw)
		}
		var types []string
		a.DB.Model(&activity.Entry{}).Where("subject_type = ? AND subject_id = ?", activity.SubjectWebMargin, id).Order("id").Pluck("type", &types)
		if diff := cmp.Diff([]string{activity.WebMarginCreated, activity.WebMarginUpdated, activity.WebMarginDeleted}, types); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
		var uid []uint64
		a.DB.Model(&activity.Entry{}).Where("subject_type = ?", activity.SubjectWebMargin).Pluck("user_id", &uid)
		if len(uid) != 3 || uid[0] != ts.userID(ts.admin) {
			t.Errorf("activity users %v, want the admin's", uid)
		}
	})
}

// TestPricingRuleModules: the web margins need the WebMargin module, the authenticated
// discounts B2C; switched off, their routes answer 404.
func TestPricingRuleModules(t *testing.T) {
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"Frontend"} }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, p := range []string{"/api/v1/admin/web-margins", "/api/v1/admin/authenticated-discounts"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.admin}); r.Status != 404 {
				t.Errorf("%s with the module off: %d %s", p, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/recommended-prices", token: ts.admin}); r.Status != 200 {
			t.Errorf("recommended prices (no module): %d %s", r.Status, r.Raw)
		}
	})
}

func TestRecommendedPricesAPI(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cat := taxonomyFixtureCategory(t, a, "Televizori", nil)
		_, _, man := rulesFixture(t, a)
		base := "/api/v1/admin/recommended-prices"
		r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"name": "LG TV", "manufacturer_id": man, "categories": []uint64{cat.ID}, "lower": 5}})
		if r.Status != 201 || message(r) != "Preporučena cena je uspešno kreirana." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		if d["manufacturer"].(map[string]any)["name"] != "LG" || len(d["categories"].([]any)) != 1 || d["lower"] != 5.0 {
			t.Errorf("create201 body: %s", r.Raw)
		}
		id := uint64(d["id"].(float64))
		r = ts.do(req{method: "POST", path: base, token: ts.admin, lang: "en", body: map[string]any{"name": "L", "manufacturer_id": 424242, "categories": []uint64{424242}, "lower": 100.01}})
		want := map[string]string{"name": "The field must contain at least 2 characters", "manufacturer_id": "The selected manufacturer does not exist",
			"categories": "The selected category does not exist", "lower": "The value may be at most 100.00"}
		got := map[string]string{}
		for f := range errorsOf(r) {
			got[f] = firstError(r, f)
		}
		if diff := cmp.Diff(want, got); r.Status != 422 || diff != "" {
			t.Errorf("create422: %d (-want +got):\n%s", r.Status, diff)
		}
		path := fmt.Sprintf("%s/%d", base, id)
		r = ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"categories": []uint64{}, "lower": 0}})
		if d := data(r); r.Status != 200 || len(d["categories"].([]any)) != 0 || d["lower"] != 0.0 || d["name"] != "LG TV" {
			t.Errorf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: base + "?search=lg", token: ts.admin}); r.Status != 200 || len(list(r)) != 1 {
			t.Errorf("list200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 200 {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.admin}); r.Status != 404 || message(r) != "Preporučena cena ne postoji ili je izbrisana." {
			t.Errorf("get404: %d %s", r.Status, r.Raw)
		}
	})
}

func TestAuthDiscountsAPI(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cat := taxonomyFixtureCategory(t, a, "Monitori", nil)
		base := "/api/v1/admin/authenticated-discounts"
		r := ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"name": "Monitori ulogovani", "category_id": cat.ID, "discount": 25}})
		if r.Status != 201 || message(r) != "Popust za ulogovane je uspešno kreiran." || data(r)["discount"] != 25.0 || data(r)["supplier"] != nil {
			t.Fatalf("create201 (25 %% is kept; the formula applies at most 20): %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		r = ts.do(req{method: "POST", path: base, token: ts.admin, body: map[string]any{"name": "", "discount": 0}})
		if r.Status != 422 || firstError(r, "name") != "Polje je obavezno" || firstError(r, "discount") != "Vrednost mora biti najmanje 0.01" {
			t.Errorf("create422: %d %s", r.Status, r.Raw)
		}
		path := fmt.Sprintf("%s/%d", base, id)
		r = ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"category_id": nil, "price_from": 100, "price_to": 100}})
		if d := data(r); r.Status != 200 || message(r) != "Popust za ulogovane je uspešno izmenjen." || d["category_id"] != nil || d["price_from"] != 100.0 {
			t.Errorf("update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"price_to": 99}}); r.Status != 422 || firstError(r, "price_to") == "" {
			t.Errorf("update422: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 200 {
			t.Errorf("delete200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: path, token: ts.admin}); r.Status != 404 || message(r) != "Popust za ulogovane ne postoji ili je izbrisan." {
			t.Errorf("delete404: %d %s", r.Status, r.Raw)
		}
	})
}

// pricingJobs takes the price recomputes waiting in the default queue and runs them through the
// worker's mux, as the worker would; it answers how many ran.
func pricingJobs(t *testing.T, a *app.App) int {
	t.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	infos, err := insp.ListPendingTasks(queue.QueueDefault)
	if err != nil {
		return 0
	}
	mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog, Pricing: a.Pricing})
	n := 0
	for _, ti := range infos {
		if ti.Type != queue.TypePricesRecompute {
			continue
		}
		if err := insp.DeleteTask(queue.QueueDefault, ti.ID); err != nil {
			t.Fatal(err)
		}
		if err := mux.ProcessTask(context.Background(), asynq.NewTask(ti.Type, ti.Payload)); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// TestCategoryMarginsBulk: the category web margins screen saves many categories in one
// transaction; a bad row refuses all; the changed categories' products are repriced.
func TestCategoryMarginsBulk(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		c1 := taxonomyFixtureCategory(t, a, "Frižideri", nil)
		c2 := taxonomyFixtureCategory(t, a, "Šporeti", nil)
		now := time.Now().UTC()
		for _, p := range []struct {
			sku string
			cat uint64
		}{{"F1", c1.ID}, {"S1", c2.ID}} {
			if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at) VALUES (?, ?, ?, 1000000, ?, ?, ?)`,
				p.sku, p.sku, p.sku, p.cat, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.Pricing.RecomputeTx(context.Background(), a.DB, pricing.All()); err != nil {
			t.Fatal(err)
		}
		path := "/api/v1/admin/categories/margins"
		bad := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"rows": []map[string]any{
			{"id": c1.ID, "pdv": 10, "web_margin": 30, "retail_margin": 40, "dealer_margin": 5},
			{"id": c2.ID, "pdv": 20, "web_margin": 99.99, "retail_margin": 15, "dealer_margin": 5},
			{"id": 999999, "pdv": 20, "web_margin": 10, "retail_margin": 15, "dealer_margin": 5},
		}}})
		if bad.Status != 422 || firstError(bad, "rows.1.web_margin") != "Broj mora biti manji od 99.99" || firstError(bad, "rows.2.id") != "Kategorija ne postoji ili je izbrisana." {
			t.Fatalf("update422: %d %s", bad.Status, bad.Raw)
		}
		if got, _ := a.Catalog.GetCategory(context.Background(), c1.ID); got.WebMarginBps != c1.WebMarginBps {
			t.Fatalf("a refused save changed category 1: %+v", got)
		}
		if r := ts.do(req{method: "PATCH", path: path, token: ts.staff, body: map[string]any{"rows": []map[string]any{}}}); r.Status != 403 {
			t.Errorf("update403 (staff without create-category): %d", r.Status)
		}
		r := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"rows": []map[string]any{
			{"id": c1.ID, "pdv": 10, "web_margin": 30, "retail_margin": 40, "dealer_margin": 5},
			{"id": c2.ID, "pdv": 20, "web_margin": 10, "retail_margin": 15, "dealer_margin": 5}, // unchanged
		}}})
		if r.Status != 200 || message(r) != "Marže kategorija su uspešno sačuvane." || len(list(r)) != 1 || list(r)[0].(map[string]any)["web_margin"] != 30.0 {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if n := pricingJobs(t, a); n != 1 {
			t.Errorf("%d recomputes queued, want 1 (only the changed category)", n)
		}
		// The activity log: category 1's margins before and after; the unchanged category 2 none.
		// (the fixture's category.created comes first)
		if log := activityOf(t, a, "category", c1.ID); len(log) != 2 || log[1].Type != "category.updated" ||
			log[1].Old != `{"dealer_margin":5.00,"pdv":20.00,"retail_margin":15.00,"web_margin":10.00}` ||
			log[1].New != `{"dealer_margin":5.00,"pdv":10.00,"retail_margin":40.00,"web_margin":30.00}` {
			t.Errorf("category 1 activity: %+v", log)
		}
		if log := activityOf(t, a, "category", c2.ID); len(log) != 1 {
			t.Errorf("unchanged category 2 logged: %+v", log)
		}
		web := map[string]int64{}
		var rows []struct {
			SKU      string `gorm:"column:sku"`
			WebPrice int64
		}
		a.DB.Raw("SELECT sku, web_price FROM products").Scan(&rows)
		for _, r := range rows {
			web[r.SKU] = r.WebPrice
		}
		want := map[string]int64{
			"F1": int64(pricing.Derive(1000000, pricing.Margins{Pdv: 1000, Web: 3000, Retail: 4000, Dealer: 500}).Web),
			"S1": int64(pricing.Derive(1000000, c2.Margins()).Web),
		}
		if diff := cmp.Diff(want, web); diff != "" {
			t.Errorf("web prices (-want +got):\n%s", diff)
		}
	})
}

// TestPricingRuleEditorLookups: someone who may only add web margins can read the lookups the
// form picks from (categories, suppliers, brands, manufacturers), and nothing else of the catalogue.
func TestPricingRuleEditorLookups(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		if _, err := a.Identity.EnsureRole(ctx, "cene", []string{identity.PermCreateWebMargin}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Cene", Email: "cene@demo.local", Password: demo.Password,
			PasswordConfirmation: demo.Password, Role: "cene"}); err != nil {
			t.Fatal(err)
		}
		token := ts.login("cene@demo.local", demo.Password)
		rulesFixture(t, a)
		for _, p := range []string{"/admin/categories?paginate=1000&only_children=1", "/admin/suppliers?paginate=1000", "/admin/brands?paginate=1000",
			"/admin/attributes/24/values?paginate=1000", "/admin/web-margins"} {
			if r := ts.do(req{method: "GET", path: "/api/v1" + p, token: token}); r.Status != 200 {
				t.Errorf("GET %s: %d %s", p, r.Status, r.Raw)
			}
		}
		for _, p := range []string{"/admin/products", "/admin/suppliers-connected/1", "/admin/recommended-prices"} {
			if r := ts.do(req{method: "GET", path: "/api/v1" + p, token: token}); r.Status != 403 {
				t.Errorf("GET %s: %d, want 403", p, r.Status)
			}
		}
	})
}

// TestPricingRulePermissionMatrix: for each rule, a user holding exactly one of its permissions
// passes the guards of the routes that permission opens, and gets 403 on the others (view: list
// and one; create: add; update, spelt udpate-web-margin for web margins: change and delete).
func TestPricingRulePermissionMatrix(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		tokens := map[string]string{}
		for i, p := range []string{identity.PermViewWebMargin, identity.PermCreateWebMargin, identity.PermUpdateWebMargin,
			identity.PermViewRecommendedPrice, identity.PermCreateRecommendedPrice, identity.PermUpdateRecommendedPrice,
			identity.PermViewAuthenticatedDiscount, identity.PermCreateAuthenticatedDiscount, identity.PermUpdateAuthenticatedDiscount} {
			role := fmt.Sprintf("uloga%d", i)
			if _, err := a.Identity.EnsureRole(ctx, role, []string{p}); err != nil {
				t.Fatal(err)
			}
			email := fmt.Sprintf("u%d@demo.local", i)
			if _, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Korisnik", Email: email, Password: demo.Password,
				PasswordConfirmation: demo.Password, Role: role}); err != nil {
				t.Fatal(err)
			}
			tokens[p] = ts.login(email, demo.Password)
		}
		for _, rule := range []struct {
			base                 string
			view, create, update string
		}{
			{"/api/v1/admin/web-margins", identity.PermViewWebMargin, identity.PermCreateWebMargin, identity.PermUpdateWebMargin},
			{"/api/v1/admin/recommended-prices", identity.PermViewRecommendedPrice, identity.PermCreateRecommendedPrice, identity.PermUpdateRecommendedPrice},
			{"/api/v1/admin/authenticated-discounts", identity.PermViewAuthenticatedDiscount, identity.PermCreateAuthenticatedDiscount, identity.PermUpdateAuthenticatedDiscount},
		} {
			routes := []struct {
				method, path string
				allowed      []string
			}{
				{"GET", rule.base, []string{rule.view, rule.create, rule.update}},
				{"GET", rule.base + "/999", []string{rule.view, rule.create, rule.update}},
				{"POST", rule.base, []string{rule.create}},
				{"PATCH", rule.base + "/999", []string{rule.update}},
				{"DELETE", rule.base + "/999", []string{rule.update}},
			}
			for _, rt := range routes {
				for perm, token := range tokens {
					r := ts.do(req{method: rt.method, path: rt.path, token: token, body: map[string]any{}})
					allowed := false
					for _, p := range rt.allowed {
						allowed = allowed || p == perm
					}
					if allowed && (r.Status == 401 || r.Status == 403) || !allowed && r.Status != 403 {
						t.Errorf("%s %s with %s: %d (allowed %v)", rt.method, rt.path, perm, r.Status, allowed)
					}
				}
			}
		}
	})
}
