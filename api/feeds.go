package api

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/feeds"
	"shop/internal/platform/httpx"
)

// feedHandlers serve the public feeds the export wrote to object storage: stable URLs
// (/feeds/eponuda.xml, /feeds/eponuda.csv, /feeds/google.xml), no login.
type feedHandlers struct{ feeds *feeds.Feeds }

// get godoc
//
//	@Summary		A public product feed: e-ponuda XML or CSV, or the Google Merchant Center feed (RSS 2.0)
//	@Description	The file the last export wrote (scheduled by feeds.export_cron, or shopctl eoffer export); a failed export leaves the previous one. Gzip when the client accepts it; ETag and Last-Modified answer a conditional request with 304. Only active, visible, in-feed products with a buyable price, at the guest's shown price.
//	@Tags			feeds
//	@Produce		xml
//	@Produce		plain
//	@Produce		json
//	@Param			name	path	string	true	"feed file"	Enums(eponuda.xml, eponuda.csv, google.xml)
//	@Success		200
//	@Success		304
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/feeds/{name} [get]
func (h feedHandlers) get(c *gin.Context) {
	name := c.Param("name")
	rc, info, err := h.feeds.Open(c.Request.Context(), name)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer rc.Close()
	hd := c.Writer.Header()
	hd.Set("ETag", info.ETag)
	hd.Set("Last-Modified", info.Modified.UTC().Format(http.TimeFormat))
	hd.Set("Cache-Control", "public, max-age=300")
	hd.Set("Vary", "Accept-Encoding")
	if notModified(c.Request, info.ETag, info.Modified) {
		c.Status(http.StatusNotModified)
		return
	}
	hd.Set("Content-Type", feeds.ContentType(name))
	if acceptsGzip(c.Request) {
		hd.Set("Content-Encoding", "gzip")
		c.DataFromReader(http.StatusOK, info.Size, feeds.ContentType(name), rc, nil)
		return
	}
	zr, err := gzip.NewReader(rc)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer zr.Close()
	c.Status(http.StatusOK)
	_, _ = io.Copy(c.Writer, zr)
}

// notModified applies If-None-Match (first) or If-Modified-Since.
func notModified(r *http.Request, etag string, modified time.Time) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == etag || t == "*" {
				return true
			}
		}
		return false
	}
	if ims := r.Header.Get("If-Modified-Since"); ims != "" {
		if t, err := http.ParseTime(ims); err == nil && !modified.Truncate(time.Second).After(t) {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") || strings.TrimSpace(enc) == "*" {
			return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") || strings.Contains(params, "q=0.")
		}
	}
	return false
}
