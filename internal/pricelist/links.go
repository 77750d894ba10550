package pricelist

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// CategoryLink maps a supplier's category name to a shop category (table
// supplier_category_links, one per supplier category). The supplier products of that category
// are placed in the shop category (supplier_products.category_id) while the link exists.
type CategoryLink struct {
	ID               uint64
	SupplierID       uint64
	SupplierCategory string
	CategoryID       uint64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (CategoryLink) TableName() string { return "supplier_category_links" }

// CategoryRef is a shop category as the linking screens show it.
type CategoryRef struct {
	ID   uint64
	Name string
}

// SupplierCategory is one of a supplier's category names with the number of its products and
// its link (LinkID nil and Category nil while unlinked).
type SupplierCategory struct {
	Name     string
	Products int64
	LinkID   *uint64
	Category *CategoryRef
}

// SupplierCategories answers a supplier's category names, by name: every non-empty name its
// price-list products carry, with their counts, and the names linked before any product
// carried them (count 0), each with its link and shop category. A missing or unknown supplier
// is a 422 on supplier_id. One page of the (small) list.
func (s *Service) SupplierCategories(ctx context.Context, supplierID uint64, page listing.Page) ([]SupplierCategory, int64, error) {
	if err := s.checkSupplier(ctx, supplierID); err != nil {
		return nil, 0, err
	}
	counts, err := s.catalog.SupplierCategoryCounts(ctx, supplierID)
	if err != nil {
		return nil, 0, err
	}
	var links []CategoryLink
	if err := s.db.WithContext(ctx).Where("supplier_id = ?", supplierID).Find(&links).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "category links")
	}
	ids := make([]uint64, 0, len(links))
	for _, l := range links {
		ids = append(ids, l.CategoryID)
	}
	categoryNames, err := s.catalog.CategoryNames(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	byName := map[string]*SupplierCategory{}
	for _, c := range counts {
		byName[c.Category] = &SupplierCategory{Name: c.Category, Products: c.N}
	}
	for _, l := range links {
		sc := byName[l.SupplierCategory]
		if sc == nil {
			sc = &SupplierCategory{Name: l.SupplierCategory}
			byName[l.SupplierCategory] = sc
		}
		id := l.ID
		sc.LinkID = &id
		if name, ok := categoryNames[l.CategoryID]; ok {
			sc.Category = &CategoryRef{ID: l.CategoryID, Name: name}
		}
	}
	all := make([]SupplierCategory, 0, len(byName))
	for _, sc := range byName {
		all = append(all, *sc)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	total := int64(len(all))
	from := min(page.Offset(), len(all))
	to := min(from+page.Size, len(all))
	return all[from:to], total, nil
}

// CategoryLinkInput is the category linking form.
type CategoryLinkInput struct {
	SupplierID       uint64
	SupplierCategory string
	CategoryID       uint64
}

// LinkedCategory is a new link with the number of supplier products it placed.
type LinkedCategory struct {
	CategoryLink
	Category CategoryRef
	Placed   int64
}

// LinkCategory links a supplier category to a shop category and places that supplier
// category's products in it at once (one UPDATE). The supplier and the category must exist
// (422 on the field), the supplier category is required (at most 255 characters); a supplier
// category already linked is a 422 on supplier_category: 'Kategorije su već povezane'.
func (s *Service) LinkCategory(ctx context.Context, in CategoryLinkInput) (*LinkedCategory, error) {
	in.SupplierCategory = strings.TrimSpace(in.SupplierCategory)
	var fields []apperr.FieldError
	if err := s.checkSupplier(ctx, in.SupplierID); err != nil {
		e := apperr.As(err)
		if e.Code != apperr.Invalid {
			return nil, err
		}
		fields = append(fields, e.Fields...)
	}
	switch n := utf8.RuneCountInString(in.SupplierCategory); {
	case n == 0:
		fields = append(fields, apperr.Field("supplier_category", "validation.required"))
	case n > 255:
		fields = append(fields, apperr.Field("supplier_category", "validation.max_chars", "n", 255))
	}
	cat, err := s.category(ctx, in.CategoryID)
	if err != nil {
		e := apperr.As(err)
		if e.Code != apperr.Invalid {
			return nil, err
		}
		fields = append(fields, e.Fields...)
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	out := &LinkedCategory{Category: *cat}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&CategoryLink{}).Where("supplier_id = ? AND supplier_category = ?", in.SupplierID, in.SupplierCategory).
			Count(&n).Error; err != nil {
			return apperr.Wrap(err, "find category link")
		}
		if n > 0 {
			return categoriesConnected()
		}
		now := s.now()
		out.CategoryLink = CategoryLink{SupplierID: in.SupplierID, SupplierCategory: in.SupplierCategory, CategoryID: cat.ID, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&out.CategoryLink).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return categoriesConnected() // linked by someone else since the check
			}
			return apperr.Wrap(err, "create category link")
		}
		placed, err := s.catalog.PlaceSupplierCategoryTx(ctx, tx, in.SupplierID, in.SupplierCategory, &cat.ID)
		out.Placed = placed
		if err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryLinkCreated, SubjectType: activity.SubjectCategoryLink,
			SubjectID: out.ID, New: linkValues(out.CategoryLink, placed)})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func categoriesConnected() error {
	return apperr.InvalidFields(apperr.Field("supplier_category", "category_link.already_connected"))
}

// UnlinkCategory removes a link and takes its supplier category's products out of the shop
// category (category_id NULL), in one transaction.
func (s *Service) UnlinkCategory(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l CategoryLink
		err := tx.Where("id = ?", id).Take(&l).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("category_link")
		}
		if err != nil {
			return apperr.Wrap(err, "get category link")
		}
		if _, err := s.catalog.PlaceSupplierCategoryTx(ctx, tx, l.SupplierID, l.SupplierCategory, nil); err != nil {
			return err
		}
		res := tx.Where("id = ?", id).Delete(&CategoryLink{})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "delete category link")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("category_link")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryLinkDeleted, SubjectType: activity.SubjectCategoryLink,
			SubjectID: id, Old: linkValues(l, -1)})
	})
}

// linkValues is a category link as the activity log keeps it, with the products it placed
// (placed < 0: not told, on a removal).
func linkValues(l CategoryLink, placed int64) map[string]any {
	v := map[string]any{"supplier_id": l.SupplierID, "supplier_category": l.SupplierCategory, "category_id": l.CategoryID}
	if placed >= 0 {
		v["products_placed"] = placed
	}
	return v
}

// checkSupplier is a 422 on supplier_id when it is missing or names no supplier.
func (s *Service) checkSupplier(ctx context.Context, id uint64) error {
	if id == 0 {
		return apperr.InvalidFields(apperr.Field("supplier_id", "validation.required"))
	}
	_, err := s.catalog.GetSupplier(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return apperr.InvalidFields(apperr.Field("supplier_id", "category_link.unknown"))
	}
	return err
}

// category answers a shop category by id, or a 422 on category_id when it is missing or
// names none.
func (s *Service) category(ctx context.Context, id uint64) (*CategoryRef, error) {
	if id == 0 {
		return nil, apperr.InvalidFields(apperr.Field("category_id", "validation.required"))
	}
	c, err := s.catalog.GetCategory(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return nil, apperr.InvalidFields(apperr.Field("category_id", "category_link.unknown"))
	}
	if err != nil {
		return nil, err
	}
	return &CategoryRef{ID: c.ID, Name: c.Name}, nil
}
