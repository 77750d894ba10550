package seo

import (
	"bytes"
	"encoding/json"
	"html/template"
	"regexp"
	"strings"

	"shop/internal/platform/i18n"
)

// head is what goes into the built index.html's <head>. JSON scripts are data, never run, so
// the storefront's CSP (script-src 'self') holds; json.Marshal escapes <, > and &, so no value
// can close the script element.
var head = template.Must(template.New("head").Parse(`<title>{{.Title}}</title>
<meta name="description" content="{{.Description}}">
{{- if .NoIndex}}
<meta name="robots" content="noindex">
{{- end}}
<link rel="canonical" href="{{.Canonical}}">
<link rel="alternate" hreflang="sr" href="{{.SR}}">
<link rel="alternate" hreflang="en" href="{{.EN}}">
<link rel="alternate" hreflang="x-default" href="{{.SR}}">
<meta property="og:site_name" content="{{.Site}}">
<meta property="og:title" content="{{.OGTitle}}">
<meta property="og:description" content="{{.Description}}">
<meta property="og:type" content="{{.Type}}">
<meta property="og:url" content="{{.Canonical}}">
<meta property="og:locale" content="{{.Locale}}">
{{- if .Image}}
<meta property="og:image" content="{{.Image}}">
<meta name="twitter:card" content="summary_large_image">
{{- end}}
{{- range .JSONLD}}
<script type="application/ld+json">{{.}}</script>
{{- end}}
{{- if .Data}}
<script type="application/json" id="__SHOP_DATA__">{{.Data}}</script>
{{- end}}
{{- if .Modules}}
<meta name="shop-modules" content="{{.Modules}}">
{{- end}}
{{- range .LCPImages}}
<link rel="preload" as="image" href="{{.URL}}"{{if .Media}} media="{{.Media}}"{{end}} fetchpriority="high">
{{- end}}
`))

var (
	titleRe = regexp.MustCompile(`(?is)<title>.*?</title>\s*`)
	htmlRe  = regexp.MustCompile(`(?i)<html(\s[^>]*)?>`)
	langRe  = regexp.MustCompile(`(?i)\slang="[^"]*"`)
	closeRe = regexp.MustCompile(`(?i)</head>`)
	// SiteNameRe reads the shop's name from the built index.html's <title>.
	siteNameRe = regexp.MustCompile(`(?is)<title>(.*?)</title>`)
)

// SiteName is the <title> of the built index.html: the shop's name as the app spells it.
func SiteName(index []byte) string {
	m := siteNameRe.FindSubmatch(index)
	if m == nil {
		return ""
	}
	return string(bytes.TrimSpace(m[1]))
}

// FirstScreen is the JSON of the __SHOP_DATA__ script: the API call's key and its answer, and
// the language it was described in (the app takes it only when it asks in that language).
type FirstScreen struct {
	Key  string    `json:"key"`
	Lang i18n.Lang `json:"lang"`
	Data any       `json:"data"`
}

// Render puts page into the built index.html: its <title> is replaced, the head elements go
// before </head>, and <html lang> becomes the page's language.
func Render(index []byte, site Site, lang i18n.Lang, p *Page) ([]byte, error) {
	title := p.Title
	switch {
	case title == "":
		title = site.Name
	case site.Name != "" && title != site.Name:
		title += " | " + site.Name
	}
	locale := "sr_RS"
	if lang == i18n.EN {
		locale = "en_US"
	}
	v := struct {
		Title, OGTitle, Description, Canonical, SR, EN, Site, Type, Locale, Image, Modules string
		NoIndex                                                                            bool
		JSONLD                                                                             []template.JS
		LCPImages                                                                          []ImagePreload
		Data                                                                               template.JS
	}{Title: title, OGTitle: p.Title, Description: p.Description, Canonical: site.URL(p.Path, lang), SR: site.URL(p.Path, i18n.SR),
		EN: site.URL(p.Path, i18n.EN), Site: site.Name, Type: p.Type, Locale: locale, Image: site.Abs(p.Image), LCPImages: p.LCPImages, Modules: strings.Join(site.Modules, ","), NoIndex: p.NoIndex}
	if v.OGTitle == "" {
		v.OGTitle = title
	}
	if v.Type == "" {
		v.Type = "website"
	}
	for _, o := range p.JSONLD {
		b, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		v.JSONLD = append(v.JSONLD, template.JS(b))
	}
	if p.Data != nil {
		b, err := json.Marshal(FirstScreen{Key: p.DataKey, Lang: lang, Data: p.Data})
		if err != nil {
			return nil, err
		}
		v.Data = template.JS(b)
	}
	var frag bytes.Buffer
	if err := head.Execute(&frag, v); err != nil {
		return nil, err
	}
	out := titleRe.ReplaceAll(index, nil)
	loc := closeRe.FindIndex(out)
	if loc == nil {
		return nil, errNoHead
	}
	var b bytes.Buffer
	b.Grow(len(out) + frag.Len())
	b.Write(out[:loc[0]])
	b.Write(frag.Bytes())
	b.Write(out[loc[0]:])
	res := htmlRe.ReplaceAllFunc(b.Bytes(), func(tag []byte) []byte {
		attrs := langRe.ReplaceAll(tag[len("<html"):len(tag)-1], nil)
		return append(append([]byte(`<html lang="`+string(lang)+`"`), attrs...), '>')
	})
	return res, nil
}

type renderError string

func (e renderError) Error() string { return string(e) }

const errNoHead = renderError("index.html has no </head>")
