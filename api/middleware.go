package api

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"mime"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"shop/internal/identity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/httpx"
	"shop/internal/platform/i18n"
	"shop/internal/platform/reqid"
)

// requestID takes the caller's X-Request-ID or makes one, and echoes it. A made id is this
// process's random prefix and a counter: unique across instances without a crypto read per request.
func requestID() gin.HandlerFunc {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	prefix := hex.EncodeToString(b) + "-"
	var n atomic.Uint64
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if id == "" || len(id) > 64 {
			id = prefix + strconv.FormatUint(n.Add(1), 36)
		}
		c.Set(httpx.KeyRequestID, id)
		// On the request's context too: the log lines written with it and the jobs it
		// enqueues carry the id (reqid).
		c.Request = c.Request.WithContext(reqid.With(c.Request.Context(), id))
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// accessLog writes one line per request: API calls at info, the rest (media files, the web
// apps' files, health probes) at debug, so the terminal shows what matters.
//
// A request slower than slow (0: never) gets a WARN line naming its route and the time its SQL
// statements took, which tells a slow query from slow Go code or a wait.
func accessLog(log *slog.Logger, slow time.Duration) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Request = c.Request.WithContext(db.WithQueryTimer(c.Request.Context()))
		c.Next()
		// An event stream is long by design.
		if d := time.Since(start); slow > 0 && d >= slow && !strings.HasPrefix(c.Writer.Header().Get("Content-Type"), "text/event-stream") {
			sqlTime, statements := db.QueryTime(c.Request.Context())
			log.LogAttrs(c.Request.Context(), slog.LevelWarn, "slow request",
				slog.String("request_id", c.GetString(httpx.KeyRequestID)),
				slog.String("method", c.Request.Method),
				slog.String("route", c.FullPath()),
				slog.Int("status", c.Writer.Status()),
				slog.Duration("duration", d),
				slog.Duration("sql_time", sqlTime),
				slog.Int64("sql_statements", statements))
		}
		level := slog.LevelDebug
		if strings.HasPrefix(c.Request.URL.Path, "/api/") {
			level = slog.LevelInfo
		}
		if !log.Enabled(c.Request.Context(), level) {
			return
		}
		log.LogAttrs(c.Request.Context(), level, "http",
			slog.String("request_id", c.GetString(httpx.KeyRequestID)),
			slog.String("method", c.Request.Method),
			slog.String("path", c.Request.URL.Path),
			slog.Int("status", c.Writer.Status()),
			slog.Duration("duration", time.Since(start)),
			slog.String("ip", c.ClientIP()))
	}
}

// securityHeaders go on every answer: no MIME sniffing by the browser, referrers without paths
// to other sites, no framing (clickjacking). API answers are never stored by a browser or a
// proxy (they carry tokens and personal data); a handler that wants caching sets its own.
func securityHeaders() gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		if strings.HasPrefix(c.Request.URL.Path, "/api/v1/") {
			h.Set("Cache-Control", "no-store")
		}
		c.Next()
	}
}

// recovery turns a panic into the generic 500 (through the error middleware) and logs it.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, rec any) {
		log.Error("panic", "request_id", c.GetString(httpx.KeyRequestID), "panic", rec, "path", c.Request.URL.Path,
			"stack", string(debug.Stack()))
		c.AbortWithStatusJSON(http.StatusInternalServerError, httpx.Body(httpx.Lang(c), apperr.New(apperr.Internal, "error.server")))
	})
}

// locale picks the message language from Accept-Language.
func locale() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Set(httpx.KeyLang, i18n.FromHeader(c.GetHeader("Accept-Language")))
		c.Next()
	}
}

// bodyLimit refuses bodies over the configured size with 413.
func bodyLimit(max int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > max {
			httpx.Fail(c, httpx.TooLarge(max))
			return
		}
		if c.Request.Body != nil {
			c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, max)
		}
		c.Next()
	}
}

// bodyTypes are the only request bodies the server reads: JSON, and multipart forms for uploads.
var bodyTypes = map[string]bool{"application/json": true, "multipart/form-data": true}

// contentType refuses a state-changing request whose body is of another type with 415. A
// browser sends text/plain and form-encoded posts from any site without asking (no CORS
// preflight); refusing them here keeps another site from posting to the shop from a visitor's
// browser. A request without a body and without a type (a DELETE, a logout) passes.
func contentType() gin.HandlerFunc {
	return func(c *gin.Context) {
		switch c.Request.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			c.Next()
			return
		}
		ct := c.GetHeader("Content-Type")
		if ct == "" && c.Request.ContentLength == 0 {
			c.Next()
			return
		}
		if mt, _, err := mime.ParseMediaType(ct); err != nil || !bodyTypes[mt] {
			httpx.Fail(c, apperr.New(apperr.UnsupportedMedia, "error.media_type"))
			return
		}
		c.Next()
	}
}

type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shop_http_requests_total", Help: "HTTP requests by route and status."}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shop_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

func (m *httpMetrics) middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		m.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
		m.duration.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
	}
}

// bearer reads the access token: the Authorization header, or (for pages a browser opens by
// link, like the queue monitor) the shop_token cookie when allowCookie.
func bearer(c *gin.Context, allowCookie bool) string {
	if h := c.GetHeader("Authorization"); len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	if allowCookie {
		if v, err := c.Cookie("shop_token"); err == nil {
			return v
		}
	}
	return ""
}

// authenticate requires a valid access token and puts the caller on the context.
func authenticate(ids *identity.Service, allowCookie bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		token := bearer(c, allowCookie)
		if token == "" {
			httpx.Fail(c, apperr.New(apperr.Unauthorized, "error.unauthorized"))
			return
		}
		p, err := ids.Authenticate(c.Request.Context(), token)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Set(httpx.KeyPrincipal, p)
		// Services record who acted (the activity log) from the request's context.
		c.Request = c.Request.WithContext(actor.With(c.Request.Context(), actor.Actor{UserID: p.UserID, IP: c.ClientIP()}))
		c.Next()
	}
}

// principal is the authenticated caller (set by authenticate).
func principal(c *gin.Context) *identity.Principal {
	p, _ := c.Get(httpx.KeyPrincipal)
	pr, _ := p.(*identity.Principal)
	return pr
}

// requirePermission lets through super-admins and holders of any of the permissions.
func requirePermission(perms ...string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := principal(c)
		if p == nil || !p.CanAny(perms...) {
			httpx.Fail(c, apperr.New(apperr.Forbidden, "error.forbidden"))
			return
		}
		c.Next()
	}
}

// requireStaff lets through back-office users: any role but the customer's.
func requireStaff() gin.HandlerFunc {
	return func(c *gin.Context) {
		if p := principal(c); p == nil || !p.IsStaff() {
			httpx.Fail(c, apperr.New(apperr.Forbidden, "error.forbidden"))
			return
		}
		c.Next()
	}
}

// requireSuperAdmin guards operator tools such as the queue monitor.
func requireSuperAdmin() gin.HandlerFunc {
	return func(c *gin.Context) {
		if p := principal(c); p == nil || !p.IsSuperAdmin() {
			httpx.Fail(c, apperr.New(apperr.Forbidden, "error.forbidden"))
			return
		}
		c.Next()
	}
}

// requireModule answers 404 for routes of a module that is switched off: to its users
// the feature does not exist.
func requireModule(cfg *config.Config, module string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !cfg.ModuleEnabled(module) {
			httpx.Fail(c, apperr.New(apperr.NotFound, "error.module", "module", module))
			return
		}
		c.Next()
	}
}
