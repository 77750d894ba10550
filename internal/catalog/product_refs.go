package catalog

import (
	"context"
	"strings"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// productRefs fills what each product points at one-to-one (its price-list connection, brand,
// manufacturer, supplier and main category when asked for, and its main image when asked for
// without the whole gallery) from one statement: joins by primary key and one index probe per
// product for the image. A page of cards was seven round trips, one per relation, and the
// round trips, not the rows, were the storefront's and the admin list's cost (docs/catalog.md).
func (s *Service) productRefs(ctx context.Context, out []ProductDetails, ids []uint64, inc ProductIncludes) error {
	// The connection is a scalar subquery, an index probe per product: as a join the planner
	// hashed the whole supplier_products table for a page of 24.
	cols := []string{"p.id AS product_id", "(SELECT sp.id FROM supplier_products sp WHERE sp.product_id = p.id) AS supplier_product_id",
		"b.id AS brand_id", "b.name AS brand_name", "m.id AS manufacturer_id", "m.value AS manufacturer_value"}
	joins := []string{"LEFT JOIN brands b ON b.id = p.brand_id", "LEFT JOIN attribute_values m ON m.id = p.manufacturer_id"}
	if inc.Supplier {
		cols = append(cols, "s.id AS supplier_id", "s.name AS supplier_name")
		joins = append(joins, "LEFT JOIN suppliers s ON s.id = p.supplier_id")
	}
	if inc.MainCategory {
		cols = append(cols, "c.id AS category_id", "c.name AS category_name", "c.slug AS category_slug", "c.min_price AS category_min_price")
		joins = append(joins, "LEFT JOIN categories c ON c.id = p.main_category_id")
	}
	mainImage := inc.MainImage && !inc.Images // the gallery's statement finds the main image itself
	if mainImage {
		cols = append(cols, "i.id AS image_id", "i.small_key AS image_small_key", "i.large_key AS image_large_key", "i.position AS image_position")
		joins = append(joins, "LEFT JOIN product_images i ON i.id = (SELECT i2.id FROM product_images i2 "+
			"WHERE i2.product_id = p.id AND i2.main = true ORDER BY i2.position, i2.id LIMIT 1)")
	}
	var rows []struct {
		ProductID                    uint64
		SupplierProductID            *uint64
		BrandID                      *uint64
		BrandName                    *string
		ManufacturerID               *uint64
		ManufacturerValue            *string
		SupplierID                   *uint64
		SupplierName                 *string
		CategoryID                   *uint64
		CategoryName, CategorySlug   *string
		CategoryMinPrice             *money.Para
		ImageID                      *uint64
		ImageSmallKey, ImageLargeKey *string
		ImagePosition                *int
	}
	err := s.db.WithContext(ctx).Table("products p").Select(strings.Join(cols, ", ")).
		Joins(strings.Join(joins, " ")).Where("p.id IN ?", ids).Scan(&rows).Error
	if err != nil {
		return apperr.Wrap(err, "product refs")
	}
	byID := make(map[uint64]*ProductDetails, len(out))
	for i := range out {
		byID[out[i].ID] = &out[i]
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for _, r := range rows {
		d := byID[r.ProductID]
		if d == nil {
			continue
		}
		d.SupplierProductID = r.SupplierProductID
		if r.BrandID != nil {
			d.Brand = &ProductRef{ID: *r.BrandID, Name: str(r.BrandName)}
		}
		if r.ManufacturerID != nil {
			d.Manufacturer = &ProductValueRef{ID: *r.ManufacturerID, Value: str(r.ManufacturerValue)}
		}
		if r.SupplierID != nil {
			d.Supplier = &ProductRef{ID: *r.SupplierID, Name: str(r.SupplierName)}
		}
		if r.CategoryID != nil {
			c := ProductCategoryRef{ID: *r.CategoryID, Name: str(r.CategoryName), Slug: str(r.CategorySlug)}
			if r.CategoryMinPrice != nil {
				c.MinPrice = *r.CategoryMinPrice
			}
			d.MainCategory = &c
		}
		if r.ImageID != nil {
			d.MainImage = &ProductImageRef{ID: *r.ImageID, ProductID: r.ProductID, Main: true,
				SmallKey: str(r.ImageSmallKey), LargeKey: str(r.ImageLargeKey), Position: *r.ImagePosition}
		}
	}
	return nil
}
