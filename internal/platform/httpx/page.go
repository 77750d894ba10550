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
var errorPage = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Message}}</title></head>
<body><h1>{{.Message}}</h1><p><a href="{{.Href}}">{{.Link}}</a></p></body></html>
`))

const errorPagePolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// FailPage answers err as a small HTML page with the status and message of the one mapping
// (Status, Body) and a link to href labelled by the catalogue message linkKey.
func FailPage(c *gin.Context, err error, href, linkKey string) {
	lang := Lang(c)
	var b strings.Builder
	_ = errorPage.Execute(&b, struct{ Lang, Message, Href, Link string }{
		string(lang), Body(lang, err).Message, href, T(c, linkKey, nil)})
	c.Header("Content-Security-Policy", errorPagePolicy)
	c.Header("Cache-Control", "no-store")
	c.Data(Status(err), "text/html; charset=utf-8", []byte(b.String()))
	c.Abort()
}
