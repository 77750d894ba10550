package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/httpx"
)

// queueMonitorRoot is where asynqmon is mounted (its RootPath in shopd).
const queueMonitorRoot = "/admin/queues"

// adminLogin is where a browser refused at an operator page signs in.
const adminLogin = "/admin/login"

// adminHome is where a signed-in person goes back to from an operator page.
const adminHome = "/admin/"

// pageRefusal is the HTML variant of the guard's refusal for pages a browser opens by link:
// when authentication fails and the client asked for HTML, the error the guard recorded is
// answered as a localized page with a link to the admin's login, with the status and message
// of the one mapping; a signed-in person without the role gets a page saying so in the admin's
// words and a link back to the admin (a login link would only sign them in again). API clients
// get the JSON envelope from the error middleware as everywhere else.
func pageRefusal() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 || c.Writer.Written() || !httpx.WantsPage(c) {
			return
		}
		err := c.Errors.Last().Err
		if httpx.Status(err) == http.StatusForbidden {
			httpx.RefusePage(c, "page.forbidden", "page.forbidden_text", adminHome, "page.admin_back")
			return
		}
		httpx.FailPage(c, err, adminLogin, "page.admin_login")
	}
}

// backLink is the way from the monitor back to the admin, put into its pages: asynqmon knows
// nothing of the shop. It sits at the top right, in the monitor's own bar, where it has no
// button of its own.
func backLink(label string) []byte {
	return []byte(`<a href="` + adminHome + `" style="position:fixed;top:14px;right:16px;z-index:1300;color:#fff;` +
		`background:rgba(0,0,0,.25);padding:4px 12px;border-radius:4px;font:500 14px/1.6 sans-serif;text-decoration:none">← ` +
		html.EscapeString(label) + `</a>`)
}

// outsideFonts are the stylesheet links of asynqmon's index.html to Google Fonts (Roboto,
// Material Icons): offline they fail, and the monitor's policy allows nothing outside.
var outsideFonts = regexp.MustCompile(`<link[^>]*href="https?://fonts\.(?:googleapis|gstatic)\.com[^"]*"[^>]*>`)

// inlineScript is a <script> element without attributes: asynqmon's inline scripts.
var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// monitorPolicy is the queue monitor's Content-Security-Policy: the policy of the web apps,
// with its inline scripts allowed by their hashes (MUI writes <style> tags, as antd does).
func monitorPolicy(page []byte) string {
	var hashes strings.Builder
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		sum := sha256.Sum256(m[1])
		hashes.WriteString(" 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'")
	}
	return "default-src 'self'; script-src 'self'" + hashes.String() + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

// monitorPages rewrites the HTML documents the queue monitor mounted at root serves (its
// index.html, for every path of its router): without the outside font links and with a policy
// hashing the inline scripts of the very document sent, so the two cannot drift apart.
// Everything else (its JSON API under root/api/, scripts, images) passes through unbuffered.
func monitorPages(root string, next http.Handler, back string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, root+"/api/") {
			next.ServeHTTP(w, r)
			return
		}
		pw := &pageWriter{ResponseWriter: w, back: back}
		next.ServeHTTP(pw, r)
		pw.finish()
	})
}

// pageWriter holds back a response that is (or may be, having no type yet: asynqmon leaves
// its index to net/http's sniffing) an HTML document, and passes any other through.
type pageWriter struct {
	http.ResponseWriter
	decided, holding bool
	status           int
	buf              bytes.Buffer
	back             string
}

func (p *pageWriter) decide() {
	if p.decided {
		return
	}
	p.decided = true
	ct := p.Header().Get("Content-Type")
	p.holding = ct == "" || strings.HasPrefix(ct, "text/html")
}

func (p *pageWriter) WriteHeader(status int) {
	p.decide()
	if p.holding {
		p.status = status
		return
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *pageWriter) Write(b []byte) (int, error) {
	p.decide()
	if !p.holding {
		return p.ResponseWriter.Write(b)
	}
	if p.status == 0 {
		p.status = http.StatusOK
	}
	return p.buf.Write(b)
}

func (p *pageWriter) finish() {
	if !p.holding {
		return
	}
	body := p.buf.Bytes()
	h := p.Header()
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = http.DetectContentType(body)
	}
	if strings.HasPrefix(ct, "text/html") {
		body = outsideFonts.ReplaceAll(body, nil)
		if p.back != "" {
			body = bytes.Replace(body, []byte("</body>"), append(backLink(p.back), "</body>"...), 1)
		}
		h.Set("Content-Security-Policy", monitorPolicy(body))
		h.Set("Cache-Control", "no-store")
	}
	h.Set("Content-Type", ct)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	p.ResponseWriter.WriteHeader(p.status)
	_, _ = p.ResponseWriter.Write(body)
}
