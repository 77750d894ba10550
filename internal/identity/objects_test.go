package identity_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"log/slog"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/platform/blob"
	"shop/internal/platform/logtest"
	"shop/internal/platform/ratelimit"
)

// failingDeletes is an object store whose deletes fail.
type failingDeletes struct{ blob.Store }

func (failingDeletes) Delete(context.Context, string) error {
	return errors.New("store refused the delete")
}

// failingResets is the login limiter with a Redis that refuses the reset.
type failingResets struct{ *ratelimit.Limiter }

func (failingResets) Reset(context.Context, string) error {
	return errors.New("redis refused the reset")
}

// TestDroppedErrorsLogged: an old avatar the store will not delete, and a login counter Redis
// will not reset, leave the answer a success and are logged (both errors were dropped before).
func TestDroppedErrorsLogged(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		logs := &logtest.Recorder{}
		svc := identity.NewService(a.DB, identity.Options{Secret: []byte("test-secret-test-secret-test-secret"),
			AccessTTL: a.Config.Auth.AccessTTL, RefreshTTL: a.Config.Auth.RefreshTTL, LoginFailsPerEmailIP: 10, LoginFailsPerEmail: 10,
			LoginLockout: a.Config.Auth.LoginLockout, PasswordCost: bcrypt.MinCost, Clock: a.Clock, Log: slog.New(logs)},
			failingResets{ratelimit.New(a.Redis.Client, "")}, nil, failingDeletes{a.Blobs})
		u := mustCreateUser(t, a, "avatar@demo.local", "customer")
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if _, err := svc.SetAvatar(ctx, u.ID, bytes.NewReader(b.Bytes())); err != nil {
				t.Fatalf("set avatar %d: %v", i, err)
			}
		}
		if got := logs.All(); !strings.Contains(got, "could not delete an object") || !strings.Contains(got, "store refused the delete") {
			t.Errorf("replacing an avatar with a failing delete logged %q", got)
		}
		if _, err := svc.Login(ctx, identity.LoginInput{Email: "avatar@demo.local", Password: password}); err != nil {
			t.Fatalf("login with a failing counter reset: %v", err)
		}
		got := logs.All()
		if !strings.Contains(got, "could not reset a login counter") || !strings.Contains(got, "redis refused the reset") {
			t.Errorf("a failed counter reset logged %q", got)
		}
		if strings.Contains(got, "avatar@demo.local") {
			t.Errorf("the log names the account: %q", got)
		}
	})
}
