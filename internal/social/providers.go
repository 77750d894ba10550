package social

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"shop/internal/identity"
)

// provider is one way to sign in: where to send the browser, and what the code it comes back
// with proves.
type provider interface {
	authURL(ctx context.Context, st flowState) (string, error)
	// profile exchanges the code (with the PKCE verifier) and returns the checked profile; its
	// errors are Refusals.
	profile(ctx context.Context, code string, st flowState) (identity.SocialProfile, error)
}

// oidcProvider is Google: OpenID Connect with discovery. The discovery document is fetched on
// first use (and again after a failure), so the shop starts without reaching the provider.
type oidcProvider struct {
	name, issuer string
	oauth        oauth2.Config
	client       *http.Client

	mu   sync.Mutex
	disc *oidc.Provider
}

func (g *oidcProvider) discover(ctx context.Context) (*oidc.Provider, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.disc != nil {
		return g.disc, nil
	}
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, g.client), g.issuer)
	if err != nil {
		return nil, err
	}
	g.disc = p
	return p, nil
}

func (g *oidcProvider) config(p *oidc.Provider) *oauth2.Config {
	c := g.oauth
	c.Endpoint = p.Endpoint()
	return &c
}

func (g *oidcProvider) authURL(ctx context.Context, st flowState) (string, error) {
	p, err := g.discover(ctx)
	if err != nil {
		return "", refuse("provider", err)
	}
	return g.config(p).AuthCodeURL(st.State, oauth2.S256ChallengeOption(st.Verifier), oidc.Nonce(st.Nonce)), nil
}

func (g *oidcProvider) profile(ctx context.Context, code string, st flowState) (identity.SocialProfile, error) {
	var out identity.SocialProfile
	p, err := g.discover(ctx)
	if err != nil {
		return out, refuse("provider", err)
	}
	tok, err := g.config(p).Exchange(context.WithValue(ctx, oauth2.HTTPClient, g.client), code, oauth2.VerifierOption(st.Verifier))
	if err != nil {
		return out, refuse("provider", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return out, refuse("token", errors.New("no id_token in the token answer"))
	}
	// Issuer, audience (our client id), expiry and signature (the provider's published keys).
	idt, err := p.Verifier(&oidc.Config{ClientID: g.oauth.ClientID}).Verify(ctx, raw)
	if err != nil {
		return out, refuse("token", err)
	}
	if idt.Nonce == "" || !hmac.Equal([]byte(idt.Nonce), []byte(st.Nonce)) {
		return out, refuse("token", errors.New("id_token nonce does not match the sign-in's"))
	}
	var c idClaims
	if err := idt.Claims(&c); err != nil {
		return out, refuse("token", err)
	}
	return identity.SocialProfile{Provider: g.name, Subject: idt.Subject, Email: c.Email,
		EmailVerified: bool(c.EmailVerified), Name: c.Name}, nil
}

// emailVerified reads the claim as a boolean or as the string "true" (some providers send that).
type emailVerified bool

func (e *emailVerified) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	*e = emailVerified(s == "true")
	return nil
}

type idClaims struct {
	Email         string        `json:"email"`
	EmailVerified emailVerified `json:"email_verified"`
	Name          string        `json:"name"`
}

// facebookProvider: OAuth 2 with PKCE, then the Graph API's /me. Facebook sends no
// email_verified; it answers the e-mail only when the person has a confirmed one, so an
// e-mail it returns counts as verified and a missing one as none.
type facebookProvider struct {
	oauth    oauth2.Config
	graphURL string
	client   *http.Client
}

func (f *facebookProvider) authURL(_ context.Context, st flowState) (string, error) {
	return f.oauth.AuthCodeURL(st.State, oauth2.S256ChallengeOption(st.Verifier)), nil
}

func (f *facebookProvider) profile(ctx context.Context, code string, st flowState) (identity.SocialProfile, error) {
	out := identity.SocialProfile{Provider: Facebook}
	tok, err := f.oauth.Exchange(context.WithValue(ctx, oauth2.HTTPClient, f.client), code, oauth2.VerifierOption(st.Verifier))
	if err != nil {
		return out, refuse("provider", err)
	}
	// appsecret_proof: Facebook's guard against a leaked access token used by another app.
	mac := hmac.New(sha256.New, []byte(f.oauth.ClientSecret))
	mac.Write([]byte(tok.AccessToken))
	q := url.Values{"fields": {"id,name,email"}, "appsecret_proof": {hex.EncodeToString(mac.Sum(nil))}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(f.graphURL, "/")+"/me?"+q.Encode(), nil)
	if err != nil {
		return out, refuse("provider", err)
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	res, err := f.client.Do(req)
	if err != nil {
		return out, refuse("provider", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return out, refuse("provider", fmt.Errorf("graph /me: %s: %.200s", res.Status, body))
	}
	var me struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if err := json.Unmarshal(body, &me); err != nil || me.ID == "" {
		return out, refuse("token", errors.New("graph /me: no id"))
	}
	out.Subject, out.Name, out.Email, out.EmailVerified = me.ID, me.Name, me.Email, me.Email != ""
	return out, nil
}
