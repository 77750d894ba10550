package activity

// Entry types and subjects of the pricing rules staff manage: web margins,
// recommended prices and authenticated discounts, each created, updated and deleted with its
// old and new values.
const (
	WebMarginCreated             = "web_margin.created"
	WebMarginUpdated             = "web_margin.updated"
	WebMarginDeleted             = "web_margin.deleted"
	RecommendedPriceCreated      = "recommended_price.created"
	RecommendedPriceUpdated      = "recommended_price.updated"
	RecommendedPriceDeleted      = "recommended_price.deleted"
	AuthenticatedDiscountCreated = "authenticated_discount.created"
	AuthenticatedDiscountUpdated = "authenticated_discount.updated"
	AuthenticatedDiscountDeleted = "authenticated_discount.deleted"

	SubjectWebMargin             = "web_margin"
	SubjectRecommendedPrice      = "recommended_price"
	SubjectAuthenticatedDiscount = "authenticated_discount"
)
