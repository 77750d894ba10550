// Package seo is what crawlers and link previews read of the storefront before its app runs:
// each storefront URL's title, description, canonical and language alternates, Open Graph,
// JSON-LD and first screen's data (rendered into store-web's index.html), the sitemap and
// robots.txt.
package seo

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"shop/internal/platform/i18n"
)

// Site is what every page shares: the shop's name and its public address.
type Site struct {
	Name string
	// BaseURL is the public address without a trailing slash (config http.public_url).
	BaseURL string
	// Modules are the enabled modules (GET modules' names), in the page so that a first visit
	// renders without waiting for that call.
	Modules []string
}

// URL is the absolute address of a storefront path in a language: the Serbian page is the
// path itself; the English one is the same Serbian path with ?lang=en (URLs stay Serbian).
func (s Site) URL(path string, lang i18n.Lang) string {
	u := s.BaseURL + path
	if lang == i18n.EN {
		u += "?lang=en"
	}
	return u
}

// Abs makes a site path (/media/...) absolute; absolute URLs stay as they are.
func (s Site) Abs(p string) string {
	if p == "" || strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
		return p
	}
	return s.BaseURL + p
}

// Crumb is one step of a page's breadcrumb trail.
type Crumb struct {
	Name string
	Path string
}

// Page is what the server puts into one storefront page's HTML.
type Page struct {
	// Status is the HTTP status (0: 200). Unknown products, categories, news and landing pages
	// are 404 with the app still served (it shows its not-found page).
	Status      int
	Title       string // without the shop's name (Render adds it)
	Description string
	// Path is the canonical Serbian path (a product reached under another category's path
	// names its main category's).
	Path string
	// Image is the Open Graph image (a site path or absolute URL; empty: none).
	Image string
	// Type is og:type: website, product, article.
	Type string
	// JSONLD are the structured-data objects, each rendered in its own script.
	JSONLD []any
	// Data is the first screen's data: the JSON of the API call the app makes first, under
	// DataKey (that call's path and query), so the app can seed its cache without waiting.
	DataKey string
	Data    any
	// NoIndex keeps the page out of search engines (not-found pages, account and cart pages).
	NoIndex bool
	// LCPImages are the first screen's largest image (site paths, exactly the src the app gives
	// it; one per media query when a <picture> picks by width): preloaded, the browser fetches
	// it while the app's code loads (Lighthouse LCP).
	LCPImages []ImagePreload
}

// ImagePreload is one image to preload, for the screens of Media (empty: every screen).
type ImagePreload struct {
	URL   string
	Media string
}

// Request is one storefront URL to describe.
type Request struct {
	Path   string
	Params map[string]string // the pattern's :names
	Lang   i18n.Lang
	Query  url.Values
	Site   Site
}

// Resolver describes one kind of storefront URL (products, categories, news, ...). It answers
// a Page, or an apperr not-found error for an unknown slug (the page is then a 404).
type Resolver func(ctx context.Context, r Request) (*Page, error)

type route struct {
	segs []string
	fn   Resolver
}

// Routes maps storefront URL patterns (React Router syntax: `:name` is one segment) to their
// resolvers; the first pattern that matches wins.
type Routes struct{ list []route }

// Add registers a resolver for a pattern.
func (rs *Routes) Add(pattern string, fn Resolver) {
	rs.list = append(rs.list, route{segs: split(pattern), fn: fn})
}

func split(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
}

// Match finds the resolver of a path and the values of its pattern's names.
func (rs *Routes) Match(path string) (Resolver, map[string]string, bool) {
	xs := split(path)
	for _, r := range rs.list {
		if len(r.segs) != len(xs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, seg := range r.segs {
			if strings.HasPrefix(seg, ":") {
				v, err := url.PathUnescape(xs[i])
				if err != nil {
					ok = false
					break
				}
				params[seg[1:]] = v
			} else if seg != xs[i] {
				ok = false
				break
			}
		}
		if ok {
			return r.fn, params, true
		}
	}
	return nil, nil, false
}

// NotFound is the page of an unknown slug: 404, not indexed, the shop's generic title.
func NotFound(lang i18n.Lang, path string) *Page {
	return &Page{Status: http.StatusNotFound, Title: pick(lang, "Stranica nije pronađena", "Page not found"), Path: path, Type: "website", NoIndex: true}
}

func pick(lang i18n.Lang, sr, en string) string {
	if lang == i18n.EN {
		return en
	}
	return sr
}

// LangOf is the language a storefront page is rendered in: ?lang=en or ?lang=sr first, then
// the `lang` cookie (which store-web may set beside its stored choice), else Serbian.
func LangOf(r *http.Request) i18n.Lang {
	switch r.URL.Query().Get("lang") {
	case "en":
		return i18n.EN
	case "sr":
		return i18n.SR
	}
	if c, err := r.Cookie("lang"); err == nil && c.Value == "en" {
		return i18n.EN
	}
	return i18n.SR
}
