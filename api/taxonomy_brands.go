package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/platform/httpx"
)

type brandHandlers struct{ cat *catalog.Service }

// BrandResponse is a brand by id and name.
type BrandResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name Brand

func brandResponse(b *catalog.Brand) BrandResponse { return BrandResponse{ID: b.ID, Name: b.Name} }

var brandListSpec = httpx.ListSpec{DefaultSize: 20}

// list godoc
//
//	@Summary		Brands, by name
//	@Description	Needs view-brand or view-product (the product filter's brand picker: page size 10, 1000 when opened), or a pricing rule's create/update permission (its form's picker).
//	@Tags			brands
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains (diacritics folded)"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[BrandResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/brands [get]
func (h brandHandlers) list(c *gin.Context) {
	var f taxonomySearch
	page, _, ok := httpx.BindList(c, &f, brandListSpec)
	if !ok {
		return
	}
	brands, total, err := h.cat.ListBrands(c.Request.Context(), catalog.BrandFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]BrandResponse, 0, len(brands))
	for i := range brands {
		out = append(out, brandResponse(&brands[i]))
	}
	httpx.List(c, out, total, page)
}

// brandRequest is a brand's form: name required, 2-255 characters, unique.
type brandRequest struct {
	Name string `json:"name" example:"Samsung"`
} // @name BrandRequest

// create godoc
//
//	@Summary	Add a brand
//	@Tags		brands
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		brandRequest	true	"brand"
//	@Success	201		{object}	httpx.ChangeResponse[BrandResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/brands [post]
func (h brandHandlers) create(c *gin.Context) {
	var req brandRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	b, err := h.cat.CreateBrand(c.Request.Context(), req.Name)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "brand.created", brandResponse(b))
}

// update godoc
//
//	@Summary	Rename a brand
//	@Tags		brands
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int				true	"brand id"
//	@Param		body	body		brandRequest	true	"brand"
//	@Success	200		{object}	httpx.ChangeResponse[BrandResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/brands/{id} [patch]
func (h brandHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "brand")
	if !ok {
		return
	}
	var req brandRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	b, err := h.cat.UpdateBrand(c.Request.Context(), id, req.Name)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "brand.updated", brandResponse(b))
}

// delete godoc
//
//	@Summary		Delete a brand no product uses
//	@Description	A brand that products have is refused with 409.
//	@Tags			brands
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"brand id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/brands/{id} [delete]
func (h brandHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "brand")
	if !ok {
		return
	}
	if err := h.cat.DeleteBrand(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "brand.deleted")
}

type lookupHandlers struct{ cat *catalog.Service }

// CatalogStickerTypeResponse is a catalogue action with its sticker and header image URLs.
// From and To are the action's dates (YYYY-MM-DD; null on a type never dated).
type CatalogStickerTypeResponse struct {
	ID           uint64  `json:"id"`
	Name         string  `json:"name"`
	Slug         string  `json:"slug"`
	Sticker      *string `json:"sticker" extensions:"x-nullable"`
	DesktopImage *string `json:"desktop_image" extensions:"x-nullable"`
	From         *string `json:"from" extensions:"x-nullable"`
	To           *string `json:"to" extensions:"x-nullable"`
	// ActiveToday: the action runs today (the shop's date).
	ActiveToday bool `json:"active_today"`
} // @name CatalogStickerType

var lookupListSpec = httpx.ListSpec{DefaultSize: 1000}

// catalogStickerTypes godoc
//
//	@Summary		Catalog sticker types, by name
//	@Description	Needs view-product, view_category-discount-display or upload-pricelist (the landing page form's action picker).
//	@Tags			lookups
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains (diacritics folded)"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(1000)
//	@Success		200			{object}	httpx.ListResponse[CatalogStickerTypeResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/catalog-sticker-types [get]
func (h lookupHandlers) catalogStickerTypes(c *gin.Context) {
	var f taxonomySearch
	page, _, ok := httpx.BindList(c, &f, lookupListSpec)
	if !ok {
		return
	}
	types, total, err := h.cat.ListCatalogStickerTypes(c.Request.Context(), catalog.LookupFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]CatalogStickerTypeResponse, 0, len(types))
	today := h.cat.Today()
	for i := range types {
		out = append(out, catalogStickerTypeResponse(&types[i], today))
	}
	httpx.List(c, out, total, page)
}
