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
	ID         uint64
	CategoryID uint64
	SupplierID *uint64
	BrandID    *uint64
	PriceFrom  *money.Para
	PriceTo    *money.Para
	MarginBps  money.Bps
	CreatedAt  time.Time
	UpdatedAt  time.Time

	// Names for lists and forms, filled on reads.
	Category *Ref `gorm:"-"`
	Supplier *Ref `gorm:"-"`
	Brand    *Ref `gorm:"-"`
}

func (WebMargin) TableName() string { return "web_margin_rules" }

// WebMarginInput is a web margin's form. Category and margin are required; the margin is 0.01 to
// 99.99 %; price from ≤ price to.
type WebMarginInput struct {
	CategoryID *uint64
	SupplierID *uint64
	BrandID    *uint64
	PriceFrom  *money.Para
	PriceTo    *money.Para
	Margin     *money.Bps
}

// WebMarginPatch changes the fields it sets (null supplier, brand or bound: any, open).
type WebMarginPatch struct {
	CategoryID Opt[uint64]
	SupplierID Opt[uint64]
	BrandID    Opt[uint64]
	PriceFrom  Opt[money.Para]
	PriceTo    Opt[money.Para]
	Margin     Opt[money.Bps]
}

// WebMarginFilter is the web-margin list's query.
type WebMarginFilter struct {
	CategoryID *uint64
	SupplierID *uint64
	BrandID    *uint64
	// Search: the category's name contains it.
	Search string
	Page   listing.Page
}

// webMarginValues are a rule's values as the activity log keeps them.
type webMarginValues struct {
	CategoryID uint64      `json:"category_id"`
	SupplierID *uint64     `json:"supplier_id"`
	BrandID    *uint64     `json:"brand_id"`
	PriceFrom  *money.Para `json:"price_from"`
	PriceTo    *money.Para `json:"price_to"`
	Margin     money.Bps   `json:"margin"`
}

func (m *WebMargin) values() webMarginValues {
	return webMarginValues{CategoryID: m.CategoryID, SupplierID: m.SupplierID, BrandID: m.BrandID, PriceFrom: m.PriceFrom,
		PriceTo: m.PriceTo, Margin: m.MarginBps}
}

// ListWebMargins answers a page of rules, newest first, with their names.
func (s *Service) ListWebMargins(ctx context.Context, f WebMarginFilter) ([]WebMargin, int64, error) {
	q := s.db.WithContext(ctx).Model(&WebMargin{})
	if f.CategoryID != nil {
		q = q.Where("category_id = ?", *f.CategoryID)
	}
	if f.SupplierID != nil {
		q = q.Where("supplier_id = ?", *f.SupplierID)
	}
	if f.BrandID != nil {
		q = q.Where("brand_id = ?", *f.BrandID)
	}
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

// scopeIDs and setScope let nameScopes name the rule's category, supplier and brand.
func (w *WebMargin) scopeIDs() (category, supplier, brand *uint64) {
	return &w.CategoryID, w.SupplierID, w.BrandID
}

func (w *WebMargin) setScope(category, supplier, brand *Ref) {
	w.Category, w.Supplier, w.Brand = category, supplier, brand
}

// GetWebMargin answers one rule or its 404.
func (s *Service) GetWebMargin(ctx context.Context, id uint64) (*WebMargin, error) {
	m, err := getRow[WebMargin](ctx, s.db, id, "web_margin")
	if err != nil {
		return nil, err
	}
	rows := []WebMargin{*m}
	if err := nameScopes(ctx, s.db, rows); err != nil {
		return nil, err
	}
	return &rows[0], nil
}

// checkWebMargin validates the form and its references (inside tx).
func checkWebMargin(ctx context.Context, tx *gorm.DB, in WebMarginInput) error {
	var f ruleFields
	if in.CategoryID == nil || *in.CategoryID == 0 {
		f.add("category_id", "validation.required")
	}
	f.percent("margin", in.Margin, minRuleBps, maxRuleBps)
	f.priceRange(in.PriceFrom, in.PriceTo)
	if err := checkReferences(ctx, tx, &f, categoryRef("category_id", in.CategoryID), supplierRef(in.SupplierID), brandRef(in.BrandID)); err != nil {
		return err
	}
	return f.err()
}

// CreateWebMargin adds a rule, logs it, and once committed asks for its category's prices.
func (s *Service) CreateWebMargin(ctx context.Context, in WebMarginInput) (*WebMargin, error) {
	in = normalizeWebMargin(in)
	var m *WebMargin
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkWebMargin(ctx, tx, in); err != nil {
			return err
		}
		now := s.now()
		m = &WebMargin{CategoryID: *in.CategoryID, SupplierID: in.SupplierID, BrandID: in.BrandID, PriceFrom: in.PriceFrom,
			PriceTo: in.PriceTo, MarginBps: *in.Margin, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(m).Error; err != nil {
			return apperr.Wrap(err, "create web margin")
		}
		return record(ctx, tx, activity.WebMarginCreated, activity.SubjectWebMargin, m.ID, nil, m.values())
	})
	if err != nil {
		return nil, err
	}
	if err := s.Schedule(ctx, MainCategory(m.CategoryID)); err != nil {
		return nil, err
	}
	return s.GetWebMargin(ctx, m.ID)
}

// normalizeWebMargin turns 0 ids (a cleared select) into "any".
func normalizeWebMargin(in WebMarginInput) WebMarginInput {
	for _, p := range []**uint64{&in.SupplierID, &in.BrandID} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
	return in
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
		cat, margin := m.CategoryID, m.MarginBps
		in := WebMarginInput{CategoryID: &cat, SupplierID: m.SupplierID, BrandID: m.BrandID, PriceFrom: m.PriceFrom, PriceTo: m.PriceTo, Margin: &margin}
		p.CategoryID.apply(&in.CategoryID)
		p.SupplierID.apply(&in.SupplierID)
		p.BrandID.apply(&in.BrandID)
		p.PriceFrom.apply(&in.PriceFrom)
		p.PriceTo.apply(&in.PriceTo)
		p.Margin.apply(&in.Margin)
		in = normalizeWebMargin(in)
		if err := checkWebMargin(ctx, tx, in); err != nil {
			return err
		}
		m.CategoryID, m.SupplierID, m.BrandID, m.PriceFrom, m.PriceTo, m.MarginBps = *in.CategoryID, in.SupplierID, in.BrandID, in.PriceFrom, in.PriceTo, *in.Margin
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
	return s.Schedule(ctx, MainCategory(m.CategoryID))
}
