package api

import (
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

// productMediaRoutes: product images, energy stickers and catalog stickers, single and mass.
//
// Guards: images are seen with view-product-image (the spec's route permission for the photos
// page) and changed with update-product-image; energy labels are part of the product form
// (update-product); catalog stickers are on the product form and in the actions area, so
// either update-product or update-catalog-sticker lets one change them.
func productMediaRoutes(d Deps) []Route {
	im := productImageHandlers{d.Catalog}
	st := stickerHandlers{d.Catalog}
	images := []string{identity.PermViewProductImage}
	imagesChange := []string{identity.PermUpdateProductImage}
	product := []string{identity.PermUpdateProduct}
	stickers := []string{identity.PermViewProduct, identity.PermViewCategoryDiscountDisplay}
	stickersChange := []string{identity.PermUpdateProduct, identity.PermUpdateCatalogSticker}
	return []Route{
		{Method: "GET", Path: "/admin/products/:id/images", Handler: im.list, Auth: true, Permissions: images},
		{Method: "POST", Path: "/admin/products/:id/main-images", Handler: im.setMain, Auth: true, Permissions: imagesChange},
		{Method: "POST", Path: "/admin/products/:id/images", Handler: im.add, Auth: true, Permissions: imagesChange},
		{Method: "DELETE", Path: "/admin/products/:id/images/:imageId", Handler: im.delete, Auth: true, Permissions: imagesChange},

		{Method: "POST", Path: "/admin/products/:id/energy-sticker", Handler: st.setEnergy, Auth: true, Permissions: product},
		{Method: "DELETE", Path: "/admin/products/:id/energy-sticker/delete", Handler: st.deleteEnergy, Auth: true, Permissions: product},
		{Method: "POST", Path: "/admin/products/energy-sticker/mass-update", Handler: st.massEnergy, Auth: true, Permissions: product},

		{Method: "GET", Path: "/admin/products/:id/catalog-stickers", Handler: st.listCatalog, Auth: true, Permissions: stickers},
		{Method: "POST", Path: "/admin/products/:id/catalog-stickers", Handler: st.setCatalog, Auth: true, Permissions: stickersChange},
		{Method: "DELETE", Path: "/admin/products/:id/catalog-stickers/:stickerId", Handler: st.deleteCatalog, Auth: true, Permissions: stickersChange},
		{Method: "POST", Path: "/admin/catalog-stickers/mass-add", Handler: st.massCatalog, Auth: true, Permissions: stickersChange},
	}
}

type productImageHandlers struct{ catalog *catalog.Service }

// list godoc
//
//	@Summary	A product's images (main first)
//	@Tags		product-media
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.DataResponse[[]ProductImageResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/images [get]
func (h productImageHandlers) list(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	imgs, err := h.catalog.ProductImages(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, imagesResponse(imgs))
}

// setMain godoc
//
//	@Summary		Set or replace a product's main image
//	@Description	JPEG, PNG or WebP checked by content, at most 2,000,000 bytes and 40 megapixels; stored as a 300 px and a 1200 px variant.
//	@Tags			product-media
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int		true	"product id"
//	@Param			image	formData	file	true	"image"
//	@Success		200		{object}	httpx.ChangeResponse[ProductImageResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		413		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/main-images [post]
func (h productImageHandlers) setMain(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	f, ok := httpx.FormFile(c, "image")
	if !ok {
		return
	}
	defer f.Close()
	img, err := h.catalog.SetMainImage(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product_image.main_stored", imageResponse(*img))
}

// add godoc
//
//	@Summary		Add extra images to a product (at most 3 besides the main one)
//	@Description	Every file is checked first (JPEG, PNG or WebP by content, at most 2,000,000 bytes); one bad file stores none.
//	@Tags			product-media
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int		true	"product id"
//	@Param			images[]	formData	[]file	true	"images"	collectionFormat(multi)
//	@Success		201			{object}	httpx.ChangeResponse[[]ProductImageResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		413			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/images [post]
func (h productImageHandlers) add(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	var headers []*multipart.FileHeader
	if form, err := c.MultipartForm(); err == nil {
		headers = slices.Concat(form.File["images[]"], form.File["images"])
	} else if fe := httpx.FormFileError(err, "images"); apperr.Is(fe, apperr.TooLarge) {
		httpx.Fail(c, fe)
		return
	}
	files := make([]io.Reader, 0, len(headers))
	for _, fh := range headers {
		f, err := fh.Open()
		if err != nil {
			httpx.Fail(c, apperr.Wrap(err, "open upload"))
			return
		}
		defer f.Close()
		files = append(files, f)
	}
	imgs, err := h.catalog.AddImages(c.Request.Context(), id, files)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "product_image.created", imagesResponse(imgs))
}

// delete godoc
//
//	@Summary	Delete a product image (and its stored files)
//	@Tags		product-media
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int	true	"product id"
//	@Param		imageId	path		int	true	"image id"
//	@Success	200		{object}	httpx.MessageResponse
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/images/{imageId} [delete]
func (h productImageHandlers) delete(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	imageID, ok := paramID(c, "imageId", "product_image")
	if !ok {
		return
	}
	if err := h.catalog.DeleteProductImage(c.Request.Context(), id, imageID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "product_image.deleted")
}

type stickerHandlers struct{ catalog *catalog.Service }

// setEnergy godoc
//
//	@Summary		Upload a product's energy label
//	@Description	An image (JPEG, PNG or WebP by content, at most 2,000,000 bytes), stored as it came.
//	@Tags			product-media
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int		true	"product id"
//	@Param			sticker	formData	file	true	"energy label image"
//	@Success		200		{object}	httpx.ChangeResponse[EnergyStickerResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		413		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/energy-sticker [post]
func (h stickerHandlers) setEnergy(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	f, ok := httpx.FormFile(c, "sticker")
	if !ok {
		return
	}
	defer f.Close()
	key, err := h.catalog.SetEnergySticker(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "energy_sticker.stored", energyStickerResponse(key))
}

// deleteEnergy godoc
//
//	@Summary	Remove a product's energy label
//	@Tags		product-media
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/energy-sticker/delete [delete]
func (h stickerHandlers) deleteEnergy(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	if err := h.catalog.DeleteEnergySticker(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "energy_sticker.deleted")
}

// massEnergy godoc
//
//	@Summary		Set one energy label on many products (in the background)
//	@Description	The file is checked and stored once; a job sets it on the products of ids[], or, when no ids are sent, on every product the list's filter parameters (in the query) select. Neither ids nor a filter is a 422.
//	@Tags			product-media
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			ids[]			formData	[]int	false	"product ids"	collectionFormat(multi)
//	@Param			sticker			formData	file	true	"energy label image"
//	@Param			filter			query		ProductFilterQuery	false	"the selection when no ids are sent: the list's filters"
//	@Success		202				{object}	httpx.MessageResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		413				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/energy-sticker/mass-update [post]
func (h stickerHandlers) massEnergy(c *gin.Context) {
	filter, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	ids, err := formIDs(c)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	f, ok := httpx.FormFile(c, "sticker")
	if !ok {
		return
	}
	defer f.Close()
	sel := catalog.ProductSelection{IDs: ids, Filter: filter}
	if err := h.catalog.MassSetEnergySticker(c.Request.Context(), sel, f); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, httpx.MessageResponse{Message: httpx.T(c, "energy_sticker.queued", nil)})
}

// listCatalog godoc
//
//	@Summary	A product's catalog stickers
//	@Tags		product-media
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.DataResponse[[]ProductCatalogStickerResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/catalog-stickers [get]
func (h stickerHandlers) listCatalog(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	list, err := h.catalog.ProductCatalogStickers(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ProductCatalogStickerResponse, 0, len(list))
	for _, p := range list {
		out = append(out, productCatalogStickerResponse(p))
	}
	httpx.Data(c, out)
}

// setCatalog godoc
//
//	@Summary		Put a catalog sticker on a product
//	@Description	One sticker per product and type: posting a type the product has already changes its dates and status.
//	@Tags			product-media
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"product id"
//	@Param			body	body		CatalogStickerRequest	true	"sticker"
//	@Success		200		{object}	httpx.ChangeResponse[ProductCatalogStickerResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/catalog-stickers [post]
func (h stickerHandlers) setCatalog(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	var req CatalogStickerRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	p, err := h.catalog.SetProductCatalogSticker(c.Request.Context(), id, catalog.CatalogStickerInput{
		CatalogStickerTypeID: req.CatalogStickerTypeID, From: req.From, To: req.To, Active: req.Active})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "catalog_sticker.stored", productCatalogStickerResponse(*p))
}

// deleteCatalog godoc
//
//	@Summary	Take a catalog sticker off a product
//	@Tags		product-media
//	@Produce	json
//	@Security	Bearer
//	@Param		id			path		int	true	"product id"
//	@Param		stickerId	path		int	true	"the product's catalog sticker id"
//	@Success	200			{object}	httpx.MessageResponse
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	404			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/catalog-stickers/{stickerId} [delete]
func (h stickerHandlers) deleteCatalog(c *gin.Context) {
	id, ok := paramID(c, "id", "product")
	if !ok {
		return
	}
	stickerID, ok := paramID(c, "stickerId", "catalog_sticker")
	if !ok {
		return
	}
	if err := h.catalog.DeleteProductCatalogSticker(c.Request.Context(), id, stickerID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "catalog_sticker.deleted")
}

// massCatalog godoc
//
//	@Summary		Put a catalog sticker on many products (in the background)
//	@Description	A job adds (or updates) the sticker on the products of ids, or, when no ids are sent, on every product the list's filter parameters (in the query) select. Neither ids nor a filter is a 422.
//	@Tags			product-media
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body		body		CatalogStickerMassRequest	true	"sticker and ids"
//	@Param			filter		query		ProductFilterQuery			false	"the selection when no ids are sent: the list's filters"
//	@Success		202			{object}	httpx.MessageResponse
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/catalog-stickers/mass-add [post]
func (h stickerHandlers) massCatalog(c *gin.Context) {
	filter, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	var req CatalogStickerMassRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	err := h.catalog.MassAddCatalogStickers(c.Request.Context(),
		catalog.CatalogStickerInput{CatalogStickerTypeID: req.CatalogStickerTypeID, From: req.From, To: req.To},
		catalog.ProductSelection{IDs: req.IDs, Filter: filter})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, httpx.MessageResponse{Message: httpx.T(c, "catalog_sticker.queued", nil)})
}

// formIDs reads ids[] (or ids, repeated or comma-joined) from a multipart form.
func formIDs(c *gin.Context) ([]uint64, error) {
	var raw []string
	if form, err := c.MultipartForm(); err == nil {
		raw = slices.Concat(form.Value["ids[]"], form.Value["ids"])
	} else if fe := httpx.FormFileError(err, "sticker"); apperr.Is(fe, apperr.TooLarge) {
		return nil, fe
	}
	var ids []uint64
	for _, r := range raw {
		for _, p := range strings.Split(r, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			id, err := strconv.ParseUint(p, 10, 64)
			if err != nil {
				return nil, apperr.InvalidFields(apperr.Field("ids", "validation.number"))
			}
			ids = append(ids, id)
		}
	}
	return ids, nil
}
