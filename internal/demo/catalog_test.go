package demo_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/platform/listing"
	"shop/internal/pricing"
)

type catalogCounts struct {
	Categories, Levels, Leaves, Brands, Manufacturers, Attributes, Products, Inactive, Hidden   int64
	Suppliers, Connected, Unconnected, Images, Stickers, Discounts, DiscountTypes, StickerTypes int64
	ProductsWithoutAttributes, UnpricedProducts                                                 int64
}

func countCatalog(tb testing.TB, a *app.App) catalogCounts {
	tb.Helper()
	var c catalogCounts
	for _, q := range []struct {
		dst *int64
		sql string
	}{
		{&c.Categories, "SELECT COUNT(*) FROM categories"},
		{&c.Levels, "SELECT COALESCE(MAX(level), 0) FROM categories"},
		{&c.Leaves, "SELECT COUNT(*) FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)"},
		{&c.Brands, "SELECT COUNT(*) FROM brands"},
		{&c.Manufacturers, "SELECT COUNT(*) FROM attribute_values WHERE attribute_id = 24"},
		{&c.Attributes, "SELECT COUNT(*) FROM attributes"},
		{&c.Products, "SELECT COUNT(*) FROM products"},
		{&c.Inactive, "SELECT COUNT(*) FROM products WHERE NOT active"},
		{&c.Hidden, "SELECT COUNT(*) FROM products WHERE NOT visible"},
		{&c.Suppliers, "SELECT COUNT(*) FROM suppliers"},
		{&c.Connected, "SELECT COUNT(*) FROM supplier_products WHERE product_id IS NOT NULL"},
		{&c.Unconnected, "SELECT COUNT(*) FROM supplier_products WHERE product_id IS NULL"},
		{&c.Images, "SELECT COUNT(*) FROM product_images WHERE main"},
		{&c.Stickers, "SELECT COUNT(*) FROM product_catalog_stickers"},
		{&c.Discounts, "SELECT COUNT(*) FROM discounts"},
		{&c.DiscountTypes, "SELECT COUNT(*) FROM discount_types"},
		{&c.StickerTypes, "SELECT COUNT(*) FROM catalog_sticker_types WHERE sticker_key <> ''"},
		{&c.ProductsWithoutAttributes, "SELECT COUNT(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = p.id)"},
		{&c.UnpricedProducts, "SELECT COUNT(*) FROM products WHERE web_price <= entry_price OR search_text = ''"},
	} {
		if err := a.DB.Raw(q.sql).Scan(q.dst).Error; err != nil {
			tb.Fatalf("%s: %v", q.sql, err)
		}
	}
	return c
}

func TestSeedCatalog(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		start := time.Now()
		created, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Images: 6})
		if err != nil || !created {
			t.Fatalf("first seed: %v %v", created, err)
		}
		t.Logf("demo catalogue seeded in %v", time.Since(start))
		got := countCatalog(t, a)
		if got.Products < 600 || got.Products > 700 || got.Inactive == 0 || got.Hidden == 0 || got.Categories < 30 || got.Unconnected < 150 {
			t.Errorf("sizes: %+v", got)
		}
		connected := 3 * min(250, got.Products/4)
		got.Products, got.Inactive, got.Hidden, got.Categories, got.Leaves, got.Brands, got.Manufacturers, got.Unconnected = 0, 0, 0, 0, 0, 0, 0, 0
		want := catalogCounts{Levels: 3, Attributes: 13, Suppliers: 3, Connected: connected, Images: 6, Stickers: 120,
			Discounts: 60, DiscountTypes: 3, StickerTypes: 3}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("catalogue (-want +got):\n%s", diff)
		}
		var brands, manufacturers []string
		a.DB.Raw("SELECT name FROM brands ORDER BY name").Scan(&brands)
		a.DB.Raw("SELECT value FROM attribute_values WHERE attribute_id = 24 ORDER BY value").Scan(&manufacturers)
		if diff := cmp.Diff(brands, manufacturers); diff != "" || len(brands) < 16 {
			t.Errorf("every brand is a manufacturer (-brands +manufacturers):\n%s", diff)
		}
		var name string
		a.DB.Raw("SELECT name FROM attributes WHERE id = ?", catalog.ManufacturerAttributeID).Scan(&name)
		if name != catalog.ManufacturerAttributeName {
			t.Errorf("attribute 24: %q", name)
		}
		// The sticker pictures are stored.
		var key string
		a.DB.Raw("SELECT sticker_key FROM catalog_sticker_types ORDER BY id LIMIT 1").Scan(&key)
		if rc, _, err := a.Blobs.Open(ctx, key); err != nil {
			t.Errorf("sticker %s: %v", key, err)
		} else {
			rc.Close()
		}

		// A landing page of each layout, and two of the three actions running today.
		for _, slug := range []string{"black-friday-ponuda", "opremanje-doma-ponuda", "sve-kategorije"} {
			v, err := a.Landing.Public(ctx, slug)
			if err != nil || v.ModelID != 3 && len(v.Products) == 0 || v.ModelID == 3 && (len(v.Categories) == 0 || v.BannerKey == "") {
				t.Errorf("landing page %s: %v", slug, err)
			}
		}
		if running, err := a.Catalog.ActiveCatalogStickerTypes(ctx); err != nil || len(running) != 2 {
			t.Errorf("actions running today: %d (%v), want 2", len(running), err)
		}

		// The prices are pricing's, actions included: a recompute finds nothing to change, the
		// fixed action prices are real prices, and the products on action today show one.
		if n, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil || n != 0 {
			t.Errorf("a recompute after the seed wrote %d products (%v), want 0", n, err)
		}
		var zero, shown int64
		a.DB.Raw("SELECT COUNT(*) FROM discounts d JOIN discount_types t ON t.id = d.discount_type_id WHERE NOT t.is_percentage AND d.price <= 0").Scan(&zero)
		a.DB.Raw("SELECT COUNT(*) FROM products WHERE discount_price IS NOT NULL").Scan(&shown)
		if zero != 0 || shown != 60 {
			t.Errorf("fixed actions without a price: %d; products showing an action: %d, want 0 and 60", zero, shown)
		}

		// The storefront content: every static page in both languages, banners, news, the home screen.
		pages, err := a.Content.Pages(ctx, false)
		if err != nil || len(pages) != len(content.PageSlugs) {
			t.Errorf("pages: %d of %d (%v)", len(pages), len(content.PageSlugs), err)
		}
		for _, p := range pages {
			if p.TitleEn == "" || p.BodyEn == "" || len(p.BodySr) < 100 {
				t.Errorf("page %s is not written in both languages", p.Slug)
			}
		}
		for slug, ids := range map[string][]string{"uslovi-isporuke": {"shipment_tracking"}, "uslovi-koriscenja": {"buyers_right", "delivery"}} {
			p, _ := a.Content.GetPage(ctx, slug)
			for _, id := range ids {
				if p == nil || !strings.Contains(p.BodySr, `id="`+id+`"`) || !strings.Contains(p.BodyEn, `id="`+id+`"`) {
					t.Errorf("page %s lacks the anchor %s", slug, id)
				}
			}
		}
		home, err := a.Content.Home(ctx)
		if err != nil || len(home.Banners) != 4 || len(home.Sections) != 2 || len(home.Products) != 8 || len(home.Categories) == 0 ||
			len(home.Sections[0].Products) != 8 {
			t.Errorf("home: %v", err)
		}
		if news, n, err := a.Content.ListNews(ctx, content.NewsFilter{}, listing.Page{Number: 1, Size: 10}); err != nil || n != 4 || news[0].ImageKey == "" {
			t.Errorf("news: %d %v", n, err)
		}

		// A second run changes nothing.
		if created, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs}); err != nil || created {
			t.Errorf("second seed: %v %v", created, err)
		}
		if again := countCatalog(t, a); again.Images != 6 || again.Suppliers != 3 || again.Discounts != 60 {
			t.Errorf("after a second seed: %+v", again)
		}
	})
}

// TestSeedCatalogDeterministic: two shops get the same catalogue (names, SKUs, prices).
func TestSeedCatalogDeterministic(t *testing.T) {
	ctx := context.Background()
	var first []string
	for i := 0; i < 2; i++ {
		a := apptest.New(t, apptest.Config(t, "sqlite"))
		if _, err := demo.SeedCatalog(ctx, a.DB, demo.CatalogOptions{Images: -1}); err != nil {
			t.Fatal(err)
		}
		var rows []string
		a.DB.Raw("SELECT sku || ' ' || name || ' ' || CAST(web_price AS TEXT) FROM products ORDER BY id").Scan(&rows)
		if i == 0 {
			first = rows
			continue
		}
		if diff := cmp.Diff(first, rows); diff != "" {
			t.Errorf("second shop differs:\n%s", diff)
		}
	}
}

// TestSeedCatalogRefusesRealUsers: a shop with real users gets no demo catalogue either.
func TestSeedCatalogRefusesRealUsers(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Ana", Email: "ana@example.rs", Password: "tajna1234", PasswordConfirmation: "tajna1234", Role: identity.RoleCustomer}); err != nil {
			t.Fatal(err)
		}
		if _, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false); !errors.Is(err, demo.ErrRealUsers) {
			t.Fatalf("seed: %v, want ErrRealUsers", err)
		}
		if c := countCatalog(t, a); c.Products != 0 || c.Categories != 0 {
			t.Errorf("catalogue seeded despite real users: %+v", c)
		}
	})
}
