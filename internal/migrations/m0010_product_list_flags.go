package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0010: what the admin product list's filters need at 100,000 products (found
// with EXPLAIN ANALYZE in make bench).
//   - products.has_image and products.has_attributes: whether a product has an image and an
//     attribute with a value. The list's with/without image and attributes filters were
//     (NOT) EXISTS over product_images and product_attributes, a scan of one of them for every
//     list ("which products lack photos" is a daily task); a flag is read with the row, and
//     its index finds the rare side. Triggers on product_images and product_attributes keep
//     the flags (every write path: the product form, images, transfers, imports), so no Go code
//     has to remember them. An import never changes them, so products' updates by an import
//     stay in place (0006).
//   - products.visible gets an index of its own: "dead" (not visible on the site) is a few
//     per cent of products, which the (active, visible) index cannot find without active.
//   - one index over the list's yes/no columns (active, visible, eponuda, has_image,
//     has_attributes): a filter of those alone is counted to the list's bound (10,001) from the
//     index, not from products' wide rows. None of them is a column an import changes.
//   - every product's main category is one of its product_categories rows (the product form,
//     transfers and connections write both): rows missing it are added, so the category
//     filter is one semi-join over product_categories.
type product0010 struct {
	HasImage      bool `gorm:"not null;default:false"`
	HasAttributes bool `gorm:"not null;default:false"`
}

func (product0010) TableName() string { return "products" }

var productListIndexes0010 = []struct{ name, cols string }{
	{"products_has_image_idx", "has_image"},
	{"products_has_attributes_idx", "has_attributes"},
	{"products_visible_idx", "visible"},
	{"products_list_flags_idx", "active, visible, eponuda, has_image, has_attributes"},
}

// The flags of the products whose ids are given, from their images and attributes; only rows
// whose flags change are written.
const productFlagsRefreshPostgres0010 = `CREATE FUNCTION product_flags_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$
	UPDATE products p SET has_image = f.has_image, has_attributes = f.has_attributes
	FROM (SELECT x.id,
			EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = x.id) AS has_image,
			EXISTS (SELECT 1 FROM product_attributes a WHERE a.product_id = x.id AND a.attribute_value_id IS NOT NULL) AS has_attributes
		FROM (SELECT DISTINCT unnest(ids) AS id) x) f
	WHERE p.id = f.id AND (p.has_image, p.has_attributes) IS DISTINCT FROM (f.has_image, f.has_attributes)
$$`

// On PostgreSQL the triggers run once per statement over its transition table (a bulk insert
// of attributes is one UPDATE of products); on SQLite per row.
var productFlagsPostgres0010 = func() []string {
	stmts := []string{productFlagsRefreshPostgres0010}
	for _, t := range []string{"product_images", "product_attributes"} {
		stmts = append(stmts,
			`CREATE FUNCTION `+t+`_flags_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_flags_refresh(ARRAY(SELECT product_id FROM new_rows));
	RETURN NULL;
END $$`,
			`CREATE FUNCTION `+t+`_flags_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_flags_refresh(ARRAY(SELECT product_id FROM old_rows));
	RETURN NULL;
END $$`,
			`CREATE FUNCTION `+t+`_flags_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_flags_refresh(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
	RETURN NULL;
END $$`,
			`CREATE TRIGGER `+t+`_flags_insert AFTER INSERT ON `+t+`
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION `+t+`_flags_new()`,
			`CREATE TRIGGER `+t+`_flags_update AFTER UPDATE ON `+t+`
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION `+t+`_flags_both()`,
			`CREATE TRIGGER `+t+`_flags_delete AFTER DELETE ON `+t+`
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION `+t+`_flags_old()`,
		)
	}
	return stmts
}()

// SQLite: one flag's value for a product id (the trigger's NEW or OLD row).
func productFlagSQLite0010(flag, id string) string {
	if flag == "has_image" {
		return "UPDATE products SET has_image = EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = " + id + ") WHERE id = " + id + ";"
	}
	return "UPDATE products SET has_attributes = EXISTS (SELECT 1 FROM product_attributes a WHERE a.product_id = " + id +
		" AND a.attribute_value_id IS NOT NULL) WHERE id = " + id + ";"
}

var productFlagsSQLite0010 = func() []string {
	var stmts []string
	for _, t := range []struct{ table, flag, cols string }{
		{"product_images", "has_image", "product_id"},
		{"product_attributes", "has_attributes", "product_id, attribute_value_id"},
	} {
		stmts = append(stmts,
			"CREATE TRIGGER "+t.table+"_flags_insert AFTER INSERT ON "+t.table+" BEGIN "+productFlagSQLite0010(t.flag, "NEW.product_id")+" END",
			"CREATE TRIGGER "+t.table+"_flags_update AFTER UPDATE OF "+t.cols+" ON "+t.table+" BEGIN "+
				productFlagSQLite0010(t.flag, "OLD.product_id")+" "+productFlagSQLite0010(t.flag, "NEW.product_id")+" END",
			"CREATE TRIGGER "+t.table+"_flags_delete AFTER DELETE ON "+t.table+" BEGIN "+productFlagSQLite0010(t.flag, "OLD.product_id")+" END",
		)
	}
	return stmts
}()

var productFlagTriggers0010 = []struct{ table, name string }{
	{"product_images", "product_images_flags_insert"}, {"product_images", "product_images_flags_update"},
	{"product_images", "product_images_flags_delete"}, {"product_attributes", "product_attributes_flags_insert"},
	{"product_attributes", "product_attributes_flags_update"}, {"product_attributes", "product_attributes_flags_delete"},
}

func m0010ProductListFlags() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0010_product_list_flags",
		Migrate: func(tx *gorm.DB) error {
			m := tx.Migrator()
			for _, f := range []string{"HasImage", "HasAttributes"} {
				if err := m.AddColumn(&product0010{}, f); err != nil {
					return err
				}
			}
			stmts := []string{
				`UPDATE products SET
					has_image = EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = products.id),
					has_attributes = EXISTS (SELECT 1 FROM product_attributes a WHERE a.product_id = products.id AND a.attribute_value_id IS NOT NULL)`,
				`INSERT INTO product_categories (product_id, category_id)
					SELECT p.id, p.main_category_id FROM products p
					WHERE NOT EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = p.main_category_id)`,
			}
			for _, ix := range productListIndexes0010 {
				stmts = append(stmts, "CREATE INDEX "+ix.name+" ON products ("+ix.cols+")")
			}
			if tx.Dialector.Name() == "postgres" {
				stmts = append(stmts, productFlagsPostgres0010...)
				stmts = append(stmts, "ANALYZE products")
			} else {
				stmts = append(stmts, productFlagsSQLite0010...)
			}
			for _, q := range stmts {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			pg := tx.Dialector.Name() == "postgres"
			for _, t := range productFlagTriggers0010 {
				q := "DROP TRIGGER IF EXISTS " + t.name
				if pg {
					q += " ON " + t.table
				}
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			if pg {
				for _, f := range []string{"product_images_flags_new", "product_images_flags_old", "product_images_flags_both",
					"product_attributes_flags_new", "product_attributes_flags_old", "product_attributes_flags_both"} {
					if err := tx.Exec("DROP FUNCTION IF EXISTS " + f + "()").Error; err != nil {
						return err
					}
				}
				if err := tx.Exec("DROP FUNCTION IF EXISTS product_flags_refresh(bigint[])").Error; err != nil {
					return err
				}
			}
			for _, ix := range productListIndexes0010 {
				if err := tx.Exec("DROP INDEX IF EXISTS " + ix.name).Error; err != nil {
					return err
				}
			}
			// The product_categories rows added for main categories stay: they were true.
			// SQLite drops a column in place (GORM's migrator would rebuild products and lose
			// its indexes and triggers).
			for _, col := range []string{"has_image", "has_attributes"} {
				if err := tx.Exec("ALTER TABLE products DROP COLUMN " + col).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
