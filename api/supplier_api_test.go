package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
)

// supplierFixtureProduct inserts a bare shop product (the products area owns its service; a
// supplier test needs only a row to connect to).
func supplierFixtureProduct(tb testing.TB, a *app.App, sku, name string) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	err := a.DB.Exec(`INSERT INTO products (sku, name, slug, search_text, main_category_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, 1, ?, ?)`, sku, name, catalog.Slugify(name+" "+sku), catalog.Fold(name+" "+sku), now, now).Error
	if err != nil {
		tb.Fatal(err)
	}
	var id uint64
	if err := a.DB.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// supplierFixture is a supplier with price-list rows sku-1..sku-n; the first `connected` of them
// are connected to new shop products. It returns the supplier and its supplier products by SKU.
func supplierFixture(tb testing.TB, a *app.App, name string, n, connected int) (*catalog.Supplier, map[string]uint64) {
	tb.Helper()
	ctx := context.Background()
	s, err := a.Catalog.CreateSupplier(ctx, name)
	if err != nil {
		tb.Fatal(err)
	}
	var rows []catalog.SupplierProductInput
	for i := 1; i <= n; i++ {
		rows = append(rows, catalog.SupplierProductInput{SKU: fmt.Sprintf("%s-%d", name[:3], i), Name: fmt.Sprintf("%s artikal %d", name, i),
			Category: "Laptopovi", Price: int64(i) * 100_000, RecommendedPrice: int64(i) * 150_000})
	}
	if _, err := a.Catalog.UpsertSupplierProducts(ctx, s.ID, rows); err != nil {
		tb.Fatal(err)
	}
	ids := map[string]uint64{}
	var got []struct {
		SKU string `gorm:"column:sku"`
		ID  uint64
	}
	if err := a.DB.Raw("SELECT sku, id FROM supplier_products WHERE supplier_id = ?", s.ID).Scan(&got).Error; err != nil {
		tb.Fatal(err)
	}
	for _, g := range got {
		ids[g.SKU] = g.ID
	}
	for i := 1; i <= connected; i++ {
		sku := fmt.Sprintf("%s-%d", name[:3], i)
		pid := supplierFixtureProduct(tb, a, "P"+sku, "Proizvod "+sku)
		if err := a.Catalog.ConnectSupplierProduct(ctx, ids[sku], pid); err != nil {
			tb.Fatal(err)
		}
	}
	return s, ids
}

type supplierRow struct {
	Name                 string
	Connected, Unconnect float64
}

func TestSuppliersList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		supplierFixture(t, a, "Comtrade", 5, 2)
		supplierFixture(t, a, "Ewe Comp", 3, 3)
		supplierFixture(t, a, "Alef", 0, 0)
		supplierFixture(t, a, "Zeta_100%", 1, 0)

		rows := func(r resp) []supplierRow {
			var out []supplierRow
			for _, it := range list(r) {
				m := it.(map[string]any)
				if _, err := time.Parse(time.RFC3339, m["updated_at"].(string)); err != nil {
					t.Errorf("updated_at %v: %v", m["updated_at"], err)
				}
				out = append(out, supplierRow{m["name"].(string), m["connected_products"].(float64), m["unconnected_products"].(float64)})
			}
			return out
		}
		tests := []struct {
			name, query, token string
			status             int
			want               []supplierRow
			total              float64
		}{
			{"list200", "", ts.staff, 200, []supplierRow{{"Alef", 0, 0}, {"Comtrade", 2, 3}, {"Ewe Comp", 0 + 3, 0}, {"Zeta_100%", 0, 1}}, 4},
			{"list200 search", "?search=com", ts.admin, 200, []supplierRow{{"Comtrade", 2, 3}, {"Ewe Comp", 3, 0}}, 2},
			{"list200 search wildcard literal", "?search=_100%25", ts.admin, 200, []supplierRow{{"Zeta_100%", 0, 1}}, 1},
			{"list200 page", "?paginate=2&page=2", ts.admin, 200, []supplierRow{{"Ewe Comp", 3, 0}, {"Zeta_100%", 0, 1}}, 4},
			{"list422 unknown parameter", "?sort=name", ts.admin, 422, nil, 0},
			{"list403 customer", "", ts.buyer, 403, nil, 0},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/suppliers" + tt.query, token: tt.token})
				if r.Status != tt.status {
					t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Raw)
				}
				if tt.status != 200 {
					return
				}
				if diff := cmp.Diff(tt.want, rows(r)); diff != "" {
					t.Errorf("rows (-want +got):\n%s", diff)
				}
				if meta := r.Body["meta"].(map[string]any); meta["total"] != tt.total {
					t.Errorf("meta %v, want total %v", meta, tt.total)
				}
			})
		}
	})
}

func TestSupplierProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		s, _ := supplierFixture(t, a, "Comtrade", 3, 1)

		r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/suppliers-connected/%d", s.ID), token: ts.staff})
		if r.Status != 200 || len(list(r)) != 1 {
			t.Fatalf("connected200: %d %s", r.Status, r.Raw)
		}
		got := list(r)[0].(map[string]any)
		pid := got["product_id"]
		delete(got, "id")
		want := map[string]any{"sku": "Com-1", "name": "Comtrade artikal 1", "category": "Laptopovi", "price": 1000.0,
			"recommended_price": 1500.0, "product_id": pid, "product": map[string]any{"id": pid, "sku": "PCom-1", "name": "Proizvod Com-1"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("connected row (-want +got):\n%s", diff)
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/suppliers-unconnected/%d", s.ID), token: ts.staff})
		var skus []string
		for _, it := range list(r) {
			m := it.(map[string]any)
			if m["product"] != nil || m["product_id"] != nil {
				t.Errorf("unconnected row with a product: %v", m)
			}
			skus = append(skus, m["sku"].(string))
		}
		if r.Status != 200 || !cmp.Equal(skus, []string{"Com-2", "Com-3"}) {
			t.Errorf("unconnected200: %d %v", r.Status, skus)
		}
		if meta := r.Body["meta"].(map[string]any); meta["per_page"] != 5000.0 || meta["total"] != 2.0 {
			t.Errorf("unconnected meta %v, want per_page 5000, total 2", meta)
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/suppliers-unconnected/%d?paginate=1&page=2", s.ID), token: ts.staff})
		if r.Status != 200 || len(list(r)) != 1 || list(r)[0].(map[string]any)["sku"] != "Com-3" {
			t.Errorf("unconnected200 page 2: %d %s", r.Status, r.Raw)
		}

		for _, p := range []string{"/api/v1/admin/suppliers-connected/999999", "/api/v1/admin/suppliers-unconnected/999999", "/api/v1/admin/suppliers-connected/abc"} {
			r = ts.do(req{method: "GET", path: p, token: ts.staff})
			if r.Status != 404 || message(r) != "Dobavljač ne postoji ili je izbrisan." {
				t.Errorf("%s: %d %s, want 404 with the supplier message", p, r.Status, r.Raw)
			}
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/suppliers-connected/999999", token: ts.staff, lang: "en"})
		if message(r) != "The supplier does not exist or has been deleted." {
			t.Errorf("404 in English: %s", r.Raw)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/suppliers-connected/%d?paginate=5001", s.ID), token: ts.staff})
		if r.Status != 422 || firstError(r, "paginate") == "" {
			t.Errorf("paginate over 5000: %d %s", r.Status, r.Raw)
		}
	})
}

func TestSupplierDisconnect(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		_, ids := supplierFixture(t, a, "Comtrade", 2, 2)
		path := fmt.Sprintf("/api/v1/admin/pricelist-products/%d/connect", ids["Com-1"])

		tests := []struct {
			name, path, token, lang string
			status                  int
			message                 string
		}{
			{"disconnect403 staff without connect-product", path, ts.staff, "", 403, "Unauthorized"},
			{"disconnect200", path, ts.admin, "", 200, "Proizvod je uspešno razdvojen"},
			{"disconnect200 again", path, ts.admin, "en", 200, "The product has been disconnected"},
			{"disconnect404", "/api/v1/admin/pricelist-products/999999/connect", ts.admin, "", 404, "Proizvod dobavljača ne postoji ili je izbrisan."},
			{"disconnect404 malformed id", "/api/v1/admin/pricelist-products/x/connect", ts.admin, "", 404, "Proizvod dobavljača ne postoji ili je izbrisan."},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "DELETE", path: tt.path, token: tt.token, lang: tt.lang})
				if r.Status != tt.status || message(r) != tt.message {
					t.Errorf("%d %s, want %d %q", r.Status, r.Raw, tt.status, tt.message)
				}
			})
		}
		// Only the link is gone: the supplier product is unconnected now, the shop product remains.
		r := ts.do(req{method: "GET", path: "/api/v1/admin/suppliers", token: ts.admin})
		row := list(r)[0].(map[string]any)
		if row["connected_products"] != 1.0 || row["unconnected_products"] != 1.0 {
			t.Errorf("after disconnect: %v", row)
		}
		var products int64
		a.DB.Raw("SELECT COUNT(*) FROM products").Scan(&products)
		if products != 2 {
			t.Errorf("products after disconnect: %d, want 2", products)
		}
	})
}
