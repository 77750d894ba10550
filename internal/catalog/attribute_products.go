package catalog

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/validation"
)

// The "add attributes" screen gives one attribute's value to many products at once: the
// products whose main category has the attribute, listed with their value of it.

// MaxAttributeProducts bounds one "add attributes" request: each product gets its own row and
// activity entry in one transaction.
const MaxAttributeProducts = 1000

// AttributeCategories is an attribute with the categories it is linked to (the screen's
// category choice).
type AttributeCategories struct {
	Attribute  ProductRef
	Categories []ProductRef
}

// AttributeWithCategories is the attribute and the categories that have it, by name.
func (s *Service) AttributeWithCategories(ctx context.Context, attributeID uint64) (*AttributeCategories, error) {
	a, err := s.getAttribute(ctx, s.db, attributeID)
	if err != nil {
		return nil, err
	}
	out := &AttributeCategories{Attribute: ProductRef{ID: a.ID, Name: a.Name}, Categories: []ProductRef{}}
	err = s.db.WithContext(ctx).Table("category_attributes ca").Select("c.id, c.name").
		Joins("JOIN categories c ON c.id = ca.category_id").
		Where("ca.attribute_id = ?", attributeID).Order("c.name, c.id").Scan(&out.Categories).Error
	if err != nil {
		return nil, apperr.Wrap(err, "attribute categories")
	}
	return out, nil
}

// AttributeProductsFilter narrows the products of the "add attributes" screen.
type AttributeProductsFilter struct {
	// CategoryID: only this main category (one the attribute is linked to).
	CategoryID uint64 `form:"category_id"`
	// WithoutValue: only products that have no value of the attribute yet.
	WithoutValue bool   `form:"without_value"`
	Search       string `form:"search"`
	Page         listing.Page
}

// AttributeProduct is a product as the "add attributes" screen lists it.
type AttributeProduct struct {
	ID       uint64
	SKU      string
	Name     string
	Category ProductRef
	Value    *ProductValueRef
}

// ListAttributeProducts lists the products whose main category has the attribute, by name,
// each with its value of it (or none).
func (s *Service) ListAttributeProducts(ctx context.Context, attributeID uint64, f AttributeProductsFilter) ([]AttributeProduct, int64, error) {
	if _, err := s.getAttribute(ctx, s.db, attributeID); err != nil {
		return nil, 0, err
	}
	tx := s.db.WithContext(ctx)
	if f.CategoryID != 0 && !rowExists(tx, "category_attributes", "category_id = ? AND attribute_id = ?", f.CategoryID, attributeID) {
		return nil, 0, apperr.InvalidFields(apperr.Field("category_id", "product.attribute_not_in_category"))
	}
	q := tx.Table("products").
		Joins("JOIN category_attributes ca ON ca.category_id = products.main_category_id AND ca.attribute_id = ?", attributeID).
		Joins("JOIN categories c ON c.id = products.main_category_id").
		Joins("LEFT JOIN product_attributes pa ON pa.product_id = products.id AND pa.attribute_id = ?", attributeID).
		Joins("LEFT JOIN attribute_values av ON av.id = pa.attribute_value_id")
	if f.CategoryID != 0 {
		q = q.Where("products.main_category_id = ?", f.CategoryID)
	}
	if f.WithoutValue {
		q = q.Where("av.id IS NULL")
	}
	if term := Fold(strings.TrimSpace(f.Search)); term != "" {
		q = q.Where("products.search_text LIKE ?"+db.LikeEscape, db.LikeContains(term))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count attribute products")
	}
	var rows []struct {
		ID           uint64
		SKU          string
		Name         string
		CategoryID   uint64
		CategoryName string
		ValueID      *uint64
		Value        *string
	}
	err := q.Select("products.id, products.sku, products.name, c.id AS category_id, c.name AS category_name, av.id AS value_id, av.value").
		Order("products.name, products.id").Offset(f.Page.Offset()).Limit(f.Page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list attribute products")
	}
	out := make([]AttributeProduct, len(rows))
	for i, r := range rows {
		out[i] = AttributeProduct{ID: r.ID, SKU: r.SKU, Name: r.Name, Category: ProductRef{ID: r.CategoryID, Name: r.CategoryName}}
		if r.ValueID != nil && r.Value != nil {
			out[i].Value = &ProductValueRef{ID: *r.ValueID, Value: *r.Value}
		}
	}
	return out, total, nil
}

// AddAttributeInput gives the products one value of the attribute: an existing one
// (AttributeValueID) or a text, found among the attribute's values or added to them.
type AddAttributeInput struct {
	ProductIDs       []uint64
	AttributeValueID uint64
	Value            string
}

// AddAttributeToProducts sets the attribute's value of every named product (each product's
// main category must have the attribute) in one transaction; it answers how many products got it.
func (s *Service) AddAttributeToProducts(ctx context.Context, attributeID uint64, in AddAttributeInput) (int, error) {
	in.Value = strings.TrimSpace(in.Value)
	ids := uniqIDs(in.ProductIDs)
	n := 0
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.getAttribute(ctx, tx, attributeID); err != nil {
			return err
		}
		var bad []apperr.FieldError
		switch {
		case len(ids) == 0:
			bad = append(bad, apperr.Field("product_ids", "product.select_first"))
		case len(ids) > MaxAttributeProducts:
			bad = append(bad, apperr.Field("product_ids", "product.too_many", "n", MaxAttributeProducts))
		}
		switch {
		case in.AttributeValueID != 0:
			if !rowExists(tx, "attribute_values", "id = ? AND attribute_id = ?", in.AttributeValueID, attributeID) {
				bad = append(bad, apperr.Field("attribute_value_id", "product.value_not_of_attribute"))
			}
		case in.Value == "":
			bad = append(bad, apperr.Field("value", "validation.required"))
		default:
			if err := validation.Check(AttributeValueText{Value: in.Value}); err != nil {
				bad = append(bad, apperr.As(err).Fields...)
			}
		}
		var products []Product
		if len(bad) == 0 {
			if err := tx.Where("id IN ?", ids).Find(&products).Error; err != nil {
				return apperr.Wrap(err, "load products")
			}
			var linked []uint64
			tx.Table("category_attributes").Where("attribute_id = ?", attributeID).Pluck("category_id", &linked)
			has := map[uint64]bool{}
			for _, c := range linked {
				has[c] = true
			}
			switch {
			case len(products) != len(ids):
				bad = append(bad, apperr.Field("product_ids", "product.unknown_id"))
			default:
				for i := range products {
					if !has[products[i].MainCategoryID] {
						bad = append(bad, apperr.Field("product_ids", "product.attribute_not_in_category"))
						break
					}
				}
			}
		}
		if len(bad) > 0 {
			return apperr.InvalidFields(bad...)
		}
		valueID := in.AttributeValueID
		if valueID == 0 {
			var err error
			if valueID, err = s.findOrCreateValue(ctx, tx, attributeID, in.Value); err != nil {
				return err
			}
		}
		for i := range products {
			if err := s.setAttributeValue(ctx, tx, &products[i], attributeID, valueID); err != nil {
				return err
			}
		}
		n = len(products)
		return nil
	})
	return n, err
}
