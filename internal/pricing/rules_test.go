package pricing_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// ruleWorld is a small shop for the rule tests: two categories, a supplier, a brand, two
// manufacturers, and one product in each category (PA: manufacturer M1, PB: M2). Every
// product's stored prices start stale (1 para), so a recompute of a scope shows in its
// products' prices whatever the formula's rules are.
type ruleWorld struct {
	gdb            *gorm.DB
	svc            *pricing.Service
	catA, catB     uint64
	supplier       uint64
	brand          uint64
	man1, man2     uint64
	otherAttrValue uint64 // a value of another attribute: not a manufacturer
}

func newRuleWorld(t *testing.T, gdb *gorm.DB) *ruleWorld {
	t.Helper()
	w := &ruleWorld{gdb: gdb, svc: pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})}
	m := pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2000, Dealer: 500}
	w.catA = mustCategory(t, gdb, "ka", m)
	w.catB = mustCategory(t, gdb, "kb", m)
	now := time.Now().UTC()
	exec := func(q string, args ...any) {
		t.Helper()
		if err := gdb.Exec(q, args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	id := func(q string, args ...any) uint64 {
		t.Helper()
		var v uint64
		if err := gdb.Raw(q, args...).Scan(&v).Error; err != nil || v == 0 {
			t.Fatalf("%s: %v", q, err)
		}
		return v
	}
	exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Dobavljač', ?, ?)", now, now)
	w.supplier = id("SELECT id FROM suppliers")
	exec("INSERT INTO brands (name, created_at, updated_at) VALUES ('Brend', ?, ?)", now, now)
	w.brand = id("SELECT id FROM brands")
	exec("INSERT INTO attributes (id, name, position, active, created_at, updated_at) VALUES (24, 'Proizvođač', 0, ?, ?, ?)", true, now, now)
	exec("INSERT INTO attributes (id, name, position, active, created_at, updated_at) VALUES (25, 'Boja', 0, ?, ?, ?)", true, now, now)
	for _, v := range []struct {
		attr int
		name string
	}{{24, "M1"}, {24, "M2"}, {25, "Crna"}} {
		exec("INSERT INTO attribute_values (attribute_id, value, position, active, created_at, updated_at) VALUES (?, ?, 0, ?, ?, ?)", v.attr, v.name, true, now, now)
	}
	w.man1 = id("SELECT id FROM attribute_values WHERE value = 'M1'")
	w.man2 = id("SELECT id FROM attribute_values WHERE value = 'M2'")
	w.otherAttrValue = id("SELECT id FROM attribute_values WHERE value = 'Crna'")
	for _, p := range []struct {
		sku      string
		cat, man uint64
	}{{"PA", w.catA, w.man1}, {"PB", w.catB, w.man2}} {
		exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, retail_price, dealer_price, authenticated_price,
			main_category_id, manufacturer_id, supplier_id, brand_id, created_at, updated_at) VALUES (?, ?, ?, 100000, 1, 1, 1, 1, ?, ?, ?, ?, ?, ?)`,
			p.sku, p.sku, p.sku, p.cat, p.man, w.supplier, w.brand, now, now)
	}
	return w
}

// stale puts every product's prices back to 1 para.
func (w *ruleWorld) stale(t *testing.T) {
	t.Helper()
	if err := w.gdb.Exec("UPDATE products SET web_price = 1, retail_price = 1, dealer_price = 1, authenticated_price = 1").Error; err != nil {
		t.Fatal(err)
	}
}

// repriced answers the SKUs whose prices a recompute has written since the last stale.
func (w *ruleWorld) repriced(t *testing.T) []string {
	t.Helper()
	var skus []string
	if err := w.gdb.Raw("SELECT sku FROM products WHERE web_price <> 1 ORDER BY sku").Scan(&skus).Error; err != nil {
		t.Fatal(err)
	}
	return skus
}

// logged is the activity entries of a subject, oldest first, with old and new values decoded.
type logged struct {
	Type     string
	Old, New map[string]any
}

func (w *ruleWorld) logged(t *testing.T, subject string, id uint64) []logged {
	t.Helper()
	var rows []activity.Entry
	if err := w.gdb.Where("subject_type = ? AND subject_id = ?", subject, id).Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]logged, len(rows))
	for i, r := range rows {
		out[i].Type = r.Type
		if r.OldValues != "" {
			_ = json.Unmarshal([]byte(r.OldValues), &out[i].Old)
		}
		if r.NewValues != "" {
			_ = json.Unmarshal([]byte(r.NewValues), &out[i].New)
		}
	}
	return out
}

// fieldKeys is field -> message key of a 422 (nil for any other outcome).
func fieldKeys(err error) map[string]string {
	if !apperr.Is(err, apperr.Invalid) {
		return nil
	}
	out := map[string]string{}
	for _, f := range apperr.As(err).Fields {
		out[f.Field] = f.Msg.Key
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func TestWebMarginValidation(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		w := newRuleWorld(t, gdb)
		ctx := context.Background()
		margin := ptr(money.Bps(1250))
		tests := []struct {
			name string
			in   pricing.WebMarginInput
			want map[string]string
		}{
			{"empty", pricing.WebMarginInput{}, map[string]string{"category_id": "validation.required", "margin": "validation.required"}},
			{"marginTooSmall", pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA}, Margin: ptr(money.Bps(0))}, map[string]string{"margin": "validation.min"}},
			{"marginTooLarge", pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA}, Margin: ptr(money.Bps(10000))}, map[string]string{"margin": "validation.max"}},
			{"rangeReversed", pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA, PriceFrom: ptr(money.Para(5000)), PriceTo: ptr(money.Para(4999))}, Margin: margin},
				map[string]string{"price_to": "pricing_rules.price_range"}},
			{"negativeBound", pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA, PriceFrom: ptr(money.Para(-1))}, Margin: margin}, map[string]string{"price_from": "validation.min"}},
			{"unknownIDs", pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: ptr(uint64(9999)), SupplierID: ptr(uint64(9999)), BrandID: ptr(uint64(9999))}, Margin: margin},
				map[string]string{"category_id": "pricing_rules.unknown_category", "supplier_id": "pricing_rules.unknown_supplier", "brand_id": "pricing_rules.unknown_brand"}},
		}
		for _, tt := range tests {
			_, err := w.svc.CreateWebMargin(ctx, tt.in)
			if diff := cmp.Diff(tt.want, fieldKeys(err)); diff != "" {
				t.Errorf("%s: %v (-want +got):\n%s", tt.name, err, diff)
			}
		}
		// the bounds themselves are allowed, and an equal range
		m, err := w.svc.CreateWebMargin(ctx, pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA, PriceFrom: ptr(money.Para(5000)), PriceTo: ptr(money.Para(5000))}, Margin: ptr(money.Bps(1))})
		if err != nil {
			t.Fatalf("0.01 %% with from = to: %v", err)
		}
		if _, err := w.svc.UpdateWebMargin(ctx, m.ID, pricing.WebMarginPatch{Margin: pricing.Of(money.Bps(9999)), ScopePatch: pricing.ScopePatch{PriceTo: pricing.Of(money.Para(4000))}}); fieldKeys(err)["price_to"] != "pricing_rules.price_range" {
			t.Errorf("a patch reversing the range: %v", err)
		}
		var n int64
		gdb.Table("web_margin_rules").Count(&n)
		if n != 1 {
			t.Errorf("%d rules stored, want only the valid one", n)
		}
	})
}

// TestWebMarginLifecycle: create, update (moving to another category), delete; each in the
// activity log with old and new values, and each reprices exactly the old and the new
// category's products once committed.
func TestWebMarginLifecycle(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		w := newRuleWorld(t, gdb)
		ctx := context.Background()
		m, err := w.svc.CreateWebMargin(ctx, pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &w.catA, SupplierID: &w.supplier, BrandID: ptr(uint64(0)),
			PriceFrom: ptr(money.Para(1000))}, Margin: ptr(money.Bps(1550))})
		if err != nil {
			t.Fatal(err)
		}
		if m.BrandID != nil || m.Category == nil || m.Category.Name != "ka" || m.Supplier == nil || m.Supplier.Name != "Dobavljač" || m.MarginBps != 1550 {
			t.Errorf("created %+v", m)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA"}) {
			t.Errorf("after create repriced %v, want [PA]", got)
		}

		w.stale(t)
		m, err = w.svc.UpdateWebMargin(ctx, m.ID, pricing.WebMarginPatch{ScopePatch: pricing.ScopePatch{CategoryID: pricing.Of(w.catB), SupplierID: pricing.Null[uint64]()}, Margin: pricing.Of(money.Bps(2000))})
		if err != nil {
			t.Fatal(err)
		}
		if *m.CategoryID != w.catB || m.SupplierID != nil || m.PriceFrom == nil || *m.PriceFrom != 1000 || m.MarginBps != 2000 {
			t.Errorf("updated %+v", m)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA", "PB"}) {
			t.Errorf("after a move repriced %v, want [PA PB]", got)
		}

		// an update that changes nothing writes, logs and reprices nothing
		w.stale(t)
		if _, err := w.svc.UpdateWebMargin(ctx, m.ID, pricing.WebMarginPatch{Margin: pricing.Of(money.Bps(2000))}); err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); len(got) != 0 {
			t.Errorf("a no-op update repriced %v", got)
		}

		w.stale(t)
		if err := w.svc.DeleteWebMargin(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PB"}) {
			t.Errorf("after delete repriced %v, want [PB]", got)
		}
		if _, err := w.svc.GetWebMargin(ctx, m.ID); !apperr.Is(err, apperr.NotFound) || apperr.As(err).Msg.Key != "notfound.web_margin" {
			t.Errorf("get after delete: %v", err)
		}
		if err := w.svc.DeleteWebMargin(ctx, m.ID); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("delete twice: %v", err)
		}

		sup := float64(w.supplier)
		want := []logged{
			{Type: activity.WebMarginCreated, New: map[string]any{"category_id": float64(w.catA), "supplier_id": sup, "brand_id": nil, "price_from": 10.0, "price_to": nil, "margin": 15.5}},
			{Type: activity.WebMarginUpdated,
				Old: map[string]any{"category_id": float64(w.catA), "supplier_id": sup, "brand_id": nil, "price_from": 10.0, "price_to": nil, "margin": 15.5},
				New: map[string]any{"category_id": float64(w.catB), "supplier_id": nil, "brand_id": nil, "price_from": 10.0, "price_to": nil, "margin": 20.0}},
			{Type: activity.WebMarginDeleted, Old: map[string]any{"category_id": float64(w.catB), "supplier_id": nil, "brand_id": nil, "price_from": 10.0, "price_to": nil, "margin": 20.0}},
		}
		if diff := cmp.Diff(want, w.logged(t, activity.SubjectWebMargin, m.ID)); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
	})
}

func TestWebMarginList(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		w := newRuleWorld(t, gdb)
		ctx := context.Background()
		for _, c := range []uint64{w.catA, w.catB, w.catA} {
			if _, err := w.svc.CreateWebMargin(ctx, pricing.WebMarginInput{RuleScope: pricing.RuleScope{CategoryID: &c}, Margin: ptr(money.Bps(1000))}); err != nil {
				t.Fatal(err)
			}
		}
		rows, total, err := w.svc.ListWebMargins(ctx, pricing.WebMarginFilter{ScopeFilter: pricing.ScopeFilter{CategoryID: &w.catA}, Page: pageOf(1, 1)})
		if err != nil || total != 2 || len(rows) != 1 || rows[0].Category == nil || rows[0].Category.Name != "ka" {
			t.Fatalf("category filter: %v %d %+v", err, total, rows)
		}
		if _, total, _ := w.svc.ListWebMargins(ctx, pricing.WebMarginFilter{Search: "KB", Page: pageOf(1, 20)}); total != 1 {
			t.Errorf("search by category name: %d, want 1", total)
		}
	})
}

func TestRecommendedPriceLifecycle(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		w := newRuleWorld(t, gdb)
		ctx := context.Background()
		tests := []struct {
			name string
			in   pricing.RecommendedPriceInput
			want map[string]string
		}{
			{"empty", pricing.RecommendedPriceInput{}, map[string]string{"name": "validation.required", "manufacturer_id": "validation.required"}},
			{"short", pricing.RecommendedPriceInput{Name: " a ", ManufacturerID: &w.man1}, map[string]string{"name": "validation.min_chars"}},
			{"notManufacturer", pricing.RecommendedPriceInput{Name: "ab", ManufacturerID: &w.otherAttrValue}, map[string]string{"manufacturer_id": "pricing_rules.unknown_manufacturer"}},
			{"lowerAbove100", pricing.RecommendedPriceInput{Name: "ab", ManufacturerID: &w.man1, Lower: ptr(money.Bps(10001))}, map[string]string{"lower": "validation.max"}},
			{"lowerNegative", pricing.RecommendedPriceInput{Name: "ab", ManufacturerID: &w.man1, Lower: ptr(money.Bps(-1))}, map[string]string{"lower": "validation.min"}},
			{"unknownCategory", pricing.RecommendedPriceInput{Name: "ab", ManufacturerID: &w.man1, CategoryIDs: []uint64{w.catA, 9999}}, map[string]string{"categories": "pricing_rules.unknown_category"}},
		}
		for _, tt := range tests {
			_, err := w.svc.CreateRecommendedPrice(ctx, tt.in)
			if diff := cmp.Diff(tt.want, fieldKeys(err)); diff != "" {
				t.Errorf("%s: %v (-want +got):\n%s", tt.name, err, diff)
			}
		}

		r, err := w.svc.CreateRecommendedPrice(ctx, pricing.RecommendedPriceInput{Name: "Samsung", ManufacturerID: &w.man1,
			CategoryIDs: []uint64{w.catB, w.catA, w.catB}, Lower: ptr(money.Bps(10000))})
		if err != nil {
			t.Fatal(err)
		}
		if r.Manufacturer == nil || r.Manufacturer.Name != "M1" || len(r.Categories) != 2 || r.LowerBps != 10000 {
			t.Errorf("created %+v", r)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA"}) {
			t.Errorf("after create repriced %v, want [PA] (manufacturer M1)", got)
		}

		w.stale(t)
		r, err = w.svc.UpdateRecommendedPrice(ctx, r.ID, pricing.RecommendedPricePatch{ManufacturerID: &w.man2, CategoryIDs: &[]uint64{}})
		if err != nil {
			t.Fatal(err)
		}
		if r.ManufacturerID != w.man2 || len(r.Categories) != 0 || r.Name != "Samsung" {
			t.Errorf("updated %+v", r)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA", "PB"}) {
			t.Errorf("after changing the manufacturer repriced %v, want [PA PB]", got)
		}

		w.stale(t)
		if err := w.svc.DeleteRecommendedPrice(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PB"}) {
			t.Errorf("after delete repriced %v, want [PB]", got)
		}
		var links int64
		gdb.Table("recommended_price_categories").Count(&links)
		if links != 0 {
			t.Errorf("%d category links left after delete", links)
		}
		if _, err := w.svc.GetRecommendedPrice(ctx, r.ID); apperr.As(err).Msg.Key != "notfound.recommended_price" {
			t.Errorf("get after delete: %v", err)
		}
		cats := []any{float64(w.catA), float64(w.catB)}
		want := []logged{
			{Type: activity.RecommendedPriceCreated, New: map[string]any{"name": "Samsung", "manufacturer_id": float64(w.man1), "category_ids": cats, "lower": 100.0}},
			{Type: activity.RecommendedPriceUpdated,
				Old: map[string]any{"name": "Samsung", "manufacturer_id": float64(w.man1), "category_ids": cats, "lower": 100.0},
				New: map[string]any{"name": "Samsung", "manufacturer_id": float64(w.man2), "category_ids": []any{}, "lower": 100.0}},
			{Type: activity.RecommendedPriceDeleted, Old: map[string]any{"name": "Samsung", "manufacturer_id": float64(w.man2), "category_ids": []any{}, "lower": 100.0}},
		}
		if diff := cmp.Diff(want, w.logged(t, activity.SubjectRecommendedPrice, r.ID)); diff != "" {
			t.Errorf("activity (-want +got):\n%s", diff)
		}
	})
}

// TestAuthDiscountScopes: a rule without a category reprices every product, one with a
// category only that category's; discounts above 20 % are kept (the formula caps them).
func TestAuthDiscountScopes(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		w := newRuleWorld(t, gdb)
		ctx := context.Background()
		tests := []struct {
			name string
			in   pricing.AuthDiscountInput
			want map[string]string
		}{
			{"empty", pricing.AuthDiscountInput{}, map[string]string{"name": "validation.required", "discount": "validation.required"}},
			{"tooLong", pricing.AuthDiscountInput{Name: string(make([]rune, 256)), Discount: ptr(money.Bps(500))}, map[string]string{"name": "validation.max_chars"}},
			{"discountZero", pricing.AuthDiscountInput{Name: "ab", Discount: ptr(money.Bps(0))}, map[string]string{"discount": "validation.min"}},
			{"discount100", pricing.AuthDiscountInput{Name: "ab", Discount: ptr(money.Bps(10000))}, map[string]string{"discount": "validation.max"}},
			{"unknownCategory", pricing.AuthDiscountInput{Name: "ab", Discount: ptr(money.Bps(500)), RuleScope: pricing.RuleScope{CategoryID: ptr(uint64(9999)), PriceFrom: ptr(money.Para(3)), PriceTo: ptr(money.Para(2))}},
				map[string]string{"category_id": "pricing_rules.unknown_category", "price_to": "pricing_rules.price_range"}},
		}
		for _, tt := range tests {
			_, err := w.svc.CreateAuthDiscount(ctx, tt.in)
			if diff := cmp.Diff(tt.want, fieldKeys(err)); diff != "" {
				t.Errorf("%s: %v (-want +got):\n%s", tt.name, err, diff)
			}
		}
		d, err := w.svc.CreateAuthDiscount(ctx, pricing.AuthDiscountInput{Name: "Svi", Discount: ptr(money.Bps(3500))})
		if err != nil {
			t.Fatal(err)
		}
		if d.DiscountBps != 3500 || d.Category != nil {
			t.Errorf("created %+v", d)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA", "PB"}) {
			t.Errorf("a rule without category repriced %v, want every product", got)
		}
		w.stale(t)
		d, err = w.svc.UpdateAuthDiscount(ctx, d.ID, pricing.AuthDiscountPatch{ScopePatch: pricing.ScopePatch{CategoryID: pricing.Of(w.catA)}})
		if err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA", "PB"}) {
			t.Errorf("narrowing to a category repriced %v, want every product (the old scope)", got)
		}
		w.stale(t)
		if _, err := w.svc.UpdateAuthDiscount(ctx, d.ID, pricing.AuthDiscountPatch{Discount: pricing.Of(money.Bps(1000))}); err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA"}) {
			t.Errorf("a category rule's change repriced %v, want [PA]", got)
		}
		w.stale(t)
		if err := w.svc.DeleteAuthDiscount(ctx, d.ID); err != nil {
			t.Fatal(err)
		}
		if got := w.repriced(t); !slices.Equal(got, []string{"PA"}) {
			t.Errorf("delete repriced %v, want [PA]", got)
		}
		if _, err := w.svc.GetAuthDiscount(ctx, d.ID); apperr.As(err).Msg.Key != "notfound.logged_discount" {
			t.Errorf("get after delete: %v", err)
		}
		entries := w.logged(t, activity.SubjectAuthenticatedDiscount, d.ID)
		var types []string
		for _, e := range entries {
			types = append(types, e.Type)
		}
		wantTypes := []string{activity.AuthenticatedDiscountCreated, activity.AuthenticatedDiscountUpdated, activity.AuthenticatedDiscountUpdated, activity.AuthenticatedDiscountDeleted}
		if !slices.Equal(types, wantTypes) {
			t.Fatalf("activity types %v, want %v", types, wantTypes)
		}
		if entries[1].Old["category_id"] != nil || entries[1].New["category_id"] != float64(w.catA) || entries[2].Old["discount"] != 35.0 || entries[2].New["discount"] != 10.0 {
			t.Errorf("update entries %+v", entries[1:3])
		}
	})
}

func pageOf(n, size int) listing.Page { return listing.Page{Number: n, Size: size} }
