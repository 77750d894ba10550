package httpx

import (
	"html/template"
	"strings"

	"github.com/gin-gonic/gin"
)

// WantsPage tells whether the client is a browser opening a page (it asks for HTML before
// JSON) rather than an API client; no Accept header is an API client.
func WantsPage(c *gin.Context) bool {
	return c.GetHeader("Accept") != "" && c.NegotiateFormat(gin.MIMEJSON, gin.MIMEHTML) == gin.MIMEHTML
}

// errorPage is the HTML variant of the error body, for pages a browser opens by link: the
// same localized message, and a link onwards. It loads nothing, so its policy allows nothing.
// Its look is the admin's (system font, the antd primary blue), written inline: it loads nothing.
var errorPage = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Message}}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f5f5;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:rgba(0,0,0,.88)}main{background:#fff;border-radius:8px;padding:32px 40px;max-width:480px;margin:16px;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.06)}h1{font-size:22px;font-weight:600;margin:0 0 8px}p{color:rgba(0,0,0,.55);margin:0 0 24px}a{display:inline-block;background:#1677ff;color:#fff;text-decoration:none;padding:6px 16px;border-radius:6px}</style></head>
<body><main><h1>{{.Message}}</h1>{{if .Text}}<p>{{.Text}}</p>{{end}}<a href="{{.Href}}">{{.Link}}</a></main></body></html>
`))

const errorPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// FailPage answers err as a small HTML page with the status and message of the one mapping
// (Status, Body) and a link to href labelled by the catalogue message linkKey.
func FailPage(c *gin.Context, err error, href, linkKey string) {
	writePage(c, Status(err), Body(Lang(c), err).Message, "", href, T(c, linkKey, nil))
}

// RefusePage answers a signed-in person refused at a page (403) with the page's own heading and
// text from the catalogue and a link back to where they may go.
func RefusePage(c *gin.Context, titleKey, textKey, href, linkKey string) {
	writePage(c, 403, T(c, titleKey, nil), T(c, textKey, nil), href, T(c, linkKey, nil))
}

func writePage(c *gin.Context, status int, message, text, href, link string) {
	var b strings.Builder
	_ = errorPage.Execute(&b, struct{ Lang, Message, Text, Href, Link string }{string(Lang(c)), message, text, href, link})
	c.Header("Content-Security-Policy", errorPagePolicy)
	c.Header("Cache-Control", "no-store")
	c.Data(status, "text/html; charset=utf-8", []byte(b.String()))
	c.Abort()
}
