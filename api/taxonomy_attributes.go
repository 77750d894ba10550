package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/platform/httpx"
)

type attributeHandlers struct{ cat *catalog.Service }

// AttributeValueResponse is one value of an attribute (for attribute 24: a manufacturer).
type AttributeValueResponse struct {
	ID       uint64 `json:"id"`
	Value    string `json:"value"`
	Position int    `json:"position"`
	Active   bool   `json:"active"`
} // @name AttributeValue

// AttributeResponse is an attribute; values appear with include=values (and on create).
type AttributeResponse struct {
	ID       uint64                   `json:"id"`
	Name     string                   `json:"name"`
	Position int                      `json:"position"`
	Active   bool                     `json:"active"`
	Values   []AttributeValueResponse `json:"values,omitzero" validate:"optional"`
} // @name Attribute

// CategoryAttributeResponse is an attribute of a category: position and active are the
// category's (its order and status there), values are the attribute's.
type CategoryAttributeResponse struct {
	ID       uint64                   `json:"id"`
	Name     string                   `json:"name"`
	Position int                      `json:"position"`
	Active   bool                     `json:"active"`
	Values   []AttributeValueResponse `json:"values"`
} // @name CategoryAttribute

func valueResponse(v *catalog.AttributeValue) AttributeValueResponse {
	return AttributeValueResponse{ID: v.ID, Value: v.Value, Position: v.Position, Active: v.Active}
}

func valuesResponse(vs []catalog.AttributeValue) []AttributeValueResponse {
	if vs == nil {
		return nil
	}
	out := make([]AttributeValueResponse, 0, len(vs))
	for i := range vs {
		out = append(out, valueResponse(&vs[i]))
	}
	return out
}

func attributeResponse(a *catalog.Attribute) AttributeResponse {
	return AttributeResponse{ID: a.ID, Name: a.Name, Position: a.Position, Active: a.Active, Values: valuesResponse(a.Values)}
}

func categoryAttributeResponse(v *catalog.CategoryAttributeView) CategoryAttributeResponse {
	vals := valuesResponse(v.Values)
	if vals == nil {
		vals = []AttributeValueResponse{}
	}
	return CategoryAttributeResponse{ID: v.ID, Name: v.Name, Position: v.LinkPosition, Active: v.LinkActive, Values: vals}
}

func categoryAttributesResponse(vs []catalog.CategoryAttributeView) []CategoryAttributeResponse {
	out := make([]CategoryAttributeResponse, 0, len(vs))
	for i := range vs {
		out = append(out, categoryAttributeResponse(&vs[i]))
	}
	return out
}

type taxonomySearch struct {
	Search string `form:"search"`
}

var (
	attributeListSpec = httpx.ListSpec{DefaultSize: 20, Includes: []string{"values"}}
	valueListSpec     = httpx.ListSpec{DefaultSize: 20}
)

// list godoc
//
//	@Summary		Attributes, by name
//	@Description	Needs view-attribute or view-product, or a pricing rule's create/update permission. The lookup reads paginate=1000.
//	@Tags			attributes
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains (diacritics folded)"
//	@Param			include		query		string	false	"values"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[AttributeResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/attributes [get]
func (h attributeHandlers) list(c *gin.Context) {
	var f taxonomySearch
	page, inc, ok := httpx.BindList(c, &f, attributeListSpec)
	if !ok {
		return
	}
	attrs, total, err := h.cat.ListAttributes(c.Request.Context(), catalog.AttributeFilter{Search: f.Search, WithValues: inc.Has("values"), Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AttributeResponse, 0, len(attrs))
	for i := range attrs {
		r := attributeResponse(&attrs[i])
		if inc.Has("values") && r.Values == nil {
			r.Values = []AttributeValueResponse{}
		}
		out = append(out, r)
	}
	httpx.List(c, out, total, page)
}

// attributeRequest is an attribute's form: name required (at most 255), values created with
// it in the given order (each 1-255, no two alike).
type attributeRequest struct {
	Name     string   `json:"name" example:"Boja"`
	Position *int     `json:"position" extensions:"x-nullable"`
	Active   *bool    `json:"active" extensions:"x-nullable"`
	Values   []string `json:"values" example:"Crna,Bela"`
} // @name AttributeRequest

// create godoc
//
//	@Summary	Add an attribute with its values
//	@Tags		attributes
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		attributeRequest	true	"attribute"
//	@Success	201		{object}	httpx.ChangeResponse[AttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/attributes [post]
func (h attributeHandlers) create(c *gin.Context) {
	var req attributeRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	a, err := h.cat.CreateAttributeWith(c.Request.Context(), catalog.AttributeInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "attribute.created", attributeResponse(a))
}

// attributePatchRequest changes only the fields sent.
type attributePatchRequest struct {
	Name     *string `json:"name" extensions:"x-nullable"`
	Position *int    `json:"position" extensions:"x-nullable"`
	Active   *bool   `json:"active" extensions:"x-nullable"`
} // @name AttributePatchRequest

// update godoc
//
//	@Summary	Rename an attribute or change its position or status
//	@Tags		attributes
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int						true	"attribute id"
//	@Param		body	body		attributePatchRequest	true	"fields to change"
//	@Success	200		{object}	httpx.ChangeResponse[AttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/attributes/{id} [patch]
func (h attributeHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "attribute")
	if !ok {
		return
	}
	var req attributePatchRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	a, err := h.cat.UpdateAttribute(c.Request.Context(), id, catalog.AttributePatch(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "attribute.updated", attributeResponse(a))
}

// values godoc
//
//	@Summary		An attribute's values, by position then value
//	@Description	The manufacturer list is GET admin/attributes/24/values. Needs view-attribute or view-product, or a pricing rule's create/update permission (the recommended price's manufacturer picker).
//	@Tags			attributes
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int		true	"attribute id"
//	@Param			search		query		string	false	"value contains (diacritics folded)"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[AttributeValueResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/attributes/{id}/values [get]
func (h attributeHandlers) values(c *gin.Context) {
	id, ok := pathID(c, "attribute")
	if !ok {
		return
	}
	var f taxonomySearch
	page, _, ok := httpx.BindList(c, &f, valueListSpec)
	if !ok {
		return
	}
	vals, total, err := h.cat.ListAttributeValues(c.Request.Context(), id, catalog.AttributeValueFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, valuesResponse(vals), total, page)
}

// valueRequest is a value's form: value required, 1-255 characters, unique in the attribute
// (case and diacritics folded); position absent is 0 (the list is then alphabetical).
type valueRequest struct {
	Value    string `json:"value" example:"Samsung"`
	Position *int   `json:"position" extensions:"x-nullable"`
	Active   *bool  `json:"active" extensions:"x-nullable"`
} // @name AttributeValueRequest

// createValue godoc
//
//	@Summary	Add a value to an attribute
//	@Tags		attributes
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int				true	"attribute id"
//	@Param		body	body		valueRequest	true	"value"
//	@Success	201		{object}	httpx.ChangeResponse[AttributeValueResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/attributes/{id}/values [post]
func (h attributeHandlers) createValue(c *gin.Context) {
	id, ok := pathID(c, "attribute")
	if !ok {
		return
	}
	var req valueRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	v, err := h.cat.CreateAttributeValue(c.Request.Context(), id, catalog.AttributeValueInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "attribute_value.created", valueResponse(v))
}

// valuePatchRequest changes only the fields sent.
type valuePatchRequest struct {
	Value    *string `json:"value" extensions:"x-nullable"`
	Position *int    `json:"position" extensions:"x-nullable"`
	Active   *bool   `json:"active" extensions:"x-nullable"`
} // @name AttributeValuePatchRequest

// updateValue godoc
//
//	@Summary	Change a value's text, position or status
//	@Tags		attributes
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int					true	"attribute id"
//	@Param		valueId	path		int					true	"value id"
//	@Param		body	body		valuePatchRequest	true	"fields to change"
//	@Success	200		{object}	httpx.ChangeResponse[AttributeValueResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/attributes/{id}/values/{valueId} [patch]
func (h attributeHandlers) updateValue(c *gin.Context) {
	id, ok := pathID(c, "attribute")
	if !ok {
		return
	}
	valueID, ok := paramID(c, "valueId", "attribute_value")
	if !ok {
		return
	}
	var req valuePatchRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	v, err := h.cat.UpdateAttributeValue(c.Request.Context(), id, valueID, catalog.AttributeValuePatch(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "attribute_value.updated", valueResponse(v))
}

// deleteValue godoc
//
//	@Summary		Delete a value no product uses
//	@Description	A value that a product has (as an attribute value or as its manufacturer) is refused with 409.
//	@Tags			attributes
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int	true	"attribute id"
//	@Param			valueId	path		int	true	"value id"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		409		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/attributes/{id}/values/{valueId} [delete]
func (h attributeHandlers) deleteValue(c *gin.Context) {
	id, ok := pathID(c, "attribute")
	if !ok {
		return
	}
	valueID, ok := paramID(c, "valueId", "attribute_value")
	if !ok {
		return
	}
	if err := h.cat.DeleteAttributeValue(c.Request.Context(), id, valueID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "attribute_value.deleted")
}

// attributes godoc
//
//	@Summary	A category's attributes in the category's order, with their values
//	@Tags		categories
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"category id"
//	@Success	200	{object}	httpx.DataResponse[[]CategoryAttributeResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	422	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/categories/{id}/attributes [get]
func (h categoryHandlers) attributes(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	if _, ok := httpx.BindIncludes(c); !ok {
		return
	}
	views, err := h.cat.CategoryAttributes(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, categoryAttributesResponse(views))
}

// attachAttributesRequest attaches existing attributes: each by id, with the category's
// position (absent: after the last) and status (absent: active). An attribute already in the
// category takes the given position and status; attributes not named stay as they are.
type attachAttributesRequest struct {
	Attributes []attachAttribute `json:"attributes"`
} // @name AttachCategoryAttributesRequest

type attachAttribute struct {
	ID       uint64 `json:"id" example:"3"`
	Position *int   `json:"position" extensions:"x-nullable"`
	Active   *bool  `json:"active" extensions:"x-nullable"`
} // @name AttachCategoryAttribute

// attach godoc
//
//	@Summary	Attach existing attributes to a category
//	@Tags		categories
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int						true	"category id"
//	@Param		body	body		attachAttributesRequest	true	"attributes"
//	@Success	200		{object}	httpx.ChangeResponse[[]CategoryAttributeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/categories/{id}/attributes [post]
func (h categoryHandlers) attach(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	var req attachAttributesRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	links := make([]catalog.CategoryAttributeLink, len(req.Attributes))
	for i, a := range req.Attributes {
		links[i] = catalog.CategoryAttributeLink{AttributeID: a.ID, Position: a.Position, Active: a.Active}
	}
	views, err := h.cat.AttachCategoryAttributes(c.Request.Context(), id, links)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "category_attribute.attached", categoryAttributesResponse(views))
}

// createAttribute godoc
//
//	@Summary		Create a new attribute with its values and attach it to the category
//	@Description	position and active are the category's (absent: last, active).
//	@Tags			categories
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"category id"
//	@Param			body	body		attributeRequest	true	"attribute"
//	@Success		201		{object}	httpx.ChangeResponse[CategoryAttributeResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories/{id}/attributes-new [post]
func (h categoryHandlers) createAttribute(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	var req attributeRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	v, err := h.cat.CreateCategoryAttribute(c.Request.Context(), id, catalog.AttributeInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "category_attribute.created", categoryAttributeResponse(v))
}

// categoryAttributePatchRequest changes an attribute's position or status in the category.
type categoryAttributePatchRequest struct {
	Position *int  `json:"position" extensions:"x-nullable"`
	Active   *bool `json:"active" extensions:"x-nullable"`
} // @name CategoryAttributePatchRequest

// updateAttribute godoc
//
//	@Summary	Change an attribute's position or status in a category
//	@Tags		categories
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id			path		int								true	"category id"
//	@Param		attributeId	path		int								true	"attribute id"
//	@Param		body		body		categoryAttributePatchRequest	true	"fields to change"
//	@Success	200			{object}	httpx.ChangeResponse[CategoryAttributeResponse]
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	404			{object}	httpx.ErrorResponse
//	@Failure	422			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/categories/{id}/attributes/{attributeId} [patch]
func (h categoryHandlers) updateAttribute(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	attrID, ok := paramID(c, "attributeId", "attribute")
	if !ok {
		return
	}
	var req categoryAttributePatchRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	v, err := h.cat.UpdateCategoryAttribute(c.Request.Context(), id, attrID, catalog.CategoryAttributePatch(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "category_attribute.updated", categoryAttributeResponse(v))
}

// detachAttribute godoc
//
//	@Summary		Remove an attribute from a category
//	@Description	The attribute and its values stay (other categories and products may use them).
//	@Tags			categories
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int	true	"category id"
//	@Param			attributeId	path		int	true	"attribute id"
//	@Success		200			{object}	httpx.MessageResponse
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories/{id}/attributes/{attributeId} [delete]
func (h categoryHandlers) detachAttribute(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	attrID, ok := paramID(c, "attributeId", "attribute")
	if !ok {
		return
	}
	if err := h.cat.DetachCategoryAttribute(c.Request.Context(), id, attrID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "category_attribute.deleted")
}
