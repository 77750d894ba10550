package content

import (
	"context"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
)

// Banner positions: where the storefront shows a banner. The keys are the API's; the labels
// are i18n keys (banner.position.<key>).
const (
	PositionHomeSlider   = "home_slider"   // the home page's slider, at the top
	PositionHomeMiddle   = "home_middle"   // the home page, between the sections
	PositionSearchTop    = "search_top"    // the search dropdown's top banner (autocomplete)
	PositionSearchBottom = "search_bottom" // the search dropdown's bottom banner
	PositionCategory     = "category"      // a category page (the banner's category, or every one)
	PositionProduct      = "product"       // a product page (the banner's products, or every one)
)

// Positions are every position, in the order banner lists sort by.
var Positions = []string{PositionHomeSlider, PositionHomeMiddle, PositionSearchTop, PositionSearchBottom, PositionCategory, PositionProduct}

// HomePositions are the positions the home page shows.
var HomePositions = []string{PositionHomeSlider, PositionHomeMiddle}

func validPosition(p string) bool {
	for _, k := range Positions {
		if k == p {
			return true
		}
	}
	return false
}

// positionOrder is an ORDER BY term putting positions in Positions' order.
func positionOrder() string {
	var b strings.Builder
	b.WriteString("CASE banners.position")
	for i, p := range Positions {
		b.WriteString(" WHEN '" + p + "' THEN " + string(rune('0'+i)))
	}
	b.WriteString(" ELSE 9 END")
	return b.String()
}

// Banner is a banner with the products it names.
type Banner struct {
	ID             uint64
	Name           string
	Position       string
	SortOrder      int
	Link           string
	CategoryID     *uint64
	BrandID        *uint64
	ImageKey       string
	MobileImageKey string
	CreatedAt      time.Time
	UpdatedAt      time.Time

	ProductIDs []uint64 `gorm:"-"`
	// CategorySlug is the category's slug (public list).
	CategorySlug string `gorm:"-"`
}

func (Banner) TableName() string { return "banners" }

type bannerProduct struct {
	BannerID  uint64
	ProductID uint64
	Position  int
}

func (bannerProduct) TableName() string { return "banner_products" }

// BannerInput is the banner form (spec: name 1-255 required, position required, image
// required and at most 2 MB). On update the images are optional (nil keeps the stored one);
// every other field is replaced (an empty link, a 0 category or brand clears it).
type BannerInput struct {
	Name       string
	Position   string
	SortOrder  int
	Link       string
	CategoryID uint64
	BrandID    uint64
	ProductIDs []uint64
	// Image and MobileImage are uploads; RemoveMobileImage drops the stored mobile image.
	Image             io.Reader
	MobileImage       io.Reader
	RemoveMobileImage bool
}

// BannerFilter is the admin list's and the public list's filter.
type BannerFilter struct {
	Position string `form:"position"`
	Search   string `form:"search"`
}

func (f BannerFilter) check() error {
	if f.Position != "" && !validPosition(f.Position) {
		return apperr.InvalidFields(apperr.Field("position", "validation.oneof"))
	}
	return nil
}

// ListBanners is a page of banners by position (Positions' order), then order, then id.
func (s *Service) ListBanners(ctx context.Context, f BannerFilter, page listing.Page) ([]Banner, int64, error) {
	if err := f.check(); err != nil {
		return nil, 0, err
	}
	q := s.db.WithContext(ctx).Model(&Banner{})
	if f.Position != "" {
		q = q.Where("position = ?", f.Position)
	}
	if t := strings.TrimSpace(f.Search); t != "" {
		q = q.Where("LOWER(name) LIKE ?"+db.LikeEscape, db.LikeContains(strings.ToLower(t)))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count banners")
	}
	var rows []Banner
	if err := q.Order(positionOrder()).Order("sort_order, id").Offset(page.Offset()).Limit(page.Size).Find(&rows).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list banners")
	}
	if err := s.bannerRelations(ctx, rows); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// BannersAt are all banners at these positions, ordered as ListBanners (the home page).
func (s *Service) BannersAt(ctx context.Context, positions []string) ([]Banner, error) {
	var rows []Banner
	if err := s.db.WithContext(ctx).Where("position IN ?", positions).Order(positionOrder()).Order("sort_order, id").
		Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list banners")
	}
	return rows, s.bannerRelations(ctx, rows)
}

// bannerRelations fills the banners' product ids and category slugs (one query each).
func (s *Service) bannerRelations(ctx context.Context, rows []Banner) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]uint64, len(rows))
	var catIDs []uint64
	for i := range rows {
		ids[i] = rows[i].ID
		rows[i].ProductIDs = []uint64{}
		if rows[i].CategoryID != nil {
			catIDs = append(catIDs, *rows[i].CategoryID)
		}
	}
	var links []bannerProduct
	if err := s.db.WithContext(ctx).Where("banner_id IN ?", ids).Order("banner_id, position, product_id").Find(&links).Error; err != nil {
		return apperr.Wrap(err, "banner products")
	}
	by := map[uint64]*Banner{}
	for i := range rows {
		by[rows[i].ID] = &rows[i]
	}
	for _, l := range links {
		by[l.BannerID].ProductIDs = append(by[l.BannerID].ProductIDs, l.ProductID)
	}
	if len(catIDs) > 0 {
		cats, err := s.CategoryLinks(ctx, uniqueIDs(catIDs))
		if err != nil {
			return err
		}
		slugs := map[uint64]string{}
		for _, c := range cats {
			slugs[c.ID] = c.Slug
		}
		for i := range rows {
			if rows[i].CategoryID != nil {
				rows[i].CategorySlug = slugs[*rows[i].CategoryID]
			}
		}
	}
	return nil
}

// GetBanner is one banner; 404 'Izabrani baner ne postoji ili je izbrisan.'.
func (s *Service) GetBanner(ctx context.Context, id uint64) (*Banner, error) {
	var b Banner
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&b).Error; err != nil {
		return nil, apperr.Wrap(err, "find banner")
	}
	if b.ID == 0 {
		return nil, apperr.NotFoundThing("banner")
	}
	rows := []Banner{b}
	if err := s.bannerRelations(ctx, rows); err != nil {
		return nil, err
	}
	return &rows[0], nil
}

// checkBanner validates the form's fields (not the images) and normalizes in.
func (s *Service) checkBanner(ctx context.Context, in *BannerInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.Link = strings.TrimSpace(in.Link)
	in.ProductIDs = uniqueIDs(in.ProductIDs)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		fields = append(fields, apperr.Field("name", "validation.required"))
	case n > 255:
		fields = append(fields, apperr.Field("name", "validation.max_chars", "n", 255))
	}
	switch {
	case in.Position == "":
		fields = append(fields, apperr.Field("position", "validation.required"))
	case !validPosition(in.Position):
		fields = append(fields, apperr.Field("position", "validation.oneof"))
	}
	if utf8.RuneCountInString(in.Link) > 1024 {
		fields = append(fields, apperr.Field("link", "validation.max_chars", "n", 1024))
	} else if in.Link != "" && !safeLink(in.Link) {
		fields = append(fields, apperr.Field("link", "content.link_invalid"))
	}
	if in.SortOrder < 0 || in.SortOrder > 1_000_000 {
		fields = append(fields, apperr.Field("order", "validation.min", "n", 0))
	}
	errs := []error{nil}
	if len(fields) > 0 {
		errs[0] = apperr.InvalidFields(fields...)
	}
	if in.CategoryID != 0 {
		errs = append(errs, s.checkCategories(ctx, "category_id", []uint64{in.CategoryID}))
	}
	if in.BrandID != 0 {
		if _, err := s.cat.GetBrand(ctx, in.BrandID); err != nil {
			if !apperr.Is(err, apperr.NotFound) {
				return err
			}
			errs = append(errs, apperr.InvalidFields(apperr.Field("brand_id", "content.brand_unknown", "id", in.BrandID)))
		}
	}
	errs = append(errs, s.checkProducts(ctx, "product_ids", in.ProductIDs))
	return apperr.JoinInvalid(errs...)
}

// safeLink accepts a path on the shop ("/akcije/...") or an http(s) address, nothing that a
// browser would run (javascript:, data:).
func safeLink(l string) bool {
	low := strings.ToLower(l)
	if strings.HasPrefix(low, "//") {
		return false
	}
	return strings.HasPrefix(l, "/") || strings.HasPrefix(low, "http://") || strings.HasPrefix(low, "https://")
}

func optionalID(id uint64) *uint64 {
	if id == 0 {
		return nil
	}
	return &id
}

// CreateBanner adds a banner; the image is required (a 422 'Polje je obavezno' on image).
func (s *Service) CreateBanner(ctx context.Context, in BannerInput) (*Banner, error) {
	err := s.checkBanner(ctx, &in)
	if in.Image == nil {
		err = apperr.JoinInvalid(err, apperr.InvalidFields(apperr.Field("image", "validation.required")))
	}
	if err != nil {
		return nil, err
	}
	img, err := s.storeImage(ctx, in.Image, "image", "banners")
	if err != nil {
		return nil, err
	}
	mobile := ""
	if in.MobileImage != nil {
		if mobile, err = s.storeImage(ctx, in.MobileImage, "mobile_image", "banners"); err != nil {
			s.deleteObjects(ctx, img)
			return nil, err
		}
	}
	now := s.now()
	b := Banner{Name: in.Name, Position: in.Position, SortOrder: in.SortOrder, Link: in.Link, CategoryID: optionalID(in.CategoryID),
		BrandID: optionalID(in.BrandID), ImageKey: img, MobileImageKey: mobile, CreatedAt: now, UpdatedAt: now}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&b).Error; err != nil {
			return apperr.Wrap(err, "create banner")
		}
		if err := replaceBannerProducts(tx, b.ID, in.ProductIDs); err != nil {
			return apperr.Wrap(err, "create banner")
		}
		b.ProductIDs = in.ProductIDs
		return activity.Record(ctx, tx, activity.Change{Type: ActivityBannerCreated, SubjectType: subjectBanner, SubjectID: b.ID, New: bannerValues(b)})
	})
	if err != nil {
		s.deleteObjects(ctx, img, mobile)
		return nil, err
	}
	return s.GetBanner(ctx, b.ID)
}

func replaceBannerProducts(tx *gorm.DB, id uint64, products []uint64) error {
	if err := tx.Where("banner_id = ?", id).Delete(&bannerProduct{}).Error; err != nil {
		return err
	}
	if len(products) == 0 {
		return nil
	}
	rows := make([]bannerProduct, len(products))
	for i, p := range products {
		rows[i] = bannerProduct{BannerID: id, ProductID: p, Position: i}
	}
	return tx.CreateInBatches(rows, 500).Error
}

// UpdateBanner replaces a banner's fields; a new image or mobile image replaces the stored one.
func (s *Service) UpdateBanner(ctx context.Context, id uint64, in BannerInput) (*Banner, error) {
	old, err := s.GetBanner(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.checkBanner(ctx, &in); err != nil {
		return nil, err
	}
	img, mobile := old.ImageKey, old.MobileImageKey
	var stored, replaced []string
	if in.Image != nil {
		if img, err = s.storeImage(ctx, in.Image, "image", "banners"); err != nil {
			return nil, err
		}
		stored, replaced = append(stored, img), append(replaced, old.ImageKey)
	}
	switch {
	case in.MobileImage != nil:
		if mobile, err = s.storeImage(ctx, in.MobileImage, "mobile_image", "banners"); err != nil {
			s.deleteObjects(ctx, stored...)
			return nil, err
		}
		stored, replaced = append(stored, mobile), append(replaced, old.MobileImageKey)
	case in.RemoveMobileImage:
		mobile, replaced = "", append(replaced, old.MobileImageKey)
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Banner{}).Where("id = ?", id).Updates(map[string]any{"name": in.Name, "position": in.Position,
			"sort_order": in.SortOrder, "link": in.Link, "category_id": optionalID(in.CategoryID), "brand_id": optionalID(in.BrandID),
			"image_key": img, "mobile_image_key": mobile, "updated_at": s.now()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("banner")
		}
		if err := replaceBannerProducts(tx, id, in.ProductIDs); err != nil {
			return err
		}
		now := Banner{Name: in.Name, Position: in.Position, SortOrder: in.SortOrder, Link: in.Link, CategoryID: optionalID(in.CategoryID),
			BrandID: optionalID(in.BrandID), ImageKey: img, MobileImageKey: mobile, ProductIDs: in.ProductIDs}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityBannerUpdated, SubjectType: subjectBanner, SubjectID: id,
			Old: bannerValues(*old), New: bannerValues(now)})
	})
	if err != nil {
		s.deleteObjects(ctx, stored...)
		if apperr.Is(err, apperr.NotFound) {
			return nil, err
		}
		return nil, apperr.Wrap(err, "update banner")
	}
	s.deleteObjects(ctx, replaced...)
	return s.GetBanner(ctx, id)
}

// DeleteBanner removes a banner and its images.
func (s *Service) DeleteBanner(ctx context.Context, id uint64) error {
	old, err := s.GetBanner(ctx, id)
	if err != nil {
		return err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("banner_id = ?", id).Delete(&bannerProduct{}).Error; err != nil {
			return err
		}
		if err := tx.Where("id = ?", id).Delete(&Banner{}).Error; err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityBannerDeleted, SubjectType: subjectBanner, SubjectID: id, Old: bannerValues(*old)})
	})
	if err != nil {
		return apperr.Wrap(err, "delete banner")
	}
	s.deleteObjects(ctx, old.ImageKey, old.MobileImageKey)
	return nil
}
