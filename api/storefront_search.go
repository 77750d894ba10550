package api

import (
	"html"

	"github.com/gin-gonic/gin"

	"shop/internal/content"
	"shop/internal/platform/httpx"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/search"
	"shop/internal/storefront"
)

// storefrontSearchRoutes: the storefront's product search (the results page
// /pretraga-proizvoda/{query}) and the search box's autocomplete; public, no login.
func storefrontSearchRoutes(d Deps) []Route {
	if d.Search == nil {
		return nil
	}
	h := searchHandlers{s: d.Search, content: d.Content, sf: storefrontHandlers{sf: d.Storefront, ids: d.Identity}}
	routes := []Route{
		{Method: "GET", Path: "/autocomplete", Handler: h.autocomplete},
		{Method: "GET", Path: "/autocomplete/first-click", Handler: h.firstClick},
	}
	if d.Storefront != nil { // the results page lists the hits as the category page does
		routes = append(routes, Route{Method: "GET", Path: "/search", Handler: h.search})
	}
	return routes
}

// searchHandlers: the search finds; the storefront filters, sorts, pages and counts the facets
// of what it found, as on the category page.
type searchHandlers struct {
	s *search.Service
	// content answers the dropdown's banners (nil: none).
	content *content.Service
	sf      storefrontHandlers
}

// searchFilter is the results page's query: the category page's filters and sort, plus q.
type searchFilter struct {
	Q string `form:"q"`
	storefront.CategoryProductsFilter
}

// StorefrontSearchResults is the results page: the hits as product cards, the filter panel's
// facets (as the category page's) and whether typo tolerance found them.
type StorefrontSearchResults struct {
	Data   []StorefrontProductCard `json:"data"`
	Meta   httpx.Meta              `json:"meta"`
	Facets StorefrontFacets        `json:"facets"`
	// Category is the main category every hit shares (its attributes are the attribute facet);
	// null when the hits are in several.
	Category *StorefrontSearchCategory `json:"category" extensions:"x-nullable"`
	Fuzzy    bool                      `json:"fuzzy"`
} // @name StorefrontSearchResults

// StorefrontSearchCategory names the category the hits share.
type StorefrontSearchCategory struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
} // @name StorefrontSearchCategory

// StorefrontSearchQuery documents the results page's parameters.
type StorefrontSearchQuery struct {
	Q         string  `form:"q"`                                                                         // what the shopper typed
	Brands    string  `form:"brands" example:"3,7"`                                                      // brand ids, comma-joined
	Values    string  `form:"values" example:"11,12"`                                                    // attribute value ids (when the hits share a category)
	PriceFrom float64 `form:"price_from"`                                                                // shown price from
	PriceTo   float64 `form:"price_to"`                                                                  // shown price to
	Discount  bool    `form:"discount"`                                                                  // on action today
	InStock   bool    `form:"in_stock"`                                                                  // purchasable
	Sort      string  `form:"sort" enums:"relevance,newest,price,-price,name,-name" default:"relevance"` // relevance: the search's ranking
} // @name StorefrontSearchQuery

// search godoc
//
//	@Summary		Storefront product search (the results page /pretraga-proizvoda/{query})
//	@Description	Only active products visible on site. Serbian-aware: diacritics folded both ways (frizider finds Frižider), Cyrillic transliterated (фрижидер finds Frižider). Every word must match the name/SKU, main category, brand or description; an exact SKU or EAN matches alone. When nothing matches literally, typo tolerance answers (a few edits per word; fuzzy: true). The hits are filtered, sorted and counted in facets as on the category page (price range, brands, on action, in stock; attribute values only when every hit has the same main category); sort relevance (default: exact SKU/EAN, then the whole query in the name, category, brand, description) or the category page's. Cards and prices as on the category page (a valid token: the customer price). q longer than 100 characters is cut. A first page with literal hits counts the query among the popular searches.
//	@Tags			storefront
//	@Produce		json
//	@Param			filter		query		StorefrontSearchQuery	false	"query, filters and sort"
//	@Param			page		query		int						false	"page (1-based)"
//	@Param			paginate	query		int						false	"page size"	Enums(24, 48, 72, 96)	default(24)
//	@Success		200			{object}	StorefrontSearchResults
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/search [get]
func (h searchHandlers) search(c *gin.Context) {
	var f searchFilter
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: storefront.DefaultPageSize, MaxSize: storefront.MaxPageSize})
	if !ok {
		return
	}
	ctx := c.Request.Context()
	m, err := h.s.Match(ctx, f.Q)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	loggedIn := h.sf.loggedIn(c)
	res, err := h.sf.sf.HitsProducts(ctx, storefront.Hits{Scope: m.Scope, Relevance: m.Relevance}, f.CategoryProductsFilter, page, loggedIn)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if res.Total > 0 && !m.Fuzzy && page.Number <= 1 {
		if err := h.s.Record(ctx, f.Q, c.ClientIP()); err != nil {
			httpx.Fail(c, err)
			return
		}
	}
	page.Size, _ = storefront.PageSize(page.Size)
	out := StorefrontSearchResults{Data: make([]StorefrontProductCard, len(res.Products)), Facets: storefrontFacets(res.Facets), Fuzzy: m.Fuzzy,
		Meta: httpx.Meta{Total: res.Total, PerPage: page.Size, CurrentPage: page.Number, LastPage: page.LastPageOf(listing.Total{N: res.Total})}}
	for i := range res.Products {
		out.Data[i] = storefrontCard(&res.Products[i], loggedIn)
	}
	if cat := res.Category; cat != nil {
		out.Category = &StorefrontSearchCategory{ID: cat.ID, Name: cat.Name, Slug: cat.Slug}
	}
	c.JSON(200, out)
}

// CategorySuggestion is a category the search box suggests.
type CategorySuggestion struct {
	ID              uint64 `json:"id"`
	Name            string `json:"name"`
	HighlightedName string `json:"highlighted_name"`
	Slug            string `json:"slug"`
	Link            string `json:"link"`
}

// PopularSuggestion is a search shoppers often make.
type PopularSuggestion struct {
	Name            string `json:"name"`
	URLName         string `json:"url_name"` // path-escaped, for /pretraga-proizvoda/{url_name}
	HighlightedName string `json:"highlighted_name"`
}

// ProductSuggestion is a product the search box suggests.
type ProductSuggestion struct {
	ID              uint64     `json:"id"`
	Name            string     `json:"name"`
	HighlightedName string     `json:"highlighted_name"`
	Link            string     `json:"link"`
	Image           *string    `json:"image" extensions:"x-nullable"`
	RegularPrice    money.Para `json:"regular_price" swaggertype:"number"`
	GuestPrice      money.Para `json:"guest_price" swaggertype:"number"`
	CustomerPrice   money.Para `json:"customer_price" swaggertype:"number"`
}

// BannerSuggestion is a banner of the dropdown (html).
type BannerSuggestion struct {
	HTML string `json:"html"`
}

// CategorySuggestions are the matching categories, as `{items}`.
type CategorySuggestions struct {
	Items []CategorySuggestion `json:"items"`
}

// PopularSuggestions are the matching popular searches, as `{items}`.
type PopularSuggestions struct {
	Items []PopularSuggestion `json:"items"`
}

// ProductSuggestions are the matching products, as `{items}`.
type ProductSuggestions struct {
	Items []ProductSuggestion `json:"items"`
}

// AutocompleteResults are the three suggestion groups.
type AutocompleteResults struct {
	Category CategorySuggestions `json:"category"`
	Popular  PopularSuggestions  `json:"popular"`
	Product  ProductSuggestions  `json:"product"`
}

// AutocompleteBanners are the dropdown's banners: those of positions search_top and
// search_bottom, each as a linked picture.
type AutocompleteBanners struct {
	Top    []BannerSuggestion `json:"top"`
	Bottom []BannerSuggestion `json:"bottom"`
}

// AutocompleteResponse is the search box's dropdown (spec "Search result").
type AutocompleteResponse struct {
	Results AutocompleteResults `json:"results"`
	Banners AutocompleteBanners `json:"banners"`
}

// bannerHTML is a banner as the dropdown shows it: its picture (the mobile one on narrow
// screens), linked when it has a link; every value escaped.
func bannerHTML(b content.Banner) BannerSuggestion {
	img := `<img src="` + html.EscapeString(mediaURL(b.ImageKey)) + `" alt="` + html.EscapeString(b.Name) + `" loading="lazy">`
	if b.MobileImageKey != "" {
		img = `<picture><source media="(max-width: 699px)" srcset="` + html.EscapeString(mediaURL(b.MobileImageKey)) + `">` + img + `</picture>`
	}
	if b.Link != "" {
		img = `<a href="` + html.EscapeString(b.Link) + `">` + img + `</a>`
	}
	return BannerSuggestion{HTML: img}
}

// withBanners adds the search_top and search_bottom banners to the dropdown.
func (h searchHandlers) withBanners(c *gin.Context, out AutocompleteResponse) (AutocompleteResponse, error) {
	if h.content == nil {
		return out, nil
	}
	bs, err := h.content.BannersAt(c.Request.Context(), []string{content.PositionSearchTop, content.PositionSearchBottom})
	if err != nil {
		return out, err
	}
	for _, b := range bs {
		if b.ImageKey == "" {
			continue
		}
		if b.Position == content.PositionSearchTop {
			out.Banners.Top = append(out.Banners.Top, bannerHTML(b))
		} else {
			out.Banners.Bottom = append(out.Banners.Bottom, bannerHTML(b))
		}
	}
	return out, nil
}

func autocompleteResponse(s search.Suggestions) AutocompleteResponse {
	out := AutocompleteResponse{Results: AutocompleteResults{Category: CategorySuggestions{Items: []CategorySuggestion{}},
		Popular: PopularSuggestions{Items: []PopularSuggestion{}}, Product: ProductSuggestions{Items: []ProductSuggestion{}}},
		Banners: AutocompleteBanners{Top: []BannerSuggestion{}, Bottom: []BannerSuggestion{}}}
	for _, c := range s.Categories {
		out.Results.Category.Items = append(out.Results.Category.Items, CategorySuggestion{ID: c.ID, Name: c.Name,
			HighlightedName: search.Highlight(c.Name, s.Query), Slug: c.Slug, Link: c.Link()})
	}
	for _, p := range s.Popular {
		out.Results.Popular.Items = append(out.Results.Popular.Items, PopularSuggestion{Name: p.Name, URLName: search.Escape(p.Name),
			HighlightedName: search.Highlight(p.Name, s.Query)})
	}
	for _, p := range s.Products {
		out.Results.Product.Items = append(out.Results.Product.Items, ProductSuggestion{ID: p.ID, Name: p.Name,
			HighlightedName: search.Highlight(p.Name, s.Query), Link: p.Link(), Image: optionalMediaURL(p.ImageKey),
			RegularPrice: p.RetailPrice, GuestPrice: p.GuestPrice, CustomerPrice: p.CustomerPrice})
	}
	return out
}

// autocomplete godoc
//
//	@Summary		The search box's suggestions for what is typed
//	@Description	Categories, popular searches (learned from the searches shoppers made) and up to 6 products, matched as the search does (diacritics folded, Cyrillic transliterated, typo tolerant); names highlighted (HTML-escaped, matches in <strong>). Banners: the search_top and search_bottom banners as linked pictures. Empty q answers the first-click suggestions. Other parameters (the old service's access token) are ignored.
//	@Tags			storefront
//	@Produce		json
//	@Param			q	query		string	false	"what is typed (cut at 100 characters)"
//	@Success		200	{object}	AutocompleteResponse
//	@Router			/api/v1/autocomplete [get]
func (h searchHandlers) autocomplete(c *gin.Context) {
	s, err := h.s.Autocomplete(c.Request.Context(), c.Query("q"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out, err := h.withBanners(c, autocompleteResponse(s))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, out)
}

// firstClick godoc
//
//	@Summary		The search box's suggestions before anything is typed
//	@Description	The top-level categories and the most searched terms; no products. Banners: the search_top and search_bottom banners as linked pictures.
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	AutocompleteResponse
//	@Router			/api/v1/autocomplete/first-click [get]
func (h searchHandlers) firstClick(c *gin.Context) {
	s, err := h.s.Autocomplete(c.Request.Context(), "")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out, err := h.withBanners(c, autocompleteResponse(s))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, out)
}
