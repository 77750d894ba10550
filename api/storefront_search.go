package api

import (
	"github.com/gin-gonic/gin"

	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/search"
)

// storefrontSearchRoutes: the storefront's product search (the results page
// /pretraga-proizvoda/{query}) and the search box's autocomplete; public, no login.
func storefrontSearchRoutes(d Deps) []Route {
	if d.Search == nil {
		return nil
	}
	h := searchHandlers{d.Search}
	return []Route{
		{Method: "GET", Path: "/search", Handler: h.search},
		{Method: "GET", Path: "/autocomplete", Handler: h.autocomplete},
		{Method: "GET", Path: "/autocomplete/first-click", Handler: h.firstClick},
	}
}

type searchHandlers struct{ s *search.Service }

// SearchProductResponse is a product found by the search, with the prices pricing decided.
type SearchProductResponse struct {
	ID              uint64     `json:"id"`
	SKU             string     `json:"sku"`
	Name            string     `json:"name"`
	HighlightedName string     `json:"highlighted_name"` // HTML: escaped, matches in <strong>
	Slug            string     `json:"slug"`
	Link            string     `json:"link"`
	Image           *string    `json:"image"`
	RegularPrice    money.Para `json:"regular_price" swaggertype:"number"` // the retail (struck) price
	GuestPrice      money.Para `json:"guest_price" swaggertype:"number"`
	CustomerPrice   money.Para `json:"customer_price" swaggertype:"number"`
}

func searchProductResponse(p search.Product, q string) SearchProductResponse {
	return SearchProductResponse{ID: p.ID, SKU: p.SKU, Name: p.Name, HighlightedName: search.Highlight(p.Name, q), Slug: p.Slug,
		Link: p.Link(), Image: optionalMediaURL(p.ImageKey), RegularPrice: p.RetailPrice, GuestPrice: p.GuestPrice, CustomerPrice: p.CustomerPrice}
}

// searchFilter is the search's query.
type searchFilter struct {
	Q string `form:"q"`
}

// The storefront's sizes are 24, 48, 72 and 96; 96 maps to 72.
var searchListSpec = httpx.ListSpec{DefaultSize: search.DefaultPerPage, MaxSize: 96}

// search godoc
//
//	@Summary		Storefront product search (the results page /pretraga-proizvoda/{query})
//	@Description	Only active products visible on site. Serbian-aware: diacritics folded both ways (frizider finds Frižider), Cyrillic transliterated (фрижидер finds Frižider). Exact SKU or EAN hits first, then name, main category, brand, description; every word must match one of them. When nothing matches literally, typo tolerance answers (a few edits per word). q longer than 100 characters is cut. A first page with literal hits (not typo-tolerant ones) counts the query among the popular searches.
//	@Tags			storefront
//	@Produce		json
//	@Param			q			query		string	false	"what the shopper typed"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size: 24, 48, 72 (96 means 72)"	default(24)
//	@Success		200			{object}	httpx.ListResponse[SearchProductResponse]
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/search [get]
func (h searchHandlers) search(c *gin.Context) {
	var f searchFilter
	page, _, ok := httpx.BindList(c, &f, searchListSpec)
	if !ok {
		return
	}
	page.Size = min(page.Size, search.MaxPerPage)
	ctx := c.Request.Context()
	r, err := h.s.Search(ctx, f.Q, page.Number, page.Size)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if r.Total > 0 && !r.Fuzzy && page.Number <= 1 {
		if err := h.s.Record(ctx, f.Q); err != nil {
			httpx.Fail(c, err)
			return
		}
	}
	out := make([]SearchProductResponse, 0, len(r.Products))
	for _, p := range r.Products {
		out = append(out, searchProductResponse(p, f.Q))
	}
	httpx.List(c, out, r.Total, page)
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
	Image           *string    `json:"image"`
	RegularPrice    money.Para `json:"regular_price" swaggertype:"number"`
	GuestPrice      money.Para `json:"guest_price" swaggertype:"number"`
	CustomerPrice   money.Para `json:"customer_price" swaggertype:"number"`
}

// BannerSuggestion is a banner of the dropdown (html).
type BannerSuggestion struct {
	HTML string `json:"html"`
}

// CategorySuggestions, PopularSuggestions, ProductSuggestions are `{items}`.
type CategorySuggestions struct {
	Items []CategorySuggestion `json:"items"`
}
type PopularSuggestions struct {
	Items []PopularSuggestion `json:"items"`
}
type ProductSuggestions struct {
	Items []ProductSuggestion `json:"items"`
}

// AutocompleteResults are the three suggestion groups.
type AutocompleteResults struct {
	Category CategorySuggestions `json:"category"`
	Popular  PopularSuggestions  `json:"popular"`
	Product  ProductSuggestions  `json:"product"`
}

// AutocompleteBanners are the dropdown's banners (empty until banners exist).
type AutocompleteBanners struct {
	Top    []BannerSuggestion `json:"top"`
	Bottom []BannerSuggestion `json:"bottom"`
}

// AutocompleteResponse is the search box's dropdown (spec "Search result").
type AutocompleteResponse struct {
	Results AutocompleteResults `json:"results"`
	Banners AutocompleteBanners `json:"banners"`
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
//	@Description	Categories, popular searches (learned from the searches shoppers made) and up to 6 products, matched as the search does (diacritics folded, Cyrillic transliterated, typo tolerant); names highlighted (HTML-escaped, matches in <strong>). Banners are empty lists until banners exist. Empty q answers the first-click suggestions. Other parameters (the old service's access token) are ignored.
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
	c.JSON(200, autocompleteResponse(s))
}

// firstClick godoc
//
//	@Summary		The search box's suggestions before anything is typed
//	@Description	The top-level categories and the most searched terms; no products. Banners are empty lists until banners exist.
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
	c.JSON(200, autocompleteResponse(s))
}
