package catalog

import "shop/internal/platform/money"

// ProductFilter is the product list's query, with the specification's parameter names (its
// `form` tags are what httpx.BindList parses). The same filter selects the products of a
// mass change when no ids are sent. Pairs like active/inactive both set mean "either".
type ProductFilter struct {
	Search        string   `form:"search"`
	Categories    []uint64 `form:"categories"`
	Category      uint64   `form:"category"`
	Suppliers     []uint64 `form:"suppliers"`
	Supplier      uint64   `form:"supplier"`
	Brands        []uint64 `form:"brands"`
	Manufacturers []uint64 `form:"manufacturers"`

	Active            bool `form:"active"`
	Inactive          bool `form:"inactive"`
	WithImage         bool `form:"with_image"`
	WithoutImage      bool `form:"without_image"`
	WithAttributes    bool `form:"with_attributes"`
	WithoutAttributes bool `form:"without_attributes"`
	Connected         bool `form:"connected"`
	Disconnected      bool `form:"disconnected"`
	Live              bool `form:"live"` // visible on site
	Dead              bool `form:"dead"`
	// Visible and Eponuda are the e-ponuda page's variant (visible=1&active=1&eponuda=0).
	Visible *bool `form:"visible"`
	Eponuda *bool `form:"eponuda"`

	WebPriceFrom   *money.Para `form:"web_price_from"`
	WebPriceTo     *money.Para `form:"web_price_to"`
	EntryPriceFrom *money.Para `form:"entry_price_from"`
	EntryPriceTo   *money.Para `form:"entry_price_to"`

	Discount          bool        `form:"discount"` // has a discount (valid in the dates below, when given)
	DiscountType      uint64      `form:"discount_type"`
	DiscountPriceFrom *money.Para `form:"discount_price_from"`
	DiscountPriceTo   *money.Para `form:"discount_price_to"`
	DiscountFrom      string      `form:"discount_from"` // YYYY-MM-DD
	DiscountTo        string      `form:"discount_to"`

	// Sort is a field name, '-' first for descending (e.g. -web_price); empty: newest first.
	Sort string `form:"sort"`
}
