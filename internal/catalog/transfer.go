package catalog

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/pricing"
)

// transferChunk bounds the ids bound in one statement of a transfer.
const transferChunk = 5000

// TransferInput moves products (ids, or the filter when none) to a category; Active is the
// state of the product attributes the move creates (default: active).
type TransferInput struct {
	CategoryID uint64   `json:"category_id"`
	Products   []uint64 `json:"products"`
	Active     *bool    `json:"active"`
}

// transferTarget checks the category and resolves the selection.
func (s *Service) transferTarget(ctx context.Context, in TransferInput, f ProductFilter) (*gorm.DB, *Category, error) {
	var fields []apperr.FieldError
	var c Category
	if in.CategoryID == 0 {
		fields = append(fields, apperr.Field("category_id", "validation.required"))
	} else if err := s.db.WithContext(ctx).Where("id = ?", in.CategoryID).Limit(1).Find(&c).Error; err != nil {
		return nil, nil, apperr.Wrap(err, "transfer category")
	} else if c.ID == 0 {
		fields = append(fields, apperr.Field("category_id", "product.unknown_id"))
	}
	sel, err := s.selection(ctx, in.Products, f, "products", "product.select_first_category")
	if err != nil {
		e := apperr.As(err)
		if e.Code != apperr.Invalid {
			return nil, nil, err
		}
		fields = append(fields, e.Fields...)
	}
	if len(fields) > 0 {
		return nil, nil, apperr.InvalidFields(fields...)
	}
	return sel, &c, nil
}

// missingAttributes are the category's attributes that at least one selected product lacks.
func (s *Service) missingAttributes(ctx context.Context, tx *gorm.DB, categoryID uint64, sel *gorm.DB) ([]ProductRef, error) {
	out := []ProductRef{}
	err := tx.WithContext(ctx).Table("category_attributes ca").Select("a.id, a.name").
		Joins("JOIN attributes a ON a.id = ca.attribute_id").
		Where("ca.category_id = ?", categoryID).
		Where(`EXISTS (SELECT 1 FROM products p WHERE p.id IN (?) AND NOT EXISTS
			(SELECT 1 FROM product_attributes pa WHERE pa.product_id = p.id AND pa.attribute_id = ca.attribute_id))`, sel).
		Order("ca.position, a.id").Scan(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "missing attributes")
	}
	return out, nil
}

// TransferPreview lists the attributes of the target category that the selected products lack
// (what a transfer would create).
func (s *Service) TransferPreview(ctx context.Context, in TransferInput, f ProductFilter) ([]ProductRef, error) {
	sel, c, err := s.transferTarget(ctx, in, f)
	if err != nil {
		return nil, err
	}
	return s.missingAttributes(ctx, s.db, c.ID, sel)
}

// TransferProducts makes the category the selected products' main and only category,
// recomputes their derived prices from its margins, and creates the product attributes of the
// category they lack (active or not, per in.Active). It answers the attributes it created.
// The selection is read once before the move (a category filter would no longer match after
// it); the writes are set-based, in chunks of transferChunk ids.
func (s *Service) TransferProducts(ctx context.Context, in TransferInput, f ProductFilter) ([]ProductRef, error) {
	sel, c, err := s.transferTarget(ctx, in, f)
	if err != nil {
		return nil, err
	}
	active := in.Active == nil || *in.Active
	var missing []ProductRef
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []struct{ ID, MainCategoryID uint64 }
		if err := tx.Table("(?) AS sel_ids", sel).Select("p.id, p.main_category_id").
			Joins("JOIN products p ON p.id = sel_ids.id").Order("p.id").Scan(&rows).Error; err != nil {
			return apperr.Wrap(err, "transfer selection")
		}
		if len(rows) == 0 {
			return apperr.InvalidFields(apperr.Field("products", "product.select_first_category"))
		}
		ids := make([]uint64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		var err error
		if missing, err = s.missingAttributes(ctx, tx, c.ID, sel); err != nil {
			return err
		}
		now := s.now()
		for start := 0; start < len(ids); start += transferChunk {
			chunk := ids[start:min(start+transferChunk, len(ids))]
			stmts := []struct {
				sql  string
				args []any
			}{
				{"UPDATE products SET main_category_id = ?, updated_at = ? WHERE id IN ?", []any{c.ID, now, chunk}},
				{"DELETE FROM product_categories WHERE product_id IN ?", []any{chunk}},
				{"INSERT INTO product_categories (product_id, category_id) SELECT id, " + typedParam(tx, "BIGINT") + " FROM products WHERE id IN ?", []any{c.ID, chunk}},
				{`INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, position, active, created_at, updated_at)
					SELECT p.id, ca.attribute_id, NULL, ca.position, ` + typedParam(tx, "BOOLEAN") + `, ` + typedParam(tx, "TIMESTAMPTZ") + `, ` + typedParam(tx, "TIMESTAMPTZ") + ` FROM products p
					JOIN category_attributes ca ON ca.category_id = ?
					WHERE p.id IN ? AND NOT EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = p.id AND pa.attribute_id = ca.attribute_id)`,
					[]any{active, now, now, c.ID, chunk}},
			}
			for _, st := range stmts {
				if err := tx.Exec(st.sql, st.args...).Error; err != nil {
					return apperr.Wrap(err, "transfer products")
				}
			}
			// The new main category's VAT and margins give the prices.
			if _, err := s.prices.RecomputeTx(ctx, tx, pricing.Products(chunk...)); err != nil {
				return err
			}
		}
		changes := make([]activity.Change, 0, len(rows))
		for _, r := range rows {
			changes = append(changes, activity.Change{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: r.ID,
				Old: map[string]any{"main_category_id": r.MainCategoryID}, New: map[string]any{"main_category_id": c.ID, "categories": []uint64{c.ID}}})
		}
		return activity.Record(ctx, tx, changes...)
	})
	return missing, err
}
