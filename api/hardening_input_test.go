package api_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/platform/config"
)

// TestControlCharacters: a NUL (or another C0 character) in a JSON string, a query parameter or
// a path is refused where the request is decoded: a 422 naming the field, a 404 for a path. On
// PostgreSQL these were 500s; SQLite stored them as they came.
func TestControlCharacters(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		body422 := []struct {
			name, method, path, token, field string
			body                             any
		}{
			{"register", "POST", "/api/v1/register", "", "name",
				map[string]any{"name": "Pe\x00ra", "email": "pera@example.com", "password": "lozinka123", "password_confirmation": "lozinka123"}},
			{"registerEmail", "POST", "/api/v1/register", "", "email",
				map[string]any{"name": "Pera", "email": "pe\x01ra@example.com", "password": "lozinka123", "password_confirmation": "lozinka123"}},
			{"brand", "POST", "/api/v1/admin/brands", ts.admin, "name", map[string]any{"name": "Gor\x00enje 2"}},
			{"productNested", "POST", "/api/v1/admin/products", ts.staff, "categories",
				map[string]any{"sku": "X-1", "name": "Ime", "entry_price": 1000, "categories": []any{fx.cat1}, "description": lexical("Opis"), "ean": "38\x0038"}},
		}
		for _, tt := range body422 {
			r := ts.do(req{method: tt.method, path: tt.path, token: tt.token, body: tt.body, lang: "en"})
			want := tt.field
			if tt.name == "productNested" {
				want = "ean"
			}
			if r.Status != 422 || firstError(r, want) != "The field contains control characters that are not allowed" {
				t.Errorf("%s: %d %s, want 422 on %s", tt.name, r.Status, r.Raw, want)
			}
		}
		// A NUL escaped inside the rich-text document reaches the description's text.
		p := fx.product("X-2", "Proizvod", fx.cat1)
		p["description"] = lexical("Opis\x00 proizvoda")
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products", token: ts.staff, body: p}); r.Status != 422 || firstError(r, "description") == "" {
			t.Errorf("description with an escaped NUL: %d %s", r.Status, r.Raw)
		}
		// Line breaks and tabs are text: a description and a name with them pass the decoding.
		p = fx.product("X-3", "Proizvod\tsa tabom", fx.cat1)
		p["description"] = lexical("Prvi red\nDrugi red")
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/products", token: ts.staff, body: p}); r.Status == 422 && firstError(r, "name") != "" {
			t.Errorf("a tab in a JSON string refused: %s", r.Raw)
		}

		for _, tt := range []struct{ path, token, field string }{
			{"/api/v1/admin/users?search=a%00b", ts.admin, "search"},
			{"/api/v1/admin/roles?x=%00", ts.admin, "x"},
			{"/api/v1/admin/brands?search=%09tab", ts.admin, "search"},
			{"/api/v1/admin/products?search=%00", ts.staff, "search"},
			{"/api/v1/admin/activity?subject_type=%00", ts.admin, "subject_type"},
			{"/api/v1/admin/realtime?last_event_id=%00", ts.staff, "last_event_id"},
		} {
			r := ts.do(req{method: "GET", path: tt.path, token: tt.token})
			if r.Status != 422 || firstError(r, tt.field) == "" {
				t.Errorf("%s: %d %s, want 422 on %s", tt.path, r.Status, r.Raw, tt.field)
			}
		}
		for _, path := range []string{"/media/images/p/1%00.png", "/api/v1/categories/a%00b/declaration", "/kategorije/a%01b"} {
			if r := ts.do(req{method: "GET", path: path}); r.Status != 404 {
				t.Errorf("%s: %d %s, want 404", path, r.Status, r.Raw)
			}
		}
	})
}

// TestListPageBounds: a page whose offset would overflow is a 422 on every list (the categories
// lists panicked, the others answered the first page); a page past the end is an empty page.
func TestListPageBounds(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := productFixtureNew(t, a)
		ts := fx.ts
		for _, tt := range []struct{ path, token string }{
			{"/api/v1/categories", ""},
			{"/api/v1/admin/categories", ts.admin},
			{"/api/v1/admin/products", ts.admin},
			{"/api/v1/admin/brands", ts.admin},
			{"/api/v1/admin/users", ts.admin},
		} {
			r := ts.do(req{method: "GET", path: tt.path + "?page=9223372036854775807", token: tt.token})
			if r.Status != 422 || firstError(r, "page") == "" {
				t.Errorf("%s overflow: %d %s, want 422 on page", tt.path, r.Status, r.Raw)
			}
			r = ts.do(req{method: "GET", path: tt.path + "?page=1000&paginate=50", token: tt.token})
			meta, _ := r.Body["meta"].(map[string]any)
			if r.Status != 200 || len(list(r)) != 0 || meta["current_page"] != 1000.0 {
				t.Errorf("%s past the end: %d %s, want an empty page 1000", tt.path, r.Status, r.Raw)
			}
		}
	})
}

// TestContentType: a state-changing request with a body other than JSON or a multipart form is
// a 415 (another site's page can post text/plain or a form from a visitor's browser without a
// CORS preflight); bodiless requests and the two accepted types pass.
func TestContentType(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		login := []byte(`{"email":"admin@demo.local","password":"demo1234"}`)
		for _, tt := range []struct {
			name, method, path, ctype, token string
			body                             []byte
		}{
			{"textPlain", "POST", "/api/v1/login", "text/plain", "", login},
			{"textPlainCharset", "POST", "/api/v1/login", "text/plain;charset=UTF-8", "", login},
			{"form", "POST", "/api/v1/register", "application/x-www-form-urlencoded", "", []byte("name=a&email=b")},
			{"noTypeWithBody", "POST", "/api/v1/login", "-", "", login},
			{"patch", "PATCH", "/api/v1/admin/users/1", "text/plain", ts.admin, []byte(`{"name":"x"}`)},
			{"emptyTextPlain", "POST", "/api/v1/logout", "text/plain", ts.buyer, []byte{}},
			{"queueMonitor", "POST", "/admin/queues/api/queues/default:pause", "text/plain", ts.admin, []byte("x")},
		} {
			r := ts.do(req{method: tt.method, path: tt.path, raw: tt.body, contentType: tt.ctype, token: tt.token, lang: "en"})
			if r.Status != 415 || message(r) == "" {
				t.Errorf("%s: %d %s, want 415", tt.name, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", raw: login, contentType: "application/json; charset=utf-8"}); r.Status != 200 {
			t.Errorf("json with charset: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/logout", token: ts.buyer}); r.Status != 200 {
			t.Errorf("bodiless logout: %d %s", r.Status, r.Raw)
		}
		body, ctype := multipartFile(t, "avatar", "a.png", smallPNG(t))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/users/1/avatar", raw: body, contentType: ctype, token: ts.admin}); r.Status == 415 {
			t.Errorf("multipart refused: %s", r.Raw)
		}
	})
}

// TestForwardedForUntrustedByDefault: with the default configuration no proxy is trusted, so a
// client next to the server (here on loopback, as one on the LAN or a Docker bridge) cannot
// pick its address with X-Forwarded-For and walk around the per-IP login limit.
func TestForwardedForUntrustedByDefault(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Auth.LoginPerIPPerMinute = 3 }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a) // its three logins count against loopback
		r := ts.do(req{method: "POST", path: "/api/v1/login", header: map[string]string{"X-Forwarded-For": "198.51.100.99"},
			body: map[string]string{"email": "admin@demo.local", "password": demo.Password}})
		if r.Status != 429 {
			t.Errorf("fourth login from loopback naming another address: %d %s, want 429", r.Status, r.Raw)
		}
	})
}

// TestAccessLogLevels: API calls are logged at info; media files and health probes at debug.
func TestAccessLogLevels(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		var buf syncBuffer
		deps := newTestServer(t, a).deps
		deps.Registry = prometheus.NewRegistry()
		deps.Log = slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
		h := api.New(deps)
		for _, p := range []string{"/healthz", "/media/images/none.png", "/api/v1/modules"} {
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
		}
		logged := buf.String()
		if !strings.Contains(logged, `"path":"/api/v1/modules"`) {
			t.Errorf("an API call is not logged at info: %s", logged)
		}
		for _, p := range []string{"/healthz", "/media/"} {
			if strings.Contains(logged, `"path":"`+p) {
				t.Errorf("%s logged at info: %s", p, logged)
			}
		}
	})
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestSecurityHeaders: every answer refuses sniffing, framing and full referrers; API answers
// are never stored; the apps come with their Content-Security-Policy; uploads are served with
// the type their bytes have, and anything but an image as a download.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := context.Background()
		put := func(key, ctype string, data []byte) {
			if err := a.Blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(a.Config.Web.StoreDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(a.Config.Web.StoreDir, "index.html"), []byte("<title>prodavnica</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
		put("images/p/real.png", "text/html", smallPNG(t))
		put("images/p/fake.png", "image/png", []byte("<html><script>alert(1)</script></html>"))

		for _, tt := range []struct{ path, token string }{
			{"/api/v1/modules", ""}, {"/api/v1/users/token", ts.admin}, {"/", ""}, {"/media/images/p/real.png", ""}, {"/healthz", ""},
		} {
			r := ts.do(req{method: "GET", path: tt.path, token: tt.token})
			for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "X-Frame-Options": "DENY"} {
				if got := r.Header.Get(k); got != v {
					t.Errorf("%s: %s %q, want %q", tt.path, k, got, v)
				}
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}); r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("authenticated answer: Cache-Control %q, want no-store", r.Header.Get("Cache-Control"))
		}
		if r := ts.do(req{method: "GET", path: "/"}); !strings.Contains(r.Header.Get("Content-Security-Policy"), "script-src 'self'") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("storefront CSP: %q", r.Header.Get("Content-Security-Policy"))
		}
		r := ts.do(req{method: "GET", path: "/media/images/p/real.png"})
		if r.Header.Get("Content-Type") != "image/png" || r.Header.Get("Content-Disposition") != "" {
			t.Errorf("an image: %q %q", r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
		}
		r = ts.do(req{method: "GET", path: "/media/images/p/fake.png"})
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") || r.Header.Get("Content-Disposition") != "attachment" {
			t.Errorf("HTML named .png: %q %q, want its sniffed type as an attachment", r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
		}
	})
}
