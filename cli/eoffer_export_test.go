package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"shop/internal/app"
	"shop/internal/feeds"
)

func TestNewCmdEofferExport(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		wantJSON bool
		wantCode int
	}{
		{"plain", []string{"eoffer", "export"}, false, 0},
		{"json", []string{"eoffer", "export", "--json"}, true, 0},
		{"an argument", []string{"eoffer", "export", "now"}, false, 2},
		{"unknown flag", []string{"eoffer", "export", "--all"}, false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *EofferExportOptions
			f, err := parse(t, func(f *Factory) *cobra.Command {
				cmd := &cobra.Command{Use: "eoffer"}
				cmd.AddCommand(NewCmdEofferExport(f, func(o *EofferExportOptions) error { got = o; return nil }))
				return cmd
			}, tt.args...)
			if code := ExitCode(err); code != tt.wantCode {
				t.Fatalf("exit code %d (%v), want %d", code, err, tt.wantCode)
			}
			if tt.wantCode != 0 {
				if got != nil {
					t.Error("runF called despite a usage error")
				}
				return
			}
			if got == nil || f.JSON != tt.wantJSON {
				t.Errorf("options %+v json=%v, want json=%v", got, f.JSON, tt.wantJSON)
			}
		})
	}
}

func TestEofferExportRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.mustRun(t, "migrate", "up")
		s.withApp(t, func(a *app.App) {
			now := time.Now()
			db := a.DB
			if err := db.Table("categories").Create(map[string]any{"name": "Monitori", "slug": "monitori", "prefix": "MO", "pdv_bps": 2000,
				"web_margin_bps": 1000, "retail_margin_bps": 1000, "dealer_margin_bps": 1000, "created_at": now, "updated_at": now}).Error; err != nil {
				t.Fatal(err)
			}
			var cat uint64
			db.Table("categories").Select("MAX(id)").Scan(&cat)
			if err := db.Table("products").Create(map[string]any{"sku": "MON-1", "name": "Monitor 27", "slug": "monitor-27", "eponuda": true,
				"entry_price": 1000000, "web_price": 1320000, "main_category_id": cat, "created_at": now, "updated_at": now}).Error; err != nil {
				t.Fatal(err)
			}
		})
		out := s.mustRun(t, "eoffer", "export", "--json")
		var res feeds.ExportResult
		if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Feeds) != 3 {
			t.Fatalf("--json: %v\n%s", err, out)
		}
		for _, f := range res.Feeds {
			want := 1
			if f.Name == feeds.FeedGoogle {
				want = 0 // no image: Merchant Center requires one
			}
			if f.Products != want || f.ETag == "" {
				t.Errorf("feed %+v", f)
			}
		}
		out, errOut, _ := s.run(t, "eoffer", "export")
		if !regexp.MustCompile(`eponuda.csv\t1 proizvoda\t[0-9]+ B \(gzip\)`).MatchString(out) || !strings.Contains(out, "google.xml\t0 proizvoda") {
			t.Errorf("plain output:\n%s", out)
		}
		// No http.public_url: the links are the address derived from http.addr, and it says so.
		if !strings.Contains(errOut, "http.public_url nije podešen") || !strings.Contains(errOut, "http://localhost:8080") {
			t.Errorf("no warning about the derived address:\n%s", errOut)
		}
		if out, _, _ := s.run(t, "--lang", "en", "eoffer", "export"); !strings.Contains(out, "eponuda.csv\t1 products\t") {
			t.Errorf("English output:\n%s", out)
		}
		s.withApp(t, func(a *app.App) {
			rc, info, err := a.Feeds.Open(context.Background(), feeds.FeedEponudaXML)
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			if n, _ := io.Copy(io.Discard, rc); n != info.Size || info.Products != 1 {
				t.Errorf("stored feed: %d bytes, info %+v", n, info)
			}
		})
	})
}

// TestEofferExportPublicURL: with http.public_url set, shopctl's feeds link to that address (as
// the server's, which read the same setting) and no warning is printed.
func TestEofferExportPublicURL(t *testing.T) {
	t.Parallel()
	s := newTestShop(t, "sqlite", "SHOP_HTTP_PUBLIC_URL=http://localhost:18700")
	s.mustRun(t, "migrate", "up")
	s.withApp(t, func(a *app.App) {
		now := time.Now()
		if err := a.DB.Table("categories").Create(map[string]any{"name": "Monitori", "slug": "monitori", "prefix": "MO", "pdv_bps": 2000,
			"web_margin_bps": 1000, "retail_margin_bps": 1000, "dealer_margin_bps": 1000, "created_at": now, "updated_at": now}).Error; err != nil {
			t.Fatal(err)
		}
		var cat uint64
		a.DB.Table("categories").Select("MAX(id)").Scan(&cat)
		if err := a.DB.Table("products").Create(map[string]any{"sku": "MON-1", "name": "Monitor 27", "slug": "monitor-27", "eponuda": true, "active": true, "visible": true,
			"entry_price": 1000000, "web_price": 1320000, "main_category_id": cat, "created_at": now, "updated_at": now}).Error; err != nil {
			t.Fatal(err)
		}
	})
	_, errOut, code := s.run(t, "eoffer", "export")
	if code != 0 || strings.Contains(errOut, "public_url") {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	s.withApp(t, func(a *app.App) {
		rc, _, err := a.Feeds.Open(context.Background(), feeds.FeedEponudaXML)
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		raw, _ := io.ReadAll(rc)
		if zr, err := gzip.NewReader(bytes.NewReader(raw)); err == nil {
			raw, _ = io.ReadAll(zr)
		}
		if !strings.Contains(string(raw), "http://localhost:18700/kategorije/monitori/proizvodi/monitor-27") || strings.Contains(string(raw), "localhost:8080") {
			t.Errorf("feed links:\n%.600s", raw)
		}
	})
}
