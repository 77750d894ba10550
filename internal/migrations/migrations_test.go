package migrations_test

import (
	"context"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/migrations"
	"shop/internal/platform/db"
	"shop/internal/platform/dbtest"
)

// specPermissions are the permission names of both specifications, spelt as there
// (typos included), written out here rather than taken from the code.
var specPermissions = []string{
	"view-user", "create-user", "update-user", "view-activity",
	"view-product", "create-product", "view-product-attribute", "view-product-image",
	"connect-product", "map-products-import", "view_category-discount-display",
	"view-category", "create-category", "connect-category", "view-attribute", "view-brand",
	"view-web-margin", "create-web-margin", "udpate-web-margin",
	"view-recommended-price", "create-recommended-price", "update-recommended-price",
	"view-authenticated-discount", "create-authenticated-discount", "update-authenticated-discount",
	"view-discount-type", "view-order", "view-proforma-invoice", "view-proforma-invoice-info",
	"view-role", "view_newsletter-product", "view-newsletter-product", "view-rating", "view-question",
	"create-banner", "update-banner", "update-home-page", "create-post", "update-post",
	"upload-pricelist",
	// the shop's write permissions (0038), where the specification names only a screen's guard
	"update-product", "delete-product", "update-product-attribute", "update-product-image",
	"update-action", "update-catalog-sticker", "update-eponuda",
	"update-category", "delete-category", "create-attribute", "update-attribute", "delete-attribute",
	"create-brand", "update-brand", "delete-brand",
	"create-discount-type", "update-discount-type", "delete-discount-type",
	"create-discount", "update-discount", "delete-discount",
	"update-order", "create-proforma-invoice", "update-proforma-invoice", "update-proforma-invoice-info",
	"delete-user", "create-role", "update-role", "delete-role",
	"update-newsletter-product", "update-rating", "delete-rating", "update-question", "delete-question",
	"delete-banner", "delete-post",
	"create-landing-page", "update-landing-page", "delete-landing-page", "create-api-client", "update-api-client",
	// the contact page's messages (0040), a screen the specification does not have
	"view-contact-message", "delete-contact-message",
}

var allApplied = []migrations.State{{ID: "0001_identity", Applied: true}, {ID: "0002_permissions", Applied: true},
	{ID: "0003_catalog", Applied: true}, {ID: "0004_catalog_indexes", Applied: true},
	{ID: "0005_pricelists", Applied: true}, {ID: "0006_import_hot_updates", Applied: true},
	{ID: "0007_product_sort_keys", Applied: true}, {ID: "0008_pricing_rules", Applied: true},
	{ID: "0009_discount_mass_runs", Applied: true}, {ID: "0010_product_list_flags", Applied: true},
	{ID: "0011_partners", Applied: true}, {ID: "0012_eoffer", Applied: true}, {ID: "0013_search_queries", Applied: true},
	{ID: "0014_content", Applied: true},
	{ID: "0015_landing_pages", Applied: true},
	{ID: "0016_sales", Applied: true},
	{ID: "0017_product_category_ids", Applied: true},
	{ID: "0019_voice", Applied: true},
	{ID: "0020_staff", Applied: true},
	{ID: "0021_order_handling", Applied: true},
	{ID: "0022_invoice_info", Applied: true},
	{ID: "0023_newsletter_order", Applied: true},
	{ID: "0024_user_identities", Applied: true},
	{ID: "0025_search_lookup_indexes", Applied: true},
	{ID: "0027_search_category_gin", Applied: true},
	{ID: "0028_catalog_changes", Applied: true},
	{ID: "0029_folded_names", Applied: true},
	{ID: "0030_eoffer_partitions", Applied: true},
	{ID: "0031_search_text_statistics", Applied: true},
	{ID: "0032_eoffer_offer_sets", Applied: true}, {ID: "0033_fiscal_receipts", Applied: true},
	{ID: "0034_einvoices", Applied: true},
	{ID: "0038_write_permissions", Applied: true},
	{ID: "0039_guest_ratings", Applied: true}, {ID: "0041_fiscal_receipt_mail", Applied: true},
	{ID: "0040_contact_messages", Applied: true}, {ID: "0048_order_returns", Applied: true},
	{ID: "0049_fiscal_receipt_returns", Applied: true}, {ID: "0044_catalog_changes_at_commit", Applied: true},
	{ID: "0051_planner_settings", Applied: true}, {ID: "0050_einvoice_credit_notes", Applied: true},
	{ID: "0052_product_summaries", Applied: true},
	{ID: "0053_product_summaries_search", Applied: true},
	{ID: "0054_storefront_read_models", Applied: true},
	{ID: "0055_priced_to_buy", Applied: true}}

func status(tb testing.TB, gdb *gorm.DB) []migrations.State {
	tb.Helper()
	st, err := migrations.Status(context.Background(), gdb)
	if err != nil {
		tb.Fatalf("Status: %v", err)
	}
	return st
}

func up(tb testing.TB, gdb *gorm.DB) {
	tb.Helper()
	if err := migrations.Up(context.Background(), gdb); err != nil {
		tb.Fatalf("Up: %v", err)
	}
}

func down(tb testing.TB, gdb *gorm.DB) string {
	tb.Helper()
	id, err := migrations.Down(context.Background(), gdb)
	if err != nil {
		tb.Fatalf("Down: %v", err)
	}
	return id
}

// downTo rolls back the newer migrations and then id itself.
func downTo(tb testing.TB, gdb *gorm.DB, id string) {
	tb.Helper()
	for {
		got := down(tb, gdb)
		if got == id {
			return
		}
		if got == "" {
			tb.Fatalf("rolled back everything without meeting %s", id)
		}
	}
}

func pluck(tb testing.TB, gdb *gorm.DB, query string, args ...any) []string {
	tb.Helper()
	var out []string
	if err := gdb.Raw(query, args...).Scan(&out).Error; err != nil {
		tb.Fatalf("%s: %v", query, err)
	}
	sort.Strings(out)
	return out
}

func count(tb testing.TB, gdb *gorm.DB, table string) int64 {
	tb.Helper()
	var n int64
	if err := gdb.Table(table).Count(&n).Error; err != nil {
		tb.Fatalf("count %s: %v", table, err)
	}
	return n
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

func TestUpOnFreshDatabase(t *testing.T) {
	dbtest.RunEmpty(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		var want []migrations.State
		for _, s := range allApplied {
			want = append(want, migrations.State{ID: s.ID})
		}
		if d := cmp.Diff(want, status(t, gdb)); d != "" {
			t.Errorf("status of an empty database (-want +got):\n%s", d)
		}
		if n, err := migrations.Pending(ctx, gdb); err != nil || n != len(allApplied) {
			t.Errorf("Pending = %d, %v; want %d", n, err, len(allApplied))
		}
		up(t, gdb)
		if d := cmp.Diff(allApplied, status(t, gdb)); d != "" {
			t.Errorf("status after up (-want +got):\n%s", d)
		}
		if n, err := migrations.Pending(ctx, gdb); err != nil || n != 0 {
			t.Errorf("Pending after up = %d, %v; want 0", n, err)
		}
		for _, table := range []string{"users", "roles", "permission_groups", "permissions", "role_permissions",
			"user_roles", "sessions", "password_resets", "addresses"} {
			if !gdb.Migrator().HasTable(table) {
				t.Errorf("table %s missing after up", table)
			}
		}
		// 0006: an import's updates can stay in their pages (no index on what they change).
		for _, ix := range []string{"idx_products_updated_at", "products_entry_price_id_idx", "products_web_price_id_idx"} {
			if gdb.Migrator().HasIndex("products", ix) {
				t.Errorf("index %s still there after up", ix)
			}
		}
		if gdb.Dialector.Name() == "postgres" {
			for _, table := range []string{"products", "supplier_products"} {
				var opts string
				gdb.Raw("SELECT COALESCE(array_to_string(reloptions, ','), '') FROM pg_class WHERE relname = ?", table).Scan(&opts)
				if opts != "fillfactor=50" {
					t.Errorf("%s options %q, want fillfactor=50", table, opts)
				}
			}
		}
	})
}

func TestPermissionCatalogue(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		got := pluck(t, gdb, "SELECT name FROM permissions")
		if d := cmp.Diff(sorted(specPermissions), got); d != "" {
			t.Errorf("permissions (-spec +db):\n%s", d)
		}
		if d := cmp.Diff([]string{"customer", "super-admin"}, pluck(t, gdb, "SELECT name FROM roles")); d != "" {
			t.Errorf("roles (-want +got):\n%s", d)
		}
		// Every permission sits in a group the authorization screen can show.
		orphans := pluck(t, gdb, `SELECT p.name FROM permissions p
			LEFT JOIN permission_groups g ON g.id = p.group_id WHERE g.id IS NULL`)
		if len(orphans) > 0 {
			t.Errorf("permissions without a group: %v", orphans)
		}
		superAdmin := pluck(t, gdb, `SELECT p.name FROM permissions p
			JOIN role_permissions rp ON rp.permission_id = p.id
			JOIN roles r ON r.id = rp.role_id WHERE r.name = ?`, "super-admin")
		if d := cmp.Diff(sorted(specPermissions), superAdmin); d != "" {
			t.Errorf("super-admin's permissions (-want +got):\n%s", d)
		}
		customer := pluck(t, gdb, `SELECT p.name FROM permissions p
			JOIN role_permissions rp ON rp.permission_id = p.id
			JOIN roles r ON r.id = rp.role_id WHERE r.name = ?`, "customer")
		if len(customer) > 0 {
			t.Errorf("customer holds back-office permissions: %v", customer)
		}
	})
}

func TestUpTwiceIsNoOp(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		tables := []string{"schema_migrations", "permissions", "permission_groups", "roles", "role_permissions"}
		before := map[string]int64{}
		for _, tb := range tables {
			before[tb] = count(t, gdb, tb)
		}
		up(t, gdb)
		after := map[string]int64{}
		for _, tb := range tables {
			after[tb] = count(t, gdb, tb)
		}
		if d := cmp.Diff(before, after); d != "" {
			t.Errorf("a second up changed row counts (-before +after):\n%s", d)
		}
		if d := cmp.Diff(allApplied, status(t, gdb)); d != "" {
			t.Errorf("status (-want +got):\n%s", d)
		}
	})
}

// rollBack rolls back the newest applied migration and stops the test unless it is want.
func rollBack(t *testing.T, gdb *gorm.DB, want string) {
	t.Helper()
	if id := down(t, gdb); id != want {
		t.Fatalf("Down rolled back %q, want %s", id, want)
	}
}

func TestDownAndUpAgain(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		// The newest first: rolling back the catalogue leaves identity untouched.
		searchTextTarget := func() (n int64) {
			gdb.Raw("SELECT attstattarget FROM pg_attribute WHERE attrelid = 'products'::regclass AND attname = 'search_text'").Scan(&n)
			return n
		}
		rollBack(t, gdb, "0055_priced_to_buy")
		if err := gdb.Exec("SELECT buyable FROM product_summaries LIMIT 1").Error; err != nil {
			t.Errorf("product_summaries lost buyable rolling back 0055: %v", err)
		}
		rollBack(t, gdb, "0054_storefront_read_models")
		if gdb.Exec("SELECT 1 FROM product_values LIMIT 1").Error == nil || gdb.Exec("SELECT buyable FROM product_summaries LIMIT 1").Error == nil {
			t.Error("product_values or the storefront's product_summaries columns still there after rolling back 0054")
		}
		rollBack(t, gdb, "0053_product_summaries_search")
		if gdb.Exec("SELECT search_text FROM product_summaries LIMIT 1").Error == nil {
			t.Error("product_summaries still has the search's columns after rolling back 0053")
		}
		rollBack(t, gdb, "0052_product_summaries")
		if gdb.Exec("SELECT 1 FROM product_summaries LIMIT 1").Error == nil {
			t.Error("the product_summaries view still answers after rolling back 0052")
		}
		rollBack(t, gdb, "0050_einvoice_credit_notes")
		if gdb.Migrator().HasColumn("einvoices", "kind") || !gdb.Migrator().HasIndex("einvoices", "einvoices_order_key") {
			t.Error("einvoices.kind still there, or the one per order key not back, after rolling back 0050")
		}
		roleSettings := func() (n int64) {
			gdb.Raw(`SELECT count(*) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
				WHERE d.datname = current_database() AND s.setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)`).Scan(&n)
			return n
		}
		if db.IsPostgres(gdb) && roleSettings() != 1 {
			t.Error("0051's planner settings are not set for the shop's role in its database")
		}
		rollBack(t, gdb, "0051_planner_settings")
		if db.IsPostgres(gdb) && roleSettings() != 0 {
			t.Error("0051's planner settings are still set after rolling it back")
		}
		rollBack(t, gdb, "0044_catalog_changes_at_commit")
		if gdb.Migrator().HasTable("catalog_change_commits") {
			t.Error("catalog_change_commits still there after rolling back 0044")
		}
		rollBack(t, gdb, "0049_fiscal_receipt_returns")
		if gdb.Migrator().HasColumn("fiscal_receipts", "return_id") {
			t.Error("fiscal_receipts.return_id still there after rolling back 0049")
		}
		if !gdb.Migrator().HasIndex("fiscal_receipts", "ux_fiscal_receipts_order_kind") {
			t.Error("the (order, kind) key not back after rolling back 0049")
		}
		rollBack(t, gdb, "0048_order_returns")
		if gdb.Migrator().HasTable("order_returns") || gdb.Migrator().HasTable("order_return_items") {
			t.Error("order_returns still there after rolling back 0048")
		}
		rollBack(t, gdb, "0040_contact_messages")
		if gdb.Migrator().HasTable("contact_messages") || len(pluck(t, gdb, "SELECT name FROM permissions WHERE name = 'view-contact-message'")) != 0 {
			t.Error("contact_messages or view-contact-message still there after rolling back 0040")
		}
		rollBack(t, gdb, "0041_fiscal_receipt_mail")
		if gdb.Migrator().HasColumn("fiscal_receipts", "mailed_at") {
			t.Error("fiscal_receipts.mailed_at still there after rolling back 0041")
		}
		rollBack(t, gdb, "0039_guest_ratings")
		if gdb.Migrator().HasColumn("ratings", "email") {
			t.Error("ratings.email still there after rolling back 0039")
		}
		rollBack(t, gdb, "0038_write_permissions")
		rollBack(t, gdb, "0034_einvoices")
		if gdb.Migrator().HasTable("einvoices") {
			t.Error("einvoices still there after rolling back 0034")
		}
		rollBack(t, gdb, "0033_fiscal_receipts")
		if gdb.Migrator().HasTable("fiscal_receipts") || gdb.Migrator().HasColumn("orders", "paid_at") {
			t.Error("fiscal_receipts or orders.paid_at still there after rolling back 0033")
		}
		rollBack(t, gdb, "0032_eoffer_offer_sets")
		if gdb.Migrator().HasTable("eoffer_offer_sets") || !gdb.Migrator().HasTable("eoffer_offers") {
			t.Error("eoffer_offers not back in place of eoffer_offer_sets after rolling back 0032")
		}
		if gdb.Dialector.Name() == "postgres" && searchTextTarget() != 1000 {
			t.Errorf("products.search_text's statistics target %d, want 1000 (0031)", searchTextTarget())
		}
		rollBack(t, gdb, "0031_search_text_statistics")
		// PostgreSQL 17 shows the default as NULL (0 here), earlier versions as -1.
		if gdb.Dialector.Name() == "postgres" && searchTextTarget() > 0 {
			t.Errorf("products.search_text's statistics target %d after rolling back 0031, want the default", searchTextTarget())
		}
		rollBack(t, gdb, "0030_eoffer_partitions")
		if gdb.Dialector.Name() == "postgres" {
			var partitioned int64
			gdb.Raw("SELECT COUNT(*) FROM pg_partitioned_table WHERE partrelid = 'eoffer_offers'::regclass").Scan(&partitioned)
			if partitioned != 0 || !gdb.Migrator().HasColumn("eoffer_offers", "id") || !gdb.Migrator().HasIndex("eoffer_offers", "idx_eoffer_offers_import_id") {
				t.Error("0012's eoffer_offers not back after rolling back 0030")
			}
		}
		rollBack(t, gdb, "0029_folded_names")
		if gdb.Migrator().HasColumn("categories", "search_name") || gdb.Migrator().HasColumn("brands", "search_name") {
			t.Error("search_name still there after rolling back 0029")
		}
		rollBack(t, gdb, "0028_catalog_changes")
		if gdb.Dialector.Name() == "postgres" {
			var n int64
			if err := gdb.Raw("SELECT COUNT(*) FROM pg_class WHERE relname = 'catalog_changes'").Scan(&n).Error; err != nil || n != 0 {
				t.Errorf("catalog_changes still there after rolling back 0028 (%d, %v)", n, err)
			}
		}
		rollBack(t, gdb, "0027_search_category_gin")
		if gdb.Dialector.Name() == "postgres" && (!gdb.Migrator().HasIndex("products", "products_search_trgm_idx") ||
			!gdb.Migrator().HasIndex("products", "products_category_ids_idx") || gdb.Migrator().HasIndex("products", "products_search_category_idx")) {
			t.Error("0003's and 0017's indexes not back (or 0027's still there) after rolling back 0027")
		}
		rollBack(t, gdb, "0025_search_lookup_indexes")
		if gdb.Migrator().HasIndex("products", "products_sku_lower_idx") || gdb.Migrator().HasIndex("products", "products_ean_idx") ||
			gdb.Migrator().HasIndex("products", "products_search_description_trgm_idx") {
			t.Error("products' search lookup indexes still there after rolling back 0025")
		}
		if !gdb.Migrator().HasIndex("products", "products_name_id_idx") {
			t.Error("0004's products_name_id_idx not back after rolling back 0025")
		}
		rollBack(t, gdb, "0024_user_identities")
		if gdb.Migrator().HasTable("user_identities") {
			t.Error("user_identities still there after rolling back 0024")
		}
		rollBack(t, gdb, "0023_newsletter_order")
		if gdb.Migrator().HasColumn("newsletter_products", "position") {
			t.Error("newsletter_products.position still there after rolling back 0023")
		}
		rollBack(t, gdb, "0022_invoice_info")
		if gdb.Migrator().HasTable("banks") || gdb.Migrator().HasTable("invoice_data") || gdb.Migrator().HasColumn("proforma_invoices", "sent_at") {
			t.Error("banks, invoice_data or proforma_invoices.sent_at still there after rolling back 0022")
		}
		rollBack(t, gdb, "0021_order_handling")
		if gdb.Migrator().HasTable("order_attachments") || gdb.Migrator().HasColumn("orders", "stock_returned_at") {
			t.Error("order_attachments or orders.stock_returned_at still there after rolling back 0021")
		}
		rollBack(t, gdb, "0020_staff")
		if gdb.Migrator().HasTable("newsletter_subscribers") || gdb.Migrator().HasColumn("users", "deactivated_at") {
			t.Error("newsletter_subscribers or users.deactivated_at still there after rolling back 0020")
		}
		rollBack(t, gdb, "0019_voice")
		if gdb.Migrator().HasTable("ratings") || gdb.Migrator().HasTable("price_offers") {
			t.Error("ratings or price_offers still there after rolling back 0019")
		}
		rollBack(t, gdb, "0017_product_category_ids")
		if gdb.Migrator().HasColumn("products", "category_ids") {
			t.Error("products.category_ids still there after rolling back 0017")
		}
		rollBack(t, gdb, "0016_sales")
		if gdb.Migrator().HasTable("orders") || gdb.Migrator().HasTable("cart_items") {
			t.Error("orders or cart_items still there after rolling back 0016")
		}
		rollBack(t, gdb, "0015_landing_pages")
		if gdb.Migrator().HasTable("landing_pages") || gdb.Migrator().HasColumn("catalog_sticker_types", "valid_from") {
			t.Error("landing_pages or catalog_sticker_types.valid_from still there after rolling back 0015")
		}
		rollBack(t, gdb, "0014_content")
		if gdb.Migrator().HasTable("banners") || gdb.Migrator().HasTable("pages") || gdb.Migrator().HasTable("home_sections") {
			t.Error("banners, pages or home_sections still there after rolling back 0014")
		}
		rollBack(t, gdb, "0013_search_queries")
		if gdb.Migrator().HasTable("search_queries") {
			t.Error("search_queries still there after rolling back 0013")
		}
		rollBack(t, gdb, "0012_eoffer")
		if gdb.Migrator().HasTable("eoffer_offers") || gdb.Migrator().HasColumn("products", "eponuda_price") {
			t.Error("eoffer_offers or products.eponuda_price still there after rolling back 0012")
		}
		rollBack(t, gdb, "0011_partners")
		if gdb.Migrator().HasTable("api_clients") || gdb.Migrator().HasTable("products_exports") {
			t.Error("api_clients or products_exports still there after rolling back 0011")
		}
		rollBack(t, gdb, "0010_product_list_flags")
		if gdb.Migrator().HasColumn("products", "has_image") || gdb.Migrator().HasIndex("products", "products_visible_idx") {
			t.Error("products.has_image or products_visible_idx still there after rolling back 0010")
		}
		rollBack(t, gdb, "0009_discount_mass_runs")
		if gdb.Migrator().HasTable("discount_mass_runs") || gdb.Migrator().HasColumn("discounts", "mass_run_id") {
			t.Error("discount_mass_runs or discounts.mass_run_id still there after rolling back 0009")
		}
		rollBack(t, gdb, "0008_pricing_rules")
		if gdb.Migrator().HasTable("web_margin_rules") || gdb.Migrator().HasColumn("products", "discount_price") {
			t.Error("web_margin_rules or products.discount_price still there after rolling back 0008")
		}
		rollBack(t, gdb, "0007_product_sort_keys")
		if gdb.Migrator().HasTable("product_sort_keys") {
			t.Error("product_sort_keys still there after rolling back 0007")
		}
		rollBack(t, gdb, "0006_import_hot_updates")
		if !gdb.Migrator().HasIndex("products", "products_web_price_id_idx") {
			t.Error("products_web_price_id_idx not back after rolling back 0006")
		}
		rollBack(t, gdb, "0005_pricelists")
		for _, table := range []string{"notifications", "pricelist_imports", "supplier_category_links"} {
			if gdb.Migrator().HasTable(table) {
				t.Errorf("table %s still there after rolling back 0005", table)
			}
		}
		if gdb.Migrator().HasColumn("supplier_products", "category_id") {
			t.Error("supplier_products.category_id still there after rolling back 0005")
		}
		rollBack(t, gdb, "0004_catalog_indexes")
		rollBack(t, gdb, "0003_catalog")
		want := append([]migrations.State{}, allApplied...)
		for i := 2; i < len(want); i++ {
			want[i].Applied = false
		}
		if d := cmp.Diff(want, status(t, gdb)); d != "" {
			t.Errorf("status after down (-want +got):\n%s", d)
		}
		for _, table := range []string{"products", "categories", "supplier_products", "activity_log"} {
			if gdb.Migrator().HasTable(table) {
				t.Errorf("table %s still there after rolling back 0003", table)
			}
		}
		if n := count(t, gdb, "permissions"); n == 0 {
			t.Error("rolling back 0003 removed the permissions")
		}
		up(t, gdb)
		if d := cmp.Diff(allApplied, status(t, gdb)); d != "" {
			t.Errorf("status after up again (-want +got):\n%s", d)
		}

		// 0002 alone: its data goes and comes back.
		// Everything newer than 0002 first (down stops nowhere else), then 0002 itself.
		for i := 0; down(t, gdb) != "0003_catalog"; i++ {
			if i == len(allApplied) {
				t.Fatal("never rolled back 0003_catalog")
			}
		}
		rollBack(t, gdb, "0002_permissions")
		if n := count(t, gdb, "permissions"); n != 0 {
			t.Errorf("%d permissions left after rolling back 0002", n)
		}
		up(t, gdb)
		if d := cmp.Diff(sorted(specPermissions), pluck(t, gdb, "SELECT name FROM permissions")); d != "" {
			t.Errorf("permissions after up again (-want +got):\n%s", d)
		}

		// All the way down, newest first, leaves no tables behind; a further down does nothing.
		for i := len(allApplied) - 1; i >= 0; i-- {
			if id := down(t, gdb); id != allApplied[i].ID {
				t.Fatalf("Down rolled back %q, want %s", id, allApplied[i].ID)
			}
		}
		for _, table := range []string{"users", "roles", "permissions", "sessions", "addresses", "products"} {
			if gdb.Migrator().HasTable(table) {
				t.Errorf("table %s still there after rolling everything back", table)
			}
		}
		if id := down(t, gdb); id != "" {
			t.Errorf("Down on an empty schema rolled back %q", id)
		}
		up(t, gdb)
		if d := cmp.Diff(allApplied, status(t, gdb)); d != "" {
			t.Errorf("status after a full round trip (-want +got):\n%s", d)
		}
	})
}

// TestConcurrentUp: instances starting together with auto_migrate take turns on PostgreSQL's
// advisory lock; all succeed and the schema is applied once.
func TestConcurrentUp(t *testing.T) {
	url := dbtest.NewPostgresDatabase(t) // skips without SHOP_TEST_DATABASE_URL
	ctx := context.Background()
	const instances = 4
	errs := make(chan error, instances)
	for i := 0; i < instances; i++ {
		gdb, err := db.OpenURL(ctx, url, 3)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close(gdb) })
		go func() { errs <- migrations.Up(ctx, gdb) }()
	}
	for i := 0; i < instances; i++ {
		if err := <-errs; err != nil {
			t.Errorf("instance %d: %v", i, err)
		}
	}
	gdb, err := db.OpenURL(ctx, url, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(gdb)
	for _, s := range status(t, gdb) {
		if !s.Applied {
			t.Errorf("%s not applied", s.ID)
		}
	}
}
