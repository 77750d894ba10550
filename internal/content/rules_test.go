package content_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/platform/apperr"
	"shop/internal/platform/apperr/apperrtest"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// pngImage is a small valid PNG upload.
func pngImage(t *testing.T) *bytes.Reader {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 40, 20))); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

func category(t *testing.T, a *app.App, slug string, active bool) *catalog.Category {
	t.Helper()
	c := catalog.Category{Name: "Kategorija " + slug, Slug: slug, Prefix: "K", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	if !active { // GORM leaves a false bool to the column's default: set it after
		if err := a.DB.Model(&c).Update("active", false).Error; err != nil {
			t.Fatal(err)
		}
	}
	return &c
}

func product(t *testing.T, a *app.App, c *catalog.Category, sku string, visible bool) *catalog.Product {
	t.Helper()
	p := catalog.Product{SKU: sku, Name: "Proizvod " + sku, Slug: strings.ToLower(sku), Active: true, Visible: true,
		WebPrice: money.Para(100000), Stock: 1, MainCategoryID: c.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	if !visible {
		if err := a.DB.Model(&p).Update("visible", false).Error; err != nil {
			t.Fatal(err)
		}
	}
	return &p
}

// TestBannerLinkOnlyToShopOrWeb: a banner links to a path on the shop or an http(s) address,
// never to what a browser would run or to another host without a scheme.
func TestBannerLinkOnlyToShopOrWeb(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		for _, link := range []string{"javascript:alert(1)", "data:text/html,x", "//drugi.rs/x", "akcije"} {
			_, err := a.Content.CreateBanner(ctx, content.BannerInput{Name: "Akcija", Position: content.PositionHomeSlider, Link: link, Image: pngImage(t)})
			if got := apperrtest.Fields(t, err); got["link"] != "content.link_invalid" {
				t.Errorf("link %q: %v", link, got)
			}
		}
		for _, link := range []string{"/akcije/zima", "https://primer.rs/a", "HTTP://primer.rs"} {
			if _, err := a.Content.CreateBanner(ctx, content.BannerInput{Name: "Akcija", Position: content.PositionHomeSlider, Link: link, Image: pngImage(t)}); err != nil {
				t.Errorf("link %q: %v", link, err)
			}
		}
	})
}

// TestBannerNeedsNamePositionAndImage: the form's required fields and its references are
// checked together, one 422 naming each.
func TestBannerNeedsNamePositionAndImage(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		_, err := a.Content.CreateBanner(ctx, content.BannerInput{Position: "sidebar", CategoryID: 999, ProductIDs: []uint64{998}})
		got := apperrtest.Fields(t, err)
		want := map[string]string{"name": "validation.required", "position": "validation.oneof", "image": "validation.required",
			"category_id": "content.category_unknown", "product_ids": "content.product_unknown"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("fields %v, want %v", got, want)
		}
		if _, n, _ := a.Content.ListBanners(ctx, content.BannerFilter{}, listing.Page{Number: 1, Size: 10}); n != 0 {
			t.Fatalf("%d banners stored", n)
		}
	})
}

// TestBannersListedByPositionThenOrder: the storefront gets the positions it asks for, in the
// positions' order, then by each banner's order.
func TestBannersListedByPositionThenOrder(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		for _, b := range []struct {
			name, pos string
			order     int
		}{{"sredina", content.PositionHomeMiddle, 0}, {"slajder 2", content.PositionHomeSlider, 2}, {"pretraga", content.PositionSearchTop, 0},
			{"slajder 1", content.PositionHomeSlider, 1}} {
			if _, err := a.Content.CreateBanner(ctx, content.BannerInput{Name: b.name, Position: b.pos, SortOrder: b.order, Image: pngImage(t)}); err != nil {
				t.Fatal(err)
			}
		}
		rows, err := a.Content.BannersAt(ctx, content.HomePositions)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, b := range rows {
			names = append(names, b.Name)
		}
		if want := []string{"slajder 1", "slajder 2", "sredina"}; !slices.Equal(names, want) {
			t.Fatalf("home banners %v, want %v", names, want)
		}
	})
}

// TestHomeShowsOnlyWhatShoppersMaySee: the home lists keep staff's order without repeats, and
// the storefront's home leaves out hidden products and inactive categories.
func TestHomeShowsOnlyWhatShoppersMaySee(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		on, off := category(t, a, "tv", true), category(t, a, "stari", false)
		shown, hidden := product(t, a, on, "TV-1", true), product(t, a, on, "TV-2", false)
		if _, err := a.Content.SetHomeProducts(ctx, []uint64{shown.ID, 9999}); apperrtest.Fields(t, err)["product_ids"] != "content.product_unknown" {
			t.Fatalf("an unknown product: %v", err)
		}
		ids, err := a.Content.SetHomeProducts(ctx, []uint64{hidden.ID, shown.ID, hidden.ID})
		if err != nil || !slices.Equal(ids, []uint64{hidden.ID, shown.ID}) {
			t.Fatalf("home products %v %v, want staff's order without the repeat", ids, err)
		}
		if _, err := a.Content.SetHomeCategories(ctx, []uint64{off.ID, on.ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Content.CreateSection(ctx, content.SectionInput{Name: "Novo", ShowDesktop: true,
			ProductIDs: []uint64{hidden.ID, shown.ID}, CategoryIDs: []uint64{off.ID}}); err != nil {
			t.Fatal(err)
		}
		h, err := a.Content.Home(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Products) != 1 || h.Products[0].ID != shown.ID || len(h.Categories) != 1 || h.Categories[0].ID != on.ID {
			t.Fatalf("home products %+v, categories %+v", h.Products, h.Categories)
		}
		if len(h.Sections) != 1 || len(h.Sections[0].Products) != 1 || len(h.Sections[0].Categories) != 0 {
			t.Fatalf("the section as shown: %+v", h.Sections)
		}
	})
}

// TestSectionNameAndPlace: a section's name takes 2 to 255 characters; one added without an
// order goes last.
func TestSectionNameAndPlace(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Content.CreateSection(ctx, content.SectionInput{Name: "A"}); apperrtest.Fields(t, err)["name"] == "" {
			t.Fatalf("a one-letter name: %v", err)
		}
		five := 5
		if _, err := a.Content.CreateSection(ctx, content.SectionInput{Name: "Prva", Order: &five}); err != nil {
			t.Fatal(err)
		}
		last, err := a.Content.CreateSection(ctx, content.SectionInput{Name: "Druga"})
		if err != nil || last.SortOrder != 6 {
			t.Fatalf("a section without an order: %v %+v, want order 6", err, last)
		}
	})
}

// TestStaticPagesOnlyKnownSlugsSerbianRequired: only the shop's static pages exist; the
// Serbian title and body are required, English optional; a seed never overwrites staff's text.
func TestStaticPagesOnlyKnownSlugsSerbianRequired(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		slug := content.PageSlugs[0]
		if _, err := a.Content.SavePage(ctx, "nepoznata", content.PageInput{TitleSr: "X", BodySr: "<p>x</p>"}); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("an unknown slug: %v", err)
		}
		if _, err := a.Content.GetPage(ctx, slug); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("a page not written yet is public: %v", err)
		}
		if p, err := a.Content.AdminPage(ctx, slug); err != nil || p.Slug != slug || p.TitleSr != "" {
			t.Fatalf("the admin's empty form: %v %+v", err, p)
		}
		_, err := a.Content.SavePage(ctx, slug, content.PageInput{TitleEn: "Delivery", BodyEn: "<p>x</p>"})
		if got := apperrtest.Fields(t, err); got["title_sr"] != "validation.required" || got["body_sr"] != "validation.required" || len(got) != 2 {
			t.Fatalf("without Serbian: %v", got)
		}
		p, err := a.Content.SavePage(ctx, slug, content.PageInput{TitleSr: " Dostava ", BodySr: `<p onclick="x()">Besplatna</p><script>x()</script>`})
		if err != nil || p.TitleSr != "Dostava" || strings.Contains(p.BodySr, "script") || strings.Contains(p.BodySr, "onclick") {
			t.Fatalf("saved: %v %+v", err, p)
		}
		n, err := a.Content.SeedPages(ctx, map[string]content.PageInput{slug: {TitleSr: "Demo", BodySr: "<p>demo</p>"}})
		if err != nil || n != 0 {
			t.Fatalf("seed over a written page: %d %v", n, err)
		}
		if p, _ = a.Content.GetPage(ctx, slug); p.TitleSr != "Dostava" {
			t.Fatalf("the seed overwrote staff's page: %+v", p)
		}
	})
}

// TestNewsNeedsTitleAndCleanBody: a news item needs a title and a body, and the body is kept
// without what a browser would run.
func TestNewsNeedsTitleAndCleanBody(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		_, err := a.Content.CreateNews(ctx, content.NewsInput{Title: "  ", Body: "<script>x()</script>"})
		if got := apperrtest.Fields(t, err); got["title"] != "validation.required" || got["body"] != "validation.required" {
			t.Fatalf("empty news: %v", got)
		}
		n, err := a.Content.CreateNews(ctx, content.NewsInput{Title: "Zimska akcija", Body: `<p>Popusti</p><img src=x onerror="x()">`})
		if err != nil || strings.Contains(n.Body, "onerror") || !strings.Contains(n.Body, "Popusti") {
			t.Fatalf("news: %v %+v", err, n)
		}
		if _, err := a.Content.UpdateNews(ctx, n.ID+1, content.NewsInput{Title: "x", Body: "y"}); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("update of a missing item: %v", err)
		}
	})
}

// TestNewsSearchTakesTextLiterally: LIKE's wildcards typed in a search match themselves.
func TestNewsSearchTakesTextLiterally(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		for _, title := range []string{"Popust 50% na TV", "Popust 500 dinara", "Akcija_zima", "Akcija zima"} {
			if _, err := a.Content.CreateNews(ctx, content.NewsInput{Title: title, Body: "<p>x</p>"}); err != nil {
				t.Fatal(err)
			}
		}
		for term, want := range map[string]int64{"50%": 1, "a_z": 1, "popust": 2, `\`: 0} {
			if _, n, err := a.Content.ListNews(ctx, content.NewsFilter{Search: term}, listing.Page{Number: 1, Size: 10}); err != nil || n != want {
				t.Errorf("search %q: %d news, %v; want %d", term, n, err, want)
			}
		}
	})
}
