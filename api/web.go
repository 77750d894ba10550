package api

import (
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
}

func (s spa) serve(c *gin.Context) {
	rel := strings.TrimPrefix(c.Request.URL.Path, s.prefix)
	rel = path.Clean("/" + rel)
	file := filepath.Join(s.dir, filepath.FromSlash(rel))
	if st, err := os.Stat(file); err == nil && !st.IsDir() {
		if strings.HasPrefix(rel, "/assets/") {
			// Vite fingerprints asset names, so they never change under one name.
			c.Header("Cache-Control", "public, max-age=31536000, immutable")
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
	c.File(index)
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
	r.GET("/api/docs/*any", ginSwagger.WrapHandler(swaggerFiles.Handler, ginSwagger.URL("/api/openapi.json"), ginSwagger.DocExpansion("none")))
}
