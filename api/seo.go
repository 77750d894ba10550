package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/sales"
	"shop/internal/seo"
	"shop/internal/storefront"
	"shop/internal/voice"
)

// storePages renders the storefront's index.html per URL (internal/seo): the meta, JSON-LD and
// first screen's data that crawlers and link previews read before the app runs, the 404 of
// unknown slugs, and the sitemap and robots.txt.
type storePages struct {
	log    *slog.Logger
	base   string // public URL without the trailing slash
	routes seo.Routes
	sf     *storefront.Service
	cat    *catalog.Service
	voice  *voice.Service
	// content answers news and static pages, landing the landing pages (nil: their URLs
	// describe themselves with the shop's defaults).
	content *content.Service
	landing *content.LandingService
	// sitemapSplit is the most products per sitemap file (0: the protocol's 50,000); tests
	// set it small.
	sitemapSplit int
	// extra are the sitemap files of news, landing pages and actions.
	extra []seo.Section
	// modules are the enabled modules (config, as GET modules answers), sorted.
	modules []string
	// sales names the shop (its identity); nil: the built index.html's title.
	sales *sales.Service
}

// newStorePages builds the storefront's page renderer with the resolvers of every URL kind
// the services answer, and the sitemap's files of news, landing pages and actions.
func newStorePages(d Deps) *storePages {
	p := &storePages{log: d.Log, base: strings.TrimRight(d.Config.HTTP.PublicURL, "/"), sf: d.Storefront, cat: d.Catalog, voice: d.Voice,
		content: d.Content, landing: d.Landing, modules: slices.Sorted(slices.Values(d.Config.Modules)), sales: d.Sales}
	p.routes.Add("/", p.home)
	if d.Storefront != nil && d.Catalog != nil {
		p.routes.Add("/kategorije/:slug", p.category)
		p.routes.Add("/kategorije/:category/proizvodi/:slug", p.product)
		p.routes.Add("/akcije/:slug", p.action)
		p.extra = append(p.extra, seo.Section{Name: "actions", Each: p.eachAction})
	}
	if d.Content != nil {
		p.routes.Add("/vesti/:id", p.news)
		p.extra = append(p.extra, seo.Section{Name: "news", Each: p.eachNews})
	}
	if d.Landing != nil {
		p.routes.Add("/landing/:slug", p.landingPage)
		p.extra = append(p.extra, seo.Section{Name: "landing", Each: p.eachLanding})
	}
	for _, sp := range seo.StaticPages {
		p.routes.Add("/"+sp.Slug, p.static(sp.Slug))
	}
	return p
}

// site is the shop as its pages name it: the shop's identity, else the built page's title.
func (p *storePages) site(ctx context.Context, index []byte) seo.Site {
	name := seo.SiteName(index)
	if p.sales != nil {
		name = p.sales.ShopName(ctx)
	}
	return seo.Site{Name: name, BaseURL: p.base, Modules: p.modules}
}

// serve answers a storefront page: the built index.html with the page's meta; the status is
// 404 for an unknown slug (or a path that is no page of the app), still with the app.
func (p *storePages) serve(c *gin.Context, s spa, rel, index string) {
	b, err := os.ReadFile(index)
	if err != nil {
		httpx.Fail(c, apperr.Wrap(err, "read index.html"))
		return
	}
	site := p.site(c.Request.Context(), b)
	lang := seo.LangOf(c.Request)
	page := p.describe(c.Request.Context(), s, site, rel, lang, c.Request.URL.Query())
	out, err := seo.Render(b, site, lang, page)
	if err != nil {
		p.log.Warn("seo render", "path", rel, "error", err)
		out = b
	}
	status := page.Status
	if status == 0 {
		status = http.StatusOK
	}
	// The language may come from the cookie: a shared cache keeps one copy per cookie.
	c.Header("Vary", "Cookie")
	c.Data(status, "text/html; charset=utf-8", out)
}

// describe finds the page of a path: its resolver, else a plain page of the app, else 404.
func (p *storePages) describe(ctx context.Context, s spa, site seo.Site, rel string, lang i18n.Lang, q url.Values) *seo.Page {
	if fn, params, ok := p.routes.Match(rel); ok {
		page, err := fn(ctx, seo.Request{Path: rel, Params: params, Lang: lang, Query: q, Site: site})
		if err == nil {
			return page
		}
		if apperr.As(err).Code == apperr.NotFound {
			return seo.NotFound(lang, rel)
		}
		p.log.Error("seo page", "path", rel, "error", err.Error())
		pg := seo.Plain(site, lang, rel, "", true)
		pg.Status = http.StatusServiceUnavailable
		return pg
	}
	for _, pp := range seo.PlainPages {
		if pp.Path == rel || strings.HasPrefix(rel, pp.Path+"/") {
			title := pp.SR
			if lang == i18n.EN {
				title = pp.EN
			}
			return seo.Plain(site, lang, rel, title, pp.NoIndex)
		}
	}
	if s.isPage(rel) {
		return seo.Plain(site, lang, rel, "", false)
	}
	return seo.NotFound(lang, rel)
}

func (p *storePages) home(ctx context.Context, r seo.Request) (*seo.Page, error) {
	page := seo.HomePage(r.Site, r.Lang)
	if p.content == nil {
		return page, nil
	}
	// The slider's first banner is the first screen's largest image: its mobile variant under
	// 700 px, as the slider's <picture> picks (store-web pages/BannerSlider.tsx).
	banners, err := p.content.BannersAt(ctx, []string{content.PositionHomeSlider})
	if err != nil {
		return nil, err
	}
	if len(banners) > 0 && banners[0].ImageKey != "" {
		b := banners[0]
		if b.MobileImageKey != "" {
			page.LCPImages = []seo.ImagePreload{{URL: mediaURL(b.MobileImageKey), Media: "(max-width: 699px)"},
				{URL: mediaURL(b.ImageKey), Media: "(min-width: 700px)"}}
		} else {
			page.LCPImages = []seo.ImagePreload{{URL: mediaURL(b.ImageKey)}}
		}
	}
	return page, nil
}

// static is a static page's resolver: the page staff wrote (title and the body's summary in
// the page's language), else its fallback title.
func (p *storePages) static(slug string) seo.Resolver {
	return func(ctx context.Context, r seo.Request) (*seo.Page, error) {
		title, body := seo.StaticTitle(slug, r.Lang), ""
		if p.content != nil {
			pg, err := p.content.GetPage(ctx, slug)
			switch {
			case err == nil:
				title, body = pg.Title(string(r.Lang)), pg.Body(string(r.Lang))
			case !apperr.Is(err, apperr.NotFound):
				return nil, err
			}
		}
		return seo.WebPage(r.Site, r.Lang, "/"+slug, title, body, ""), nil
	}
}

// news is a news item's page (/vesti/:id): NewsArticle; an id that is no number or no item is 404.
func (p *storePages) news(ctx context.Context, r seo.Request) (*seo.Page, error) {
	id, err := strconv.ParseUint(r.Params["id"], 10, 64)
	if err != nil || id == 0 {
		return nil, apperr.NotFoundThing("news")
	}
	n, err := p.content.GetNews(ctx, id)
	if err != nil {
		return nil, err
	}
	a := seo.Article{ID: n.ID, Title: n.Title, Body: n.Body, Published: n.PublishedAt.UTC().Format(time.RFC3339),
		Modified: n.UpdatedAt.UTC().Format(time.RFC3339)}
	if n.ImageKey != "" {
		a.Image = mediaURL(n.ImageKey)
	}
	return seo.NewsPage(r.Site, r.Lang, a), nil
}

// landingPage is a landing page (/landing/:slug): WebPage with its top description; the image
// is its banner (layouts 2, 3) or its action's header image (layout 1).
func (p *storePages) landingPage(ctx context.Context, r seo.Request) (*seo.Page, error) {
	v, err := p.landing.Public(ctx, r.Params["slug"])
	if err != nil {
		return nil, err
	}
	image := v.BannerKey
	if v.Sticker != nil && image == "" {
		image = v.Sticker.DesktopImageKey
	}
	if image != "" {
		image = mediaURL(image)
	}
	return seo.WebPage(r.Site, r.Lang, seo.LandingPath(v.Slug), v.Name, v.TopDescription, image), nil
}

// action is a running action's page (/akcije/:slug) with its first page of products; an action
// not running today is 404 like an unknown one.
func (p *storePages) action(ctx context.Context, r seo.Request) (*seo.Page, error) {
	res, err := p.sf.Action(ctx, r.Params["slug"], "", categoryFirstPage, false)
	if err != nil {
		return nil, err
	}
	t := res.Action
	facts := seo.Action{Name: t.Name, Slug: t.Slug, Total: res.Total}
	if k := t.DesktopImageKey; k != "" {
		facts.Image = mediaURL(k)
	} else if t.StickerKey != "" {
		facts.Image = mediaURL(t.StickerKey)
	}
	for i := range res.Products {
		facts.Products = append(facts.Products, seo.Crumb{Name: res.Products[i].Name, Path: storefrontProductPath(&res.Products[i])})
	}
	return seo.ActionPage(r.Site, r.Lang, facts), nil
}

func (p *storePages) eachAction(ctx context.Context, fn func(seo.Entry) error) error {
	ts, err := p.sf.Actions(ctx)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if err := fn(seo.Entry{Path: seo.ActionPath(t.Slug)}); err != nil {
			return err
		}
	}
	return nil
}

func (p *storePages) eachNews(ctx context.Context, fn func(seo.Entry) error) error {
	return p.content.EachNews(ctx, func(id uint64, updated time.Time) error {
		return fn(seo.Entry{Path: seo.NewsPath(id), LastMod: updated})
	})
}

func (p *storePages) eachLanding(ctx context.Context, fn func(seo.Entry) error) error {
	return p.landing.EachPublic(ctx, func(slug string, updated time.Time) error {
		return fn(seo.Entry{Path: seo.LandingPath(slug), LastMod: updated})
	})
}

// storefrontProductPath is a product's URL under its main category.
func storefrontProductPath(d *catalog.ProductDetails) string {
	cs := d.MainCategorySlug
	if cs == "" && d.MainCategory != nil {
		cs = d.MainCategory.Slug
	}
	return seo.ProductPath(cs, d.Slug)
}

// trail is a category's path from the top level (active categories only), itself last.
func (p *storePages) trail(ctx context.Context, id uint64) ([]seo.Crumb, error) {
	cats, _, err := p.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	byID := make(map[uint64]*catalog.Category, len(cats))
	for _, c := range cats {
		byID[c.ID] = c
	}
	var out []seo.Crumb
	for c, n := byID[id], 0; c != nil && n < 32; n++ {
		out = append([]seo.Crumb{{Name: c.Name, Path: seo.CategoryPath(c.Slug)}}, out...)
		if c.ParentID == nil {
			break
		}
		c = byID[*c.ParentID]
	}
	return out, nil
}

// productDataInclude is the product page's first call's include list (the app's key).
const productDataInclude = "categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user,attributes"

func (p *storePages) product(ctx context.Context, r seo.Request) (*seo.Page, error) {
	slug := r.Params["slug"]
	pg, err := p.sf.Product(ctx, slug, catalog.ProductIncludes{MainImage: true, Categories: true, Images: true, Brand: true,
		Supplier: true, Attributes: true})
	if err != nil {
		return nil, err
	}
	d := pg.ProductDetails
	catSlug := d.MainCategorySlug
	if catSlug == "" && d.MainCategory != nil {
		catSlug = d.MainCategory.Slug
	}
	if catSlug == "" {
		catSlug = r.Params["category"]
	}
	facts := seo.Product{Name: d.Name, SKU: d.SKU, EAN: d.EAN, Text: catalog.DescriptionText(d.Description),
		Price: storefront.ShownPrices(d, false).Price, InStock: d.Buyable(), Path: seo.ProductPath(catSlug, d.Slug)}
	if d.Brand != nil {
		facts.Brand = d.Brand.Name
	}
	if d.MainImage != nil {
		facts.Images = append(facts.Images, mediaURL(d.MainImage.LargeKey))
	}
	for _, im := range d.Images {
		if d.MainImage == nil || im.ID != d.MainImage.ID {
			facts.Images = append(facts.Images, mediaURL(im.LargeKey))
		}
	}
	if d.MainCategoryID != 0 {
		if facts.Categories, err = p.trail(ctx, d.MainCategoryID); err != nil {
			return nil, err
		}
	}
	page := seo.ProductPage(r.Site, r.Lang, facts)
	// The gallery opens on the main photo's large variant (store-web product/Gallery.tsx).
	if d.MainImage != nil {
		if d.MainImage.LargeKey != "" {
			page.LCPImages = []seo.ImagePreload{{URL: mediaURL(d.MainImage.LargeKey)}}
		} else if d.MainImage.SmallKey != "" {
			page.LCPImages = []seo.ImagePreload{{URL: mediaURL(d.MainImage.SmallKey)}}
		}
	}
	inc := httpx.Includes{}
	for _, n := range strings.Split(productDataInclude, ",") {
		inc[n] = true
	}
	page.DataKey = "/api/v1/products/" + url.PathEscape(slug) + "?include=" + productDataInclude
	vc, err := productVoice(ctx, p.voice, pg.ID, inc)
	if err != nil {
		return nil, err
	}
	page.Data = httpx.DataResponse[StorefrontProduct]{Data: storefrontProduct(pg, inc, false, p.sf.Today(), vc)}
	return page, nil
}

// categoryFirstPage is the category page's first call without filters: page 1 of 24, newest first.
var categoryFirstPage = listing.Page{Number: 1, Size: storefront.DefaultPageSize}

func (p *storePages) category(ctx context.Context, r seo.Request) (*seo.Page, error) {
	slug := r.Params["slug"]
	res, err := p.sf.CategoryProducts(ctx, slug, storefront.CategoryProductsFilter{}, categoryFirstPage, false)
	if err != nil {
		return nil, err
	}
	trail, err := p.trail(ctx, res.Category.ID)
	if err != nil {
		return nil, err
	}
	if len(trail) == 0 || trail[len(trail)-1].Path != seo.CategoryPath(res.Category.Slug) {
		trail = append(trail, seo.Crumb{Name: res.Category.Name, Path: seo.CategoryPath(res.Category.Slug)})
	}
	facts := seo.Category{Name: res.Category.Name, Total: res.Total, Trail: trail}
	if res.Category.ImageKey != "" {
		facts.Image = mediaURL(res.Category.ImageKey)
	}
	data := storefrontCategoryProducts(res, categoryFirstPage, false)
	for i := range res.Products {
		facts.Products = append(facts.Products, seo.Crumb{Name: res.Products[i].Name, Path: storefrontProductPath(&res.Products[i])})
	}
	page := seo.CategoryPage(r.Site, r.Lang, facts)
	// Filtered, sorted or later pages fetch their own data; only the plain first page is embedded.
	if onlyLang(r.Query) {
		page.DataKey = "/api/v1/categories/" + url.PathEscape(slug) + "/products"
		page.Data = data
	}
	return page, nil
}

func onlyLang(q url.Values) bool {
	for k := range q {
		if k != "lang" {
			return false
		}
	}
	return true
}

// robots answers robots.txt.
func (p *storePages) robots(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=3600")
	c.String(http.StatusOK, seo.Robots(seo.Site{BaseURL: p.base}))
}

func (p *storePages) sitemap() seo.Sitemap {
	return seo.Sitemap{Site: seo.Site{BaseURL: p.base}, Source: p.sf, Extra: p.extra, Split: p.sitemapSplit}
}

// sitemapFile answers sitemap.xml (the index) or one of its files, streamed.
func (p *storePages) sitemapFile(c *gin.Context, name string) {
	sm := p.sitemap()
	if p.sf == nil || (name != "sitemap.xml" && !sm.Has(name)) {
		httpx.Fail(c, apperr.New(apperr.NotFound, "error.route"))
		return
	}
	ctx := c.Request.Context()
	if name != "sitemap.xml" {
		// A products file past the last is a 404: checked before the first byte.
		ok, err := sm.Exists(ctx, name)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		if !ok {
			httpx.Fail(c, apperr.New(apperr.NotFound, "error.route"))
			return
		}
	}
	c.Header("Content-Type", "application/xml; charset=utf-8")
	c.Header("Cache-Control", "public, max-age=3600")
	c.Status(http.StatusOK)
	var err error
	if name == "sitemap.xml" {
		err = sm.WriteIndex(ctx, c.Writer)
	} else {
		err = sm.WritePart(ctx, name, c.Writer)
	}
	if err != nil && !errors.Is(err, seo.ErrNoPart) {
		// Headers are gone: the truncated file is the client's signal; the log says why.
		p.log.Error("sitemap", "file", name, "error", err.Error())
	}
}

// crawlerFile answers robots.txt and the sitemap's files; false when rel is none of them.
func (p *storePages) crawlerFile(c *gin.Context, rel string) bool {
	name := filepath.Base(rel)
	if filepath.Dir(rel) != "/" {
		return false
	}
	switch {
	case name == "robots.txt":
		p.robots(c)
	case name == "sitemap.xml" || (strings.HasPrefix(name, "sitemap-") && strings.HasSuffix(name, ".xml")):
		p.sitemapFile(c, name)
	default:
		return false
	}
	return true
}
