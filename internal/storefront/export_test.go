package storefront

import (
	"context"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// FacetsTwoWays answers the category's facets (without the attribute values) and total by
// the one-pass statement and by the reference: one statement per facet over base(skip), as
// the facets were counted before the one pass.
func (s *Service) FacetsTwoWays(ctx context.Context, categoryIDs []uint64, f CategoryProductsFilter, loggedIn bool) (onePass, reference Facets, onePassTotal, referenceTotal int64, err error) {
	q := &categoryQuery{db: s.db.WithContext(ctx), catIDs: categoryIDs, f: f, price: shownPriceSQL(loggedIn)}
	if err = s.valueGroups(ctx, q); err != nil {
		return
	}
	if onePass, onePassTotal, err = q.facetCounts(); err != nil {
		return
	}
	reference, referenceTotal, err = q.referenceFacets()
	return
}

func (q *categoryQuery) referenceFacets() (Facets, int64, error) {
	fc := Facets{Brands: []BrandFacet{}, Attributes: []AttributeFacet{}}
	var total int64
	if err := q.base("").Count(&total).Error; err != nil {
		return fc, 0, apperr.Wrap(err, "count")
	}
	var pr struct{ Lo, Hi *int64 }
	if err := q.base(facetPrice).Select("MIN(" + q.price + ") AS lo, MAX(" + q.price + ") AS hi").Scan(&pr).Error; err != nil {
		return fc, 0, err
	}
	if pr.Lo != nil && pr.Hi != nil {
		fc.PriceMin, fc.PriceMax = money.Para(*pr.Lo), money.Para(*pr.Hi)
	}
	if err := q.base(facetBrands).Joins("JOIN brands b ON b.id = products.brand_id").
		Select("b.id, b.name, COUNT(*) AS count").Group("b.id, b.name").Order("b.name, b.id").Scan(&fc.Brands).Error; err != nil {
		return fc, 0, err
	}
	if err := q.base(facetDiscount).Where(onActionSQL).Count(&fc.OnAction).Error; err != nil {
		return fc, 0, err
	}
	if err := q.base(facetInStock).Where(purchasableSQL).Count(&fc.InStock).Error; err != nil {
		return fc, 0, err
	}
	return fc, total, nil
}

// Unmemoized is the service computing every page afresh (the memo's reference).
func (s *Service) Unmemoized() *Service {
	c := *s
	c.memo = nil
	return &c
}

// Memoized tells whether the service keeps pages under the catalogue's mark (PostgreSQL).
func (s *Service) Memoized() bool { return s.memo != nil }

// CatalogueMark is the catalogue's change mark the memo reads.
func (s *Service) CatalogueMark(ctx context.Context) (int64, error) { return s.catalogueMark(ctx) }

// SelectHitsByCondition makes results pages select their hits by the match's condition
// whatever their number, until restore.
func SelectHitsByCondition() (restore func()) {
	was := hitIDsMax
	hitIDsMax = -1
	return func() { hitIDsMax = was }
}
