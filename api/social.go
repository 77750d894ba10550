package api

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/social"
)

// Cookies of the social sign-in. The state lives while the browser is at the provider; the
// hand-over carries the new session's refresh token from the callback (a browser redirect,
// which cannot answer JSON) to the storefront's one POST that turns it into tokens, so no
// token ever appears in an address.
const (
	socialStateCookie   = "shop_social_state"
	socialStatePath     = "/api/v1/auth/"
	socialSessionCookie = "shop_social_session"
	socialSessionPath   = "/api/v1/auth/social/session"
	socialSessionTTL    = 2 * time.Minute
)

type socialHandlers struct {
	social *social.Service
	ids    *identity.Service
	log    *slog.Logger
	secure bool // the shop is served over https: the cookies say Secure
}

func socialRoutes(d Deps) []Route {
	if d.Social == nil {
		return nil
	}
	log := d.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	h := socialHandlers{social: d.Social, ids: d.Identity, log: log,
		secure: d.Config != nil && strings.HasPrefix(d.Config.HTTP.PublicURL, "https://")}
	return []Route{
		{Method: "GET", Path: "/auth/providers", Handler: h.providers},
		{Method: "GET", Path: "/auth/:provider/start", Handler: h.start},
		{Method: "GET", Path: "/auth/:provider/callback", Handler: h.callback},
		{Method: "POST", Path: "/auth/social/session", Handler: h.session},
	}
}

// providers godoc
//
//	@Summary	The social sign-in providers this shop offers (google, facebook): those with a client id and secret
//	@Tags		session
//	@Produce	json
//	@Success	200	{object}	httpx.DataResponse[[]string]
//	@Router		/api/v1/auth/providers [get]
func (h socialHandlers) providers(c *gin.Context) {
	httpx.Data(c, h.social.Offered())
}

// start godoc
//
//	@Summary	Start signing in with a provider: redirects (302) to it with state, PKCE (S256) and nonce; the state is kept in a short-lived HttpOnly cookie
//	@Tags		session
//	@Produce	json
//	@Param		provider	path	string	true	"google or facebook"
//	@Param		return		query	string	false	"storefront path to go back to after signing in (a path of this site; else home)"
//	@Success	302			"to the provider; on a provider that cannot be reached, to /login?social_error=provider"
//	@Failure	404			{object}	httpx.ErrorResponse	"the provider is not configured"
//	@Router		/api/v1/auth/{provider}/start [get]
func (h socialHandlers) start(c *gin.Context) {
	redirect, cookie, err := h.social.Start(c.Request.Context(), c.Param("provider"), c.Query("return"))
	if apperr.Is(err, apperr.NotFound) {
		httpx.Fail(c, err)
		return
	}
	if err != nil {
		h.refused(c, err)
		return
	}
	h.setCookie(c, socialStateCookie, cookie, socialStatePath, social.StateTTL)
	c.Redirect(http.StatusFound, redirect)
}

// callback godoc
//
//	@Summary	The provider's redirect back: checks state, exchanges the code with the PKCE verifier, verifies the ID token or profile, links or creates the customer and redirects to the storefront
//	@Description	Success: 302 to /login?social={provider}&next={return path}, with the new session in a two-minute HttpOnly cookie for POST auth/social/session. Refusal: 302 to /login?social_error={code}, code one of state, denied, provider, token, email, staff, deactivated, limit, server.
//	@Tags		session
//	@Produce	json
//	@Param		provider	path	string	true	"google or facebook"
//	@Param		code		query	string	false	"the provider's authorization code"
//	@Param		state		query	string	false	"the state sent at start"
//	@Param		error		query	string	false	"the provider's error (access_denied, ...)"
//	@Success	302			"to the storefront (see the description)"
//	@Failure	404			{object}	httpx.ErrorResponse	"the provider is not configured"
//	@Router		/api/v1/auth/{provider}/callback [get]
func (h socialHandlers) callback(c *gin.Context) {
	cookie, _ := c.Cookie(socialStateCookie)
	// The state is single-use: whatever happens now, it is gone.
	h.setCookie(c, socialStateCookie, "", socialStatePath, -1)
	t, back, err := h.social.Callback(c.Request.Context(), social.CallbackInput{Provider: c.Param("provider"), Query: c.Request.URL.Query(),
		Cookie: cookie, IP: c.ClientIP(), UserAgent: c.Request.UserAgent()})
	if apperr.Is(err, apperr.NotFound) {
		httpx.Fail(c, err)
		return
	}
	if err != nil {
		h.refused(c, err)
		return
	}
	h.setCookie(c, socialSessionCookie, t.RefreshToken, socialSessionPath, socialSessionTTL)
	q := url.Values{"social": {c.Param("provider")}, "next": {back}}
	c.Redirect(http.StatusFound, "/login?"+q.Encode())
}

// refused sends the browser to the login page with the refusal's code, and logs why.
func (h socialHandlers) refused(c *gin.Context, err error) {
	code := social.RefusalCode(err)
	h.log.Warn("social sign-in refused", "provider", c.Param("provider"), "code", code, "error", err.Error(),
		"request_id", c.GetString(httpx.KeyRequestID))
	c.Redirect(http.StatusFound, "/login?"+url.Values{"social_error": {code}}.Encode())
}

// session godoc
//
//	@Summary	Finish a social sign-in: the hand-over cookie set by the callback becomes the session's tokens (once)
//	@Tags		session
//	@Produce	json
//	@Success	200	{object}	httpx.DataResponse[SessionResponse]
//	@Failure	401	{object}	httpx.ErrorResponse	"no hand-over cookie, or it was used or expired"
//	@Router		/api/v1/auth/social/session [post]
func (h socialHandlers) session(c *gin.Context) {
	refresh, _ := c.Cookie(socialSessionCookie)
	h.setCookie(c, socialSessionCookie, "", socialSessionPath, -1)
	if refresh == "" {
		httpx.Fail(c, apperr.New(apperr.Unauthorized, "social.session"))
		return
	}
	// A refresh rotates the token: the cookie's copy is worthless after this call.
	t, err := h.ids.Refresh(c.Request.Context(), refresh)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, sessionResponse(t))
}

// setCookie sets (ttl > 0) or clears (ttl < 0) an HttpOnly, SameSite=Lax cookie: Lax, because
// the provider's redirect back is a cross-site top-level navigation that must carry it.
func (h socialHandlers) setCookie(c *gin.Context, name, value, path string, ttl time.Duration) {
	maxAge := int(ttl / time.Second)
	if ttl < 0 {
		maxAge = -1
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: name, Value: value, Path: path, MaxAge: maxAge, HttpOnly: true,
		Secure: h.secure, SameSite: http.SameSiteLaxMode})
}
