// Package api is the HTTP transport: the route table, middleware and thin handlers that bind
// input, call a service and write the result in the contract's envelopes.
//
//	@title						Shop API
//	@version					1.0
//	@description				Headless commerce API of the electronics shop. Messages follow Accept-Language (sr default, en).
//	@BasePath					/
//	@securityDefinitions.apikey	Bearer
//	@in							header
//	@name						Authorization
//	@description				"Bearer <access token>"
package api

import (
	"log/slog"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/einvoice"
	"shop/internal/eoffer"
	"shop/internal/feeds"
	"shop/internal/fiscal"
	"shop/internal/identity"
	"shop/internal/notify"
	"shop/internal/partners"
	"shop/internal/platform/blob"
	"shop/internal/platform/config"
	"shop/internal/platform/httpcache"
	"shop/internal/platform/httpx"
	"shop/internal/platform/realtime"
	"shop/internal/pricelist"
	"shop/internal/pricing"
	"shop/internal/sales"
	"shop/internal/search"
	"shop/internal/social"
	"shop/internal/storefront"
	"shop/internal/voice"
)

// Deps is what the HTTP layer needs from the wiring.
type Deps struct {
	Config   *config.Config
	Log      *slog.Logger
	Identity *identity.Service
	Catalog  *catalog.Service
	Blobs    blob.Store
	// Notify keeps notifications; Hub delivers them live (SSE); Pricelist imports price lists.
	Notify    *notify.Service
	Hub       *realtime.Hub
	Pricelist *pricelist.Service
	// Pricing owns the price rules, discount types, discounts and the derived prices.
	Pricing *pricing.Service
	// Feeds serves the public feeds (/feeds/...); Partners the API clients, their feeds
	// (/partner-feeds/...) and the products exports (nil: none of these routes).
	Feeds    *feeds.Feeds
	Partners *partners.Service
	// Eoffer is the e-ponuda price tool.
	Eoffer *eoffer.Service
	// Storefront serves the public catalogue (nil: none of its routes).
	Storefront *storefront.Service
	// Search is the storefront's product search and autocomplete (nil: no such routes).
	Search *search.Service
	// Content is banners, news, the home screen and the static pages (nil: none of their routes).
	Content *content.Service
	// Voice: ratings, questions, back-in-stock alerts and price offers (nil: no such routes).
	Voice *voice.Service
	// Sales is the cart, wish list, checkout and orders (nil: none of their routes).
	Sales  *sales.Service
	Checks []Check
	// Draining is set on SIGTERM: /readyz then answers 503 while requests are still served, so
	// a load balancer stops sending before the listener closes (nil: never).
	Draining *atomic.Bool
	// Registry collects the metrics /metrics exposes (HTTP here; the queue's added by the caller).
	Registry *prometheus.Registry
	// QueueMonitor is asynq's monitoring UI, mounted at /admin/queues for super-admins (nil: none).
	QueueMonitor http.Handler
	// ExtraRoutes are registered after the table with the same guards (the benchmark adds a
	// trivial authenticated endpoint through it).
	ExtraRoutes []Route
	// Landing keeps the landing pages (nil: none of their routes).
	Landing *content.LandingService
	// Social is the Google and Facebook sign-in (nil: none of its routes).
	Social *social.Service
	// Einvoice is the SEF e-invoices of company orders (nil: none of their routes).
	Einvoice *einvoice.Service
	// Fiscal keeps the orders' fiscal receipts (nil: none of its routes).
	Fiscal *fiscal.Service
}

// Route is one API endpoint with its guards; the authz test walks this table.
type Route struct {
	Method  string
	Path    string // relative to /api/v1
	Handler gin.HandlerFunc
	// Auth requires a logged-in caller; Permissions (any of) and Module add to it.
	Auth        bool
	Permissions []string
	Module      string
	// Staff lets in any back-office user without a particular permission (the notification
	// bell every staff member has); customers get 403 as on every admin route.
	Staff bool
}

// Admin tells whether the route belongs to the back office (guarded by a permission).
func (r Route) Admin() bool { return len(r.Permissions) > 0 || r.Staff }

// Routes is the whole API, one table.
func Routes(d Deps) []Route {
	s := sessionHandlers{d.Identity}
	u := userHandlers{d.Identity}
	ro := roleHandlers{d.Identity}
	m := newModuleHandlers(d.Config)
	return append([]Route{
		{Method: "POST", Path: "/login", Handler: s.login},
		{Method: "POST", Path: "/register", Handler: s.register},
		{Method: "POST", Path: "/token/refresh", Handler: s.refresh},
		{Method: "POST", Path: "/password/forgot", Handler: s.forgotPassword},
		{Method: "POST", Path: "/password/reset", Handler: s.resetPassword},
		{Method: "POST", Path: "/logout", Handler: s.logout, Auth: true},
		{Method: "GET", Path: "/users/token", Handler: s.me, Auth: true},
		{Method: "GET", Path: "/modules", Handler: m.list},

		{Method: "GET", Path: "/admin/users", Handler: u.list, Auth: true, Permissions: []string{identity.PermViewUser}},
		{Method: "POST", Path: "/admin/users", Handler: u.create, Auth: true, Permissions: []string{identity.PermCreateUser}},
		{Method: "GET", Path: "/admin/users/:id", Handler: u.get, Auth: true, Permissions: []string{identity.PermViewUser, identity.PermUpdateUser}},
		{Method: "PATCH", Path: "/admin/users/:id", Handler: u.update, Auth: true, Permissions: []string{identity.PermUpdateUser}},
		{Method: "POST", Path: "/admin/users/:id/avatar", Handler: u.avatar, Auth: true, Permissions: []string{identity.PermUpdateUser}},
		// The user form's role picker needs the roles without the Authorization screen's permission.
		{Method: "GET", Path: "/admin/roles", Handler: ro.list, Auth: true, Permissions: []string{identity.PermViewRole, identity.PermCreateUser, identity.PermUpdateUser}},
	}, slices.Concat(catalogRoutes(d), pricelistAreaRoutes(d), pricingRuleRoutes(d), partnerRoutes(d), eofferRoutes(d),
		storefrontCatalogRoutes(d), contentPublicRoutes(d), contentAdminRoutes(d), voiceRoutes(d),
		storefrontActionRoutes(d), landingRoutes(d), salesRoutes(d), shopInfoRoutes(d), staffRoleRoutes(d), socialRoutes(d), einvoiceRoutes(d), fiscalRoutes(d), paymentRoutes(d))...)
}

// pricelistAreaRoutes are the price lists' endpoints and the notifications their jobs end in.
func pricelistAreaRoutes(d Deps) []Route {
	var out []Route
	for _, area := range [][]Route{notificationRoutes(d), pricelistRoutes(d), pricelistLinkRoutes(d)} {
		out = append(out, area...)
	}
	return out
}

// catalogRoutes are the catalogue's endpoints, one table per area (each in its own file).
func catalogRoutes(d Deps) []Route {
	var out []Route
	for _, area := range [][]Route{taxonomyRoutes(d), productRoutes(d), productMediaRoutes(d), supplierRoutes(d), activityRoutes(d), pricingDiscountRoutes(d), pricingExplainRoutes(d), storefrontSearchRoutes(d)} {
		out = append(out, area...)
	}
	return out
}

// Metrics serves the registry's metrics. It listens apart from the API (http.metrics_addr):
// the route and queue figures are nobody's business on the public port.
func Metrics(reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	return mux
}

// NewServer is the http.Server for a handler with the configured timeouts: a client gets
// http.read_timeout to send a request with its body (one trickling a byte at a time is cut
// off), and an idle kept-alive connection is closed after http.idle_timeout.
func NewServer(cfg config.HTTPConfig, h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: min(10*time.Second, cfg.ReadTimeout), ReadTimeout: cfg.ReadTimeout,
		IdleTimeout: cfg.IdleTimeout}
}

// New builds the HTTP handler: API, operations endpoints, docs, media and both web apps.
func New(d Deps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = false
	r.ContextWithFallback = true
	// Gin trusts X-Forwarded-For from anyone by default, which would let a client pick its own
	// address and walk around the per-IP login limit. Only the configured proxies (none by
	// default: the deployment names its load balancer) may name the client. Config validation
	// has checked the list already.
	if err := r.SetTrustedProxies(d.Config.HTTP.TrustedProxies); err != nil {
		panic(err)
	}
	metrics := newHTTPMetrics(d.Registry)
	r.Use(securityHeaders(), requestID(), locale(), accessLog(d.Log, d.Config.HTTP.SlowRequest), metrics.middleware(), httpx.Errors(d.Log), recovery(d.Log), bodyLimit(d.Config.HTTP.MaxBodyBytes), httpx.RefuseControl(), contentType(), httpcache.Compress())

	health := healthHandlers{checks: d.Checks, draining: d.Draining}
	r.GET("/healthz", health.healthz)
	r.GET("/readyz", health.readyz)
	mountDocs(r)
	r.GET("/media/*key", mediaHandlers{d.Blobs}.get)
	if d.Catalog != nil {
		r.GET(imageWidthPath+":width/*key", imageWidthHandlers{d.Catalog}.get)
	}
	if d.Feeds != nil {
		r.GET("/feeds/:name", feedHandlers{d.Feeds}.get)
	}
	if d.Partners != nil {
		r.GET(partners.FeedPath+":file", partnerHandlers{d.Partners}.feed)
	}

	v1 := r.Group("/api/v1")
	auth := authenticate(d.Identity, false)
	for _, rt := range append(Routes(d), d.ExtraRoutes...) {
		chain := cacheChain(rt)
		if rt.Auth {
			chain = append(chain, auth)
		}
		if rt.Module != "" {
			chain = append(chain, requireModule(d.Config, rt.Module))
		}
		if len(rt.Permissions) > 0 {
			chain = append(chain, requirePermission(rt.Permissions...))
		}
		if rt.Staff {
			chain = append(chain, requireStaff())
		}
		v1.Handle(rt.Method, rt.Path, append(chain, rt.Handler)...)
	}

	if d.QueueMonitor != nil {
		h := func(c *gin.Context) {
			monitorPages(queueMonitorRoot, d.QueueMonitor, httpx.T(c, "page.admin_back", nil)).ServeHTTP(c.Writer, c.Request)
		}
		guard := []gin.HandlerFunc{pageRefusal(), authenticate(d.Identity, true), requireSuperAdmin(), h}
		r.Any(queueMonitorRoot, guard...)
		r.Any(queueMonitorRoot+"/*any", guard...)
	}

	r.NoRoute(noRoute(spa{dir: d.Config.Web.StoreDir, prefix: "", pages: newStorePages(d)}, spa{dir: d.Config.Web.AdminDir, prefix: "/admin"}))
	return r
}
