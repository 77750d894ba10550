package migrations

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0031 (PostgreSQL only; SQLite has no per-column statistics target): products'
// search_text keeps a statistics target of 1000 instead of the default 100. The autocomplete's
// and the search's "name contains" step (`search_text LIKE '%leno%' ... ORDER BY name, id
// LIMIT 6`) is planned from how many products PostgreSQL expects to match, which it reads off
// the column's histogram: with 100 entries a term in 4 % of the catalogue matched 0-7 of them
// depending on ANALYZE's random sample, so the estimate swung by orders of magnitude between
// ANALYZEs of the same products, and when it was low the plan sorted every match. With 1000 the
// sample is 300,000 rows and the estimate stays near the truth; ANALYZE of products reads more.
const searchTextStatistics0031 = 1000

func m0031SearchTextStatistics() *gormigrate.Migration {
	set := func(tx *gorm.DB, target int) error {
		if tx.Dialector.Name() != "postgres" {
			return nil
		}
		// DDL takes no bind parameters: the number is formatted in.
		if err := tx.Exec(fmt.Sprintf("ALTER TABLE products ALTER COLUMN search_text SET STATISTICS %d", target)).Error; err != nil {
			return err
		}
		return tx.Exec("ANALYZE products (search_text)").Error
	}
	return &gormigrate.Migration{
		ID:       "0031_search_text_statistics",
		Migrate:  func(tx *gorm.DB) error { return set(tx, searchTextStatistics0031) },
		Rollback: func(tx *gorm.DB) error { return set(tx, -1) },
	}
}
