// Package social signs customers in with Google (OpenID Connect) and Facebook (OAuth 2 and the
// Graph API): the redirect to the provider with state, PKCE and nonce, the checks on the way
// back, and the hand-over to identity, which links or creates the customer and opens the session.
package social

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
)

// The providers' names, as in the paths (auth/{provider}/start) and the config.
const (
	Google   = "google"
	Facebook = "facebook"
)

// StateTTL is how long a started sign-in may take at the provider.
const StateTTL = 10 * time.Minute

// Refusal is a sign-in that did not succeed; Code is what the storefront's login page shows
// (state, denied, provider, token, email, staff, deactivated, limit, server).
type Refusal struct {
	Code string
	Err  error
}

func (r *Refusal) Error() string {
	if r.Err == nil {
		return "social sign-in refused: " + r.Code
	}
	return "social sign-in refused: " + r.Code + ": " + r.Err.Error()
}

func (r *Refusal) Unwrap() error { return r.Err }

func refuse(code string, err error) *Refusal { return &Refusal{Code: code, Err: err} }

// RefusalCode is the storefront's code for any error of the flow: a Refusal's own, identity's
// refusals ("social.staff" -> "staff"), anything else "server".
func RefusalCode(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Code
	}
	if e := apperr.As(err); strings.HasPrefix(e.Msg.Key, "social.") {
		return strings.TrimPrefix(e.Msg.Key, "social.")
	}
	return "server"
}

// Identity is what the flow needs from identity: sign the verified profile in.
type Identity interface {
	SignInSocial(ctx context.Context, in identity.SocialSignInInput) (*identity.Tokens, error)
}

// Once marks a key used for a window: the first Hit of a key is within a limit of one, any
// later one is not (ratelimit.Limiter, shared by every API process through Redis).
type Once interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Service is sign-in with Google and Facebook: the redirect out, the callback, the sign-in.
type Service struct {
	providers map[string]provider
	ids       Identity
	once      Once
	sealer    sealer
	log       *slog.Logger
	now       func() time.Time
}

// New builds the offered providers from the config: one without a client id and secret is
// not offered. publicURL is the shop's address; the providers send the browser back to
// <publicURL>/api/v1/auth/<provider>/callback.
func New(cfg config.AuthConfig, publicURL string, secret []byte, ids Identity, once Once, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// Bounded calls to the provider: a hanging provider must not hold the callback for ever.
	client := &http.Client{Timeout: 10 * time.Second}
	base := strings.TrimRight(publicURL, "/") + "/api/v1/auth/"
	s := &Service{providers: map[string]provider{}, ids: ids, once: once, sealer: newSealer(secret), log: log, now: time.Now}
	if g := cfg.Google; g.ClientID != "" && g.ClientSecret != "" && g.Issuer != "" {
		s.providers[Google] = &oidcProvider{name: Google, issuer: g.Issuer, client: client, oauth: oauth2.Config{
			ClientID: g.ClientID, ClientSecret: g.ClientSecret, RedirectURL: base + Google + "/callback",
			Scopes: []string{"openid", "email", "profile"}}}
	}
	if f := cfg.Facebook; f.ClientID != "" && f.ClientSecret != "" {
		s.providers[Facebook] = &facebookProvider{graphURL: f.GraphURL, client: client, oauth: oauth2.Config{
			ClientID: f.ClientID, ClientSecret: f.ClientSecret, RedirectURL: base + Facebook + "/callback",
			Scopes:   []string{"email", "public_profile"},
			Endpoint: oauth2.Endpoint{AuthURL: f.AuthURL, TokenURL: f.TokenURL, AuthStyle: oauth2.AuthStyleInParams}}}
	}
	return s
}

// Offered lists the configured providers, sorted.
func (s *Service) Offered() []string {
	out := make([]string, 0, len(s.providers))
	for name := range s.providers {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func (s *Service) provider(name string) (provider, error) {
	p, ok := s.providers[name]
	if !ok {
		return nil, apperr.NotFoundThing("provider")
	}
	return p, nil
}

// Start begins a sign-in: the provider's address to send the browser to, and the sealed state
// to keep in the browser's cookie until it comes back. returnPath is where the storefront goes
// afterwards (a path of this site only).
func (s *Service) Start(ctx context.Context, name, returnPath string) (redirect, cookie string, err error) {
	p, err := s.provider(name)
	if err != nil {
		return "", "", err
	}
	st := flowState{Provider: name, State: randomString(), Nonce: randomString(), Verifier: oauth2.GenerateVerifier(),
		Return: SafeReturn(returnPath), Expires: s.now().Add(StateTTL).Unix()}
	redirect, err = p.authURL(ctx, st)
	if err != nil {
		return "", "", err
	}
	return redirect, s.sealer.seal(st), nil
}

// CallbackInput is the provider's redirect back: its query and the state cookie.
type CallbackInput struct {
	Provider  string
	Query     url.Values
	Cookie    string
	IP        string
	UserAgent string
}

// Callback finishes a sign-in: the state must be the one this browser started (against
// forged callbacks and login CSRF), the provider must not report an error, the code is
// exchanged with the PKCE verifier, the ID token (Google) or Graph profile (Facebook) checked,
// and identity signs the person in. It answers the shop's tokens and the return path.
func (s *Service) Callback(ctx context.Context, in CallbackInput) (*identity.Tokens, string, error) {
	p, err := s.provider(in.Provider)
	if err != nil {
		return nil, "", err
	}
	st, err := s.sealer.open(in.Cookie, s.now())
	got := in.Query.Get("state")
	if err != nil || st.Provider != in.Provider || got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(st.State)) != 1 {
		return nil, "", refuse("state", err)
	}
	// A state is spent by its first callback: a captured state and cookie replayed within their
	// lifetime (with another code) is refused on every API process.
	fresh, _, err := s.once.Hit(ctx, "social-state:"+st.State, 1, StateTTL)
	if err != nil {
		return nil, "", err
	}
	if !fresh {
		return nil, "", refuse("state", errors.New("state already used"))
	}
	if e := in.Query.Get("error"); e != "" {
		code := "provider"
		if e == "access_denied" {
			code = "denied" // the person said no at the provider
		}
		return nil, "", refuse(code, errors.New("provider error: "+e+": "+in.Query.Get("error_description")))
	}
	code := in.Query.Get("code")
	if code == "" {
		return nil, "", refuse("provider", errors.New("no code"))
	}
	prof, err := p.profile(ctx, code, st)
	if err != nil {
		return nil, "", err
	}
	prof.Provider = in.Provider
	t, err := s.ids.SignInSocial(ctx, identity.SocialSignInInput{Profile: prof, IP: in.IP, UserAgent: in.UserAgent})
	if err != nil {
		return nil, "", err
	}
	return t, st.Return, nil
}
