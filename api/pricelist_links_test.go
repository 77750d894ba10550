package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/config"
	"shop/internal/platform/queue"
	"shop/worker"
)

// plCategory inserts a shop category (VAT 20 %, web margin 10 %, retail 25 %, dealer 5 %).
func plCategory(tb testing.TB, a *app.App, name, prefix string) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	slug := catalog.Slugify(name)
	err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
		VALUES (?, ?, ?, 2000, 1000, 2500, 500, ?, ?)`, name, slug, prefix, now, now).Error
	if err != nil {
		tb.Fatal(err)
	}
	var id uint64
	a.DB.Raw("SELECT id FROM categories WHERE slug = ?", slug).Scan(&id)
	return id
}

// plSupplier is a supplier with rows in two supplier categories: Laptopovi (L-1, L-2, L-3) and
// Monitori (M-1); it answers the supplier and the rows' ids by SKU.
func plSupplier(tb testing.TB, a *app.App, name string) (uint64, map[string]uint64) {
	tb.Helper()
	ctx := context.Background()
	s, err := a.Catalog.CreateSupplier(ctx, name)
	if err != nil {
		tb.Fatal(err)
	}
	rows := []catalog.SupplierProductInput{
		{SKU: "L-1", Name: "Lenovo IdeaPad", Category: "Laptopovi", Brand: "Lenovo", Price: 8_333_333, RecommendedPrice: 12_000_000, Stock: 4},
		{SKU: "L-2", Name: "Asus Vivobook", Category: "Laptopovi", Price: 5_000_000, Stock: 2},
		{SKU: "L-3", Name: "Dell Latitude", Category: "Laptopovi", Price: 6_000_000, Stock: 0},
		{SKU: "M-1", Name: "LG Monitor", Category: "Monitori", Price: 2_000_000, Stock: 9},
	}
	if _, err := a.Catalog.UpsertSupplierProducts(ctx, s.ID, rows); err != nil {
		tb.Fatal(err)
	}
	var got []struct {
		SKU string `gorm:"column:sku"`
		ID  uint64
	}
	a.DB.Raw("SELECT sku, id FROM supplier_products WHERE supplier_id = ?", s.ID).Scan(&got)
	ids := map[string]uint64{}
	for _, g := range got {
		ids[g.SKU] = g.ID
	}
	return s.ID, ids
}

// plLogin creates a user holding one role with exactly these permissions and logs them in.
func plLogin(t *testing.T, ts *testServer, role string, perms ...string) string {
	t.Helper()
	ctx := context.Background()
	if _, err := ts.app.Identity.EnsureRole(ctx, role, perms); err != nil {
		t.Fatal(err)
	}
	email := role + "@test.local"
	if _, err := ts.app.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Test " + role, Email: email,
		Password: "password1", PasswordConfirmation: "password1", Role: role}); err != nil {
		t.Fatal(err)
	}
	return ts.login(email, "password1")
}

// plSupplierCounts is the supplier's connected and unconnected counts on GET admin/suppliers.
func plSupplierCounts(t *testing.T, ts *testServer, id uint64) [2]float64 {
	t.Helper()
	r := ts.do(req{method: "GET", path: "/api/v1/admin/suppliers?paginate=100", token: ts.admin})
	for _, it := range list(r) {
		m := it.(map[string]any)
		if m["id"] == float64(id) {
			return [2]float64{m["connected_products"].(float64), m["unconnected_products"].(float64)}
		}
	}
	t.Fatalf("supplier %d not listed: %s", id, r.Raw)
	return [2]float64{}
}

func plSKUs(r resp) []string {
	out := []string{}
	for _, it := range list(r) {
		out = append(out, it.(map[string]any)["sku"].(string))
	}
	return out
}

func TestCategoryLinksAPI(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops := plCategory(t, a, "Laptopovi", "LAP")
		sup, _ := plSupplier(t, a, "Comtrade")
		linker := plLogin(t, ts, "povezivac", identity.PermConnectCategory)
		cats := fmt.Sprintf("/api/v1/admin/supplier-categories?supplier_id=%d", sup)

		r := ts.do(req{method: "GET", path: cats, token: linker})
		want := []any{
			map[string]any{"supplier_category": "Laptopovi", "products": 3.0, "link_id": nil, "category": nil},
			map[string]any{"supplier_category": "Monitori", "products": 1.0, "link_id": nil, "category": nil},
		}
		if diff := cmp.Diff(want, list(r)); r.Status != 200 || diff != "" {
			t.Fatalf("list200: %d (-want +got):\n%s", r.Status, diff)
		}

		body := map[string]any{"supplier_id": sup, "supplier_category": "Laptopovi", "category_id": laptops}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/category-links", token: linker, body: body})
		if r.Status != 201 || message(r) != "Kategorije su uspešno povezane" {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		link := data(r)
		linkID := link["id"].(float64)
		wantLink := map[string]any{"id": linkID, "supplier_id": float64(sup), "supplier_category": "Laptopovi", "category_id": float64(laptops),
			"category": map[string]any{"id": float64(laptops), "name": "Laptopovi"}, "products": 3.0}
		if diff := cmp.Diff(wantLink, link); diff != "" {
			t.Errorf("created link (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "GET", path: cats, token: linker})
		if got := list(r)[0].(map[string]any); got["link_id"] != linkID || got["category"].(map[string]any)["name"] != "Laptopovi" {
			t.Errorf("linked category in the list: %v", got)
		}
		// Placed at once: the product linking list by the shop category shows the three rows.
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?category_id=%d", laptops), token: ts.admin})
		if diff := cmp.Diff([]string{"L-1", "L-2", "L-3"}, plSKUs(r)); diff != "" {
			t.Errorf("placed rows (-want +got):\n%s", diff)
		}

		tests := []struct {
			name, lang, token string
			body              map[string]any
			status            int
			errors            map[string]any
		}{
			{"create422 duplicate", "", linker, body, 422, map[string]any{"supplier_category": []any{"Kategorije su već povezane"}}},
			{"create422 duplicate en", "en", linker, body, 422, map[string]any{"supplier_category": []any{"The categories are already connected"}}},
			{"create422 missing", "", linker, map[string]any{}, 422, map[string]any{"supplier_id": []any{"Polje je obavezno"},
				"supplier_category": []any{"Polje je obavezno"}, "category_id": []any{"Polje je obavezno"}}},
			{"create422 unknown", "en", linker, map[string]any{"supplier_id": 999999, "supplier_category": "X", "category_id": 999999}, 422,
				map[string]any{"supplier_id": []any{"The selected value does not exist"}, "category_id": []any{"The selected value does not exist"}}},
			{"create422 wrong type", "", linker, map[string]any{"supplier_id": "jedan"}, 422, map[string]any{"supplier_id": []any{"Polje je pogrešnog tipa"}}},
			{"create403 staff", "", ts.staff, body, 403, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/admin/category-links", token: tt.token, lang: tt.lang, body: tt.body})
				if r.Status != tt.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.status)
				}
				if tt.errors != nil {
					if diff := cmp.Diff(tt.errors, errorsOf(r)); diff != "" {
						t.Errorf("errors (-want +got):\n%s", diff)
					}
				}
			})
		}

		for _, tt := range []struct {
			name, query, token string
			status             int
			field, msg         string
		}{
			{"list422 supplier missing", "", linker, 422, "supplier_id", "Polje je obavezno"},
			{"list422 unknown parameter", fmt.Sprintf("?supplier_id=%d&linked=1", sup), linker, 422, "linked", "Nepoznat parametar"},
			{"list422 not a number", "?supplier_id=abc", linker, 422, "supplier_id", "Polje mora biti broj"},
			{"list403 staff", fmt.Sprintf("?supplier_id=%d", sup), ts.staff, 403, "", ""},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/supplier-categories" + tt.query, token: tt.token})
				if r.Status != tt.status || tt.field != "" && firstError(r, tt.field) != tt.msg {
					t.Errorf("%d %s, want %d %s: %s", r.Status, r.Raw, tt.status, tt.field, tt.msg)
				}
			})
		}

		path := fmt.Sprintf("/api/v1/admin/category-links/%d", int(linkID))
		if r := ts.do(req{method: "DELETE", path: path, token: ts.staff}); r.Status != 403 {
			t.Errorf("delete403 staff: %d", r.Status)
		}
		r = ts.do(req{method: "DELETE", path: path, token: linker, lang: "en"})
		if r.Status != 200 || message(r) != "The categories have been disconnected" {
			t.Fatalf("delete200: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?category_id=%d", laptops), token: ts.admin})
		if r.Status != 200 || len(list(r)) != 0 {
			t.Errorf("unplaced rows: %d %s", r.Status, r.Raw)
		}
		// The activity log: the link created (with the rows it placed) and deleted.
		wantValues := fmt.Sprintf(`"category_id":%d,`, laptops)
		if log := activityOf(t, a, "category_link", uint64(linkID)); len(log) != 2 || log[0].Type != "category_link.created" ||
			!strings.Contains(log[0].New, wantValues) || !strings.Contains(log[0].New, `"products_placed":3`) ||
			!strings.Contains(log[0].New, `"supplier_category":"Laptopovi"`) || log[1].Type != "category_link.deleted" ||
			!strings.Contains(log[1].Old, wantValues) || log[1].New != "" {
			t.Errorf("category link activity: %+v", log)
		}
		for _, p := range []string{path, "/api/v1/admin/category-links/abc"} {
			r = ts.do(req{method: "DELETE", path: p, token: linker})
			if r.Status != 404 || message(r) != "Veza kategorija ne postoji ili je izbrisana." {
				t.Errorf("delete404 %s: %d %s", p, r.Status, r.Raw)
			}
		}
	})
}

func TestPricelistProductsAPI(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops := plCategory(t, a, "Laptopovi", "LAP")
		sup, ids := plSupplier(t, a, "Comtrade")
		connector := plLogin(t, ts, "spajac", identity.PermConnectProduct)
		product := supplierFixtureProduct(t, a, "SHOP-1", "Lenovo IdeaPad 3")
		a.DB.Exec("UPDATE products SET main_category_id = ? WHERE id = ?", laptops, product)
		other := supplierFixtureProduct(t, a, "SHOP-2", "Asus")

		for _, tt := range []struct{ lang, msg string }{{"", "Prvo izaberite dobavljača ili kategoriju"}, {"en", "First select a supplier or category"}} {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/pricelist-products?search=x", token: connector, lang: tt.lang})
			if r.Status != 422 || firstError(r, "supplier_id") != tt.msg {
				t.Errorf("select first %q: %d %s", tt.lang, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?supplier_id=%d&connected=maybe", sup), token: connector}); r.Status != 422 || firstError(r, "connected") == "" {
			t.Errorf("connected=maybe: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?supplier_id=%d", sup), token: ts.staff}); r.Status != 403 {
			t.Errorf("list403 staff: %d", r.Status)
		}
		if got := plSupplierCounts(t, ts, sup); got != [2]float64{0, 4} {
			t.Errorf("counts before: %v", got)
		}

		connect := fmt.Sprintf("/api/v1/admin/pricelist-products/%d/connect", ids["L-1"])
		r := ts.do(req{method: "POST", path: connect, token: connector, body: map[string]any{"product_id": product}})
		if r.Status != 200 || message(r) != "Proizvod je uspešno povezan" {
			t.Fatalf("connect200: %d %s", r.Status, r.Raw)
		}
		if got := plSupplierCounts(t, ts, sup); got != [2]float64{1, 3} {
			t.Errorf("counts after connect: %v, want [1 3]", got)
		}
		// The shop product took the supplier's price and stock; its prices were recomputed.
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d", product), token: ts.admin})
		p := data(r)
		if p["entry_price"] != 83333.33 || p["web_price"] != 110000.0 || p["stock"] != 4.0 {
			t.Errorf("connected product: %d entry %v web %v stock %v", r.Status, p["entry_price"], p["web_price"], p["stock"])
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?supplier_id=%d&connected=1", sup), token: connector})
		want := []any{map[string]any{"id": float64(ids["L-1"]), "supplier_id": float64(sup), "supplier": "Comtrade", "sku": "L-1",
			"name": "Lenovo IdeaPad", "category": "Laptopovi", "category_id": nil, "price": 83333.33, "recommended_price": 120000.0,
			"stock": 4.0, "product": map[string]any{"id": float64(product), "sku": "SHOP-1", "name": "Lenovo IdeaPad 3"}}}
		if diff := cmp.Diff(want, list(r)); r.Status != 200 || diff != "" {
			t.Errorf("connected list: %d (-want +got):\n%s", r.Status, diff)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?supplier_id=%d&connected=0&search=VIVO&paginate=1", sup), token: connector})
		if diff := cmp.Diff([]string{"L-2"}, plSKUs(r)); diff != "" || r.Body["meta"].(map[string]any)["total"] != 1.0 {
			t.Errorf("unconnected search: %s", r.Raw)
		}

		for _, tt := range []struct {
			name, path, token string
			body              any
			status            int
			want              string
		}{
			{"connect409 supplier product connected", connect, connector, map[string]any{"product_id": other}, 409, "Proizvod dobavljača je već povezan sa drugim proizvodom"},
			{"connect409 product taken", fmt.Sprintf("/api/v1/admin/pricelist-products/%d/connect", ids["L-2"]), connector, map[string]any{"product_id": product}, 409, "Proizvod je već povezan sa drugim proizvodom dobavljača"},
			{"connect422 product missing", connect, connector, map[string]any{}, 422, "Podaci nisu ispravni."},
			{"connect422 product unknown", connect, connector, map[string]any{"product_id": 999999}, 422, "Podaci nisu ispravni."},
			{"connect404", "/api/v1/admin/pricelist-products/999999/connect", connector, map[string]any{"product_id": other}, 404, "Proizvod dobavljača ne postoji ili je izbrisan."},
			{"connect403 staff", connect, ts.staff, map[string]any{"product_id": product}, 403, "Unauthorized"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: tt.path, token: tt.token, body: tt.body})
				if r.Status != tt.status || message(r) != tt.want {
					t.Errorf("%d %s, want %d %q", r.Status, r.Raw, tt.status, tt.want)
				}
				if tt.status == 422 && firstError(r, "product_id") == "" {
					t.Errorf("no error on product_id: %s", r.Raw)
				}
			})
		}

		// The existing disconnect brings the counts back.
		if r := ts.do(req{method: "DELETE", path: connect, token: connector}); r.Status != 200 {
			t.Fatalf("disconnect: %d %s", r.Status, r.Raw)
		}
		if got := plSupplierCounts(t, ts, sup); got != [2]float64{0, 4} {
			t.Errorf("counts after disconnect: %v, want [0 4]", got)
		}
		// The activity log: one connect (the refused ones wrote none) and the disconnect.
		wantLink := fmt.Sprintf(`"product_id":%d,`, product)
		if log := activityOf(t, a, "pricelist_product", ids["L-1"]); len(log) != 2 || log[0].Type != "pricelist_product.connected" ||
			!strings.Contains(log[0].New, wantLink) || !strings.Contains(log[0].New, `"sku":"L-1"`) || log[1].Type != "pricelist_product.disconnected" ||
			!strings.Contains(log[1].Old, wantLink) || !strings.Contains(log[1].New, `"product_id":null`) {
			t.Errorf("connect activity: %+v", log)
		}
	})
}

// plJobs takes the products-import tasks waiting in the default queue off it.
func plJobs(tb testing.TB, a *app.App) []*asynq.Task {
	tb.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	infos, err := insp.ListPendingTasks(queue.QueueDefault)
	if errors.Is(err, asynq.ErrQueueNotFound) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	var out []*asynq.Task
	for _, ti := range infos {
		if ti.Type != queue.TypeProductsImport {
			continue
		}
		out = append(out, asynq.NewTask(ti.Type, ti.Payload))
		if err := insp.DeleteTask(queue.QueueDefault, ti.ID); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

func TestProductsImportAPI(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops := plCategory(t, a, "Laptopovi", "LAP")
		sup, ids := plSupplier(t, a, "Comtrade")
		importer := plLogin(t, ts, "uvoznik", identity.PermMapProductsImport)
		admin, err := a.Identity.FindUserByEmail(context.Background(), "admin@demo.local")
		if err != nil {
			t.Fatal(err)
		}

		body := map[string]any{"supplier_id": sup, "supplier_category": "Laptopovi", "category_id": laptops}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/products-import/category", token: ts.admin, body: body})
		if r.Status != 202 || message(r) != "Uvoz proizvoda je pokrenut. Dobićete obaveštenje kada se završi." {
			t.Fatalf("category202: %d %s", r.Status, r.Raw)
		}
		// The same request again while the first is queued is the same job.
		r = ts.do(req{method: "POST", path: "/api/v1/admin/products-import/category", token: ts.admin, body: body, lang: "en"})
		if r.Status != 202 || message(r) != "The products import has started. You will be notified when it finishes." {
			t.Fatalf("category202 again: %d %s", r.Status, r.Raw)
		}
		tasks := plJobs(t, a)
		if len(tasks) != 1 {
			t.Fatalf("%d tasks queued, want 1", len(tasks))
		}
		var p queue.ProductsImportPayload
		json.Unmarshal(tasks[0].Payload(), &p)
		wantPayload := queue.ProductsImportPayload{Mode: queue.ProductsImportCategory, SupplierID: sup, SupplierCategory: "Laptopovi",
			CategoryID: laptops, UserID: admin.ID}
		if diff := cmp.Diff(wantPayload, p); diff != "" {
			t.Errorf("payload (-want +got):\n%s", diff)
		}
		mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog, Pricelist: a.Pricelist})
		for range 2 { // the second run is a retry: nothing more is created
			if err := mux.ProcessTask(context.Background(), tasks[0]); err != nil {
				t.Fatal(err)
			}
		}
		if got := plSupplierCounts(t, ts, sup); got != [2]float64{3, 1} {
			t.Errorf("counts after the category import: %v, want [3 1]", got)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelist-products?supplier_id=%d&connected=1", sup), token: ts.admin})
		for _, it := range list(r) {
			m := it.(map[string]any)
			if prod, _ := m["product"].(map[string]any); prod == nil || prod["sku"] != m["sku"] || prod["name"] != m["name"] {
				t.Errorf("imported row %v", m)
			}
		}
		var created struct {
			EntryPrice, WebPrice int64
			Stock                int
			SupplierID           uint64
		}
		a.DB.Raw("SELECT entry_price, web_price, stock, supplier_id FROM products WHERE id = (SELECT product_id FROM supplier_products WHERE id = ?)", ids["L-1"]).Scan(&created)
		if created.EntryPrice != 8_333_333 || created.WebPrice != 11_000_000 || created.Stock != 4 || created.SupplierID != sup {
			t.Errorf("imported product: %+v", created)
		}
		// The activity log: one product.created per created product (not again on the retry),
		// attributed to the admin who started the import.
		var createdLog []struct {
			SubjectID uint64
			UserID    *uint64
		}
		a.DB.Raw("SELECT subject_id, user_id FROM activity_log WHERE type = ? AND subject_type = ? ORDER BY id", "product.created", "product").Scan(&createdLog)
		if len(createdLog) != 3 {
			t.Errorf("product.created entries after the category import: %+v", createdLog)
		}
		for _, e := range createdLog {
			if e.UserID == nil || *e.UserID != admin.ID {
				t.Errorf("import entry of product %d not attributed to the admin: %v", e.SubjectID, e.UserID)
			}
		}
		var notes []struct{ Type, Data string }
		a.DB.Raw("SELECT type, data FROM notifications WHERE user_id = ? ORDER BY id", admin.ID).Scan(&notes)
		if len(notes) != 2 || notes[0].Type != "ImportFinished" || notes[1].Type != "ImportFinished" {
			t.Fatalf("notifications: %+v", notes)
		}
		var d map[string]any
		json.Unmarshal([]byte(notes[0].Data), &d)
		if d["counts"].(map[string]any)["created"] != 3.0 || d["message"] != "Uvoz proizvoda u kategoriju Laptopovi je završen. Kreirano proizvoda: 3." {
			t.Errorf("notification data: %v", d)
		}

		// Product to category, by a user holding only map-products-import.
		r = ts.do(req{method: "POST", path: "/api/v1/admin/products-import/products", token: importer,
			body: map[string]any{"supplier_id": sup, "skus": []string{"M-1", "L-1"}, "category_id": laptops}})
		if r.Status != 202 {
			t.Fatalf("products202: %d %s", r.Status, r.Raw)
		}
		tasks = plJobs(t, a)
		if len(tasks) != 1 {
			t.Fatalf("%d tasks queued, want 1", len(tasks))
		}
		if err := mux.ProcessTask(context.Background(), tasks[0]); err != nil {
			t.Fatal(err)
		}
		if got := plSupplierCounts(t, ts, sup); got != [2]float64{4, 0} {
			t.Errorf("counts after the products import: %v, want [4 0]", got)
		}
		var importedM1 uint64
		a.DB.Raw("SELECT product_id FROM supplier_products WHERE supplier_id = ? AND sku = ?", sup, "M-1").Scan(&importedM1)
		if log := activityOf(t, a, "product", importedM1); importedM1 == 0 || len(log) != 1 || log[0].Type != "product.created" ||
			!strings.Contains(log[0].New, `"sku":"M-1"`) {
			t.Errorf("products import activity of M-1 (product %d): %+v", importedM1, log)
		}

		for _, tt := range []struct {
			name, path, token, lang string
			body                    any
			status                  int
			errors                  map[string]any
		}{
			{"category422 nothing left", "category", ts.admin, "en", body, 422,
				map[string]any{"supplier_category": []any{"There are no unconnected supplier products to import"}}},
			{"category422 missing", "category", ts.admin, "", map[string]any{}, 422, map[string]any{"supplier_id": []any{"Polje je obavezno"},
				"supplier_category": []any{"Polje je obavezno"}, "category_id": []any{"Polje je obavezno"}}},
			{"products422 skus", "products", ts.admin, "", map[string]any{"supplier_id": sup, "category_id": laptops, "skus": []string{"", "L-1"}}, 422,
				map[string]any{"skus.0": []any{"Polje je obavezno"}}},
			{"products422 skus missing", "products", ts.admin, "", map[string]any{"supplier_id": sup, "category_id": laptops}, 422,
				map[string]any{"skus": []any{"Polje je obavezno"}}},
			{"products422 skus not a list", "products", ts.admin, "", map[string]any{"supplier_id": sup, "category_id": laptops, "skus": "L-1"}, 422,
				map[string]any{"skus": []any{"Polje je pogrešnog tipa"}}},
			{"category403 staff", "category", ts.staff, "", body, 403, nil},
			{"products403 connect-product only", "products", plLogin(t, ts, "samo-spajanje", identity.PermConnectProduct), "", body, 403, nil},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/admin/products-import/" + tt.path, token: tt.token, lang: tt.lang, body: tt.body})
				if r.Status != tt.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.status)
				}
				if tt.errors != nil {
					if diff := cmp.Diff(tt.errors, errorsOf(r)); diff != "" {
						t.Errorf("errors (-want +got):\n%s", diff)
					}
				}
			})
		}
		if n := len(plJobs(t, a)); n != 0 {
			t.Errorf("%d tasks queued by refused requests", n)
		}
	})
}

// TestProductsImportModuleOff: without the ProductImport module the import does not exist
// (404), while the linking screens, which need no module, still answer.
func TestProductsImportModuleOff(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"Pricelist"} }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops := plCategory(t, a, "Laptopovi", "LAP")
		sup, _ := plSupplier(t, a, "Comtrade")
		for _, path := range []string{"category", "products"} {
			r := ts.do(req{method: "POST", path: "/api/v1/admin/products-import/" + path, token: ts.admin,
				body: map[string]any{"supplier_id": sup, "supplier_category": "Laptopovi", "skus": []string{"L-1"}, "category_id": laptops}})
			if r.Status != 404 || message(r) != "Modul ProductImport nije uključen." {
				t.Errorf("%s: %d %s, want 404 module", path, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/supplier-categories?supplier_id=%d", sup), token: ts.admin}); r.Status != 200 {
			t.Errorf("supplier categories: %d", r.Status)
		}
	})
}
