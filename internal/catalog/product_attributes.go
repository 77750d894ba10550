package catalog

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/validation"
)

// ProductAttribute is a product's value of one attribute (table product_attributes); the
// value may be unset, and an inactive row is not shown on the storefront.
type ProductAttribute struct {
	ID               uint64    `json:"id"`
	ProductID        uint64    `json:"product_id"`
	AttributeID      uint64    `json:"attribute_id"`
	AttributeValueID *uint64   `json:"attribute_value_id"`
	Position         int       `json:"position"`
	Active           bool      `json:"active"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}

func (ProductAttribute) TableName() string { return "product_attributes" }

// ProductAttributeView is one attribute of a product's main category with the product's value.
type ProductAttributeView struct {
	ProductAttributeID *uint64 // nil: the product has no row for it yet
	Attribute          ProductRef
	Value              *ProductValueRef
	Order              int
	Active             bool
}

// ProductAttributes lists the attributes of the product's main category, in the category's
// order, each with the product's value (or none).
func (s *Service) ProductAttributes(ctx context.Context, productID uint64) ([]ProductAttributeView, error) {
	p, err := s.findProduct(ctx, s.db, productID)
	if err != nil {
		return nil, err
	}
	return s.productAttributes(ctx, p)
}

func (s *Service) productAttributes(ctx context.Context, p *Product) ([]ProductAttributeView, error) {
	var rows []struct {
		AttributeID      uint64
		Name             string
		Position         int
		CategoryActive   bool
		PaID             *uint64
		PaActive         *bool
		AttributeValueID *uint64
		Value            *string
	}
	err := s.db.WithContext(ctx).Table("category_attributes ca").
		Select("ca.attribute_id, a.name, ca.position, ca.active AS category_active, pa.id AS pa_id, pa.active AS pa_active, pa.attribute_value_id, av.value").
		Joins("JOIN attributes a ON a.id = ca.attribute_id").
		Joins("LEFT JOIN product_attributes pa ON pa.product_id = ? AND pa.attribute_id = ca.attribute_id", p.ID).
		Joins("LEFT JOIN attribute_values av ON av.id = pa.attribute_value_id").
		Where("ca.category_id = ?", p.MainCategoryID).Order("ca.position, ca.attribute_id").Scan(&rows).Error
	if err != nil {
		return nil, apperr.Wrap(err, "product attributes")
	}
	out := make([]ProductAttributeView, 0, len(rows))
	for _, r := range rows {
		v := ProductAttributeView{ProductAttributeID: r.PaID, Attribute: ProductRef{ID: r.AttributeID, Name: r.Name}, Order: r.Position, Active: r.CategoryActive}
		if r.PaActive != nil {
			v.Active = *r.PaActive
		}
		if r.AttributeValueID != nil && r.Value != nil {
			v.Value = &ProductValueRef{ID: *r.AttributeValueID, Value: *r.Value}
		}
		out = append(out, v)
	}
	return out, nil
}

// productAttributeView is one attribute of a product as the attributes list shows it.
func (s *Service) productAttributeView(ctx context.Context, p *Product, attrID uint64) (*ProductAttributeView, error) {
	views, err := s.productAttributes(ctx, p)
	if err != nil {
		return nil, err
	}
	for i := range views {
		if views[i].Attribute.ID == attrID {
			return &views[i], nil
		}
	}
	// An attribute outside the main category: shown from the product's own row.
	v := ProductAttributeView{Attribute: ProductRef{ID: attrID}, Active: true}
	var names []string
	s.db.WithContext(ctx).Table("attributes").Where("id = ?", attrID).Pluck("name", &names)
	if len(names) > 0 {
		v.Attribute.Name = names[0]
	}
	var pa ProductAttribute
	if s.db.WithContext(ctx).Where("product_id = ? AND attribute_id = ?", p.ID, attrID).Limit(1).Find(&pa); pa.ID != 0 {
		id := pa.ID
		v.ProductAttributeID, v.Active, v.Order = &id, pa.Active, pa.Position
		if pa.AttributeValueID != nil {
			var vals []string
			s.db.WithContext(ctx).Table("attribute_values").Where("id = ?", *pa.AttributeValueID).Pluck("value", &vals)
			if len(vals) > 0 {
				v.Value = &ProductValueRef{ID: *pa.AttributeValueID, Value: vals[0]}
			}
		}
	}
	return &v, nil
}

// SetProductAttributeValue gives the product the existing value valueID of attribute attrID
// (field names the request field for a 422).
func (s *Service) SetProductAttributeValue(ctx context.Context, productID, attrID, valueID uint64, field string) (*ProductAttributeView, error) {
	var p *Product
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if p, err = s.attributeTarget(ctx, tx, productID, attrID); err != nil {
			return err
		}
		if valueID == 0 {
			return apperr.InvalidFields(apperr.Field(field, "validation.required"))
		}
		if !rowExists(tx, "attribute_values", "id = ? AND attribute_id = ?", valueID, attrID) {
			return apperr.InvalidFields(apperr.Field(field, "product.value_not_of_attribute"))
		}
		return s.setAttributeValue(ctx, tx, p, attrID, valueID)
	})
	if err != nil {
		return nil, err
	}
	return s.productAttributeView(ctx, p, attrID)
}

// attributeTarget checks that the product and the attribute exist.
func (s *Service) attributeTarget(ctx context.Context, tx *gorm.DB, productID, attrID uint64) (*Product, error) {
	p, err := s.findProduct(ctx, tx, productID)
	if err != nil {
		return nil, err
	}
	if attrID == 0 || !rowExists(tx.WithContext(ctx), "attributes", "id = ?", attrID) {
		return nil, apperr.NotFoundThing("product_attribute")
	}
	return p, nil
}

// setAttributeValue points the product's row for attrID at valueID, creating the row (at the
// category's position, active) when the product has none.
func (s *Service) setAttributeValue(ctx context.Context, tx *gorm.DB, p *Product, attrID, valueID uint64) error {
	var pa ProductAttribute
	if err := tx.WithContext(ctx).Where("product_id = ? AND attribute_id = ?", p.ID, attrID).Limit(1).Find(&pa).Error; err != nil {
		return apperr.Wrap(err, "product attribute")
	}
	now := s.now()
	if pa.ID == 0 {
		var pos []int
		tx.Table("category_attributes").Where("category_id = ? AND attribute_id = ?", p.MainCategoryID, attrID).Pluck("position", &pos)
		pa = ProductAttribute{ProductID: p.ID, AttributeID: attrID, AttributeValueID: &valueID, Active: true, CreatedAt: now, UpdatedAt: now}
		if len(pos) > 0 {
			pa.Position = pos[0]
		}
		if err := tx.Create(&pa).Error; err != nil {
			return apperr.Wrap(err, "create product attribute")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductAttributeCreated, SubjectType: "product_attribute", SubjectID: pa.ID, New: pa})
	}
	if pa.AttributeValueID != nil && *pa.AttributeValueID == valueID {
		return nil // already so: no write, no activity entry
	}
	old := pa
	pa.AttributeValueID, pa.UpdatedAt = &valueID, now
	if err := tx.Model(&pa).Updates(map[string]any{"attribute_value_id": valueID, "updated_at": now}).Error; err != nil {
		return apperr.Wrap(err, "update product attribute")
	}
	return activity.Record(ctx, tx, activity.Change{Type: activity.ProductAttributeUpdated, SubjectType: "product_attribute", SubjectID: pa.ID, Old: old, New: pa})
}

// AttributeValueText is a new or changed value text (1-255 characters).
type AttributeValueText struct {
	Value string `json:"value" validate:"required,min=1,max=255"`
}

// NewProductAttributeValue adds the value text to the attribute (or finds it, when the
// attribute already has it) and gives it to the product.
func (s *Service) NewProductAttributeValue(ctx context.Context, productID, attrID uint64, in AttributeValueText) (*ProductAttributeView, error) {
	in.Value = strings.TrimSpace(in.Value)
	var p *Product
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if p, err = s.attributeTarget(ctx, tx, productID, attrID); err != nil {
			return err
		}
		if err := validation.Check(in); err != nil {
			return err
		}
		v, err := s.findOrCreateValue(ctx, tx, attrID, in.Value)
		if err != nil {
			return err
		}
		return s.setAttributeValue(ctx, tx, p, attrID, v)
	})
	if err != nil {
		return nil, err
	}
	return s.productAttributeView(ctx, p, attrID)
}

// findOrCreateValue is the id of the attribute's value with this text, added when missing.
func (s *Service) findOrCreateValue(ctx context.Context, tx *gorm.DB, attrID uint64, text string) (uint64, error) {
	var v AttributeValue
	if err := tx.WithContext(ctx).Where("attribute_id = ? AND value = ?", attrID, text).Limit(1).Find(&v).Error; err != nil {
		return 0, apperr.Wrap(err, "find attribute value")
	}
	if v.ID != 0 {
		return v.ID, nil
	}
	var maxPos []int
	tx.Table("attribute_values").Where("attribute_id = ?", attrID).Select("COALESCE(MAX(position), 0)").Pluck("position", &maxPos)
	now := s.now()
	v = AttributeValue{AttributeID: attrID, Value: text, Active: true, CreatedAt: now, UpdatedAt: now}
	if len(maxPos) > 0 {
		v.Position = maxPos[0] + 1
	}
	if err := tx.Create(&v).Error; err != nil {
		return 0, apperr.Wrap(err, "create attribute value")
	}
	return v.ID, activity.Record(ctx, tx, activity.Change{Type: activity.ProductAttributeValueCreated, SubjectType: "attribute_value", SubjectID: v.ID,
		New: map[string]any{"id": v.ID, "attribute_id": attrID, "value": text}})
}

// EditProductAttributeValue changes the text of the product's value valueID of attribute
// attrID for this product: the value is renamed in place when no other product (nor a
// product's manufacturer) uses it; otherwise the product moves to a value with the new text
// (found or added), so other products keep theirs.
func (s *Service) EditProductAttributeValue(ctx context.Context, productID, attrID, valueID uint64, in AttributeValueText) (*ProductAttributeView, error) {
	in.Value = strings.TrimSpace(in.Value)
	var p *Product
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if p, err = s.attributeTarget(ctx, tx, productID, attrID); err != nil {
			return err
		}
		if !rowExists(tx, "product_attributes", "product_id = ? AND attribute_id = ? AND attribute_value_id = ?", productID, attrID, valueID) {
			return apperr.NotFoundThing("product_attribute_value")
		}
		if err := validation.Check(in); err != nil {
			return err
		}
		var cur AttributeValue
		if err := tx.Where("id = ?", valueID).Take(&cur).Error; err != nil {
			return apperr.Wrap(err, "attribute value")
		}
		if cur.Value == in.Value {
			return nil
		}
		shared := rowExists(tx, "product_attributes", "attribute_value_id = ? AND product_id <> ?", valueID, productID) ||
			rowExists(tx, "products", "manufacturer_id = ?", valueID)
		if !shared && !rowExists(tx, "attribute_values", "attribute_id = ? AND value = ?", attrID, in.Value) {
			now := s.now()
			if err := tx.Model(&AttributeValue{}).Where("id = ?", valueID).Updates(map[string]any{"value": in.Value, "updated_at": now}).Error; err != nil {
				return apperr.Wrap(err, "rename attribute value")
			}
			return activity.Record(ctx, tx, activity.Change{Type: activity.ProductAttributeValueUpdated, SubjectType: "attribute_value", SubjectID: valueID,
				Old: map[string]any{"id": valueID, "attribute_id": attrID, "value": cur.Value},
				New: map[string]any{"id": valueID, "attribute_id": attrID, "value": in.Value}})
		}
		v, err := s.findOrCreateValue(ctx, tx, attrID, in.Value)
		if err != nil {
			return err
		}
		return s.setAttributeValue(ctx, tx, p, attrID, v)
	})
	if err != nil {
		return nil, err
	}
	return s.productAttributeView(ctx, p, attrID)
}

// MassAttributesInput selects products (ids, or the filter when none) and optionally limits
// the change to some attributes or to a category's attributes.
type MassAttributesInput struct {
	IDs          []uint64 `json:"ids"`
	AttributeIDs []uint64 `json:"attribute_ids"`
	CategoryID   uint64   `json:"category_id"`
}

// MassSetAttributesActive activates or deactivates the product attributes of the selected
// products in one statement; it answers how many rows changed.
func (s *Service) MassSetAttributesActive(ctx context.Context, in MassAttributesInput, f ProductFilter, active bool) (int64, error) {
	if len(in.AttributeIDs) > MaxSelectedIDs {
		return 0, apperr.InvalidFields(apperr.Field("attribute_ids", "product.too_many", "n", MaxSelectedIDs))
	}
	sel, err := s.selection(ctx, in.IDs, f, "ids", "product.select_first")
	if err != nil {
		return 0, err
	}
	db := s.db.WithContext(ctx)
	if in.CategoryID != 0 && !rowExists(db, "categories", "id = ?", in.CategoryID) {
		return 0, apperr.InvalidFields(apperr.Field("category_id", "product.unknown_id"))
	}
	q := db.Model(&ProductAttribute{}).Where("product_id IN (?)", sel)
	if len(in.AttributeIDs) > 0 {
		q = q.Where("attribute_id IN ?", uniqIDs(in.AttributeIDs))
	}
	if in.CategoryID != 0 {
		q = q.Where("attribute_id IN (SELECT attribute_id FROM category_attributes WHERE category_id = ?)", in.CategoryID)
	}
	res := q.Updates(map[string]any{"active": active, "updated_at": s.now()})
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "mass set product attributes active")
	}
	return res.RowsAffected, nil
}
