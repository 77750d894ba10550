package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/platform/money"
)

// storeIndex is a built storefront's index.html as Vite writes it.
const storeIndex = `<!doctype html>
<html lang="sr">
  <head>
    <meta charset="UTF-8" />
    <title>ElektroMarket</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

func writeStore(t *testing.T, a *app.App, name, content string) {
	t.Helper()
	p := filepath.Join(a.Config.Web.StoreDir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

var ldRe = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

// jsonLD is the page's structured data by @type.
func jsonLD(t *testing.T, html string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, m := range ldRe.FindAllStringSubmatch(html, -1) {
		var o map[string]any
		if err := json.Unmarshal([]byte(m[1]), &o); err != nil {
			t.Fatalf("JSON-LD %s: %v", m[1], err)
		}
		out[o["@type"].(string)] = o
	}
	return out
}

var shopDataRe = regexp.MustCompile(`(?s)<script type="application/json" id="__SHOP_DATA__">(.*?)</script>`)

func shopData(t *testing.T, html string) map[string]any {
	t.Helper()
	m := shopDataRe.FindStringSubmatch(html)
	if m == nil {
		return nil
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(m[1]), &o); err != nil {
		t.Fatalf("__SHOP_DATA__: %v", err)
	}
	return o
}

// seoFixture: a category with a live product (brand, EAN, image-less), a hidden one, and the
// built index.html.
type seoFixture struct {
	*productFixture
	slug, base string
}

func newSEOFixture(t *testing.T, a *app.App, name string) seoFixture {
	t.Helper()
	fx := productFixtureNew(t, a)
	writeStore(t, a, "index.html", storeIndex)
	rsd := func(n int64) money.Para { return money.Para(n * 100) }
	mk := func(sku, name string, live bool) string {
		body := fx.product(sku, name, fx.cat1)
		body["brand_id"], body["ean"] = fx.brand, "8606012345678"
		body["description"] = lexical("Kombinovani frižider sa zamrzivačem, 300 l.")
		p := fx.mustCreateProduct(t, body)
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", productIDOf(p)).
			Updates(map[string]any{"active": live, "visible": live, "stock": 4, "web_price": rsd(1000), "authenticated_price": rsd(900), "retail_price": rsd(1200)}).Error; err != nil {
			t.Fatal(err)
		}
		return p["slug"].(string)
	}
	slug := mk("SEO-1", name, true)
	mk("SEO-2", "Frižider skriven", false)
	return seoFixture{productFixture: fx, slug: slug, base: strings.TrimRight(a.Config.HTTP.PublicURL, "/")}
}

// TestStorefrontPageMeta: the server fills a product page's and a category page's HTML with
// title, description, canonical, hreflang alternates, Open Graph, JSON-LD (Product with an
// Offer in RSD at the guest's price, BreadcrumbList, CollectionPage) and the first screen's
// data; English by ?lang=en with the Serbian URL; unknown slugs answer 404 with the app.
func TestStorefrontPageMeta(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSEOFixture(t, a, "Frižider Gorenje NRK")
		ts, base := fx.ts, fx.base
		path := "/kategorije/frizideri/proizvodi/" + fx.slug

		r := ts.do(req{method: "GET", path: path})
		html := string(r.Raw)
		if r.Status != 200 {
			t.Fatalf("product page: %d %s", r.Status, html)
		}
		for _, want := range []string{
			`<html lang="sr">`,
			`<title>Frižider Gorenje NRK | ElektroMarket</title>`,
			`<meta name="description" content="Kombinovani frižider sa zamrzivačem, 300 l.">`,
			`<link rel="canonical" href="` + base + path + `">`,
			`<link rel="alternate" hreflang="sr" href="` + base + path + `">`,
			`<link rel="alternate" hreflang="en" href="` + base + path + `?lang=en">`,
			`<link rel="alternate" hreflang="x-default" href="` + base + path + `">`,
			`<meta property="og:type" content="product">`,
			`<meta property="og:title" content="Frižider Gorenje NRK">`,
			`<meta property="og:url" content="` + base + path + `">`,
			`<div id="root"></div>`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("product page lacks %s\n%s", want, html)
			}
		}
		if strings.Count(html, "<title>") != 1 {
			t.Errorf("titles: %d", strings.Count(html, "<title>"))
		}
		ld := jsonLD(t, html)
		p := ld["Product"]
		if p == nil {
			t.Fatalf("no Product JSON-LD: %v", ld)
		}
		offer, _ := p["offers"].(map[string]any)
		brand, _ := p["brand"].(map[string]any)
		if p["name"] != "Frižider Gorenje NRK" || p["sku"] != "SEO-1" || p["gtin13"] != "8606012345678" || brand["name"] != "Gorenje" ||
			offer["price"] != "1000.00" || offer["priceCurrency"] != "RSD" || offer["availability"] != "https://schema.org/InStock" {
			t.Errorf("Product: %v", p)
		}
		crumbs, _ := ld["BreadcrumbList"]["itemListElement"].([]any)
		if len(crumbs) != 3 || crumbs[1].(map[string]any)["name"] != "Frižideri" || crumbs[2].(map[string]any)["item"] != base+path {
			t.Errorf("product breadcrumbs: %v", crumbs)
		}
		sd := shopData(t, html)
		if sd == nil || !strings.HasPrefix(sd["key"].(string), "/api/v1/products/"+fx.slug+"?include=") ||
			sd["data"].(map[string]any)["data"].(map[string]any)["slug"] != fx.slug {
			t.Errorf("first screen's data: %v", sd)
		}

		// English: the same Serbian URL with ?lang=en, canonical to itself.
		r = ts.do(req{method: "GET", path: path + "?lang=en"})
		html = string(r.Raw)
		for _, want := range []string{`<html lang="en">`, `<link rel="canonical" href="` + base + path + `?lang=en">`,
			`<meta property="og:locale" content="en_US">`} {
			if r.Status != 200 || !strings.Contains(html, want) {
				t.Errorf("english page lacks %s (%d)", want, r.Status)
			}
		}

		// A product reached under another category's path names its own in the canonical.
		r = ts.do(req{method: "GET", path: "/kategorije/televizori/proizvodi/" + fx.slug})
		if r.Status != 200 || !strings.Contains(string(r.Raw), `<link rel="canonical" href="`+base+path+`">`) {
			t.Errorf("other category's path: %d", r.Status)
		}

		// Category: CollectionPage of the live products, breadcrumbs, the first page's data.
		r = ts.do(req{method: "GET", path: "/kategorije/frizideri"})
		html = string(r.Raw)
		if r.Status != 200 || !strings.Contains(html, `<title>Frižideri | ElektroMarket</title>`) ||
			!strings.Contains(html, `<link rel="canonical" href="`+base+`/kategorije/frizideri">`) {
			t.Errorf("category page: %d %s", r.Status, html)
		}
		ld = jsonLD(t, html)
		main, _ := ld["CollectionPage"]["mainEntity"].(map[string]any)
		if main["numberOfItems"] != float64(1) {
			t.Errorf("CollectionPage: %v", ld["CollectionPage"])
		}
		if crumbs, _ := ld["BreadcrumbList"]["itemListElement"].([]any); len(crumbs) != 2 {
			t.Errorf("category breadcrumbs: %v", crumbs)
		}
		sd = shopData(t, html)
		if sd == nil || sd["key"] != "/api/v1/categories/frizideri/products" || len(sd["data"].(map[string]any)["data"].([]any)) != 1 {
			t.Errorf("category data: %v", sd)
		}
		// A filtered page fetches its own data.
		if r := ts.do(req{method: "GET", path: "/kategorije/frizideri?brands=1"}); r.Status != 200 || shopData(t, string(r.Raw)) != nil {
			t.Errorf("filtered category: %d, data embedded", r.Status)
		}

		// Unknown or hidden: 404 for crawlers, the app for people, not indexed.
		for _, p := range []string{"/kategorije/frizideri/proizvodi/nema-ga", "/kategorije/frizideri/proizvodi/" + fx.slug + "-x",
			"/kategorije/nepostojeca", "/kategorije/frizideri/proizvodi/frizider-skriven"} {
			r := ts.do(req{method: "GET", path: p})
			if r.Status != 404 || !strings.Contains(string(r.Raw), `<div id="root"></div>`) || !strings.Contains(string(r.Raw), `content="noindex"`) {
				t.Errorf("%s: %d %s", p, r.Status, r.Raw)
			}
		}

		// A static page and the home page.
		r = ts.do(req{method: "GET", path: "/uslovi-isporuke"})
		if ld := jsonLD(t, string(r.Raw)); r.Status != 200 || ld["WebPage"]["name"] != "Uslovi isporuke" {
			t.Errorf("static page: %d %v", r.Status, ld)
		}
		r = ts.do(req{method: "GET", path: "/", header: map[string]string{"Cookie": "lang=en"}})
		if ld := jsonLD(t, string(r.Raw)); r.Status != 200 || ld["WebSite"] == nil || !strings.Contains(string(r.Raw), `<html lang="en">`) {
			t.Errorf("home: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/korpa"}); r.Status != 200 || !strings.Contains(string(r.Raw), `content="noindex"`) {
			t.Errorf("cart: %d", r.Status)
		}
	})
}

// TestStorefrontPageMetaEscaping: a product name that tries to close the script or the
// attribute stays text.
func TestStorefrontPageMetaEscaping(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSEOFixture(t, a, `TV "55" </script><script>alert(1)</script>`)
		r := fx.ts.do(req{method: "GET", path: "/kategorije/frizideri/proizvodi/" + fx.slug})
		html := string(r.Raw)
		if r.Status != 200 || strings.Contains(html, "<script>alert(1)") || strings.Contains(html, `"55" </script>`) {
			t.Fatalf("unescaped: %d %s", r.Status, html)
		}
		if p := jsonLD(t, html)["Product"]; p == nil || p["name"] != `TV "55" </script><script>alert(1)</script>` {
			t.Errorf("JSON-LD name: %v", p)
		}
	})
}

// TestStorefrontFirstScreenHints: the home page preloads the slider's first banner (its mobile
// variant under 700 px, as the slider's <picture> picks) and every page carries the enabled
// modules, so a first visit renders without waiting for GET modules.
func TestStorefrontFirstScreenHints(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSEOFixture(t, a, "Frižider Gorenje NRK")
		r := fx.ts.do(req{method: "GET", path: "/"})
		if html := string(r.Raw); r.Status != 200 || strings.Contains(html, `rel="preload" as="image"`) {
			t.Fatalf("home without banners: %d %s", r.Status, html)
		}
		now := time.Now()
		for _, b := range []content.Banner{
			{Name: "Drugi", Position: content.PositionHomeSlider, SortOrder: 2, ImageKey: "images/banners/b2.png", CreatedAt: now, UpdatedAt: now},
			{Name: "Prvi", Position: content.PositionHomeSlider, SortOrder: 1, ImageKey: "images/banners/b1.png", MobileImageKey: "images/banners/b1m.png", CreatedAt: now, UpdatedAt: now},
		} {
			if err := a.DB.Create(&b).Error; err != nil {
				t.Fatal(err)
			}
		}
		r = fx.ts.do(req{method: "GET", path: "/"})
		html := string(r.Raw)
		modules := slices.Sorted(slices.Values(a.Config.Modules))
		for _, want := range []string{
			`<link rel="preload" as="image" href="/media/images/banners/b1m.png" media="(max-width: 699px)" fetchpriority="high">`,
			`<link rel="preload" as="image" href="/media/images/banners/b1.png" media="(min-width: 700px)" fetchpriority="high">`,
			`<meta name="shop-modules" content="` + strings.Join(modules, ",") + `">`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("home lacks %s\n%s", want, html)
			}
		}
		if strings.Contains(html, "b2.png") || len(modules) == 0 {
			t.Errorf("preloads a later banner or no modules:\n%s", html)
		}
	})
}

// TestSitemapAndRobots: robots.txt keeps crawlers out of the back office, the API and the
// shopper's pages and names the sitemap; the sitemap index lists the files; the products'
// file holds the live products with lastmod, not the hidden one; a file past the last is 404.
func TestSitemapAndRobots(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSEOFixture(t, a, "Frižider Gorenje NRK")
		ts, base := fx.ts, fx.base
		r := ts.do(req{method: "GET", path: "/robots.txt"})
		for _, want := range []string{"User-agent: *", "Disallow: /admin\n", "Disallow: /api/\n", "Disallow: /korpa\n",
			"Disallow: /zavrsetak-kupovine\n", "Disallow: /moj-nalog\n", "Sitemap: " + base + "/sitemap.xml\n"} {
			if r.Status != 200 || !strings.Contains(string(r.Raw), want) {
				t.Errorf("robots.txt lacks %q: %d %s", want, r.Status, r.Raw)
			}
		}
		r = ts.do(req{method: "GET", path: "/sitemap.xml"})
		for _, want := range []string{"<sitemapindex", "<loc>" + base + "/sitemap-products-1.xml</loc>", "<loc>" + base + "/sitemap-categories.xml</loc>",
			"<loc>" + base + "/sitemap-pages.xml</loc>"} {
			if r.Status != 200 || !strings.Contains(string(r.Raw), want) || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/xml") {
				t.Errorf("sitemap.xml lacks %q: %d %s", want, r.Status, r.Raw)
			}
		}
		if strings.Contains(string(r.Raw), "sitemap-products-2.xml") {
			t.Errorf("one product, two files: %s", r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/sitemap-products-1.xml"})
		body := string(r.Raw)
		if r.Status != 200 || !strings.Contains(body, "<loc>"+base+"/kategorije/frizideri/proizvodi/"+fx.slug+"</loc><lastmod>") ||
			strings.Contains(body, "frizider-skriven") || !strings.Contains(body, `hreflang="en" href="`+base+"/kategorije/frizideri/proizvodi/"+fx.slug+`?lang=en"`) {
			t.Errorf("products sitemap: %d %s", r.Status, body)
		}
		if r := ts.do(req{method: "GET", path: "/sitemap-categories.xml"}); r.Status != 200 || !strings.Contains(string(r.Raw), "<loc>"+base+"/kategorije/televizori</loc>") {
			t.Errorf("categories sitemap: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/sitemap-pages.xml"}); r.Status != 200 || !strings.Contains(string(r.Raw), "<loc>"+base+"/uslovi-isporuke</loc>") {
			t.Errorf("pages sitemap: %d %s", r.Status, r.Raw)
		}
		for _, p := range []string{"/sitemap-products-2.xml", "/sitemap-products-0.xml", "/sitemap-products-01.xml", "/sitemap-nesto.xml"} {
			if r := ts.do(req{method: "GET", path: p}); r.Status != 404 {
				t.Errorf("%s: %d", p, r.Status)
			}
		}
	})
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

// TestStorefrontHTTPCaching: public storefront reads carry a body ETag, a short public
// Cache-Control for guests and a private revalidated one with a token, Vary on language and
// authorization, and answer 304 to a matching If-None-Match; errors and admin reads are not
// cached; JSON and HTML above a kilobyte are gzipped for clients that take gzip, and built
// assets are served precompressed.
func TestStorefrontHTTPCaching(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSEOFixture(t, a, "Frižider Gorenje NRK")
		ts := fx.ts
		path := "/api/v1/products/" + fx.slug + "?include=categories,images,brand"
		r := ts.do(req{method: "GET", path: path})
		tag := r.Header.Get("ETag")
		if r.Status != 200 || !strings.HasPrefix(tag, `W/"`) || r.Header.Get("Cache-Control") != "public, max-age=60" ||
			!strings.HasPrefix(r.Header.Get("Vary"), "Accept-Language, Authorization") {
			t.Fatalf("guest: %d etag %q cache %q vary %q", r.Status, tag, r.Header.Get("Cache-Control"), r.Header.Get("Vary"))
		}
		if r := ts.do(req{method: "GET", path: path, header: map[string]string{"If-None-Match": tag}}); r.Status != 304 || len(r.Raw) != 0 ||
			r.Header.Get("ETag") != tag {
			t.Errorf("revalidation: %d %q", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, header: map[string]string{"If-None-Match": `W/"other"`}}); r.Status != 200 {
			t.Errorf("stale tag: %d", r.Status)
		}
		// The customer's price differs: private, revalidated, another tag.
		r = ts.do(req{method: "GET", path: path, token: ts.buyer})
		if r.Status != 200 || r.Header.Get("Cache-Control") != "private, no-cache" || r.Header.Get("ETag") == tag || r.Header.Get("ETag") == "" {
			t.Errorf("customer: %d cache %q etag %q", r.Status, r.Header.Get("Cache-Control"), r.Header.Get("ETag"))
		}
		// A change of the product changes the tag.
		if err := a.DB.Model(&catalog.Product{}).Where("slug = ?", fx.slug).Update("web_price", 99900).Error; err != nil {
			t.Fatal(err)
		}
		if r := ts.do(req{method: "GET", path: path, header: map[string]string{"If-None-Match": tag}}); r.Status != 200 || r.Header.Get("ETag") == tag {
			t.Errorf("after a price change: %d", r.Status)
		}
		// Errors and the back office are not cached.
		if r := ts.do(req{method: "GET", path: "/api/v1/products/nema-ga"}); r.Status != 404 || r.Header.Get("ETag") != "" || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("404: %d etag %q cache %q", r.Status, r.Header.Get("ETag"), r.Header.Get("Cache-Control"))
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/products", token: ts.staff}); r.Header.Get("ETag") != "" || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("admin list: etag %q cache %q", r.Header.Get("ETag"), r.Header.Get("Cache-Control"))
		}
		for _, p := range []string{"/api/v1/categories/frizideri/products", "/api/v1/search?q=frizider", "/api/v1/autocomplete?q=fri", "/api/v1/categories"} {
			if r := ts.do(req{method: "GET", path: p}); r.Status != 200 || r.Header.Get("ETag") == "" {
				t.Errorf("%s: %d etag %q", p, r.Status, r.Header.Get("ETag"))
			}
		}

		if err := a.DB.Model(&catalog.Product{}).Where("slug = ?", fx.slug).Update("description", lexical(strings.Repeat("Tih i štedljiv. ", 100))).Error; err != nil {
			t.Fatal(err)
		}
		// gzip: the product JSON (over a kilobyte) and the page's HTML; a short answer stays plain.
		gz := map[string]string{"Accept-Encoding": "gzip"}
		r = ts.do(req{method: "GET", path: path, header: gz})
		if r.Status != 200 || r.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("gzip JSON: %d %q %d bytes", r.Status, r.Header.Get("Content-Encoding"), len(r.Raw))
		}
		var body map[string]any
		if err := json.Unmarshal(gunzip(t, r.Raw), &body); err != nil || body["data"] == nil {
			t.Errorf("gzipped JSON: %v %v", err, body)
		}
		r = ts.do(req{method: "GET", path: "/kategorije/frizideri/proizvodi/" + fx.slug, header: gz})
		if r.Status != 200 || r.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(string(gunzip(t, r.Raw)), "application/ld+json") {
			t.Errorf("gzip HTML: %d %q", r.Status, r.Header.Get("Content-Encoding"))
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/modules", header: gz}); r.Status != 200 || r.Header.Get("Content-Encoding") != "" {
			t.Errorf("short answer: %d %q", r.Status, r.Header.Get("Content-Encoding"))
		}
		plain := map[string]string{"Accept-Encoding": "identity"}
		if r := ts.do(req{method: "GET", path: path, header: plain}); r.Header.Get("Content-Encoding") != "" {
			t.Errorf("no Accept-Encoding: %q", r.Header.Get("Content-Encoding"))
		}
		js := strings.Repeat("console.log('elektromarket');\n", 200)
		writeStore(t, a, "assets/index-1a2b.js", js)
		for i := 0; i < 2; i++ { // made on the first request, from the cache on the second
			r = ts.do(req{method: "GET", path: "/assets/index-1a2b.js", header: gz})
			if r.Status != 200 || r.Header.Get("Content-Encoding") != "gzip" || string(gunzip(t, r.Raw)) != js ||
				!strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
				t.Errorf("asset %d: %d %q", i, r.Status, r.Header.Get("Content-Encoding"))
			}
		}
		if r := ts.do(req{method: "GET", path: "/assets/index-1a2b.js", header: plain}); r.Status != 200 || string(r.Raw) != js {
			t.Errorf("asset without gzip: %d", r.Status)
		}
	})
}

// TestImageWidths: a stored product image is offered at the srcset widths; each width variant
// is made on its first request (no wider than asked, never enlarged) and kept in the object
// store; other widths and keys outside the image prefixes are 404.
func TestImageWidths(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "IMG-W", true)
		r := ts.mediaUpload(fmt.Sprintf("/api/v1/admin/products/%d/main-images", pid), ts.staff,
			[]mediaFile{{"image", "slika.png", mediaPNG(t, 2000, 1000, false)}}, nil)
		if r.Status != 200 {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		large := strings.TrimPrefix(data(r)["large"].(string), "/media/")
		want := fmt.Sprintf("/media-w/240/%s 240w, /media-w/480/%s 480w, /media-w/960/%s 960w", large, large, large)
		if got := data(r)["srcset"]; got != want {
			t.Errorf("srcset %q, want %q", got, want)
		}
		for _, w := range []int{240, 960} {
			path := fmt.Sprintf("/media-w/%d/%s", w, large)
			if got := ts.mediaSize(path); got != fmt.Sprintf("jpeg %dx%d", w, w/2) {
				t.Errorf("%s: %s", path, got)
			}
			if n := len(mediaObjects(t, a, fmt.Sprintf("widths/%d/", w))); n != 1 {
				t.Errorf("width %d: %d objects kept, want 1", w, n)
			}
			if r := ts.do(req{method: "GET", path: path}); r.Status != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
				t.Errorf("%s again: %d", path, r.Status)
			}
		}
		for _, p := range []string{"/media-w/300/" + large, "/media-w/240/images/nema.jpg", "/media-w/240/pricelists/1/x.xlsx", "/media-w/x/" + large,
			"/media-w/240/../" + large} {
			if r := ts.do(req{method: "GET", path: p}); r.Status != 404 {
				t.Errorf("%s: %d", p, r.Status)
			}
		}
	})
}
