package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0007: the admin product list sorts by web price, entry price and change time
// again through an index, without giving those indexes to products (0006: an index on a column
// the import changes turns each changed product's update from one in place into twelve index
// entries). product_sort_keys is a narrow copy of the three columns per product with one index
// each; triggers keep it equal to products on every write path (the import, recomputes, the
// product form, mass changes), so no Go code has to remember it. A changed product costs the
// import one narrow row and its four index entries instead of products' twelve.
//
// On PostgreSQL the triggers run once per statement over its transition table (one set-based
// statement for an import's whole UPDATE, not one call per row); on SQLite per row.
type productSortKey0007 struct {
	ProductID  uint64    `gorm:"primaryKey;autoIncrement:false"`
	WebPrice   int64     `gorm:"not null;default:0"`
	EntryPrice int64     `gorm:"not null;default:0"`
	UpdatedAt  time.Time `gorm:"not null"`
}

func (productSortKey0007) TableName() string { return "product_sort_keys" }

var productSortKeyIndexes0007 = []struct{ name, cols string }{
	{"product_sort_keys_web_price_idx", "web_price, product_id"},
	{"product_sort_keys_entry_price_idx", "entry_price, product_id"},
	{"product_sort_keys_updated_at_idx", "updated_at, product_id"},
}

var productSortKeysPostgres0007 = []string{
	`CREATE FUNCTION product_sort_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_sort_keys (product_id, web_price, entry_price, updated_at)
	SELECT id, web_price, entry_price, updated_at FROM new_rows;
	RETURN NULL;
END $$`,
	`CREATE FUNCTION product_sort_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE product_sort_keys k SET web_price = n.web_price, entry_price = n.entry_price, updated_at = n.updated_at
	FROM new_rows n
	WHERE k.product_id = n.id
		AND (k.web_price, k.entry_price, k.updated_at) IS DISTINCT FROM (n.web_price, n.entry_price, n.updated_at);
	RETURN NULL;
END $$`,
	`CREATE FUNCTION product_sort_keys_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM product_sort_keys k USING old_rows o WHERE k.product_id = o.id;
	RETURN NULL;
END $$`,
	`CREATE TRIGGER product_sort_keys_insert AFTER INSERT ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sort_keys_insert()`,
	`CREATE TRIGGER product_sort_keys_update AFTER UPDATE ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sort_keys_update()`,
	`CREATE TRIGGER product_sort_keys_delete AFTER DELETE ON products
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sort_keys_delete()`,
}

var productSortKeysSQLite0007 = []string{
	`CREATE TRIGGER product_sort_keys_insert AFTER INSERT ON products BEGIN
	INSERT INTO product_sort_keys (product_id, web_price, entry_price, updated_at)
	VALUES (NEW.id, NEW.web_price, NEW.entry_price, NEW.updated_at);
END`,
	`CREATE TRIGGER product_sort_keys_update AFTER UPDATE OF web_price, entry_price, updated_at ON products BEGIN
	UPDATE product_sort_keys SET web_price = NEW.web_price, entry_price = NEW.entry_price, updated_at = NEW.updated_at
	WHERE product_id = NEW.id;
END`,
	`CREATE TRIGGER product_sort_keys_delete AFTER DELETE ON products BEGIN
	DELETE FROM product_sort_keys WHERE product_id = OLD.id;
END`,
}

func m0007ProductSortKeys() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0007_product_sort_keys",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&productSortKey0007{}); err != nil {
				return err
			}
			stmts := []string{`INSERT INTO product_sort_keys (product_id, web_price, entry_price, updated_at)
				SELECT id, web_price, entry_price, updated_at FROM products`}
			for _, ix := range productSortKeyIndexes0007 {
				stmts = append(stmts, "CREATE INDEX "+ix.name+" ON product_sort_keys ("+ix.cols+")")
			}
			if tx.Dialector.Name() == "postgres" {
				stmts = append(stmts, productSortKeysPostgres0007...)
				stmts = append(stmts, "ANALYZE product_sort_keys")
			} else {
				stmts = append(stmts, productSortKeysSQLite0007...)
			}
			for _, q := range stmts {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, name := range []string{"product_sort_keys_insert", "product_sort_keys_update", "product_sort_keys_delete"} {
				q := "DROP TRIGGER IF EXISTS " + name
				if tx.Dialector.Name() == "postgres" {
					q += " ON products"
				}
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
				if tx.Dialector.Name() == "postgres" {
					if err := tx.Exec("DROP FUNCTION IF EXISTS " + name + "()").Error; err != nil {
						return err
					}
				}
			}
			return tx.Migrator().DropTable("product_sort_keys")
		},
	}
}
