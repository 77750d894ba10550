package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/config"
	"shop/internal/platform/queue"
	"shop/worker"
)

// partnerCatalogue: two categories (VAT 20 % and 10 %) with one sellable product each, and one
// inactive product. Answers the category ids.
func partnerCatalogue(t *testing.T, a *app.App) (laptops, books uint64) {
	t.Helper()
	now := time.Now()
	mk := func(table string, row map[string]any) uint64 {
		t.Helper()
		if err := a.DB.Table(table).Create(row).Error; err != nil {
			t.Fatalf("insert %s: %v", table, err)
		}
		var id uint64
		a.DB.Table(table).Select("MAX(id)").Scan(&id)
		return id
	}
	cat := func(name, slug string, vat int) uint64 {
		return mk("categories", map[string]any{"name": name, "slug": slug, "prefix": "AB", "pdv_bps": vat, "web_margin_bps": 1000,
			"retail_margin_bps": 1000, "dealer_margin_bps": 1000, "created_at": now, "updated_at": now})
	}
	laptops, books = cat("Laptopovi", "laptopovi", 2000), cat("Knjige", "knjige", 1000)
	prod := func(sku string, category uint64, entry int64, active bool) {
		mk("products", map[string]any{"sku": sku, "name": "Proizvod " + sku, "slug": strings.ToLower(sku), "active": active, "visible": true,
			"entry_price": entry, "web_price": entry * 2, "stock": 4, "ean": "123", "main_category_id": category, "created_at": now, "updated_at": now})
	}
	prod("LAP-1", laptops, 100000, true) // 1000.00 RSD without VAT
	prod("LAP-2", laptops, 33333, false) // inactive: never in a feed
	prod("BOOK-1", books, 123457, true)  // 1234.57 RSD
	return laptops, books
}

func multipartForm(t *testing.T, fields [][2]string) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range fields {
		if err := w.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// feedPath is the path of a client's api_url.
func feedPath(t *testing.T, apiURL string) string {
	t.Helper()
	i := strings.Index(apiURL, "/partner-feeds/")
	if i < 0 {
		t.Fatalf("api_url %q", apiURL)
	}
	return apiURL[i:]
}

func TestAPIClients(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Partners.RequestsPerMinute = 3 }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops, books := partnerCatalogue(t, a)

		// create422: the name's rules, a percentage out of range, an unknown category.
		body, ct := multipartForm(t, [][2]string{{"name", "A"}, {"categories[0][id]", fmt.Sprint(laptops)}, {"categories[0][percentage]", "100"},
			{"categories[1][id]", "999999"}, {"categories[1][percentage]", "5"}})
		r := ts.do(req{method: "POST", path: "/api/v1/api-clients", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 422 || firstError(r, "name") != "Polje mora sadržati minimum 2 karaktera" ||
			firstError(r, "categories.0.percentage") != "Broj mora biti manji od 100" {
			t.Fatalf("create422: %d %s", r.Status, r.Raw)
		}
		body, ct = multipartForm(t, [][2]string{{"name", ""}})
		if r := ts.do(req{method: "POST", path: "/api/v1/api-clients", token: ts.admin, raw: body, contentType: ct}); firstError(r, "name") != "Polje je obavezno" {
			t.Fatalf("create422 empty name: %d %s", r.Status, r.Raw)
		}

		// create201: the laptops at 10 %, the books with no percentage (left out).
		body, ct = multipartForm(t, [][2]string{{"name", "Partner d.o.o."}, {"categories[0][id]", fmt.Sprint(laptops)}, {"categories[0][percentage]", "10"},
			{"categories[1][id]", fmt.Sprint(books)}, {"categories[1][percentage]", ""}})
		r = ts.do(req{method: "POST", path: "/api/v1/api-clients", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 201 || message(r) != "API klijent je uspešno dodat." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		cl := data(r)
		id := uint64(cl["id"].(float64))
		cats := cl["categoriesAndPercentage"].([]any)
		if len(cats) != 1 || cats[0].(map[string]any)["percentage"] != 10.0 || cl["active"] != true {
			t.Fatalf("created client: %s", r.Raw)
		}
		apiURL := cl["api_url"].(string)
		if !strings.HasSuffix(apiURL, ".json") || len(feedPath(t, apiURL)) < len("/partner-feeds/")+64 {
			t.Fatalf("api_url %q is not a secret URL", apiURL)
		}

		// The list and the categories.
		r = ts.do(req{method: "GET", path: "/api/v1/api-clients", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 1 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/api-client-categories", token: ts.admin})
		if r.Status != 200 || len(list(r)) != 2 || list(r)[0].(map[string]any)["name"] != "Knjige" {
			t.Fatalf("categories: %d %s", r.Status, r.Raw)
		}

		// update200: both categories (books at 5 %).
		r = ts.do(req{method: "PUT", path: fmt.Sprintf("/api/v1/api-clients/%d", id), token: ts.admin,
			body: map[string]any{"categories": []map[string]any{{"id": laptops, "percentage": 10}, {"id": books, "percentage": 5}}}})
		if r.Status != 200 || message(r) != "API klijent je uspešno izmenjen." || len(data(r)["categoriesAndPercentage"].([]any)) != 2 {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PUT", path: "/api/v1/api-clients/999999", token: ts.admin, body: map[string]any{"categories": []any{}}}); r.Status != 404 {
			t.Fatalf("update404: %d %s", r.Status, r.Raw)
		}

		// The feed: entry × (1 + percentage) × (1 + VAT), to the para; the inactive product left out.
		r = ts.do(req{method: "GET", path: feedPath(t, apiURL)})
		if r.Status != 200 {
			t.Fatalf("feed: %d %s", r.Status, r.Raw)
		}
		prices := map[string]float64{}
		for _, p := range list(r) {
			m := p.(map[string]any)
			prices[m["sku"].(string)] = m["price"].(float64)
		}
		// 1000 × 1.10 × 1.20 = 1320.00; 1234.57 × 1.05 × 1.10 = 1425.928... -> 1425.93
		if d := cmp.Diff(map[string]float64{"LAP-1": 1320.00, "BOOK-1": 1425.93}, prices); d != "" {
			t.Errorf("feed prices (-want +got):\n%s", d)
		}
		r = ts.do(req{method: "GET", path: strings.TrimSuffix(feedPath(t, apiURL), ".json") + ".csv"})
		recs, err := csv.NewReader(bytes.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || len(recs) != 3 || recs[1][0] != "LAP-1" || recs[1][6] != "1320.00" {
			t.Fatalf("csv feed: %d %v %q", r.Status, err, recs)
		}

		// The rate limit: three fetches a minute here, the fourth is refused.
		r = ts.do(req{method: "GET", path: feedPath(t, apiURL)})
		if r.Status != 200 {
			t.Fatalf("third fetch: %d", r.Status)
		}
		r = ts.do(req{method: "GET", path: feedPath(t, apiURL)})
		if r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("fourth fetch: %d %s", r.Status, r.Raw)
		}

		// status: inactive gets 403, active again 200 (after the window: rotate resets nothing, so reset the count).
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/api-client-status/%d?active=0", id), token: ts.admin})
		if r.Status != 200 || message(r) != "API klijent je deaktiviran." || data(r)["active"] != false {
			t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: feedPath(t, apiURL)}); r.Status != 403 || message(r) != "Unauthorized" {
			t.Fatalf("inactive client's feed: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/api-client-status/%d?active=2", id), token: ts.admin}); r.Status != 422 {
			t.Fatalf("status422: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/api-client-status/%d?active=1", id), token: ts.admin})
		if r.Status != 200 || data(r)["active"] != true {
			t.Fatalf("activate: %d %s", r.Status, r.Raw)
		}

		// rotate: the old URL is gone, the new one is another secret.
		r = ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/api-clients/%d/rotate", id), token: ts.admin})
		newURL, _ := data(r)["api_url"].(string)
		if r.Status != 200 || newURL == "" || newURL == apiURL {
			t.Fatalf("rotate: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: feedPath(t, apiURL)}); r.Status != 404 {
			t.Fatalf("old URL after rotate: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/partner-feeds/not-a-token.json"}); r.Status != 404 {
			t.Fatalf("unknown token: %d", r.Status)
		}

		// The activity log: each change, with old and new values; never the secret.
		var types []string
		for _, e := range activityOf(t, a, "api_client", id) {
			types = append(types, e.Type)
			if strings.Contains(e.Old+e.New, "token") || strings.Contains(e.Old+e.New, feedPath(t, newURL)[len("/partner-feeds/"):len("/partner-feeds/")+20]) {
				t.Errorf("an entry carries the secret: %v", e)
			}
		}
		want := []string{"api_client.created", "api_client.updated", "api_client.updated", "api_client.updated", "api_client.rotated"}
		if d := cmp.Diff(want, types); d != "" {
			t.Errorf("activity of the client (-want +got):\n%s", d)
		}
		if got := activityOf(t, a, "api_client", id)[2]; got.Old != `{"active":true}` || got.New != `{"active":false}` {
			t.Errorf("deactivation entry: %v", got)
		}
	})
}

// TestAPIClientsPermission: upload-pricelist guards the screen; a customer lacks it.
func TestAPIClientsPermission(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, tok := range []string{ts.buyer} {
			if r := ts.do(req{method: "GET", path: "/api/v1/api-clients", token: tok}); r.Status != 403 {
				t.Errorf("api-clients without upload-pricelist: %d", r.Status)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/api-clients"}); r.Status != 401 {
			t.Errorf("api-clients without a token: %d", r.Status)
		}
	})
}

func TestProductsExport(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		laptops, _ := partnerCatalogue(t, a)

		r := ts.do(req{method: "POST", path: "/api/v1/admin/products-exports", token: ts.admin, body: map[string]any{"name": "", "categories": []int{}}})
		if r.Status != 422 || firstError(r, "name") != "Polje je obavezno" || firstError(r, "categories") != "Polje je obavezno" {
			t.Fatalf("create422: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/products-exports", token: ts.admin, body: map[string]any{"name": "Laptopovi za partnera", "categories": []uint64{laptops}}})
		if r.Status != 202 || data(r)["status"] != "queued" {
			t.Fatalf("create202: %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products-exports/%d/file", id), token: ts.admin}); r.Status != 409 {
			t.Fatalf("file before the job: %d %s", r.Status, r.Raw)
		}
		var admin uint64
		a.DB.Table("users").Where("email = ?", "admin@demo.local").Pluck("id", &admin)
		task, err := queue.NewProductsExportTask(queue.ProductsExportPayload{ExportID: id, UserID: admin})
		if err != nil {
			t.Fatal(err)
		}
		mux := worker.Mux(worker.Deps{Log: a.Log, Partners: a.Partners})
		if err := mux.ProcessTask(context.Background(), task); err != nil {
			t.Fatalf("export job: %v", err)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products-exports/%d", id), token: ts.admin})
		if d := data(r); d["status"] != "finished" || d["total"] != 2.0 || d["done"] != 2.0 {
			t.Fatalf("after the job: %s", r.Raw)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products-exports/%d/file", id), token: ts.admin})
		if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "Laptopovi_za_partnera.xlsx") {
			t.Fatalf("file: %d %v", r.Status, r.Header)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Proizvodi")
		if err != nil || len(rows) != 3 || rows[0][1] != "SKU" || rows[1][1] != "LAP-1" || rows[2][10] != "Ne" {
			t.Fatalf("xlsx rows: %v %q", err, rows)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%d/notifications", admin), token: ts.admin})
		if !strings.Contains(string(r.Raw), "ProductsExportFinished") {
			t.Errorf("no ProductsExportFinished notification: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/products-exports", token: ts.admin}); r.Status != 200 || len(list(r)) != 1 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
	})
}
