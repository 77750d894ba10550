package content

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
)

type homeProduct struct {
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false"`
	SortOrder int
}

func (homeProduct) TableName() string { return "home_products" }

type homeCategory struct {
	CategoryID uint64 `gorm:"primaryKey;autoIncrement:false"`
	SortOrder  int
}

func (homeCategory) TableName() string { return "home_categories" }

// Section is a home-screen section: a name, its place among the sections, whether it shows
// on desktop and on mobile, and its products and categories in order.
type Section struct {
	ID          uint64
	Name        string
	SortOrder   int
	ShowDesktop bool
	ShowMobile  bool
	CreatedAt   time.Time
	UpdatedAt   time.Time

	ProductIDs  []uint64 `gorm:"-"`
	CategoryIDs []uint64 `gorm:"-"`
}

func (Section) TableName() string { return "home_sections" }

type sectionProduct struct {
	SectionID uint64
	ProductID uint64
	Position  int
}

func (sectionProduct) TableName() string { return "home_section_products" }

type sectionCategory struct {
	SectionID  uint64
	CategoryID uint64
	Position   int
}

func (sectionCategory) TableName() string { return "home_section_categories" }

// SectionInput is the section form: name 2-255 (spec 5); Order nil puts a new section last.
type SectionInput struct {
	Name        string
	Order       *int
	ShowDesktop bool
	ShowMobile  bool
	ProductIDs  []uint64
	CategoryIDs []uint64
}

// HomeProductIDs are the home screen's products in order.
func (s *Service) HomeProductIDs(ctx context.Context) ([]uint64, error) {
	ids := []uint64{}
	err := s.db.WithContext(ctx).Model(&homeProduct{}).Order("sort_order, product_id").Pluck("product_id", &ids).Error
	return ids, apperr.Wrap(err, "home products")
}

// HomeCategoryIDs are the home screen's categories in order.
func (s *Service) HomeCategoryIDs(ctx context.Context) ([]uint64, error) {
	ids := []uint64{}
	err := s.db.WithContext(ctx).Model(&homeCategory{}).Order("sort_order, category_id").Pluck("category_id", &ids).Error
	return ids, apperr.Wrap(err, "home categories")
}

// SetHomeProducts replaces the home screen's products with ids, in this order.
func (s *Service) SetHomeProducts(ctx context.Context, ids []uint64) ([]uint64, error) {
	ids = uniqueIDs(ids)
	if err := s.checkProducts(ctx, "product_ids", ids); err != nil {
		return nil, err
	}
	before, err := s.HomeProductIDs(ctx)
	if err != nil {
		return nil, err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("1 = 1").Delete(&homeProduct{}).Error; err != nil {
			return err
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityHomeProductsSet, SubjectType: subjectHome,
			Old: map[string]any{"ids": before}, New: map[string]any{"ids": ids}}); err != nil {
			return err
		}
		rows := make([]homeProduct, len(ids))
		for i, id := range ids {
			rows[i] = homeProduct{ProductID: id, SortOrder: i}
		}
		if len(rows) == 0 {
			return nil
		}
		return tx.CreateInBatches(rows, 500).Error
	})
	if err != nil {
		return nil, apperr.Wrap(err, "set home products")
	}
	return s.HomeProductIDs(ctx)
}

// SetHomeCategories replaces the home screen's categories with ids, in this order.
func (s *Service) SetHomeCategories(ctx context.Context, ids []uint64) ([]uint64, error) {
	ids = uniqueIDs(ids)
	if err := s.checkCategories(ctx, "category_ids", ids); err != nil {
		return nil, err
	}
	before, err := s.HomeCategoryIDs(ctx)
	if err != nil {
		return nil, err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("1 = 1").Delete(&homeCategory{}).Error; err != nil {
			return err
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityHomeCategoriesSet, SubjectType: subjectHome,
			Old: map[string]any{"ids": before}, New: map[string]any{"ids": ids}}); err != nil {
			return err
		}
		rows := make([]homeCategory, len(ids))
		for i, id := range ids {
			rows[i] = homeCategory{CategoryID: id, SortOrder: i}
		}
		if len(rows) == 0 {
			return nil
		}
		return tx.CreateInBatches(rows, 500).Error
	})
	if err != nil {
		return nil, apperr.Wrap(err, "set home categories")
	}
	return s.HomeCategoryIDs(ctx)
}

// Sections are all home sections by order, then id, with their products and categories.
func (s *Service) Sections(ctx context.Context) ([]Section, error) {
	var rows []Section
	if err := s.db.WithContext(ctx).Order("sort_order, id").Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list sections")
	}
	return rows, s.sectionRelations(ctx, rows)
}

func (s *Service) sectionRelations(ctx context.Context, rows []Section) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]uint64, len(rows))
	by := map[uint64]*Section{}
	for i := range rows {
		ids[i] = rows[i].ID
		rows[i].ProductIDs, rows[i].CategoryIDs = []uint64{}, []uint64{}
		by[rows[i].ID] = &rows[i]
	}
	var ps []sectionProduct
	if err := s.db.WithContext(ctx).Where("section_id IN ?", ids).Order("section_id, position, product_id").Find(&ps).Error; err != nil {
		return apperr.Wrap(err, "section products")
	}
	for _, p := range ps {
		by[p.SectionID].ProductIDs = append(by[p.SectionID].ProductIDs, p.ProductID)
	}
	var cs []sectionCategory
	if err := s.db.WithContext(ctx).Where("section_id IN ?", ids).Order("section_id, position, category_id").Find(&cs).Error; err != nil {
		return apperr.Wrap(err, "section categories")
	}
	for _, c := range cs {
		by[c.SectionID].CategoryIDs = append(by[c.SectionID].CategoryIDs, c.CategoryID)
	}
	return nil
}

// GetSection is one section; 404 'Sekcija ne postoji ili je izbrisana.'.
func (s *Service) GetSection(ctx context.Context, id uint64) (*Section, error) {
	var sec Section
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&sec).Error; err != nil {
		return nil, apperr.Wrap(err, "find section")
	}
	if sec.ID == 0 {
		return nil, apperr.NotFoundThing("section")
	}
	rows := []Section{sec}
	if err := s.sectionRelations(ctx, rows); err != nil {
		return nil, err
	}
	return &rows[0], nil
}

func (s *Service) checkSection(ctx context.Context, in *SectionInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.ProductIDs, in.CategoryIDs = uniqueIDs(in.ProductIDs), uniqueIDs(in.CategoryIDs)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		fields = append(fields, apperr.Field("name", "validation.required"))
	case n < 2:
		fields = append(fields, apperr.Field("name", "validation.min_chars", "n", 2))
	case n > 255:
		fields = append(fields, apperr.Field("name", "validation.max_chars", "n", 255))
	}
	if in.Order != nil && (*in.Order < 0 || *in.Order > 1_000_000) {
		fields = append(fields, apperr.Field("order", "validation.min", "n", 0))
	}
	var first error
	if len(fields) > 0 {
		first = apperr.InvalidFields(fields...)
	}
	return apperr.JoinInvalid(first, s.checkProducts(ctx, "product_ids", in.ProductIDs),
		s.checkCategories(ctx, "category_ids", in.CategoryIDs))
}

func replaceSectionItems(tx *gorm.DB, id uint64, in SectionInput) error {
	if err := tx.Where("section_id = ?", id).Delete(&sectionProduct{}).Error; err != nil {
		return err
	}
	if err := tx.Where("section_id = ?", id).Delete(&sectionCategory{}).Error; err != nil {
		return err
	}
	if len(in.ProductIDs) > 0 {
		rows := make([]sectionProduct, len(in.ProductIDs))
		for i, p := range in.ProductIDs {
			rows[i] = sectionProduct{SectionID: id, ProductID: p, Position: i}
		}
		if err := tx.CreateInBatches(rows, 500).Error; err != nil {
			return err
		}
	}
	if len(in.CategoryIDs) > 0 {
		rows := make([]sectionCategory, len(in.CategoryIDs))
		for i, c := range in.CategoryIDs {
			rows[i] = sectionCategory{SectionID: id, CategoryID: c, Position: i}
		}
		if err := tx.CreateInBatches(rows, 500).Error; err != nil {
			return err
		}
	}
	return nil
}

// CreateSection adds a section (last when no order is given).
func (s *Service) CreateSection(ctx context.Context, in SectionInput) (*Section, error) {
	if err := s.checkSection(ctx, &in); err != nil {
		return nil, err
	}
	now := s.now()
	sec := Section{Name: in.Name, ShowDesktop: in.ShowDesktop, ShowMobile: in.ShowMobile, CreatedAt: now, UpdatedAt: now}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if in.Order != nil {
			sec.SortOrder = *in.Order
		} else {
			var last *int
			if err := tx.Model(&Section{}).Select("MAX(sort_order)").Scan(&last).Error; err != nil {
				return err
			}
			if last != nil {
				sec.SortOrder = *last + 1
			}
		}
		if err := tx.Create(&sec).Error; err != nil {
			return err
		}
		if err := replaceSectionItems(tx, sec.ID, in); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivitySectionCreated, SubjectType: subjectSection, SubjectID: sec.ID,
			New: sectionValues(sec.Name, sec.SortOrder, sec.ShowDesktop, sec.ShowMobile, in.ProductIDs, in.CategoryIDs)})
	})
	if err != nil {
		return nil, apperr.Wrap(err, "create section")
	}
	return s.GetSection(ctx, sec.ID)
}

// UpdateSection replaces a section's fields and items (a nil order keeps its place).
func (s *Service) UpdateSection(ctx context.Context, id uint64, in SectionInput) (*Section, error) {
	old, err := s.GetSection(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.checkSection(ctx, &in); err != nil {
		return nil, err
	}
	order := old.SortOrder
	if in.Order != nil {
		order = *in.Order
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Section{}).Where("id = ?", id).Updates(map[string]any{"name": in.Name, "sort_order": order,
			"show_desktop": in.ShowDesktop, "show_mobile": in.ShowMobile, "updated_at": s.now()}).Error; err != nil {
			return err
		}
		if err := replaceSectionItems(tx, id, in); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivitySectionUpdated, SubjectType: subjectSection, SubjectID: id,
			Old: sectionValues(old.Name, old.SortOrder, old.ShowDesktop, old.ShowMobile, old.ProductIDs, old.CategoryIDs),
			New: sectionValues(in.Name, order, in.ShowDesktop, in.ShowMobile, in.ProductIDs, in.CategoryIDs)})
	})
	if err != nil {
		return nil, apperr.Wrap(err, "update section")
	}
	return s.GetSection(ctx, id)
}

// DeleteSection removes a section and its items.
func (s *Service) DeleteSection(ctx context.Context, id uint64) error {
	old, err := s.GetSection(ctx, id)
	if err != nil {
		return err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("section_id = ?", id).Delete(&sectionProduct{}).Error; err != nil {
			return err
		}
		if err := tx.Where("section_id = ?", id).Delete(&sectionCategory{}).Error; err != nil {
			return err
		}
		if err := tx.Where("id = ?", id).Delete(&Section{}).Error; err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivitySectionDeleted, SubjectType: subjectSection, SubjectID: id,
			Old: sectionValues(old.Name, old.SortOrder, old.ShowDesktop, old.ShowMobile, old.ProductIDs, old.CategoryIDs)})
	})
	return apperr.Wrap(err, "delete section")
}

// HomeSection is a section as the storefront shows it: only products a shopper may see
// and active categories.
type HomeSection struct {
	Section
	Products   []catalog.ProductDetails
	Categories []CategoryLink
}

// Home is everything the storefront's home page shows, in one answer.
type Home struct {
	Banners    []Banner
	Sections   []HomeSection
	Products   []catalog.ProductDetails
	Categories []CategoryLink
}

// Home reads the home page: the home positions' banners, the sections with their products
// and categories, the home products and categories. Every product of the page is loaded in
// one ProductsByID call and every category in one read of the tree.
func (s *Service) Home(ctx context.Context) (*Home, error) {
	banners, err := s.BannersAt(ctx, HomePositions)
	if err != nil {
		return nil, err
	}
	sections, err := s.Sections(ctx)
	if err != nil {
		return nil, err
	}
	prodIDs, err := s.HomeProductIDs(ctx)
	if err != nil {
		return nil, err
	}
	catIDs, err := s.HomeCategoryIDs(ctx)
	if err != nil {
		return nil, err
	}
	allProducts, allCats := append([]uint64{}, prodIDs...), append([]uint64{}, catIDs...)
	for _, sec := range sections {
		allProducts = append(allProducts, sec.ProductIDs...)
		allCats = append(allCats, sec.CategoryIDs...)
	}
	products, err := s.ShownProducts(ctx, uniqueIDs(allProducts))
	if err != nil {
		return nil, err
	}
	cats, err := s.CategoryLinks(ctx, uniqueIDs(allCats))
	if err != nil {
		return nil, err
	}
	pby := make(map[uint64]*catalog.ProductDetails, len(products))
	for i := range products {
		pby[products[i].ID] = &products[i]
	}
	cby := make(map[uint64]CategoryLink, len(cats))
	for _, c := range cats {
		cby[c.ID] = c
	}
	pickProducts := func(ids []uint64) []catalog.ProductDetails {
		out := make([]catalog.ProductDetails, 0, len(ids))
		for _, id := range ids {
			if p := pby[id]; p != nil {
				out = append(out, *p)
			}
		}
		return out
	}
	pickCategories := func(ids []uint64) []CategoryLink {
		out := make([]CategoryLink, 0, len(ids))
		for _, id := range ids {
			if c, ok := cby[id]; ok {
				out = append(out, c)
			}
		}
		return out
	}
	h := &Home{Banners: banners, Sections: make([]HomeSection, len(sections)), Products: pickProducts(prodIDs), Categories: pickCategories(catIDs)}
	for i, sec := range sections {
		h.Sections[i] = HomeSection{Section: sec, Products: pickProducts(sec.ProductIDs), Categories: pickCategories(sec.CategoryIDs)}
	}
	return h, nil
}
