package seo

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"

	"shop/internal/catalog"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
)

// DescriptionMax is the meta description's length in characters: what result pages show.
const DescriptionMax = 160

var (
	// inlineTagRe are the tags inside a line of text ("<strong>1</strong>." stays "1."); any
	// other tag (paragraph, heading, list item, break) separates words.
	inlineTagRe = regexp.MustCompile(`(?i)</?(strong|b|em|i|u|s|span|a|sup|sub|mark|small|code)(\s[^>]*)?>`)
	tagRe       = regexp.MustCompile(`<[^>]*>`)
	spaceRe     = regexp.MustCompile(`\s+`)
)

// Summary is text (plain or HTML) as one line of at most max characters, cut at a word with
// an ellipsis.
func Summary(text string, max int) string {
	s := html.UnescapeString(tagRe.ReplaceAllString(inlineTagRe.ReplaceAllString(text, ""), " "))
	s = strings.TrimSpace(spaceRe.ReplaceAllString(s, " "))
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:-") + "…"
}

// ProductPath is a product's storefront URL.
func ProductPath(mainCategorySlug, slug string) string {
	return "/kategorije/" + mainCategorySlug + "/proizvodi/" + slug
}

// CategoryPath is a category's storefront URL.
func CategoryPath(slug string) string { return "/kategorije/" + slug }

// Product is what a product page's meta says of it. Price is the guest's shown price.
type Product struct {
	Name, SKU, EAN, Brand string
	Text                  string // the description's plain text
	Price                 money.Para
	InStock               bool     // purchasable
	Images                []string // site paths or URLs, the main image first
	// Categories is the main category's trail from the top level.
	Categories []Crumb
	Path       string
}

// price is an Offer's price: a decimal with two places, as schema.org wants.
func price(p money.Para) string { return money.Format(int64(p)) }

func home(lang i18n.Lang) Crumb { return Crumb{Name: pick(lang, "Početna", "Home"), Path: "/"} }

// breadcrumbList is schema.org's BreadcrumbList of a trail.
func breadcrumbList(site Site, trail []Crumb) map[string]any {
	items := make([]map[string]any, len(trail))
	for i, c := range trail {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Name, "item": site.URL(c.Path, "")}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// ProductPage is a product page: Product with an Offer in RSD and the breadcrumbs.
func ProductPage(site Site, lang i18n.Lang, p Product) *Page {
	desc := Summary(p.Text, DescriptionMax)
	if desc == "" {
		desc = Summary(fmt.Sprintf(pick(lang, "%s po ceni od %s RSD. Kupite online uz brzu isporuku.", "%s for %s RSD. Buy online with fast delivery."),
			p.Name, price(p.Price)), DescriptionMax)
	}
	availability := "https://schema.org/OutOfStock"
	if p.InStock {
		availability = "https://schema.org/InStock"
	}
	images := make([]string, len(p.Images))
	for i, im := range p.Images {
		images[i] = site.Abs(im)
	}
	product := map[string]any{"@context": "https://schema.org", "@type": "Product", "name": p.Name, "sku": p.SKU, "description": desc,
		"url": site.URL(p.Path, ""),
		"offers": map[string]any{"@type": "Offer", "price": price(p.Price), "priceCurrency": "RSD", "availability": availability,
			"url": site.URL(p.Path, ""), "itemCondition": "https://schema.org/NewCondition"}}
	if len(images) > 0 {
		product["image"] = images
	}
	if p.Brand != "" {
		product["brand"] = map[string]any{"@type": "Brand", "name": p.Brand}
	}
	if gtin := catalog.GTIN(p.EAN); gtin != "" {
		product["gtin"+fmt.Sprint(len(gtin))] = gtin
	}
	trail := append(append([]Crumb{home(lang)}, p.Categories...), Crumb{Name: p.Name, Path: p.Path})
	pg := &Page{Title: p.Name, Description: desc, Path: p.Path, Type: "product", JSONLD: []any{product, breadcrumbList(site, trail)}}
	if len(p.Images) > 0 {
		pg.Image = p.Images[0]
	}
	return pg
}

// Category is what a category page's meta says of it.
type Category struct {
	Name  string
	Image string
	Total int64
	// Trail is the category's path from the top level, itself last.
	Trail []Crumb
	// Products are the first page's products (name and path) for the CollectionPage's list.
	Products []Crumb
}

// CategoryPage is a category page: CollectionPage with its first products and the breadcrumbs.
func CategoryPage(site Site, lang i18n.Lang, c Category) *Page {
	path := c.Trail[len(c.Trail)-1].Path
	desc := fmt.Sprintf(pick(lang, "%s: %d proizvoda u ponudi. Uporedite cene i kupite online uz brzu isporuku.",
		"%s: %d products on offer. Compare prices and buy online with fast delivery."), c.Name, c.Total)
	trail := append([]Crumb{home(lang)}, c.Trail...)
	return &Page{Title: c.Name, Description: desc, Path: path, Image: c.Image, Type: "website",
		JSONLD: []any{collectionPage(site, lang, c.Name, desc, path, c.Total, c.Products), breadcrumbList(site, trail)}}
}

// collectionPage is schema.org's CollectionPage whose main entity lists the first page's
// products; numberOfItems is the whole list's total.
func collectionPage(site Site, lang i18n.Lang, name, desc, path string, total int64, products []Crumb) map[string]any {
	items := make([]map[string]any, len(products))
	for i, p := range products {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": p.Name, "url": site.URL(p.Path, "")}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "CollectionPage", "name": name, "description": desc,
		"url": site.URL(path, ""), "inLanguage": string(lang),
		"mainEntity": map[string]any{"@type": "ItemList", "numberOfItems": total, "itemListElement": items}}
}

// ActionPath is an action's storefront URL.
func ActionPath(slug string) string { return "/akcije/" + slug }

// LandingPath is a landing page's storefront URL.
func LandingPath(slug string) string { return "/landing/" + slug }

// Action is what an action's page (a promotion and its products) says of it.
type Action struct {
	Name, Slug string
	Image      string // the header image (site path), else the sticker; empty: none
	Total      int64
	// Products are the first page's products (name and path).
	Products []Crumb
}

// ActionPage is an action's page: a CollectionPage of its products (like a category's) and
// the breadcrumbs home → Akcije → the action.
func ActionPage(site Site, lang i18n.Lang, a Action) *Page {
	path := ActionPath(a.Slug)
	desc := fmt.Sprintf(pick(lang, "%s: %d proizvoda na akciji. Kupite online po akcijskim cenama uz brzu isporuku.",
		"%s: %d products on promotion. Buy online at promotional prices with fast delivery."), a.Name, a.Total)
	trail := []Crumb{home(lang), {Name: pick(lang, "Akcije", "Promotions"), Path: "/akcije"}, {Name: a.Name, Path: path}}
	return &Page{Title: a.Name, Description: desc, Path: path, Image: a.Image, Type: "website",
		JSONLD: []any{collectionPage(site, lang, a.Name, desc, path, a.Total, a.Products), breadcrumbList(site, trail)}}
}

// Article is a news item.
type Article struct {
	ID                  uint64
	Title, Body, Image  string // Body: HTML
	Published, Modified string // RFC 3339
}

// NewsPath is a news item's storefront URL.
func NewsPath(id uint64) string { return fmt.Sprintf("/vesti/%d", id) }

// NewsPage is a news item: NewsArticle and the breadcrumbs.
func NewsPage(site Site, lang i18n.Lang, a Article) *Page {
	path := NewsPath(a.ID)
	desc := Summary(a.Body, DescriptionMax)
	art := map[string]any{"@context": "https://schema.org", "@type": "NewsArticle", "headline": Summary(a.Title, 110), "description": desc,
		"url": site.URL(path, ""), "mainEntityOfPage": site.URL(path, ""), "inLanguage": string(lang),
		"publisher": map[string]any{"@type": "Organization", "name": site.Name}}
	if a.Published != "" {
		art["datePublished"] = a.Published
		art["dateModified"] = a.Published
	}
	if a.Modified != "" {
		art["dateModified"] = a.Modified
	}
	if a.Image != "" {
		art["image"] = []string{site.Abs(a.Image)}
	}
	trail := []Crumb{home(lang), {Name: pick(lang, "Vesti", "News"), Path: "/vesti"}, {Name: a.Title, Path: path}}
	return &Page{Title: a.Title, Description: desc, Path: path, Image: a.Image, Type: "article", JSONLD: []any{art, breadcrumbList(site, trail)}}
}

// WebPage is a landing page or a static page: WebPage and the breadcrumbs.
func WebPage(site Site, lang i18n.Lang, path, title, body, image string) *Page {
	desc := Summary(body, DescriptionMax)
	if desc == "" {
		desc = title
	}
	wp := map[string]any{"@context": "https://schema.org", "@type": "WebPage", "name": title, "description": desc, "url": site.URL(path, lang),
		"inLanguage": string(lang), "isPartOf": map[string]any{"@type": "WebSite", "name": site.Name, "url": site.URL("/", "")}}
	trail := []Crumb{home(lang), {Name: title, Path: path}}
	return &Page{Title: title, Description: desc, Path: path, Image: image, Type: "website", JSONLD: []any{wp, breadcrumbList(site, trail)}}
}

// HomePage is the storefront's home: WebSite with its search action, and the Organization.
func HomePage(site Site, lang i18n.Lang) *Page {
	desc := pick(lang, site.Name+": online prodavnica računara, telefona, bele tehnike i elektronike. Brza isporuka širom Srbije.",
		site.Name+": online shop of computers, phones, home appliances and electronics. Fast delivery across Serbia.")
	ws := map[string]any{"@context": "https://schema.org", "@type": "WebSite", "name": site.Name, "url": site.URL("/", ""), "inLanguage": string(lang),
		"potentialAction": map[string]any{"@type": "SearchAction", "target": site.BaseURL + "/pretraga-proizvoda/{search_term_string}",
			"query-input": "required name=search_term_string"}}
	org := map[string]any{"@context": "https://schema.org", "@type": "Organization", "name": site.Name, "url": site.URL("/", ""),
		"logo": site.Abs("/favicon.svg")}
	return &Page{Title: site.Name, Description: desc, Path: "/", Type: "website", JSONLD: []any{ws, org}}
}

// Plain is a page of the app without its own meta (cart, account, search results): the
// shop's title and description, canonical to itself; noindex says whether crawlers keep out.
func Plain(site Site, lang i18n.Lang, path, title string, noindex bool) *Page {
	p := HomePage(site, lang)
	p.Path, p.JSONLD, p.NoIndex = path, nil, noindex
	if title != "" {
		p.Title = title
	}
	return p
}
