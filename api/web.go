package api

import (
	"encoding/json"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	swaggerFiles "github.com/swaggo/files"
	ginSwagger "github.com/swaggo/gin-swagger"

	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/openapi"
)

// spa serves a built single-page app from dir: a file when it exists, else index.html so the
// app's router handles the path.
type spa struct {
	dir    string
	prefix string
	// pages renders the storefront's pages with their meta, and its robots.txt and sitemap
	// (nil for the admin: behind its login, never crawled).
	pages *storePages
}

// appPolicy is the Content-Security-Policy of both web apps: their own scripts only (the built
// apps have no inline script), styles inline too (antd writes its CSS-in-JS into <style>
// tags), images from the shop (/media) or data/blob URLs (previews of a file being uploaded),
// API calls to the shop, and no framing.
const appPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
	"font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// routesFile is where the storefront's build lists its page patterns (store-web's routePatterns).
const routesFile = "routes.json"

// isPage tells whether the app has a page at rel. An app whose build lists no patterns (the
// admin, behind its login and never crawled) has a page everywhere.
func (s spa) isPage(rel string) bool {
	b, err := os.ReadFile(filepath.Join(s.dir, routesFile))
	if err != nil {
		return true
	}
	var patterns []string
	if json.Unmarshal(b, &patterns) != nil {
		return true
	}
	for _, p := range patterns {
		if matchRoute(p, rel) {
			return true
		}
	}
	return false
}

// matchRoute matches a path against a React Router pattern: `:name` is one segment, a final
// `*` the rest; a trailing slash does not count.
func matchRoute(pattern, p string) bool {
	ps := strings.FieldsFunc(pattern, func(r rune) bool { return r == '/' })
	xs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
	for i, seg := range ps {
		if seg == "*" {
			return true
		}
		if i >= len(xs) || (!strings.HasPrefix(seg, ":") && seg != xs[i]) {
			return false
		}
	}
	return len(ps) == len(xs)
}

func (s spa) serve(c *gin.Context) {
	c.Header("Content-Security-Policy", appPolicy)
	rel := strings.TrimPrefix(c.Request.URL.Path, s.prefix)
	rel = path.Clean("/" + rel)
	if s.pages != nil && s.pages.crawlerFile(c, rel) {
		return
	}
	file := filepath.Join(s.dir, filepath.FromSlash(rel))
	if st, err := os.Stat(file); err == nil && !st.IsDir() {
		if strings.HasPrefix(rel, "/assets/") {
			// Vite fingerprints asset names, so they never change under one name.
			c.Header("Cache-Control", "public, max-age=31536000, immutable")
			if serveGzipped(c, file, st) {
				return
			}
		}
		c.File(file)
		return
	}
	index := filepath.Join(s.dir, "index.html")
	if _, err := os.Stat(index); err != nil {
		c.String(http.StatusServiceUnavailable, "The web app is not built: run `make web` (or `make run`).\n")
		return
	}
	c.Header("Cache-Control", "no-cache")
	if s.pages != nil {
		s.pages.serve(c, s, rel, index)
		return
	}
	if s.isPage(rel) {
		c.File(index)
		return
	}
	// Not a page: the app still comes (it shows its not-found page), with the status a crawler
	// reads.
	b, err := os.ReadFile(index)
	if err != nil {
		httpx.Fail(c, apperr.Wrap(err, "read index.html"))
		return
	}
	c.Data(http.StatusNotFound, "text/html; charset=utf-8", b)
}

// noRoute: API paths get the JSON 404; /admin/... the admin app; everything else the storefront.
func noRoute(store, admin spa) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		switch {
		case strings.HasPrefix(p, "/api/"), strings.HasPrefix(p, "/media/"):
			httpx.Fail(c, apperr.New(apperr.NotFound, "error.route"))
		case c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead:
			httpx.Fail(c, apperr.New(apperr.NotFound, "error.route"))
		case p == "/admin" || strings.HasPrefix(p, "/admin/"):
			admin.serve(c)
		default:
			store.serve(c)
		}
	}
}

// openAPIDocument godoc
//
//	@Summary	This API's OpenAPI 3 document
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	object
//	@Router		/api/openapi.json [get]
func openAPIDocument(c *gin.Context) {
	c.Data(http.StatusOK, "application/json", openapi.Document)
}

func mountDocs(r *gin.Engine) {
	r.GET("/api/openapi.json", openAPIDocument)
	r.GET("/api/docs", func(c *gin.Context) { c.Redirect(http.StatusFound, "/api/docs/index.html") })
	r.GET("/api/docs/*any", withPagePolicy(ginSwagger.WrapHandler(swaggerFiles.Handler, ginSwagger.URL("/api/openapi.json"), ginSwagger.DocExpansion("none"))))
}

// withPagePolicy gives the HTML documents next serves the queue monitor's policy (its own
// scripts, the inline ones by hash): Swagger UI's page has an inline script, and without a
// policy a script injected into it would run with the shop's origin.
func withPagePolicy(next gin.HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		pw := &pageWriter{ResponseWriter: c.Writer}
		orig := c.Writer
		c.Writer = heldWriter{ResponseWriter: orig, page: pw}
		next(c)
		c.Writer = orig
		pw.finish()
	}
}

// heldWriter routes a gin handler's writes through a pageWriter.
type heldWriter struct {
	gin.ResponseWriter
	page *pageWriter
}

func (h heldWriter) WriteHeader(status int)            { h.page.WriteHeader(status) }
func (h heldWriter) Write(b []byte) (int, error)       { return h.page.Write(b) }
func (h heldWriter) WriteString(s string) (int, error) { return h.page.Write([]byte(s)) }
