package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/platform/config"
	"shop/internal/social/socialtest"
)

// socialSetup is a shop whose Google and (optionally) Facebook sign-in point at local test
// providers: no outside network.
type socialSetup struct {
	ts       *testServer
	google   *socialtest.Provider
	facebook *socialtest.Provider
}

func runSocial(t *testing.T, withFacebook bool, fn func(t *testing.T, s *socialSetup)) {
	t.Helper()
	google := socialtest.New("shop-google-client", "google-secret")
	gsrv := httptest.NewServer(google)
	t.Cleanup(gsrv.Close)
	google.SetIssuer(gsrv.URL)
	facebook := socialtest.New("shop-facebook-app", "facebook-secret")
	fsrv := httptest.NewServer(facebook)
	t.Cleanup(fsrv.Close)
	facebook.SetIssuer(fsrv.URL)
	runWith(t, func(cfg *config.Config) {
		cfg.Auth.Google = config.GoogleAuthConfig{ClientID: google.ClientID, ClientSecret: google.ClientSecret, Issuer: gsrv.URL}
		if withFacebook {
			cfg.Auth.Facebook = config.FacebookAuthConfig{ClientID: facebook.ClientID, ClientSecret: facebook.ClientSecret,
				AuthURL: fsrv.URL + "/authorize", TokenURL: fsrv.URL + "/token", GraphURL: fsrv.URL}
		}
	}, func(t *testing.T, a *app.App) {
		fn(t, &socialSetup{ts: newTestServer(t, a), google: google, facebook: facebook})
	})
}

// noRedirect sees each redirect instead of following it (the test plays the browser).
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t *testing.T, u string, cookies ...*http.Cookie) *http.Response {
	t.Helper()
	r, err := http.NewRequest("GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cookies {
		if c != nil {
			r.AddCookie(c)
		}
	}
	res, err := noRedirect.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func cookieOf(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name && c.MaxAge >= 0 && c.Value != "" {
			return c
		}
	}
	return nil
}

// start begins a sign-in; it answers the provider's authorize address and the state cookie.
func (s *socialSetup) start(t *testing.T, provider, ret string) (string, *http.Cookie) {
	t.Helper()
	res := get(t, s.ts.srv.URL+"/api/v1/auth/"+provider+"/start?return="+url.QueryEscape(ret))
	if res.StatusCode != http.StatusFound {
		t.Fatalf("start %s: %d", provider, res.StatusCode)
	}
	st := cookieOf(res, "shop_social_state")
	if st == nil || !st.HttpOnly || st.SameSite != http.SameSiteLaxMode || st.MaxAge <= 0 || st.MaxAge > 600 {
		t.Fatalf("state cookie: %+v", st)
	}
	return res.Header.Get("Location"), st
}

// authorize is the provider approving: it answers the callback's path and query on the shop.
func authorize(t *testing.T, authURL string) string {
	t.Helper()
	res := get(t, authURL)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("authorize: %d", res.StatusCode)
	}
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(back.Path, "/api/v1/auth/") {
		t.Fatalf("authorize sent back to %q", res.Header.Get("Location"))
	}
	return back.RequestURI()
}

// callback plays the provider's redirect back; it answers where the shop sends the browser
// and the hand-over cookie.
func (s *socialSetup) callback(t *testing.T, pathQuery string, state *http.Cookie) (*url.URL, *http.Cookie) {
	t.Helper()
	res := get(t, s.ts.srv.URL+pathQuery, state)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("callback: %d", res.StatusCode)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc, cookieOf(res, "shop_social_session")
}

// handOver is the storefront's POST that turns the hand-over cookie into tokens.
func (s *socialSetup) handOver(t *testing.T, c *http.Cookie) resp {
	t.Helper()
	h := map[string]string{}
	if c != nil {
		h["Cookie"] = c.Name + "=" + c.Value
	}
	return s.ts.do(req{method: "POST", path: "/api/v1/auth/social/session", header: h})
}

// signIn runs a whole sign-in and answers the logged-in user (from users/token).
func (s *socialSetup) signIn(t *testing.T, provider, ret string) (map[string]any, *url.URL) {
	t.Helper()
	authURL, st := s.start(t, provider, ret)
	loc, hand := s.callback(t, authorize(t, authURL), st)
	if loc.Path != "/login" || loc.Query().Get("social") != provider || loc.Query().Get("social_error") != "" {
		t.Fatalf("sign-in with %s redirected to %s", provider, loc)
	}
	if hand == nil || !hand.HttpOnly || hand.Path != "/api/v1/auth/social/session" {
		t.Fatalf("hand-over cookie: %+v", hand)
	}
	r := s.handOver(t, hand)
	if r.Status != 200 {
		t.Fatalf("hand-over: %d %s", r.Status, r.Raw)
	}
	token, _ := data(r)["token"].(string)
	me := s.ts.do(req{method: "GET", path: "/api/v1/users/token", token: token})
	if me.Status != 200 {
		t.Fatalf("users/token after social sign-in: %d %s", me.Status, me.Raw)
	}
	// The hand-over works once.
	if again := s.handOver(t, hand); again.Status != 401 {
		t.Errorf("hand-over cookie used twice: %d", again.Status)
	}
	return data(me), loc
}

// refused runs a sign-in whose callback must be refused with code.
func (s *socialSetup) refusedWith(t *testing.T, provider, code string) {
	t.Helper()
	authURL, st := s.start(t, provider, "/")
	loc, hand := s.callback(t, authorize(t, authURL), st)
	if loc.Path != "/login" || loc.Query().Get("social_error") != code || hand != nil {
		t.Fatalf("want refusal %q, got %s (hand-over %v)", code, loc, hand)
	}
}

func (s *socialSetup) usersWithEmail(t *testing.T, email string) int64 {
	var n int64
	if err := s.ts.app.DB.Table("users").Where("email = ?", email).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSocialGoogleSignIn(t *testing.T) {
	t.Parallel()
	runSocial(t, false, func(t *testing.T, s *socialSetup) {
		ctx := context.Background()
		s.google.SignIn(socialtest.Person{Subject: "g-1", Email: "Nova.Kupac@Example.com", EmailVerified: true, Name: "Nova Kupac"})
		me, loc := s.signIn(t, "google", "/korpa?x=1")
		if loc.Query().Get("next") != "/korpa?x=1" {
			t.Errorf("return path: %s", loc)
		}
		if me["email"] != "nova.kupac@example.com" || me["name"] != "Nova Kupac" {
			t.Errorf("new account: %v", me)
		}
		if roles, _ := me["roles"].([]any); len(roles) != 1 || roles[0] != "customer" {
			t.Errorf("new account's roles: %v", me["roles"])
		}
		uid := uint64(me["id"].(float64))
		if p, err := s.ts.app.Identity.SocialProviders(ctx, uid); err != nil || len(p) != 1 || p[0] != "google" {
			t.Errorf("links: %v %v", p, err)
		}
		// No password was set: the account cannot be guessed into with an empty one.
		if r := s.ts.do(req{method: "POST", path: "/api/v1/login", body: map[string]string{"email": "nova.kupac@example.com", "password": ""}}); r.Status != 422 {
			t.Errorf("password login with an empty password: %d", r.Status)
		}

		// The second sign-in (the e-mail changed at Google meanwhile) is the same user.
		s.google.SignIn(socialtest.Person{Subject: "g-1", Email: "nova.kupac@example.com", EmailVerified: true, Name: "Nova"})
		again, _ := s.signIn(t, "google", "/")
		if uint64(again["id"].(float64)) != uid || s.usersWithEmail(t, "nova.kupac@example.com") != 1 {
			t.Errorf("second sign-in: %v", again)
		}

		// A customer who registered with a password is linked by the verified e-mail.
		buyer := data(s.ts.do(req{method: "GET", path: "/api/v1/users/token", token: s.ts.buyer}))
		s.google.SignIn(socialtest.Person{Subject: "g-2", Email: "kupac@demo.local", EmailVerified: true, Name: "Someone Else"})
		linked, _ := s.signIn(t, "google", "/")
		if linked["id"] != buyer["id"] || linked["name"] != buyer["name"] {
			t.Errorf("existing e-mail: signed in %v, want the demo customer %v", linked, buyer)
		}

		// Staff never sign in this way, not even by their e-mail.
		s.google.SignIn(socialtest.Person{Subject: "g-3", Email: "admin@demo.local", EmailVerified: true, Name: "Admin"})
		s.refusedWith(t, "google", "staff")

		// An e-mail the provider does not vouch for links nothing and creates nothing.
		s.google.SignIn(socialtest.Person{Subject: "g-4", Email: "unverified@example.com", EmailVerified: false, Name: "Unverified"})
		s.refusedWith(t, "google", "email")
		s.google.SignIn(socialtest.Person{Subject: "g-5", Email: "kupac@demo.local", EmailVerified: false, Name: "Taker"})
		s.refusedWith(t, "google", "email")
		if s.usersWithEmail(t, "unverified@example.com") != 0 {
			t.Error("an account was created for an unverified e-mail")
		}

		// A token meant for another client (wrong audience).
		s.google.SignIn(socialtest.Person{Subject: "g-6", Email: "aud@example.com", EmailVerified: true, Name: "Aud"})
		s.google.SetAudience("another-client")
		s.refusedWith(t, "google", "token")
		s.google.SetAudience("")
		if s.usersWithEmail(t, "aud@example.com") != 0 {
			t.Error("an account was created from a token for another client")
		}

		// The person says no at the provider.
		s.google.SetDeny(true)
		s.refusedWith(t, "google", "denied")
		s.google.SetDeny(false)

		// A deactivated customer is refused; a deleted one takes their links along, and the
		// next sign-in creates a fresh account.
		id := strconv.FormatUint(uid, 10)
		if r := s.ts.do(req{method: "POST", path: "/api/v1/admin/users/" + id + "/deactivate", token: s.ts.admin}); r.Status != 200 {
			t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
		}
		s.google.SignIn(socialtest.Person{Subject: "g-1", Email: "nova.kupac@example.com", EmailVerified: true, Name: "Nova"})
		s.refusedWith(t, "google", "deactivated")
		if r := s.ts.do(req{method: "DELETE", path: "/api/v1/admin/users/" + id, token: s.ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		var links int64
		s.ts.app.DB.Table("user_identities").Where("user_id = ?", uid).Count(&links)
		if links != 0 {
			t.Errorf("%d links of a deleted user left", links)
		}
		fresh, _ := s.signIn(t, "google", "/")
		if uint64(fresh["id"].(float64)) == uid || fresh["email"] != "nova.kupac@example.com" {
			t.Errorf("sign-in after the delete: %v", fresh)
		}
	})
}

func TestSocialStateAndCode(t *testing.T) {
	t.Parallel()
	runSocial(t, false, func(t *testing.T, s *socialSetup) {
		s.google.SignIn(socialtest.Person{Subject: "g-10", Email: "state@example.com", EmailVerified: true, Name: "State"})
		refused := func(t *testing.T, loc *url.URL, hand *http.Cookie, code string) {
			t.Helper()
			if loc.Path != "/login" || loc.Query().Get("social_error") != code || hand != nil {
				t.Errorf("want refusal %q, got %s", code, loc)
			}
		}

		// The authorize request carries state, nonce and an S256 PKCE challenge.
		authURL, st := s.start(t, "google", "/")
		au, _ := url.Parse(authURL)
		q := au.Query()
		if q.Get("state") == "" || q.Get("nonce") == "" || q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256" ||
			q.Get("client_id") != "shop-google-client" || !strings.HasSuffix(q.Get("redirect_uri"), "/api/v1/auth/google/callback") {
			t.Fatalf("authorize request: %s", authURL)
		}
		back := authorize(t, authURL)

		// A forged state (the attacker's own callback in the victim's browser), and no cookie.
		forged := strings.Replace(back, "state="+url.QueryEscape(q.Get("state")), "state=forged", 1)
		loc, hand := s.callback(t, forged, st)
		refused(t, loc, hand, "state")
		loc, hand = s.callback(t, back, nil)
		refused(t, loc, hand, "state")
		// A tampered cookie.
		tampered := []byte(st.Value)
		if i := len(tampered) / 2; tampered[i] == 'A' {
			tampered[i] = 'B'
		} else {
			tampered[i] = 'A'
		}
		loc, hand = s.callback(t, back, &http.Cookie{Name: st.Name, Value: string(tampered)})
		refused(t, loc, hand, "state")

		// The genuine callback still works once (the provider's code was not spent).
		loc, hand = s.callback(t, back, st)
		if loc.Query().Get("social") != "google" || hand == nil {
			t.Fatalf("genuine callback: %s", loc)
		}
		code := mustQuery(t, back).Get("code")

		// State replay: the same state and cookie with a new code from the provider is refused.
		loc, hand = s.callback(t, authorize(t, authURL), st)
		refused(t, loc, hand, "state")

		// Code replay: a used code under a fresh, valid state is refused by the provider.
		authURL2, st2 := s.start(t, "google", "/")
		state2 := mustQuery(t, authURL2).Get("state")
		loc, hand = s.callback(t, "/api/v1/auth/google/callback?code="+url.QueryEscape(code)+"&state="+url.QueryEscape(state2), st2)
		refused(t, loc, hand, "provider")

		// PKCE: a code issued to one sign-in (its challenge) is useless to another (its verifier).
		authA, _ := s.start(t, "google", "/")
		codeA := mustQuery(t, authorize(t, authA)).Get("code")
		authB, stB := s.start(t, "google", "/")
		stateB := mustQuery(t, authB).Get("state")
		loc, hand = s.callback(t, "/api/v1/auth/google/callback?code="+url.QueryEscape(codeA)+"&state="+url.QueryEscape(stateB), stB)
		refused(t, loc, hand, "provider")

		// The provider itself refuses a code without a verifier.
		authC, _ := s.start(t, "google", "/")
		codeC := mustQuery(t, authorize(t, authC)).Get("code")
		iss := strings.TrimSuffix(au.Scheme+"://"+au.Host, "/")
		res, err := http.PostForm(iss+"/token", url.Values{"grant_type": {"authorization_code"}, "code": {codeC},
			"redirect_uri": {q.Get("redirect_uri")}, "client_id": {"shop-google-client"}, "client_secret": {"google-secret"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 400 {
			t.Errorf("token without code_verifier: %d", res.StatusCode)
		}

		// A return path elsewhere is not followed (no open redirect).
		for _, evil := range []string{"//evil.example/x", "https://evil.example/", "/\\evil.example"} {
			au, st := s.start(t, "google", evil)
			loc, _ := s.callback(t, authorize(t, au), st)
			if loc.Query().Get("next") != "/" {
				t.Errorf("return %q became next=%q", evil, loc.Query().Get("next"))
			}
		}

		// No hand-over cookie: 401.
		if r := s.handOver(t, nil); r.Status != 401 {
			t.Errorf("hand-over without cookie: %d", r.Status)
		}
	})
}

func mustQuery(t *testing.T, u string) url.Values {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Query()
}

func TestSocialProviders(t *testing.T) {
	t.Parallel()
	runSocial(t, false, func(t *testing.T, s *socialSetup) {
		r := s.ts.do(req{method: "GET", path: "/api/v1/auth/providers"})
		if l := list(r); r.Status != 200 || len(l) != 1 || l[0] != "google" {
			t.Errorf("providers with Google only: %d %s", r.Status, r.Raw)
		}
		for _, p := range []string{"/api/v1/auth/facebook/start", "/api/v1/auth/facebook/callback?code=x&state=y", "/api/v1/auth/twitter/start"} {
			if r := s.ts.do(req{method: "GET", path: p}); r.Status != 404 {
				t.Errorf("%s: %d, want 404", p, r.Status)
			}
		}
	})
}

func TestSocialFacebookSignIn(t *testing.T) {
	t.Parallel()
	runSocial(t, true, func(t *testing.T, s *socialSetup) {
		r := s.ts.do(req{method: "GET", path: "/api/v1/auth/providers"})
		if l := list(r); len(l) != 2 || l[0] != "facebook" || l[1] != "google" {
			t.Errorf("providers: %s", r.Raw)
		}
		s.facebook.SignIn(socialtest.Person{Subject: "fb-77", Email: "fb.kupac@example.com", EmailVerified: true, Name: "Fejs Kupac"})
		me, _ := s.signIn(t, "facebook", "/")
		if me["email"] != "fb.kupac@example.com" || me["name"] != "Fejs Kupac" {
			t.Errorf("facebook account: %v", me)
		}
		again, _ := s.signIn(t, "facebook", "/")
		if again["id"] != me["id"] {
			t.Errorf("second facebook sign-in: %v, first %v", again, me)
		}
		// The same person signs in with Google too: linked by the e-mail, one account.
		s.google.SignIn(socialtest.Person{Subject: "g-77", Email: "fb.kupac@example.com", EmailVerified: true, Name: "Fejs"})
		g, _ := s.signIn(t, "google", "/")
		if g["id"] != me["id"] {
			t.Errorf("google after facebook: %v", g)
		}
		// No confirmed e-mail at Facebook: Graph leaves it out, the shop refuses.
		s.facebook.SignIn(socialtest.Person{Subject: "fb-78", Email: "no.confirmed@example.com", EmailVerified: false, Name: "Nema"})
		s.refusedWith(t, "facebook", "email")
		// A Facebook state cookie does not finish a Google sign-in.
		fbURL, fbState := s.start(t, "facebook", "/")
		gURL, _ := s.start(t, "google", "/")
		back := authorize(t, gURL)
		_ = fbURL
		loc, hand := s.callback(t, back, fbState)
		if loc.Query().Get("social_error") != "state" || hand != nil {
			t.Errorf("a facebook state finishing a google sign-in: %s", loc)
		}
	})
}

// A provider that cannot be reached: the start sends the browser back to the login page with
// "provider", not to an error page.
func TestSocialProviderDown(t *testing.T) {
	t.Parallel()
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close() // nothing listens there any more
	runWith(t, func(cfg *config.Config) {
		cfg.Auth.Google = config.GoogleAuthConfig{ClientID: "c", ClientSecret: "s", Issuer: down.URL}
	}, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		res := get(t, ts.srv.URL+"/api/v1/auth/google/start")
		loc, _ := url.Parse(res.Header.Get("Location"))
		if res.StatusCode != http.StatusFound || loc.Path != "/login" || loc.Query().Get("social_error") != "provider" {
			t.Errorf("start with the provider down: %d %s", res.StatusCode, loc)
		}
		if cookieOf(res, "shop_social_state") != nil {
			t.Error("a state cookie for a sign-in that never started")
		}
	})
}
