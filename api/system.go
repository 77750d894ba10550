package api

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/config"
	"shop/internal/platform/httpx"
)

// moduleHandlers answers the enabled modules. The list is fixed for the process's life (it
// comes from config), and every storefront and admin page load asks for it, so the body is
// encoded once.
type moduleHandlers struct{ body []byte }

func newModuleHandlers(cfg *config.Config) moduleHandlers {
	out := ModulesResponse{}
	for _, m := range cfg.Modules {
		out[m] = true
	}
	b, err := json.Marshal(httpx.DataResponse[ModulesResponse]{Data: out})
	if err != nil {
		panic(err) // a map of strings to bools always encodes
	}
	return moduleHandlers{body: b}
}

// ModulesResponse maps each enabled module's name to true.
type ModulesResponse map[string]bool // @name Modules

// list godoc
//
//	@Summary	Enabled modules (Banner, News, Frontend, Home, B2C, WebMargin, Authorization, ProductImport, Pricelist)
//	@Tags		session
//	@Produce	json
//	@Success	200	{object}	httpx.DataResponse[ModulesResponse]
//	@Router		/api/v1/modules [get]
func (h moduleHandlers) list(c *gin.Context) {
	c.Data(http.StatusOK, "application/json; charset=utf-8", h.body)
}

// Check is one dependency readiness probes.
type Check struct {
	Name string
	Ping func(ctx context.Context) error
}

type healthHandlers struct {
	checks   []Check
	draining *atomic.Bool
}

// HealthResponse is the health and readiness answer: the overall status and each
// dependency's state.
type HealthResponse struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
} // @name Health

// healthz godoc
//
//	@Summary	The process is up
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	HealthResponse
//	@Router		/healthz [get]
func (h healthHandlers) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, HealthResponse{Status: "ok"})
}

// readyz godoc
//
//	@Summary	The database, Redis and the object store answer
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	HealthResponse
//	@Failure	503	{object}	HealthResponse
//	@Router		/readyz [get]
func (h healthHandlers) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if h.draining != nil && h.draining.Load() {
		// Stopping: the load balancer should send elsewhere; the dependencies do not matter.
		c.JSON(http.StatusServiceUnavailable, HealthResponse{Status: "draining"})
		return
	}
	res := HealthResponse{Status: "ok", Checks: map[string]string{}}
	status := http.StatusOK
	for _, ch := range h.checks {
		if err := ch.Ping(ctx); err != nil {
			res.Checks[ch.Name] = "unreachable"
			res.Status = "unavailable"
			status = http.StatusServiceUnavailable
			continue
		}
		res.Checks[ch.Name] = "ok"
	}
	c.JSON(status, res)
}

type mediaHandlers struct{ blobs blob.Store }

// get godoc
//
//	@Summary	A stored object (images and other public files)
//	@Tags		media
//	@Produce	octet-stream
//	@Param		key	path		string	true	"object key"
//	@Success	200	{file}		binary
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/media/{key} [get]
func (h mediaHandlers) get(c *gin.Context) {
	key := c.Param("key")
	if len(key) > 0 && key[0] == '/' {
		key = key[1:]
	}
	// Only public prefixes are served; price lists and the like stay private.
	if !isPublicKey(key) {
		httpx.Fail(c, apperr.NotFoundThing("object"))
		return
	}
	rc, info, err := h.blobs.Open(c.Request.Context(), key)
	if errors.Is(err, blob.ErrNotFound) {
		httpx.Fail(c, apperr.NotFoundThing("object"))
		return
	}
	if err != nil {
		httpx.Fail(c, apperr.Wrap(err, "open object"))
		return
	}
	defer rc.Close()
	// The type comes from the bytes, never from the name or the uploader's claim, and only
	// images are shown inline: an uploaded HTML or SVG file opened from the shop's origin would
	// otherwise run its scripts there.
	head := bufio.NewReaderSize(rc, 512)
	peek, _ := head.Peek(512)
	ctype := http.DetectContentType(peek)
	if !inlineTypes[ctype] {
		c.Header("Content-Disposition", "attachment")
	}
	c.Header("Content-Type", ctype)
	if info.Size > 0 {
		c.Header("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	// Keys are never reused (each upload gets a new name), so caching forever is safe.
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	c.Status(http.StatusOK)
	_, _ = io.Copy(c.Writer, head)
}

// inlineTypes are the sniffed types a browser may show in place (raster images, which run no
// script); anything else is a download.
var inlineTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true, "image/bmp": true, "image/x-icon": true}

var publicPrefixes = []string{"avatars/", "images/", "stickers/", "banners/", "feeds/"}

func isPublicKey(key string) bool {
	if _, ok := blob.CleanKey(key); !ok {
		return false
	}
	for _, p := range publicPrefixes {
		if len(key) > len(p) && key[:len(p)] == p {
			return true
		}
	}
	return false
}
