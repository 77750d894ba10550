package seo

import (
	"bufio"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"shop/internal/platform/i18n"
)

// MaxSitemapURLs is the sitemap protocol's limit of URLs in one file; the products are split
// into files of at most this many (sitemap-products-1.xml, ...).
const MaxSitemapURLs = 50_000

// Entry is one URL of the sitemap.
type Entry struct {
	Path    string
	LastMod time.Time // zero: not said
}

// Source gives the sitemap's catalogue URLs. Each list is streamed: fn is called per row of one
// set-based query, so 200,000 products never sit in memory at once.
type Source interface {
	// LiveProductCount is how many products have a storefront page.
	LiveProductCount(ctx context.Context) (int64, error)
	// EachLiveProduct calls fn for the products with a storefront page, in id order, skipping
	// offset and stopping after limit.
	EachLiveProduct(ctx context.Context, offset, limit int, fn func(Entry) error) error
	// EachActiveCategory calls fn for every category with a storefront page.
	EachActiveCategory(ctx context.Context, fn func(Entry) error) error
}

// Section is a further sitemap file (news, landing pages) fed by its own capability.
type Section struct {
	Name string // the file is sitemap-<name>.xml
	Each func(ctx context.Context, fn func(Entry) error) error
}

// Sitemap writes the sitemap index and its files.
type Sitemap struct {
	Site   Site
	Source Source
	Extra  []Section
	// Split is the most URLs in one products file (0: MaxSitemapURLs); tests set it small.
	Split int
}

func (s Sitemap) split() int {
	if s.Split > 0 {
		return s.Split
	}
	return MaxSitemapURLs
}

// Files are the names of the sitemap's files, as the index lists them.
func (s Sitemap) Files(ctx context.Context) ([]string, error) {
	n, err := s.Source.LiveProductCount(ctx)
	if err != nil {
		return nil, err
	}
	files := []string{"sitemap-pages.xml", "sitemap-categories.xml"}
	for i := int64(1); (i-1)*int64(s.split()) < n; i++ {
		files = append(files, fmt.Sprintf("sitemap-products-%d.xml", i))
	}
	for _, x := range s.Extra {
		files = append(files, "sitemap-"+x.Name+".xml")
	}
	return files, nil
}

// WriteIndex writes sitemap.xml: the index of the files.
func (s Sitemap) WriteIndex(ctx context.Context, w io.Writer) error {
	files, err := s.Files(ctx)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(xml.Header + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, f := range files {
		bw.WriteString("<sitemap><loc>")
		xml.EscapeText(bw, []byte(s.Site.BaseURL+"/"+f))
		bw.WriteString("</loc></sitemap>\n")
	}
	bw.WriteString("</sitemapindex>\n")
	return bw.Flush()
}

// Has tells whether name is one of the sitemap's files (without reading the catalogue for the
// products' files: their number is checked when written).
func (s Sitemap) Has(name string) bool {
	switch name {
	case "sitemap-pages.xml", "sitemap-categories.xml":
		return true
	}
	if _, ok := productsPart(name); ok {
		return true
	}
	for _, x := range s.Extra {
		if name == "sitemap-"+x.Name+".xml" {
			return true
		}
	}
	return false
}

func productsPart(name string) (int, bool) {
	num, ok := strings.CutPrefix(name, "sitemap-products-")
	if !ok {
		return 0, false
	}
	num, ok = strings.CutSuffix(num, ".xml")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || strconv.Itoa(n) != num {
		return 0, false
	}
	return n, true
}

// Exists tells whether name is a file of the sitemap now (a products file past the last is not).
func (s Sitemap) Exists(ctx context.Context, name string) (bool, error) {
	if !s.Has(name) {
		return false, nil
	}
	n, ok := productsPart(name)
	if !ok {
		return true, nil
	}
	total, err := s.Source.LiveProductCount(ctx)
	if err != nil {
		return false, err
	}
	return int64(n-1)*int64(s.split()) < total, nil
}

// ErrNoPart is WritePart's answer for a file the sitemap does not have.
const ErrNoPart = renderError("no such sitemap file")

// WritePart writes one file of the sitemap; ErrNoPart (before anything is written) for an
// unknown name or a products file past the last.
func (s Sitemap) WritePart(ctx context.Context, name string, w io.Writer) error {
	var each func(fn func(Entry) error) error
	switch {
	case name == "sitemap-pages.xml":
		each = func(fn func(Entry) error) error {
			for _, p := range append([]string{"/", "/vesti", "/akcije"}, staticPaths()...) {
				if err := fn(Entry{Path: p}); err != nil {
					return err
				}
			}
			return nil
		}
	case name == "sitemap-categories.xml":
		each = func(fn func(Entry) error) error { return s.Source.EachActiveCategory(ctx, fn) }
	default:
		if n, ok := productsPart(name); ok {
			total, err := s.Source.LiveProductCount(ctx)
			if err != nil {
				return err
			}
			if int64(n-1)*int64(s.split()) >= total {
				return ErrNoPart
			}
			each = func(fn func(Entry) error) error { return s.Source.EachLiveProduct(ctx, (n-1)*s.split(), s.split(), fn) }
		}
		for _, x := range s.Extra {
			if name == "sitemap-"+x.Name+".xml" {
				each = func(fn func(Entry) error) error { return x.Each(ctx, fn) }
			}
		}
	}
	if each == nil {
		return ErrNoPart
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	bw.WriteString(xml.Header + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	err := each(func(e Entry) error {
		bw.WriteString("<url><loc>")
		xml.EscapeText(bw, []byte(s.Site.URL(e.Path, i18n.SR)))
		bw.WriteString("</loc>")
		if !e.LastMod.IsZero() {
			bw.WriteString("<lastmod>" + e.LastMod.UTC().Format(time.DateOnly) + "</lastmod>")
		}
		for _, l := range []i18n.Lang{i18n.SR, i18n.EN} {
			bw.WriteString(`<xhtml:link rel="alternate" hreflang="` + string(l) + `" href="`)
			xml.EscapeText(bw, []byte(s.Site.URL(e.Path, l)))
			bw.WriteString(`"/>`)
		}
		_, err := bw.WriteString("</url>\n")
		return err
	})
	if err != nil {
		return err
	}
	bw.WriteString("</urlset>\n")
	return bw.Flush()
}

func staticPaths() []string {
	out := make([]string, len(StaticPages))
	for i, p := range StaticPages {
		out[i] = "/" + p.Slug
	}
	return out
}

// RobotsDisallow are the paths crawlers keep out of: the back office, the API (the first
// screen's data is in the page itself), and the shopper's private pages.
var RobotsDisallow = []string{"/admin", "/api/", "/korpa", "/zavrsetak-kupovine", "/hvala", "/moj-nalog", "/lista-zelja",
	"/login", "/registracija", "/zaboravljena-lozinka", "/nova-lozinka", "/uporedi-proizvode"}

// Robots is robots.txt.
func Robots(site Site) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, p := range RobotsDisallow {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("Allow: /\n\nSitemap: " + site.BaseURL + "/sitemap.xml\n")
	return b.String()
}
