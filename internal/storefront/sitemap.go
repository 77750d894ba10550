package storefront

import (
	"context"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/seo"
)

// liveProducts are the products that have a storefront page (Product's condition) and a main
// category to be addressed under.
func (s *Service) liveProducts(ctx context.Context) *gorm.DB {
	return s.db.WithContext(ctx).Table("product_summaries p").Where("p.live AND p.category_slug IS NOT NULL")
}

// LiveProductCount is how many products the sitemap lists.
func (s *Service) LiveProductCount(ctx context.Context) (int64, error) {
	var n int64
	if err := s.liveProducts(ctx).Count(&n).Error; err != nil {
		return 0, apperr.Wrap(err, "sitemap count")
	}
	return n, nil
}

// EachLiveProduct streams the live products' URLs in id order (one statement, read row by row).
func (s *Service) EachLiveProduct(ctx context.Context, offset, limit int, fn func(seo.Entry) error) error {
	rows, err := s.liveProducts(ctx).Select("p.slug AS slug, p.category_slug AS category_slug, p.updated_at AS updated_at").Order("p.id").Offset(offset).Limit(limit).Rows()
	if err != nil {
		return apperr.Wrap(err, "sitemap products")
	}
	defer rows.Close()
	for rows.Next() {
		var r struct {
			Slug, CategorySlug string
			UpdatedAt          time.Time
		}
		if err := s.db.ScanRows(rows, &r); err != nil {
			return apperr.Wrap(err, "sitemap product")
		}
		if err := fn(seo.Entry{Path: seo.ProductPath(r.CategorySlug, r.Slug), LastMod: r.UpdatedAt}); err != nil {
			return err
		}
	}
	return apperr.Wrap(rows.Err(), "sitemap products")
}

// EachActiveCategory streams the active categories' URLs (the category page answers them).
func (s *Service) EachActiveCategory(ctx context.Context, fn func(seo.Entry) error) error {
	pages, err := s.cat.ActiveCategoryPages(ctx)
	if err != nil {
		return err
	}
	for _, c := range pages {
		if err := fn(seo.Entry{Path: seo.CategoryPath(c.Slug), LastMod: c.UpdatedAt}); err != nil {
			return err
		}
	}
	return nil
}
