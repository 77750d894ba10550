// Package httpcache is the HTTP layer's caching and compression: validators and freshness for
// the storefront's public answers (ETag, Cache-Control, Vary, 304) and gzip of text answers.
package httpcache

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// GuestMaxAge is how long a guest's copy of a public answer stays fresh: short, because staff
// change prices and banners during the day and the storefront must follow within a minute.
const GuestMaxAge = "public, max-age=60"

// CallerPolicy is a caller's with a token: the price shown differs per customer, so no
// shared cache may keep it and the browser revalidates each time (a 304 still saves the body).
const CallerPolicy = "private, no-cache"

// VaryOn names what a public answer depends on besides its URL.
const VaryOn = "Accept-Language, Authorization"

// bufferWriter holds a handler's answer so its validator can be computed before a byte leaves.
type bufferWriter struct {
	gin.ResponseWriter
	buf    bytes.Buffer
	status int
}

func (w *bufferWriter) WriteHeader(code int)              { w.status = code }
func (w *bufferWriter) WriteHeaderNow()                   {}
func (w *bufferWriter) Write(b []byte) (int, error)       { return w.buf.Write(b) }
func (w *bufferWriter) WriteString(s string) (int, error) { return w.buf.WriteString(s) }
func (w *bufferWriter) Written() bool                     { return w.status != 0 || w.buf.Len() > 0 }
func (w *bufferWriter) Size() int                         { return w.buf.Len() }
func (w *bufferWriter) Flush()                            {}
func (w *bufferWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// ETag returns the body's validator: a weak tag (the same JSON may be compressed or not on
// the way) of a hash of the bytes.
func ETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `W/"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
}

// Public is the middleware of the storefront's public GETs: it buffers the answer, and for a
// 200 sets the ETag, Cache-Control (shared and short for guests, private and revalidated when
// an Authorization header is sent) and Vary, and answers 304 without a body when the client's
// If-None-Match holds the same tag. Other statuses pass through untouched (errors keep the
// API's no-store).
func Public() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			c.Next()
			return
		}
		orig := c.Writer
		bw := &bufferWriter{ResponseWriter: orig}
		c.Writer = bw
		c.Next()
		c.Writer = orig
		if !bw.Written() {
			return // nothing written: the error middleware answers
		}
		status := bw.Status()
		if status != http.StatusOK {
			orig.WriteHeader(status)
			_, _ = orig.Write(bw.buf.Bytes())
			return
		}
		h := orig.Header()
		tag := ETag(bw.buf.Bytes())
		h.Set("ETag", tag)
		if c.GetHeader("Authorization") != "" {
			h.Set("Cache-Control", CallerPolicy)
		} else {
			h.Set("Cache-Control", GuestMaxAge)
		}
		h.Set("Vary", VaryOn)
		if Matches(c.GetHeader("If-None-Match"), tag) {
			h.Del("Content-Length")
			h.Del("Content-Type")
			orig.WriteHeader(http.StatusNotModified)
			orig.WriteHeaderNow()
			return
		}
		orig.WriteHeader(status)
		_, _ = orig.Write(bw.buf.Bytes())
	}
}

// Matches tells whether an If-None-Match header names tag (weak comparison, as RFC 9110
// wants for If-None-Match; "*" matches anything).
func Matches(header, tag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(tag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}

// MinCompressSize is the smallest answer worth compressing: below about a kilobyte the gzip
// header and the CPU cost more than the bytes saved.
const MinCompressSize = 1024

// Compressible tells whether a content type is text worth compressing (JSON, HTML, XML,
// JavaScript, CSS, SVG, plain text). Images, archives and the event stream are not.
func Compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	switch {
	case ct == "text/event-stream":
		return false
	case strings.HasPrefix(ct, "text/"):
		return true
	case ct == "application/json", ct == "application/ld+json", ct == "application/xml", ct == "application/javascript",
		ct == "application/manifest+json", ct == "image/svg+xml", strings.HasSuffix(ct, "+json"), strings.HasSuffix(ct, "+xml"):
		return true
	}
	return false
}

// AcceptsGzip tells whether the request's Accept-Encoding allows gzip (q=0 refuses it).
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// AddVary adds a name to the Vary header, keeping it one line.
func AddVary(h http.Header, name string) {
	if v := h.Get("Vary"); v != "" {
		h.Set("Vary", v+", "+name)
		return
	}
	h.Set("Vary", name)
}

// gzipPool's writers compress at gzip's fastest level: the answers are a few kilobytes of
// JSON or HTML made per request, where level 1 keeps most of the saving (repeated keys) and
// costs a fraction of the default level's CPU, the resetting of its larger match tables
// included (the storefront's profile at 16 connections). Built assets, compressed once, take
// the best level (api/httpcache_assets.go).
var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// gzipWriter holds back the first MinCompressSize bytes of an answer: a short answer goes out
// as it is; a longer one of a compressible type without an encoding of its own is gzipped.
// A flush (the event stream) decides at once.
type gzipWriter struct {
	gin.ResponseWriter
	head     bool
	buf      []byte
	status   int
	decided  bool
	gz       *gzip.Writer
	finished bool
}

func (w *gzipWriter) WriteHeader(code int) {
	if !w.decided {
		w.status = code
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *gzipWriter) WriteHeaderNow() {
	w.decide()
	w.ResponseWriter.WriteHeaderNow()
}

func (w *gzipWriter) Status() int {
	if !w.decided && w.status != 0 {
		return w.status
	}
	return w.ResponseWriter.Status()
}

func (w *gzipWriter) Written() bool {
	return w.status != 0 || len(w.buf) > 0 || w.ResponseWriter.Written()
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	if !w.decided {
		w.buf = append(w.buf, b...)
		if len(w.buf) < MinCompressSize {
			return len(b), nil
		}
		if err := w.decideAndFlush(); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *gzipWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

func (w *gzipWriter) Flush() {
	_ = w.decideAndFlush()
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	w.ResponseWriter.Flush()
}

// decide picks compression or not from what is known now (headers and the bytes held).
func (w *gzipWriter) decide() {
	if w.decided {
		return
	}
	w.decided = true
	h := w.ResponseWriter.Header()
	status := w.status
	if status == 0 {
		status = http.StatusOK
	}
	if !w.head && len(w.buf) >= MinCompressSize && status != http.StatusNoContent && status != http.StatusNotModified &&
		status != http.StatusPartialContent && h.Get("Content-Encoding") == "" && Compressible(h.Get("Content-Type")) {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		AddVary(h, "Accept-Encoding")
		gz := gzipPool.Get().(*gzip.Writer)
		gz.Reset(w.ResponseWriter)
		w.gz = gz
	}
	if w.status != 0 {
		w.ResponseWriter.WriteHeader(w.status)
	}
}

func (w *gzipWriter) decideAndFlush() error {
	if w.decided {
		return nil
	}
	w.decide()
	if len(w.buf) == 0 {
		return nil
	}
	b := w.buf
	w.buf = nil
	var err error
	if w.gz != nil {
		_, err = w.gz.Write(b)
	} else {
		_, err = w.ResponseWriter.Write(b)
	}
	return err
}

func (w *gzipWriter) finish() {
	if w.finished {
		return
	}
	w.finished = true
	_ = w.decideAndFlush()
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipPool.Put(w.gz)
		w.gz = nil
	}
}

// Compress gzips answers of at least MinCompressSize bytes of a compressible type when the
// client accepts gzip. Answers carrying their own Content-Encoding (the precompressed feeds
// and assets), range answers, images and the event stream go out untouched.
func Compress() gin.HandlerFunc {
	return func(c *gin.Context) {
		if !AcceptsGzip(c.Request) || c.GetHeader("Range") != "" {
			c.Next()
			return
		}
		orig := c.Writer
		gw := &gzipWriter{ResponseWriter: orig, head: c.Request.Method == http.MethodHead}
		c.Writer = gw
		defer func() {
			gw.finish()
			c.Writer = orig
		}()
		c.Next()
	}
}
