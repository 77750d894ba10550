// Package socialtest is a small sign-in provider for tests and local development only: an
// OpenID Connect provider (discovery, JWKS, an authorize endpoint that approves at once, a
// token endpoint issuing RS256 ID tokens) that also answers the Graph API's /me, so it can
// stand in for Google and for Facebook. It checks what a real provider checks of the shop
// (client credentials, redirect URI, PKCE S256, single-use codes). Never use it in production.
package socialtest

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// Person is who the provider signs in next.
type Person struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
}

// Provider is the fake provider; its zero value is not usable: call New. Who signs in and how
// the provider misbehaves change between sign-ins through the setters.
type Provider struct {
	ClientID     string
	ClientSecret string

	mu      sync.Mutex
	issuer  string
	key     *rsa.PrivateKey
	person  Person
	aud     string // the ID token's audience; empty: ClientID
	deny    bool   // answer access_denied instead of a code
	codes   map[string]*grant
	tokens  map[string]Person // access token -> person (the Graph API's /me)
	handler http.Handler
}

type grant struct {
	person      Person
	clientID    string
	redirectURI string
	challenge   string
	nonce       string
	used        bool
}

// New makes a provider for one client; set its issuer (the URL it is served at) with
// SetIssuer before the first sign-in.
func New(clientID, clientSecret string) *Provider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	p := &Provider{ClientID: clientID, ClientSecret: clientSecret, key: key, codes: map[string]*grant{}, tokens: map[string]Person{},
		person: Person{Subject: "1001", Email: "kupac.google@example.com", EmailVerified: true, Name: "Marko Marković"}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("GET /me", p.me)
	p.handler = mux
	return p
}

func (p *Provider) ServeHTTP(w http.ResponseWriter, r *http.Request) { p.handler.ServeHTTP(w, r) }

// SetIssuer is the provider's own URL (an httptest server's, or the dev command's).
func (p *Provider) SetIssuer(u string) {
	p.mu.Lock()
	p.issuer = strings.TrimRight(u, "/")
	p.mu.Unlock()
}

// SignIn makes the next authorizations approve this person.
func (p *Provider) SignIn(person Person) { p.mu.Lock(); p.person = person; p.mu.Unlock() }

// SetAudience makes ID tokens name another audience (a token meant for another client).
func (p *Provider) SetAudience(aud string) { p.mu.Lock(); p.aud = aud; p.mu.Unlock() }

// SetDeny makes the next authorizations answer access_denied (the person said no).
func (p *Provider) SetDeny(deny bool) { p.mu.Lock(); p.deny = deny; p.mu.Unlock() }

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	iss := p.issuer
	p.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer": iss, "authorization_endpoint": iss + "/authorize", "token_endpoint": iss + "/token",
		"jwks_uri": iss + "/jwks", "userinfo_endpoint": iss + "/me",
		"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"}, "code_challenge_methods_supported": []string{"S256"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &p.key.PublicKey, KeyID: "test-key", Algorithm: "RS256", Use: "sig"}}}
	writeJSON(w, http.StatusOK, set)
}

// authorize approves at once and sends the browser back with a code, as a provider does after
// the person said yes. It refuses what a real provider refuses: an unknown client, no redirect
// URI, no S256 PKCE challenge.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirect := q.Get("redirect_uri")
	if q.Get("client_id") != p.ClientID || redirect == "" || q.Get("response_type") != "code" {
		http.Error(w, "unknown client, no redirect_uri or not response_type=code", http.StatusBadRequest)
		return
	}
	back, err := url.Parse(redirect)
	if err != nil {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	ans := back.Query()
	ans.Set("state", q.Get("state"))
	p.mu.Lock()
	deny, person := p.deny, p.person
	p.mu.Unlock()
	switch {
	case deny:
		ans.Set("error", "access_denied")
	case q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256":
		ans.Set("error", "invalid_request")
		ans.Set("error_description", "PKCE S256 required")
	default:
		code := random()
		p.mu.Lock()
		p.codes[code] = &grant{person: person, clientID: p.ClientID, redirectURI: redirect, challenge: q.Get("code_challenge"), nonce: q.Get("nonce")}
		p.mu.Unlock()
		ans.Set("code", code)
	}
	back.RawQuery = ans.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// token exchanges a code once, for the client it was issued to, with the verifier of its
// challenge; the answer has an access token and an RS256 ID token.
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		oauthError(w, "invalid_request")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != p.ClientID || subtle.ConstantTimeCompare([]byte(secret), []byte(p.ClientSecret)) != 1 {
		oauthError(w, "invalid_client")
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.codes[r.PostForm.Get("code")]
	if r.PostForm.Get("grant_type") != "authorization_code" || g == nil || g.used || g.redirectURI != r.PostForm.Get("redirect_uri") {
		if g != nil {
			g.used = true // a replayed code is burnt for good
		}
		oauthError(w, "invalid_grant")
		return
	}
	g.used = true
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	if r.PostForm.Get("code_verifier") == "" || base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
		oauthError(w, "invalid_grant")
		return
	}
	aud := p.aud
	if aud == "" {
		aud = p.ClientID
	}
	now := time.Now()
	claims := map[string]any{"iss": p.issuer, "sub": g.person.Subject, "aud": aud, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"email": g.person.Email, "email_verified": g.person.EmailVerified, "name": g.person.Name}
	if g.nonce != "" {
		claims["nonce"] = g.nonce
	}
	idToken, err := p.sign(claims)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	access := random()
	p.tokens[access] = g.person
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600, "id_token": idToken})
}

func (p *Provider) sign(claims map[string]any) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: p.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", "test-key"))
	if err != nil {
		return "", err
	}
	payload, _ := json.Marshal(claims)
	obj, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return obj.CompactSerialize()
}

// me is the Graph API's /me?fields=id,name,email: like Facebook, it leaves the e-mail out
// when the person has no confirmed one, and checks appsecret_proof when given.
func (p *Provider) me(w http.ResponseWriter, r *http.Request) {
	access := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if access == "" {
		access = r.URL.Query().Get("access_token")
	}
	p.mu.Lock()
	person, ok := p.tokens[access]
	p.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": map[string]any{"message": "Invalid OAuth access token.", "code": 190}})
		return
	}
	if proof := r.URL.Query().Get("appsecret_proof"); proof != "" {
		mac := hmac.New(sha256.New, []byte(p.ClientSecret))
		mac.Write([]byte(access))
		if !hmac.Equal([]byte(proof), []byte(hex.EncodeToString(mac.Sum(nil)))) {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": "Invalid appsecret_proof", "code": 100}})
			return
		}
	}
	out := map[string]any{"id": person.Subject, "name": person.Name}
	if person.EmailVerified && person.Email != "" {
		out["email"] = person.Email
	}
	writeJSON(w, http.StatusOK, out)
}

func oauthError(w http.ResponseWriter, code string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func random() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
