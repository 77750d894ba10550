package pricing

import (
	"context"
	"reflect"
	"slices"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// RecommendedPrice is a recommended-price rule (spec/decisions.md "Prices"): it caps the web
// price of a manufacturer's products (in the listed categories; none listed: every category)
// at the supplier's recommended price lowered by Lower.
type RecommendedPrice struct {
	ID             uint64
	Name           string
	ManufacturerID uint64
	LowerBps       money.Bps
	CreatedAt      time.Time
	UpdatedAt      time.Time

	// Filled on reads.
	Manufacturer *Ref  `gorm:"-"`
	Categories   []Ref `gorm:"-"`
}

func (RecommendedPrice) TableName() string { return "recommended_prices" }

// recommendedPriceCategory lists a rule's categories.
type recommendedPriceCategory struct {
	RecommendedPriceID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID         uint64 `gorm:"primaryKey;autoIncrement:false"`
}

func (recommendedPriceCategory) TableName() string { return "recommended_price_categories" }

// RecommendedPriceInput is the form: name 2-255, manufacturer (a value of attribute 24)
// required, categories optional, lower 0 to 100 % (absent: 0).
type RecommendedPriceInput struct {
	Name           string
	ManufacturerID *uint64
	CategoryIDs    []uint64
	Lower          *money.Bps
}

// RecommendedPricePatch changes the fields it sets (Categories set replaces the list).
type RecommendedPricePatch struct {
	Name           *string
	ManufacturerID *uint64
	CategoryIDs    *[]uint64
	Lower          *money.Bps
}

// RecommendedPriceFilter is the list's query.
type RecommendedPriceFilter struct {
	Search         string // the name contains it
	ManufacturerID *uint64
	Page           listing.Page
}

type recommendedPriceValues struct {
	Name           string    `json:"name"`
	ManufacturerID uint64    `json:"manufacturer_id"`
	CategoryIDs    []uint64  `json:"category_ids"`
	Lower          money.Bps `json:"lower"`
}

func (r *RecommendedPrice) values() recommendedPriceValues {
	ids := make([]uint64, 0, len(r.Categories))
	for _, c := range r.Categories {
		ids = append(ids, c.ID)
	}
	slices.Sort(ids)
	return recommendedPriceValues{Name: r.Name, ManufacturerID: r.ManufacturerID, CategoryIDs: ids, Lower: r.LowerBps}
}

// ListRecommendedPrices answers a page of rules by name.
func (s *Service) ListRecommendedPrices(ctx context.Context, f RecommendedPriceFilter) ([]RecommendedPrice, int64, error) {
	q := s.db.WithContext(ctx).Model(&RecommendedPrice{})
	if f.Search != "" {
		q = q.Where(`LOWER(name) LIKE ?`+db.LikeEscape, likeTerm(f.Search))
	}
	if f.ManufacturerID != nil {
		q = q.Where("manufacturer_id = ?", *f.ManufacturerID)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count recommended prices")
	}
	var out []RecommendedPrice
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list recommended prices")
	}
	return out, total, s.fillRecommended(ctx, s.db, out)
}

// fillRecommended reads the rules' manufacturer names and categories (three queries a page).
func (s *Service) fillRecommended(ctx context.Context, tx *gorm.DB, rows []RecommendedPrice) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]uint64, len(rows))
	var mans []*uint64
	for i := range rows {
		ids[i] = rows[i].ID
		mans = append(mans, &rows[i].ManufacturerID)
	}
	mn, err := names(ctx, tx, "attribute_values", "value", idsOf(mans...))
	if err != nil {
		return err
	}
	var links []recommendedPriceCategory
	if err := tx.WithContext(ctx).Where("recommended_price_id IN ?", ids).Order("category_id").Find(&links).Error; err != nil {
		return apperr.Wrap(err, "read recommended price categories")
	}
	var cats []*uint64
	for i := range links {
		cats = append(cats, &links[i].CategoryID)
	}
	cn, err := names(ctx, tx, "categories", "name", idsOf(cats...))
	if err != nil {
		return err
	}
	byRule := map[uint64][]Ref{}
	for _, l := range links {
		byRule[l.RecommendedPriceID] = append(byRule[l.RecommendedPriceID], Ref{ID: l.CategoryID, Name: cn[l.CategoryID]})
	}
	for i := range rows {
		r := &rows[i]
		r.Manufacturer = refOf(&r.ManufacturerID, mn)
		r.Categories = byRule[r.ID]
		if r.Categories == nil {
			r.Categories = []Ref{}
		}
	}
	return nil
}

// GetRecommendedPrice answers one rule or its 404.
func (s *Service) GetRecommendedPrice(ctx context.Context, id uint64) (*RecommendedPrice, error) {
	return s.getRecommended(ctx, s.db, id)
}

func (s *Service) getRecommended(ctx context.Context, tx *gorm.DB, id uint64) (*RecommendedPrice, error) {
	r, err := getRow[RecommendedPrice](ctx, tx, id, "recommended_price")
	if err != nil {
		return nil, err
	}
	rows := []RecommendedPrice{*r}
	if err := s.fillRecommended(ctx, tx, rows); err != nil {
		return nil, err
	}
	return &rows[0], nil
}

// checkRecommended validates the form (trimming the name, dropping repeated categories).
func checkRecommended(ctx context.Context, tx *gorm.DB, in *RecommendedPriceInput) error {
	var f ruleFields
	f.name(&in.Name)
	if in.ManufacturerID == nil || *in.ManufacturerID == 0 {
		f.add("manufacturer_id", "validation.required")
	}
	if in.Lower == nil {
		zero := money.Bps(0)
		in.Lower = &zero
	}
	f.percent("lower", in.Lower, 0, maxLowerBps)
	slices.Sort(in.CategoryIDs)
	in.CategoryIDs = slices.Compact(in.CategoryIDs)
	refs := []reference{manufacturerRef(in.ManufacturerID)}
	if err := checkReferences(ctx, tx, &f, refs...); err != nil {
		return err
	}
	if len(in.CategoryIDs) > 0 {
		known, err := names(ctx, tx, "categories", "name", in.CategoryIDs)
		if err != nil {
			return err
		}
		for _, id := range in.CategoryIDs {
			if _, ok := known[id]; !ok {
				f.add("categories", "pricing_rules.unknown_category")
			}
		}
	}
	return f.err()
}

// saveCategories replaces the rule's category list.
func saveCategories(ctx context.Context, tx *gorm.DB, id uint64, cats []uint64) error {
	if err := tx.WithContext(ctx).Where("recommended_price_id = ?", id).Delete(&recommendedPriceCategory{}).Error; err != nil {
		return apperr.Wrap(err, "clear recommended price categories")
	}
	if len(cats) == 0 {
		return nil
	}
	rows := make([]recommendedPriceCategory, len(cats))
	for i, c := range cats {
		rows[i] = recommendedPriceCategory{RecommendedPriceID: id, CategoryID: c}
	}
	if err := tx.WithContext(ctx).Create(&rows).Error; err != nil {
		return apperr.Wrap(err, "save recommended price categories")
	}
	return nil
}

// CreateRecommendedPrice adds a rule, logs it, and once committed asks for its manufacturer's
// products' prices.
func (s *Service) CreateRecommendedPrice(ctx context.Context, in RecommendedPriceInput) (*RecommendedPrice, error) {
	var out *RecommendedPrice
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := checkRecommended(ctx, tx, &in); err != nil {
			return err
		}
		now := s.now()
		r := &RecommendedPrice{Name: in.Name, ManufacturerID: *in.ManufacturerID, LowerBps: *in.Lower, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(r).Error; err != nil {
			return apperr.Wrap(err, "create recommended price")
		}
		if err := saveCategories(ctx, tx, r.ID, in.CategoryIDs); err != nil {
			return err
		}
		var err error
		if out, err = s.getRecommended(ctx, tx, r.ID); err != nil {
			return err
		}
		return record(ctx, tx, activity.RecommendedPriceCreated, activity.SubjectRecommendedPrice, r.ID, nil, out.values())
	})
	if err != nil {
		return nil, err
	}
	return out, s.Schedule(ctx, Manufacturer(out.ManufacturerID))
}

// UpdateRecommendedPrice changes the fields the patch sets, logs old and new values, and once
// committed asks for the prices of the old and the new manufacturer's products.
func (s *Service) UpdateRecommendedPrice(ctx context.Context, id uint64, p RecommendedPricePatch) (*RecommendedPrice, error) {
	var out *RecommendedPrice
	var old recommendedPriceValues
	changed := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cur, err := s.getRecommended(ctx, tx, id)
		if err != nil {
			return err
		}
		old = cur.values()
		man, lower := cur.ManufacturerID, cur.LowerBps
		in := RecommendedPriceInput{Name: cur.Name, ManufacturerID: &man, CategoryIDs: old.CategoryIDs, Lower: &lower}
		if p.Name != nil {
			in.Name = *p.Name
		}
		if p.ManufacturerID != nil {
			in.ManufacturerID = p.ManufacturerID
		}
		if p.CategoryIDs != nil {
			in.CategoryIDs = slices.Clone(*p.CategoryIDs)
		}
		if p.Lower != nil {
			in.Lower = p.Lower
		}
		if err := checkRecommended(ctx, tx, &in); err != nil {
			return err
		}
		next := recommendedPriceValues{Name: in.Name, ManufacturerID: *in.ManufacturerID, CategoryIDs: in.CategoryIDs, Lower: *in.Lower}
		if next.CategoryIDs == nil {
			next.CategoryIDs = []uint64{}
		}
		if reflect.DeepEqual(next, old) {
			out = cur
			return nil
		}
		changed = true
		cur.Name, cur.ManufacturerID, cur.LowerBps, cur.UpdatedAt = next.Name, next.ManufacturerID, next.Lower, s.now()
		if err := tx.Select("name", "manufacturer_id", "lower_bps", "updated_at").Save(cur).Error; err != nil {
			return apperr.Wrap(err, "update recommended price")
		}
		if !slices.Equal(next.CategoryIDs, old.CategoryIDs) {
			if err := saveCategories(ctx, tx, id, next.CategoryIDs); err != nil {
				return err
			}
		}
		if out, err = s.getRecommended(ctx, tx, id); err != nil {
			return err
		}
		return record(ctx, tx, activity.RecommendedPriceUpdated, activity.SubjectRecommendedPrice, id, old, out.values())
	})
	if err != nil || !changed {
		return out, err
	}
	return out, s.Schedule(ctx, manufacturerScopes(old.ManufacturerID, out.ManufacturerID)...)
}

// DeleteRecommendedPrice removes a rule with its category list, logs its values, and once
// committed asks for its manufacturer's products' prices.
func (s *Service) DeleteRecommendedPrice(ctx context.Context, id uint64) error {
	var old recommendedPriceValues
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cur, err := s.getRecommended(ctx, tx, id)
		if err != nil {
			return err
		}
		old = cur.values()
		if err := saveCategories(ctx, tx, id, nil); err != nil {
			return err
		}
		if err := tx.Delete(&RecommendedPrice{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete recommended price")
		}
		return record(ctx, tx, activity.RecommendedPriceDeleted, activity.SubjectRecommendedPrice, id, old, nil)
	})
	if err != nil {
		return err
	}
	return s.Schedule(ctx, Manufacturer(old.ManufacturerID))
}
