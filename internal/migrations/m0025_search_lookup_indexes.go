package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0025: indexes for the storefront search's literal match (the autocomplete at
// 100,000 products). The match was one statement ORing the exact SKU/EAN
// hit with, per query word, the name, the main category's and the brand's names and the
// description, ordered by a relevance CASE: no index serves an OR over five places, so every
// keystroke read all of products. The search now reads each relevance tier on its own (exact
// hit, whole query in the name, category, brand, description, the rest), each through an index:
// LOWER(sku) and ean (partial: most products have none) on both databases, and on PostgreSQL a
// trigram GIN on search_description beside 0003's on search_text. The category and brand tiers
// use the existing main_category_id and brand_id indexes. The name tier walks 0004's (name, id)
// index when hits are dense; on PostgreSQL that index now also carries what the tier reads
// (INCLUDE: search_text, sku, ean, the flags, the category and the brand), so the walk is an
// index-only scan. None of these columns
// changes in an import, so its updates of products stay in place (0006).
var searchLookupIndexes0025 = []string{
	"CREATE INDEX products_sku_lower_idx ON products (LOWER(sku))",
	"CREATE INDEX products_ean_idx ON products (ean) WHERE ean <> ''",
}

var searchPostgres0025 = []string{
	"CREATE INDEX products_search_description_trgm_idx ON products USING gin (search_description gin_trgm_ops)",
	"DROP INDEX products_name_id_idx",
	"CREATE INDEX products_name_id_idx ON products (name, id) INCLUDE (search_text, sku, ean, active, visible, main_category_id, brand_id)",
	"ANALYZE products",
}

func m0025SearchLookupIndexes() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0025_search_lookup_indexes",
		Migrate: func(tx *gorm.DB) error {
			stmts := searchLookupIndexes0025
			if tx.Dialector.Name() == "postgres" {
				stmts = append(append([]string{}, stmts...), searchPostgres0025...)
			}
			for _, q := range stmts {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() == "postgres" { // 0004's (name, id) without the included columns
				for _, q := range []string{"DROP INDEX IF EXISTS products_name_id_idx", "CREATE INDEX products_name_id_idx ON products (name, id)"} {
					if err := tx.Exec(q).Error; err != nil {
						return err
					}
				}
			}
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
