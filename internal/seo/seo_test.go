package seo

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/i18n"
)

// fakeSource is a catalogue of n products p1..pn.
type fakeSource struct{ n int }

func (f fakeSource) LiveProductCount(context.Context) (int64, error) { return int64(f.n), nil }

func (f fakeSource) EachLiveProduct(_ context.Context, offset, limit int, fn func(Entry) error) error {
	for i := offset + 1; i <= f.n && i <= offset+limit; i++ {
		if err := fn(Entry{Path: ProductPath("c", fmt.Sprintf("p%d", i))}); err != nil {
			return err
		}
	}
	return nil
}

func (f fakeSource) EachActiveCategory(_ context.Context, fn func(Entry) error) error {
	return fn(Entry{Path: CategoryPath("c")})
}

// TestSitemapSplit: the products are split into files of at most Split URLs, each listed by
// the index; a file past the last does not exist.
func TestSitemapSplit(t *testing.T) {
	ctx := context.Background()
	sm := Sitemap{Site: Site{BaseURL: "https://shop.rs"}, Source: fakeSource{n: 5}, Split: 2,
		Extra: []Section{{Name: "news", Each: func(_ context.Context, fn func(Entry) error) error { return fn(Entry{Path: NewsPath(7)}) }}}}
	files, err := sm.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"sitemap-pages.xml", "sitemap-categories.xml", "sitemap-products-1.xml", "sitemap-products-2.xml", "sitemap-products-3.xml", "sitemap-news.xml"}
	if d := cmp.Diff(want, files); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	var idx bytes.Buffer
	if err := sm.WriteIndex(ctx, &idx); err != nil || strings.Count(idx.String(), "<sitemap>") != 6 {
		t.Errorf("index: %v %s", err, idx.String())
	}
	for part, want := range map[string][]string{"sitemap-products-1.xml": {"p1", "p2"}, "sitemap-products-3.xml": {"p5"}} {
		var b bytes.Buffer
		if err := sm.WritePart(ctx, part, &b); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), "<url>"); n != len(want) {
			t.Errorf("%s: %d urls\n%s", part, n, b.String())
		}
		for _, p := range want {
			if !strings.Contains(b.String(), "<loc>https://shop.rs/kategorije/c/proizvodi/"+p+"</loc>") {
				t.Errorf("%s lacks %s", part, p)
			}
		}
	}
	for _, name := range []string{"sitemap-products-4.xml", "sitemap-products-0.xml", "sitemap-x.xml"} {
		if ok, _ := sm.Exists(ctx, name); ok {
			t.Errorf("%s exists", name)
		}
		if err := sm.WritePart(ctx, name, &bytes.Buffer{}); err != ErrNoPart {
			t.Errorf("%s: %v", name, err)
		}
	}
	var news bytes.Buffer
	if err := sm.WritePart(ctx, "sitemap-news.xml", &news); err != nil || !strings.Contains(news.String(), "/vesti/7</loc>") {
		t.Errorf("news: %v %s", err, news.String())
	}
}

func TestSummaryAndGTIN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>Brz &amp; tih</p>\n\n<p>frižider</p>", "Brz & tih frižider"},
		{"<p>Radimo u <strong>Novom Sadu</strong>.</p><ul><li>Radnim danima</li><li>Subotom</li></ul>", "Radimo u Novom Sadu. Radnim danima Subotom"},
		{strings.Repeat("reč ", 60), strings.TrimSpace(strings.Repeat("reč ", 39)) + "…"},
	}
	for _, tt := range tests {
		if got := Summary(tt.in, DescriptionMax); got != tt.want {
			t.Errorf("Summary(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRender: the index's title is replaced, the head gets the meta, <html lang> follows the
// language; data that tries to close its script stays inside it.
func TestRender(t *testing.T) {
	index := []byte("<!doctype html>\n<html lang=\"sr\" class=\"x\">\n<head><title>Shop</title></head><body><div id=\"root\"></div></body></html>")
	site := Site{Name: "Shop", BaseURL: "https://shop.rs"}
	p := &Page{Title: "A", Description: `"quoted" <b>`, Path: "/o-nama", Data: map[string]string{"x": "</script><script>alert(1)</script>"}, DataKey: "/api/v1/pages/o-nama"}
	out, err := Render(index, site, i18n.EN, p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`<html lang="en" class="x">`, "<title>A | Shop</title>", `content="&#34;quoted&#34; &lt;b&gt;"`,
		`<link rel="canonical" href="https://shop.rs/o-nama?lang=en">`, `id="__SHOP_DATA__">{"key":"/api/v1/pages/o-nama","lang":"en","data":{"x":"\u003c/script\u003e`} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %s\n%s", want, s)
		}
	}
	if strings.Contains(s, "preload") {
		t.Errorf("a page without an LCP image preloads one:\n%s", s)
	}
	if strings.Contains(s, "<script>alert") || strings.Count(s, "<title>") != 1 {
		t.Errorf("render:\n%s", s)
	}
}

func TestRoutesMatch(t *testing.T) {
	var rs Routes
	var hit string
	mk := func(name string) Resolver {
		return func(context.Context, Request) (*Page, error) { hit = name; return nil, nil }
	}
	rs.Add("/kategorije/:slug", mk("category"))
	rs.Add("/kategorije/:category/proizvodi/:slug", mk("product"))
	fn, params, ok := rs.Match("/kategorije/tv/proizvodi/lg%20oled/")
	if !ok {
		t.Fatal("no match")
	}
	_, _ = fn(context.Background(), Request{})
	if hit != "product" || params["slug"] != "lg oled" || params["category"] != "tv" {
		t.Errorf("%s %v", hit, params)
	}
	if _, _, ok := rs.Match("/kategorije/tv/x"); ok {
		t.Error("matched a longer path")
	}
}

// TestRenderPreloadsTheLCPImage: the page's largest image is preloaded (fetched while the app's
// code loads), its path escaped as an attribute.
func TestRenderPreloadsTheLCPImage(t *testing.T) {
	index := []byte("<html><head><title>Shop</title></head><body></body></html>")
	out, err := Render(index, Site{Name: "Shop", BaseURL: "https://shop.rs"}, i18n.SR, &Page{Title: "P", Path: "/p", LCPImages: []ImagePreload{
		{URL: `/media/a"b-large.jpg`}, {URL: "/media/m.png", Media: "(max-width: 699px)"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<link rel="preload" as="image" href="/media/a%22b-large.jpg" fetchpriority="high">`,
		`<link rel="preload" as="image" href="/media/m.png" media="(max-width: 699px)" fetchpriority="high">`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("lacks %s\n%s", want, out)
		}
	}
}

// TestRenderCarriesTheModules: the enabled modules go into the page (a first visit needs no
// GET modules before it renders); a site without them has no such meta.
func TestRenderCarriesTheModules(t *testing.T) {
	index := []byte("<html><head><title>Shop</title></head><body></body></html>")
	out, err := Render(index, Site{Name: "Shop", Modules: []string{"Frontend", "Home"}}, i18n.SR, &Page{Path: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `<meta name="shop-modules" content="Frontend,Home">`; !strings.Contains(string(out), want) {
		t.Errorf("lacks %s\n%s", want, out)
	}
	out, err = Render(index, Site{Name: "Shop"}, i18n.SR, &Page{Path: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "shop-modules") {
		t.Errorf("modules without any:\n%s", out)
	}
}
