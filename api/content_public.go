package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/content"
	"shop/internal/platform/httpx"
	"shop/internal/platform/richtext"
)

// contentPublicRoutes are the storefront's reads of what staff write: the home page, banners,
// news and the static pages (no login; a valid token only changes the prices on the cards).
func contentPublicRoutes(d Deps) []Route {
	if d.Content == nil {
		return nil
	}
	h := contentHandlers{c: d.Content, sf: storefrontHandlers{ids: d.Identity}}
	return []Route{
		{Method: "GET", Path: "/home", Handler: h.home},
		{Method: "GET", Path: "/banners", Handler: h.banners},
		{Method: "GET", Path: "/banner-positions", Handler: h.positions},
		{Method: "GET", Path: "/news", Handler: h.newsList},
		{Method: "GET", Path: "/news/:id", Handler: h.news},
		{Method: "GET", Path: "/pages", Handler: h.pages},
		{Method: "GET", Path: "/pages/:slug", Handler: h.page},
	}
}

type contentHandlers struct {
	c  *content.Service
	sf storefrontHandlers // loggedIn
}

// BannerResponse is a banner as the storefront shows it. mobile_image_url is shown under 700 px
// wide when there is one; category_slug names the category page a category banner belongs to.
type BannerResponse struct {
	ID             uint64  `json:"id"`
	Name           string  `json:"name"`
	Position       string  `json:"position" enums:"home_slider,home_middle,search_top,search_bottom,category,product"`
	Link           *string `json:"link" extensions:"x-nullable"`
	ImageURL       string  `json:"image_url"`
	MobileImageURL *string `json:"mobile_image_url" extensions:"x-nullable"`
	CategorySlug   *string `json:"category_slug" extensions:"x-nullable"`
	BrandID        *uint64 `json:"brand_id" extensions:"x-nullable"`
} // @name Banner

func optionalString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func bannerResponse(b *content.Banner) BannerResponse {
	return BannerResponse{ID: b.ID, Name: b.Name, Position: b.Position, Link: optionalString(b.Link), ImageURL: mediaURL(b.ImageKey),
		MobileImageURL: optionalMediaURL(b.MobileImageKey), CategorySlug: optionalString(b.CategorySlug), BrandID: b.BrandID}
}

// StorefrontCategoryLink is a category the storefront links to (home, sections).
type StorefrontCategoryLink struct {
	ID       uint64  `json:"id"`
	Name     string  `json:"name"`
	Slug     string  `json:"slug"`
	ImageURL *string `json:"image_url" extensions:"x-nullable"`
} // @name StorefrontCategoryLink

func categoryLinks(cs []content.CategoryLink) []StorefrontCategoryLink {
	out := make([]StorefrontCategoryLink, len(cs))
	for i, c := range cs {
		out[i] = StorefrontCategoryLink{ID: c.ID, Name: c.Name, Slug: c.Slug, ImageURL: optionalMediaURL(c.ImageKey)}
	}
	return out
}

// HomeSectionResponse is a home section with its products (as cards) and categories.
type HomeSectionResponse struct {
	ID          uint64                   `json:"id"`
	Name        string                   `json:"name"`
	Order       int                      `json:"order"`
	ShowDesktop bool                     `json:"show_desktop"`
	ShowMobile  bool                     `json:"show_mobile"`
	Products    []StorefrontProductCard  `json:"products"`
	Categories  []StorefrontCategoryLink `json:"categories"`
} // @name HomeSection

// HomeResponse is the storefront's home page in one answer.
type HomeResponse struct {
	Banners    []BannerResponse         `json:"banners"`
	Sections   []HomeSectionResponse    `json:"sections"`
	Products   []StorefrontProductCard  `json:"products"`
	Categories []StorefrontCategoryLink `json:"categories"`
} // @name Home

// home godoc
//
//	@Summary		The storefront's home page in one call (public)
//	@Description	banners: those of the home positions (home_slider, then home_middle; by order within a position). sections: by order, each with its products (only active products visible on site, as cards with the caller's shown price: a valid token gives the customer price) and active categories; show_desktop and show_mobile say where the storefront shows it. products and categories: the home screen's own lists, in their order.
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	httpx.DataResponse[HomeResponse]
//	@Router			/api/v1/home [get]
func (h contentHandlers) home(c *gin.Context) {
	hp, err := h.c.Home(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	loggedIn := h.sf.loggedIn(c)
	out := HomeResponse{Banners: make([]BannerResponse, len(hp.Banners)), Sections: make([]HomeSectionResponse, len(hp.Sections)),
		Products: make([]StorefrontProductCard, len(hp.Products)), Categories: categoryLinks(hp.Categories)}
	for i := range hp.Banners {
		out.Banners[i] = bannerResponse(&hp.Banners[i])
	}
	for i := range hp.Products {
		out.Products[i] = storefrontCard(&hp.Products[i], loggedIn)
	}
	for i, s := range hp.Sections {
		sec := HomeSectionResponse{ID: s.ID, Name: s.Name, Order: s.SortOrder, ShowDesktop: s.ShowDesktop, ShowMobile: s.ShowMobile,
			Products: make([]StorefrontProductCard, len(s.Products)), Categories: categoryLinks(s.Categories)}
		for j := range s.Products {
			sec.Products[j] = storefrontCard(&s.Products[j], loggedIn)
		}
		out.Sections[i] = sec
	}
	httpx.Data(c, out)
}

// banners godoc
//
//	@Summary		Banners by position (public)
//	@Description	Ordered by position (home_slider, home_middle, search_top, search_bottom, category, product), then the banner's order. The storefront asks paginate=100.
//	@Tags			storefront
//	@Produce		json
//	@Param			position	query		string	false	"only this position"	Enums(home_slider, home_middle, search_top, search_bottom, category, product)
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (at most 100)"	default(100)
//	@Success		200			{object}	httpx.ListResponse[BannerResponse]
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/banners [get]
func (h contentHandlers) banners(c *gin.Context) {
	var f struct {
		Position string `form:"position"`
	}
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: 100, MaxSize: 100})
	if !ok {
		return
	}
	rows, total, err := h.c.ListBanners(c.Request.Context(), content.BannerFilter{Position: f.Position}, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]BannerResponse, len(rows))
	for i := range rows {
		out[i] = bannerResponse(&rows[i])
	}
	httpx.List(c, out, total, page)
}

// BannerPositionResponse is a banner position with its label in the request's language.
type BannerPositionResponse struct {
	Key   string `json:"key"`
	Label string `json:"label"`
} // @name BannerPosition

// positions godoc
//
//	@Summary		The banner positions with their labels (public)
//	@Description	home_slider (the home page's slider), home_middle (the home page between sections), search_top and search_bottom (the search dropdown's banners), category (category pages), product (product pages).
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	httpx.DataResponse[[]BannerPositionResponse]
//	@Router			/api/v1/banner-positions [get]
func (h contentHandlers) positions(c *gin.Context) {
	out := make([]BannerPositionResponse, len(content.Positions))
	for i, p := range content.Positions {
		out[i] = BannerPositionResponse{Key: p, Label: httpx.T(c, "banner.position."+p, nil)}
	}
	httpx.Data(c, out)
}

// NewsListItem is a news item in the storefront's list.
type NewsListItem struct {
	ID          uint64    `json:"id"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	ImageURL    *string   `json:"image_url" extensions:"x-nullable"`
	PublishedAt time.Time `json:"published_at"`
} // @name NewsListItem

// NewsResponse is a news item's page; body_html is sanitized HTML.
type NewsResponse struct {
	ID          uint64    `json:"id"`
	Title       string    `json:"title"`
	BodyHTML    string    `json:"body_html"`
	ImageURL    *string   `json:"image_url" extensions:"x-nullable"`
	PublishedAt time.Time `json:"published_at"`
} // @name News

// newsList godoc
//
//	@Summary		News, newest first (public)
//	@Description	excerpt: the body's text, at most 200 characters.
//	@Tags			storefront
//	@Produce		json
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size (at most 100)"	default(12)
//	@Success		200			{object}	httpx.ListResponse[NewsListItem]
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/news [get]
func (h contentHandlers) newsList(c *gin.Context) {
	page, _, ok := httpx.BindList(c, nil, httpx.ListSpec{DefaultSize: 12, MaxSize: 100})
	if !ok {
		return
	}
	rows, total, err := h.c.ListNews(c.Request.Context(), content.NewsFilter{}, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]NewsListItem, len(rows))
	for i, n := range rows {
		out[i] = NewsListItem{ID: n.ID, Title: n.Title, Excerpt: richtext.Excerpt(n.Body, content.ExcerptRunes),
			ImageURL: optionalMediaURL(n.ImageKey), PublishedAt: n.PublishedAt}
	}
	httpx.List(c, out, total, page)
}

// news godoc
//
//	@Summary	A news item (public)
//	@Tags		storefront
//	@Produce	json
//	@Param		id	path		int	true	"news id"
//	@Success	200	{object}	httpx.DataResponse[NewsResponse]
//	@Failure	404	{object}	httpx.ErrorResponse	"Vest ne postoji ili je izbrisana."
//	@Router		/api/v1/news/{id} [get]
func (h contentHandlers) news(c *gin.Context) {
	id, ok := pathID(c, "news")
	if !ok {
		return
	}
	n, err := h.c.GetNews(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, NewsResponse{ID: n.ID, Title: n.Title, BodyHTML: n.Body, ImageURL: optionalMediaURL(n.ImageKey), PublishedAt: n.PublishedAt})
}

// PageLink is a static page in the footer or the sitemap.
type PageLink struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
} // @name PageLink

// PageResponse is a static page in the request's language (English falls back to Serbian
// where no English text is written); body_html is sanitized HTML.
type PageResponse struct {
	Slug      string    `json:"slug"`
	Title     string    `json:"title"`
	BodyHTML  string    `json:"body_html"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name Page

// pages godoc
//
//	@Summary		The written static pages (public)
//	@Description	slug is the storefront path without '/', e.g. uslovi-isporuke; title in the request's language.
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	httpx.DataResponse[[]PageLink]
//	@Router			/api/v1/pages [get]
func (h contentHandlers) pages(c *gin.Context) {
	rows, err := h.c.Pages(c.Request.Context(), false)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	lang := string(httpx.Lang(c))
	out := make([]PageLink, len(rows))
	for i := range rows {
		out[i] = PageLink{Slug: rows[i].Slug, Title: rows[i].Title(lang)}
	}
	httpx.Data(c, out)
}

// page godoc
//
//	@Summary	A static page by its slug, in the request's language (public)
//	@Tags		storefront
//	@Produce	json
//	@Param		slug	path		string	true	"the storefront path without '/', e.g. uslovi-isporuke"
//	@Success	200		{object}	httpx.DataResponse[PageResponse]
//	@Failure	404		{object}	httpx.ErrorResponse	"Stranica ne postoji ili je izbrisana."
//	@Router		/api/v1/pages/{slug} [get]
func (h contentHandlers) page(c *gin.Context) {
	p, err := h.c.GetPage(c.Request.Context(), c.Param("slug"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	lang := string(httpx.Lang(c))
	httpx.Data(c, PageResponse{Slug: p.Slug, Title: p.Title(lang), BodyHTML: p.Body(lang), UpdatedAt: p.UpdatedAt})
}
