package pricing

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/platform/money"
)

// RuleScope is the products a web margin or an authenticated discount applies to: a main
// category, a supplier, a brand and an entry-price range (without VAT); nil is any, an open
// bound. Web margins also require the category (their check says so, the column is NOT NULL).
// The JSON names are the activity log's.
type RuleScope struct {
	CategoryID *uint64     `json:"category_id"`
	SupplierID *uint64     `json:"supplier_id"`
	BrandID    *uint64     `json:"brand_id"`
	PriceFrom  *money.Para `json:"price_from"`
	PriceTo    *money.Para `json:"price_to"`
}

// ScopeNames are the scope's category, supplier and brand with their names, filled on reads.
type ScopeNames struct {
	Category *Ref
	Supplier *Ref
	Brand    *Ref
}

// ScopePatch changes the scope's fields it sets (null: any, open).
type ScopePatch struct {
	CategoryID Opt[uint64]
	SupplierID Opt[uint64]
	BrandID    Opt[uint64]
	PriceFrom  Opt[money.Para]
	PriceTo    Opt[money.Para]
}

// ScopeFilter narrows a rule list to the rules naming this category, supplier or brand.
type ScopeFilter struct {
	CategoryID *uint64
	SupplierID *uint64
	BrandID    *uint64
}

// apply overlays the patch on s.
func (p ScopePatch) apply(s *RuleScope) {
	p.CategoryID.apply(&s.CategoryID)
	p.SupplierID.apply(&s.SupplierID)
	p.BrandID.apply(&s.BrandID)
	p.PriceFrom.apply(&s.PriceFrom)
	p.PriceTo.apply(&s.PriceTo)
}

// normalized turns 0 ids (a cleared select) into "any".
func (s RuleScope) normalized() RuleScope {
	for _, p := range []**uint64{&s.CategoryID, &s.SupplierID, &s.BrandID} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
	return s
}

// check adds the errors of the price range and of unknown references to f (inside tx).
func (s RuleScope) check(ctx context.Context, tx *gorm.DB, f *ruleFields) error {
	f.priceRange(s.PriceFrom, s.PriceTo)
	return checkReferences(ctx, tx, f, categoryRef("category_id", s.CategoryID), supplierRef(s.SupplierID), brandRef(s.BrandID))
}

// where narrows a list query to the filter's rules.
func (f ScopeFilter) where(q *gorm.DB) *gorm.DB {
	for _, c := range []struct {
		column string
		id     *uint64
	}{{"category_id", f.CategoryID}, {"supplier_id", f.SupplierID}, {"brand_id", f.BrandID}} {
		if c.id != nil {
			q = q.Where(c.column+" = ?", *c.id)
		}
	}
	return q
}

// scoped is a stored rule with a scope, which its list shows by name. Embedding RuleScope and
// ScopeNames gives a rule both methods.
type scoped interface {
	ruleScope() *RuleScope
	scopeNames() *ScopeNames
}

func (s *RuleScope) ruleScope() *RuleScope    { return s }
func (n *ScopeNames) scopeNames() *ScopeNames { return n }

// nameScopes fills a page of rules' category, supplier and brand names (three queries a page).
func nameScopes[T any, P interface {
	*T
	scoped
}](ctx context.Context, db *gorm.DB, rows []T) error {
	var cats, sups, brands []*uint64
	for i := range rows {
		s := P(&rows[i]).ruleScope()
		cats, sups, brands = append(cats, s.CategoryID), append(sups, s.SupplierID), append(brands, s.BrandID)
	}
	cn, err := names(ctx, db, "categories", "name", idsOf(cats...))
	if err != nil {
		return err
	}
	sn, err := names(ctx, db, "suppliers", "name", idsOf(sups...))
	if err != nil {
		return err
	}
	bn, err := names(ctx, db, "brands", "name", idsOf(brands...))
	if err != nil {
		return err
	}
	for i := range rows {
		s := P(&rows[i]).ruleScope()
		*P(&rows[i]).scopeNames() = ScopeNames{Category: refOf(s.CategoryID, cn), Supplier: refOf(s.SupplierID, sn), Brand: refOf(s.BrandID, bn)}
	}
	return nil
}

// getScoped loads one rule by id with its scope's names, or the thing's 404.
func getScoped[T any, P interface {
	*T
	scoped
}](ctx context.Context, db *gorm.DB, id uint64, thing string) (*T, error) {
	row, err := getRow[T](ctx, db, id, thing)
	if err != nil {
		return nil, err
	}
	rows := []T{*row}
	if err := nameScopes[T, P](ctx, db, rows); err != nil {
		return nil, err
	}
	return &rows[0], nil
}
