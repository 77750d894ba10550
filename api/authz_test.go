package api_test

import (
	"strings"
	"testing"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestRouteGuards walks every route of the table: a new route cannot be forgotten.
// Guarded routes: no token 401; a customer 403; the super-admin never 401/403.
func TestRouteGuards(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		routes := api.Routes(ts.deps)
		admin := 0
		for _, rt := range routes {
			path := "/api/v1" + strings.ReplaceAll(rt.Path, ":id", "1")
			name := rt.Method + " " + rt.Path
			if strings.HasPrefix(rt.Path, "/admin/") && !rt.Admin() {
				t.Errorf("%s: an admin path without a permission guard", name)
			}
			if rt.Admin() && !rt.Auth {
				t.Errorf("%s: a permission guard without authentication", name)
			}
			if !rt.Auth {
				continue
			}
			if r := ts.do(req{method: rt.Method, path: path, body: map[string]any{}}); r.Status != 401 {
				t.Errorf("%s without a token: %d, want 401", name, r.Status)
			}
			if r := ts.do(req{method: rt.Method, path: path, token: "not-a-token", body: map[string]any{}}); r.Status != 401 {
				t.Errorf("%s with a bad token: %d, want 401", name, r.Status)
			}
			if !rt.Admin() {
				continue
			}
			if rt.Path == "/admin/realtime" {
				// A stream that stays open: its guards are tested in notifications_test.go.
				continue
			}
			admin++
			r := ts.do(req{method: rt.Method, path: path, token: ts.buyer, body: map[string]any{}})
			if r.Status != 403 || r.Body["message"] != "Unauthorized" {
				t.Errorf("%s as customer: %d %s, want 403 Unauthorized", name, r.Status, r.Raw)
			}
			r = ts.do(req{method: rt.Method, path: path, token: ts.admin, body: map[string]any{}})
			if r.Status == 401 || r.Status == 403 {
				t.Errorf("%s as super-admin: %d", name, r.Status)
			}
		}
		if admin == 0 {
			t.Fatal("no admin routes walked")
		}
	})
}

// TestStaffPermissions: the demo staff role holds some permissions and not others.
func TestStaffPermissions(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: ts.staff}); r.Status != 403 {
			t.Fatalf("staff lists users: %d, want 403", r.Status)
		}
		me := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.staff}))
		perms := me["permissions"].([]any)
		if len(perms) == 0 || me["roles"].([]any)[0] != "urednik" {
			t.Fatalf("staff me: %v", me)
		}
	})
}
