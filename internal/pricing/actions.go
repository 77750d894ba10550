package pricing

import (
	"context"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// ActionFilter is the Actions page's search: a category and a discount type, both required.
type ActionFilter struct {
	CategoryID     uint64
	DiscountTypeID uint64
	Page           listing.Page
}

// ProductOnAction is a product on action as the Actions page lists it.
type ProductOnAction struct {
	Discount
	Type       DiscountType
	SKU        string
	Name       string
	WebPrice   money.Para
	EntryPrice money.Para
}

// actionRow is the search's row.
type actionRow struct {
	Discount
	SKU        string `gorm:"column:sku"`
	Name       string
	WebPrice   money.Para
	EntryPrice money.Para
}

// categoryTree is a category (the bound id) with every category under it, at any depth.
const categoryTree = `WITH RECURSIVE sub(id) AS (SELECT CAST(? AS BIGINT) UNION ALL
	SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub`

// SearchActions lists the discounts of the type, not yet ended (today's and the coming ones),
// of the products in the category or a category under it (their main category or one of their
// categories), by product name. Both are required: 'Choose category and discount type for search.'
func (s *Service) SearchActions(ctx context.Context, f ActionFilter) ([]ProductOnAction, int64, error) {
	var bad []apperr.FieldError
	if f.CategoryID == 0 {
		bad = append(bad, apperr.Field("category_id", "actions.search_required"))
	}
	if f.DiscountTypeID == 0 {
		bad = append(bad, apperr.Field("discount_type_id", "actions.search_required"))
	}
	if len(bad) > 0 {
		return nil, 0, apperr.InvalidFields(bad...)
	}
	tx := s.db.WithContext(ctx)
	typ, err := getDiscountType(tx, f.DiscountTypeID)
	if err != nil {
		return nil, 0, err
	}
	today := s.clockToday()
	q := tx.Table("discounts d").Joins("JOIN products p ON p.id = d.product_id").
		Where("d.discount_type_id = ?", f.DiscountTypeID).
		Where(dayColumn(tx, "d.valid_to")+" >= "+dayParam(tx), today).
		Where("(p.main_category_id IN ("+categoryTree+") OR EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id IN ("+categoryTree+")))",
			f.CategoryID, f.CategoryID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count actions")
	}
	var rows []actionRow
	if total > 0 {
		if err := q.Select("d.*, p.sku, p.name, p.web_price, p.entry_price").Order("p.name, d.valid_from, d.id").
			Offset(f.Page.Offset()).Limit(f.Page.Size).Scan(&rows).Error; err != nil {
			return nil, 0, apperr.Wrap(err, "list actions")
		}
	}
	out := make([]ProductOnAction, 0, len(rows))
	for _, r := range rows {
		out = append(out, ProductOnAction{Discount: r.Discount, Type: *typ, SKU: r.SKU, Name: r.Name, WebPrice: r.WebPrice, EntryPrice: r.EntryPrice})
	}
	return out, total, nil
}

// clockToday is the shop's date (Europe/Belgrade), YYYY-MM-DD.
func (s *Service) clockToday() string { return clock.Day(s.now()) }

// MaxBulkActions is how many discounts one end or extend may name (the list's largest page).
const MaxBulkActions = 5000

// BulkResult is what a bulk end or extend did.
type BulkResult struct {
	Changed int64 `json:"changed"`
	Deleted int64 `json:"deleted"`
	Skipped int64 `json:"skipped"`
}

// bulkDiscounts reads the named discounts (at least one, at most MaxBulkActions; unknown ids
// are a 422).
func bulkDiscounts(tx *gorm.DB, ids []uint64) ([]Discount, error) {
	if len(ids) == 0 {
		return nil, apperr.InvalidFields(apperr.Field("discount_ids", "actions.select_first"))
	}
	if len(ids) > MaxBulkActions {
		return nil, apperr.InvalidFields(apperr.Field("discount_ids", "actions.too_many", "n", MaxBulkActions))
	}
	var ds []Discount
	if err := tx.Where("id IN ?", ids).Order("id").Find(&ds).Error; err != nil {
		return nil, apperr.Wrap(err, "read discounts")
	}
	seen := map[uint64]bool{}
	for _, d := range ds {
		seen[d.ID] = true
	}
	for _, id := range ids {
		if !seen[id] {
			return nil, apperr.InvalidFields(apperr.Field("discount_ids", "actions.unknown"))
		}
	}
	return ds, nil
}

// EndActions ends the named discounts now: one that began before today ends yesterday; one
// that begins today or later never runs, so it is deleted. Ended ones already over are left.
// Every change is logged with its old and new values; the products' prices follow.
func (s *Service) EndActions(ctx context.Context, ids []uint64) (BulkResult, error) {
	var res BulkResult
	var products []uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		ds, err := bulkDiscounts(tx, ids)
		if err != nil {
			return err
		}
		today, err := time.Parse(time.DateOnly, s.clockToday())
		if err != nil {
			return apperr.Wrap(err, "today")
		}
		yesterday := today.AddDate(0, 0, -1)
		var changes []activity.Change
		var ended, deleted []uint64
		for _, d := range ds {
			switch {
			case d.ValidTo.Before(today):
				res.Skipped++
				continue
			case !d.ValidFrom.Before(today):
				deleted = append(deleted, d.ID)
				changes = append(changes, activity.Change{Type: activity.DiscountDeleted, SubjectType: subjectDiscount, SubjectID: d.ID, Old: d.log()})
			default:
				n := d
				n.ValidTo = yesterday
				ended = append(ended, d.ID)
				changes = append(changes, activity.Change{Type: activity.DiscountUpdated, SubjectType: subjectDiscount, SubjectID: d.ID, Old: d.log(), New: n.log()})
			}
			products = append(products, d.ProductID)
		}
		if len(ended) > 0 {
			r := tx.Model(&Discount{}).Where("id IN ?", ended).Updates(map[string]any{"valid_to": dayArg(tx, yesterday), "updated_at": s.now()})
			if r.Error != nil {
				return apperr.Wrap(r.Error, "end discounts")
			}
			res.Changed = r.RowsAffected
		}
		if len(deleted) > 0 {
			r := tx.Where("id IN ?", deleted).Delete(&Discount{})
			if r.Error != nil {
				return apperr.Wrap(r.Error, "delete discounts")
			}
			res.Deleted = r.RowsAffected
		}
		return activity.Record(ctx, tx, changes...)
	})
	if err != nil {
		return res, err
	}
	if len(products) > 0 {
		s.scheduleAfter(ctx, Products(products...))
	}
	return res, nil
}

// ExtendActions moves the last day of the named discounts to to (YYYY-MM-DD, not before today
// nor before a discount's first day). A discount that would then share a day with another of
// its product is left as it is and counted as skipped. One UPDATE; logged with old and new
// values; the products' prices follow.
func (s *Service) ExtendActions(ctx context.Context, ids []uint64, to string) (BulkResult, error) {
	var res BulkResult
	var products []uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		newTo, bad := checkDay("to", to, "discount.to_required", nil)
		if len(bad) == 0 && newTo.Format(time.DateOnly) < s.clockToday() {
			bad = append(bad, apperr.Field("to", "actions.to_past"))
		}
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		ds, err := bulkDiscounts(tx, ids)
		if err != nil {
			if !apperr.Is(err, apperr.Invalid) {
				return err
			}
			bad = append(bad, apperr.As(err).Fields...)
		}
		if len(bad) > 0 {
			return apperr.InvalidFields(bad...)
		}
		for _, d := range ds {
			if newTo.Before(d.ValidFrom) {
				return apperr.InvalidFields(apperr.Field("to", "actions.to_before_from", "from", shown(d.ValidFrom)))
			}
		}
		// The ones another discount of their product is in the way of stay as they are.
		day := dayParam(tx)
		var free []uint64
		if err := tx.Model(&Discount{}).Where("id IN ?", ids).Where(dayColumn(tx, "valid_to")+" <> "+day, newTo.Format(time.DateOnly)).
			Where(`NOT EXISTS (SELECT 1 FROM discounts o WHERE o.product_id = discounts.product_id AND o.id <> discounts.id
				AND `+dayColumn(tx, "o.valid_from")+` <= `+day+` AND `+dayColumn(tx, "o.valid_to")+` >= `+dayColumn(tx, "discounts.valid_from")+`)`,
				newTo.Format(time.DateOnly)).Pluck("id", &free).Error; err != nil {
			return apperr.Wrap(err, "discounts free to extend")
		}
		isFree := map[uint64]bool{}
		for _, id := range free {
			isFree[id] = true
		}
		var changes []activity.Change
		for _, d := range ds {
			if !isFree[d.ID] {
				if !d.ValidTo.Equal(newTo) {
					res.Skipped++
				}
				continue
			}
			n := d
			n.ValidTo = newTo
			products = append(products, d.ProductID)
			changes = append(changes, activity.Change{Type: activity.DiscountUpdated, SubjectType: subjectDiscount, SubjectID: d.ID, Old: d.log(), New: n.log()})
		}
		if len(free) == 0 {
			return nil
		}
		r := tx.Model(&Discount{}).Where("id IN ?", free).Updates(map[string]any{"valid_to": dayArg(tx, newTo), "updated_at": s.now()})
		if r.Error != nil {
			return apperr.Wrap(r.Error, "extend discounts")
		}
		res.Changed = r.RowsAffected
		return activity.Record(ctx, tx, changes...)
	})
	if err != nil {
		return res, err
	}
	if len(products) > 0 {
		s.scheduleAfter(ctx, Products(products...))
	}
	return res, nil
}
