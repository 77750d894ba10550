package api

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

// productRoutes: products: list with every filter, single, create, update, delete, attributes, mass changes, transfer.
// The specification names view-product and create-product; changing and deleting need the
// shop's update-product and delete-product, the attribute values update-product-attribute.
func productRoutes(d Deps) []Route {
	h := productHandlers{d.Catalog}
	view := []string{identity.PermViewProduct}
	create := []string{identity.PermCreateProduct}
	change := []string{identity.PermUpdateProduct}
	attrs := []string{identity.PermViewProductAttribute}
	attrsChange := []string{identity.PermUpdateProductAttribute}
	return []Route{
		{Method: "GET", Path: "/admin/products", Handler: h.list, Auth: true, Permissions: view},
		{Method: "POST", Path: "/admin/products", Handler: h.create, Auth: true, Permissions: create},
		{Method: "PATCH", Path: "/admin/products/mass-update", Handler: h.massDescription, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/products/transfer", Handler: h.transferPreview, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/products/transfer", Handler: h.transfer, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/products/attributes/mass-activate", Handler: h.massActivate, Auth: true, Permissions: attrsChange},
		{Method: "DELETE", Path: "/admin/products/attributes/mass-deactivate", Handler: h.massDeactivate, Auth: true, Permissions: attrsChange},
		{Method: "GET", Path: "/admin/products/attributes/:attributeId", Handler: h.attributeCategories, Auth: true, Permissions: attrs},
		{Method: "GET", Path: "/admin/products/attributes/:attributeId/products", Handler: h.attributeProducts, Auth: true, Permissions: attrs},
		{Method: "POST", Path: "/admin/products/attributes/:attributeId/products", Handler: h.addAttribute, Auth: true, Permissions: attrsChange},
		{Method: "GET", Path: "/admin/products/:id", Handler: h.get, Auth: true, Permissions: view},
		{Method: "PATCH", Path: "/admin/products/:id", Handler: h.update, Auth: true, Permissions: change},
		{Method: "DELETE", Path: "/admin/products/:id", Handler: h.delete, Auth: true, Permissions: []string{identity.PermDeleteProduct}},
		{Method: "GET", Path: "/admin/products/:id/attributes", Handler: h.attributes, Auth: true, Permissions: attrs},
		{Method: "PATCH", Path: "/admin/products/:id/attributes/:attrId/values", Handler: h.setValue, Auth: true, Permissions: attrsChange},
		{Method: "PATCH", Path: "/admin/products/:id/attributes/:attrId/values/:valueId", Handler: h.editValue, Auth: true, Permissions: attrsChange},
		{Method: "POST", Path: "/admin/products/:id/attributes/:attrId/values-new", Handler: h.newValue, Auth: true, Permissions: attrsChange},
		{Method: "POST", Path: "/admin/products/:id/attributes/:attrId/values-existing", Handler: h.existingValue, Auth: true, Permissions: attrsChange},
	}
}

type productHandlers struct{ cat *catalog.Service }

var productListSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 5000,
	Includes: []string{"mainCategory", "mainImage", "categories", "brand", "supplier"}}

var productIncludeNames = []string{"mainCategory", "mainImage", "categories", "brand", "supplier", "images", "attributes"}

func productIncludes(inc httpx.Includes) catalog.ProductIncludes {
	return catalog.ProductIncludes{MainCategory: inc.Has("mainCategory"), MainImage: inc.Has("mainImage"), Categories: inc.Has("categories"),
		Brand: inc.Has("brand"), Supplier: inc.Has("supplier"), Images: inc.Has("images"), Attributes: inc.Has("attributes")}
}

// list godoc
//
//	@Summary	Products with every filter of the list (newest first by default)
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		filter				query		ProductFilterQuery	false	"filters (combined with AND) and sort"
//	@Param		include				query		string	false	"relations: mainCategory, mainImage, categories, brand, supplier"
//	@Param		page				query		int		false	"page (1-based)"
//	@Param		paginate			query		int		false	"page size (at most 5000)"	default(20)
//	@Success	200					{object}	httpx.ListResponse[ProductListItem]
//	@Failure	401					{object}	httpx.ErrorResponse
//	@Failure	403					{object}	httpx.ErrorResponse
//	@Failure	422					{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products [get]
func (h productHandlers) list(c *gin.Context) {
	var f catalog.ProductFilter
	page, inc, ok := httpx.BindList(c, &f, productListSpec)
	if !ok {
		return
	}
	pi := productIncludes(inc)
	rows, total, err := h.cat.ListProducts(c.Request.Context(), f, page, pi)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ProductListItem, 0, len(rows))
	for i := range rows {
		out = append(out, productListItem(&rows[i], pi))
	}
	httpx.ListOf(c, out, total, page)
}

// get godoc
//
//	@Summary	One product, with its energy sticker and catalog stickers
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int		true	"product id"
//	@Param		include	query		string	false	"relations: mainCategory, mainImage, categories, brand, supplier, images, attributes"
//	@Success	200		{object}	httpx.DataResponse[ProductResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id} [get]
func (h productHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	inc, ok := httpx.BindIncludes(c, productIncludeNames...)
	if !ok {
		return
	}
	pi := productIncludes(inc)
	p, err := h.cat.GetProduct(c.Request.Context(), id, pi)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, productResponse(p, pi, h.cat.Today()))
}

// changedIncludes: a create or update answers the product with its categories.
var changedIncludes = catalog.ProductIncludes{MainCategory: true, Categories: true}

// create godoc
//
//	@Summary	Add a product (prices derived from the main category's margins and VAT)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		ProductRequest	true	"product; the first category is the main one unless main_category_id is given"
//	@Success	201		{object}	httpx.ChangeResponse[ProductCreatedResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products [post]
func (h productHandlers) create(c *gin.Context) {
	var in ProductRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	p, err := h.cat.CreateProduct(c.Request.Context(), catalog.ProductInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "product.created", ProductCreatedResponse{Product: productResponse(p, changedIncludes, h.cat.Today())})
}

// update godoc
//
//	@Summary	Change a product (the SKU cannot change; name, entry price and categories are required as on create)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int						true	"product id"
//	@Param		body	body		ProductRequest	true	"product"
//	@Success	200		{object}	httpx.ChangeResponse[ProductResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id} [patch]
func (h productHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	var in ProductRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	p, err := h.cat.UpdateProduct(c.Request.Context(), id, catalog.ProductInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.updated", productResponse(p, changedIncludes, h.cat.Today()))
}

// delete godoc
//
//	@Summary	Delete a product with its categories, attributes, images, stickers and discounts (its price-list product is disconnected)
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id} [delete]
func (h productHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	if err := h.cat.DeleteProduct(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "product.deleted")
}

// bindSelectionFilter parses the list's filter parameters from the query (the selection of a
// mass call when no ids are sent), after taking out the extra parameters the call has of its
// own; unknown parameters are a 422 as on the list.
func bindSelectionFilter(c *gin.Context, extra ...string) (catalog.ProductFilter, url.Values, bool) {
	var f catalog.ProductFilter
	q := c.Request.URL.Query()
	own := url.Values{}
	for _, k := range extra {
		if v, ok := q[k]; ok {
			own[k] = v
			q.Del(k)
		}
	}
	for _, k := range []string{"page", "paginate", "include"} {
		q.Del(k)
	}
	orig := c.Request.URL.RawQuery
	c.Request.URL.RawQuery = q.Encode()
	_, _, ok := httpx.BindList(c, &f, productListSpec)
	c.Request.URL.RawQuery = orig
	return f, own, ok
}

// massDescription godoc
//
//	@Summary	Set the description of the selected products (ids, or when none the list's filter parameters in the query)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		MassDescriptionRequest	true	"description and ids"
//	@Param		filter	query		ProductFilterQuery		false	"the selection when no ids are sent: the list's filters"
//	@Success	200		{object}	httpx.ChangeResponse[MassChangeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/mass-update [patch]
func (h productHandlers) massDescription(c *gin.Context) {
	f, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	var in MassDescriptionRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	n, err := h.cat.MassUpdateDescription(c.Request.Context(), catalog.MassDescriptionInput(in), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.description_updated", MassChangeResponse{Count: n})
}

// massActivate godoc
//
//	@Summary	Activate the product attributes of the selected products (optionally only some attributes or a category's)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		MassAttributesRequest	true	"ids (or the filter in the query), attribute_ids, category_id"
//	@Param		filter	query		ProductFilterQuery		false	"the selection when no ids are sent: the list's filters"
//	@Success	200		{object}	httpx.ChangeResponse[MassChangeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/attributes/mass-activate [post]
func (h productHandlers) massActivate(c *gin.Context) { h.massAttributes(c, true) }

// massDeactivate godoc
//
//	@Summary	Deactivate the product attributes of the selected products (optionally only some attributes or a category's)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		MassAttributesRequest	true	"ids (or the filter in the query), attribute_ids, category_id"
//	@Param		filter	query		ProductFilterQuery		false	"the selection when no ids are sent: the list's filters"
//	@Success	200		{object}	httpx.ChangeResponse[MassChangeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/attributes/mass-deactivate [delete]
func (h productHandlers) massDeactivate(c *gin.Context) { h.massAttributes(c, false) }

func (h productHandlers) massAttributes(c *gin.Context, active bool) {
	f, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	var in MassAttributesRequest
	if c.Request.ContentLength != 0 && !httpx.BindJSON(c, &in) {
		return
	}
	n, err := h.cat.MassSetAttributesActive(c.Request.Context(), catalog.MassAttributesInput(in), f, active)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	key := "product.attributes_deactivated"
	if active {
		key = "product.attributes_activated"
	}
	httpx.Changed(c, http.StatusOK, key, MassChangeResponse{Count: n})
}

// transferPreview godoc
//
//	@Summary	The attributes of the target category that the selected products lack
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		category_id	query		int		true	"target category"
//	@Param		products	query		string	false	"product ids, comma-joined (else the list's filter parameters select)"
//	@Param		filter		query		ProductFilterQuery	false	"the selection when no products are sent: the list's filters"
//	@Success	200			{object}	TransferResponse
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	422			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/transfer [get]
func (h productHandlers) transferPreview(c *gin.Context) {
	f, own, ok := bindSelectionFilter(c, "category_id", "products")
	if !ok {
		return
	}
	var in catalog.TransferInput
	var bad []apperr.FieldError
	if s := strings.TrimSpace(own.Get("category_id")); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			bad = append(bad, apperr.Field("category_id", "validation.number"))
		}
		in.CategoryID = n
	}
	for _, part := range strings.Split(strings.Join(own["products"], ","), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		n, err := strconv.ParseUint(part, 10, 64)
		if err != nil {
			bad = append(bad, apperr.Field("products", "validation.number"))
			break
		}
		in.Products = append(in.Products, n)
	}
	if len(bad) > 0 {
		httpx.Fail(c, apperr.InvalidFields(bad...))
		return
	}
	attrs, err := h.cat.TransferPreview(c.Request.Context(), in, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	key := "product.transfer_missing"
	if len(attrs) == 0 {
		key = "product.transfer_complete"
	}
	c.JSON(http.StatusOK, transferResponse(c, key, attrs))
}

func transferResponse(c *gin.Context, key string, attrs []catalog.ProductRef) TransferResponse {
	out := TransferResponse{Message: httpx.T(c, key, nil), Attributes: make([]ProductBrandResponse, 0, len(attrs))}
	for _, a := range attrs {
		out.Attributes = append(out.Attributes, ProductBrandResponse{ID: a.ID, Name: a.Name})
	}
	return out
}

// transfer godoc
//
//	@Summary	Move the selected products to a category (main and only category), creating the category's attributes they lack
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		TransferRequest	true	"category_id, products (or the filter in the query), active: state of the created attributes (default true)"
//	@Param		filter	query		ProductFilterQuery	false	"the selection when no products are sent: the list's filters"
//	@Success	200		{object}	TransferResponse
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/transfer [post]
func (h productHandlers) transfer(c *gin.Context) {
	f, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	var in TransferRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	attrs, err := h.cat.TransferProducts(c.Request.Context(), catalog.TransferInput(in), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, transferResponse(c, "product.transferred", attrs))
}

// attributes godoc
//
//	@Summary	The attributes of the product's main category with the product's value of each
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.DataResponse[[]ProductAttributeResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/attributes [get]
func (h productHandlers) attributes(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	vs, err := h.cat.ProductAttributes(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := productAttributeResponses(vs)
	if out == nil {
		out = []ProductAttributeResponse{}
	}
	httpx.Data(c, out)
}

// attributeTarget reads the product and attribute ids of the path.
func attributeTarget(c *gin.Context) (uint64, uint64, bool) {
	id, ok := pathID(c, "product")
	if !ok {
		return 0, 0, false
	}
	attrID, ok := paramID(c, "attrId", "product_attribute")
	return id, attrID, ok
}

// SetAttributeValueRequest names an existing value of the attribute; values-existing also
// accepts it as value_id.
type SetAttributeValueRequest struct {
	AttributeValueID uint64 `json:"attribute_value_id"`
	ValueID          uint64 `json:"value_id"`
} // @name SetProductAttributeValue

func (r SetAttributeValueRequest) id() uint64 {
	if r.AttributeValueID != 0 {
		return r.AttributeValueID
	}
	return r.ValueID
}

// setValue godoc
//
//	@Summary	Give the product an existing value of the attribute
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int							true	"product id"
//	@Param		attrId	path		int							true	"attribute id"
//	@Param		body	body		SetAttributeValueRequest	true	"attribute_value_id"
//	@Success	200		{object}	httpx.ChangeResponse[ProductAttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/attributes/{attrId}/values [patch]
func (h productHandlers) setValue(c *gin.Context) { h.setExisting(c, "attribute_value_id") }

// existingValue godoc
//
//	@Summary	Give the product an existing value of the attribute (value_id or attribute_value_id)
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int							true	"product id"
//	@Param		attrId	path		int							true	"attribute id"
//	@Param		body	body		SetAttributeValueRequest	true	"value_id"
//	@Success	200		{object}	httpx.ChangeResponse[ProductAttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/attributes/{attrId}/values-existing [post]
func (h productHandlers) existingValue(c *gin.Context) { h.setExisting(c, "value_id") }

func (h productHandlers) setExisting(c *gin.Context, field string) {
	id, attrID, ok := attributeTarget(c)
	if !ok {
		return
	}
	var in SetAttributeValueRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	v, err := h.cat.SetProductAttributeValue(c.Request.Context(), id, attrID, in.id(), field)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.attribute_updated", productAttributeResponse(v))
}

// newValue godoc
//
//	@Summary	Add a value to the attribute (or find it, when the attribute has it) and give it to the product
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int							true	"product id"
//	@Param		attrId	path		int							true	"attribute id"
//	@Param		body	body		AttributeValueRequest	true	"value (1-255 characters)"
//	@Success	200		{object}	httpx.ChangeResponse[ProductAttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/attributes/{attrId}/values-new [post]
func (h productHandlers) newValue(c *gin.Context) {
	id, attrID, ok := attributeTarget(c)
	if !ok {
		return
	}
	var in AttributeValueRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	v, err := h.cat.NewProductAttributeValue(c.Request.Context(), id, attrID, catalog.AttributeValueText(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.attribute_updated", productAttributeResponse(v))
}

// editValue godoc
//
//	@Summary	Change the text of the product's value of the attribute, for this product only
//	@Description	The value is renamed in place when no other product uses it; otherwise the product moves to a value with the new text (found or added) and the others keep theirs.
//	@Tags		products
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int							true	"product id"
//	@Param		attrId	path		int							true	"attribute id"
//	@Param		valueId	path		int							true	"the product's current value id"
//	@Param		body	body		AttributeValueRequest	true	"value (1-255 characters)"
//	@Success	200		{object}	httpx.ChangeResponse[ProductAttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/attributes/{attrId}/values/{valueId} [patch]
func (h productHandlers) editValue(c *gin.Context) {
	id, attrID, ok := attributeTarget(c)
	if !ok {
		return
	}
	valueID, ok := paramID(c, "valueId", "product_attribute_value")
	if !ok {
		return
	}
	var in AttributeValueRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	v, err := h.cat.EditProductAttributeValue(c.Request.Context(), id, attrID, valueID, catalog.AttributeValueText(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.attribute_updated", productAttributeResponse(v))
}
