package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// CategoryMargins is one row of the category web margins screen: a category's VAT and margins.
type CategoryMargins struct {
	ID           uint64
	Pdv          *money.Bps
	WebMargin    *money.Bps
	RetailMargin *money.Bps
	DealerMargin *money.Bps
}

// UpdateCategoryMargins saves the VAT and margins of many categories at once (the category web
// margins screen), in one transaction: every row is validated as the category form validates
// them (required, above 0.01 and below 99.99); one bad row refuses them all, with field errors
// named rows.N.field. Once committed, the categories whose figures changed have their products'
// prices recomputed, as a category's edit does. It answers the changed categories.
func (s *Service) UpdateCategoryMargins(ctx context.Context, rows []CategoryMargins) ([]*Category, error) {
	if len(rows) == 0 {
		return nil, apperr.InvalidFields(apperr.Field("rows", "validation.required"))
	}
	var changed []*Category
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cats, err := s.allCategories(ctx, tx)
		if err != nil {
			return err
		}
		byID := make(map[uint64]*Category, len(cats))
		for _, c := range cats {
			byID[c.ID] = c
		}
		var fields []apperr.FieldError
		seen := map[uint64]bool{}
		for i, r := range rows {
			prefix := fmt.Sprintf("rows.%d.", i)
			cur := byID[r.ID]
			if cur == nil || seen[r.ID] {
				key := "notfound.category"
				if seen[r.ID] {
					key = "validation.duplicate_row"
				}
				fields = append(fields, apperr.Field(prefix+"id", key))
				continue
			}
			seen[r.ID] = true
			for _, p := range []struct {
				field string
				v     *money.Bps
			}{{"pdv", r.Pdv}, {"web_margin", r.WebMargin}, {"retail_margin", r.RetailMargin}, {"dealer_margin", r.DealerMargin}} {
				switch {
				case p.v == nil:
					fields = append(fields, apperr.Field(prefix+p.field, "validation.required"))
				case *p.v <= minPercentBps:
					fields = append(fields, apperr.Field(prefix+p.field, "validation.gt", "n", "0.01"))
				case *p.v >= maxPercentBps:
					fields = append(fields, apperr.Field(prefix+p.field, "validation.lt", "n", "99.99"))
				}
			}
			if len(fields) > 0 {
				continue
			}
			c := *cur
			c.PdvBps, c.WebMarginBps, c.RetailMarginBps, c.DealerMarginBps = *r.Pdv, *r.WebMargin, *r.RetailMargin, *r.DealerMargin
			if c.Margins() != cur.Margins() {
				changed = append(changed, &c)
			}
		}
		if len(fields) > 0 {
			slices.SortStableFunc(fields, func(a, b apperr.FieldError) int { return strings.Compare(a.Field, b.Field) })
			return apperr.InvalidFields(fields...)
		}
		now := s.now()
		for _, c := range changed {
			c.UpdatedAt = now
			err := tx.Model(&Category{}).Where("id = ?", c.ID).Updates(map[string]any{"pdv_bps": c.PdvBps, "web_margin_bps": c.WebMarginBps,
				"retail_margin_bps": c.RetailMarginBps, "dealer_margin_bps": c.DealerMarginBps, "updated_at": now}).Error
			if err != nil {
				return apperr.Wrap(err, "update category margins")
			}
		}
		// One category.updated per changed category (the category form writes the same), with
		// the margins before and after; unchanged rows write none.
		log := make([]activity.Change, len(changed))
		for i, c := range changed {
			log[i] = activity.Change{Type: activity.CategoryUpdated, SubjectType: activity.SubjectCategory, SubjectID: c.ID,
				Old: marginValues(byID[c.ID]), New: marginValues(c)}
		}
		return activity.Record(ctx, tx, log...)
	})
	if err != nil {
		return nil, err
	}
	// As UpdateCategory: the products whose main category changed follow, once committed.
	for _, c := range changed {
		if err := s.prices.RecomputeCategory(ctx, c.ID, c.Name); err != nil {
			return changed, err
		}
	}
	return changed, nil
}

func marginValues(c *Category) map[string]any {
	return map[string]any{"pdv": c.PdvBps, "web_margin": c.WebMarginBps, "retail_margin": c.RetailMarginBps, "dealer_margin": c.DealerMarginBps}
}
