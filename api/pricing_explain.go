package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// pricingExplainRoutes: how a product's prices came about (read-only, for whoever sees products).
func pricingExplainRoutes(d Deps) []Route {
	h := priceExplainHandlers{d.Pricing}
	return []Route{
		{Method: "GET", Path: "/admin/products/:id/price-explain", Handler: h.explain, Auth: true, Permissions: []string{identity.PermViewProduct}},
	}
}

type priceExplainHandlers struct{ pricing *pricing.Service }

// PriceExplainWebRule is the web-margin rule that gave the margin.
type PriceExplainWebRule struct {
	ID         uint64      `json:"id"`
	CategoryID uint64      `json:"category_id"`
	SupplierID *uint64     `json:"supplier_id" extensions:"x-nullable"`
	BrandID    *uint64     `json:"brand_id" extensions:"x-nullable"`
	PriceFrom  *money.Para `json:"price_from" swaggertype:"number" extensions:"x-nullable"`
	PriceTo    *money.Para `json:"price_to" swaggertype:"number" extensions:"x-nullable"`
	Margin     money.Bps   `json:"margin" swaggertype:"number"`
	CreatedAt  time.Time   `json:"created_at"`
} // @name PriceExplainWebRule

// PriceExplainRecommendedRule is the recommended-price rule that caps the web price.
type PriceExplainRecommendedRule struct {
	ID             uint64    `json:"id"`
	Name           string    `json:"name"`
	ManufacturerID uint64    `json:"manufacturer_id"`
	Lower          money.Bps `json:"lower" swaggertype:"number"`
	CategoryIDs    []uint64  `json:"category_ids"`
} // @name PriceExplainRecommendedRule

// PriceExplainAuthenticatedRule is the authenticated discount that applies.
type PriceExplainAuthenticatedRule struct {
	ID         uint64      `json:"id"`
	Name       string      `json:"name"`
	CategoryID *uint64     `json:"category_id" extensions:"x-nullable"`
	SupplierID *uint64     `json:"supplier_id" extensions:"x-nullable"`
	BrandID    *uint64     `json:"brand_id" extensions:"x-nullable"`
	PriceFrom  *money.Para `json:"price_from" swaggertype:"number" extensions:"x-nullable"`
	PriceTo    *money.Para `json:"price_to" swaggertype:"number" extensions:"x-nullable"`
	Discount   money.Bps   `json:"discount" swaggertype:"number"`
} // @name PriceExplainAuthenticatedRule

// PriceExplainDiscount is the action valid today.
type PriceExplainDiscount struct {
	ID           uint64     `json:"id"`
	TypeID       uint64     `json:"type_id"`
	Type         string     `json:"type"`
	IsPercentage bool       `json:"is_percentage"`
	Percentage   money.Bps  `json:"percentage" swaggertype:"number"`
	FixedPrice   money.Para `json:"fixed_price" swaggertype:"number"`
	From         string     `json:"from" example:"2026-11-25"`
	To           string     `json:"to" example:"2026-11-30"`
	Price        money.Para `json:"price" swaggertype:"number"`
} // @name PriceExplainDiscount

// PriceExplainStored are the prices stored now; up_to_date is false while a recompute is on its way.
type PriceExplainStored struct {
	WebPrice           money.Para  `json:"web_price" swaggertype:"number"`
	RetailPrice        money.Para  `json:"retail_price" swaggertype:"number"`
	DealerPrice        money.Para  `json:"dealer_price" swaggertype:"number"`
	AuthenticatedPrice money.Para  `json:"authenticated_price" swaggertype:"number"`
	DiscountPrice      *money.Para `json:"discount_price" swaggertype:"number" extensions:"x-nullable"`
	UpToDate           bool        `json:"up_to_date"`
} // @name PriceExplainStored

// PriceExplainResponse is each step of a product's prices (spec/decisions.md "Prices"):
// percentages are numbers of per cent (20 = 20 %), money in dinars.
type PriceExplainResponse struct {
	ProductID  uint64     `json:"product_id"`
	EntryPrice money.Para `json:"entry_price" swaggertype:"number"`
	CategoryID uint64     `json:"category_id"`
	// WebMarginSource is "rule" (web_margin_rule gave it) or "category" (the category's web margin).
	WebMarginSource   string                       `json:"web_margin_source" enums:"rule,category"`
	WebMarginRule     *PriceExplainWebRule         `json:"web_margin_rule" extensions:"x-nullable"`
	CategoryWebMargin money.Bps                    `json:"category_web_margin" swaggertype:"number"`
	WebMargin         money.Bps                    `json:"web_margin" swaggertype:"number"`
	Vat               money.Bps                    `json:"vat" swaggertype:"number"`
	WebBeforeCap      money.Para                   `json:"web_before_cap" swaggertype:"number"`
	RecommendedRule   *PriceExplainRecommendedRule `json:"recommended_rule" extensions:"x-nullable"`
	RecommendedPrice  money.Para                   `json:"recommended_price" swaggertype:"number"`
	Cap               *money.Para                  `json:"cap" swaggertype:"number" extensions:"x-nullable"`
	Capped            bool                         `json:"capped"`
	// EponudaPrice is the web price the e-ponuda apply set (null: none); it replaces the one above.
	EponudaPrice         *money.Para                    `json:"eponuda_price" swaggertype:"number" extensions:"x-nullable"`
	WebPrice             money.Para                     `json:"web_price" swaggertype:"number"`
	AuthenticatedRule    *PriceExplainAuthenticatedRule `json:"authenticated_rule" extensions:"x-nullable"`
	AuthenticatedCut     money.Bps                      `json:"authenticated_discount" swaggertype:"number"`
	CeilingApplied       bool                           `json:"ceiling_applied"`
	AuthenticatedPrice   money.Para                     `json:"authenticated_price" swaggertype:"number"`
	RetailMargin         money.Bps                      `json:"retail_margin" swaggertype:"number"`
	RetailPrice          money.Para                     `json:"retail_price" swaggertype:"number"`
	DealerMargin         money.Bps                      `json:"dealer_margin" swaggertype:"number"`
	DealerPrice          money.Para                     `json:"dealer_price" swaggertype:"number"`
	Discount             *PriceExplainDiscount          `json:"discount" extensions:"x-nullable"`
	GuestPrice           money.Para                     `json:"guest_price" swaggertype:"number"`
	CustomerPrice        money.Para                     `json:"customer_price" swaggertype:"number"`
	Stored               PriceExplainStored             `json:"stored"`
	AuthenticatedCeiling money.Bps                      `json:"authenticated_ceiling" swaggertype:"number"`
} // @name PriceExplain

func priceExplainResponse(x *pricing.ProductExplanation) PriceExplainResponse {
	r := PriceExplainResponse{ProductID: x.ProductID, EntryPrice: x.Entry, CategoryID: x.CategoryID, WebMarginSource: "category",
		CategoryWebMargin: x.CategoryMargins.Web, WebMargin: x.WebMargin, Vat: x.Vat, WebBeforeCap: x.WebBeforeCap,
		RecommendedPrice: x.Recommended, Cap: x.Cap, Capped: x.Capped, EponudaPrice: x.EponudaPrice, WebPrice: x.Web, AuthenticatedCut: x.AuthBps,
		CeilingApplied: x.CeilingApplied, AuthenticatedPrice: x.Authenticated, RetailMargin: x.CategoryMargins.Retail,
		RetailPrice: x.Retail, DealerMargin: x.CategoryMargins.Dealer, DealerPrice: x.Dealer, GuestPrice: x.GuestPrice,
		CustomerPrice: x.CustomerPrice, AuthenticatedCeiling: pricing.AuthenticatedCeiling}
	if w := x.WebRule; w != nil {
		r.WebMarginSource = "rule"
		r.WebMarginRule = &PriceExplainWebRule{ID: w.ID, CategoryID: webMarginCategory(w.RuleScope), SupplierID: w.SupplierID, BrandID: w.BrandID,
			PriceFrom: w.PriceFrom, PriceTo: w.PriceTo, Margin: w.MarginBps, CreatedAt: w.CreatedAt}
	}
	if rr := x.RecommendedRule; rr != nil {
		cats := rr.CategoryIDs
		if cats == nil {
			cats = []uint64{}
		}
		r.RecommendedRule = &PriceExplainRecommendedRule{ID: rr.ID, Name: rr.Name, ManufacturerID: rr.ManufacturerID, Lower: rr.LowerBps, CategoryIDs: cats}
	}
	if a := x.AuthRule; a != nil {
		r.AuthenticatedRule = &PriceExplainAuthenticatedRule{ID: a.ID, Name: a.Name, CategoryID: a.CategoryID, SupplierID: a.SupplierID,
			BrandID: a.BrandID, PriceFrom: a.PriceFrom, PriceTo: a.PriceTo, Discount: a.DiscountBps}
	}
	if d := x.Action; d != nil && x.DiscountPrice != nil {
		r.Discount = &PriceExplainDiscount{ID: d.ID, TypeID: d.TypeID, Type: d.TypeName, IsPercentage: d.IsPercentage,
			Percentage: d.PercentageBps, FixedPrice: d.Price, From: d.From, To: d.To, Price: *x.DiscountPrice}
	}
	st := x.Stored
	r.Stored = PriceExplainStored{WebPrice: st.Web, RetailPrice: st.Retail, DealerPrice: st.Dealer, AuthenticatedPrice: st.Authenticated,
		DiscountPrice: st.DiscountPrice}
	r.Stored.UpToDate = st.Prices == x.Prices && equalPara(st.DiscountPrice, x.DiscountPrice)
	return r
}

func equalPara(a, b *money.Para) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// explain godoc
//
//	@Summary		How a product's prices came about
//	@Description	Entry price, the web-margin rule (or the category's margin), VAT, the web price before the recommended-price cap, the cap, the authenticated discount (at most 20 %), today's action, and the prices a guest and a logged-in customer see; computed now from the current rules, with the stored prices beside them.
//	@Tags			products
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"product id"
//	@Success		200	{object}	httpx.DataResponse[PriceExplainResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products/{id}/price-explain [get]
func (h priceExplainHandlers) explain(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	x, err := h.pricing.Explain(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, priceExplainResponse(x))
}
