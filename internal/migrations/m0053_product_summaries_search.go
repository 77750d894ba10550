package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// productSummaries0053 is product_summaries as 0053 leaves it: 0052's columns in their order,
// then the search's (the folded texts it matches and the card's small image). The main
// category is a LEFT JOIN (the catalogue refuses to delete a category a product names, so it
// always finds one): PostgreSQL removes a LEFT JOIN to a unique key whose columns a query does
// not read, so the search's and the storefront's product-only queries keep their plans.
const productSummaries0053 = productSummaryColumns0053 + productSummariesFrom0053

// productSummaryColumns0053 is the view's select list, which later migrations append to.
const productSummaryColumns0053 = `SELECT p.id, p.sku, p.name, p.slug, p.description, p.ean, p.stock,
	p.active, p.visible, p.eponuda, p.brand_id, p.main_category_id, p.active_discount_id,
	p.entry_price, p.web_price, p.retail_price, p.discount_price, p.authenticated_price,
	COALESCE(b.name, '') AS brand_name, mc.name AS category_name, mc.slug AS category_slug, mc.pdv_bps,
	COALESCE((SELECT i.large_key FROM product_images i WHERE i.product_id = p.id
		ORDER BY i.main DESC, i.position, i.id LIMIT 1), '') AS image_key,
	(p.active AND p.visible) AS live,
	(p.active AND p.visible AND p.web_price > 0 AND p.web_price >= mc.min_price) AS sellable,
	(p.active AND p.visible AND p.web_price > 0 AND p.web_price >= mc.min_price AND p.stock > 0) AS purchasable,
	p.search_text, p.search_description,
	mc.search_name AS category_search_name, COALESCE(b.search_name, '') AS brand_search_name,
	COALESCE((SELECT i.small_key FROM product_images i WHERE i.product_id = p.id
		ORDER BY i.main DESC, i.position, i.id LIMIT 1), '') AS small_image_key`

// productSummariesFrom0053 is the view's FROM clause.
const productSummariesFrom0053 = `
FROM products p
LEFT JOIN categories mc ON mc.id = p.main_category_id
LEFT JOIN brands b ON b.id = p.brand_id`

// replaceView makes view select body: PostgreSQL replaces it in place (its columns may only be
// appended to), SQLite has no CREATE OR REPLACE VIEW and drops and creates it in the same
// transaction.
func replaceView(tx *gorm.DB, view, body string) error {
	if tx.Dialector.Name() == "postgres" {
		return tx.Exec("CREATE OR REPLACE VIEW " + view + " AS " + body).Error
	}
	if err := tx.Exec("DROP VIEW IF EXISTS " + view).Error; err != nil {
		return err
	}
	return tx.Exec("CREATE VIEW " + view + " AS " + body).Error
}

// m0053ProductSummariesSearch appends to product_summaries what the search reads, so it reads
// the catalogue's read model instead of its tables. Additive for a rolling deploy: the
// previous release's columns keep their names, types and order, and every product it saw is
// still there (the LEFT JOIN only differs for a product whose main category is gone, which
// the catalogue does not allow).
func m0053ProductSummariesSearch() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0053_product_summaries_search",
		Migrate: func(tx *gorm.DB) error {
			return replaceView(tx, "product_summaries", productSummaries0053)
		},
		Rollback: func(tx *gorm.DB) error {
			// Neither database drops a view's column in place.
			if err := tx.Exec("DROP VIEW IF EXISTS product_summaries").Error; err != nil {
				return err
			}
			return tx.Exec(productSummariesSQL).Error
		},
	}
}
