package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
)

// Actions (catalog sticker types) are read by the product screens' sticker pickers, the
// actions screen and the landing page form; the Actions screen (spec 2.1: actions and catalog
// stickers by action, view_category-discount-display) adds and changes them with the shop's
// update-catalog-sticker.
var (
	stickerTypeReaders = []string{identity.PermViewProduct, identity.PermViewCategoryDiscountDisplay, identity.PermUploadPricelist}
	stickerTypeEditors = []string{identity.PermUpdateCatalogSticker}
)

// catalogStickerTypeRoutes are the actions' admin form.
func catalogStickerTypeRoutes(d Deps) []Route {
	h := lookupHandlers{d.Catalog}
	return []Route{
		{Method: "GET", Path: "/admin/catalog-sticker-types/:id", Handler: h.catalogStickerType, Auth: true, Permissions: stickerTypeReaders},
		{Method: "POST", Path: "/admin/catalog-sticker-types", Handler: h.createCatalogStickerType, Auth: true, Permissions: stickerTypeEditors},
		{Method: "POST", Path: "/admin/catalog-sticker-types/:id", Handler: h.updateCatalogStickerType, Auth: true, Permissions: stickerTypeEditors},
		{Method: "PATCH", Path: "/admin/catalog-sticker-types/:id", Handler: h.updateCatalogStickerType, Auth: true, Permissions: stickerTypeEditors},
	}
}

func catalogStickerTypeResponse(t *catalog.CatalogStickerType, today string) CatalogStickerTypeResponse {
	out := CatalogStickerTypeResponse{ID: t.ID, Name: t.Name, Slug: t.Slug, Sticker: optionalMediaURL(t.StickerKey),
		DesktopImage: optionalMediaURL(t.DesktopImageKey), ActiveToday: t.ActiveOn(today)}
	if t.ValidFrom != nil {
		s := t.ValidFrom.Format(time.DateOnly)
		out.From = &s
	}
	if t.ValidTo != nil {
		s := t.ValidTo.Format(time.DateOnly)
		out.To = &s
	}
	return out
}

// catalogStickerType godoc
//
//	@Summary		One action (catalog sticker type)
//	@Description	Needs view-product, view_category-discount-display or upload-pricelist.
//	@Tags			lookups
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"catalog sticker type id"
//	@Success		200	{object}	httpx.DataResponse[CatalogStickerTypeResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/catalog-sticker-types/{id} [get]
func (h lookupHandlers) catalogStickerType(c *gin.Context) {
	id, ok := pathID(c, "catalog_sticker_type")
	if !ok {
		return
	}
	t, err := h.cat.GetCatalogStickerType(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, catalogStickerTypeResponse(t, h.cat.Today()))
}

// createCatalogStickerType godoc
//
//	@Summary		Add an action (catalog sticker type)
//	@Description	Multipart form. name required ('Tip akcije je obavezan'), at most 255; from required ('Početak akcije je obavezan'), to required ('Završetak akcije je obavezan'), YYYY-MM-DD, to not before from; slug optional (empty: from the name, Serbian letters folded; unique); sticker (product cards) and desktop_image (the action page's header) JPG, PNG or WEBP, at most 2 MB. Needs view_category-discount-display.
//	@Tags			lookups
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			name			formData	string	true	"name"
//	@Param			slug			formData	string	false	"slug"
//	@Param			from			formData	string	true	"start, YYYY-MM-DD"
//	@Param			to				formData	string	true	"end, YYYY-MM-DD"
//	@Param			sticker			formData	file	false	"sticker image"
//	@Param			desktop_image	formData	file	false	"header image"
//	@Success		201				{object}	httpx.ChangeResponse[CatalogStickerTypeResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		413				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/catalog-sticker-types [post]
func (h lookupHandlers) createCatalogStickerType(c *gin.Context) {
	form, ok := multipartForm(c)
	if !ok {
		return
	}
	f, files, err := stickerTypeForm(form)
	defer closeAll(files...)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	t, err := h.cat.AddCatalogStickerType(c.Request.Context(), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "catalog_sticker_type.created", catalogStickerTypeResponse(t, h.cat.Today()))
}

// updateCatalogStickerType godoc
//
//	@Summary		Change an action (catalog sticker type)
//	@Description	The create form, sent as POST with _method=PATCH (or as PATCH); images not sent are kept; without a slug, an unchanged name keeps the slug. Needs view_category-discount-display.
//	@Tags			lookups
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path		int		true	"catalog sticker type id"
//	@Param			_method			formData	string	false	"PATCH"
//	@Param			name			formData	string	true	"name"
//	@Param			slug			formData	string	false	"slug"
//	@Param			from			formData	string	true	"start, YYYY-MM-DD"
//	@Param			to				formData	string	true	"end, YYYY-MM-DD"
//	@Param			sticker			formData	file	false	"sticker image"
//	@Param			desktop_image	formData	file	false	"header image"
//	@Success		200				{object}	httpx.ChangeResponse[CatalogStickerTypeResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		404				{object}	httpx.ErrorResponse
//	@Failure		413				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/catalog-sticker-types/{id} [post]
//	@Router			/api/v1/admin/catalog-sticker-types/{id} [patch]
func (h lookupHandlers) updateCatalogStickerType(c *gin.Context) {
	id, ok := pathID(c, "catalog_sticker_type")
	if !ok {
		return
	}
	form, ok := multipartForm(c)
	if !ok || !overridesTo(c, form, http.MethodPatch) {
		return
	}
	f, files, err := stickerTypeForm(form)
	defer closeAll(files...)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	t, err := h.cat.UpdateCatalogStickerType(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "catalog_sticker_type.updated", catalogStickerTypeResponse(t, h.cat.Today()))
}

func stickerTypeForm(form *multipartFormT) (catalog.CatalogStickerTypeForm, []readCloser, error) {
	f := catalog.CatalogStickerTypeForm{Name: formValue(form, "name"), Slug: formValue(form, "slug"), From: formValue(form, "from"), To: formValue(form, "to")}
	sticker, err := formFile(form, "sticker")
	if err != nil {
		return f, nil, err
	}
	desktop, err := formFile(form, "desktop_image")
	if err != nil {
		return f, []readCloser{sticker}, err
	}
	f.Sticker, f.DesktopImage = reader(sticker), reader(desktop)
	return f, []readCloser{sticker, desktop}, nil
}
