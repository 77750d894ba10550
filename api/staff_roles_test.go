package api_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/platform/config"
)

// TestRolesCRUD: the authorization screen's calls: the server's permissions by group, create,
// rename (2-255), set permissions, refuse deleting a held role naming how many, delete.
func TestRolesCRUD(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		groups := ts.do(req{method: "GET", path: "/api/v1/admin/permissions", token: ts.admin})
		if groups.Status != 200 {
			t.Fatalf("permissions: %d %s", groups.Status, groups.Raw)
		}
		var names []string
		for _, g := range groups.Body["data"].([]any) {
			for _, p := range g.(map[string]any)["permissions"].([]any) {
				names = append(names, p.(map[string]any)["name"].(string))
			}
		}
		if d := cmp.Diff(identity.AllPermissions(), names); d != "" {
			t.Errorf("permissions are not the server's catalogue (-want +got):\n%s", d)
		}

		bad := ts.do(req{method: "POST", path: "/api/v1/admin/roles", token: ts.admin, body: map[string]any{"name": "A", "permissions": []string{}}})
		if bad.Status != 422 || firstError(bad, "name") != "Polje mora sadržati minimum 2 karaktera" {
			t.Errorf("short name: %d %s", bad.Status, bad.Raw)
		}
		bad = ts.do(req{method: "POST", path: "/api/v1/admin/roles", token: ts.admin, body: map[string]any{"name": "Prodaja", "permissions": []string{"fly"}}})
		if bad.Status != 422 || firstError(bad, "permissions") == "" {
			t.Errorf("unknown permission: %d %s", bad.Status, bad.Raw)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/roles", token: ts.admin,
			body: map[string]any{"name": " Prodaja ", "permissions": []string{identity.PermViewOrder, identity.PermViewUser}}})
		if r.Status != 201 || message(r) != "Uloga je uspešno kreirana." {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		role := data(r)
		if role["name"] != "Prodaja" || cmp.Diff([]any{identity.PermViewUser, identity.PermViewOrder}, role["permissions"]) != "" {
			t.Errorf("created: %v", role)
		}
		dup := ts.do(req{method: "POST", path: "/api/v1/admin/roles", token: ts.admin, body: map[string]any{"name": "prodaja"}})
		if dup.Status != 422 || firstError(dup, "name") != "Uloga sa ovim nazivom već postoji" {
			t.Errorf("duplicate: %d %s", dup.Status, dup.Raw)
		}
		path := fmt.Sprintf("/api/v1/admin/roles/%v", role["id"])
		up := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"name": "Prodavci", "permissions": []string{identity.PermViewOrder}}})
		if up.Status != 200 || data(up)["name"] != "Prodavci" || cmp.Diff([]any{identity.PermViewOrder}, data(up)["permissions"]) != "" {
			t.Fatalf("update: %d %s", up.Status, up.Raw)
		}

		// A user holding it: the role cannot go, and the answer says how many hold it.
		u := ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.admin,
			body: newUser("Pera Prodavac", "pera@shop.rs", "lozinka123", "lozinka123", "Prodavci")})
		if u.Status != 201 {
			t.Fatalf("user: %d %s", u.Status, u.Raw)
		}
		del := ts.do(req{method: "DELETE", path: path, token: ts.admin})
		if del.Status != 409 || message(del) != "Uloga se ne može obrisati: dodeljena je korisnicima (1)." {
			t.Errorf("delete held role: %d %s", del.Status, del.Raw)
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/roles", token: ts.admin})
		found := false
		for _, it := range list.Body["data"].([]any) {
			m := it.(map[string]any)
			if m["name"] == "Prodavci" {
				found = m["users_count"] == float64(1)
			}
			if m["name"] == identity.RoleSuperAdmin && m["fixed"] != true {
				t.Errorf("super-admin not fixed: %v", m)
			}
		}
		if !found {
			t.Errorf("roles list lacks the role with its user count: %s", list.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/users/%v", data(u)["id"]), token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete user: %d %s", r.Status, r.Raw)
		}
		if del := ts.do(req{method: "DELETE", path: path, token: ts.admin}); del.Status != 200 || message(del) != "Uloga je uspešno obrisana." {
			t.Errorf("delete: %d %s", del.Status, del.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.admin}); r.Status != 404 {
			t.Errorf("deleted role: %d", r.Status)
		}
		// The rules' roles stay as they are.
		var superID float64
		for _, it := range list.Body["data"].([]any) {
			if m := it.(map[string]any); m["name"] == identity.RoleSuperAdmin {
				superID = m["id"].(float64)
			}
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/roles/%v", superID), token: ts.admin}); r.Status != 409 {
			t.Errorf("delete super-admin role: %d", r.Status)
		}
	})
}

// TestRoleChangeTakesEffect: a permission removed from a role is refused on the holder's very
// next request (this instance forgets its cached callers), and one added is granted.
func TestRoleChangeTakesEffect(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "POST", path: "/api/v1/admin/roles", token: ts.admin,
			body: map[string]any{"name": "Kadrovska", "permissions": []string{identity.PermViewUser}}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		path := fmt.Sprintf("/api/v1/admin/roles/%v", data(r)["id"])
		if u := ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.admin,
			body: newUser("Ana Kadrovska", "ana@shop.rs", "lozinka123", "lozinka123", "Kadrovska")}); u.Status != 201 {
			t.Fatalf("user: %d %s", u.Status, u.Raw)
		}
		tok := ts.login("ana@shop.rs", "lozinka123")
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: tok}); r.Status != 200 {
			t.Fatalf("granted: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/activity", token: tok}); r.Status != 403 {
			t.Fatalf("not granted: %d", r.Status)
		}
		if up := ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"name": "Kadrovska", "permissions": []string{identity.PermViewActivity}}}); up.Status != 200 {
			t.Fatalf("update: %d %s", up.Status, up.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: tok}); r.Status != 403 {
			t.Errorf("a removed permission still granted: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/activity", token: tok}); r.Status != 200 {
			t.Errorf("an added permission not granted: %d", r.Status)
		}
	})
}

// TestUserDeactivateDelete: never oneself, never the last super-admin; a deactivated user is
// signed out and cannot sign in until reactivated; a deleted one is gone.
func TestUserDeactivateDelete(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		me := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}))
		self := fmt.Sprintf("/api/v1/admin/users/%v", me["id"])
		if r := ts.do(req{method: "DELETE", path: self, token: ts.admin}); r.Status != 409 || message(r) != "Ne možete obrisati ni deaktivirati sopstveni nalog." {
			t.Errorf("delete self: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: self + "/deactivate", token: ts.admin}); r.Status != 409 {
			t.Errorf("deactivate self: %d %s", r.Status, r.Raw)
		}
		// Another super-admin deactivates the first.
		_ = data(ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.admin,
			body: newUser("Drugi Admin", "boss@shop.rs", "lozinka123", "lozinka123", identity.RoleSuperAdmin)}))
		bossTok := ts.login("boss@shop.rs", "lozinka123")
		if r := ts.do(req{method: "POST", path: self + "/deactivate", token: bossTok}); r.Status != 200 || data(r)["active"] != false {
			t.Fatalf("deactivate the first admin: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}); r.Status != 401 {
			t.Errorf("a deactivated user's token still works: %d", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("admin@demo.local", "password")}); r.Status == 200 {
			t.Errorf("a deactivated user signs in")
		}
		// boss is now the only active super-admin: nobody can remove them.
		other := data(ts.do(req{method: "POST", path: "/api/v1/admin/users", token: bossTok,
			body: newUser("Treći Admin", "third@shop.rs", "lozinka123", "lozinka123", identity.RoleSuperAdmin)}))
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/users/%v", other["id"]), token: bossTok}); r.Status != 200 {
			t.Fatalf("delete third: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: self + "/activate", token: bossTok}); r.Status != 200 || data(r)["active"] != true {
			t.Fatalf("reactivate: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%v", other["id"]), token: bossTok}); r.Status != 404 {
			t.Errorf("deleted user still there: %d", r.Status)
		}
		// Staff may not delete a super-admin.
		if r := ts.do(req{method: "DELETE", path: self, token: ts.staff}); r.Status != 403 {
			t.Errorf("staff deletes a super-admin: %d", r.Status)
		}
	})
}

// TestAdminShellSupplierLink: the sidebar's supplier-login link comes from config, for staff only.
func TestAdminShellSupplierLink(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Admin.SupplierLoginURL = "https://b2b.example.rs/login" }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/admin/shell", token: ts.staff})
		if r.Status != 200 || data(r)["supplier_login_url"] != "https://b2b.example.rs/login" {
			t.Errorf("shell: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/shell", token: ts.buyer}); r.Status != 403 {
			t.Errorf("customer: %d", r.Status)
		}
	})
}
