package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0025: indexes for the storefront search's literal match (issue 14 item 5,
// the autocomplete at 100,000 products). The match was one statement ORing the exact SKU/EAN
// hit with, per query word, the name, the main category's and the brand's names and the
// description, ordered by a relevance CASE: no index serves an OR over five places, so every
// keystroke read all of products. The search now reads each relevance tier on its own (exact
// hit, whole query in the name, category, brand, description, the rest), each through an index:
// LOWER(sku) and ean (partial: most products have none) on both databases, and on PostgreSQL a
// trigram GIN on search_description beside 0003's on search_text. The category and brand tiers
// use the existing main_category_id and brand_id indexes. None of these columns changes in an
// import, so its updates of products stay in place (0006).
var searchLookupIndexes0025 = []string{
	"CREATE INDEX products_sku_lower_idx ON products (LOWER(sku))",
	"CREATE INDEX products_ean_idx ON products (ean) WHERE ean <> ''",
}

const searchDescriptionTrgm0025 = "CREATE INDEX products_search_description_trgm_idx ON products USING gin (search_description gin_trgm_ops)"

func m0025SearchLookupIndexes() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0025_search_lookup_indexes",
		Migrate: func(tx *gorm.DB) error {
			stmts := searchLookupIndexes0025
			if tx.Dialector.Name() == "postgres" {
				stmts = append(append([]string{}, stmts...), searchDescriptionTrgm0025, "ANALYZE products")
			}
			for _, q := range stmts {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, q := range []string{
				"DROP INDEX IF EXISTS products_search_description_trgm_idx",
				"DROP INDEX IF EXISTS products_ean_idx",
				"DROP INDEX IF EXISTS products_sku_lower_idx",
			} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
