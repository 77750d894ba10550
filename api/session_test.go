package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/platform/config"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/worker"
)

func loginBody(email, password string) map[string]string {
	return map[string]string{"email": email, "password": password}
}

// TestLogin: a good login answers the session; a wrong password and an unknown e-mail give the
// same 422 on email.
func TestLogin(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)

		r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody(" Admin@Demo.Local ", demo.Password)})
		if r.Status != 200 {
			t.Fatalf("login200: %d %s", r.Status, r.Raw)
		}
		s := sessionOf(t, r)
		if got := data(r)["expires_in"]; got != float64(a.Config.Auth.AccessTTL.Seconds()) {
			t.Errorf("expires_in %v, want %v", got, a.Config.Auth.AccessTTL.Seconds())
		}
		if s.user["email"] != "admin@demo.local" || cmp.Diff([]any{"super-admin"}, s.user["roles"]) != "" {
			t.Errorf("user: %v", s.user)
		}
		if perms, _ := s.user["permissions"].([]any); len(perms) != len(identity.AllPermissions()) {
			t.Errorf("super-admin has %d permissions, want all %d", len(perms), len(identity.AllPermissions()))
		}
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: s.token}); me.Status != 200 || data(me)["email"] != "admin@demo.local" {
			t.Errorf("the new token does not work: %d %s", me.Status, me.Raw)
		}

		customer := sessionOf(t, ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}))
		if diff := cmp.Diff(map[string]any{"id": customer.user["id"], "name": "Demo Kupac", "email": "kupac@demo.local",
			"image_thumb": nil, "roles": []any{"customer"}, "permissions": []any{}, "active": true}, customer.user); diff != "" {
			t.Errorf("customer (-want +got):\n%s", diff)
		}

		wrong := map[string]any{"message": "Podaci nisu ispravni.", "errors": map[string]any{"email": []any{"Pogrešan email ili lozinka"}}}
		tests := []struct {
			name string
			body map[string]string
			want map[string]any
		}{
			{"wrongPassword422", loginBody("admin@demo.local", "nije-lozinka"), wrong},
			{"unknownEmail422", loginBody("niko@demo.local", demo.Password), wrong},
			{"emptyPassword422", loginBody("admin@demo.local", ""), map[string]any{"message": "Podaci nisu ispravni.",
				"errors": map[string]any{"password": []any{"Polje je obavezno"}}}},
			{"badEmail422", loginBody("admin", "x"), map[string]any{"message": "Podaci nisu ispravni.",
				"errors": map[string]any{"email": []any{"Polje mora biti ispravna e-mail adresa"}}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/login", body: tt.body})
				if r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if diff := cmp.Diff(tt.want, r.Body); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
			})
		}
	})
}

// TestRegister: 201 with a customer session; the specification's validation rules.
func TestRegister(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ok := map[string]any{"name": "Jelena Petrović", "email": "Jelena@Example.rs", "password": "tajna1234", "password_confirmation": "tajna1234"}
		r := ts.do(req{method: "POST", path: "/api/v1/register", body: ok})
		if r.Status != 201 || message(r) != "Uspešno ste se registrovali." {
			t.Fatalf("register201: %d %s", r.Status, r.Raw)
		}
		s := sessionOf(t, r)
		if s.user["email"] != "jelena@example.rs" || cmp.Diff([]any{"customer"}, s.user["roles"]) != "" {
			t.Errorf("registered user: %v", s.user)
		}
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: s.token}); me.Status != 200 || data(me)["name"] != "Jelena Petrović" {
			t.Errorf("token of the new account: %d %s", me.Status, me.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: s.token}); r.Status != 403 {
			t.Errorf("a registered customer reaches the back office: %d", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("jelena@example.rs", "tajna1234")}); r.Status != 200 {
			t.Errorf("login with the new account: %d %s", r.Status, r.Raw)
		}

		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for kk, vv := range ok {
				m[kk] = vv
			}
			m["email"] = "nova@example.rs"
			m[k] = v
			return m
		}
		tests := []struct {
			name   string
			body   map[string]any
			lang   string
			errors map[string]any
		}{
			{"nameShort422", with("name", "A"), "", map[string]any{"name": []any{"Polje mora sadržati minimum 2 karaktera"}}},
			{"nameBlank422", with("name", "  A  "), "", map[string]any{"name": []any{"Polje mora sadržati minimum 2 karaktera"}}},
			{"nameLong422", with("name", strings.Repeat("ž", 256)), "", map[string]any{"name": []any{"Polje može sadržati maksimum 255 karaktera"}}},
			{"emailInvalid422", with("email", "nije-email"), "", map[string]any{"email": []any{"Polje mora biti ispravna e-mail adresa"}}},
			{"emailTaken422", with("email", "KUPAC@demo.local"), "", map[string]any{"email": []any{"E-mail adresa je već zauzeta"}}},
			{"emailTakenEnglish422", with("email", "kupac@demo.local"), "en", map[string]any{"email": []any{"The e-mail has already been taken"}}},
			{"passwordShort422", map[string]any{"name": "Ana", "email": "ana@example.rs", "password": "kratka", "password_confirmation": "kratka"}, "",
				map[string]any{"password": []any{"Polje mora sadržati minimum 8 karaktera"}}},
			{"confirmationMismatch422", with("password_confirmation", "tajna12345"), "", map[string]any{"password_confirmation": []any{"Lozinke se ne poklapaju"}}},
			{"confirmationMismatchEnglish422", with("password_confirmation", "x"), "en", map[string]any{"password_confirmation": []any{"The passwords do not match"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/register", body: tt.body, lang: tt.lang})
				if r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if diff := cmp.Diff(tt.errors, r.Body["errors"]); diff != "" {
					t.Errorf("errors (-want +got):\n%s", diff)
				}
			})
		}
		if n, _ := a.Identity.CountUsers(context.Background(), nil); n != 4 {
			t.Errorf("%d users after one good registration, want 4", n)
		}
	})
}

// TestMe: GET users/token, with and without addresses.
func TestMe(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer})
		if r.Status != 200 || data(r)["email"] != "kupac@demo.local" {
			t.Fatalf("me: %d %s", r.Status, r.Raw)
		}
		if _, ok := data(r)["addresses"]; ok {
			t.Errorf("addresses without include: %s", r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/users/token?include=addresses", token: ts.buyer})
		addrs, _ := data(r)["addresses"].([]any)
		if r.Status != 200 || len(addrs) != 2 {
			t.Fatalf("me with addresses: %d %s", r.Status, r.Raw)
		}
		first := addrs[0].(map[string]any)
		delete(first, "id")
		if diff := cmp.Diff(map[string]any{"type": "billing_address", "name": "Demo Kupac", "address": "Bulevar kralja Aleksandra 73",
			"city": "Beograd", "post_code": "11000", "phone": "+381 11 123 4567"}, first); diff != "" {
			t.Errorf("first address (-want +got):\n%s", diff)
		}
		if addrs[1].(map[string]any)["type"] != "shipping_address" {
			t.Errorf("second address: %v", addrs[1])
		}
		// Asked for and none there: an empty list, not a missing key.
		r = ts.do(req{method: "GET", path: "/api/v1/users/token?include=addresses", token: ts.admin})
		if got, ok := data(r)["addresses"].([]any); r.Status != 200 || !ok || len(got) != 0 {
			t.Errorf("admin with include=addresses: %d %s, want addresses: []", r.Status, r.Raw)
		}
	})
}

// TestRefresh: the refresh token rotates: the old one then fails, the new one works.
func TestRefresh(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		first := sessionOf(t, ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}))

		r := ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": first.refresh}})
		if r.Status != 200 {
			t.Fatalf("refresh200: %d %s", r.Status, r.Raw)
		}
		second := sessionOf(t, r)
		if second.refresh == first.refresh {
			t.Fatal("the refresh token did not rotate")
		}
		if second.user["email"] != "kupac@demo.local" {
			t.Errorf("refresh user: %v", second.user)
		}
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: second.token}); me.Status != 200 {
			t.Errorf("refreshed access token: %d", me.Status)
		}
		third := sessionOf(t, ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": second.refresh}}))
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: third.token}); me.Status != 200 {
			t.Fatalf("the rotated refresh token's access token: %d", me.Status)
		}
		// Reuse is theft: the replayed token fails and takes its whole family with it, the
		// newest refresh token and its access token included (whoever holds them).
		r = ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": first.refresh}})
		if r.Status != 401 || message(r) != "Niste prijavljeni." {
			t.Errorf("reused refresh token: %d %s, want 401", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": third.refresh}}); r.Status != 401 {
			t.Errorf("the family's newest refresh token after a reuse: %d %s, want 401", r.Status, r.Raw)
		}
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: third.token}); me.Status != 401 {
			t.Errorf("the family's access token after a reuse: %d, want 401", me.Status)
		}
		// Another login of the same user is another family, untouched.
		if me := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}); me.Status != 200 {
			t.Errorf("another session of the user: %d, want 200", me.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": "made-up"}}); r.Status != 401 {
			t.Errorf("unknown refresh token: %d", r.Status)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{}})
		if r.Status != 422 || firstError(r, "refresh_token") != "Polje je obavezno" {
			t.Errorf("missing refresh token: %d %s", r.Status, r.Raw)
		}
	})
}

// TestLogout revokes the session's access token (cached or not) and its refresh token, and
// nothing else.
func TestLogout(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		s := sessionOf(t, ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}))
		// Fill the principal cache first: logout must evict it.
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: s.token}); r.Status != 200 {
			t.Fatalf("me: %d", r.Status)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/logout", token: s.token})
		if r.Status != 200 || message(r) != "Uspešno ste se odjavili." {
			t.Fatalf("logout200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: s.token}); r.Status != 401 {
			t.Errorf("access token after logout: %d, want 401", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": s.refresh}}); r.Status != 401 {
			t.Errorf("refresh token after logout: %d, want 401", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/logout", token: s.token}); r.Status != 401 {
			t.Errorf("second logout: %d, want 401", r.Status)
		}
		// The same user's other session (from newTestServer) lives on.
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}); r.Status != 200 {
			t.Errorf("another session of the user: %d, want 200", r.Status)
		}
	})
}

// pendingMail returns the mail tasks waiting on the queue.
func pendingMail(t *testing.T, a *app.App) []*asynq.TaskInfo {
	t.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	tasks, err := insp.ListPendingTasks(queue.QueueCritical)
	if err != nil && !strings.Contains(err.Error(), "not found") {
		t.Fatalf("inspect queue: %v", err)
	}
	var out []*asynq.TaskInfo
	for _, ti := range tasks {
		if ti.Type == queue.TypeMailSend {
			out = append(out, ti)
		}
	}
	return out
}

// deliver runs the queued mail tasks through the worker's mux into an outbox folder and
// returns the files' contents, the way the mail job delivers in the embedded set-up.
func deliver(t *testing.T, a *app.App, tasks []*asynq.TaskInfo) []string {
	t.Helper()
	dir := t.TempDir()
	mux := worker.Mux(worker.Deps{Log: a.Log, Mail: &mail.Outbox{Dir: dir, From: a.Config.Mail.From}, Identity: a.Identity, Sales: a.Sales})
	for _, ti := range tasks {
		if err := mux.ProcessTask(context.Background(), asynq.NewTask(ti.Type, ti.Payload)); err != nil {
			t.Fatalf("mail job: %v", err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

var resetLink = regexp.MustCompile(`/nova-lozinka\?token=([^&\s]+)&email=(\S+)`)

// TestPasswordReset: forgot password queues a mail whose link resets the password; the reset
// ends every session; the token works once.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Auth.LoginFailsPerEmailIP = 3 }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		other := sessionOf(t, ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}))

		// An unknown address gets the same answer and no mail.
		r := ts.do(req{method: "POST", path: "/api/v1/password/forgot", body: map[string]string{"email": "niko@demo.local"}})
		if r.Status != 200 || message(r) != "Ako nalog sa tom adresom postoji, poslali smo link za promenu lozinke." {
			t.Fatalf("forgot, unknown: %d %s", r.Status, r.Raw)
		}
		if n := len(pendingMail(t, a)); n != 0 {
			t.Fatalf("%d mails for an unknown address", n)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/password/forgot", body: map[string]string{"email": "nije-email"}})
		if r.Status != 422 || firstError(r, "email") != "Polje mora biti ispravna e-mail adresa" {
			t.Errorf("forgot, bad e-mail: %d %s", r.Status, r.Raw)
		}

		r = ts.do(req{method: "POST", path: "/api/v1/password/forgot", body: map[string]string{"email": "KUPAC@demo.local"}, lang: "en"})
		if r.Status != 200 || message(r) != "If an account with that address exists, we have sent a password reset link." {
			t.Fatalf("forgot200: %d %s", r.Status, r.Raw)
		}
		mails := deliver(t, a, pendingMail(t, a))
		if len(mails) != 1 {
			t.Fatalf("%d mails, want 1", len(mails))
		}
		m := mails[0]
		if !regexp.MustCompile(`(?m)^To: .*kupac@demo\.local`).MatchString(m) || !strings.Contains(m, "Hello Demo Kupac") ||
			!strings.Contains(m, "Subject: Password reset") || !strings.Contains(m, a.Config.HTTP.PublicURL+"/nova-lozinka?token=") {
			t.Fatalf("reset mail:\n%s", m)
		}
		link := resetLink.FindStringSubmatch(m)
		if link == nil {
			t.Fatalf("no link in:\n%s", m)
		}
		token, _ := url.QueryUnescape(link[1])
		email, _ := url.QueryUnescape(link[2])
		if email != "kupac@demo.local" {
			t.Fatalf("link e-mail %q", email)
		}

		// Lock the account with wrong passwords: the reset must let the owner back in.
		for range 3 {
			ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", "pogresna")})
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}); r.Status != 429 {
			t.Fatalf("account not locked: %d", r.Status)
		}

		reset := func(token, email, password, confirmation string) resp {
			return ts.do(req{method: "POST", path: "/api/v1/password/reset", body: map[string]string{
				"token": token, "email": email, "password": password, "password_confirmation": confirmation}})
		}
		invalid := "Link za promenu lozinke je neispravan ili je istekao"
		for _, tt := range []struct {
			name, token, email, password, confirmation, field, msg string
		}{
			{"wrongToken422", "pogresan-token", email, "nova-lozinka1", "nova-lozinka1", "email", invalid},
			{"tokenOfAnotherEmail422", token, "admin@demo.local", "nova-lozinka1", "nova-lozinka1", "email", invalid},
			{"shortPassword422", token, email, "kratka", "kratka", "password", "Polje mora sadržati minimum 8 karaktera"},
			{"mismatch422", token, email, "nova-lozinka1", "nova-lozinka2", "password_confirmation", "Lozinke se ne poklapaju"},
			{"missingToken422", "", email, "nova-lozinka1", "nova-lozinka1", "token", "Polje je obavezno"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := reset(tt.token, tt.email, tt.password, tt.confirmation)
				if r.Status != 422 || firstError(r, tt.field) != tt.msg {
					t.Errorf("%d %s, want 422 on %s: %q", r.Status, r.Raw, tt.field, tt.msg)
				}
			})
		}

		r = reset(token, email, "nova-lozinka1", "nova-lozinka1")
		if r.Status != 200 || message(r) != "Lozinka je uspešno promenjena." {
			t.Fatalf("reset200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}); r.Status != 401 {
			t.Errorf("old session after reset: %d, want 401", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/token/refresh", body: map[string]string{"refresh_token": other.refresh}}); r.Status != 401 {
			t.Errorf("old refresh token after reset: %d, want 401", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}); r.Status != 422 {
			t.Errorf("old password after reset: %d, want 422", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", "nova-lozinka1")}); r.Status != 200 {
			t.Errorf("new password: %d %s", r.Status, r.Raw)
		}
		if r := reset(token, email, "treca-lozinka", "treca-lozinka"); r.Status != 422 || firstError(r, "email") != invalid {
			t.Errorf("token used twice: %d %s", r.Status, r.Raw)
		}
		// Other users' sessions are untouched.
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}); r.Status != 200 {
			t.Errorf("another user's session after the reset: %d", r.Status)
		}
	})
}

// forwardedFrom sets the client address the way a trusted load balancer does.
func forwardedFrom(ip string) map[string]string { return map[string]string{"X-Forwarded-For": ip} }

// trustLoopback makes the test client (on loopback) a trusted proxy, so X-Forwarded-For
// picks the client address the limits count.
func trustLoopback(cfg *config.Config) { cfg.HTTP.TrustedProxies = []string{"127.0.0.0/8", "::1/128"} }

// TestLoginRateLimits: too many attempts from one address are 429s; failures lock an account
// for the address they came from, and for everybody only past a much higher ceiling, so a
// stranger cannot lock a known e-mail (the super-admin's) out.
func TestLoginRateLimits(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) {
		trustLoopback(cfg)
		cfg.Auth.LoginPerIPPerMinute = 6
		cfg.Auth.LoginFailsPerEmailIP = 3
		cfg.Auth.LoginFailsPerEmail = 6
	}, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		from := forwardedFrom
		login := func(ip, email, password, lang string) resp {
			t.Helper()
			return ts.do(req{method: "POST", path: "/api/v1/login", header: from(ip), lang: lang, body: loginBody(email, password)})
		}

		t.Run("perIP429", func(t *testing.T) {
			for i := range 6 {
				if r := ts.do(req{method: "POST", path: "/api/v1/login", header: from("198.51.100.7"), body: loginBody("admin@demo.local", demo.Password)}); r.Status != 200 {
					t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			r := ts.do(req{method: "POST", path: "/api/v1/login", header: from("198.51.100.7"), body: loginBody("admin@demo.local", demo.Password)})
			if r.Status != 429 || !strings.HasPrefix(message(r), "Previše pokušaja prijave. Pokušajte ponovo za ") {
				t.Fatalf("seventh attempt: %d %s, want 429", r.Status, r.Raw)
			}
			if wait, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || wait < 1 || wait > 60 {
				t.Errorf("Retry-After %q, want the seconds to wait (1-60)", r.Header.Get("Retry-After"))
			}
			if r := ts.do(req{method: "POST", path: "/api/v1/login", header: from("198.51.100.8"), body: loginBody("admin@demo.local", demo.Password)}); r.Status != 200 {
				t.Errorf("another address: %d", r.Status)
			}
		})

		t.Run("strangerCannotLockOut200", func(t *testing.T) {
			for i := range 3 {
				if r := login("203.0.113.10", "admin@demo.local", "pogresna", ""); r.Status != 422 {
					t.Fatalf("failure %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			// The stranger's address is locked out of the account, even with the right password...
			r := login("203.0.113.10", "admin@demo.local", demo.Password, "en")
			if r.Status != 429 || !strings.HasPrefix(message(r), "Too many failed logins for this account.") {
				t.Fatalf("the failing address: %d %s, want 429", r.Status, r.Raw)
			}
			// ... the owner, elsewhere, is not.
			if r := login("203.0.113.11", "admin@demo.local", demo.Password, ""); r.Status != 200 {
				t.Errorf("the super-admin from another address: %d %s, want 200", r.Status, r.Raw)
			}
			// The failing address may still log in to other accounts.
			if r := login("203.0.113.10", "kupac@demo.local", demo.Password, ""); r.Status != 200 {
				t.Errorf("another account from the failing address: %d", r.Status)
			}
		})

		t.Run("ceilingSlowsGuessersNotTheOwner", func(t *testing.T) {
			// Guessing spread over addresses, each under its own limit, reaches the ceiling.
			for _, ip := range []string{"203.0.113.30", "203.0.113.31", "203.0.113.32"} {
				for range 2 {
					if r := login(ip, "staff@demo.local", "pogresna", ""); r.Status != 422 {
						t.Fatalf("failure from %s: %d %s", ip, r.Status, r.Raw)
					}
				}
			}
			// An address that failed is refused even with the right password...
			if r := login("203.0.113.30", "staff@demo.local", demo.Password, ""); r.Status != 429 {
				t.Errorf("past the ceiling, from a failing address: %d, want 429", r.Status)
			}
			// ... a new address gets one guess, answered 429 when wrong, and no second one...
			if r := login("203.0.113.34", "staff@demo.local", "pogresna", ""); r.Status != 429 {
				t.Errorf("past the ceiling, a wrong password from a new address: %d, want 429", r.Status)
			}
			if r := login("203.0.113.34", "staff@demo.local", demo.Password, ""); r.Status != 429 {
				t.Errorf("past the ceiling, the second try of that address: %d, want 429", r.Status)
			}
			// ... and the owner's correct password from a clean address gets in.
			if r := login("203.0.113.33", "staff@demo.local", demo.Password, ""); r.Status != 200 {
				t.Errorf("past the ceiling, the owner from a new address: %d %s, want 200", r.Status, r.Raw)
			}
			if r := login("203.0.113.33", "admin@demo.local", demo.Password, ""); r.Status != 200 {
				t.Errorf("another account: %d", r.Status)
			}
		})

		t.Run("manyAddressesCannotLockTheOwnerOut200", func(t *testing.T) {
			// Twelve addresses each failing up to their own lock push the account far past the ceiling.
			for i := range 12 {
				ip := "198.18.0." + strconv.Itoa(10+i)
				for range 3 {
					login(ip, "admin@demo.local", "pogresna", "")
				}
			}
			if r := login("198.18.1.1", "admin@demo.local", demo.Password, ""); r.Status != 200 {
				t.Errorf("the owner from a new address after strangers failed: %d %s, want 200", r.Status, r.Raw)
			}
		})

		t.Run("successResetsTheAddressFailures200", func(t *testing.T) {
			for i := range 2 {
				login("192.0.2.1", "kupac@demo.local", "pogresna", "")
				login("192.0.2.1", "kupac@demo.local", "pogresna", "")
				if r := login("192.0.2.1", "kupac@demo.local", demo.Password, ""); r.Status != 200 {
					t.Fatalf("round %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
		})

		t.Run("unknownAccountLocksToo429", func(t *testing.T) {
			for range 3 {
				login("192.0.2.20", "niko@demo.local", "x", "")
			}
			if r := login("192.0.2.20", "niko@demo.local", "x", ""); r.Status != 429 {
				t.Errorf("unknown account: %d, want 429 like a real one (no account enumeration)", r.Status)
			}
		})

		// A client that is not a trusted proxy cannot pick its address with X-Forwarded-For.
		t.Run("spoofedForwardedFor429", func(t *testing.T) {
			deps := ts.deps
			deps.Registry = prometheus.NewRegistry()
			h := api.New(deps)
			var last int
			for i := range 7 {
				w := httptest.NewRecorder()
				hr := httptest.NewRequest("POST", "/api/v1/login", strings.NewReader(`{"email":"admin@demo.local","password":"demo1234"}`))
				hr.RemoteAddr = "203.0.113.200:40000"
				hr.Header.Set("Content-Type", "application/json")
				hr.Header.Set("X-Forwarded-For", "10.1.2."+string(rune('0'+i)))
				h.ServeHTTP(w, hr)
				last = w.Code
			}
			if last != http.StatusTooManyRequests {
				t.Errorf("seventh login from one public address with varying X-Forwarded-For: %d, want 429", last)
			}
		})
	})
}

// TestModules lists exactly the modules enabled in the configuration.
func TestModules(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.Modules = []string{"Banner", "Pricelist"} }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/modules"})
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff(map[string]any{"data": map[string]any{"Banner": true, "Pricelist": true}}, r.Body); diff != "" {
			t.Errorf("modules (-want +got):\n%s", diff)
		}
	})
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		got := data(ts.do(req{method: "GET", path: "/api/v1/modules"}))
		if len(got) != len(config.AllModules) {
			t.Errorf("default modules %v, want all of %v", got, config.AllModules)
		}
	})
}

// TestRedisOutage503: with Redis gone, the requests that need it (login's rate limit, the
// reset mail's queue, the import's queue) answer 503 with the server-error message, through
// the one error mapping, instead of a 500 after go-redis's long dial.
func TestRedisOutage503(t *testing.T) {
	t.Parallel()
	var dead *queue.Redis
	runWith(t, func(cfg *config.Config) {
		r, err := queue.StartEmbedded()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(r.Close)
		dead = r
		cfg.Redis.URL = "redis://" + r.Opt.(asynq.RedisClientOpt).Addr + "/0"
	}, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		sup, err := a.Catalog.CreateSupplier(context.Background(), "Comtrade")
		if err != nil {
			t.Fatal(err)
		}
		file := pricelistSample(t, 5)
		// Redis goes away: its address now refuses connections.
		dead.Close()

		upload, ct := pricelistBody(t, strconv.FormatUint(sup.ID, 10), "cenovnik.xlsx", file)
		tests := []struct {
			name string
			r    req
		}{
			{"login503", req{method: "POST", path: "/api/v1/login", body: loginBody("kupac@demo.local", demo.Password)}},
			{"forgot503", req{method: "POST", path: "/api/v1/password/forgot", body: map[string]string{"email": "kupac@demo.local"}}},
			{"upload503", req{method: "POST", path: "/api/v1/admin/pricelists", token: ts.staff, raw: upload, contentType: ct}},
			{"english503", req{method: "POST", path: "/api/v1/login", lang: "en", body: loginBody("kupac@demo.local", demo.Password)}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				want := "Doslo je do greske na serveru pokusajte ponovo."
				if tt.r.lang == "en" {
					want = "There was a server error, please try again."
				}
				if r.Status != http.StatusServiceUnavailable || message(r) != want {
					t.Errorf("%d %s, want 503 %q", r.Status, r.Raw, want)
				}
			})
		}
	})
}

// TestRegisterLimits429: registrations are limited per client address and per e-mail;
// refused input (422 before the limits) costs nothing.
func TestRegisterLimits429(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) {
		trustLoopback(cfg)
		cfg.Auth.RegisterPerIPPerHour = 3
		cfg.Auth.RegisterPerEmailPerHour = 2
	}, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		register := func(ip, email, lang string) resp {
			t.Helper()
			return ts.do(req{method: "POST", path: "/api/v1/register", header: forwardedFrom(ip), lang: lang, body: map[string]any{
				"name": "Ana", "email": email, "password": "tajna1234", "password_confirmation": "tajna1234"}})
		}
		t.Run("perIP429", func(t *testing.T) {
			for i := range 3 {
				if r := register("198.51.100.50", fmt.Sprintf("farma%d@example.rs", i), ""); r.Status != 201 {
					t.Fatalf("registration %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			r := register("198.51.100.50", "farma3@example.rs", "en")
			if r.Status != 429 || !strings.HasPrefix(message(r), "Too many registrations. Please try again in ") || r.Header.Get("Retry-After") == "" {
				t.Fatalf("fourth registration: %d %s %v, want 429 with Retry-After", r.Status, r.Raw, r.Header)
			}
			var n int64
			if a.DB.Table("users").Where("email = ?", "farma3@example.rs").Count(&n); n != 0 {
				t.Errorf("the refused registration created the account")
			}
			if r := register("198.51.100.51", "farma3@example.rs", ""); r.Status != 201 {
				t.Errorf("another address: %d %s", r.Status, r.Raw)
			}
		})
		t.Run("perEmail429", func(t *testing.T) {
			if r := register("198.51.100.60", "jedna@example.rs", ""); r.Status != 201 {
				t.Fatalf("first: %d %s", r.Status, r.Raw)
			}
			if r := register("198.51.100.61", "jedna@example.rs", ""); r.Status != 422 {
				t.Fatalf("taken: %d %s", r.Status, r.Raw)
			}
			if r := register("198.51.100.62", "jedna@example.rs", ""); r.Status != 429 || !strings.HasPrefix(message(r), "Previše registracija.") {
				t.Errorf("third attempt on one e-mail: %d %s, want 429", r.Status, r.Raw)
			}
		})
		t.Run("invalidInputIsFree201", func(t *testing.T) {
			for range 5 {
				r := ts.do(req{method: "POST", path: "/api/v1/register", header: forwardedFrom("198.51.100.70"), body: map[string]any{"name": "A"}})
				if r.Status != 422 {
					t.Fatalf("invalid: %d %s", r.Status, r.Raw)
				}
			}
			if r := register("198.51.100.70", "posle@example.rs", ""); r.Status != 201 {
				t.Errorf("after five refused bodies: %d %s", r.Status, r.Raw)
			}
		})
	})
}

// TestForgotPasswordLimits: a flood of reset requests for one address sends one mail a
// minute and five an hour, answering every request alike; one client address asking too
// often gets 429.
func TestForgotPasswordLimits(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) {
		trustLoopback(cfg)
		cfg.Auth.ForgotPerIPPerHour = 3
	}, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		sent := "Ako nalog sa tom adresom postoji, poslali smo link za promenu lozinke."
		forgot := func(ip, email string) resp {
			t.Helper()
			return ts.do(req{method: "POST", path: "/api/v1/password/forgot", header: forwardedFrom(ip), body: map[string]string{"email": email}})
		}
		mailsTo := func(to string) int {
			t.Helper()
			n := 0
			for _, ti := range pendingMail(t, a) {
				var p queue.MailSendPayload
				if json.Unmarshal(ti.Payload, &p) == nil && p.Message.To == to {
					n++
				}
			}
			return n
		}
		// minutePasses ends the per-minute window of one address's reset mails.
		minutePasses := func(email string) {
			t.Helper()
			if err := a.Redis.Client.Del(context.Background(), "ratelimit:forgot:mail:minute:"+email).Err(); err != nil {
				t.Fatal(err)
			}
		}

		// 30 requests in a burst, each from another address: one mail, thirty equal answers.
		for i := range 30 {
			for _, email := range []string{"kupac@demo.local", "niko@demo.local"} {
				if r := forgot(fmt.Sprintf("198.51.100.%d", 100+i), email); r.Status != 200 || message(r) != sent {
					t.Fatalf("request %d for %s: %d %s", i+1, email, r.Status, r.Raw)
				}
			}
		}
		if n := mailsTo("kupac@demo.local"); n != 1 {
			t.Fatalf("%d reset mails after a burst of 30, want 1", n)
		}
		// Minute after minute: at most five an hour.
		for i := range 10 {
			minutePasses("kupac@demo.local")
			if r := forgot(fmt.Sprintf("203.0.113.%d", 100+i), "kupac@demo.local"); r.Status != 200 || message(r) != sent {
				t.Fatalf("minute %d: %d %s", i+1, r.Status, r.Raw)
			}
		}
		if n := mailsTo("kupac@demo.local"); n != 5 {
			t.Errorf("%d reset mails within the hour, want 5", n)
		}
		// Another address's mail is not held up.
		if forgot("203.0.113.200", "staff@demo.local"); mailsTo("staff@demo.local") != 1 {
			t.Errorf("another account got no mail")
		}

		// One client address: three requests an hour, then 429.
		for i := range 3 {
			if r := forgot("192.0.2.77", fmt.Sprintf("x%d@example.rs", i)); r.Status != 200 {
				t.Fatalf("request %d from one address: %d %s", i+1, r.Status, r.Raw)
			}
		}
		r := forgot("192.0.2.77", "x9@example.rs")
		if r.Status != 429 || !strings.HasPrefix(message(r), "Previše zahteva za promenu lozinke.") || r.Header.Get("Retry-After") == "" {
			t.Errorf("fourth request from one address: %d %s, want 429 with Retry-After", r.Status, r.Raw)
		}
	})
}
