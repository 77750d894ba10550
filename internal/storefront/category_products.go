package storefront

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// Storefront page sizes (spec 9): 24, 48, 72; 96 is answered as 72.
const (
	DefaultPageSize = 24
	MaxPageSize     = 96
)

// PageSize maps a requested storefront page size onto the allowed ones (96 → 72); any other
// size is a 422 on paginate.
func PageSize(n int) (int, error) {
	switch n {
	case 24, 48, 72:
		return n, nil
	case 96:
		return 72, nil
	}
	return 0, apperr.InvalidFields(apperr.Field("paginate", "validation.oneof"))
}

// CategoryProductsFilter is the category page's query (the `form` tags are what the one
// list-parameter parser reads). values are attribute value ids: values of one attribute are
// alternatives, different attributes all apply.
type CategoryProductsFilter struct {
	Brands    []uint64    `form:"brands"`
	Values    []uint64    `form:"values"`
	PriceFrom *money.Para `form:"price_from"`
	PriceTo   *money.Para `form:"price_to"`
	// Discount: on action today; InStock: purchasable (in stock, web price not below the category's min price).
	Discount bool `form:"discount"`
	InStock  bool `form:"in_stock"`
	// Sort: price, -price, newest (default), name, -name. price is the caller's shown price.
	Sort string `form:"sort"`
}

var sorts = map[string]string{
	"":       "products.created_at DESC, products.id DESC",
	"newest": "products.created_at DESC, products.id DESC",
	"price":  "%s ASC, products.id",
	"-price": "%s DESC, products.id",
	"name":   "products.name ASC, products.id",
	"-name":  "products.name DESC, products.id",
}

// Facets describe the category's products for its filter panel. Each facet counts the
// products matching every other chosen filter (not its own), so choosing a brand still
// shows the other brands' counts.
type Facets struct {
	PriceMin   money.Para
	PriceMax   money.Para
	Brands     []BrandFacet
	Attributes []AttributeFacet
	OnAction   int64
	InStock    int64
}

// BrandFacet is one brand with its product count.
type BrandFacet struct {
	ID    uint64
	Name  string
	Count int64
}

// AttributeFacet is one filterable attribute with its values.
type AttributeFacet struct {
	ID     uint64
	Name   string
	Values []ValueFacet
}

// ValueFacet is one value of an attribute with its product count.
type ValueFacet struct {
	ID    uint64
	Value string
	Count int64
}

// CategoryPage is a page of a category's products with the facets.
type CategoryPage struct {
	Category *catalog.Category
	Products []catalog.ProductDetails
	Total    int64
	Facets   Facets
}

// purchasableSQL is the catalogue's cart rule (product_summaries.buyable): live, in stock,
// the web price not below the main category's min price.
const purchasableSQL = "products.buyable"

// shownPriceSQL is pricing's shown-price rule over the stored derived prices.
func shownPriceSQL(loggedIn bool) string {
	if loggedIn {
		return "COALESCE(products.discount_price, products.authenticated_price)"
	}
	return "COALESCE(products.discount_price, products.web_price)"
}

// categoryQuery is the state of one category page's query.
type categoryQuery struct {
	db     *gorm.DB
	catIDs []uint64
	// scope, when set, replaces the category condition (an action's products: actions.go).
	// Queries are over the catalogue's product_summaries aliased products.
	scope  func(*gorm.DB) *gorm.DB
	f      CategoryProductsFilter
	groups [][]uint64 // chosen values by attribute
	price  string
}

// withContext is q running its statements on ctx.
func (q *categoryQuery) withContext(ctx context.Context) *categoryQuery {
	c := *q
	c.db = q.db.WithContext(ctx)
	return &c
}

// bare is the listing's live products (the category tree's, or the scope's) before any filter.
func (q *categoryQuery) bare() *gorm.DB {
	db := q.db.Table("product_summaries products").Where("products.live")
	if q.scope != nil {
		return q.scope(db)
	}
	cond, args := catalog.InCategories(q.catIDs)
	return db.Where(cond, args...)
}

// filter is one chosen filter as SQL over products; facet names the facet it belongs to
// (a facet counts with every filter but its own).
type filter struct {
	facet string
	sql   string
	args  []any
}

// Facet names.
const (
	facetBrands   = "brands"
	facetValues   = "values"
	facetPrice    = "price"
	facetDiscount = "discount"
	facetInStock  = "in_stock"
)

// onActionSQL is "on action today": pricing writes discount_price only for today's discounts.
const onActionSQL = "products.discount_price IS NOT NULL"

// filters are the chosen filters.
func (q *categoryQuery) filters() []filter {
	var out []filter
	if len(q.f.Brands) > 0 {
		out = append(out, filter{facetBrands, "products.brand_id IN ?", []any{q.f.Brands}})
	}
	for _, g := range q.groups {
		out = append(out, filter{facetValues, "EXISTS (SELECT 1 FROM product_values pv WHERE pv.product_id = products.id AND pv.value_id IN ?)", []any{g}})
	}
	if q.f.PriceFrom != nil {
		out = append(out, filter{facetPrice, q.price + " >= ?", []any{*q.f.PriceFrom}})
	}
	if q.f.PriceTo != nil {
		out = append(out, filter{facetPrice, q.price + " <= ?", []any{*q.f.PriceTo}})
	}
	if q.f.Discount {
		out = append(out, filter{facetDiscount, onActionSQL, nil})
	}
	if q.f.InStock {
		out = append(out, filter{facetInStock, purchasableSQL, nil})
	}
	return out
}

// base is the listing's products matching every filter but skip's.
func (q *categoryQuery) base(skip string) *gorm.DB {
	db := q.bare()
	for _, f := range q.filters() {
		if f.facet != skip {
			db = db.Where(f.sql, f.args...)
		}
	}
	return db
}

// CategoryProducts is a page of the active category's (and its active subcategories')
// active, visible products with the facets, priced for a guest or a logged-in customer.
// Unknown or inactive category: 404.
func (s *Service) CategoryProducts(ctx context.Context, slug string, f CategoryProductsFilter, page listing.Page, loggedIn bool) (*CategoryPage, error) {
	order, ok := sorts[f.Sort]
	if !ok {
		return nil, apperr.InvalidFields(apperr.Field("sort", "validation.oneof"))
	}
	size, err := PageSize(page.Size)
	if err != nil {
		return nil, err
	}
	page.Size = size
	mark, err := s.catalogueMark(ctx)
	if err != nil {
		return nil, err
	}
	cats, err := s.activeCategories(ctx, mark)
	if err != nil {
		return nil, err
	}
	var cat *catalog.Category
	children := map[uint64][]uint64{}
	for _, c := range cats {
		if c.Slug == slug {
			own := *c // the tree may be the memo's, shared by every request
			cat = &own
		}
		if c.ParentID != nil {
			children[*c.ParentID] = append(children[*c.ParentID], c.ID)
		}
	}
	if cat == nil {
		return nil, apperr.NotFoundThing("category")
	}
	ids := []uint64{cat.ID}
	for i := 0; i < len(ids); i++ {
		ids = append(ids, children[ids[i]]...)
	}
	q := &categoryQuery{db: s.db.WithContext(ctx), catIDs: ids, f: f, price: shownPriceSQL(loggedIn)}
	if err := s.valueGroups(ctx, q); err != nil {
		return nil, err
	}
	out := &CategoryPage{Category: cat}
	memo := &facetMemo{mark: mark, key: categoryFacetKey(cat.ID, f, loggedIn)}
	if out.Products, out.Total, out.Facets, err = s.facetedPage(ctx, q, q.order(order), page, cat.ID, memo); err != nil {
		return nil, err
	}
	return out, nil
}

// valueGroups reads the chosen attribute values' attributes: values of one attribute are
// alternatives (one group), different attributes all apply.
func (s *Service) valueGroups(ctx context.Context, q *categoryQuery) error {
	if len(q.f.Values) == 0 {
		return nil
	}
	vs, err := s.cat.ValueAttributes(ctx, q.f.Values)
	if err != nil {
		return err
	}
	by := map[uint64][]uint64{}
	var attrs []uint64
	for _, v := range vs {
		if by[v.AttributeID] == nil {
			attrs = append(attrs, v.AttributeID)
		}
		by[v.AttributeID] = append(by[v.AttributeID], v.ID)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i] < attrs[j] })
	for _, a := range attrs {
		q.groups = append(q.groups, by[a])
	}
	if len(q.groups) == 0 { // only unknown values: nothing matches
		q.groups = [][]uint64{{0}}
	}
	return nil
}

// productPage is one page of q's products in order (a sorts entry), with the total.
func (s *Service) productPage(ctx context.Context, q *categoryQuery, order string, page listing.Page) ([]catalog.ProductDetails, int64, error) {
	var total int64
	if err := q.base("").Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "storefront count")
	}
	products, err := s.pageOf(ctx, q, q.order(order), page)
	return products, total, err
}

// order is a sorts entry as SQL (the price sorts name the caller's shown price).
func (q *categoryQuery) order(sortSQL string) string {
	if len(sortSQL) > 0 && sortSQL[0] == '%' {
		return q.price + sortSQL[2:]
	}
	return sortSQL
}

// pageOf is one page of q's products in order (SQL, or a clause with arguments): their ids
// from the read model, their cards from the catalogue.
func (s *Service) pageOf(ctx context.Context, q *categoryQuery, order any, page listing.Page) ([]catalog.ProductDetails, error) {
	var ids []uint64
	if err := q.base("").Order(order).Offset(page.Offset()).Limit(page.Size).Pluck("products.id", &ids).Error; err != nil {
		return nil, apperr.Wrap(err, "storefront page")
	}
	return s.cat.ProductsByID(ctx, ids, catalog.ProductIncludes{MainCategory: true, MainImage: true})
}

// facetedPage is one page of q's products in order with the total and the facets (the
// attribute facet: categoryID's attributes; 0: none).
func (s *Service) facetedPage(ctx context.Context, q *categoryQuery, order any, page listing.Page, categoryID uint64, memo *facetMemo) ([]catalog.ProductDetails, int64, Facets, error) {
	load := func(ctx context.Context) (Facets, int64, error) {
		q := q.withContext(ctx)
		fc, total, err := q.facetCounts()
		if err != nil {
			return fc, 0, err
		}
		fc.Attributes, err = s.attributeFacet(ctx, q, categoryID)
		return fc, total, err
	}
	var fc Facets
	var total int64
	var err error
	if s.memo != nil && memo != nil {
		fc, total, err = s.memo.facets(ctx, memo.mark, memo.key, load)
	} else {
		fc, total, err = load(ctx)
	}
	if err != nil {
		return nil, 0, fc, err
	}
	products, err := s.pageOf(ctx, q, order, page)
	return products, total, fc, err
}

// facetMemo names a page's facets in the page memo: the catalogue mark the request read and
// the page's filter key (nil: not kept, e.g. search hits, whose key would be the whole query).
type facetMemo struct {
	mark int64
	key  string
}

// categoryFacetKey is what a category page's facets and total depend on besides the
// catalogue: the category, the chosen filters (not the sort nor the page) and the price shown.
func categoryFacetKey(categoryID uint64, f CategoryProductsFilter, loggedIn bool) string {
	ids := func(in []uint64) []uint64 {
		out := append([]uint64(nil), in...)
		sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
		return out
	}
	price := func(p *money.Para) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(int64(*p))
	}
	return fmt.Sprintf("c%d b%v v%v p%s-%s d%t s%t l%t", categoryID, ids(f.Brands), ids(f.Values),
		price(f.PriceFrom), price(f.PriceTo), f.Discount, f.InStock, loggedIn)
}

// catalogueMark is the catalogue's change mark for the page memo (0 without a memo).
func (s *Service) catalogueMark(ctx context.Context) (int64, error) {
	if s.memo == nil {
		return 0, nil
	}
	return s.memo.current(ctx)
}

// activeCategories is the active category tree, the memo's for this mark when there is one.
func (s *Service) activeCategories(ctx context.Context, mark int64) ([]*catalog.Category, error) {
	load := func(ctx context.Context) ([]*catalog.Category, error) {
		cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: true})
		return cats, err
	}
	if s.memo == nil {
		return load(ctx)
	}
	return s.memo.categories(ctx, mark, load)
}

// facetCounts are the total and every facet but the attribute values in one pass over the
// listing's products: each row is read once with a flag per chosen filter, and each count is
// an aggregate FILTER over the rows matching every flag but its facet's (one per brand: the
// rows are grouped by brand, the other counts summed over the groups). The attribute values
// need a join to product_attributes (a product has many), so they keep their own statement.
func (q *categoryQuery) facetCounts() (Facets, int64, error) {
	fc := Facets{Brands: []BrandFacet{}, Attributes: []AttributeFacet{}}
	cols := []string{"products.brand_id AS brand_id", "products.brand_name AS brand_name", q.price + " AS price",
		"(" + onActionSQL + ") AS on_action", "(" + purchasableSQL + ") AS in_stock"}
	var args []any
	var flags []string // facet names with a chosen filter, in order
	byFacet := map[string][]filter{}
	for _, f := range q.filters() {
		if byFacet[f.facet] == nil {
			flags = append(flags, f.facet)
		}
		byFacet[f.facet] = append(byFacet[f.facet], f)
	}
	for _, name := range flags {
		parts := make([]string, len(byFacet[name]))
		for i, f := range byFacet[name] {
			parts[i] = "(" + f.sql + ")"
			args = append(args, f.args...)
		}
		cols = append(cols, "("+strings.Join(parts, " AND ")+") AS f_"+name)
	}
	// but is the FILTER condition of the rows matching every chosen filter but skip's.
	but := func(skip string) string {
		var c []string
		for _, name := range flags {
			if name != skip {
				c = append(c, "x.f_"+name)
			}
		}
		if len(c) == 0 {
			return "1 = 1"
		}
		return strings.Join(c, " AND ")
	}
	outer := "x.brand_id AS brand_id, x.brand_name AS brand_name, " +
		"COUNT(*) FILTER (WHERE " + but("") + ") AS total, " +
		"COUNT(*) FILTER (WHERE " + but(facetBrands) + ") AS brand_count, " +
		"MIN(x.price) FILTER (WHERE " + but(facetPrice) + ") AS price_lo, " +
		"MAX(x.price) FILTER (WHERE " + but(facetPrice) + ") AS price_hi, " +
		"COUNT(*) FILTER (WHERE " + but(facetDiscount) + " AND x.on_action) AS on_action, " +
		"COUNT(*) FILTER (WHERE " + but(facetInStock) + " AND x.in_stock) AS in_stock"
	var rows []struct {
		BrandID          *uint64
		BrandName        *string
		Total            int64
		BrandCount       int64
		PriceLo, PriceHi *int64
		OnAction         int64
		InStock          int64
	}
	inner := q.bare().Select(strings.Join(cols, ", "), args...)
	if err := q.db.Table("(?) x", inner).Select(outer).
		Group("x.brand_id, x.brand_name").Order("x.brand_name, x.brand_id").Scan(&rows).Error; err != nil {
		return fc, 0, apperr.Wrap(err, "storefront facets")
	}
	var total int64
	var lo, hi *int64
	for _, r := range rows {
		total += r.Total
		fc.OnAction += r.OnAction
		fc.InStock += r.InStock
		if r.PriceLo != nil && (lo == nil || *r.PriceLo < *lo) {
			lo = r.PriceLo
		}
		if r.PriceHi != nil && (hi == nil || *r.PriceHi > *hi) {
			hi = r.PriceHi
		}
		// brand_name is '' without a brand (the read model's COALESCE).
		if r.BrandID != nil && r.BrandName != nil && *r.BrandName != "" && r.BrandCount > 0 {
			fc.Brands = append(fc.Brands, BrandFacet{ID: *r.BrandID, Name: *r.BrandName, Count: r.BrandCount})
		}
	}
	if lo != nil && hi != nil {
		fc.PriceMin, fc.PriceMax = money.Para(*lo), money.Para(*hi)
	}
	return fc, total, nil
}

// attributeFacet is the category's active attributes with the values its products have
// (categoryID 0, search hits in several categories: none).
func (s *Service) attributeFacet(ctx context.Context, q *categoryQuery, categoryID uint64) ([]AttributeFacet, error) {
	out := []AttributeFacet{}
	if categoryID == 0 {
		return out, nil
	}
	attrs, err := s.cat.FilterAttributes(ctx, categoryID)
	if err != nil || len(attrs) == 0 {
		return out, err
	}
	ids := make([]uint64, len(attrs))
	for i, a := range attrs {
		ids[i] = a.ID
	}
	var vs []struct {
		AttributeID, ID uint64
		Value           string
		Count           int64
	}
	// value IS NOT NULL: a value row gone from attribute_values is not shown, as before the
	// read model's LEFT JOIN.
	err = q.base("values").Joins("JOIN product_values pv ON pv.product_id = products.id").
		Where("pv.attribute_id IN ? AND pv.value IS NOT NULL", ids).
		Select("pv.attribute_id, pv.value_id AS id, pv.value, COUNT(DISTINCT products.id) AS count").
		Group("pv.attribute_id, pv.value_id, pv.value").Order("pv.value, pv.value_id").Scan(&vs).Error
	if err != nil {
		return nil, apperr.Wrap(err, "storefront facet values")
	}
	by := map[uint64][]ValueFacet{}
	for _, v := range vs {
		by[v.AttributeID] = append(by[v.AttributeID], ValueFacet{ID: v.ID, Value: v.Value, Count: v.Count})
	}
	for _, a := range attrs {
		if len(by[a.ID]) > 0 {
			out = append(out, AttributeFacet{ID: a.ID, Name: a.Name, Values: by[a.ID]})
		}
	}
	return out, nil
}
