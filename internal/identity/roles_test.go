package identity_test

import (
	"context"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
)

// TestLastSuperAdminKept: two super-admins deactivate each other, the second with the caller it
// authenticated before the first acted: the last active super-admin is kept.
func TestLastSuperAdminKept(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		ua := mustCreateUser(t, a, "a@shop.rs", identity.RoleSuperAdmin)
		ub := mustCreateUser(t, a, "b@shop.rs", identity.RoleSuperAdmin)
		pa, err := a.Identity.Authenticate(ctx, mustLogin(t, a, "a@shop.rs").AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		pb, err := a.Identity.Authenticate(ctx, mustLogin(t, a, "b@shop.rs").AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Identity.SetUserActiveBy(ctx, pa, ub.ID, false); err != nil {
			t.Fatalf("a deactivates b: %v", err)
		}
		_, err = a.Identity.SetUserActiveBy(ctx, pb, ua.ID, false)
		if e := apperr.As(err); e == nil || e.Code != apperr.Conflict || e.Msg.Key != "user.last_super_admin" {
			t.Fatalf("b deactivates the last active super-admin: %v", err)
		}
		if err := a.Identity.DeleteUserBy(ctx, pb, ua.ID); apperr.As(err).Msg.Key != "user.last_super_admin" {
			t.Fatalf("b deletes the last active super-admin: %v", err)
		}
		if _, err := a.Identity.Login(ctx, identity.LoginInput{Email: "b@shop.rs", Password: password}); err == nil {
			t.Error("a deactivated user signs in")
		}
		if _, err := a.Identity.SetUserActiveBy(ctx, pa, ub.ID, true); err != nil {
			t.Fatalf("reactivate: %v", err)
		}
		mustLogin(t, a, "b@shop.rs")
		var n int64
		a.DB.Table("activity_log").Where("type IN ? AND subject_id = ?", []string{identity.ActivityUserDeactivated, identity.ActivityUserReactivated}, ub.ID).Count(&n)
		if n != 2 {
			t.Errorf("activity entries for b: %d, want 2", n)
		}
		a.DB.Table("activity_log").Where("type = ? AND subject_id = ?", identity.ActivityUserCreated, ub.ID).Count(&n)
		if n != 1 {
			t.Errorf("user.created entries for b: %d, want 1", n)
		}
	})
}
