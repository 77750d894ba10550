package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0027 (PostgreSQL only): one GIN index over (search_text trigrams,
// category_ids) in place of 0003's trigram index and 0017's category index, for the admin list's
// search within several categories. With two indexes the plan was a BitmapAnd that first turned
// every product of the categories into a bitmap (half of the statement) to keep a few hundred
// rows; a multicolumn GIN intersects the search's rare trigram entries with the category
// entries inside one scan. A multicolumn
// GIN serves a condition on either column alone as well as the single-column ones did (the
// entry tree is keyed by column and key), so the two old indexes go: one index fewer to write
// when a product is created or its categories change. An import changes neither column, so
// its updates of products stay in place (0006).
var searchCategoryGIN0027 = []string{
	"CREATE INDEX products_search_category_idx ON products USING gin (search_text gin_trgm_ops, category_ids)",
	"DROP INDEX products_search_trgm_idx",
	"DROP INDEX products_category_ids_idx",
	"ANALYZE products",
}

func m0027SearchCategoryGIN() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0027_search_category_gin",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, searchCategoryGIN0027)
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, []string{
				"CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)",
				"CREATE INDEX products_category_ids_idx ON products USING gin (category_ids)",
				"DROP INDEX IF EXISTS products_search_category_idx",
			})
		},
	}
}

func exec0027(tx *gorm.DB, stmts []string) error {
	for _, q := range stmts {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
