package api

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/httpcache"
)

// gzAsset is a built asset gzipped once, on its first request, and kept: the fingerprinted
// files never change under one name, and the apps' text assets are a few hundred kilobytes.
type gzAsset struct {
	size    int64
	modTime time.Time
	gz      []byte
}

var gzAssets sync.Map // file path -> *gzAsset

// maxGzAsset bounds what is gzipped into memory: a bigger asset is served as it is.
const maxGzAsset = 8 << 20

// serveGzipped answers a built text asset (JS, CSS, SVG, JSON) gzipped when the client takes
// gzip, from the cache (made on the first request at the best compression); false when the
// asset is not one to compress, so the caller serves the file.
func serveGzipped(c *gin.Context, file string, st os.FileInfo) bool {
	ctype := mime.TypeByExtension(filepath.Ext(file))
	if !httpcache.AcceptsGzip(c.Request) || c.GetHeader("Range") != "" || !httpcache.Compressible(ctype) ||
		st.Size() < httpcache.MinCompressSize || st.Size() > maxGzAsset {
		return false
	}
	var a *gzAsset
	if v, ok := gzAssets.Load(file); ok {
		a = v.(*gzAsset)
	}
	if a == nil || a.size != st.Size() || !a.modTime.Equal(st.ModTime()) {
		raw, err := os.ReadFile(file)
		if err != nil {
			return false
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = zw.Write(raw)
		if zw.Close() != nil {
			return false
		}
		a = &gzAsset{size: st.Size(), modTime: st.ModTime(), gz: b.Bytes()}
		gzAssets.Store(file, a)
	}
	h := c.Writer.Header()
	h.Set("Content-Encoding", "gzip")
	httpcache.AddVary(h, "Accept-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(a.gz)))
	h.Set("Last-Modified", st.ModTime().UTC().Format(http.TimeFormat))
	if c.Request.Method == http.MethodHead {
		c.Status(http.StatusOK)
		c.Writer.WriteHeaderNow()
		return true
	}
	c.Data(http.StatusOK, ctype, a.gz)
	return true
}
