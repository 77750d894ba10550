package api_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/config"
	"shop/internal/pricelist"
)

// pricelistBody is a multipart upload of supplier_id and a file.
func pricelistBody(t *testing.T, supplierID string, name string, data []byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if supplierID != "" {
		w.WriteField("supplier_id", supplierID)
	}
	if data != nil {
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

func pricelistSample(t *testing.T, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := pricelist.WriteSample(&buf, n, pricelist.SampleOptions{Seed: 9, Serbian: true}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestPricelistUpload(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		sup, err := a.Catalog.CreateSupplier(ctx, "Comtrade")
		if err != nil {
			t.Fatal(err)
		}
		sid := fmt.Sprint(sup.ID)
		file := pricelistSample(t, 20)
		upload := func(token, lang, supplierID, name string, data []byte) resp {
			t.Helper()
			body, ct := pricelistBody(t, supplierID, name, data)
			return ts.do(req{method: "POST", path: "/api/v1/admin/pricelists", token: token, lang: lang, raw: body, contentType: ct})
		}

		// upload202: queued (no worker runs here), the uploader is told at once.
		r := upload(ts.staff, "", sid, "dec/cenovnik.xlsx", file)
		if r.Status != 202 || message(r) == "" {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		d := data(r)
		if d["status"] != "queued" || d["file_name"] != "cenovnik.xlsx" || d["supplier"] != "Comtrade" || d["file_size"] != float64(len(file)) {
			t.Errorf("upload data: %v", d)
		}
		id := uint64(d["id"].(float64))
		var notes int64
		a.DB.Raw("SELECT COUNT(*) FROM notifications WHERE type = 'PricelistUploaded'").Scan(&notes)
		if notes != 1 {
			t.Errorf("PricelistUploaded notifications: %d", notes)
		}
		if log := activityOf(t, a, "supplier", sup.ID); len(log) != 1 || log[0].Type != "supplier.pricelist_uploaded" ||
			!strings.Contains(log[0].New, fmt.Sprintf(`"import_id":%d`, id)) || !strings.Contains(log[0].New, `"file_name":"cenovnik.xlsx"`) {
			t.Errorf("upload activity: %+v", log)
		}

		// upload422 and the other refusals.
		big := append(append([]byte{}, file...), bytes.Repeat([]byte{0}, pricelist.MaxFileBytes)...)
		tests := []struct {
			name, token, lang, supplier string
			data                        []byte
			status                      int
			field, msg                  string
		}{
			{"tooLarge", ts.staff, "en", sid, big, 422, "file", "The maximum file size is 10MB"},
			{"tooLargeSerbian", ts.staff, "sr", sid, big, 422, "file", "Maksimalna veličina fajla je 10MB"},
			{"renamedText", ts.staff, "en", sid, []byte("sku,price\nA1,100\n"), 422, "file", "The file must be in XLSX format"},
			{"renamedTextSerbian", ts.staff, "", sid, []byte("sku,price\nA1,100\n"), 422, "file", "Fajl mora biti u XLSX formatu"},
			{"noFile", ts.staff, "en", sid, nil, 422, "file", "The file is required"},
			{"unknownSupplier", ts.staff, "en", "9999", file, 422, "supplier_id", "The selected supplier does not exist"},
			{"noSupplier", ts.staff, "en", "", file, 422, "supplier_id", "The field is required"},
			{"supplierNotNumber", ts.staff, "en", "abc", file, 422, "supplier_id", "The field must be a number"},
			{"customer403", ts.buyer, "", sid, file, 403, "", ""},
			{"anonymous401", "", "", sid, file, 401, "", ""},
		}
		for _, tt := range tests {
			r := upload(tt.token, tt.lang, tt.supplier, "x.xlsx", tt.data)
			if r.Status != tt.status || (tt.field != "" && firstError(r, tt.field) != tt.msg) {
				t.Errorf("%s: %d %s, want %d %s %q", tt.name, r.Status, r.Raw, tt.status, tt.field, tt.msg)
			}
		}

		// The job runs (here in the test); the list and the detail show it.
		if _, err := a.Pricelist.RunImport(ctx, id, true, nil); err != nil {
			t.Fatal(err)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/pricelists?supplier_id=" + sid, token: ts.staff})
		if r.Status != 200 || len(list(r)) != 1 || r.Body["meta"].(map[string]any)["total"] != 1.0 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		if row := list(r)[0].(map[string]any); row["status"] != "finished" || row["rows"] != 20.0 || row["report"] != nil {
			t.Errorf("list row: %v", row)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/pricelists?supplier_id=9999", token: ts.staff})
		if r.Status != 200 || len(list(r)) != 0 {
			t.Errorf("list of another supplier: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/pricelists?suplier_id=1", token: ts.staff})
		if r.Status != 422 {
			t.Errorf("unknown filter: %d", r.Status)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelists/%d", id), token: ts.staff, lang: "en"})
		d = data(r)
		rep, _ := d["report"].(map[string]any)
		if r.Status != 200 || rep == nil || rep["rejected_rows"] == nil || rep["duplicate_skus"] == nil || rep["unmapped_categories"] == nil {
			t.Fatalf("detail: %d %s", r.Status, r.Raw)
		}
		if d["created"].(float64)+d["rejected"].(float64) != 20 || d["finished_at"] == nil || d["error"] != "" {
			t.Errorf("detail: %v", d)
		}
		for _, p := range []string{"/api/v1/admin/pricelists/9999", "/api/v1/admin/pricelists/abc"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.staff, lang: "en"}); r.Status != 404 {
				t.Errorf("%s: %d", p, r.Status)
			}
		}
	})
}

// A failed import shows its reason in the caller's language.
func TestPricelistFailedImport(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		sup, _ := a.Catalog.CreateSupplier(ctx, "Ewe")
		var buf bytes.Buffer
		pricelist.WriteSample(&buf, 3, pricelist.SampleOptions{Headers: pricelist.HeaderMapping{pricelist.FieldPrice: "-"}})
		body, ct := pricelistBody(t, fmt.Sprint(sup.ID), "bez-cene.xlsx", buf.Bytes())
		r := ts.do(req{method: "POST", path: "/api/v1/admin/pricelists", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 202 {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		if _, err := a.Pricelist.RunImport(ctx, id, false, nil); err == nil {
			t.Fatal("a file without a price column imported")
		}
		for lang, want := range map[string]string{"en": "price", "sr": "cenu"} {
			r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/pricelists/%d", id), token: ts.admin, lang: lang})
			if d := data(r); d["status"] != "failed" || !strings.Contains(fmt.Sprint(d["error"]), want) {
				t.Errorf("%s: %v", lang, d)
			}
		}
	})
}

func TestHeaderMappingAPI(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		sup, _ := a.Catalog.CreateSupplier(context.Background(), "Comtrade")
		path := fmt.Sprintf("/api/v1/admin/suppliers/%d/header-mapping", sup.ID)
		empty := map[string]any{"sku": "", "name": "", "category": "", "price": "", "recommended_price": "", "stock": "", "ean": "", "brand": ""}
		r := ts.do(req{method: "GET", path: path, token: ts.staff})
		if diff := cmp.Diff(empty, data(r)); r.Status != 200 || diff != "" {
			t.Errorf("get: %d (-want +got):\n%s", r.Status, diff)
		}
		r = ts.do(req{method: "PUT", path: path, token: ts.staff, lang: "en", body: map[string]string{"sku": "Šifra", "price": "ŠIFRA"}})
		if r.Status != 422 || firstError(r, "price") != "The same column header is given for more than one field" {
			t.Errorf("twice: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PUT", path: path, token: ts.staff, lang: "en", body: map[string]string{"sku": "Artikal ID", "price": "Iznos", "stock": strings.Repeat("x", 256)}})
		if r.Status != 422 || firstError(r, "stock") == "" {
			t.Errorf("too long: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PUT", path: path, token: ts.staff, lang: "en", body: map[string]string{"sku": " Artikal ID ", "price": "Iznos"}})
		want := map[string]any{"sku": "Artikal ID", "name": "", "category": "", "price": "Iznos", "recommended_price": "", "stock": "", "ean": "", "brand": ""}
		if diff := cmp.Diff(want, data(r)); r.Status != 200 || message(r) != "The header mapping has been saved" || diff != "" {
			t.Errorf("put: %d %s", r.Status, r.Raw)
		}
		// One entry (the refused saves wrote none), the mapping before (none) and after.
		if log := activityOf(t, a, "supplier", sup.ID); len(log) != 1 || log[0].Type != "supplier.header_mapping_updated" ||
			log[0].Old != `{}` || log[0].New != `{"price":"Iznos","sku":"Artikal ID"}` {
			t.Errorf("header mapping activity: %+v", log)
		}
		r = ts.do(req{method: "GET", path: path, token: ts.staff})
		if diff := cmp.Diff(want, data(r)); diff != "" {
			t.Errorf("read back (-want +got):\n%s", diff)
		}
		for _, p := range []string{"/api/v1/admin/suppliers/9999/header-mapping", "/api/v1/admin/suppliers/x/header-mapping"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.staff}); r.Status != 404 {
				t.Errorf("%s: %d", p, r.Status)
			}
		}
		if r := ts.do(req{method: "PUT", path: path, token: ts.buyer, body: want}); r.Status != 403 {
			t.Errorf("customer: %d", r.Status)
		}
	})
}

// With the Pricelist module off, its routes do not exist (404).
func TestPricelistModuleOff(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"Banner"} }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, p := range []string{"/api/v1/admin/pricelists", "/api/v1/admin/suppliers/1/header-mapping"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.admin}); r.Status != 404 {
				t.Errorf("%s with the module off: %d", p, r.Status)
			}
		}
	})
}
