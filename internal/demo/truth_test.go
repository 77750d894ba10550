package demo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/demo"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// TestDemoCatalogTruthful: the demo shop a new user sees tells the truth. Every product's
// attributes are in its name (memory, storage, screen, processor, ...), no two products share a
// name, every price is within its kind's range (the category's minimum price and at most 25×
// the cheapest of its kind), every product has its own picture, logged-in customers get a
// lower price where the storefront promises one, and every seeded record passes the checks the
// admin applies when staff save it (categories, brands, attributes and values, actions,
// products, static pages, news).
func TestDemoCatalogTruthful(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs}); err != nil {
			t.Fatal(err)
		}

		// Names and attributes.
		var rows []struct {
			ID    uint64
			Name  string
			Attr  string
			Value string
		}
		if err := a.DB.Raw(`SELECT p.id, p.name, a.name AS attr, v.value FROM products p
			JOIN product_attributes pa ON pa.product_id = p.id JOIN attributes a ON a.id = pa.attribute_id
			JOIN attribute_values v ON v.id = pa.attribute_value_id ORDER BY p.id`).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		inName := map[string]bool{"RAM": true, "Procesor": true, "Kapacitet skladišta": true, "Dijagonala ekrana": true, "Rezolucija": true,
			"Zapremina": true, "Kapacitet pranja": true, catalog.ManufacturerAttributeName: true}
		for _, r := range rows {
			if inName[r.Attr] && !strings.Contains(r.Name, r.Value) {
				t.Errorf("product %d %q: %s is %q, not in its name", r.ID, r.Name, r.Attr, r.Value)
			}
		}
		var dup []string
		a.DB.Raw("SELECT name FROM products GROUP BY name HAVING COUNT(*) > 1").Scan(&dup)
		if len(dup) > 0 {
			t.Errorf("names used twice: %v", dup)
		}

		// Prices: within the category's minimum and a plausible spread of the kind.
		var spread []struct {
			Name           string
			MinPrice, Low  int64
			High, Products int64
		}
		a.DB.Raw(`SELECT c.name, c.min_price, MIN(p.entry_price) AS low, MAX(p.entry_price) AS high, COUNT(*) AS products
			FROM products p JOIN categories c ON c.id = p.main_category_id GROUP BY c.name, c.min_price`).Scan(&spread)
		for _, s := range spread {
			if s.Low < s.MinPrice || s.High > 25*s.Low {
				t.Errorf("category %s: entry prices %d to %d, minimum %d", s.Name, s.Low, s.High, s.MinPrice)
			}
		}

		// Pictures: one main picture each, its own objects.
		var without, shared int64
		a.DB.Raw("SELECT COUNT(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id AND i.main)").Scan(&without)
		a.DB.Raw("SELECT COUNT(*) FROM (SELECT large_key FROM product_images GROUP BY large_key HAVING COUNT(*) > 1) x").Scan(&shared)
		if without != 0 || shared != 0 {
			t.Errorf("%d products without a picture, %d pictures shared", without, shared)
		}

		// Logged-in customers: a lower price on the categories and brand with a rule, and no
		// other product.
		var discounted, promised int64
		a.DB.Raw("SELECT COUNT(*) FROM products WHERE authenticated_price < web_price").Scan(&discounted)
		a.DB.Raw(`SELECT COUNT(*) FROM products p JOIN categories c ON c.id = p.main_category_id JOIN brands b ON b.id = p.brand_id
			WHERE c.name IN ('Gaming laptopovi', 'Android telefoni', 'Slušalice') OR b.name = 'Philips'`).Scan(&promised)
		if discounted == 0 || discounted != promised {
			t.Errorf("%d products cheaper for logged-in customers, %d under a rule", discounted, promised)
		}

		// Every record passes the admin's checks.
		var cats []catalog.Category
		a.DB.Find(&cats)
		for _, c := range cats {
			in := catalog.CategoryInput{ParentID: c.ParentID, Name: c.Name, Prefix: c.Prefix, Pdv: &c.PdvBps, WebMargin: &c.WebMarginBps,
				RetailMargin: &c.RetailMarginBps, DealerMargin: &c.DealerMarginBps, DescriptionTime: c.DescriptionTime, MinPrice: &c.MinPrice,
				AllowedRebate: &c.AllowedRebate, DeclarationName: c.DeclarationName, CountryOfOrigin: c.CountryOfOrigin, ConsumerRights: c.ConsumerRights}
			if err := catalog.ValidateCategory(in); err != nil {
				t.Errorf("category %s: %v", c.Name, err)
			}
		}
		var brands []catalog.Brand
		a.DB.Find(&brands)
		for _, b := range brands {
			if err := a.Catalog.ValidateBrand(ctx, b.ID, b.Name); err != nil {
				t.Errorf("brand %s: %v", b.Name, err)
			}
		}
		var attrs []catalog.Attribute
		a.DB.Preload("Values").Find(&attrs)
		for _, at := range attrs {
			in := catalog.AttributeInput{Name: at.Name}
			for _, v := range at.Values {
				in.Values = append(in.Values, v.Value)
			}
			if err := a.Catalog.ValidateAttribute(ctx, at.ID, in); err != nil {
				t.Errorf("attribute %s: %v", at.Name, err)
			}
		}
		var pages []content.Page
		a.DB.Find(&pages)
		for _, p := range pages {
			if err := content.ValidatePage(content.PageInput{TitleSr: p.TitleSr, TitleEn: p.TitleEn, BodySr: p.BodySr, BodyEn: p.BodyEn}); err != nil {
				t.Errorf("page %s: %v", p.Slug, err)
			}
		}
		var news []content.News
		a.DB.Find(&news)
		for _, n := range news {
			if err := content.ValidateNews(content.NewsInput{Title: n.Title, Body: n.Body}); err != nil {
				t.Errorf("news %q: %v", n.Title, err)
			}
		}
		var actions []pricing.Discount
		a.DB.Find(&actions)
		for _, d := range actions {
			price, pct := d.Price, d.PercentageBps
			in := pricing.DiscountInput{DiscountTypeID: d.DiscountTypeID, Price: &price, Percentage: &pct,
				From: d.ValidFrom.Format(time.DateOnly), To: d.ValidTo.Format(time.DateOnly)}
			if err := a.Pricing.ValidateDiscount(ctx, in); err != nil {
				t.Errorf("action %d of product %d: %v", d.ID, d.ProductID, err)
			}
		}
		var products []catalog.Product
		a.DB.Omit("search_description").Find(&products)
		var links []catalog.ProductCategory
		a.DB.Find(&links)
		catsOf := map[uint64][]uint64{}
		for _, l := range links {
			catsOf[l.ProductID] = append(catsOf[l.ProductID], l.CategoryID)
		}
		for _, p := range products {
			entry, desc, active, visible, stock := money.Para(p.EntryPrice), p.Description, p.Active, p.Visible, p.Stock
			in := catalog.ProductInput{SKU: p.SKU, Name: p.Name, EntryPrice: &entry, Description: &desc, Categories: catsOf[p.ID],
				MainCategoryID: &p.MainCategoryID, Active: &active, Visible: &visible, BrandID: p.BrandID, ManufacturerID: p.ManufacturerID,
				CountryOfOrigin: &p.CountryOfOrigin, EAN: &p.EAN, Stock: &stock}
			if err := a.Catalog.ValidateProduct(ctx, in); err != nil {
				t.Errorf("product %s %q: %v", p.SKU, p.Name, err)
			}
		}
	})
}
