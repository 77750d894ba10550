package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0027 (PostgreSQL only): one GIN index over (search_text trigrams,
// category_ids) in place of 0003's trigram index and 0017's category index (issue 11 item 28,
// the admin list's bench query: search + 8 categories). With two indexes the plan was a
// BitmapAnd that first turned the 8 categories' 24,000 products into a bitmap (about 3-4 ms of
// the statement's 7) to keep 926 rows; a multicolumn GIN intersects the search's rare trigram
// entries with the category entries inside one scan (1 ms, the same 926 rows). A multicolumn
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
