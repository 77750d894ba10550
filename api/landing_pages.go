package api

import (
	"fmt"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/listing"
)

// landingRoutes are the landing pages: the admin's screens seen under upload-pricelist (spec
// 2.1: API client page, landing page) and changed with create-, update- and
// delete-landing-page; and the storefront's page by slug (public).
func landingRoutes(d Deps) []Route {
	out := catalogStickerTypeRoutes(d)
	if d.Landing == nil {
		return out
	}
	h := landingHandlers{lp: d.Landing, sf: storefrontHandlers{sf: d.Storefront, ids: d.Identity}}
	guard := []string{identity.PermUploadPricelist}
	return append(out,
		Route{Method: "GET", Path: "/admin/landing-page-models", Handler: h.models, Auth: true, Permissions: guard},
		Route{Method: "GET", Path: "/admin/landing-pages", Handler: h.list, Auth: true, Permissions: guard},
		Route{Method: "POST", Path: "/admin/landing-pages", Handler: h.create, Auth: true, Permissions: []string{identity.PermCreateLandingPage}},
		Route{Method: "GET", Path: "/admin/landing-pages/:id", Handler: h.get, Auth: true, Permissions: guard},
		Route{Method: "POST", Path: "/admin/landing-pages/:id", Handler: h.update, Auth: true, Permissions: []string{identity.PermUpdateLandingPage}},
		Route{Method: "PATCH", Path: "/admin/landing-pages/:id", Handler: h.update, Auth: true, Permissions: []string{identity.PermUpdateLandingPage}},
		Route{Method: "DELETE", Path: "/admin/landing-pages/:id", Handler: h.delete, Auth: true, Permissions: []string{identity.PermDeleteLandingPage}},
		Route{Method: "GET", Path: "/landing-pages/:slug", Handler: h.public},
	)
}

type landingHandlers struct {
	lp *content.LandingService
	sf storefrontHandlers
}

// LandingPageModelResponse is a layout with its preview image (a data URL).
type LandingPageModelResponse struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Image string `json:"image"`
} // @name LandingPageModel

// LandingPageModelsResponse is `{message, data}`: every landing page answer carries a message.
type LandingPageModelsResponse struct {
	Message string                     `json:"message"`
	Data    []LandingPageModelResponse `json:"data"`
} // @name LandingPageModels

// models godoc
//
//	@Summary		The landing page layouts (models 1, 2, 3) with their preview images
//	@Description	Needs upload-pricelist.
//	@Tags			landing-pages
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	LandingPageModelsResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/landing-page-models [get]
func (h landingHandlers) models(c *gin.Context) {
	ms := content.LandingModels()
	out := LandingPageModelsResponse{Message: httpx.T(c, "landing.models_loaded", nil), Data: make([]LandingPageModelResponse, len(ms))}
	for i, m := range ms {
		out.Data[i] = LandingPageModelResponse{ID: m.ID, Name: httpx.T(c, fmt.Sprintf("landing.model.%d", m.ID), nil), Image: m.Image}
	}
	c.JSON(http.StatusOK, out)
}

// LandingPageRow is a landing page in the admin list; url is its storefront address.
type LandingPageRow struct {
	ID                 uint64    `json:"id"`
	Name               string    `json:"name"`
	Slug               string    `json:"slug"`
	LandingPageModelID int       `json:"landing_page_model_id"`
	URL                string    `json:"url" example:"/landing/letnja-akcija"`
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
} // @name LandingPageRow

// LandingPageProductRef is a product of a landing page as the admin's list shows it.
type LandingPageProductRef struct {
	ID       uint64  `json:"id"`
	Name     string  `json:"name"`
	SKU      string  `json:"sku"`
	Slug     string  `json:"slug"`
	Active   bool    `json:"active"`
	ImageURL *string `json:"image_url" extensions:"x-nullable"`
} // @name LandingPageProductRef

// LandingPageCategoryRef is a category of a landing page.
type LandingPageCategoryRef struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
} // @name LandingPageCategoryRef

// LandingPageResponse is a landing page as its admin form edits it. Fields a layout does not
// use are empty. products_ids is the products' ids comma-joined (spec 3).
type LandingPageResponse struct {
	LandingPageRow
	LandingPageModel     LandingPageModelResponse    `json:"landing_page_model"`
	CatalogStickerTypeID *uint64                     `json:"catalog_sticker_type_id" extensions:"x-nullable"`
	CatalogStickerType   *CatalogStickerTypeResponse `json:"catalog_sticker_type" extensions:"x-nullable"`
	Banner               *string                     `json:"banner" extensions:"x-nullable"`
	TopDescription       string                      `json:"top_description"`
	BottomDescription    string                      `json:"bottom_description"`
	Card1                string                      `json:"card1"`
	Card2                string                      `json:"card2"`
	Card3                string                      `json:"card3"`
	Card4                string                      `json:"card4"`
	Link                 string                      `json:"link"`
	Products             []LandingPageProductRef     `json:"products"`
	ProductsIDs          string                      `json:"products_ids" example:"12,7,31"`
	CategoriesIDs        []LandingPageCategoryRef    `json:"categories_ids"`
} // @name LandingPage

// LandingPageListResponse is `{message, data, meta}`.
type LandingPageListResponse struct {
	Message string           `json:"message"`
	Data    []LandingPageRow `json:"data"`
	Meta    httpx.Meta       `json:"meta"`
} // @name LandingPageList

func landingRow(p *content.LandingPage) LandingPageRow {
	return LandingPageRow{ID: p.ID, Name: p.Name, Slug: p.Slug, LandingPageModelID: p.ModelID, URL: "/landing/" + p.Slug,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func (h landingHandlers) landingResponse(c *gin.Context, v *content.LandingView, today string) LandingPageResponse {
	p := v.LandingPage
	out := LandingPageResponse{LandingPageRow: landingRow(p), CatalogStickerTypeID: p.CatalogStickerTypeID, Banner: optionalMediaURL(p.BannerKey),
		TopDescription: p.TopDescription, BottomDescription: p.BottomDescription, Card1: p.Card1, Card2: p.Card2, Card3: p.Card3, Card4: p.Card4,
		Link: p.Link, Products: make([]LandingPageProductRef, len(v.Products)), CategoriesIDs: make([]LandingPageCategoryRef, len(v.Categories))}
	for _, m := range content.LandingModels() {
		if m.ID == p.ModelID {
			out.LandingPageModel = LandingPageModelResponse{ID: m.ID, Name: httpx.T(c, fmt.Sprintf("landing.model.%d", m.ID), nil), Image: m.Image}
		}
	}
	if v.Sticker != nil {
		st := catalogStickerTypeResponse(v.Sticker, today)
		out.CatalogStickerType = &st
	}
	ids := make([]string, len(v.Products))
	for i, pd := range v.Products {
		ref := LandingPageProductRef{ID: pd.ID, Name: pd.Name, SKU: pd.SKU, Slug: pd.Slug, Active: pd.Active && pd.Visible}
		if img := productImageResponse(pd.MainImage); img != nil {
			ref.ImageURL = &img.Small
		}
		out.Products[i] = ref
		ids[i] = strconv.FormatUint(pd.ID, 10)
	}
	out.ProductsIDs = strings.Join(ids, ",")
	for i, cat := range v.Categories {
		out.CategoriesIDs[i] = LandingPageCategoryRef{ID: cat.ID, Name: cat.Name, Slug: cat.Slug}
	}
	return out
}

type landingListQuery struct {
	Search string `form:"search"`
}

// list godoc
//
//	@Summary		Landing pages, the newest first
//	@Description	Needs upload-pricelist.
//	@Tags			landing-pages
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name or slug contains"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	LandingPageListResponse
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/landing-pages [get]
func (h landingHandlers) list(c *gin.Context) {
	var f landingListQuery
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: 20})
	if !ok {
		return
	}
	rows, total, err := h.lp.List(c.Request.Context(), content.LandingFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := LandingPageListResponse{Message: httpx.T(c, "landing.list_loaded", nil), Data: make([]LandingPageRow, len(rows)),
		Meta: httpx.Meta{Total: total, PerPage: page.Size, CurrentPage: page.Number, LastPage: page.LastPageOf(listing.Total{N: total})}}
	for i := range rows {
		out.Data[i] = landingRow(&rows[i])
	}
	c.JSON(http.StatusOK, out)
}

// get godoc
//
//	@Summary		One landing page with its products, categories and action
//	@Description	Needs upload-pricelist.
//	@Tags			landing-pages
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"landing page id"
//	@Success		200	{object}	httpx.ChangeResponse[LandingPageResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse	"Landing stranica ne postoji ili je izbrisana."
//	@Router			/api/v1/admin/landing-pages/{id} [get]
func (h landingHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "landing_page")
	if !ok {
		return
	}
	v, err := h.lp.Details(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "landing.loaded", h.landingResponse(c, v, h.sf.sf.Today()))
}

// landingForm reads the multipart form (spec 7: name, landing_page_model_id,
// catalog_sticker_type_id, top_description, bottom_description, products_ids[n], card1..card4,
// banner, categories_ids[n]; and link).
func landingForm(form *multipart.Form) (content.LandingForm, []readCloser, error) {
	f := content.LandingForm{Name: formValue(form, "name"), TopDescription: formValue(form, "top_description"),
		BottomDescription: formValue(form, "bottom_description"), Link: formValue(form, "link")}
	for i := range f.Cards {
		f.Cards[i] = formValue(form, fmt.Sprintf("card%d", i+1))
	}
	var bad []error
	num := func(field string) uint64 {
		s := strings.TrimSpace(formValue(form, field))
		if s == "" || s == "null" || s == "undefined" {
			return 0
		}
		n, err := strconv.ParseUint(s, 10, 32)
		if err != nil {
			bad = append(bad, apperr.InvalidFields(apperr.Field(field, "validation.number")))
		}
		return n
	}
	f.ModelID = int(num("landing_page_model_id"))
	f.CatalogStickerTypeID = num("catalog_sticker_type_id")
	var err error
	if f.ProductIDs, err = formIDList(form, "products_ids"); err != nil {
		bad = append(bad, err)
	}
	if f.CategoryIDs, err = formIDList(form, "categories_ids"); err != nil {
		bad = append(bad, err)
	}
	if err := apperr.JoinInvalid(bad...); err != nil {
		return f, nil, err
	}
	banner, err := formFile(form, "banner")
	if err != nil {
		return f, nil, err
	}
	f.Banner = reader(banner)
	return f, []readCloser{banner}, nil
}

// create godoc
//
//	@Summary		Add a landing page
//	@Description	Multipart form. Every layout: name required (at most 255), landing_page_model_id 1, 2 or 3. Layout 1: catalog_sticker_type_id required ('Tip akcije je obavezan'), card1, products_ids[n], link. Layout 2: banner required (JPG, PNG or WEBP, at most 2 MB), card1..card4, products_ids[n], link. Layout 3: banner required, categories_ids[n] at least one. Descriptions and cards are HTML, sanitized. link: a shop path (/...) or an http(s) address. Fields a layout does not use are ignored. The slug comes from the name (Serbian letters folded), unique. Needs upload-pricelist.
//	@Tags			landing-pages
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			name					formData	string	true	"name"
//	@Param			landing_page_model_id	formData	int		true	"layout"	Enums(1, 2, 3)
//	@Param			catalog_sticker_type_id	formData	int		false	"action (layout 1)"
//	@Param			top_description			formData	string	false	"HTML"
//	@Param			bottom_description		formData	string	false	"HTML"
//	@Param			card1					formData	string	false	"HTML (layouts 1, 2)"
//	@Param			card2					formData	string	false	"HTML (layout 2)"
//	@Param			card3					formData	string	false	"HTML (layout 2)"
//	@Param			card4					formData	string	false	"HTML (layout 2)"
//	@Param			products_ids[0]			formData	int		false	"products, in order: products_ids[0], products_ids[1], ... (layouts 1, 2)"
//	@Param			categories_ids[0]		formData	int		false	"categories, in order: categories_ids[0], ... (layout 3)"
//	@Param			link					formData	string	false	"link (layouts 1, 2)"
//	@Param			banner					formData	file	false	"banner image (layouts 2, 3)"
//	@Success		201						{object}	httpx.ChangeResponse[LandingPageResponse]
//	@Failure		401						{object}	httpx.ErrorResponse
//	@Failure		403						{object}	httpx.ErrorResponse
//	@Failure		413						{object}	httpx.ErrorResponse
//	@Failure		422						{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/landing-pages [post]
func (h landingHandlers) create(c *gin.Context) {
	form, ok := multipartForm(c)
	if !ok {
		return
	}
	f, files, err := landingForm(form)
	defer closeAll(files...)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	p, err := h.lp.Create(c.Request.Context(), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.answer(c, http.StatusCreated, "landing.created", p.ID)
}

func (h landingHandlers) answer(c *gin.Context, status int, key string, id uint64) {
	v, err := h.lp.Details(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, status, key, h.landingResponse(c, v, h.sf.sf.Today()))
}

// update godoc
//
//	@Summary		Change a landing page
//	@Description	The create form, sent as POST with _method=PATCH (or as PATCH). It replaces the page's fields and lists with the form's (send the whole form); a banner not uploaded is kept. A changed name gives a new slug. Needs upload-pricelist.
//	@Tags			landing-pages
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id						path		int		true	"landing page id"
//	@Param			_method					formData	string	true	"PATCH"
//	@Param			name					formData	string	true	"name"
//	@Param			landing_page_model_id	formData	int		true	"layout"	Enums(1, 2, 3)
//	@Param			catalog_sticker_type_id	formData	int		false	"action (layout 1)"
//	@Param			top_description			formData	string	false	"HTML"
//	@Param			bottom_description		formData	string	false	"HTML"
//	@Param			card1					formData	string	false	"HTML"
//	@Param			card2					formData	string	false	"HTML"
//	@Param			card3					formData	string	false	"HTML"
//	@Param			card4					formData	string	false	"HTML"
//	@Param			products_ids[0]			formData	int		false	"products, in order"
//	@Param			categories_ids[0]		formData	int		false	"categories, in order"
//	@Param			link					formData	string	false	"link"
//	@Param			banner					formData	file	false	"banner image"
//	@Success		200						{object}	httpx.ChangeResponse[LandingPageResponse]
//	@Failure		401						{object}	httpx.ErrorResponse
//	@Failure		403						{object}	httpx.ErrorResponse
//	@Failure		404						{object}	httpx.ErrorResponse
//	@Failure		413						{object}	httpx.ErrorResponse
//	@Failure		422						{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/landing-pages/{id} [post]
//	@Router			/api/v1/admin/landing-pages/{id} [patch]
func (h landingHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "landing_page")
	if !ok {
		return
	}
	form, ok := multipartForm(c)
	if !ok || !overridesTo(c, form, http.MethodPatch) {
		return
	}
	f, files, err := landingForm(form)
	defer closeAll(files...)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if _, err := h.lp.Update(c.Request.Context(), id, f); err != nil {
		httpx.Fail(c, err)
		return
	}
	h.answer(c, http.StatusOK, "landing.updated", id)
}

// delete godoc
//
//	@Summary		Delete a landing page
//	@Description	Needs upload-pricelist.
//	@Tags			landing-pages
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"landing page id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/landing-pages/{id} [delete]
func (h landingHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "landing_page")
	if !ok {
		return
	}
	if err := h.lp.Delete(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "landing.deleted")
}

// LandingCategoryLink is a category a landing page links to (/kategorije/{slug}).
type LandingCategoryLink struct {
	ID       uint64  `json:"id"`
	Name     string  `json:"name"`
	Slug     string  `json:"slug"`
	ImageURL *string `json:"image_url" extensions:"x-nullable"`
} // @name LandingCategoryLink

// StorefrontLandingPage is a landing page as the storefront renders it. layout 1: sticker and
// header_image_url (the action's header image), one card, products, link (default the action's
// page /akcije/{slug}); layout 2: banner_image_url, four cards, products, link; layout 3:
// banner_image_url and categories.
type StorefrontLandingPage struct {
	ID                uint64                  `json:"id"`
	Name              string                  `json:"name"`
	Slug              string                  `json:"slug"`
	Layout            int                     `json:"layout" enums:"1,2,3"`
	Sticker           *StorefrontStickerType  `json:"sticker" extensions:"x-nullable"`
	HeaderImageURL    *string                 `json:"header_image_url" extensions:"x-nullable"`
	BannerImageURL    *string                 `json:"banner_image_url" extensions:"x-nullable"`
	TopDescription    string                  `json:"top_description"`
	BottomDescription string                  `json:"bottom_description"`
	Cards             []string                `json:"cards"`
	Products          []StorefrontProductCard `json:"products"`
	Categories        []LandingCategoryLink   `json:"categories"`
	Link              *string                 `json:"link" extensions:"x-nullable"`
} // @name StorefrontLandingPage

// public godoc
//
//	@Summary		A landing page by slug (public)
//	@Description	Everything the storefront needs to render the page's layout. Products: the active ones visible on site, in the page's order, as product cards with the caller's shown price (a valid token: the customer price); categories: the active ones. Unknown slug: 404.
//	@Tags			storefront
//	@Produce		json
//	@Param			slug	path		string	true	"landing page slug"
//	@Success		200		{object}	httpx.DataResponse[StorefrontLandingPage]
//	@Failure		404		{object}	httpx.ErrorResponse	"Landing stranica ne postoji ili je izbrisana."
//	@Router			/api/v1/landing-pages/{slug} [get]
func (h landingHandlers) public(c *gin.Context) {
	v, err := h.lp.Public(c.Request.Context(), c.Param("slug"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	loggedIn := h.sf.ids != nil && h.sf.loggedIn(c)
	p := v.LandingPage
	out := StorefrontLandingPage{ID: p.ID, Name: p.Name, Slug: p.Slug, Layout: p.ModelID, TopDescription: p.TopDescription,
		BottomDescription: p.BottomDescription, Cards: p.Cards(), Products: make([]StorefrontProductCard, len(v.Products)),
		Categories: make([]LandingCategoryLink, len(v.Categories)), BannerImageURL: optionalMediaURL(p.BannerKey)}
	if v.Sticker != nil {
		st := storefrontStickerType(v.Sticker)
		out.Sticker = &st
		out.HeaderImageURL = optionalMediaURL(v.Sticker.DesktopImageKey)
	}
	if p.Link != "" {
		out.Link = &p.Link
	} else if p.ModelID == content.LayoutAction && v.Sticker != nil {
		l := "/akcije/" + v.Sticker.Slug
		out.Link = &l
	}
	for i := range v.Products {
		out.Products[i] = storefrontCard(&v.Products[i], loggedIn)
	}
	for i, cat := range v.Categories {
		out.Categories[i] = landingCategoryLink(cat)
	}
	httpx.Data(c, out)
}

func landingCategoryLink(c *catalog.Category) LandingCategoryLink {
	return LandingCategoryLink{ID: c.ID, Name: c.Name, Slug: c.Slug, ImageURL: optionalMediaURL(c.ImageKey)}
}
