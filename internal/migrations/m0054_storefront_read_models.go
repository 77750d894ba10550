package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// productSummaries0054 is product_summaries as 0054 leaves it: 0053's columns in their order,
// then the storefront's: the listing's sort and sitemap dates, the main category's min price,
// the cart's image (the image marked main, none without one) and buyable, the storefront's
// rule of what goes into a cart: live, in stock, the web price not below the main category's
// min price (unlike purchasable, a zero web price does not block it).
const productSummaries0054 = productSummaryColumns0053 + storefrontColumns0054 + `,
	(p.active AND p.visible AND p.stock > 0 AND NOT COALESCE(mc.min_price > p.web_price, FALSE)) AS buyable` + productSummariesFrom0053

// storefrontColumns0054 is the storefront's columns before buyable.
const storefrontColumns0054 = `,
	p.created_at, p.updated_at, mc.min_price,
	COALESCE((SELECT i.small_key FROM product_images i WHERE i.product_id = p.id AND i.main
		ORDER BY i.id LIMIT 1), '') AS main_image_small_key`

// productValues0054 is each product's active attribute values, the storefront's filter and
// facet over them. attribute_values is a LEFT JOIN to its key, so a filter on value ids alone
// reads product_attributes only.
const productValues0054 = `CREATE VIEW product_values AS
SELECT pa.product_id, pa.attribute_id, pa.attribute_value_id AS value_id, av.value
FROM product_attributes pa
LEFT JOIN attribute_values av ON av.id = pa.attribute_value_id
WHERE pa.active`

// m0054StorefrontReadModels appends the storefront's columns to product_summaries and creates
// product_values, so the storefront reads the catalogue's read models instead of its tables.
// A later migration that rebuilds product_attributes on SQLite drops product_values first, as
// for product_summaries. Additive for a rolling deploy: the previous release's columns keep
// their names, types and order, and nothing it runs reads product_values.
func m0054StorefrontReadModels() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0054_storefront_read_models",
		Migrate: func(tx *gorm.DB) error {
			if err := replaceView(tx, "product_summaries", productSummaries0054); err != nil {
				return err
			}
			return tx.Exec(productValues0054).Error
		},
		Rollback: func(tx *gorm.DB) error {
			for _, q := range []string{"DROP VIEW IF EXISTS product_values", "DROP VIEW IF EXISTS product_summaries",
				"CREATE VIEW product_summaries AS " + productSummaries0053} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
