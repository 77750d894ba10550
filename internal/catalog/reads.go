package catalog

import (
	"context"
	"strings"
	"time"

	"shop/internal/platform/apperr"
)

// Reads other capabilities ask of the catalogue: the SQL over its tables stays here.

// ExistingProductIDs answers which of ids are products.
func (s *Service) ExistingProductIDs(ctx context.Context, ids []uint64) (map[uint64]bool, error) {
	out := map[uint64]bool{}
	for start := 0; start < len(ids); start += 10000 {
		chunk := ids[start:min(start+10000, len(ids))]
		var found []uint64
		if err := s.db.WithContext(ctx).Raw("SELECT id FROM products WHERE id IN ?", chunk).Scan(&found).Error; err != nil {
			return nil, apperr.Wrap(err, "find products")
		}
		for _, id := range found {
			out[id] = true
		}
	}
	return out, nil
}

// ExistingCategoryIDs answers which of ids are categories.
func (s *Service) ExistingCategoryIDs(ctx context.Context, ids []uint64) (map[uint64]bool, error) {
	var found []uint64
	if err := s.db.WithContext(ctx).Table("categories").Where("id IN ?", ids).Pluck("id", &found).Error; err != nil {
		return nil, apperr.Wrap(err, "find categories")
	}
	out := make(map[uint64]bool, len(found))
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// CategoryPath is a category's names from the top ("A > B > C") and its slug.
type CategoryPath struct{ Path, Slug string }

// CategoryPaths is every category's path by id (a cycle or a missing parent ends a path).
func (s *Service) CategoryPaths(ctx context.Context) (map[uint64]CategoryPath, error) {
	cats, err := s.allCategories(ctx, s.db)
	if err != nil {
		return nil, err
	}
	tree := newCategoryTree(cats)
	out := make(map[uint64]CategoryPath, len(cats))
	for _, c := range cats {
		names := []string{c.Name}
		seen := map[uint64]bool{c.ID: true}
		for p := c.ParentID; p != nil && !seen[*p]; {
			parent, ok := tree.byID[*p]
			if !ok {
				break
			}
			seen[*p] = true
			names = append(names, parent.Name)
			p = parent.ParentID
		}
		for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
			names[i], names[j] = names[j], names[i]
		}
		out[c.ID] = CategoryPath{strings.Join(names, " > "), c.Slug}
	}
	return out, nil
}

// LiveProductPicture is the small main picture of the first product (by id) a shopper can see
// whose main category is one of categoryIDs; "" when none has one.
func (s *Service) LiveProductPicture(ctx context.Context, categoryIDs []uint64) (string, error) {
	var keys []string
	err := s.db.WithContext(ctx).Table("products p").
		Joins("JOIN product_images i ON i.product_id = p.id AND i.main = ?", true).
		Where("p.main_category_id IN ? AND p.active = ? AND p.visible = ? AND i.small_key <> ''", categoryIDs, true, true).
		Order("p.id").Limit(1).Pluck("i.small_key", &keys).Error
	if err != nil {
		return "", apperr.Wrap(err, "category picture")
	}
	if len(keys) == 0 {
		return "", nil
	}
	return keys[0], nil
}

// StickerCondition is a condition on a query over products: the product carries the catalogue
// action typeID; with today, only while its sticker runs on day (next: the day after).
func StickerCondition(typeID uint64, today bool, day, next string) (string, []any) {
	sub := "SELECT 1 FROM product_catalog_stickers pcs WHERE pcs.product_id = products.id AND pcs.catalog_sticker_type_id = ? AND pcs.active = ?"
	if !today {
		return "EXISTS (" + sub + ")", []any{typeID, true}
	}
	// The dates compared as in pricing: date or text with a time after it (SQLite).
	return "EXISTS (" + sub + " AND pcs.valid_from < ? AND pcs.valid_to >= ?)", []any{typeID, true, next, day}
}

// CategoryPage is a category's storefront address and its last change.
type CategoryPage struct {
	Slug      string
	UpdatedAt time.Time
}

// ActiveCategoryPages are the active categories' slugs and last changes, by id (the sitemap's).
func (s *Service) ActiveCategoryPages(ctx context.Context) ([]CategoryPage, error) {
	out := []CategoryPage{}
	err := s.db.WithContext(ctx).Table("categories").Where("active = ?", true).Select("slug, updated_at").Order("id").Scan(&out).Error
	return out, apperr.Wrap(err, "category pages")
}

// InCategories is a condition on a query over products (or a read model aliased products):
// the product is in one of these categories. A product's main category is one of its
// product_categories rows (migration 0010), so one semi-join answers it; an OR with
// main_category_id made it a subplan over every active product.
func InCategories(categoryIDs []uint64) (string, []any) {
	return "products.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ?)", []any{categoryIDs}
}

// ValueAttribute is an attribute value's attribute.
type ValueAttribute struct{ ID, AttributeID uint64 }

// ValueAttributes are the attributes of the values with these ids (unknown ids are absent).
func (s *Service) ValueAttributes(ctx context.Context, valueIDs []uint64) ([]ValueAttribute, error) {
	out := []ValueAttribute{}
	err := s.db.WithContext(ctx).Table("attribute_values").Select("id, attribute_id").Where("id IN ?", valueIDs).Scan(&out).Error
	return out, apperr.Wrap(err, "attribute values")
}

// AttributeName is an attribute's id and name.
type AttributeName struct {
	ID   uint64
	Name string
}

// FilterAttributes are the category's active attributes, in the category's order: the
// storefront's filter panel.
func (s *Service) FilterAttributes(ctx context.Context, categoryID uint64) ([]AttributeName, error) {
	out := []AttributeName{}
	err := s.db.WithContext(ctx).Table("category_attributes ca").Joins("JOIN attributes a ON a.id = ca.attribute_id").
		Where("ca.category_id = ? AND ca.active = ? AND a.active = ?", categoryID, true, true).
		Select("a.id, a.name").Order("ca.position, a.id").Scan(&out).Error
	return out, apperr.Wrap(err, "filter attributes")
}
