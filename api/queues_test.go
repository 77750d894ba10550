package api_test

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestQueueMonitorGuard: asynq's monitor at /admin/queues is for super-admins only; a browser
// opens it by link, so the shop_token cookie authenticates as well as the header.
func TestQueueMonitorGuard(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cookie := func(tok string) map[string]string { return map[string]string{"Cookie": "shop_token=" + tok} }
		tests := []struct {
			name string
			r    req
			want int
		}{
			{"anonymous401", req{method: "GET", path: "/admin/queues"}, 401},
			{"badCookie401", req{method: "GET", path: "/admin/queues/api/queues", header: cookie("nope")}, 401},
			{"customer403", req{method: "GET", path: "/admin/queues", header: cookie(ts.buyer)}, 403},
			{"staff403", req{method: "GET", path: "/admin/queues/api/queues", token: ts.staff}, 403},
			{"superAdminCookie200", req{method: "GET", path: "/admin/queues", header: cookie(ts.admin)}, 200},
			{"superAdminHeader200", req{method: "GET", path: "/admin/queues/api/queues", token: ts.admin}, 200},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				if r.Status != tt.want {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.want)
				}
				if tt.want != 200 && r.Body["message"] == nil {
					t.Errorf("an API client's refusal is the JSON envelope: %s", r.Raw)
				}
				if tt.want == 200 && tt.r.path == "/admin/queues" && !strings.Contains(string(r.Raw), `<div id="root">`) {
					t.Errorf("body %q, want the monitor", r.Raw)
				}
			})
		}
	})
}

// TestQueueMonitorRefusalPage: a browser refused at the monitor gets a localized HTML page
// (Serbian by default, English on request) with the status of the one error mapping and a
// link to the admin's login; an API client asking for JSON keeps the envelope.
func TestQueueMonitorRefusalPage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
		page := func(tok, lang string) map[string]string {
			h := map[string]string{"Accept": browser}
			if tok != "" {
				h["Cookie"] = "shop_token=" + tok
			}
			if lang != "" {
				h["Accept-Language"] = lang
			}
			return h
		}
		tests := []struct {
			name    string
			r       req
			status  int
			html    bool
			message string
		}{
			{"anonymousSerbian", req{method: "GET", path: "/admin/queues", header: page("", "")}, 401, true, "Niste prijavljeni."},
			{"anonymousEnglish", req{method: "GET", path: "/admin/queues/queues/default", header: page("", "en-US,en;q=0.9")}, 401, true, "Unauthenticated."},
			{"badCookie", req{method: "GET", path: "/admin/queues", header: page("nope", "sr")}, 401, true, "Niste prijavljeni."},
			{"staff", req{method: "GET", path: "/admin/queues", header: page(ts.staff, "en")}, 403, true, "You may not open this page"},
			{"customer", req{method: "GET", path: "/admin/queues", header: page(ts.buyer, "")}, 403, true, "Nemate dozvolu za ovu stranicu"},
			{"jsonClient", req{method: "GET", path: "/admin/queues", header: map[string]string{"Accept": "application/json"}}, 401, false, "Niste prijavljeni."},
			{"monitorFetch", req{method: "GET", path: "/admin/queues/api/queues", token: ts.staff,
				header: map[string]string{"Accept": "application/json, text/plain, */*"}}, 403, false, "Unauthorized"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				if r.Status != tt.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.status)
				}
				ct := r.Header.Get("Content-Type")
				if !tt.html {
					if !strings.HasPrefix(ct, "application/json") || r.Body["message"] != tt.message {
						t.Fatalf("%s %s, want the JSON envelope with %q", ct, r.Raw, tt.message)
					}
					return
				}
				body := string(r.Raw)
				if !strings.HasPrefix(ct, "text/html") || !strings.Contains(body, "<h1>"+tt.message+"</h1>") {
					t.Fatalf("%s %s, want a page saying %q", ct, body, tt.message)
				}
				// signed in: back to the admin, in the admin's words (never the English "Unauthorized");
				// not signed in: to the login
				en := tt.r.header["Accept-Language"] == "en" || strings.HasPrefix(tt.r.header["Accept-Language"], "en-")
				link := map[[2]bool]string{
					{false, false}: `<a href="/admin/login">Prijava u administraciju</a>`,
					{false, true}:  `<a href="/admin/login">Sign in to the administration</a>`,
					{true, false}:  `<a href="/admin/">Nazad u administraciju</a>`,
					{true, true}:   `<a href="/admin/">Back to the administration</a>`,
				}[[2]bool{tt.status == 403, en}]
				if tt.status == 403 && strings.Contains(body, "Unauthorized") {
					t.Errorf("the refusal page of a signed-in person says Unauthorized: %s", body)
				}
				if !strings.Contains(body, link) {
					t.Errorf("%s, want the link %s", body, link)
				}
			})
		}
	})
}

// TestQueueMonitorPage: the monitor's page fetches nothing from outside (asynqmon links Google
// Fonts; its icons are SVG, so the links go) and has a policy allowing exactly its inline
// scripts, by their hashes; its scripts and JSON pass through untouched.
func TestQueueMonitorPage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, path := range []string{"/admin/queues", "/admin/queues/queues/default"} {
			r := ts.do(req{method: "GET", path: path, token: ts.admin})
			body := string(r.Raw)
			if r.Status != 200 || !strings.Contains(body, `<div id="root">`) {
				t.Fatalf("%s: %d %.200s", path, r.Status, body)
			}
			for _, outside := range []string{"googleapis", "gstatic", "https://"} {
				if strings.Contains(body, outside) {
					t.Errorf("%s: the page refers to %q", path, outside)
				}
			}
			// the way back to the admin, which asynqmon itself does not offer
			if !strings.Contains(body, `<a href="/admin/"`) || !strings.Contains(body, "Nazad u administraciju</a>") {
				t.Errorf("%s: no link back to the admin", path)
			}
			csp := r.Header.Get("Content-Security-Policy")
			scripts := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(body, -1)
			if len(scripts) == 0 {
				t.Fatalf("%s: no inline script: %.300s", path, body)
			}
			for _, s := range scripts {
				sum := sha256.Sum256([]byte(s[1]))
				if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp, h) {
					t.Errorf("%s: policy %q lacks %s", path, csp, h)
				}
			}
			for _, d := range strings.Split(csp, ";") {
				if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src") && strings.Contains(d, "unsafe") {
					t.Errorf("%s: scripts allowed beyond their hashes: %q", path, d)
				}
			}
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
				t.Errorf("%s: type %q", path, r.Header.Get("Content-Type"))
			}
		}
		js := regexp.MustCompile(`src="(/admin/queues/static/js/[^"]+)"`).FindStringSubmatch(string(ts.do(req{method: "GET", path: "/admin/queues", token: ts.admin}).Raw))
		if js == nil {
			t.Fatal("no script of the monitor's own")
		}
		if r := ts.do(req{method: "GET", path: js[1], token: ts.admin}); r.Status != 200 ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "application/javascript") || len(r.Raw) < 1000 {
			t.Errorf("%s: %d %q %d bytes", js[1], r.Status, r.Header.Get("Content-Type"), len(r.Raw))
		}
		if r := ts.do(req{method: "GET", path: "/admin/queues/api/queues", token: ts.admin}); r.Status != 200 || r.Body["queues"] == nil ||
			r.Header.Get("Content-Security-Policy") != "" {
			t.Errorf("monitor API: %d %s %q", r.Status, r.Raw, r.Header.Get("Content-Security-Policy"))
		}
	})
}
