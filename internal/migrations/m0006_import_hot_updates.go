package migrations

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0006: a supplier's price list rewrites the price and stock of every one of its
// rows and of the shop products connected to them. PostgreSQL writes such an update in place
// (a heap-only tuple: no index is touched) when no indexed column changes and the row's page
// has room for its new version; otherwise each of the row's indexes gets a new entry (on
// products twelve, the trigram index among them), which was most of an import's time.
//   - products loses its indexes on the columns an import changes: updated_at, entry_price and
//     web_price (the sorts by them read the list's matches and sort them instead of walking
//     an index);
//   - products and supplier_products keep half of each page free (fillfactor 50), so all rows
//     of a page can get their new versions in one transaction; the dead versions of the last
//     import are pruned as the next one comes to the page. Pages written before this migration
//     get the room when their rows next move.
//
// SQLite has no fillfactor and updates in place anyway; it drops the same indexes.
var importHotIndexes0006 = []struct{ name, table, cols string }{
	{"idx_products_updated_at", "products", "updated_at"},
	{"products_entry_price_id_idx", "products", "entry_price, id"},
	{"products_web_price_id_idx", "products", "web_price, id"},
}

func m0006ImportHotUpdates() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0006_import_hot_updates",
		Migrate: func(tx *gorm.DB) error {
			for _, ix := range importHotIndexes0006 {
				if err := tx.Exec("DROP INDEX IF EXISTS " + ix.name).Error; err != nil {
					return err
				}
			}
			return setFillfactor0006(tx, 50)
		},
		Rollback: func(tx *gorm.DB) error {
			for _, ix := range importHotIndexes0006 {
				if err := tx.Exec("CREATE INDEX " + ix.name + " ON " + ix.table + " (" + ix.cols + ")").Error; err != nil {
					return err
				}
			}
			return setFillfactor0006(tx, 100)
		},
	}
}

func setFillfactor0006(tx *gorm.DB, percent int) error {
	if tx.Dialector.Name() != "postgres" {
		return nil
	}
	for _, t := range []string{"products", "supplier_products"} {
		q := fmt.Sprintf("ALTER TABLE %s SET (fillfactor = %d)", t, percent)
		if percent == 100 { // the default: as before 0006
			q = "ALTER TABLE " + t + " RESET (fillfactor)"
		}
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
