package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0004: indexes the admin product list needs at 100k+ products (found with
// EXPLAIN ANALYZE in make bench). Plain CREATE INDEX, the same on PostgreSQL and SQLite.
//   - product_categories and supplier_products by (category|supplier, product): the list's
//     "in these categories / from these suppliers" filters read the product ids of a few
//     categories (suppliers) from the index alone, without visiting the table.
//   - products by each sortable column with id (the tie-breaker): a sorted page with a broad
//     filter walks the index in order and stops after the page instead of sorting the
//     whole match. id, sku and updated_at have their indexes already.
var catalogIndexes0004 = []struct{ name, table, cols string }{
	{"product_categories_category_product_idx", "product_categories", "category_id, product_id"},
	{"supplier_products_supplier_product_idx", "supplier_products", "supplier_id, product_id"},
	{"products_web_price_id_idx", "products", "web_price, id"},
	{"products_entry_price_id_idx", "products", "entry_price, id"},
	{"products_name_id_idx", "products", "name, id"},
	{"products_created_at_id_idx", "products", "created_at, id"},
}

func m0004CatalogIndexes() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0004_catalog_indexes",
		Migrate: func(tx *gorm.DB) error {
			for _, ix := range catalogIndexes0004 {
				if err := tx.Exec("CREATE INDEX " + ix.name + " ON " + ix.table + " (" + ix.cols + ")").Error; err != nil {
					return err
				}
			}
			if tx.Dialector.Name() == "postgres" {
				// Fresh statistics, so the first list after an upgrade is planned with them.
				for _, t := range []string{"products", "product_categories", "supplier_products"} {
					if err := tx.Exec("ANALYZE " + t).Error; err != nil {
						return err
					}
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for i := len(catalogIndexes0004) - 1; i >= 0; i-- {
				if err := tx.Exec("DROP INDEX IF EXISTS " + catalogIndexes0004[i].name).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
