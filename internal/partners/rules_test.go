package partners_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/partners"
	"shop/internal/platform/apperr"
	"shop/internal/platform/apperr/apperrtest"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

func category(t *testing.T, a *app.App, slug string, vat money.Bps) *catalog.Category {
	t.Helper()
	c := catalog.Category{Name: "Kategorija " + slug, Slug: slug, Prefix: "K", Level: 1, PdvBps: vat, Active: true}
	if err := a.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	return &c
}

// product makes a product; hidden leaves it off the storefront (and the feeds).
func product(t *testing.T, a *app.App, c *catalog.Category, sku string, entry money.Para, hidden bool) *catalog.Product {
	t.Helper()
	p := catalog.Product{SKU: sku, Name: "Proizvod " + sku, Slug: strings.ToLower(sku), Active: true, Visible: true,
		EntryPrice: entry, Stock: 3, MainCategoryID: c.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	if hidden {
		if err := a.DB.Model(&p).Update("visible", false).Error; err != nil {
			t.Fatal(err)
		}
	}
	return &p
}

// tokenOf is the secret part of a client's feed URL.
func tokenOf(c *partners.Client) string {
	return strings.TrimSuffix(c.APIURL[strings.LastIndex(c.APIURL, "/")+1:], ".json")
}

// TestClientPercentageAboveZeroBelowHundred: a client's name takes 2 to 255 characters; each
// category's percentage lies strictly between 0 and 100, a 0 leaves the category out, and an
// unknown category is refused.
func TestClientPercentageAboveZeroBelowHundred(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		tv := category(t, a, "tv", 2000)
		_, err := a.Partners.Create(ctx, "A", []partners.CategoryPercentage{{ID: tv.ID, Percentage: 10000}, {ID: tv.ID, Percentage: -1}, {Percentage: 500}})
		want := map[string]string{"name": "validation.min_chars", "categories.0.percentage": "validation.lt",
			"categories.1.percentage": "validation.gt", "categories.2.id": "validation.required"}
		if got := apperrtest.Fields(t, err); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("fields %v, want %v", got, want)
		}
		if _, err := a.Partners.Create(ctx, "Partner", []partners.CategoryPercentage{{ID: 9999, Percentage: 500}}); apperrtest.Fields(t, err)["categories.0.id"] != "api_client.unknown_category" {
			t.Fatalf("an unknown category: %v", err)
		}
		c, err := a.Partners.Create(ctx, " Partner ", []partners.CategoryPercentage{{ID: tv.ID, Percentage: 0}})
		if err != nil || c.Name != "Partner" || len(c.Categories) != 0 || !c.Active {
			t.Fatalf("a category sent with 0: %v %+v", err, c)
		}
	})
}

// TestFeedHasClientsShownProductsAtItsPrice: a client's feed lists the shown products of its
// categories with an entry price, priced entry × (1 + its percentage) × (1 + VAT).
func TestFeedHasClientsShownProductsAtItsPrice(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		tv, other := category(t, a, "tv", 2000), category(t, a, "frizideri", 2000)
		in := product(t, a, tv, "TV-1", 100000, false)
		product(t, a, tv, "TV-2", 100000, true) // hidden
		product(t, a, tv, "TV-3", 0, false)     // no entry price
		product(t, a, other, "F-1", 100000, false)
		c, err := a.Partners.Create(ctx, "Partner", []partners.CategoryPercentage{{ID: tv.ID, Percentage: 1050}})
		if err != nil {
			t.Fatal(err)
		}
		id, err := a.Partners.ClientByToken(ctx, tokenOf(c))
		if err != nil || id != c.ID {
			t.Fatalf("the client by its token: %d %v", id, err)
		}
		var b bytes.Buffer
		n, err := a.Partners.WriteFeed(ctx, id, partners.FormatJSON, &b)
		if err != nil || n != 1 {
			t.Fatalf("feed: %d products, %v", n, err)
		}
		var feed struct{ Data []partners.FeedProduct }
		if err := json.Unmarshal(b.Bytes(), &feed); err != nil {
			t.Fatal(err)
		}
		// 1.000,00 × 1,105 × 1,2 = 1.326,00
		if len(feed.Data) != 1 || feed.Data[0].SKU != in.SKU || feed.Data[0].Price != 132600 {
			t.Fatalf("feed %+v, want %s at 1326.00", feed.Data, in.SKU)
		}
	})
}

// TestFeedURLEndsWhenRotatedOrClientOff: a rotated URL stops working at once (404); an
// inactive client's feed is a 403.
func TestFeedURLEndsWhenRotatedOrClientOff(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		c, err := a.Partners.Create(ctx, "Partner", nil)
		if err != nil {
			t.Fatal(err)
		}
		old := tokenOf(c)
		r, err := a.Partners.Rotate(ctx, c.ID)
		if err != nil || tokenOf(r) == old {
			t.Fatalf("rotate: %v %+v", err, r)
		}
		if _, err := a.Partners.ClientByToken(ctx, old); apperrtest.Code(err) != apperr.NotFound {
			t.Fatalf("the old URL: %v, want a 404", err)
		}
		if _, err := a.Partners.SetActive(ctx, c.ID, false); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Partners.ClientByToken(ctx, tokenOf(r)); apperrtest.Code(err) != apperr.Forbidden {
			t.Fatalf("an inactive client's URL: %v, want a 403", err)
		}
	})
}

// TestFeedFetchesLimitedPerMinute: a client fetches its feed at most RequestsPerMinute times
// a minute; past it the answer is a 429.
func TestFeedFetchesLimitedPerMinute(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		c, err := a.Partners.Create(ctx, "Partner", nil)
		if err != nil {
			t.Fatal(err)
		}
		limit := a.Config.Partners.RequestsPerMinute
		if limit <= 0 {
			limit = 60 // the service's default
		}
		for i := range limit {
			if _, err := a.Partners.ClientByToken(ctx, tokenOf(c)); err != nil {
				t.Fatalf("fetch %d: %v", i+1, err)
			}
		}
		if _, err := a.Partners.ClientByToken(ctx, tokenOf(c)); apperrtest.Code(err) != apperr.TooManyRequests {
			t.Fatalf("fetch %d: %v, want a 429", limit+1, err)
		}
	})
}

// TestExportNeedsNameAndKnownCategoriesAndIsReadyOnlyWhenDone: an export needs a name and
// existing categories; its file is there once the job has run, with every product of them.
func TestExportNeedsNameAndKnownCategoriesAndIsReadyOnlyWhenDone(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		tv, other := category(t, a, "tv", 2000), category(t, a, "frizideri", 2000)
		product(t, a, tv, "TV-1", 100000, false)
		product(t, a, tv, "TV-2", 100000, true) // hidden products are exported too: it is staff's list
		product(t, a, other, "F-1", 100000, false)
		if got := apperrtest.Fields(t, func() error { _, err := a.Partners.CreateExport(ctx, 1, " ", nil); return err }()); got["name"] == "" || got["categories"] == "" {
			t.Fatalf("empty export: %v", got)
		}
		if _, err := a.Partners.CreateExport(ctx, 1, "Cene", []uint64{tv.ID, 9999}); apperrtest.Fields(t, err)["categories"] != "api_client.unknown_category" {
			t.Fatalf("an unknown category: %v", err)
		}
		e, err := a.Partners.CreateExport(ctx, 1, "Cene TV", []uint64{tv.ID, tv.ID})
		if err != nil || e.Status != partners.ExportQueued || len(e.Categories) != 1 {
			t.Fatalf("export: %v %+v", err, e)
		}
		if _, _, _, err := a.Partners.OpenExport(ctx, e.ID); apperrtest.Code(err) != apperr.Conflict {
			t.Fatalf("a queued export's file: %v, want a 409", err)
		}
		if err := a.Partners.RunExport(ctx, queue.ProductsExportPayload{ExportID: e.ID, UserID: 1}, false); err != nil {
			t.Fatal(err)
		}
		rc, name, _, err := a.Partners.OpenExport(ctx, e.ID)
		if err != nil || name != "Cene_TV.xlsx" {
			t.Fatalf("open: %v %q", err, name)
		}
		defer rc.Close()
		raw, _ := io.ReadAll(rc)
		f, err := excelize.OpenReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Proizvodi")
		if err != nil || len(rows) != 3 || rows[1][1] != "TV-1" || rows[2][1] != "TV-2" {
			t.Fatalf("the sheet: %v %v", err, rows)
		}
	})
}
