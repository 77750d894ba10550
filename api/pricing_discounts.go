package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// pricingDiscountRoutes: discount types, a product's discounts (the product form's Actions
// tab), the mass discount, the Actions page and the action's dealer price.
//
// Guards: discount types are view-discount-type's (the only permission of that screen); their
// list is also a lookup of the product filter and the Actions tab (view-product) and of the
// Actions page (view_category-discount-display). A product's discounts are read with
// view-product or view_category-discount-display and changed with create-, update- and
// delete-discount; the mass discount adds (create-discount). The Actions page is
// view_category-discount-display's, its bulk end or extend need update-action; discount types
// are seen with view-discount-type and changed with their own create-/update-/delete-.
func pricingDiscountRoutes(d Deps) []Route {
	h := discountHandlers{d.Pricing, d.Catalog}
	types := []string{identity.PermViewDiscountType}
	addDiscount, changeDiscount := []string{identity.PermCreateDiscount}, []string{identity.PermUpdateDiscount}
	changeActions := []string{identity.PermUpdateAction}
	typesRead := []string{identity.PermViewDiscountType, identity.PermViewProduct, identity.PermViewCategoryDiscountDisplay}
	read := []string{identity.PermViewProduct, identity.PermViewCategoryDiscountDisplay}
	actions := []string{identity.PermViewCategoryDiscountDisplay}
	return []Route{
		{Method: "GET", Path: "/admin/discount-types", Handler: h.listTypes, Auth: true, Permissions: typesRead},
		{Method: "POST", Path: "/admin/discount-types", Handler: h.createType, Auth: true, Permissions: []string{identity.PermCreateDiscountType}},
		{Method: "GET", Path: "/admin/discount-types/:id", Handler: h.getType, Auth: true, Permissions: types},
		{Method: "PATCH", Path: "/admin/discount-types/:id", Handler: h.updateType, Auth: true, Permissions: []string{identity.PermUpdateDiscountType}},
		{Method: "DELETE", Path: "/admin/discount-types/:id", Handler: h.deleteType, Auth: true, Permissions: []string{identity.PermDeleteDiscountType}},

		{Method: "GET", Path: "/admin/products/:id/discounts", Handler: h.list, Auth: true, Permissions: read},
		{Method: "POST", Path: "/admin/products/:id/discounts", Handler: h.create, Auth: true, Permissions: addDiscount},
		{Method: "PATCH", Path: "/admin/products/:id/discounts/:discountId", Handler: h.update, Auth: true, Permissions: changeDiscount},
		{Method: "DELETE", Path: "/admin/products/:id/discounts/:discountId", Handler: h.delete, Auth: true, Permissions: []string{identity.PermDeleteDiscount}},
		{Method: "PATCH", Path: "/admin/products/action-dealer-price/:id", Handler: h.dealerPrice, Auth: true, Permissions: changeDiscount},

		{Method: "POST", Path: "/admin/discounts/mass-add", Handler: h.massAdd, Auth: true, Permissions: addDiscount},
		{Method: "GET", Path: "/admin/discounts/mass-add/:id", Handler: h.massRun, Auth: true, Permissions: addDiscount},

		{Method: "GET", Path: "/admin/actions", Handler: h.actions, Auth: true, Permissions: actions},
		{Method: "POST", Path: "/admin/actions/end", Handler: h.endActions, Auth: true, Permissions: changeActions},
		{Method: "POST", Path: "/admin/actions/extend", Handler: h.extendActions, Auth: true, Permissions: changeActions},
	}
}

type discountHandlers struct {
	pricing *pricing.Service
	catalog *catalog.Service
}

// DiscountTypeResponse is a kind of action: a fixed price or a percentage off, with its badge.
type DiscountTypeResponse struct {
	ID              uint64 `json:"id"`
	Name            string `json:"name"`
	IsPercentage    bool   `json:"is_percentage"`
	Text            string `json:"text"`
	Color           string `json:"color"`
	ShowInShockSale bool   `json:"show_in_shock_sale"`
} // @name DiscountType

func discountTypeResponse(t pricing.DiscountType) DiscountTypeResponse {
	return DiscountTypeResponse{ID: t.ID, Name: t.Name, IsPercentage: t.IsPercentage, Text: t.Text, Color: t.Color, ShowInShockSale: t.ShowInShockSale}
}

// DiscountTypeRequest is the discount type form: name 2-255 required.
type DiscountTypeRequest struct {
	Name            string `json:"name" example:"Šok akcija"`
	IsPercentage    bool   `json:"is_percentage"`
	Text            string `json:"text" example:"-10%"`
	Color           string `json:"color" example:"#ff0000"`
	ShowInShockSale bool   `json:"show_in_shock_sale"`
} // @name DiscountTypeRequest

func (r DiscountTypeRequest) input() pricing.DiscountTypeInput {
	return pricing.DiscountTypeInput{Name: r.Name, IsPercentage: r.IsPercentage, Text: r.Text, Color: r.Color, ShowInShockSale: r.ShowInShockSale}
}

// listTypes godoc
//
//	@Summary		Discount types, by name
//	@Description	Needs view-discount-type, or view-product or view_category-discount-display (the product filter's, the Actions tab's and the Actions page's type select).
//	@Tags			discounts
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains (diacritics folded)"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(1000)
//	@Success		200			{object}	httpx.ListResponse[DiscountTypeResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/discount-types [get]
func (h discountHandlers) listTypes(c *gin.Context) {
	var f taxonomySearch
	page, _, ok := httpx.BindList(c, &f, lookupListSpec)
	if !ok {
		return
	}
	types, total, err := h.pricing.ListDiscountTypes(c.Request.Context(), pricing.DiscountTypeFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]DiscountTypeResponse, 0, len(types))
	for _, t := range types {
		out = append(out, discountTypeResponse(t))
	}
	httpx.List(c, out, total, page)
}

// getType godoc
//
//	@Summary	One discount type
//	@Tags		discounts
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"discount type id"
//	@Success	200	{object}	httpx.DataResponse[DiscountTypeResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/discount-types/{id} [get]
func (h discountHandlers) getType(c *gin.Context) {
	id, ok := pathID(c, "discount_type")
	if !ok {
		return
	}
	t, err := h.pricing.GetDiscountType(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, discountTypeResponse(*t))
}

// createType godoc
//
//	@Summary	Add a discount type
//	@Tags		discounts
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		DiscountTypeRequest	true	"discount type"
//	@Success	201		{object}	httpx.ChangeResponse[DiscountTypeResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/discount-types [post]
func (h discountHandlers) createType(c *gin.Context) {
	var req DiscountTypeRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	t, err := h.pricing.CreateDiscountType(c.Request.Context(), req.input())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "discount_type.created", discountTypeResponse(*t))
}

// updateType godoc
//
//	@Summary		Change a discount type
//	@Description	Changing the percentage-or-price flag reprices the products on its actions.
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"discount type id"
//	@Param			body	body		DiscountTypeRequest	true	"discount type"
//	@Success		200		{object}	httpx.ChangeResponse[DiscountTypeResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/discount-types/{id} [patch]
func (h discountHandlers) updateType(c *gin.Context) {
	id, ok := pathID(c, "discount_type")
	if !ok {
		return
	}
	var req DiscountTypeRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	t, err := h.pricing.UpdateDiscountType(c.Request.Context(), id, req.input())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "discount_type.updated", discountTypeResponse(*t))
}

// deleteType godoc
//
//	@Summary		Delete a discount type no discount uses
//	@Description	A type that discounts use is refused with 409, the message naming how many.
//	@Tags			discounts
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"discount type id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/discount-types/{id} [delete]
func (h discountHandlers) deleteType(c *gin.Context) {
	id, ok := pathID(c, "discount_type")
	if !ok {
		return
	}
	if err := h.pricing.DeleteDiscountType(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "discount_type.deleted")
}

// DiscountResponse is an action on a product. By its type's flag it has a fixed price (price)
// or a percentage off the web price (percentage); the other is null. from..to are inclusive.
type DiscountResponse struct {
	ID             uint64               `json:"id"`
	ProductID      uint64               `json:"product_id"`
	DiscountTypeID uint64               `json:"discount_type_id"`
	Type           DiscountTypeResponse `json:"type"`
	Price          *money.Para          `json:"price" swaggertype:"number" example:"9999.00" extensions:"x-nullable"`
	Percentage     *money.Bps           `json:"percentage" swaggertype:"number" example:"10.00" extensions:"x-nullable"`
	From           string               `json:"from" example:"2026-12-01"`
	To             string               `json:"to" example:"2026-12-31"`
	// DealerPrice is the dealer price while on the action (without VAT), null: none.
	DealerPrice *money.Para `json:"dealer_price" swaggertype:"number" extensions:"x-nullable"`
} // @name Discount

func discountResponse(d pricing.Discount, t pricing.DiscountType) DiscountResponse {
	r := DiscountResponse{ID: d.ID, ProductID: d.ProductID, DiscountTypeID: d.DiscountTypeID, Type: discountTypeResponse(t),
		From: d.From(), To: d.To(), DealerPrice: d.DealerPrice}
	if t.IsPercentage {
		p := d.PercentageBps
		r.Percentage = &p
	} else {
		p := d.Price
		r.Price = &p
	}
	return r
}

// DiscountRequest is the Actions tab's form: the type, the fixed price (a fixed-price type,
// at least 0.01) or the percentage (a percentage type, 0.01-99.99), first and last day.
type DiscountRequest struct {
	DiscountTypeID uint64      `json:"discount_type_id"`
	Price          *money.Para `json:"price" swaggertype:"number" example:"9999.00" extensions:"x-nullable"`
	Percentage     *money.Bps  `json:"percentage" swaggertype:"number" example:"10" extensions:"x-nullable"`
	From           string      `json:"from" example:"2026-12-01"`
	To             string      `json:"to" example:"2026-12-31"`
} // @name DiscountRequest

func (r DiscountRequest) input() pricing.DiscountInput {
	return pricing.DiscountInput{DiscountTypeID: r.DiscountTypeID, Price: r.Price, Percentage: r.Percentage, From: r.From, To: r.To}
}

// list godoc
//
//	@Summary	A product's discounts (actions), by first day
//	@Tags		discounts
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"product id"
//	@Success	200	{object}	httpx.DataResponse[[]DiscountResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/discounts [get]
func (h discountHandlers) list(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	ds, err := h.pricing.ProductDiscounts(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]DiscountResponse, 0, len(ds))
	for _, d := range ds {
		out = append(out, discountResponse(d.Discount, d.Type))
	}
	httpx.Data(c, out)
}

// create godoc
//
//	@Summary		Add a discount (action) to a product
//	@Description	Two discounts of one product may not share a day: a 422 on from names the other's dates.
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int				true	"product id"
//	@Param			body	body		DiscountRequest	true	"discount"
//	@Success		201		{object}	httpx.ChangeResponse[DiscountResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/discounts [post]
func (h discountHandlers) create(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	var req DiscountRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	d, err := h.pricing.CreateDiscount(c.Request.Context(), id, req.input())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "discount.created", discountResponse(d.Discount, d.Type))
}

// update godoc
//
//	@Summary		Change a product's discount
//	@Description	Two discounts of one product may not share a day: a 422 on from names the other's dates.
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int				true	"product id"
//	@Param			discountId	path		int				true	"discount id"
//	@Param			body		body		DiscountRequest	true	"discount"
//	@Success		200			{object}	httpx.ChangeResponse[DiscountResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/discounts/{discountId} [patch]
func (h discountHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	did, ok := paramID(c, "discountId", "discount")
	if !ok {
		return
	}
	var req DiscountRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	d, err := h.pricing.UpdateDiscount(c.Request.Context(), id, did, req.input())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "discount.updated", discountResponse(d.Discount, d.Type))
}

// delete godoc
//
//	@Summary	Delete a product's discount
//	@Tags		discounts
//	@Produce	json
//	@Security	Bearer
//	@Param		id			path		int	true	"product id"
//	@Param		discountId	path		int	true	"discount id"
//	@Success	200			{object}	httpx.MessageResponse
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	404			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/{id}/discounts/{discountId} [delete]
func (h discountHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	did, ok := paramID(c, "discountId", "discount")
	if !ok {
		return
	}
	if err := h.pricing.DeleteDiscount(c.Request.Context(), id, did); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "discount.deleted")
}

// ActionDealerPriceRequest sets the dealer price of a product while on an action (without
// VAT, at least 0.01); null clears it.
type ActionDealerPriceRequest struct {
	DealerPrice *money.Para `json:"dealer_price" swaggertype:"number" example:"8500.00" extensions:"x-nullable"`
} // @name ActionDealerPriceRequest

// dealerPrice godoc
//
//	@Summary	Set the dealer price of a product on action (the discount id)
//	@Tags		discounts
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int							true	"discount id"
//	@Param		body	body		ActionDealerPriceRequest	true	"dealer price"
//	@Success	200		{object}	httpx.ChangeResponse[DiscountResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/products/action-dealer-price/{id} [patch]
func (h discountHandlers) dealerPrice(c *gin.Context) {
	id, ok := pathID(c, "discount")
	if !ok {
		return
	}
	var req ActionDealerPriceRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	d, err := h.pricing.SetActionDealerPrice(c.Request.Context(), id, req.DealerPrice)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "discount.dealer_price_set", discountResponse(d.Discount, d.Type))
}

// MassDiscountRequest gives the selected products one action: product_ids, or when none the
// list's filter parameters in the query. The fixed price (a fixed-price type) or the
// percentage (a percentage type) is required by the type's flag.
type MassDiscountRequest struct {
	ProductIDs     []uint64    `json:"product_ids"`
	DiscountTypeID uint64      `json:"discount_type_id"`
	Price          *money.Para `json:"price" swaggertype:"number" example:"9999.00" extensions:"x-nullable"`
	Percentage     *money.Bps  `json:"percentage" swaggertype:"number" example:"10" extensions:"x-nullable"`
	From           string      `json:"from" example:"2026-12-01"`
	To             string      `json:"to" example:"2026-12-31"`
} // @name MassDiscountRequest

// MassDiscountRunResponse is a mass discount's progress: queued, running, done (selected,
// added, skipped for an overlapping discount) or failed (error).
type MassDiscountRunResponse struct {
	ID        uint64    `json:"id"`
	State     string    `json:"state" enums:"queued,running,done,failed"`
	Selected  int64     `json:"selected"`
	Added     int64     `json:"added"`
	Skipped   int64     `json:"skipped"`
	Error     string    `json:"error"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name MassDiscountRun

func massRunResponse(r pricing.MassRun) MassDiscountRunResponse {
	return MassDiscountRunResponse{ID: r.ID, State: r.State, Selected: r.Selected, Added: r.Added, Skipped: r.Skipped, Error: r.Error,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// massAdd godoc
//
//	@Summary		Give many products one discount (in the background)
//	@Description	A job adds the action to the products of product_ids, or, when none are sent, to every product the list's filter parameters (in the query) select; products with a discount sharing a day with it are skipped and counted. The answer is the run (poll GET admin/discounts/mass-add/{id}); the starter is notified at the end (DiscountsDone / DiscountsFailed).
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		MassDiscountRequest	true	"action and product ids"
//	@Param			filter	query		ProductFilterQuery	false	"the selection when no ids are sent: the list's filters"
//	@Success		202		{object}	httpx.ChangeResponse[MassDiscountRunResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/discounts/mass-add [post]
func (h discountHandlers) massAdd(c *gin.Context) {
	filter, _, ok := bindSelectionFilter(c)
	if !ok {
		return
	}
	var req MassDiscountRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	raw, err := catalog.ProductSelection{IDs: req.ProductIDs, Filter: filter}.Payload()
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	run, err := h.pricing.MassAddDiscounts(c.Request.Context(), pricing.DiscountInput{DiscountTypeID: req.DiscountTypeID,
		Price: req.Price, Percentage: req.Percentage, From: req.From, To: req.To}, raw)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusAccepted, "discount.mass_queued", massRunResponse(*run))
}

// massRun godoc
//
//	@Summary	A mass discount's progress
//	@Tags		discounts
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"run id"
//	@Success	200	{object}	httpx.DataResponse[MassDiscountRunResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/discounts/mass-add/{id} [get]
func (h discountHandlers) massRun(c *gin.Context) {
	id, ok := pathID(c, "discount_mass_run")
	if !ok {
		return
	}
	run, err := h.pricing.GetMassRun(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, massRunResponse(*run))
}

// actionQuery is the Actions page's search.
type actionQuery struct {
	CategoryID     uint64 `form:"category_id"`
	DiscountTypeID uint64 `form:"discount_type_id"`
}

var actionListSpec = httpx.ListSpec{DefaultSize: 20}

// ActionProductResponse is the product of an action row.
type ActionProductResponse struct {
	ID         uint64     `json:"id"`
	SKU        string     `json:"sku"`
	Name       string     `json:"name"`
	EntryPrice money.Para `json:"entry_price" swaggertype:"number"`
	WebPrice   money.Para `json:"web_price" swaggertype:"number"`
} // @name ActionProduct

// ActionResponse is a product on action: the discount, the product and its catalog stickers.
type ActionResponse struct {
	DiscountResponse
	Product         ActionProductResponse           `json:"product"`
	CatalogStickers []ProductCatalogStickerResponse `json:"catalog_stickers"`
} // @name Action

// actions godoc
//
//	@Summary		Products on action, by category and discount type
//	@Description	The type's discounts not yet ended (today's and the coming ones) of the products in the category. Both are required: a 422 'Choose category and discount type for search.'
//	@Tags			discounts
//	@Produce		json
//	@Security		Bearer
//	@Param			category_id			query		int	true	"category id"
//	@Param			discount_type_id	query		int	true	"discount type id"
//	@Param			page				query		int	false	"page (1-based)"
//	@Param			paginate			query		int	false	"page size"	default(20)
//	@Success		200					{object}	httpx.ListResponse[ActionResponse]
//	@Failure		401					{object}	httpx.ErrorResponse
//	@Failure		403					{object}	httpx.ErrorResponse
//	@Failure		404					{object}	httpx.ErrorResponse
//	@Failure		422					{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/actions [get]
func (h discountHandlers) actions(c *gin.Context) {
	var q actionQuery
	page, _, ok := httpx.BindList(c, &q, actionListSpec)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	rows, total, err := h.pricing.SearchActions(ctx, pricing.ActionFilter{CategoryID: q.CategoryID, DiscountTypeID: q.DiscountTypeID, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	ids := make([]uint64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ProductID)
	}
	stickers, err := h.catalog.CatalogStickersOf(ctx, ids)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ActionResponse, 0, len(rows))
	for _, r := range rows {
		a := ActionResponse{DiscountResponse: discountResponse(r.Discount, r.Type), CatalogStickers: []ProductCatalogStickerResponse{},
			Product: ActionProductResponse{ID: r.ProductID, SKU: r.SKU, Name: r.Name, EntryPrice: r.EntryPrice, WebPrice: r.WebPrice}}
		for _, s := range stickers[r.ProductID] {
			a.CatalogStickers = append(a.CatalogStickers, productCatalogStickerResponse(s))
		}
		out = append(out, a)
	}
	httpx.List(c, out, total, page)
}

// ActionsBulkRequest names the shown actions to end, or to extend to a new last day.
type ActionsBulkRequest struct {
	DiscountIDs []uint64 `json:"discount_ids"`
	// To is the new last day (extend only), YYYY-MM-DD.
	To string `json:"to" example:"2026-12-31"`
} // @name ActionsBulkRequest

// ActionsBulkResponse is what a bulk end or extend did.
type ActionsBulkResponse struct {
	Changed int64 `json:"changed"`
	Deleted int64 `json:"deleted"`
	Skipped int64 `json:"skipped"`
} // @name ActionsBulkResult

// endActions godoc
//
//	@Summary		End actions now
//	@Description	A discount that began before today ends yesterday; one that begins today or later is deleted; one already over is skipped. At most 5000 at once.
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ActionsBulkRequest	true	"discount ids"
//	@Success		200		{object}	httpx.ChangeResponse[ActionsBulkResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/actions/end [post]
func (h discountHandlers) endActions(c *gin.Context) {
	var req ActionsBulkRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	res, err := h.pricing.EndActions(c.Request.Context(), req.DiscountIDs)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, httpx.ChangeResponse[ActionsBulkResponse]{
		Message: httpx.T(c, "actions.ended", map[string]any{"changed": res.Changed, "deleted": res.Deleted}),
		Data:    ActionsBulkResponse(res)})
}

// extendActions godoc
//
//	@Summary		Extend actions to a new last day
//	@Description	to must not be in the past nor before a discount's first day; a discount that would then share a day with another of its product is skipped and counted. At most 5000 at once.
//	@Tags			discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ActionsBulkRequest	true	"discount ids and the new last day"
//	@Success		200		{object}	httpx.ChangeResponse[ActionsBulkResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/actions/extend [post]
func (h discountHandlers) extendActions(c *gin.Context) {
	var req ActionsBulkRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	res, err := h.pricing.ExtendActions(c.Request.Context(), req.DiscountIDs, req.To)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, httpx.ChangeResponse[ActionsBulkResponse]{
		Message: httpx.T(c, "actions.extended", map[string]any{"changed": res.Changed, "skipped": res.Skipped}),
		Data:    ActionsBulkResponse(res)})
}
