package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0028 (PostgreSQL only): the catalogue's change mark, a sequence every
// statement that changes what the storefront's category pages derive from the catalogue (the
// category tree, the facet counts) draws from. The storefront keeps the category tree and the
// facets of a category page in memory under the mark it read (internal/storefront's page
// memo) and recomputes them once the mark has moved, so a shopper sees the counts of the
// committed catalogue instead of aggregating a subtree of tens of thousands of products per
// request (the category page's speed goal). A sequence, not a counter row: nextval takes no row
// lock and is not rolled back, so concurrent writers (imports, checkouts, the admin) never
// wait on each other for it, and a rolled-back change only costs one needless recompute.
// Statement triggers: an import's one UPDATE of 50,000 products draws once. The products
// trigger fires only for the columns the pages read (stock, descriptions and the search text
// leave the mark alone: a checkout's stock update does not clear the memo).
var catalogChanges0028 = []string{
	"CREATE SEQUENCE catalog_changes",
	`CREATE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM nextval('catalog_changes');
	RETURN NULL;
END $$`,
	`CREATE TRIGGER products_catalog_changed AFTER INSERT OR DELETE OR UPDATE OF active, visible, brand_id, web_price,
		authenticated_price, discount_price, main_category_id ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed()`,
	"CREATE TRIGGER products_catalog_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed()",
}

// catalogChangeTables are the other tables the pages read; any change to them moves the mark.
var catalogChangeTables0028 = []string{"product_categories", "product_attributes", "categories", "brands",
	"attributes", "attribute_values", "category_attributes"}

func m0028CatalogChanges() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0028_catalog_changes",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			stmts := append([]string{}, catalogChanges0028...)
			for _, t := range catalogChangeTables0028 {
				stmts = append(stmts, "CREATE TRIGGER "+t+"_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "+t+
					" FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed()")
			}
			return exec0027(tx, stmts)
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			stmts := []string{"DROP TRIGGER IF EXISTS products_catalog_changed ON products",
				"DROP TRIGGER IF EXISTS products_catalog_truncated ON products"}
			for _, t := range catalogChangeTables0028 {
				stmts = append(stmts, "DROP TRIGGER IF EXISTS "+t+"_catalog_changed ON "+t)
			}
			return exec0027(tx, append(stmts, "DROP FUNCTION IF EXISTS catalog_changed()", "DROP SEQUENCE IF EXISTS catalog_changes"))
		},
	}
}
