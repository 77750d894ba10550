package api

import (
	"context"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/storefront"
	"shop/internal/voice"
)

// storefrontCatalogRoutes are the storefront's public catalogue calls (spec 7): no login; a
// valid token only changes the price shown (the customer price).
func storefrontCatalogRoutes(d Deps) []Route {
	if d.Storefront == nil {
		return nil
	}
	h := storefrontHandlers{sf: d.Storefront, ids: d.Identity, voice: d.Voice}
	return []Route{
		{Method: "GET", Path: "/products/:slug", Handler: h.product},
		{Method: "GET", Path: "/categories/:slug/products", Handler: h.categoryProducts},
	}
}

type storefrontHandlers struct {
	sf  *storefront.Service
	ids *identity.Service
	// voice fills approvedRatings and answeredQuestions (nil: empty lists).
	voice *voice.Service
}

// loggedIn tells whether the request carries a valid access token. A missing, bad or expired
// token is a guest: the storefront's calls are public, the token only picks the price.
func (h storefrontHandlers) loggedIn(c *gin.Context) bool {
	token := bearer(c, false)
	if token == "" {
		return false
	}
	_, err := h.ids.Authenticate(c.Request.Context(), token)
	return err == nil
}

// storefrontIncludeNames is spec 7's include list of the product page (plus attributes for the
// Specifikacije tab). discount and discount.type are always there (the price needs them);
// approvedRatings (with rating_average and rating_count) and answeredQuestions(.user) come
// from the customers' voice.
var storefrontIncludeNames = []string{"categories", "images", "discount", "discount.type", "mainCategory", "mainImage", "approvedRatings",
	"brand", "supplier", "answeredQuestions", "answeredQuestions.user", "attributes"}

// StorefrontCategoryRef is a category as the storefront shows it on a product.
type StorefrontCategoryRef struct {
	ID       uint64     `json:"id"`
	Name     string     `json:"name"`
	Slug     string     `json:"slug"`
	MinPrice money.Para `json:"min_price" swaggertype:"number"`
} // @name StorefrontCategoryRef

// StorefrontProductCard is a product as a card shows it (related products).
type StorefrontProductCard struct {
	ID               uint64                   `json:"id"`
	Name             string                   `json:"name"`
	Slug             string                   `json:"slug"`
	MainCategorySlug string                   `json:"main_category_slug"`
	MainImage        *ProductImageResponse    `json:"main_image" extensions:"x-nullable"`
	Discount         *ProductDiscountResponse `json:"discount" extensions:"x-nullable"`
	// Price is the shown price for this caller; RetailPrice the struck price; Saving their difference.
	Price       money.Para `json:"price" swaggertype:"number"`
	RetailPrice money.Para `json:"retail_price" swaggertype:"number"`
	Saving      money.Para `json:"saving" swaggertype:"number"`
	Purchasable bool       `json:"purchasable"`
	// LoginDiscount: a logged-in customer pays less for it (the guests' note promises that).
	LoginDiscount bool `json:"login_discount"`
	// CatalogStickers are the actions' stickers shown today; EnergyStickerURL the energy label.
	CatalogStickers  []StorefrontCardSticker `json:"catalog_stickers"`
	EnergyStickerURL *string                 `json:"energy_sticker_url" extensions:"x-nullable"`
} // @name StorefrontProductCard

// StorefrontCardSticker is an action's sticker on a card: the sticker type (its page is
// /akcije/{slug}) and its image.
type StorefrontCardSticker struct {
	ID       uint64  `json:"id"`
	Name     string  `json:"name"`
	Slug     string  `json:"slug"`
	ImageURL *string `json:"image_url" extensions:"x-nullable"`
} // @name StorefrontCardSticker

// StorefrontProduct is the product page: the card's fields, the relations asked for and the
// related products. It carries no purchase-side price (entry, dealer, EP).
type StorefrontProduct struct {
	StorefrontProductCard
	SKU                string                     `json:"sku"`
	Description        string                     `json:"description"`
	Active             bool                       `json:"active"`
	Visible            bool                       `json:"visible"`
	WebPrice           money.Para                 `json:"web_price" swaggertype:"number"`
	AuthenticatedPrice money.Para                 `json:"authenticated_price" swaggertype:"number"`
	CountryOfOrigin    string                     `json:"country_of_origin"`
	MainCategory       []StorefrontCategoryRef    `json:"mainCategory"`
	Categories         []StorefrontCategoryRef    `json:"categories,omitzero" validate:"optional"`
	Images             []ProductImageResponse     `json:"images,omitzero" validate:"optional"`
	Attributes         []ProductAttributeResponse `json:"attributes,omitzero" validate:"optional"`
	Brand              *ProductBrandResponse      `json:"brand" extensions:"x-nullable"`
	Manufacturer       *ProductValueResponse      `json:"manufacturer" extensions:"x-nullable"`
	Supplier           *StorefrontSupplierRef     `json:"supplier,omitempty" extensions:"x-nullable"`
	EnergyValueSticker *string                    `json:"energy_value_sticker" extensions:"x-nullable"`
	CatalogStickers    []ProductStickerResponse   `json:"catalog_stickers"`
	// ApprovedRatings (newest first, with their average and count) and AnsweredQuestions
	// (newest first) are there when included.
	ApprovedRatings   []StorefrontRating      `json:"approvedRatings,omitzero" validate:"optional"`
	RatingAverage     *money.Para             `json:"rating_average,omitempty" swaggertype:"number"`
	RatingCount       *int64                  `json:"rating_count,omitempty"`
	AnsweredQuestions []StorefrontQuestion    `json:"answeredQuestions,omitzero" validate:"optional"`
	Related           []StorefrontProductCard `json:"related"`
} // @name StorefrontProduct

// StorefrontSupplierRef is the supplier's name (spec 3: supplier (name)).
type StorefrontSupplierRef struct {
	Name string `json:"name"`
} // @name StorefrontSupplierRef

func storefrontCard(p *catalog.ProductDetails, loggedIn bool) StorefrontProductCard {
	pr := storefront.ShownPrices(p, loggedIn)
	d, _, _ := productDiscount(p)
	slug := p.MainCategorySlug
	if slug == "" && p.MainCategory != nil {
		slug = p.MainCategory.Slug
	}
	stickers := make([]StorefrontCardSticker, len(p.CardStickers))
	for i, st := range p.CardStickers {
		stickers[i] = StorefrontCardSticker{ID: st.ID, Name: st.Name, Slug: st.Slug, ImageURL: optionalMediaURL(st.StickerKey)}
	}
	return StorefrontProductCard{ID: p.ID, Name: p.Name, Slug: p.Slug, MainCategorySlug: slug, MainImage: productImageResponse(p.MainImage),
		Discount: d, Price: pr.Price, RetailPrice: pr.Retail, Saving: pr.Saving, Purchasable: p.Buyable(),
		LoginDiscount: storefront.LoginDiscount(p), CatalogStickers: stickers, EnergyStickerURL: optionalMediaURL(p.EnergyStickerKey)}
}

func storefrontCategories(cs []catalog.ProductCategoryRef) []StorefrontCategoryRef {
	out := make([]StorefrontCategoryRef, len(cs))
	for i, c := range cs {
		out[i] = StorefrontCategoryRef(c)
	}
	return out
}

// storefrontVoice is the product page's ratings and answered questions (included ones only).
type storefrontVoice struct {
	ratings   *voice.RatingSummary
	questions []voice.Question
}

func storefrontProduct(pg *storefront.ProductPage, inc httpx.Includes, loggedIn bool, today string, vc storefrontVoice) StorefrontProduct {
	p := pg.ProductDetails
	full := productResponse(p, catalog.ProductIncludes{Images: inc.Has("images"), Attributes: inc.Has("attributes")}, today)
	out := StorefrontProduct{StorefrontProductCard: storefrontCard(p, loggedIn), SKU: p.SKU, Description: p.Description, Active: p.Active,
		Visible: p.Visible, WebPrice: p.WebPrice, AuthenticatedPrice: p.AuthPrice, CountryOfOrigin: p.CountryOfOrigin,
		MainCategory: []StorefrontCategoryRef{}, Brand: productRefResponse(p.Brand), Manufacturer: productValueResponse(p.Manufacturer),
		EnergyValueSticker: full.EnergyValueSticker, CatalogStickers: full.CatalogStickers, Related: []StorefrontProductCard{}}
	if p.MainCategory != nil {
		out.MainCategory = append(out.MainCategory, StorefrontCategoryRef(*p.MainCategory))
	}
	if inc.Has("categories") {
		out.Categories = storefrontCategories(p.Categories)
	}
	if inc.Has("images") {
		out.Images = full.Images
	}
	if inc.Has("attributes") {
		out.Attributes = full.Attributes
	}
	if inc.Has("supplier") && p.Supplier != nil {
		out.Supplier = &StorefrontSupplierRef{Name: p.Supplier.Name}
	}
	if inc.Has("approvedRatings") {
		out.ApprovedRatings = []StorefrontRating{}
		avg, n := money.Para(0), int64(0)
		if vc.ratings != nil {
			out.ApprovedRatings = storefrontRatings(vc.ratings.Ratings)
			avg, n = money.Para(vc.ratings.AverageX100), vc.ratings.Count
		}
		out.RatingAverage, out.RatingCount = &avg, &n
	}
	if inc.Has("answeredQuestions") || inc.Has("answeredQuestions.user") {
		out.AnsweredQuestions = storefrontQuestions(vc.questions)
	}
	for i := range pg.Related {
		out.Related = append(out.Related, storefrontCard(&pg.Related[i], loggedIn))
	}
	return out
}

// product godoc
//
//	@Summary		A product's storefront page, by slug (public)
//	@Description	Only active products visible on site. price is the shown price: the action price; else, with a valid token, the authenticated price; else the web price (a missing or bad token is a guest). retail_price is the retail price, or price × 1.14 when the retail price is below it; saving = retail_price − price. purchasable: active, visible and web price not below the main category's min price. related: up to 4 other products of the main category, newest first.
//	@Tags			storefront
//	@Produce		json
//	@Param			slug	path		string	true	"product slug"
//	@Param			include	query		string	false	"relations: categories, images, discount.type, mainCategory, approvedRatings, brand, supplier, answeredQuestions.user, attributes"
//	@Success		200		{object}	httpx.DataResponse[StorefrontProduct]
//	@Failure		404		{object}	httpx.ErrorResponse	"Proizvod ne postoji ili je izbrisan."
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/products/{slug} [get]
func (h storefrontHandlers) product(c *gin.Context) {
	inc, ok := httpx.BindIncludes(c, storefrontIncludeNames...)
	if !ok {
		return
	}
	ci := catalog.ProductIncludes{MainImage: true, Categories: inc.Has("categories"), Images: inc.Has("images"), Brand: true,
		Supplier: inc.Has("supplier"), Attributes: inc.Has("attributes")}
	pg, err := h.sf.Product(c.Request.Context(), c.Param("slug"), ci)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	vc, err := productVoice(c.Request.Context(), h.voice, pg.ID, inc)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, storefrontProduct(pg, inc, h.loggedIn(c), h.sf.Today(), vc))
}

// productVoice loads the ratings and answered questions the includes ask for (none without the
// voice service). The product call and the page the server renders share it, so the embedded
// first screen is the answer the app would fetch.
func productVoice(ctx context.Context, v *voice.Service, productID uint64, inc httpx.Includes) (storefrontVoice, error) {
	var vc storefrontVoice
	if v == nil {
		return vc, nil
	}
	var err error
	if inc.Has("approvedRatings") {
		if vc.ratings, err = v.ApprovedRatings(ctx, productID); err != nil {
			return vc, err
		}
	}
	if inc.Has("answeredQuestions") || inc.Has("answeredQuestions.user") {
		if vc.questions, err = v.AnsweredQuestions(ctx, productID); err != nil {
			return vc, err
		}
	}
	return vc, nil
}

// StorefrontFacets are the category page's filter panel: each facet counts the products
// matching every other chosen filter.
type StorefrontFacets struct {
	Price struct {
		Min money.Para `json:"min" swaggertype:"number"`
		Max money.Para `json:"max" swaggertype:"number"`
	} `json:"price"`
	Brands     []StorefrontBrandFacet     `json:"brands"`
	Attributes []StorefrontAttributeFacet `json:"attributes"`
	OnAction   int64                      `json:"on_action"`
	InStock    int64                      `json:"in_stock"`
} // @name StorefrontFacets

// StorefrontBrandFacet is one brand in the filter panel with its product count.
type StorefrontBrandFacet struct {
	ID    uint64 `json:"id"`
	Name  string `json:"name"`
	Count int64  `json:"count"`
} // @name StorefrontBrandFacet

// StorefrontAttributeFacet is one filterable attribute with its values.
type StorefrontAttributeFacet struct {
	ID     uint64                 `json:"id"`
	Name   string                 `json:"name"`
	Values []StorefrontValueFacet `json:"values"`
} // @name StorefrontAttributeFacet

// StorefrontValueFacet is one value of an attribute with its product count.
type StorefrontValueFacet struct {
	ID    uint64 `json:"id"`
	Value string `json:"value"`
	Count int64  `json:"count"`
} // @name StorefrontValueFacet

// StorefrontCategoryProducts is `{data, meta, facets}`.
type StorefrontCategoryProducts struct {
	Data   []StorefrontProductCard `json:"data"`
	Meta   httpx.Meta              `json:"meta"`
	Facets StorefrontFacets        `json:"facets"`
} // @name StorefrontCategoryProducts

// StorefrontCategoryProductsQuery documents the category page's parameters.
type StorefrontCategoryProductsQuery struct {
	Brands    string  `form:"brands" example:"3,7"`                                         // brand ids, comma-joined
	Values    string  `form:"values" example:"11,12"`                                       // attribute value ids: one attribute's values are alternatives
	PriceFrom float64 `form:"price_from"`                                                   // shown price from
	PriceTo   float64 `form:"price_to"`                                                     // shown price to
	Discount  bool    `form:"discount"`                                                     // on action today
	InStock   bool    `form:"in_stock"`                                                     // purchasable
	Sort      string  `form:"sort" enums:"newest,price,-price,name,-name" default:"newest"` // the caller's shown price for price
} // @name StorefrontCategoryProductsQuery

func storefrontFacets(f storefront.Facets) StorefrontFacets {
	var out StorefrontFacets
	out.Price.Min, out.Price.Max = f.PriceMin, f.PriceMax
	out.OnAction, out.InStock = f.OnAction, f.InStock
	out.Brands = make([]StorefrontBrandFacet, len(f.Brands))
	for i, b := range f.Brands {
		out.Brands[i] = StorefrontBrandFacet(b)
	}
	out.Attributes = make([]StorefrontAttributeFacet, len(f.Attributes))
	for i, a := range f.Attributes {
		vs := make([]StorefrontValueFacet, len(a.Values))
		for j, v := range a.Values {
			vs[j] = StorefrontValueFacet(v)
		}
		out.Attributes[i] = StorefrontAttributeFacet{ID: a.ID, Name: a.Name, Values: vs}
	}
	return out
}

// categoryProducts godoc
//
//	@Summary		A category's products with the filter panel's facets (public)
//	@Description	Active, visible products of the active category and its active subcategories. Facets: shown-price range, brands and the category's active attributes' values with counts, on action, in stock (purchasable); each facet counts the products matching the other chosen filters. Page sizes 24, 48, 72 (96 is answered as 72). Prices as on the product page (a valid token: the customer price).
//	@Tags			storefront
//	@Produce		json
//	@Param			slug		path		string							true	"category slug"
//	@Param			filter		query		StorefrontCategoryProductsQuery	false	"filters and sort"
//	@Param			page		query		int								false	"page (1-based)"
//	@Param			paginate	query		int								false	"page size"	Enums(24, 48, 72, 96)	default(24)
//	@Success		200			{object}	StorefrontCategoryProducts
//	@Failure		404			{object}	httpx.ErrorResponse	"Kategorija ne postoji ili je izbrisana."
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/categories/{slug}/products [get]
func (h storefrontHandlers) categoryProducts(c *gin.Context) {
	var f storefront.CategoryProductsFilter
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: storefront.DefaultPageSize, MaxSize: storefront.MaxPageSize})
	if !ok {
		return
	}
	loggedIn := h.loggedIn(c)
	res, err := h.sf.CategoryProducts(c.Request.Context(), c.Param("slug"), f, page, loggedIn)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	page.Size, _ = storefront.PageSize(page.Size)
	c.JSON(200, storefrontCategoryProducts(res, page, loggedIn))
}

// storefrontCategoryProducts is the category page's answer; the server-rendered page embeds
// the same for its first screen.
func storefrontCategoryProducts(res *storefront.CategoryPage, page listing.Page, loggedIn bool) StorefrontCategoryProducts {
	out := StorefrontCategoryProducts{Data: make([]StorefrontProductCard, len(res.Products)), Facets: storefrontFacets(res.Facets),
		Meta: httpx.Meta{Total: res.Total, PerPage: page.Size, CurrentPage: page.Number, LastPage: page.LastPageOf(listing.Total{N: res.Total})}}
	for i := range res.Products {
		out.Data[i] = storefrontCard(&res.Products[i], loggedIn)
	}
	return out
}
