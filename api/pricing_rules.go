package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

const (
	moduleWebMargin = "WebMargin"
	moduleB2C       = "B2C"
)

// pricingRuleRoutes: web margins (module WebMargin), recommended prices, authenticated
// discounts (module B2C), and the category web margins screen's bulk save.
//
// Guards: each rule has view, create and update permissions (the web margin's update is spelt
// udpate-web-margin); the specification names no delete permission, so deleting a rule needs
// its update permission (docs/identity.md). The category margins' bulk save is a category
// edit: create-category, as PATCH admin/categories/{id}.
func pricingRuleRoutes(d Deps) []Route {
	w := webMarginHandlers{d.Pricing}
	r := recommendedPriceHandlers{d.Pricing}
	a := authDiscountHandlers{d.Pricing}
	cm := categoryMarginHandlers{d.Catalog}
	viewWM := []string{identity.PermViewWebMargin, identity.PermCreateWebMargin, identity.PermUpdateWebMargin}
	createWM := []string{identity.PermCreateWebMargin}
	updateWM := []string{identity.PermUpdateWebMargin}
	viewRP := []string{identity.PermViewRecommendedPrice, identity.PermCreateRecommendedPrice, identity.PermUpdateRecommendedPrice}
	createRP := []string{identity.PermCreateRecommendedPrice}
	updateRP := []string{identity.PermUpdateRecommendedPrice}
	viewAD := []string{identity.PermViewAuthenticatedDiscount, identity.PermCreateAuthenticatedDiscount, identity.PermUpdateAuthenticatedDiscount}
	createAD := []string{identity.PermCreateAuthenticatedDiscount}
	updateAD := []string{identity.PermUpdateAuthenticatedDiscount}
	return []Route{
		{Method: "GET", Path: "/admin/web-margins", Handler: w.list, Auth: true, Permissions: viewWM, Module: moduleWebMargin},
		{Method: "POST", Path: "/admin/web-margins", Handler: w.create, Auth: true, Permissions: createWM, Module: moduleWebMargin},
		{Method: "GET", Path: "/admin/web-margins/:id", Handler: w.get, Auth: true, Permissions: viewWM, Module: moduleWebMargin},
		{Method: "PATCH", Path: "/admin/web-margins/:id", Handler: w.update, Auth: true, Permissions: updateWM, Module: moduleWebMargin},
		{Method: "DELETE", Path: "/admin/web-margins/:id", Handler: w.delete, Auth: true, Permissions: updateWM, Module: moduleWebMargin},

		{Method: "GET", Path: "/admin/recommended-prices", Handler: r.list, Auth: true, Permissions: viewRP},
		{Method: "POST", Path: "/admin/recommended-prices", Handler: r.create, Auth: true, Permissions: createRP},
		{Method: "GET", Path: "/admin/recommended-prices/:id", Handler: r.get, Auth: true, Permissions: viewRP},
		{Method: "PATCH", Path: "/admin/recommended-prices/:id", Handler: r.update, Auth: true, Permissions: updateRP},
		{Method: "DELETE", Path: "/admin/recommended-prices/:id", Handler: r.delete, Auth: true, Permissions: updateRP},

		{Method: "GET", Path: "/admin/authenticated-discounts", Handler: a.list, Auth: true, Permissions: viewAD, Module: moduleB2C},
		{Method: "POST", Path: "/admin/authenticated-discounts", Handler: a.create, Auth: true, Permissions: createAD, Module: moduleB2C},
		{Method: "GET", Path: "/admin/authenticated-discounts/:id", Handler: a.get, Auth: true, Permissions: viewAD, Module: moduleB2C},
		{Method: "PATCH", Path: "/admin/authenticated-discounts/:id", Handler: a.update, Auth: true, Permissions: updateAD, Module: moduleB2C},
		{Method: "DELETE", Path: "/admin/authenticated-discounts/:id", Handler: a.delete, Auth: true, Permissions: updateAD, Module: moduleB2C},

		{Method: "PATCH", Path: "/admin/categories/margins", Handler: cm.update, Auth: true, Permissions: []string{identity.PermUpdateCategory}},
	}
}

// pricingRuleEditors may read the lookup lists the rules' forms pick from (categories, suppliers,
// brands, manufacturers) without the catalogue's own view permissions: someone who may add a
// web margin must be able to choose its category.
var pricingRuleEditors = []string{identity.PermCreateWebMargin, identity.PermUpdateWebMargin, identity.PermCreateRecommendedPrice,
	identity.PermUpdateRecommendedPrice, identity.PermCreateAuthenticatedDiscount, identity.PermUpdateAuthenticatedDiscount}

// withRuleEditors is a lookup's read permissions plus the rule editors'.
func withRuleEditors(perms ...string) []string {
	return append(slices.Clone(perms), pricingRuleEditors...)
}

// nullable is a JSON field that can be absent (unchanged), null (none: any supplier, an open
// bound), or a value. An id of 0 counts as null (a cleared select).
type nullable[T any] struct {
	Set   bool
	Value *T
}

func (n *nullable[T]) UnmarshalJSON(b []byte) error {
	n.Set = true
	if string(b) == "null" {
		n.Value = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	n.Value = &v
	return nil
}

func (n nullable[T]) opt() pricing.Opt[T] { return pricing.Opt[T]{Set: n.Set, Value: n.Value} }

// RefResponse is a referenced row: its id and name.
type RefResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name Ref

func refResponse(r *pricing.Ref) *RefResponse {
	if r == nil {
		return nil
	}
	return &RefResponse{ID: r.ID, Name: r.Name}
}

var ruleListSpec = httpx.ListSpec{DefaultSize: 20}

// The scope of web margins and authenticated discounts (category, supplier, brand, entry-price
// range without VAT; null: any, open), one shape in each of their requests and answers.

// ruleScopeRequest is the scope in a rule's form; price_from ≤ price_to.
type ruleScopeRequest struct {
	CategoryID *uint64     `json:"category_id" example:"12" extensions:"x-nullable"`
	SupplierID *uint64     `json:"supplier_id" extensions:"x-nullable"`
	BrandID    *uint64     `json:"brand_id" extensions:"x-nullable"`
	PriceFrom  *money.Para `json:"price_from" swaggertype:"number" extensions:"x-nullable"`
	PriceTo    *money.Para `json:"price_to" swaggertype:"number" extensions:"x-nullable"`
}

func (r ruleScopeRequest) scope() pricing.RuleScope { return pricing.RuleScope(r) }

// ruleScopePatch is the scope in a rule's patch: only the fields sent change.
type ruleScopePatch struct {
	CategoryID nullable[uint64]     `json:"category_id" swaggertype:"integer" extensions:"x-nullable"`
	SupplierID nullable[uint64]     `json:"supplier_id" swaggertype:"integer" extensions:"x-nullable"`
	BrandID    nullable[uint64]     `json:"brand_id" swaggertype:"integer" extensions:"x-nullable"`
	PriceFrom  nullable[money.Para] `json:"price_from" swaggertype:"number" extensions:"x-nullable"`
	PriceTo    nullable[money.Para] `json:"price_to" swaggertype:"number" extensions:"x-nullable"`
}

func (p ruleScopePatch) patch() pricing.ScopePatch {
	return pricing.ScopePatch{CategoryID: p.CategoryID.opt(), SupplierID: p.SupplierID.opt(), BrandID: p.BrandID.opt(),
		PriceFrom: p.PriceFrom.opt(), PriceTo: p.PriceTo.opt()}
}

// ruleScopeFilter narrows a rule list to a category, a supplier and a brand.
type ruleScopeFilter struct {
	CategoryID *uint64 `form:"category_id"`
	SupplierID *uint64 `form:"supplier_id"`
	BrandID    *uint64 `form:"brand_id"`
}

func (f ruleScopeFilter) filter() pricing.ScopeFilter { return pricing.ScopeFilter(f) }

// ruleScopeResponse is the scope in a rule's answer with the names; category_id is the rule's
// own, as web margins always have one.
type ruleScopeResponse struct {
	Category   *RefResponse `json:"category" extensions:"x-nullable"`
	SupplierID *uint64      `json:"supplier_id" extensions:"x-nullable"`
	Supplier   *RefResponse `json:"supplier" extensions:"x-nullable"`
	BrandID    *uint64      `json:"brand_id" extensions:"x-nullable"`
	Brand      *RefResponse `json:"brand" extensions:"x-nullable"`
	PriceFrom  *money.Para  `json:"price_from" swaggertype:"number" extensions:"x-nullable"`
	PriceTo    *money.Para  `json:"price_to" swaggertype:"number" extensions:"x-nullable"`
}

func ruleScopeResponseOf(s pricing.RuleScope, n pricing.ScopeNames) ruleScopeResponse {
	return ruleScopeResponse{Category: refResponse(n.Category), SupplierID: s.SupplierID, Supplier: refResponse(n.Supplier),
		BrandID: s.BrandID, Brand: refResponse(n.Brand), PriceFrom: s.PriceFrom, PriceTo: s.PriceTo}
}

// ---- web margins

type webMarginHandlers struct{ prices *pricing.Service }

// WebMarginResponse is a web-margin rule. price_from and price_to bound the entry price
// (without VAT); null supplier, brand or bound: any. margin is a percentage.
type WebMarginResponse struct {
	ID         uint64 `json:"id"`
	CategoryID uint64 `json:"category_id"`
	ruleScopeResponse
	Margin    money.Bps `json:"margin" swaggertype:"number" example:"12.50"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name WebMargin

// webMarginCategory is a web margin's category: the scope's is optional, but a web margin's is
// required (and NOT NULL), so 0 is never sent.
func webMarginCategory(s pricing.RuleScope) uint64 {
	if s.CategoryID == nil {
		return 0
	}
	return *s.CategoryID
}

func webMarginResponse(m *pricing.WebMargin) WebMarginResponse {
	return WebMarginResponse{ID: m.ID, CategoryID: webMarginCategory(m.RuleScope), ruleScopeResponse: ruleScopeResponseOf(m.RuleScope, m.ScopeNames),
		Margin: m.MarginBps, CreatedAt: m.CreatedAt, UpdatedAt: m.UpdatedAt}
}

type webMarginFilter struct {
	Search string `form:"search"`
	ruleScopeFilter
}

// list godoc
//
//	@Summary		Web-margin rules, newest first
//	@Description	Needs view-web-margin (or create/udpate-web-margin); module WebMargin.
//	@Tags			web-margins
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"the category's name contains"
//	@Param			category_id	query		int		false	"rules of this category"
//	@Param			supplier_id	query		int		false	"rules of this supplier"
//	@Param			brand_id	query		int		false	"rules of this brand"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[WebMarginResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/web-margins [get]
func (h webMarginHandlers) list(c *gin.Context) {
	var f webMarginFilter
	page, _, ok := httpx.BindList(c, &f, ruleListSpec)
	if !ok {
		return
	}
	rows, total, err := h.prices.ListWebMargins(c.Request.Context(), pricing.WebMarginFilter{Search: f.Search, ScopeFilter: f.filter(), Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]WebMarginResponse, 0, len(rows))
	for i := range rows {
		out = append(out, webMarginResponse(&rows[i]))
	}
	httpx.List(c, out, total, page)
}

// get godoc
//
//	@Summary	One web-margin rule
//	@Tags		web-margins
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"rule id"
//	@Success	200	{object}	httpx.DataResponse[WebMarginResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/web-margins/{id} [get]
func (h webMarginHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "web_margin")
	if !ok {
		return
	}
	m, err := h.prices.GetWebMargin(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, webMarginResponse(m))
}

// webMarginRequest is the web-margin form: category and margin required (0.01 to 99.99);
// supplier, brand and the entry-price bounds optional (null: any, open); price_from ≤ price_to.
type webMarginRequest struct {
	ruleScopeRequest
	Margin *money.Bps `json:"margin" swaggertype:"number" example:"12.5" extensions:"x-nullable"`
} // @name WebMarginRequest

// create godoc
//
//	@Summary		Add a web-margin rule
//	@Description	Needs create-web-margin; module WebMargin. Unknown category, supplier or brand: 422 naming the field. The products of the category are repriced.
//	@Tags			web-margins
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		webMarginRequest	true	"rule"
//	@Success		201		{object}	httpx.ChangeResponse[WebMarginResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/web-margins [post]
func (h webMarginHandlers) create(c *gin.Context) {
	var req webMarginRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	m, err := h.prices.CreateWebMargin(c.Request.Context(), pricing.WebMarginInput{RuleScope: req.scope(), Margin: req.Margin})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "web_margin.created", webMarginResponse(m))
}

// webMarginPatch changes only the fields sent; null supplier, brand or bound: any, open.
type webMarginPatch struct {
	ruleScopePatch
	Margin nullable[money.Bps] `json:"margin" swaggertype:"number" extensions:"x-nullable"`
} // @name WebMarginPatch

// update godoc
//
//	@Summary		Change a web-margin rule (only the fields sent)
//	@Description	Needs udpate-web-margin (spelt so); module WebMargin. The same validation as create, on the resulting rule. The products of the old and the new category are repriced.
//	@Tags			web-margins
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int				true	"rule id"
//	@Param			body	body		webMarginPatch	true	"fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[WebMarginResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/web-margins/{id} [patch]
func (h webMarginHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "web_margin")
	if !ok {
		return
	}
	var req webMarginPatch
	if !httpx.BindJSON(c, &req) {
		return
	}
	m, err := h.prices.UpdateWebMargin(c.Request.Context(), id, pricing.WebMarginPatch{ScopePatch: req.patch(), Margin: req.Margin.opt()})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "web_margin.updated", webMarginResponse(m))
}

// delete godoc
//
//	@Summary		Delete a web-margin rule
//	@Description	Needs udpate-web-margin (there is no delete permission); module WebMargin. The category's products are repriced.
//	@Tags			web-margins
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rule id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/web-margins/{id} [delete]
func (h webMarginHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "web_margin")
	if !ok {
		return
	}
	if err := h.prices.DeleteWebMargin(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "web_margin.deleted")
}

// ---- recommended prices

type recommendedPriceHandlers struct{ prices *pricing.Service }

// RecommendedPriceResponse is a recommended-price rule: the manufacturer (a value of attribute
// 24), the categories it applies to (empty: all) and the lower percentage.
type RecommendedPriceResponse struct {
	ID             uint64        `json:"id"`
	Name           string        `json:"name"`
	ManufacturerID uint64        `json:"manufacturer_id"`
	Manufacturer   *RefResponse  `json:"manufacturer" extensions:"x-nullable"`
	Categories     []RefResponse `json:"categories"`
	Lower          money.Bps     `json:"lower" swaggertype:"number" example:"5.00"`
	CreatedAt      time.Time     `json:"created_at"`
	UpdatedAt      time.Time     `json:"updated_at"`
} // @name RecommendedPrice

func recommendedPriceResponse(r *pricing.RecommendedPrice) RecommendedPriceResponse {
	cats := make([]RefResponse, 0, len(r.Categories))
	for i := range r.Categories {
		cats = append(cats, *refResponse(&r.Categories[i]))
	}
	return RecommendedPriceResponse{ID: r.ID, Name: r.Name, ManufacturerID: r.ManufacturerID, Manufacturer: refResponse(r.Manufacturer),
		Categories: cats, Lower: r.LowerBps, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

type recommendedPriceFilter struct {
	Search         string  `form:"search"`
	ManufacturerID *uint64 `form:"manufacturer_id"`
}

// list godoc
//
//	@Summary		Recommended-price rules, by name
//	@Description	Needs view-recommended-price (or create/update-recommended-price).
//	@Tags			recommended-prices
//	@Produce		json
//	@Security		Bearer
//	@Param			search			query		string	false	"name contains"
//	@Param			manufacturer_id	query		int		false	"rules of this manufacturer"
//	@Param			page			query		int		false	"page (1-based)"
//	@Param			paginate		query		int		false	"page size"	default(20)
//	@Success		200				{object}	httpx.ListResponse[RecommendedPriceResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/recommended-prices [get]
func (h recommendedPriceHandlers) list(c *gin.Context) {
	var f recommendedPriceFilter
	page, _, ok := httpx.BindList(c, &f, ruleListSpec)
	if !ok {
		return
	}
	rows, total, err := h.prices.ListRecommendedPrices(c.Request.Context(), pricing.RecommendedPriceFilter{Search: f.Search,
		ManufacturerID: f.ManufacturerID, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]RecommendedPriceResponse, 0, len(rows))
	for i := range rows {
		out = append(out, recommendedPriceResponse(&rows[i]))
	}
	httpx.List(c, out, total, page)
}

// get godoc
//
//	@Summary	One recommended-price rule
//	@Tags		recommended-prices
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"rule id"
//	@Success	200	{object}	httpx.DataResponse[RecommendedPriceResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/recommended-prices/{id} [get]
func (h recommendedPriceHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "recommended_price")
	if !ok {
		return
	}
	r, err := h.prices.GetRecommendedPrice(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, recommendedPriceResponse(r))
}

// recommendedPriceRequest is the form: name 2-255, manufacturer required (a value of attribute
// 24), categories optional (none: every category), lower 0 to 100 (absent: 0).
type recommendedPriceRequest struct {
	Name           string     `json:"name" example:"Samsung TV"`
	ManufacturerID *uint64    `json:"manufacturer_id" extensions:"x-nullable"`
	Categories     []uint64   `json:"categories"`
	Lower          *money.Bps `json:"lower" swaggertype:"number" example:"5" extensions:"x-nullable"`
} // @name RecommendedPriceRequest

// create godoc
//
//	@Summary		Add a recommended-price rule
//	@Description	Needs create-recommended-price. Unknown manufacturer or categories: 422 naming the field. The manufacturer's products are repriced.
//	@Tags			recommended-prices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		recommendedPriceRequest	true	"rule"
//	@Success		201		{object}	httpx.ChangeResponse[RecommendedPriceResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/recommended-prices [post]
func (h recommendedPriceHandlers) create(c *gin.Context) {
	var req recommendedPriceRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	r, err := h.prices.CreateRecommendedPrice(c.Request.Context(), pricing.RecommendedPriceInput{Name: req.Name,
		ManufacturerID: req.ManufacturerID, CategoryIDs: req.Categories, Lower: req.Lower})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "recommended_price.created", recommendedPriceResponse(r))
}

// recommendedPricePatch changes only the fields sent; categories replaces the list.
type recommendedPricePatch struct {
	Name           *string    `json:"name" extensions:"x-nullable"`
	ManufacturerID *uint64    `json:"manufacturer_id" extensions:"x-nullable"`
	Categories     *[]uint64  `json:"categories" extensions:"x-nullable"`
	Lower          *money.Bps `json:"lower" swaggertype:"number" extensions:"x-nullable"`
} // @name RecommendedPricePatch

// update godoc
//
//	@Summary		Change a recommended-price rule (only the fields sent)
//	@Description	Needs update-recommended-price. The products of the old and the new manufacturer are repriced.
//	@Tags			recommended-prices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"rule id"
//	@Param			body	body		recommendedPricePatch	true	"fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[RecommendedPriceResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/recommended-prices/{id} [patch]
func (h recommendedPriceHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "recommended_price")
	if !ok {
		return
	}
	var req recommendedPricePatch
	if !httpx.BindJSON(c, &req) {
		return
	}
	r, err := h.prices.UpdateRecommendedPrice(c.Request.Context(), id, pricing.RecommendedPricePatch{Name: req.Name, ManufacturerID: req.ManufacturerID,
		CategoryIDs: req.Categories, Lower: req.Lower})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "recommended_price.updated", recommendedPriceResponse(r))
}

// delete godoc
//
//	@Summary		Delete a recommended-price rule
//	@Description	Needs update-recommended-price (there is no delete permission). The manufacturer's products are repriced.
//	@Tags			recommended-prices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rule id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/recommended-prices/{id} [delete]
func (h recommendedPriceHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "recommended_price")
	if !ok {
		return
	}
	if err := h.prices.DeleteRecommendedPrice(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "recommended_price.deleted")
}

// ---- authenticated discounts

type authDiscountHandlers struct{ prices *pricing.Service }

// AuthDiscountResponse is an authenticated ("logged") discount rule: matched like web margins
// (null: any); discount is a percentage, of which the price formula applies at most 20.
type AuthDiscountResponse struct {
	ID         uint64  `json:"id"`
	Name       string  `json:"name"`
	CategoryID *uint64 `json:"category_id" extensions:"x-nullable"`
	ruleScopeResponse
	Discount  money.Bps `json:"discount" swaggertype:"number" example:"5.00"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name AuthenticatedDiscount

func authDiscountResponse(d *pricing.AuthDiscount) AuthDiscountResponse {
	return AuthDiscountResponse{ID: d.ID, Name: d.Name, CategoryID: d.CategoryID, ruleScopeResponse: ruleScopeResponseOf(d.RuleScope, d.ScopeNames),
		Discount: d.DiscountBps, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt}
}

type authDiscountFilter struct {
	Search     string  `form:"search"`
	CategoryID *uint64 `form:"category_id"`
}

// list godoc
//
//	@Summary		Authenticated discount rules, newest first
//	@Description	Needs view-authenticated-discount (or create/update-authenticated-discount); module B2C.
//	@Tags			authenticated-discounts
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains"
//	@Param			category_id	query		int		false	"rules of this category"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[AuthDiscountResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/authenticated-discounts [get]
func (h authDiscountHandlers) list(c *gin.Context) {
	var f authDiscountFilter
	page, _, ok := httpx.BindList(c, &f, ruleListSpec)
	if !ok {
		return
	}
	rows, total, err := h.prices.ListAuthDiscounts(c.Request.Context(), pricing.AuthDiscountFilter{Search: f.Search,
		ScopeFilter: pricing.ScopeFilter{CategoryID: f.CategoryID}, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AuthDiscountResponse, 0, len(rows))
	for i := range rows {
		out = append(out, authDiscountResponse(&rows[i]))
	}
	httpx.List(c, out, total, page)
}

// get godoc
//
//	@Summary	One authenticated discount rule
//	@Tags		authenticated-discounts
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"rule id"
//	@Success	200	{object}	httpx.DataResponse[AuthDiscountResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/authenticated-discounts/{id} [get]
func (h authDiscountHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "logged_discount")
	if !ok {
		return
	}
	d, err := h.prices.GetAuthDiscount(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, authDiscountResponse(d))
}

// authDiscountRequest is the form: name 2-255, discount 0.01 to 99.99 (the formula applies at
// most 20 %), category, supplier, brand and the entry-price bounds optional; price_from ≤ price_to.
type authDiscountRequest struct {
	Name string `json:"name" example:"Ulogovani - laptopovi"`
	ruleScopeRequest
	Discount *money.Bps `json:"discount" swaggertype:"number" example:"5" extensions:"x-nullable"`
} // @name AuthenticatedDiscountRequest

// create godoc
//
//	@Summary		Add an authenticated discount rule
//	@Description	Needs create-authenticated-discount; module B2C. The category's products are repriced (every product when no category is named).
//	@Tags			authenticated-discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		authDiscountRequest	true	"rule"
//	@Success		201		{object}	httpx.ChangeResponse[AuthDiscountResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/authenticated-discounts [post]
func (h authDiscountHandlers) create(c *gin.Context) {
	var req authDiscountRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	d, err := h.prices.CreateAuthDiscount(c.Request.Context(), pricing.AuthDiscountInput{Name: req.Name, RuleScope: req.scope(), Discount: req.Discount})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "logged_discount.created", authDiscountResponse(d))
}

// authDiscountPatch changes only the fields sent; null category, supplier, brand or bound: any, open.
type authDiscountPatch struct {
	Name *string `json:"name" extensions:"x-nullable"`
	ruleScopePatch
	Discount nullable[money.Bps] `json:"discount" swaggertype:"number" extensions:"x-nullable"`
} // @name AuthenticatedDiscountPatch

// update godoc
//
//	@Summary		Change an authenticated discount rule (only the fields sent)
//	@Description	Needs update-authenticated-discount; module B2C. The products of the old and the new scope are repriced.
//	@Tags			authenticated-discounts
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"rule id"
//	@Param			body	body		authDiscountPatch	true	"fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[AuthDiscountResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/authenticated-discounts/{id} [patch]
func (h authDiscountHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "logged_discount")
	if !ok {
		return
	}
	var req authDiscountPatch
	if !httpx.BindJSON(c, &req) {
		return
	}
	d, err := h.prices.UpdateAuthDiscount(c.Request.Context(), id, pricing.AuthDiscountPatch{Name: req.Name, ScopePatch: req.patch(),
		Discount: req.Discount.opt()})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "logged_discount.updated", authDiscountResponse(d))
}

// delete godoc
//
//	@Summary		Delete an authenticated discount rule
//	@Description	Needs update-authenticated-discount (there is no delete permission); module B2C.
//	@Tags			authenticated-discounts
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rule id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/authenticated-discounts/{id} [delete]
func (h authDiscountHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "logged_discount")
	if !ok {
		return
	}
	if err := h.prices.DeleteAuthDiscount(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "logged_discount.deleted")
}

// ---- category web margins

type categoryMarginHandlers struct{ cat *catalog.Service }

// categoryMarginsRow is one category's VAT and margins (each required, above 0.01 and below 99.99).
type categoryMarginsRow struct {
	ID           uint64     `json:"id"`
	Pdv          *money.Bps `json:"pdv" swaggertype:"number" example:"20" extensions:"x-nullable"`
	WebMargin    *money.Bps `json:"web_margin" swaggertype:"number" example:"12.5" extensions:"x-nullable"`
	RetailMargin *money.Bps `json:"retail_margin" swaggertype:"number" example:"18" extensions:"x-nullable"`
	DealerMargin *money.Bps `json:"dealer_margin" swaggertype:"number" example:"6" extensions:"x-nullable"`
} // @name CategoryMarginsRow

// categoryMarginsRequest is the category web margins screen's save: the rows to change.
type categoryMarginsRequest struct {
	Rows []categoryMarginsRow `json:"rows"`
} // @name CategoryMarginsRequest

// update godoc
//
//	@Summary		Save many categories' VAT and margins at once (the category web margins screen)
//	@Description	Needs create-category (as a category's edit). One transaction: a bad row refuses all, with errors named rows.N.field (an unknown category: rows.N.id). The products of the categories whose figures changed are repriced. Answers the changed categories.
//	@Tags			categories
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		categoryMarginsRequest	true	"rows"
//	@Success		200		{object}	httpx.ChangeResponse[[]CategoryResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories/margins [patch]
func (h categoryMarginHandlers) update(c *gin.Context) {
	var req categoryMarginsRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	rows := make([]catalog.CategoryMargins, len(req.Rows))
	for i, r := range req.Rows {
		rows[i] = catalog.CategoryMargins(r)
	}
	cats, err := h.cat.UpdateCategoryMargins(c.Request.Context(), rows)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]CategoryResponse, 0, len(cats))
	for _, cat := range cats {
		out = append(out, categoryResponse(cat))
	}
	httpx.Changed(c, http.StatusOK, "category_margins.updated", out)
}
