package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// productSummariesSQL is the catalogue's read model for the capabilities that name, list or
// export products without owning them (feeds, partners, voice): each product with its brand's
// and main category's names and its main image, and the catalogue's rules of who may see and
// buy it. A consumer selects the columns it needs; both databases inline the view, so an unused
// brand join or image lookup is not run. A later migration that rebuilds products on SQLite
// (a copy, drop and rename) drops this view first and creates it again after.
//
//   - live: active and visible on the storefront;
//   - sellable: live with a web price not below the main category's minimum price;
//   - purchasable: sellable and in stock.
const productSummariesSQL = `CREATE VIEW product_summaries AS
SELECT p.id, p.sku, p.name, p.slug, p.description, p.ean, p.stock,
	p.active, p.visible, p.eponuda, p.brand_id, p.main_category_id, p.active_discount_id,
	p.entry_price, p.web_price, p.retail_price, p.discount_price, p.authenticated_price,
	COALESCE(b.name, '') AS brand_name, mc.name AS category_name, mc.slug AS category_slug, mc.pdv_bps,
	COALESCE((SELECT i.large_key FROM product_images i WHERE i.product_id = p.id
		ORDER BY i.main DESC, i.position, i.id LIMIT 1), '') AS image_key,
	(p.active AND p.visible) AS live,
	(p.active AND p.visible AND p.web_price > 0 AND p.web_price >= mc.min_price) AS sellable,
	(p.active AND p.visible AND p.web_price > 0 AND p.web_price >= mc.min_price AND p.stock > 0) AS purchasable
FROM products p
JOIN categories mc ON mc.id = p.main_category_id
LEFT JOIN brands b ON b.id = p.brand_id`

// m0052ProductSummaries creates the product_summaries view (additive: nothing reads it yet).
func m0052ProductSummaries() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0052_product_summaries",
		Migrate: func(tx *gorm.DB) error {
			return tx.Exec(productSummariesSQL).Error
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Exec("DROP VIEW IF EXISTS product_summaries").Error
		},
	}
}
