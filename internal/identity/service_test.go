package identity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"
	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

const password = "lozinka123"

func mustCreateUser(tb testing.TB, a *app.App, email, role string) *identity.User {
	tb.Helper()
	u, err := a.Identity.CreateUser(context.Background(), identity.CreateUserInput{Name: "Test " + email, Email: email,
		Password: password, PasswordConfirmation: password, Role: role})
	if err != nil {
		tb.Fatalf("create %s: %v", email, err)
	}
	return u
}

func mustLogin(tb testing.TB, a *app.App, email string) *identity.Tokens {
	tb.Helper()
	t, err := a.Identity.Login(context.Background(), identity.LoginInput{Email: email, Password: password})
	if err != nil {
		tb.Fatalf("login %s: %v", email, err)
	}
	return t
}

func count(tb testing.TB, a *app.App, table, where string, args ...any) int64 {
	tb.Helper()
	var n int64
	q := a.DB.Table(table)
	if where != "" {
		q = q.Where(where, args...)
	}
	if err := q.Count(&n).Error; err != nil {
		tb.Fatal(err)
	}
	return n
}

func rolePermissions(tb testing.TB, a *app.App, name string) []string {
	tb.Helper()
	var r identity.Role
	if err := a.DB.Preload("Permissions").Where("name = ?", name).First(&r).Error; err != nil {
		tb.Fatalf("role %s: %v", name, err)
	}
	out := []string{}
	for _, p := range r.Permissions {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out
}

// clock is a settable time for the service.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestEnsureRole(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		ids := a.Identity
		first, err := ids.EnsureRole(ctx, "urednik", []string{identity.PermViewProduct, identity.PermViewOrder})
		if err != nil {
			t.Fatal(err)
		}
		again, err := ids.EnsureRole(ctx, "urednik", []string{identity.PermViewOrder, identity.PermViewProduct})
		if err != nil {
			t.Fatal(err)
		}
		if again.ID != first.ID || count(t, a, "roles", "name = ?", "urednik") != 1 {
			t.Fatalf("second EnsureRole made another role: %d vs %d", again.ID, first.ID)
		}
		if diff := cmp.Diff([]string{identity.PermViewOrder, identity.PermViewProduct}, rolePermissions(t, a, "urednik")); diff != "" {
			t.Errorf("permissions (-want +got):\n%s", diff)
		}

		// Exactly the given set: fewer removes, duplicates are one.
		if _, err := ids.EnsureRole(ctx, "urednik", []string{identity.PermViewOrder, identity.PermViewOrder}); err != nil {
			t.Fatalf("duplicate names: %v", err)
		}
		if diff := cmp.Diff([]string{identity.PermViewOrder}, rolePermissions(t, a, "urednik")); diff != "" {
			t.Errorf("after narrowing (-want +got):\n%s", diff)
		}

		// An unknown permission refuses the whole change.
		_, err = ids.EnsureRole(ctx, "urednik", []string{identity.PermViewUser, "fly-to-moon"})
		if !apperr.Is(err, apperr.Invalid) {
			t.Fatalf("unknown permission: %v, want invalid", err)
		}
		if diff := cmp.Diff([]string{identity.PermViewOrder}, rolePermissions(t, a, "urednik")); diff != "" {
			t.Errorf("a refused change altered the role (-want +got):\n%s", diff)
		}
		if _, err := ids.EnsureRole(ctx, "magacioner", []string{"fly-to-moon"}); err == nil || count(t, a, "roles", "name = ?", "magacioner") != 0 {
			t.Errorf("a refused new role was kept (err %v)", err)
		}

		// No permissions at all is a valid role.
		if _, err := ids.EnsureRole(ctx, "gost", nil); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{}, rolePermissions(t, a, "gost")); diff != "" {
			t.Errorf("empty role (-want +got):\n%s", diff)
		}
	})
}

// TestEnsureRoleReachesSessions: a logged-in holder of the role gets the new permissions on
// its next request, not after the principal cache expires.
func TestEnsureRoleReachesSessions(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Identity.EnsureRole(ctx, "urednik", []string{identity.PermViewProduct}); err != nil {
			t.Fatal(err)
		}
		mustCreateUser(t, a, "ured@example.rs", "urednik")
		tok := mustLogin(t, a, "ured@example.rs")
		p, err := a.Identity.Authenticate(ctx, tok.AccessToken)
		if err != nil || p.Can(identity.PermViewUser) || !p.Can(identity.PermViewProduct) {
			t.Fatalf("before: %v %v", p, err)
		}
		if _, err := a.Identity.EnsureRole(ctx, "urednik", []string{identity.PermViewUser}); err != nil {
			t.Fatal(err)
		}
		p, err = a.Identity.Authenticate(ctx, tok.AccessToken)
		if err != nil || !p.Can(identity.PermViewUser) || p.Can(identity.PermViewProduct) {
			t.Errorf("after the role changed: view-user %v, view-product %v (%v)", p.Can(identity.PermViewUser), p.Can(identity.PermViewProduct), err)
		}
	})
}

func TestCountUsers(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if n, err := a.Identity.CountUsers(ctx, nil); err != nil || n != 0 {
			t.Fatalf("empty shop: %d %v", n, err)
		}
		for _, e := range []string{"a@example.rs", "b@example.rs", "c@example.rs"} {
			mustCreateUser(t, a, e, identity.RoleCustomer)
		}
		tests := []struct {
			name   string
			except []string
			want   int64
		}{
			{"all", nil, 3},
			{"exceptOne", []string{"a@example.rs"}, 2},
			{"exceptAll", []string{"a@example.rs", "b@example.rs", "c@example.rs"}, 0},
			{"exceptUnknown", []string{"x@example.rs"}, 3},
		}
		for _, tt := range tests {
			if n, err := a.Identity.CountUsers(ctx, tt.except); err != nil || n != tt.want {
				t.Errorf("%s: %d %v, want %d", tt.name, n, err, tt.want)
			}
		}
	})
}

var tokenInLink = regexp.MustCompile(`token=([^&\s]+)`)

// resetToken reads the token from the last reset mail waiting on the queue.
func resetToken(t *testing.T, a *app.App, to string) string {
	t.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	tasks, err := insp.ListPendingTasks(queue.QueueCritical)
	if err != nil {
		t.Fatal(err)
	}
	for i := len(tasks) - 1; i >= 0; i-- {
		var p queue.MailSendPayload
		if tasks[i].Type != queue.TypeMailSend || json.Unmarshal(tasks[i].Payload, &p) != nil || p.Message.To != to {
			continue
		}
		if m := tokenInLink.FindStringSubmatch(p.Message.Body); m != nil {
			tok, _ := url.QueryUnescape(m[1])
			return tok
		}
	}
	t.Fatalf("no reset mail to %s among %d tasks", to, len(tasks))
	return ""
}

// TestPurgeExpired removes expired sessions, sessions revoked over a day ago, and reset tokens
// that expired or were used; it keeps everything still alive.
func TestPurgeExpired(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		c := &clock{t: time.Now().UTC()}
		ids := a.Identity
		ids.SetClock(c.now)
		mustCreateUser(t, a, "kupac@example.rs", identity.RoleCustomer)
		mustCreateUser(t, a, "admin@example.rs", identity.RoleSuperAdmin)
		mustCreateUser(t, a, "staff@example.rs", identity.RoleCustomer)

		live := mustLogin(t, a, "kupac@example.rs")
		out := mustLogin(t, a, "admin@example.rs")
		p, err := ids.Authenticate(ctx, out.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if err := ids.Logout(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := ids.ForgotPassword(ctx, identity.ForgotPasswordInput{Email: "kupac@example.rs", Lang: i18n.SR}); err != nil {
			t.Fatal(err)
		}
		if err := ids.ForgotPassword(ctx, identity.ForgotPasswordInput{Email: "staff@example.rs", Lang: i18n.SR}); err != nil {
			t.Fatal(err)
		}
		if err := ids.ResetPassword(ctx, identity.ResetPasswordInput{Token: resetToken(t, a, "staff@example.rs"), Email: "staff@example.rs",
			Password: "nova-lozinka", PasswordConfirmation: "nova-lozinka"}); err != nil {
			t.Fatalf("reset: %v", err)
		}
		// One more reset link, still valid when the purge runs.
		c.advance(30 * time.Minute)
		if err := ids.ForgotPassword(ctx, identity.ForgotPasswordInput{Email: "admin@example.rs", Lang: i18n.SR}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, a, "password_resets", ""); n != 3 {
			t.Fatalf("%d reset tokens, want 3", n)
		}

		steps := []struct {
			name                      string
			advance                   time.Duration
			removed, sessions, resets int64
		}{
			// Just past 1h: kupac's link (1 h) expired, staff's was used; admin's (30 min old) stays.
			{"expiredAndUsedResets", 31 * time.Minute, 2, 2, 1},
			// +2h: admin's link has expired too.
			{"laterReset", time.Hour, 1, 2, 0},
			// +25h: the session revoked at the start is over a day old; the live one stays.
			{"revokedSession", 23 * time.Hour, 1, 1, 0},
			// +31 days: the live session has passed its refresh TTL.
			{"expiredSession", 30 * 24 * time.Hour, 1, 0, 0},
			{"nothingLeft", time.Hour, 0, 0, 0},
		}
		for _, s := range steps {
			c.advance(s.advance)
			n, err := ids.PurgeExpired(ctx)
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			if n != s.removed {
				t.Errorf("%s: removed %d rows, want %d", s.name, n, s.removed)
			}
			if got := count(t, a, "sessions", ""); got != s.sessions {
				t.Errorf("%s: %d sessions, want %d", s.name, got, s.sessions)
			}
			if got := count(t, a, "password_resets", ""); got != s.resets {
				t.Errorf("%s: %d reset tokens, want %d", s.name, got, s.resets)
			}
			if s.name == "revokedSession" && count(t, a, "sessions", "revoked_at IS NULL") != 1 {
				t.Errorf("%s: the live session was purged", s.name)
			}
		}
		if _, err := ids.Refresh(ctx, live.RefreshToken); !apperr.Is(err, apperr.Unauthorized) {
			t.Errorf("refresh of the purged session: %v", err)
		}
	})
}

// TestTokenLifetimes: the access token ends at its TTL, the refresh token at its own.
func TestTokenLifetimes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		c := &clock{t: time.Now().UTC()}
		a.Identity.SetClock(c.now)
		mustCreateUser(t, a, "kupac@example.rs", identity.RoleCustomer)
		tok := mustLogin(t, a, "kupac@example.rs")
		if _, err := a.Identity.Authenticate(ctx, tok.AccessToken); err != nil {
			t.Fatal(err)
		}
		c.advance(a.Config.Auth.AccessTTL + time.Second)
		if _, err := a.Identity.Authenticate(ctx, tok.AccessToken); !apperr.Is(err, apperr.Unauthorized) {
			t.Errorf("access token past its TTL: %v, want unauthorized", err)
		}
		next, err := a.Identity.Refresh(ctx, tok.RefreshToken)
		if err != nil {
			t.Fatalf("refresh within its TTL: %v", err)
		}
		if _, err := a.Identity.Authenticate(ctx, next.AccessToken); err != nil {
			t.Errorf("refreshed access token: %v", err)
		}
		c.advance(a.Config.Auth.RefreshTTL + time.Second)
		if _, err := a.Identity.Refresh(ctx, next.RefreshToken); !apperr.Is(err, apperr.Unauthorized) {
			t.Errorf("refresh token past its TTL: %v, want unauthorized", err)
		}
	})
}

// TestRefreshOnce: of several concurrent refreshes with one token exactly one wins.
func TestRefreshOnce(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		mustCreateUser(t, a, "kupac@example.rs", identity.RoleCustomer)
		tok := mustLogin(t, a, "kupac@example.rs")
		const n = 6
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { _, errs[i] = a.Identity.Refresh(context.Background(), tok.RefreshToken) })
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !apperr.Is(err, apperr.Unauthorized):
				t.Errorf("a losing refresh failed otherwise: %v", err)
			}
		}
		if won != 1 {
			t.Errorf("%d refreshes won, want exactly 1", won)
		}
	})
}

// TestNamesTrimmed: the name is trimmed before the length rule, so blanks do not count.
func TestNamesTrimmed(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		_, err := a.Identity.CreateUser(context.Background(), identity.CreateUserInput{Name: "   A   ", Email: "a@example.rs",
			Password: password, PasswordConfirmation: password, Role: identity.RoleCustomer})
		if !apperr.Is(err, apperr.Invalid) || !strings.Contains(err.Error(), "name: validation.min_chars") {
			t.Errorf("blank-padded one-letter name: %v, want min_chars on name", err)
		}
	})
}

// TestRefreshReuseRevokesFamily: replaying a used refresh token revokes every token of its
// login (the session: its newest refresh token and access tokens) and logs it; the user's
// other logins live on, and a token from before families (no session id inside) still works.
func TestRefreshReuseRevokesFamily(t *testing.T) {
	t.Parallel()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			var logs bytes.Buffer
			a, err := app.New(ctx, apptest.Config(t, d.Name), slog.New(slog.NewJSONHandler(&logs, nil)), app.Options{PasswordCost: bcrypt.MinCost})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(a.Close)
			u := mustCreateUser(t, a, "kupac@example.rs", identity.RoleCustomer)
			stolen := mustLogin(t, a, "kupac@example.rs")
			other := mustLogin(t, a, "kupac@example.rs")

			thief, err := a.Identity.Refresh(ctx, stolen.RefreshToken)
			if err != nil {
				t.Fatal(err)
			}
			thiefNext, err := a.Identity.Refresh(ctx, thief.RefreshToken)
			if err != nil {
				t.Fatal(err)
			}
			// The owner comes back with the token the thief used first.
			if _, err := a.Identity.Refresh(ctx, stolen.RefreshToken); !apperr.Is(err, apperr.Unauthorized) {
				t.Fatalf("replayed token: %v, want unauthorized", err)
			}
			if _, err := a.Identity.Refresh(ctx, thiefNext.RefreshToken); !apperr.Is(err, apperr.Unauthorized) {
				t.Errorf("the family's newest refresh token: %v, want unauthorized", err)
			}
			if _, err := a.Identity.Authenticate(ctx, thiefNext.AccessToken); !apperr.Is(err, apperr.Unauthorized) {
				t.Errorf("the family's newest access token: %v, want unauthorized", err)
			}
			if _, err := a.Identity.Refresh(ctx, other.RefreshToken); err != nil {
				t.Errorf("the user's other login: %v", err)
			}
			var entry map[string]any
			for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				if strings.Contains(line, "refresh token reused") {
					_ = json.Unmarshal([]byte(line), &entry)
				}
			}
			if entry["level"] != "WARN" || entry["user_id"] != float64(u.ID) || entry["session_id"] == "" {
				t.Errorf("no warning naming the user and the session; log:\n%s", logs.String())
			}

			// A refresh token issued before families is found by its hash and rotates into one.
			legacy := mustLogin(t, a, "kupac@example.rs")
			sid := strings.SplitN(legacy.RefreshToken, ".", 2)[0]
			const old = "token-issued-before-families"
			if err := a.DB.Exec("UPDATE sessions SET refresh_hash = ? WHERE id = ?", identity.HashToken(old), sid).Error; err != nil {
				t.Fatal(err)
			}
			next, err := a.Identity.Refresh(ctx, old)
			if err != nil || !strings.HasPrefix(next.RefreshToken, sid+".") {
				t.Errorf("legacy token: %v %v", next, err)
			}
		})
	}
}

// TestLookAlikeAccounts: a fullwidth or zero-width copy of an existing address is the same
// address (refused as taken, and it logs in to the same account); invisible characters are
// dropped from a name.
func TestLookAlikeAccounts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Identity.Register(ctx, identity.RegisterInput{Name: "Ana\u202e Anić\u200b", Email: "ana@example.rs",
			Password: "lozinka123", PasswordConfirmation: "lozinka123"}); err != nil {
			t.Fatal(err)
		}
		u, err := a.Identity.FindUserByEmail(ctx, "ana@example.rs")
		if err != nil || u == nil || u.Name != "Ana Anić" {
			t.Fatalf("the name is stored without its invisible characters: %+v %v", u, err)
		}
		for _, look := range []string{"ａｎａ@example.rs", "an\u200ba@example.rs", "\u202eana@example.rs", "ANA@EXAMPLE.RS"} {
			_, err := a.Identity.Register(ctx, identity.RegisterInput{Name: "Druga Ana", Email: look,
				Password: "lozinka123", PasswordConfirmation: "lozinka123"})
			if !apperr.Is(err, apperr.Invalid) {
				t.Errorf("%q made a second account: %v", look, err)
			}
			if _, err := a.Identity.Login(ctx, identity.LoginInput{Email: look, Password: "lozinka123"}); err != nil {
				t.Errorf("%q does not log in to the account: %v", look, err)
			}
		}
	})
}
