package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

func TestPublicFeeds(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		partnerCatalogue(t, a)
		if err := a.DB.Table("products").Where("sku = ?", "LAP-1").Update("eponuda", true).Error; err != nil {
			t.Fatal(err)
		}
		if r := ts.do(req{method: "GET", path: "/feeds/eponuda.csv"}); r.Status != 404 {
			t.Fatalf("before the first export: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/feeds/secrets.txt"}); r.Status != 404 {
			t.Fatalf("not a feed: %d", r.Status)
		}
		if _, err := a.Feeds.Export(context.Background()); err != nil {
			t.Fatal(err)
		}
		// A client that takes gzip gets the stored gzip as it is.
		r := ts.do(req{method: "GET", path: "/feeds/eponuda.csv", header: map[string]string{"Accept-Encoding": "gzip"}})
		if r.Status != 200 || r.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("gzip: %d %v", r.Status, r.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		if !strings.Contains(string(plain), "LAP-1") || strings.Contains(string(plain), "BOOK-1") {
			t.Fatalf("feed: %s", plain)
		}
		etag, modified := r.Header.Get("ETag"), r.Header.Get("Last-Modified")
		if etag == "" || modified == "" {
			t.Fatalf("validators: %v", r.Header)
		}
		// One that does not gets it unzipped.
		r = ts.do(req{method: "GET", path: "/feeds/eponuda.csv", header: map[string]string{"Accept-Encoding": "identity"}})
		if r.Status != 200 || r.Header.Get("Content-Encoding") != "" || string(r.Raw) != string(plain) {
			t.Fatalf("identity: %d %v %q", r.Status, r.Header, r.Raw)
		}
		for _, h := range []map[string]string{{"If-None-Match": etag}, {"If-Modified-Since": modified}} {
			if r := ts.do(req{method: "GET", path: "/feeds/eponuda.csv", header: h}); r.Status != http.StatusNotModified {
				t.Errorf("conditional %v: %d", h, r.Status)
			}
		}
		if r := ts.do(req{method: "GET", path: "/feeds/eponuda.csv", header: map[string]string{"If-None-Match": `"other"`, "Accept-Encoding": "identity"}}); r.Status != 200 {
			t.Errorf("stale etag: %d", r.Status)
		}
		for _, name := range []string{"eponuda.xml", "google.xml"} {
			r := ts.do(req{method: "GET", path: "/feeds/" + name, header: map[string]string{"Accept-Encoding": "identity"}})
			if r.Status != 200 || !strings.HasPrefix(string(r.Raw), "<?xml") || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/xml") {
				t.Errorf("%s: %d %v", name, r.Status, r.Header)
			}
		}
	})
}

// TestFeedStatus: the tab's count of marked products and what the export writes agree once
// the left-out products are counted by reason, and "Izvezi sada" queues the export.
func TestFeedStatus(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		_, books := partnerCatalogue(t, a)
		a.DB.Table("products").Where("1 = 1").Update("eponuda", true)
		a.DB.Table("categories").Where("id = ?", books).Update("min_price", 1_000_000_00) // BOOK-1 below the minimum
		r := ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-feed/status", token: ts.admin})
		d := data(r)
		left, _ := d["left_out"].(map[string]any)
		if r.Status != 200 || d["marked"] != 3.0 || d["exported"] != 1.0 || left["inactive"] != 1.0 || left["below_min_price"] != 1.0 ||
			left["hidden"] != 0.0 || left["no_price"] != 0.0 || len(d["files"].([]any)) != 0 {
			t.Fatalf("status: %d %s", r.Status, r.Raw)
		}
		if _, err := a.Feeds.Export(context.Background()); err != nil {
			t.Fatal(err)
		}
		d = data(ts.do(req{method: "GET", path: "/api/v1/admin/eponuda-feed/status", token: ts.admin}))
		files := d["files"].([]any)
		if len(files) != 3 {
			t.Fatalf("files after the export: %v", d)
		}
		for _, f := range files {
			m := f.(map[string]any)
			want := d["exported"].(float64)
			if m["name"] == "google.xml" {
				want -= d["google_without_image"].(float64)
			}
			if m["products"] != want {
				t.Errorf("%s lists %v products, the status says %v", m["name"], m["products"], want)
			}
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-feed/export", token: ts.admin}); r.Status != 202 || message(r) == "" {
			t.Fatalf("export now: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-feed/export", token: ts.admin}); r.Status != 202 {
			t.Fatalf("export now, clicked twice: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/eponuda-feed/export", token: ts.staff}); r.Status != 403 {
			t.Fatalf("export by staff without update-eponuda: %d", r.Status)
		}
	})
}
