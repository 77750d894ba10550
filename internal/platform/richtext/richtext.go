// Package richtext cleans the HTML the admin's rich-text editor (tiptap) sends before it is
// stored and shown on the storefront: news bodies, static pages and landing-page texts. What
// the editor's toolbar can make is kept (paragraphs, headings h1-h4, quotes, bold, italic,
// underline, strike, lists, links, text alignment, font size, images); anything else (scripts,
// event handlers, styles other than those two, javascript: links, iframes) is removed.
package richtext

import (
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

var (
	// textAlign is tiptap's TextAlign extension: style="text-align: center".
	textAlign = regexp.MustCompile(`^(left|right|center|justify)$`)
	// fontSize is the TextStyle FontSize extension: style="font-size: 18px" (px, em, rem, %, pt).
	fontSize = regexp.MustCompile(`^\d{1,3}(\.\d{1,2})?(px|em|rem|%|pt)$`)
)

var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "h1", "h2", "h3", "h4", "blockquote", "strong", "b", "em", "i", "u", "s", "del",
		"ul", "ol", "li", "span", "hr", "code", "pre", "div")
	p.AllowAttrs("start").Matching(regexp.MustCompile(`^\d{1,6}$`)).OnElements("ol")
	p.AllowStyles("text-align").Matching(textAlign).OnElements("p", "h1", "h2", "h3", "h4", "div", "blockquote", "li")
	p.AllowStyles("font-size").Matching(fontSize).OnElements("span")
	// Links: http(s), mailto, tel and relative ones; target only _blank/_self. A new tab gets
	// noopener (bluemonday adds it for target=_blank).
	p.AllowStandardURLs()
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_(blank|self)$`)).OnElements("a")
	p.AllowAttrs("rel").Matching(regexp.MustCompile(`^[a-z ]{1,64}$`)).OnElements("a")
	p.AddTargetBlankToFullyQualifiedLinks(false)
	p.RequireNoFollowOnFullyQualifiedLinks(false)
	// Images: http(s) or relative (the shop's own /media/...), and data: is refused.
	p.AllowAttrs("src").OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(regexp.MustCompile(`^\d{1,4}$`)).OnElements("img")
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)).Globally()
	return p
}

// Sanitize is html with only what the editor's toolbar makes left in. Empty or blank input
// (tiptap's empty document is "<p></p>") gives "".
func Sanitize(html string) string {
	out := strings.TrimSpace(policy.Sanitize(html))
	if IsBlank(out) {
		return ""
	}
	return out
}

var tags = regexp.MustCompile(`<[^>]*>`)

// IsBlank tells whether html shows no text and no image (e.g. "<p></p>", "<p><br></p>").
func IsBlank(html string) bool {
	if strings.Contains(html, "<img") {
		return false
	}
	text := tags.ReplaceAllString(html, "")
	text = strings.ReplaceAll(text, "&nbsp;", " ")
	return strings.TrimSpace(text) == ""
}

// PlainText is html's text without tags, spaces collapsed (an excerpt, a meta description).
func PlainText(html string) string {
	s := tags.ReplaceAllString(strings.NewReplacer("</p>", "</p> ", "<br>", " ", "<br/>", " ", "</li>", "</li> ", "</h1>", "</h1> ",
		"</h2>", "</h2> ", "</h3>", "</h3> ", "</h4>", "</h4> ").Replace(html), "")
	s = strings.NewReplacer("&nbsp;", " ", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&quot;", `"`, "&#39;", "'").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Excerpt is PlainText cut at a word boundary to at most n runes, with "…" when cut.
func Excerpt(html string, n int) string {
	s := []rune(PlainText(html))
	if len(s) <= n {
		return string(s)
	}
	cut := string(s[:n])
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}
