package api_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/config"
)

// TestHealth: /healthz is up; /readyz reports each dependency, 503 when one is down.
func TestHealth(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		if r := ts.do(req{method: "GET", path: "/healthz"}); r.Status != 200 || cmp.Diff(map[string]any{"status": "ok"}, r.Body) != "" {
			t.Errorf("healthz: %d %s", r.Status, r.Raw)
		}
		r := ts.do(req{method: "GET", path: "/readyz"})
		if diff := cmp.Diff(map[string]any{"status": "ok", "checks": map[string]any{"database": "ok", "redis": "ok"}}, r.Body); r.Status != 200 || diff != "" {
			t.Errorf("readyz: %d (-want +got):\n%s", r.Status, diff)
		}

		deps := ts.deps
		deps.Registry = prometheus.NewRegistry()
		deps.Checks = append([]api.Check{}, deps.Checks...)
		deps.Checks = append(deps.Checks, api.Check{Name: "objects", Ping: func(context.Context) error { return errors.New("connection refused by 10.0.0.9") }})
		w := httptest.NewRecorder()
		api.New(deps).ServeHTTP(w, httptest.NewRequest("GET", "/readyz", nil))
		if w.Code != 503 || !strings.Contains(w.Body.String(), `"objects":"unreachable"`) || strings.Contains(w.Body.String(), "10.0.0.9") {
			t.Errorf("readyz with a dependency down: %d %s", w.Code, w.Body)
		}
	})
}

// TestMetrics: requests are counted by route pattern, not by raw path.
func TestMetrics(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ts.do(req{method: "GET", path: "/api/v1/admin/users/999999", token: ts.admin})
		ts.do(req{method: "GET", path: "/api/v1/nowhere"})
		w := httptest.NewRecorder()
		api.Metrics(ts.deps.Registry).ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
		body := w.Body.String()
		for _, want := range []string{
			`shop_http_requests_total{method="GET",route="/api/v1/admin/users/:id",status="404"} 1`,
			`shop_http_requests_total{method="POST",route="/api/v1/login",status="200"} 3`,
			`shop_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
		if strings.Contains(body, "/999999") || strings.Contains(body, "nowhere") {
			t.Errorf("a raw path became a label: %s", body)
		}
	})
}

// TestMedia serves public objects only, and nothing outside them.
func TestMedia(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		put := func(key, ctype string, data []byte) {
			if err := a.Blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
				t.Fatal(err)
			}
		}
		put("images/p/1.png", "image/png", smallPNG(t))
		put("pricelists/3/cenovnik.xlsx", "application/octet-stream", []byte("private"))

		r := ts.do(req{method: "GET", path: "/media/images/p/1.png"})
		if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("public object: %d %v", r.Status, r.Header)
		}
		for _, path := range []string{
			"/media/pricelists/3/cenovnik.xlsx",
			"/media/images/../pricelists/3/cenovnik.xlsx",
			"/media/images/%2e%2e/pricelists/3/cenovnik.xlsx",
			"/media/images/p/none.png",
			"/media/images/",
		} {
			r := ts.do(req{method: "GET", path: path})
			if r.Status != 404 || strings.Contains(string(r.Raw), "private") {
				t.Errorf("%s: %d %s, want 404", path, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/media/images/p/none.png", lang: "en"}); message(r) != "The file does not exist or has been deleted." {
			t.Errorf("missing object message: %s", r.Raw)
		}
	})
}

// TestWebApps: the storefront and the admin app answer their own routes with index.html,
// assets as files; without a build, a plain 503 says how to build.
func TestWebApps(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		if r := ts.do(req{method: "GET", path: "/kategorije/laptopovi"}); r.Status != 503 || !strings.Contains(string(r.Raw), "make web") {
			t.Errorf("unbuilt storefront: %d %s", r.Status, r.Raw)
		}
		write := func(dir, name, content string) {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(a.Config.Web.StoreDir, "index.html", "<title>prodavnica</title>")
		write(a.Config.Web.StoreDir, "assets/app-1a2b.js", "console.log(1)")
		write(a.Config.Web.AdminDir, "index.html", "<title>admin</title>")
		// Before the build lists the storefront's pages, every path is one.
		if r := ts.do(req{method: "GET", path: "/nepostojeca-stranica"}); r.Status != 200 {
			t.Errorf("a path without routes.json: %d", r.Status)
		}
		write(a.Config.Web.StoreDir, "routes.json", `["/","/login","/kategorije/:slug","/pretraga-proizvoda/:q","/pomoc/*"]`)
		tests := []struct {
			path, contains, cache string
			status                int
		}{
			{"/", "prodavnica", "no-cache", 200},
			{"/login/", "prodavnica", "no-cache", 200},
			{"/kategorije/laptopovi", "prodavnica", "no-cache", 404}, // no such category (internal/seo's resolver)
			{"/pretraga-proizvoda/iphone", "prodavnica", "no-cache", 200},
			{"/pomoc/isporuka/rokovi", "prodavnica", "no-cache", 200},
			{"/assets/app-1a2b.js", "console.log", "immutable", 200},
			{"/admin", "admin", "no-cache", 200},
			{"/admin/users/5", "admin", "no-cache", 200},
			// Not a storefront page: the app (its not-found page), with a 404 for crawlers.
			{"/nepostojeca-stranica", "prodavnica", "no-cache", 404},
			{"/kategorije", "prodavnica", "no-cache", 404},
			{"/kategorije/laptopovi/extra", "prodavnica", "no-cache", 404},
			{"/metrics", "prodavnica", "no-cache", 404},
		}
		for _, tt := range tests {
			r := ts.do(req{method: "GET", path: tt.path})
			if r.Status != tt.status || !strings.Contains(string(r.Raw), tt.contains) || !strings.Contains(r.Header.Get("Cache-Control"), tt.cache) {
				t.Errorf("%s: %d %q cache %q, want %d", tt.path, r.Status, r.Raw, r.Header.Get("Cache-Control"), tt.status)
			}
		}
		// API paths never fall back to an app.
		if r := ts.do(req{method: "GET", path: "/api/v2/users"}); r.Status != 404 || r.Body["message"] == nil {
			t.Errorf("/api/v2: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/kategorije"}); r.Status != 404 {
			t.Errorf("POST to an app path: %d", r.Status)
		}
	})
}

// TestModuleGuard: a route of a switched-off module is a 404 for everyone.
func TestModuleGuard(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"News"} }, func(t *testing.T, a *app.App) {
		ok := func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"data": "ok"}) }
		ts := newTestServer(t, a,
			api.Route{Method: "GET", Path: "/test/banners", Handler: ok, Auth: true, Module: "Banner", Permissions: []string{"create-banner"}},
			api.Route{Method: "GET", Path: "/test/news", Handler: ok, Auth: true, Module: "News", Permissions: []string{"create-post"}},
		)
		r := ts.do(req{method: "GET", path: "/api/v1/test/banners", token: ts.admin})
		if r.Status != 404 || message(r) != "Modul Banner nije uključen." {
			t.Errorf("switched-off module: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/test/news", token: ts.admin}); r.Status != 200 {
			t.Errorf("enabled module: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/test/news", token: ts.buyer}); r.Status != 403 {
			t.Errorf("enabled module, no permission: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/test/news"}); r.Status != 401 {
			t.Errorf("enabled module, no token: %d", r.Status)
		}
	})
}
