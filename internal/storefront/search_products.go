package storefront

import (
	"context"
	"strconv"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
)

// SortRelevance is the search results' default order: the search's own ranking.
const SortRelevance = "relevance"

// Hits are a set of products found elsewhere (the search's match) as a condition on the
// catalogue's product_summaries aliased products, and their best-first order.
type Hits struct {
	Scope     func(db *gorm.DB) *gorm.DB
	Relevance clause.Expr
}

// HitsPage is a page of hits with the facets of the category page.
type HitsPage struct {
	Products []catalog.ProductDetails
	Total    int64
	Facets   Facets
	// Category is the main category every hit shares (nil: they are in several); its
	// attributes are the attribute facet.
	Category *catalog.Category
}

// HitsProducts is a page of the active, visible hits filtered, sorted and paged as the
// category page (sort: relevance, the default, newest, price, -price, name, -name), with the
// same facets. The attribute facet is the one of the main category all hits share, if they
// share one: attributes belong to a category, and values of unrelated categories' attributes
// side by side mean nothing.
func (s *Service) HitsProducts(ctx context.Context, h Hits, f CategoryProductsFilter, page listing.Page, loggedIn bool) (*HitsPage, error) {
	sort := f.Sort
	if sort == "" {
		sort = SortRelevance
	}
	var order string
	if sort != SortRelevance {
		var ok bool
		if order, ok = sorts[sort]; !ok {
			return nil, apperr.InvalidFields(apperr.Field("sort", "validation.oneof"))
		}
	}
	size, err := PageSize(page.Size)
	if err != nil {
		return nil, err
	}
	page.Size = size
	db := s.db.WithContext(ctx)
	q := &categoryQuery{db: db, f: f, price: shownPriceSQL(loggedIn), scope: h.Scope}
	if err := s.valueGroups(ctx, q); err != nil {
		return nil, err
	}
	// The hits are read once when they are few: the match's condition (words in names,
	// descriptions, categories and brands; often a scan of every product) is then not
	// evaluated again by the category check, the facets and the page, which select among the
	// hits' ids. Past hitIDsMax a list costs more to plan and look up than a scan.
	var ids []uint64
	if err := q.bare().Limit(hitIDsMax+1).Pluck("products.id", &ids).Error; err != nil {
		return nil, apperr.Wrap(err, "storefront hits")
	}
	if len(ids) <= hitIDsMax {
		q.scope = inIDs(db, ids)
	}
	var shared struct{ Lo, Hi *uint64 }
	if err := q.bare().Select("MIN(products.main_category_id) AS lo, MAX(products.main_category_id) AS hi").Scan(&shared).Error; err != nil {
		return nil, apperr.Wrap(err, "storefront hits' category")
	}
	out := &HitsPage{}
	var catID uint64
	if shared.Lo != nil && shared.Hi != nil && *shared.Lo == *shared.Hi {
		catID = *shared.Lo
		cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: true})
		if err != nil {
			return nil, err
		}
		for _, c := range cats {
			if c.ID == catID {
				out.Category = c
			}
		}
	}
	var by any = q.order(order)
	if sort == SortRelevance {
		by = clause.OrderBy{Expression: h.Relevance}
	}
	if out.Products, out.Total, out.Facets, err = s.facetedPage(ctx, q, by, page, catID, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// hitIDsMax is the most hits a results page selects by id rather than by the match's condition
// (a variable for the test that compares both ways).
var hitIDsMax = 5000

// inIDs keeps a products query to ids. PostgreSQL takes them as one array (a hit set can be
// the whole catalogue, more than a statement's parameters), SQLite as a JSON array.
func inIDs(gdb *gorm.DB, ids []uint64) func(*gorm.DB) *gorm.DB {
	list := make([]string, len(ids))
	for i, id := range ids {
		list[i] = strconv.FormatUint(id, 10)
	}
	if db.IsPostgres(gdb) {
		array := "{" + strings.Join(list, ",") + "}"
		return func(q *gorm.DB) *gorm.DB { return q.Where("products.id = ANY(?::bigint[])", array) }
	}
	array := "[" + strings.Join(list, ",") + "]"
	return func(q *gorm.DB) *gorm.DB { return q.Where("products.id IN (SELECT value FROM json_each(?))", array) }
}
