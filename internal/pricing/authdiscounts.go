package pricing

import (
	"context"
	"reflect"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// AuthDiscount is an authenticated ("logged") discount rule (spec/decisions.md "Prices"): the
// logged-in customers' discount off the web price, matched like web margins (category,
// supplier, brand, entry-price range; each nil = any). The formula never takes more than 20 %
// off, whatever the rule says.
type AuthDiscount struct {
	ID   uint64
	Name string
	RuleScope
	DiscountBps money.Bps
	CreatedAt   time.Time
	UpdatedAt   time.Time

	ScopeNames `gorm:"-"`
}

func (AuthDiscount) TableName() string { return "authenticated_discounts" }

// AuthDiscountInput is the form: name 2-255, discount 0.01 to 99.99 %, the rest optional;
// price from ≤ price to.
type AuthDiscountInput struct {
	Name string
	RuleScope
	Discount *money.Bps
}

// AuthDiscountPatch changes the fields it sets (null: any, open).
type AuthDiscountPatch struct {
	Name *string
	ScopePatch
	Discount Opt[money.Bps]
}

// AuthDiscountFilter is the list's query.
type AuthDiscountFilter struct {
	Search string // the name contains it
	ScopeFilter
	Page listing.Page
}

type authDiscountValues struct {
	Name string `json:"name"`
	RuleScope
	Discount money.Bps `json:"discount"`
}

func (d *AuthDiscount) values() authDiscountValues {
	return authDiscountValues{Name: d.Name, RuleScope: d.RuleScope, Discount: d.DiscountBps}
}

// ListAuthDiscounts answers a page of rules, newest first.
func (s *Service) ListAuthDiscounts(ctx context.Context, f AuthDiscountFilter) ([]AuthDiscount, int64, error) {
	q := s.db.WithContext(ctx).Model(&AuthDiscount{})
	if f.Search != "" {
		q = q.Where(`LOWER(name) LIKE ?`+db.LikeEscape, likeTerm(f.Search))
	}
	q = f.ScopeFilter.where(q)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count authenticated discounts")
	}
	var out []AuthDiscount
	if err := q.Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list authenticated discounts")
	}
	return out, total, nameScopes(ctx, s.db, out)
}

// GetAuthDiscount answers one rule or its 404.
func (s *Service) GetAuthDiscount(ctx context.Context, id uint64) (*AuthDiscount, error) {
	return getScoped[AuthDiscount](ctx, s.db, id, "logged_discount")
}

func checkAuthDiscount(ctx context.Context, tx *gorm.DB, in *AuthDiscountInput) error {
	var f ruleFields
	f.name(&in.Name)
	f.percent("discount", in.Discount, minRuleBps, maxRuleBps)
	if err := in.RuleScope.check(ctx, tx, &f); err != nil {
		return err
	}
	return f.err()
}

// CreateAuthDiscount adds a rule, logs it, and once committed asks for the prices of its
// category's products (every product's when it names no category).
func (s *Service) CreateAuthDiscount(ctx context.Context, in AuthDiscountInput) (*AuthDiscount, error) {
	in.RuleScope = in.RuleScope.normalized()
	var d *AuthDiscount
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkAuthDiscount(ctx, tx, &in); err != nil {
			return err
		}
		now := s.now()
		d = &AuthDiscount{Name: in.Name, RuleScope: in.RuleScope, DiscountBps: *in.Discount, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(d).Error; err != nil {
			return apperr.Wrap(err, "create authenticated discount")
		}
		return record(ctx, tx, activity.AuthenticatedDiscountCreated, activity.SubjectAuthenticatedDiscount, d.ID, nil, d.values())
	})
	if err != nil {
		return nil, err
	}
	if err := s.Schedule(ctx, categoryScopes(d.CategoryID, d.CategoryID)...); err != nil {
		return nil, err
	}
	return s.GetAuthDiscount(ctx, d.ID)
}

// UpdateAuthDiscount changes the fields the patch sets, logs old and new values, and once
// committed asks for the prices of the old and the new scope.
func (s *Service) UpdateAuthDiscount(ctx context.Context, id uint64, p AuthDiscountPatch) (*AuthDiscount, error) {
	var d *AuthDiscount
	var old authDiscountValues
	changed := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if d, err = getRow[AuthDiscount](ctx, tx, id, "logged_discount"); err != nil {
			return err
		}
		old = d.values()
		disc := d.DiscountBps
		in := AuthDiscountInput{Name: d.Name, RuleScope: d.RuleScope, Discount: &disc}
		if p.Name != nil {
			in.Name = *p.Name
		}
		p.ScopePatch.apply(&in.RuleScope)
		p.Discount.apply(&in.Discount)
		in.RuleScope = in.RuleScope.normalized()
		if err := checkAuthDiscount(ctx, tx, &in); err != nil {
			return err
		}
		d.Name, d.RuleScope, d.DiscountBps = in.Name, in.RuleScope, *in.Discount
		if reflect.DeepEqual(d.values(), old) {
			return nil
		}
		changed = true
		d.UpdatedAt = s.now()
		if err := tx.Select("*").Omit("created_at").Save(d).Error; err != nil {
			return apperr.Wrap(err, "update authenticated discount")
		}
		return record(ctx, tx, activity.AuthenticatedDiscountUpdated, activity.SubjectAuthenticatedDiscount, id, old, d.values())
	})
	if err != nil {
		return nil, err
	}
	if changed {
		if err := s.Schedule(ctx, categoryScopes(old.CategoryID, d.CategoryID)...); err != nil {
			return nil, err
		}
	}
	return s.GetAuthDiscount(ctx, id)
}

// DeleteAuthDiscount removes a rule, logs its values, and once committed asks for its scope's
// prices.
func (s *Service) DeleteAuthDiscount(ctx context.Context, id uint64) error {
	var old authDiscountValues
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		d, err := getRow[AuthDiscount](ctx, tx, id, "logged_discount")
		if err != nil {
			return err
		}
		old = d.values()
		if err := tx.Delete(&AuthDiscount{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete authenticated discount")
		}
		return record(ctx, tx, activity.AuthenticatedDiscountDeleted, activity.SubjectAuthenticatedDiscount, id, old, nil)
	})
	if err != nil {
		return err
	}
	return s.Schedule(ctx, categoryScopes(old.CategoryID, old.CategoryID)...)
}
