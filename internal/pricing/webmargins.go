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

// WebMargin is a web-margin rule (spec/decisions.md "Prices"): the margin of the products of a
// main category, narrowed by supplier, brand and an entry-price range (without VAT; nil = any,
// open). The most specific matching rule gives a product's web margin; none: the category's.
type WebMargin struct {
	ID uint64
	RuleScope
	MarginBps money.Bps
	CreatedAt time.Time
	UpdatedAt time.Time

	ScopeNames `gorm:"-"`
}

func (WebMargin) TableName() string { return "web_margin_rules" }

// WebMarginInput is a web margin's form. Category and margin are required; the margin is 0.01 to
// 99.99 %; price from ≤ price to.
type WebMarginInput struct {
	RuleScope
	Margin *money.Bps
}

// WebMarginPatch changes the fields it sets (null supplier, brand or bound: any, open).
type WebMarginPatch struct {
	ScopePatch
	Margin Opt[money.Bps]
}

// WebMarginFilter is the web-margin list's query.
type WebMarginFilter struct {
	ScopeFilter
	// Search: the category's name contains it.
	Search string
	Page   listing.Page
}

// webMarginValues are a rule's values as the activity log keeps them.
type webMarginValues struct {
	RuleScope
	Margin money.Bps `json:"margin"`
}

func (m *WebMargin) values() webMarginValues {
	return webMarginValues{RuleScope: m.RuleScope, Margin: m.MarginBps}
}

// ListWebMargins answers a page of rules, newest first, with their names.
func (s *Service) ListWebMargins(ctx context.Context, f WebMarginFilter) ([]WebMargin, int64, error) {
	q := f.ScopeFilter.where(s.db.WithContext(ctx).Model(&WebMargin{}))
	if f.Search != "" {
		q = q.Where(`category_id IN (SELECT id FROM categories WHERE LOWER(name) LIKE ?`+db.LikeEscape+`)`, likeTerm(f.Search))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count web margins")
	}
	var out []WebMargin
	if err := q.Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list web margins")
	}
	return out, total, nameScopes(ctx, s.db, out)
}

// GetWebMargin answers one rule or its 404.
func (s *Service) GetWebMargin(ctx context.Context, id uint64) (*WebMargin, error) {
	return getScoped[WebMargin](ctx, s.db, id, "web_margin")
}

// checkWebMargin validates the form and its references (inside tx).
func checkWebMargin(ctx context.Context, tx *gorm.DB, in WebMarginInput) error {
	var f ruleFields
	if in.CategoryID == nil || *in.CategoryID == 0 {
		f.add("category_id", "validation.required")
	}
	f.percent("margin", in.Margin, minRuleBps, maxRuleBps)
	if err := in.RuleScope.check(ctx, tx, &f); err != nil {
		return err
	}
	return f.err()
}

// CreateWebMargin adds a rule, logs it, and once committed asks for its category's prices.
func (s *Service) CreateWebMargin(ctx context.Context, in WebMarginInput) (*WebMargin, error) {
	in.RuleScope = in.RuleScope.normalized()
	var m *WebMargin
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkWebMargin(ctx, tx, in); err != nil {
			return err
		}
		now := s.now()
		m = &WebMargin{RuleScope: in.RuleScope, MarginBps: *in.Margin, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(m).Error; err != nil {
			return apperr.Wrap(err, "create web margin")
		}
		return record(ctx, tx, activity.WebMarginCreated, activity.SubjectWebMargin, m.ID, nil, m.values())
	})
	if err != nil {
		return nil, err
	}
	if err := s.Schedule(ctx, categoryScopes(m.CategoryID, m.CategoryID)...); err != nil {
		return nil, err
	}
	return s.GetWebMargin(ctx, m.ID)
}

// UpdateWebMargin changes the fields the patch sets, logs old and new values, and once committed
// asks for the prices of the old and the new category.
func (s *Service) UpdateWebMargin(ctx context.Context, id uint64, p WebMarginPatch) (*WebMargin, error) {
	var old webMarginValues
	var m *WebMargin
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if m, err = getRow[WebMargin](ctx, tx, id, "web_margin"); err != nil {
			return err
		}
		old = m.values()
		margin := m.MarginBps
		in := WebMarginInput{RuleScope: m.RuleScope, Margin: &margin}
		p.ScopePatch.apply(&in.RuleScope)
		p.Margin.apply(&in.Margin)
		in.RuleScope = in.RuleScope.normalized()
		if err := checkWebMargin(ctx, tx, in); err != nil {
			return err
		}
		m.RuleScope, m.MarginBps = in.RuleScope, *in.Margin
		if reflect.DeepEqual(m.values(), old) {
			return nil // nothing changed: nothing to write, log or reprice
		}
		m.UpdatedAt = s.now()
		if err := tx.Select("*").Omit("created_at").Save(m).Error; err != nil {
			return apperr.Wrap(err, "update web margin")
		}
		return record(ctx, tx, activity.WebMarginUpdated, activity.SubjectWebMargin, m.ID, old, m.values())
	})
	if err != nil {
		return nil, err
	}
	if !reflect.DeepEqual(m.values(), old) {
		if err := s.Schedule(ctx, categoryScopes(old.CategoryID, m.CategoryID)...); err != nil {
			return nil, err
		}
	}
	return s.GetWebMargin(ctx, id)
}

// DeleteWebMargin removes a rule, logs its values, and once committed asks for its category's
// prices (which fall back to another rule or the category's margin).
func (s *Service) DeleteWebMargin(ctx context.Context, id uint64) error {
	var m *WebMargin
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if m, err = getRow[WebMargin](ctx, tx, id, "web_margin"); err != nil {
			return err
		}
		if err := tx.Delete(&WebMargin{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete web margin")
		}
		return record(ctx, tx, activity.WebMarginDeleted, activity.SubjectWebMargin, id, m.values(), nil)
	})
	if err != nil {
		return err
	}
	return s.Schedule(ctx, categoryScopes(m.CategoryID, m.CategoryID)...)
}
