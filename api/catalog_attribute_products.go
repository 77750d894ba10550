package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/platform/httpx"
)

// The "add attributes" screen (admin /proizvodi/atributi/{id}/dodaj): one attribute, the
// products whose main category has it, and one value given to the chosen ones. Reading needs
// the specification's view-product-attribute, the change update-product-attribute (the
// routes are in productRoutes).

// AttributeCategoriesResponse is an attribute with the categories that have it.
type AttributeCategoriesResponse struct {
	ID         uint64                 `json:"id"`
	Name       string                 `json:"name"`
	Categories []ProductBrandResponse `json:"categories"`
} // @name AttributeWithCategories

// AttributeProductResponse is a product of the "add attributes" list with its value of the
// attribute (null: none yet).
type AttributeProductResponse struct {
	ID       uint64                `json:"id"`
	SKU      string                `json:"sku"`
	Name     string                `json:"name"`
	Category ProductBrandResponse  `json:"category"`
	Value    *ProductValueResponse `json:"value" extensions:"x-nullable"`
} // @name AttributeProduct

// AddAttributeRequest gives the products one value of the attribute: attribute_value_id (an
// existing value) or value (a text, 1-255 characters, found or added).
type AddAttributeRequest struct {
	ProductIDs       []uint64 `json:"product_ids"`
	AttributeValueID uint64   `json:"attribute_value_id"`
	Value            string   `json:"value" example:"Crna"`
} // @name AddAttributeToProducts

var attributeProductsSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 1000}

// attributeCategories godoc
//
//	@Summary	An attribute with the categories that have it (the "add attributes" screen's head)
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		attributeId	path		int	true	"attribute id"
//	@Success	200			{object}	httpx.DataResponse[AttributeCategoriesResponse]
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	404			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/attributes/{attributeId} [get]
func (h productHandlers) attributeCategories(c *gin.Context) {
	id, ok := paramID(c, "attributeId", "attribute")
	if !ok {
		return
	}
	a, err := h.cat.AttributeWithCategories(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := AttributeCategoriesResponse{ID: a.Attribute.ID, Name: a.Attribute.Name, Categories: make([]ProductBrandResponse, 0, len(a.Categories))}
	for _, cat := range a.Categories {
		out.Categories = append(out.Categories, ProductBrandResponse{ID: cat.ID, Name: cat.Name})
	}
	httpx.Data(c, out)
}

// attributeProducts godoc
//
//	@Summary	The products whose main category has the attribute, by name, with their value of it
//	@Tags		products
//	@Produce	json
//	@Security	Bearer
//	@Param		attributeId		path		int		true	"attribute id"
//	@Param		category_id		query		int		false	"only this main category (one that has the attribute)"
//	@Param		without_value	query		bool	false	"only products without a value of the attribute"
//	@Param		search			query		string	false	"name or SKU contains (folded)"
//	@Param		page			query		int		false	"page (1-based)"
//	@Param		paginate		query		int		false	"page size (at most 1000)"	default(20)
//	@Success	200				{object}	httpx.ListResponse[AttributeProductResponse]
//	@Failure	401				{object}	httpx.ErrorResponse
//	@Failure	403				{object}	httpx.ErrorResponse
//	@Failure	404				{object}	httpx.ErrorResponse
//	@Failure	422				{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/attributes/{attributeId}/products [get]
func (h productHandlers) attributeProducts(c *gin.Context) {
	id, ok := paramID(c, "attributeId", "attribute")
	if !ok {
		return
	}
	var f catalog.AttributeProductsFilter
	page, _, ok := httpx.BindList(c, &f, attributeProductsSpec)
	if !ok {
		return
	}
	f.Page = page
	rows, total, err := h.cat.ListAttributeProducts(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AttributeProductResponse, len(rows))
	for i, r := range rows {
		out[i] = AttributeProductResponse{ID: r.ID, SKU: r.SKU, Name: r.Name, Category: ProductBrandResponse{ID: r.Category.ID, Name: r.Category.Name}}
		if r.Value != nil {
			out[i].Value = &ProductValueResponse{ID: r.Value.ID, Value: r.Value.Value}
		}
	}
	httpx.List(c, out, total, page)
}

// addAttribute godoc
//
//	@Summary		Give the selected products one value of the attribute
//	@Description	Every product's main category must have the attribute; at most 1000 products. A value text the attribute lacks is added to it.
//	@Tags			products
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			attributeId	path		int					true	"attribute id"
//	@Param			body		body		AddAttributeRequest	true	"product_ids and attribute_value_id or value"
//	@Success		200			{object}	httpx.ChangeResponse[MassChangeResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/attributes/{attributeId}/products [post]
func (h productHandlers) addAttribute(c *gin.Context) {
	id, ok := paramID(c, "attributeId", "attribute")
	if !ok {
		return
	}
	var in AddAttributeRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	n, err := h.cat.AddAttributeToProducts(c.Request.Context(), id, catalog.AddAttributeInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "product.attribute_added", MassChangeResponse{Count: int64(n)})
}
