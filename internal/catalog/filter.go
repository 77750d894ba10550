package catalog

import (
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the shop's time zone without relying on the host's

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

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

	// today is the shop's date that "on discount" without dates means; the service sets it
	// from its clock before the filter becomes SQL.
	today string
	// keyedRanges names the price ranges ("web_price", "entry_price") the list also puts on
	// product_sort_keys, whose index finds a narrow range; ListProducts sets it.
	keyedRanges map[string]bool
}

// productSorts is the whitelist of the sort parameter's field names (input never reaches the
// SQL text); each is a column of products.
var productSorts = map[string]bool{
	"id": true, "name": true, "sku": true, "entry_price": true, "web_price": true,
	"created_at": true, "updated_at": true,
}

// sortKeyed are the sorts that walk product_sort_keys' indexes (migration 0007): products has
// no index on what an import changes, so that its updates stay in place.
var sortKeyed = map[string]bool{"web_price": true, "entry_price": true, "updated_at": true}

// productSort is a parsed sort parameter.
type productSort struct {
	col string // the column of products (and of product_sort_keys when keyed)
	dir string // ASC or DESC
	// keyed: the page is ordered by product_sort_keys k; unique: the column alone orders
	// (id, sku), so no tie-breaker that would keep an index from giving the order.
	keyed, unique bool
}

// order is the ORDER BY over a relation whose sort column is key and product id is id; the
// id breaks ties so pages are stable.
func (s productSort) order(key, id string) string {
	if s.unique {
		return key + " " + s.dir
	}
	return key + " " + s.dir + ", " + id + " " + s.dir
}

// IsEmpty tells whether f narrows nothing: a mass change with no ids and an empty filter
// would touch every product, so it is refused. Sort alone does not narrow, nor does a pair
// whose both sides are set (active and inactive: either).
func (f ProductFilter) IsEmpty() bool {
	return strings.TrimSpace(f.Search) == "" && len(f.Categories) == 0 && f.Category == 0 &&
		len(f.Suppliers) == 0 && f.Supplier == 0 && len(f.Brands) == 0 && len(f.Manufacturers) == 0 &&
		f.Active == f.Inactive && f.WithImage == f.WithoutImage && f.WithAttributes == f.WithoutAttributes &&
		f.Connected == f.Disconnected && f.Live == f.Dead && f.Visible == nil && f.Eponuda == nil &&
		f.WebPriceFrom == nil && f.WebPriceTo == nil && f.EntryPriceFrom == nil && f.EntryPriceTo == nil &&
		!f.discountBlock()
}

// onlyFlags tells whether f narrows by yes/no questions alone (or not at all): what
// products_list_flags_idx (with active, visible, eponuda, has_image, has_attributes) and, for
// connected or not, supplier_products_product_key count without reading products' rows.
func (f ProductFilter) onlyFlags() bool {
	rest := f
	rest.Active, rest.Inactive, rest.WithImage, rest.WithoutImage = false, false, false, false
	rest.WithAttributes, rest.WithoutAttributes, rest.Live, rest.Dead = false, false, false, false
	rest.Connected, rest.Disconnected = false, false
	rest.Visible, rest.Eponuda = nil, nil
	return rest.IsEmpty()
}

// onlyOnePriceRange tells whether f narrows by one price range (web or entry price) alone.
func (f ProductFilter) onlyOnePriceRange() bool {
	web := f.WebPriceFrom != nil || f.WebPriceTo != nil
	entry := f.EntryPriceFrom != nil || f.EntryPriceTo != nil
	rest := f
	rest.WebPriceFrom, rest.WebPriceTo, rest.EntryPriceFrom, rest.EntryPriceTo = nil, nil, nil, nil
	return web != entry && rest.IsEmpty()
}

// discountBlock tells whether any field of the discounts block is given; any of them means
// "has a discount" (valid today unless dates are given).
func (f ProductFilter) discountBlock() bool {
	return f.Discount || f.DiscountType != 0 || f.DiscountPriceFrom != nil || f.DiscountPriceTo != nil ||
		f.DiscountFrom != "" || f.DiscountTo != ""
}

// applyFilter narrows q (a query on the products table) to f, with EXISTS subqueries (never
// joins that would repeat a product) and bound arguments only, and orders it by f.Sort
// (newest first by default). A sort by a column an import changes joins product_sort_keys
// (one row per product) and orders by it, with the price ranges also on its columns so that
// the walk down its index starts where the range does. A bad value is a 422 naming the
// parameter.
func applyFilter(q *gorm.DB, f ProductFilter) (*gorm.DB, error) {
	srt, err := parseProductSort(f.Sort)
	if err != nil {
		return nil, err
	}
	q, err = applyWhere(q, f)
	if err != nil {
		return nil, err
	}
	if !srt.keyed {
		return q.Order(srt.order("products."+srt.col, "products.id")), nil
	}
	q = q.Joins("JOIN product_sort_keys k ON k.product_id = products.id")
	// The ranges were validated by applyWhere above (its 422 returned); here they only repeat
	// on the keys' columns, so their field errors are already known to be none.
	q, _ = filterPriceRange(q, "k.web_price", "web_price", f.WebPriceFrom, f.WebPriceTo, nil)
	q, _ = filterPriceRange(q, "k.entry_price", "entry_price", f.EntryPriceFrom, f.EntryPriceTo, nil)
	return q.Order(srt.order("k."+srt.col, "k.product_id")), nil
}

// parseProductSort reads a sort parameter: a field name, '-' first for descending; empty:
// newest first.
func parseProductSort(sort string) (productSort, error) {
	if sort == "" {
		return productSort{col: "id", dir: "DESC", unique: true}, nil
	}
	dir, field := "ASC", sort
	if strings.HasPrefix(sort, "-") {
		dir, field = "DESC", sort[1:]
	}
	if !productSorts[field] {
		return productSort{}, apperr.InvalidFields(apperr.Field("sort", "validation.oneof"))
	}
	return productSort{col: field, dir: dir, keyed: sortKeyed[field], unique: field == "id" || field == "sku"}, nil
}

// applyWhere is applyFilter without the order (what counts and mass changes use).
func applyWhere(q *gorm.DB, f ProductFilter) (*gorm.DB, error) {
	var bad []apperr.FieldError
	if term := Fold(strings.TrimSpace(f.Search)); term != "" {
		q = q.Where("products.search_text LIKE ?"+db.LikeEscape, db.LikeContains(term))
	}
	// A product's main category is one of its product_categories rows (migration 0010), so
	// "in these categories" is one EXISTS, which the planner may run from either side (the
	// categories' index for a few categories, the products for a narrow search); an OR with
	// the main category would force a subplan over every product.
	// On PostgreSQL products.category_ids (the same rows, kept by 0017's triggers) has a GIN
	// index: the categories are a bitmap of their own, ANDed with the search's before any row
	// of products is read.
	for _, cats := range [][]uint64{f.Categories, idList(f.Category)} {
		switch {
		case len(cats) == 0:
		case q.Dialector.Name() == "postgres":
			q = q.Where("products.category_ids && CAST(? AS bigint[])", idArray(cats))
		default:
			q = q.Where("EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = products.id AND pc.category_id IN ?)", cats)
		}
	}
	// The offer's supplier need not be a connection, so both sides are a set of ids: a union
	// the planner can join, where an OR of the two would be a subplan per product.
	for _, sups := range [][]uint64{f.Suppliers, idList(f.Supplier)} {
		if len(sups) > 0 {
			q = q.Where(`products.id IN (SELECT sp.product_id FROM supplier_products sp WHERE sp.supplier_id IN ?
				UNION ALL SELECT ps.id FROM products ps WHERE ps.supplier_id IN ?)`, sups, sups)
		}
	}
	if len(f.Brands) > 0 {
		q = q.Where("products.brand_id IN ?", f.Brands)
	}
	if len(f.Manufacturers) > 0 {
		q = q.Where("products.manufacturer_id IN ?", f.Manufacturers)
	}
	if f.Active != f.Inactive {
		q = q.Where("products.active = ?", f.Active)
	}
	// The flags that triggers keep from product_images and product_attributes (0010).
	if f.WithImage != f.WithoutImage {
		q = q.Where("products.has_image = ?", f.WithImage)
	}
	if f.WithAttributes != f.WithoutAttributes {
		q = q.Where("products.has_attributes = ?", f.WithAttributes)
	}
	const connected = "EXISTS (SELECT 1 FROM supplier_products sp WHERE sp.product_id = products.id)"
	if f.Connected != f.Disconnected {
		q = q.Where(negateIf(connected, f.Disconnected))
	}
	if f.Live != f.Dead {
		q = q.Where("products.visible = ?", f.Live)
	}
	if f.Visible != nil {
		q = q.Where("products.visible = ?", *f.Visible)
	}
	if f.Eponuda != nil {
		q = q.Where("products.eponuda = ?", *f.Eponuda)
	}
	q, bad = filterPriceRange(q, "products.web_price", "web_price", f.WebPriceFrom, f.WebPriceTo, bad)
	q, bad = filterPriceRange(q, "products.entry_price", "entry_price", f.EntryPriceFrom, f.EntryPriceTo, bad)
	// products has no index on the prices (an import changes them: 0006); product_sort_keys
	// has, and holds the same values (0007). A narrow range repeated there is found through
	// its index instead of a scan of products (a broad one is not: the planner would hash all
	// its keys before the first match).
	if f.keyedRanges["web_price"] {
		q = keyRange(q, "web_price", f.WebPriceFrom, f.WebPriceTo)
	}
	if f.keyedRanges["entry_price"] {
		q = keyRange(q, "entry_price", f.EntryPriceFrom, f.EntryPriceTo)
	}
	if f.discountBlock() {
		var dq *gorm.DB
		dq, bad = filterDiscount(q, f, bad)
		if dq != nil {
			q = dq
		}
	}
	if len(bad) > 0 {
		return nil, apperr.InvalidFields(bad...)
	}
	return q, nil
}

func negateIf(cond string, negate bool) string {
	if negate {
		return "NOT " + cond
	}
	return cond
}

// idArray is ids as a PostgreSQL array literal ('{1,2,3}').
func idArray(ids []uint64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatUint(id, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// idList is id as a list of one, or none for 0 (not given).
func idList(id uint64) []uint64 {
	if id == 0 {
		return nil
	}
	return []uint64{id}
}

// keyRange narrows q to the products whose sort key col (a column of product_sort_keys) is in
// from..to (an open end: nil); an empty range adds nothing. The range was validated.
func keyRange(q *gorm.DB, col string, from, to *money.Para) *gorm.DB {
	if from == nil && to == nil {
		return q
	}
	sql := "EXISTS (SELECT 1 FROM product_sort_keys kr WHERE kr.product_id = products.id"
	var args []any
	if from != nil {
		sql += " AND kr." + col + " >= ?"
		args = append(args, int64(*from))
	}
	if to != nil {
		sql += " AND kr." + col + " <= ?"
		args = append(args, int64(*to))
	}
	return q.Where(sql+")", args...)
}

func filterPriceRange(q *gorm.DB, col, param string, from, to *money.Para, bad []apperr.FieldError) (*gorm.DB, []apperr.FieldError) {
	if from != nil && to != nil && *from > *to {
		return q, append(bad, apperr.Field(param+"_to", "product.range_order"))
	}
	if from != nil {
		q = q.Where(col+" >= ?", int64(*from))
	}
	if to != nil {
		q = q.Where(col+" <= ?", int64(*to))
	}
	return q, bad
}

// discountExists narrows to products with a discount valid on some day of discount_from..
// discount_to (open ends allowed; neither given: today), of the type and in the price range
// given.
func filterDiscount(q *gorm.DB, f ProductFilter, bad []apperr.FieldError) (*gorm.DB, []apperr.FieldError) {
	from, to := f.DiscountFrom, f.DiscountTo
	for _, d := range []struct{ name, v string }{{"discount_from", from}, {"discount_to", to}} {
		if d.v == "" {
			continue
		}
		if _, err := time.Parse(time.DateOnly, d.v); err != nil {
			bad = append(bad, apperr.Field(d.name, "product.date"))
		}
	}
	if from != "" && to != "" && from > to {
		bad = append(bad, apperr.Field("discount_to", "product.range_order"))
	}
	if f.DiscountPriceFrom != nil && f.DiscountPriceTo != nil && *f.DiscountPriceFrom > *f.DiscountPriceTo {
		bad = append(bad, apperr.Field("discount_price_to", "product.range_order"))
	}
	if len(bad) > 0 {
		return nil, bad
	}
	if from == "" && to == "" {
		from, to = f.today, f.today
	}
	sql, args := pricing.DiscountCondition(q, pricing.DiscountFilter{From: from, To: to, TypeID: f.DiscountType,
		PriceFrom: f.DiscountPriceFrom, PriceTo: f.DiscountPriceTo})
	return q.Where(sql, args...), bad
}
