package pricelist_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
	"shop/internal/pricelist"
)

// lkNote is one notification a linking test's service sent.
type lkNote struct {
	UserID uint64
	Type   string
	Data   any
}

// lkNotifier records notifications instead of storing them.
type lkNotifier struct {
	mu    sync.Mutex
	notes []lkNote
}

func (n *lkNotifier) Notify(_ context.Context, userID uint64, typ string, data any) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.notes = append(n.notes, lkNote{userID, typ, data})
	return nil
}

func (n *lkNotifier) NotifyTx(_ *gorm.DB, userID uint64, typ string, data any) (func(context.Context), error) {
	return func(ctx context.Context) { n.Notify(ctx, userID, typ, data) }, nil
}

func (n *lkNotifier) all() []lkNote {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]lkNote(nil), n.notes...)
}

// lkService is a price-list service over the app's database without a queue (jobs run in
// the caller), with its notifications recorded.
func lkService(a *app.App) (*pricelist.Service, *lkNotifier) {
	n := &lkNotifier{}
	return pricelist.NewService(a.DB, a.Catalog, a.Blobs, nil, n, a.Log, a.Clock, pricelist.Options{}), n
}

// lkCategory inserts a shop category with VAT and margins in basis points.
func lkCategory(tb testing.TB, a *app.App, name, prefix string, pdv, web, retail, dealer int) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	slug := catalog.Slugify(name)
	err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, name, slug, prefix, pdv, web, retail, dealer, now, now).Error
	if err != nil {
		tb.Fatal(err)
	}
	var id uint64
	a.DB.Raw("SELECT id FROM categories WHERE slug = ?", slug).Scan(&id)
	return id
}

// lkSupplier creates a supplier with price-list rows and answers it with its rows' ids by SKU.
func lkSupplier(tb testing.TB, a *app.App, name string, rows ...catalog.SupplierProductInput) (uint64, map[string]uint64) {
	tb.Helper()
	ctx := context.Background()
	s, err := a.Catalog.CreateSupplier(ctx, name)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := a.Catalog.UpsertSupplierProducts(ctx, s.ID, rows); err != nil {
		tb.Fatal(err)
	}
	var got []struct {
		SKU string `gorm:"column:sku"`
		ID  uint64
	}
	a.DB.Raw("SELECT sku, id FROM supplier_products WHERE supplier_id = ?", s.ID).Scan(&got)
	ids := map[string]uint64{}
	for _, g := range got {
		ids[g.SKU] = g.ID
	}
	return s.ID, ids
}

// lkRow is a price-list row of a supplier category.
func lkRow(sku, name, category string, price int64) catalog.SupplierProductInput {
	return catalog.SupplierProductInput{SKU: sku, Name: name, Category: category, Price: price, Stock: 3}
}

// lkPlaced is the shop category of every supplier product of a supplier, by SKU (0: none).
func lkPlaced(tb testing.TB, a *app.App, supplierID uint64) map[string]uint64 {
	tb.Helper()
	var rows []struct {
		SKU        string `gorm:"column:sku"`
		CategoryID *uint64
	}
	if err := a.DB.Raw("SELECT sku, category_id FROM supplier_products WHERE supplier_id = ?", supplierID).Scan(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[string]uint64{}
	for _, r := range rows {
		if r.CategoryID != nil {
			out[r.SKU] = *r.CategoryID
		} else {
			out[r.SKU] = 0
		}
	}
	return out
}

// lkFields is a 422's fields as field -> message key (nil for another error).
func lkFields(err error) map[string]string {
	e := apperr.As(err)
	if err == nil || e.Code != apperr.Invalid {
		return nil
	}
	out := map[string]string{}
	for _, f := range e.Fields {
		out[f.Field] = f.Msg.Key
	}
	return out
}

var lkAll = listing.Page{Number: 1, Size: 100}

func TestSupplierCategories(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2000, 500)
		sup, _ := lkSupplier(t, a, "Comtrade",
			lkRow("A1", "Lenovo", "Laptopovi", 100), lkRow("A2", "Asus", "Laptopovi", 100), lkRow("A3", "Dell", "Laptopovi", 100),
			lkRow("M1", "LG", "Monitori", 100), lkRow("M2", "Dell", "Monitori", 100), lkRow("X1", "Bez kategorije", "", 100))
		other, _ := lkSupplier(t, a, "Ewe", lkRow("E1", "Tastatura", "Periferija", 100))
		link, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops})
		if err != nil {
			t.Fatal(err)
		}
		// Linked before any product carries it: listed with no products.
		early, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Tableti", CategoryID: laptops})
		if err != nil {
			t.Fatal(err)
		}

		got, total, err := pl.SupplierCategories(ctx, sup, lkAll)
		if err != nil {
			t.Fatal(err)
		}
		ref := &pricelist.CategoryRef{ID: laptops, Name: "Laptopovi"}
		want := []pricelist.SupplierCategory{
			{Name: "Laptopovi", Products: 3, LinkID: &link.ID, Category: ref},
			{Name: "Monitori", Products: 2},
			{Name: "Tableti", Products: 0, LinkID: &early.ID, Category: ref},
		}
		if diff := cmp.Diff(want, got); diff != "" || total != 3 {
			t.Errorf("categories (-want +got), total %d:\n%s", total, diff)
		}

		got, total, _ = pl.SupplierCategories(ctx, sup, listing.Page{Number: 2, Size: 2})
		if len(got) != 1 || got[0].Name != "Tableti" || total != 3 {
			t.Errorf("page 2 of 2: %v total %d", got, total)
		}
		got, _, _ = pl.SupplierCategories(ctx, other, lkAll)
		if len(got) != 1 || got[0].Name != "Periferija" || got[0].LinkID != nil {
			t.Errorf("other supplier: %+v", got)
		}
		for id, want := range map[uint64]string{0: "validation.required", 999999: "category_link.unknown"} {
			_, _, err := pl.SupplierCategories(ctx, id, lkAll)
			if diff := cmp.Diff(map[string]string{"supplier_id": want}, lkFields(err)); diff != "" {
				t.Errorf("supplier %d: %v", id, err)
			}
		}
	})
}

func TestLinkCategory(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2000, 500)
		monitors := lkCategory(t, a, "Monitori", "MON", 2000, 1000, 2000, 500)
		sup, _ := lkSupplier(t, a, "Comtrade",
			lkRow("A1", "Lenovo", "Laptopovi", 100), lkRow("A2", "Asus", "Laptopovi", 100), lkRow("M1", "LG", "Monitori", 100))
		other, _ := lkSupplier(t, a, "Ewe", lkRow("E1", "HP", "Laptopovi", 100))

		l, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: " Laptopovi ", CategoryID: laptops})
		if err != nil {
			t.Fatal(err)
		}
		if l.ID == 0 || l.SupplierCategory != "Laptopovi" || l.CategoryID != laptops || l.Placed != 2 || l.Category.Name != "Laptopovi" {
			t.Errorf("link: %+v", l)
		}
		// Placed at once; the other supplier's category of the same name is not this link's.
		if diff := cmp.Diff(map[string]uint64{"A1": laptops, "A2": laptops, "M1": 0}, lkPlaced(t, a, sup)); diff != "" {
			t.Errorf("placed (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(map[string]uint64{"E1": 0}, lkPlaced(t, a, other)); diff != "" {
			t.Errorf("other supplier placed (-want +got):\n%s", diff)
		}

		tests := []struct {
			name string
			in   pricelist.CategoryLinkInput
			want map[string]string
		}{
			{"duplicate", pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops},
				map[string]string{"supplier_category": "category_link.already_connected"}},
			{"duplicate to another category", pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: monitors},
				map[string]string{"supplier_category": "category_link.already_connected"}},
			{"all missing", pricelist.CategoryLinkInput{SupplierCategory: "  "},
				map[string]string{"supplier_id": "validation.required", "supplier_category": "validation.required", "category_id": "validation.required"}},
			{"unknown supplier and category", pricelist.CategoryLinkInput{SupplierID: 999999, SupplierCategory: "Laptopovi", CategoryID: 999999},
				map[string]string{"supplier_id": "category_link.unknown", "category_id": "category_link.unknown"}},
			{"supplier category too long", pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: strings.Repeat("x", 256), CategoryID: laptops},
				map[string]string{"supplier_category": "validation.max_chars"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := pl.LinkCategory(ctx, tt.in)
				if diff := cmp.Diff(tt.want, lkFields(err)); diff != "" {
					t.Errorf("%v (-want +got):\n%s", err, diff)
				}
			})
		}
		// The same name for another supplier is another link.
		if _, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: other, SupplierCategory: "Laptopovi", CategoryID: monitors}); err != nil {
			t.Fatalf("other supplier's link: %v", err)
		}
		if diff := cmp.Diff(map[string]uint64{"E1": monitors}, lkPlaced(t, a, other)); diff != "" {
			t.Errorf("other supplier placed (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(map[string]uint64{"A1": laptops, "A2": laptops, "M1": 0}, lkPlaced(t, a, sup)); diff != "" {
			t.Errorf("placed after the other link (-want +got):\n%s", diff)
		}
	})
}

func TestUnlinkCategory(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2000, 500)
		sup, _ := lkSupplier(t, a, "Comtrade", lkRow("A1", "Lenovo", "Laptopovi", 100), lkRow("M1", "LG", "Monitori", 100))
		l1, _ := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops})
		l2, _ := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Monitori", CategoryID: laptops})

		if err := pl.UnlinkCategory(ctx, l1.ID); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(map[string]uint64{"A1": 0, "M1": laptops}, lkPlaced(t, a, sup)); diff != "" {
			t.Errorf("placed after unlink (-want +got):\n%s", diff)
		}
		if err := pl.UnlinkCategory(ctx, l1.ID); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unlink again: %v, want 404", err)
		}
		// Unlinked, the name can be linked again (to another category too).
		if _, err := pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops}); err != nil {
			t.Errorf("link again: %v", err)
		}
		var links int64
		a.DB.Table("supplier_category_links").Count(&links)
		if links != 2 || l2.ID == 0 {
			t.Errorf("links: %d, want 2", links)
		}
	})
}

// TestLinkCategoryConcurrent: two links of one supplier category at once make one link and
// one 'already connected'.
func TestLinkCategoryConcurrent(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := lkService(a)
		laptops := lkCategory(t, a, "Laptopovi", "LAP", 2000, 1000, 2000, 500)
		sup, _ := lkSupplier(t, a, "Comtrade", lkRow("A1", "Lenovo", "Laptopovi", 100))
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = pl.LinkCategory(ctx, pricelist.CategoryLinkInput{SupplierID: sup, SupplierCategory: "Laptopovi", CategoryID: laptops})
			}()
		}
		wg.Wait()
		ok, dup := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case lkFields(err)["supplier_category"] == "category_link.already_connected":
				dup++
			default:
				t.Errorf("unexpected: %v", err)
			}
		}
		if ok != 1 || dup != 1 {
			t.Errorf("%d linked, %d duplicates: %s", ok, dup, fmt.Sprint(errs))
		}
	})
}
