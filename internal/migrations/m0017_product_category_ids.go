package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0017 (PostgreSQL; nothing on SQLite): the admin product list's category filter
// at 100,000 products. "In these categories" was an EXISTS over product_categories, which the
// planner could only run as a join beside the other filters: a search within several large
// categories read every search hit's row of products and hashed all the categories' rows to
// keep a few hundred.
// products.category_ids (the product's product_categories, sorted) with a GIN index lets the
// categories be a bitmap of their own, ANDed with the search's before products' rows are read.
// Statement triggers on product_categories keep it, as 0010's
// keep the flags (every write path, no Go code has to remember it); an import never changes a
// product's categories, so its updates of products stay in place (0006).
const productCategoryIDsRefresh0017 = `CREATE FUNCTION product_category_ids_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$
	UPDATE products p SET category_ids = f.category_ids
	FROM (SELECT x.id, ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = x.id ORDER BY pc.category_id) AS category_ids
		FROM (SELECT DISTINCT unnest(ids) AS id) x) f
	WHERE p.id = f.id AND p.category_ids IS DISTINCT FROM f.category_ids
$$`

var productCategoryIDsPostgres0017 = []string{
	"ALTER TABLE products ADD COLUMN category_ids bigint[] NOT NULL DEFAULT '{}'",
	`UPDATE products p SET category_ids = x.ids
	FROM (SELECT product_id, array_agg(category_id ORDER BY category_id) AS ids FROM product_categories GROUP BY product_id) x
	WHERE x.product_id = p.id`,
	"CREATE INDEX products_category_ids_idx ON products USING gin (category_ids)",
	productCategoryIDsRefresh0017,
	`CREATE FUNCTION product_categories_ids_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_category_ids_refresh(ARRAY(SELECT product_id FROM new_rows));
	RETURN NULL;
END $$`,
	`CREATE FUNCTION product_categories_ids_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_category_ids_refresh(ARRAY(SELECT product_id FROM old_rows));
	RETURN NULL;
END $$`,
	`CREATE FUNCTION product_categories_ids_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_category_ids_refresh(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
	RETURN NULL;
END $$`,
	`CREATE TRIGGER product_categories_ids_insert AFTER INSERT ON product_categories
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_ids_new()`,
	`CREATE TRIGGER product_categories_ids_update AFTER UPDATE ON product_categories
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_ids_both()`,
	`CREATE TRIGGER product_categories_ids_delete AFTER DELETE ON product_categories
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_ids_old()`,
	"ANALYZE products",
}

func m0017ProductCategoryIDs() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0017_product_category_ids",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			for _, q := range productCategoryIDsPostgres0017 {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			for _, q := range []string{
				"DROP TRIGGER IF EXISTS product_categories_ids_insert ON product_categories",
				"DROP TRIGGER IF EXISTS product_categories_ids_update ON product_categories",
				"DROP TRIGGER IF EXISTS product_categories_ids_delete ON product_categories",
				"DROP FUNCTION IF EXISTS product_categories_ids_new()",
				"DROP FUNCTION IF EXISTS product_categories_ids_old()",
				"DROP FUNCTION IF EXISTS product_categories_ids_both()",
				"DROP FUNCTION IF EXISTS product_category_ids_refresh(bigint[])",
				"DROP INDEX IF EXISTS products_category_ids_idx",
				"ALTER TABLE products DROP COLUMN IF EXISTS category_ids",
			} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
