package storefront

import (
	"context"
	"sort"

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
	// Discount: on action today; InStock: purchasable (web price not below the category's min price).
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

type BrandFacet struct {
	ID    uint64
	Name  string
	Count int64
}

type AttributeFacet struct {
	ID     uint64
	Name   string
	Values []ValueFacet
}

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

// purchasableSQL is the purchasable rule's price part: the web price not below the product's
// main category's min price (active and visible are the page's own conditions). Written as NOT
// EXISTS so PostgreSQL plans an anti-join with the (small) categories table; the scalar
// subquery it replaces ran once per product row and its cost estimate switched JIT on.
const purchasableSQL = "NOT EXISTS (SELECT 1 FROM categories mc WHERE mc.id = products.main_category_id AND mc.min_price > products.web_price)"

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
	scope  func(*gorm.DB) *gorm.DB
	f      CategoryProductsFilter
	groups [][]uint64 // chosen values by attribute
	price  string
}

// bare is the listing's active, visible products (the category tree's, or the scope's)
// before any filter.
func (q *categoryQuery) bare() *gorm.DB {
	db := q.db.Table("products").Where("products.active = ? AND products.visible = ?", true, true)
	if q.scope != nil {
		return q.scope(db)
	}
	// A product's main category is one of its product_categories rows (migration 0010), so
	// one semi-join answers "in the category tree"; an OR with main_category_id made it a
	// subplan over every active product.
	return db.Where("products.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ?)", q.catIDs)
}

// base is the listing's products matching every filter but skip's.
func (q *categoryQuery) base(skip string) *gorm.DB {
	db := q.bare()
	if skip != "brands" && len(q.f.Brands) > 0 {
		db = db.Where("products.brand_id IN ?", q.f.Brands)
	}
	if skip != "values" {
		for _, g := range q.groups {
			db = db.Where("EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = products.id AND pa.active = ? AND pa.attribute_value_id IN ?)", true, g)
		}
	}
	if skip != "price" && q.f.PriceFrom != nil {
		db = db.Where(q.price+" >= ?", *q.f.PriceFrom)
	}
	if skip != "price" && q.f.PriceTo != nil {
		db = db.Where(q.price+" <= ?", *q.f.PriceTo)
	}
	if skip != "discount" && q.f.Discount {
		db = db.Where("products.discount_price IS NOT NULL")
	}
	if skip != "in_stock" && q.f.InStock {
		db = db.Where(purchasableSQL)
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
	cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	var cat *catalog.Category
	children := map[uint64][]uint64{}
	for _, c := range cats {
		if c.Slug == slug {
			cat = c
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
	if err := q.valueGroups(); err != nil {
		return nil, err
	}
	out := &CategoryPage{Category: cat}
	if out.Products, out.Total, err = s.productPage(ctx, q, order, page); err != nil {
		return nil, err
	}
	if out.Facets, err = s.facets(q, cat.ID); err != nil {
		return nil, err
	}
	return out, nil
}

// valueGroups reads the chosen attribute values' attributes: values of one attribute are
// alternatives (one group), different attributes all apply.
func (q *categoryQuery) valueGroups() error {
	if len(q.f.Values) == 0 {
		return nil
	}
	var vs []struct{ ID, AttributeID uint64 }
	if err := q.db.Table("attribute_values").Select("id, attribute_id").Where("id IN ?", q.f.Values).Scan(&vs).Error; err != nil {
		return apperr.Wrap(err, "storefront values")
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
	if len(order) > 0 && order[0] == '%' {
		order = q.price + order[2:]
	}
	return s.productPageBy(ctx, q, order, page)
}

// productPageBy is one page of q's products in order (SQL or a clause with arguments), with
// the total.
func (s *Service) productPageBy(ctx context.Context, q *categoryQuery, order any, page listing.Page) ([]catalog.ProductDetails, int64, error) {
	products := []catalog.ProductDetails{}
	var total int64
	if err := q.base("").Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "storefront count")
	}
	var pageIDs []uint64
	if err := q.base("").Order(order).Offset(page.Offset()).Limit(page.Size).Pluck("products.id", &pageIDs).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "storefront page")
	}
	if len(pageIDs) > 0 {
		var err error
		if products, err = s.cat.ProductsByID(ctx, pageIDs, catalog.ProductIncludes{MainCategory: true, MainImage: true}); err != nil {
			return nil, 0, err
		}
	}
	return products, total, nil
}

func (s *Service) facets(q *categoryQuery, categoryID uint64) (Facets, error) {
	var fc Facets
	wrap := func(err error, what string) error { return apperr.Wrap(err, "storefront facet "+what) }
	var pr struct{ Lo, Hi *int64 }
	if err := q.base("price").Select("MIN(" + q.price + ") AS lo, MAX(" + q.price + ") AS hi").Scan(&pr).Error; err != nil {
		return fc, wrap(err, "price")
	}
	if pr.Lo != nil && pr.Hi != nil {
		fc.PriceMin, fc.PriceMax = money.Para(*pr.Lo), money.Para(*pr.Hi)
	}
	fc.Brands = []BrandFacet{}
	if err := q.base("brands").Joins("JOIN brands b ON b.id = products.brand_id").
		Select("b.id, b.name, COUNT(*) AS count").Group("b.id, b.name").Order("b.name, b.id").Scan(&fc.Brands).Error; err != nil {
		return fc, wrap(err, "brands")
	}
	var err error
	if fc.Attributes, err = q.attributeFacet(categoryID); err != nil {
		return fc, err
	}
	if err := q.base("discount").Where("products.discount_price IS NOT NULL").Count(&fc.OnAction).Error; err != nil {
		return fc, wrap(err, "on action")
	}
	if err := q.base("in_stock").Where(purchasableSQL).Count(&fc.InStock).Error; err != nil {
		return fc, wrap(err, "in stock")
	}
	return fc, nil
}

// attributeFacet is the category's active attributes with the values its products have
// (categoryID 0, search hits in several categories: none).
func (q *categoryQuery) attributeFacet(categoryID uint64) ([]AttributeFacet, error) {
	out := []AttributeFacet{}
	if categoryID == 0 {
		return out, nil
	}
	wrap := func(err error, what string) error { return apperr.Wrap(err, "storefront facet "+what) }
	var attrs []struct {
		ID   uint64
		Name string
	}
	if err := q.db.Table("category_attributes ca").Joins("JOIN attributes a ON a.id = ca.attribute_id").
		Where("ca.category_id = ? AND ca.active = ? AND a.active = ?", categoryID, true, true).
		Select("a.id, a.name").Order("ca.position, a.id").Scan(&attrs).Error; err != nil {
		return nil, wrap(err, "attributes")
	}
	if len(attrs) > 0 {
		ids := make([]uint64, len(attrs))
		for i, a := range attrs {
			ids[i] = a.ID
		}
		var vs []struct {
			AttributeID, ID uint64
			Value           string
			Count           int64
		}
		err := q.base("values").Joins("JOIN product_attributes pa ON pa.product_id = products.id AND pa.active = ?", true).
			Joins("JOIN attribute_values av ON av.id = pa.attribute_value_id").Where("pa.attribute_id IN ?", ids).
			Select("pa.attribute_id, av.id, av.value, COUNT(DISTINCT products.id) AS count").
			Group("pa.attribute_id, av.id, av.value").Order("av.value, av.id").Scan(&vs).Error
		if err != nil {
			return nil, wrap(err, "values")
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
	}
	return out, nil
}
