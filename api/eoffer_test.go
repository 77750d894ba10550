package api_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/url"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/pricing"
)

// eofferProducts adds two products (entry 1,000.00 RSD, VAT 20 %, web margin 10 %) and
// answers their ids.
func eofferProducts(t *testing.T, a *app.App) (uint64, uint64) {
	t.Helper()
	now := time.Now().UTC()
	if err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
		dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('Frižideri', 'frizideri-ep', 'FR', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
		true, now, now).Error; err != nil {
		t.Fatal(err)
	}
	var ids []uint64
	for _, sku := range []string{"EP-1", "EP-2"} {
		if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, active, visible, created_at, updated_at)
			VALUES (?, ?, ?, 100000, (SELECT id FROM categories WHERE slug = 'frizideri-ep'), ?, ?, ?, ?)`, sku, sku, strings.ToLower(sku), true, true, now, now).Error; err != nil {
			t.Fatal(err)
		}
		var id uint64
		a.DB.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id)
		ids = append(ids, id)
	}
	if _, err := a.Pricing.RecomputeTx(context.Background(), a.DB, pricing.All()); err != nil {
		t.Fatal(err)
	}
	return ids[0], ids[1]
}

// formBody is a multipart body of the form's fields; ct gets its content type.
func formBody(t *testing.T, form url.Values, ct *string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, vs := range form {
		for _, v := range vs {
			if err := w.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.Close()
	*ct = w.FormDataContentType()
	return b.Bytes()
}

// TestEponudaAPI: upload (202, the job parses it), bad files refused with the reason on
// eponudaCSV, competitors, recalc ok/nok, the prices overview, apply (422 without ids, 202
// queued), feed membership in and out with the feed list.
func TestEponudaAPI(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		p1, p2 := eofferProducts(t, a)
		// before any file: the import screen has no latest file to open on
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-imports/latest", token: ts.admin}); r.Status != 200 || string(r.Raw) != `{"data":null}` {
			t.Errorf("latest before any file: %d %s, want 200 with no data", r.Status, r.Raw)
		}
		body, ct := multipartFile(t, "eponudaCSV", "ponuda.csv", []byte("SKU;Prodavnica;Cena\nEP-1;Gigatron;1500\nEP-2;Gigatron;1000\nEP-2;WinWin;900\nXX;Gigatron;5\n"))
		r := ts.do(req{method: "POST", path: "/api/v1/admin/eponuda", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 202 || data(r)["status"] != "queued" || data(r)["format"] != "csv" {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		if _, err := a.Eoffer.RunImport(context.Background(), id, true); err != nil {
			t.Fatal(err)
		}
		var notes []string
		a.DB.Raw("SELECT data FROM notifications WHERE type = 'ImportFinished'").Scan(&notes)
		if len(notes) != 1 || !strings.Contains(notes[0], "ponuda.csv") {
			t.Errorf("the uploader's ImportFinished: %v", notes)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/eponuda-imports/%d", id), token: ts.admin, lang: "en"})
		rep, _ := data(r)["report"].(map[string]any)
		if r.Status != 200 || data(r)["offers"] != 3.0 || data(r)["rejected"] != 1.0 || rep == nil || rep["unknown_sku"] != 1.0 ||
			rep["rejected_rows"].([]any)[0].(map[string]any)["reason"] != "Unknown SKU" {
			t.Errorf("import: %d %s", r.Status, r.Raw)
		}

		// the screen (and a file loaded by shopctl) opens on the newest finished file
		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-imports/latest", token: ts.admin})
		if r.Status != 200 || data(r)["id"] != float64(id) || data(r)["file_name"] != "ponuda.csv" {
			t.Errorf("latest: %d %s, want import %d", r.Status, r.Raw, id)
		}

		for name, file := range map[string]string{"pipe": "sku|shop|price\nEP-1|A|1\n", "binary": "\x00\x01\x02\x03binary"} {
			body, ct := multipartFile(t, "eponudaCSV", name+".csv", []byte(file))
			r := ts.do(req{method: "POST", path: "/api/v1/admin/eponuda", token: ts.admin, raw: body, contentType: ct})
			if r.Status != 422 || firstError(r, "eponudaCSV") == "" {
				t.Errorf("%s file: %d %s, want 422 on eponudaCSV", name, r.Status, r.Raw)
			}
		}

		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-competitors", token: ts.admin})
		if r.Status != 200 || fmt.Sprint(r.Body["data"]) != "[Gigatron WinWin]" {
			t.Errorf("competitors: %d %s", r.Status, r.Raw)
		}

		q := url.Values{"relative_to": {"eponuda"}, "format": {"RSD"}, "value": {"100"}, "irrelevant[]": {"WinWin"}}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda?" + q.Encode(), token: ts.admin})
		ok, _ := r.Body["ok"].([]any)
		nok, _ := r.Body["nok"].([]any)
		if r.Status != 200 || len(ok) != 1 || len(nok) != 1 {
			t.Fatalf("recalc: %d %s", r.Status, r.Raw)
		}
		row := ok[0].(map[string]any)
		if row["sku"] != "EP-1" || row["created_price"] != 1400.0 || row["eponuda_min"] != 1500.0 || row["entry_price"] != 1200.0 ||
			row["position"] != 1.0 || fmt.Sprint(row["category"]) != "[Frižideri]" {
			t.Errorf("ok row: %v", row)
		}
		if nr := nok[0].(map[string]any); nr["sku"] != "EP-2" || nr["created_price"] != 900.0 || nr["position"] != 1.0 {
			t.Errorf("nok row: %v", nr)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda?relative_to=x&value=", token: ts.admin})
		if r.Status != 422 || firstError(r, "format") == "" || firstError(r, "value") == "" || firstError(r, "relative_to") == "" {
			t.Errorf("bad recalc: %d %s", r.Status, r.Raw)
		}

		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-price", token: ts.admin})
		if list := list(r); r.Status != 200 || len(list) != 2 || list[0].(map[string]any)["entry_price"] != 1200.0 {
			t.Errorf("prices: %d %s", r.Status, r.Raw)
		}

		form := url.Values{"relative_to": {"eponuda"}, "format": {"RSD"}, "value": {"100"}, "irrelevant[]": {"WinWin"}}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-update", token: ts.admin, raw: formBody(t, form, &ct), contentType: ct})
		if r.Status != 422 || firstError(r, "ids") == "" {
			t.Errorf("update without ids: %d %s", r.Status, r.Raw)
		}
		form.Set("ids[0]", fmt.Sprint(p1))
		r = ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-update", token: ts.admin, raw: formBody(t, form, &ct), contentType: ct})
		if r.Status != 202 || r.Body["message"] == "" {
			t.Errorf("update: %d %s", r.Status, r.Raw)
		}

		feed := url.Values{"ids_true[]": {fmt.Sprint(p1), fmt.Sprint(p2)}}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-feed", token: ts.admin, raw: formBody(t, feed, &ct), contentType: ct})
		if r.Status != 200 || data(r)["added"] != 2.0 {
			t.Errorf("feed in: %d %s", r.Status, r.Raw)
		}
		feed = url.Values{"ids_false[]": {fmt.Sprint(p2)}}
		r = ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-feed", token: ts.admin, raw: formBody(t, feed, &ct), contentType: ct})
		if r.Status != 200 || data(r)["removed"] != 1.0 {
			t.Errorf("feed out: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-feed?include=mainCategory", token: ts.admin})
		if l := list(r); r.Status != 200 || len(l) != 1 || l[0].(map[string]any)["sku"] != "EP-1" {
			t.Errorf("feed list: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/products?visible=1&active=1&eponuda=0", token: ts.admin})
		if l := list(r); r.Status != 200 || len(l) != 1 || l[0].(map[string]any)["sku"] != "EP-2" {
			t.Errorf("products not in the feed: %d %s", r.Status, r.Raw)
		}
	})
}
