package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/clock"
	"shop/internal/pricing"
)

// pricedFixture: a product of cat2 (web 15 %, VAT 20 %, retail 30 %, dealer 8 %), entry 1000,
// with a brand web-margin rule (25 %), a recommended-price rule of its manufacturer (10 %
// lower) and the supplier's recommended price 1300, an authenticated discount of 30 % (the
// ceiling makes it 20 %) and a 10 % action valid today; and a plain product of cat1.
//
//	web before cap 1000 × 1.25 × 1.2 = 1500; cap 1300 × 0.9 = 1170 → web 1170;
//	authenticated 1170 × 0.8 = 936; action 1170 × 0.9 = 1053; retail 1000 × 1.3 × 1.2 = 1560;
//	dealer 1000 × 1.08 = 1080.
func pricedFixture(t *testing.T, a *app.App) (fx *productFixture, priced, plain uint64, today string) {
	t.Helper()
	fx = productFixtureNew(t, a)
	body := fx.product("TV-1", "Televizor", fx.cat2)
	body["brand_id"], body["manufacturer_id"] = fx.brand, fx.manufacturer
	priced = productIDOf(fx.mustCreateProduct(t, body))
	plain = productIDOf(fx.mustCreateProduct(t, fx.product("FR-1", "Frižider", fx.cat1)))
	now := time.Now().UTC()
	today = a.Clock.Today()
	day, _ := clock.StartOfDay(today)
	exec := func(q string, args ...any) {
		t.Helper()
		if err := a.DB.Exec(q, args...).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Dobavljač', ?, ?)", now, now)
	exec(`INSERT INTO supplier_products (supplier_id, sku, name, price, recommended_price, product_id, created_at, updated_at)
		VALUES ((SELECT MAX(id) FROM suppliers), 'S1', 'S1', 100000, 130000, ?, ?, ?)`, priced, now, now)
	exec(`INSERT INTO web_margin_rules (category_id, brand_id, margin_bps, created_at, updated_at) VALUES (?, ?, 2500, ?, ?)`, fx.cat2, fx.brand, now, now)
	exec(`INSERT INTO recommended_prices (name, manufacturer_id, lower_bps, created_at, updated_at) VALUES ('Gorenje MP', ?, 1000, ?, ?)`, fx.manufacturer, now, now)
	exec(`INSERT INTO authenticated_discounts (name, category_id, discount_bps, created_at, updated_at) VALUES ('Ulogovani', ?, 3000, ?, ?)`, fx.cat2, now, now)
	exec("INSERT INTO discount_types (name, is_percentage, created_at, updated_at) VALUES ('Black Friday', ?, ?, ?)", true, now, now)
	exec(`INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
		VALUES (?, (SELECT MAX(id) FROM discount_types), 0, 1000, ?, ?, ?, ?)`, priced, day.AddDate(0, 0, -1).Format(time.DateOnly),
		day.AddDate(0, 0, 2).Format(time.DateOnly), now, now)
	if _, err := a.Pricing.RecomputeTx(context.Background(), a.DB, pricing.All()); err != nil {
		t.Fatal(err)
	}
	return fx, priced, plain, today
}

// TestProductPriceFields: the product detail and list answers carry every derived price, the
// action shown today and the shown prices of a guest and a logged-in customer.
func TestProductPriceFields(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx, priced, plain, today := pricedFixture(t, a)
		ts := fx.ts
		day, _ := clock.StartOfDay(today)
		wantDiscount := map[string]any{"id": 1.0, "type_id": 1.0, "type": "Black Friday", "price": 1053.0,
			"from": day.AddDate(0, 0, -1).Format(time.DateOnly), "to": day.AddDate(0, 0, 2).Format(time.DateOnly)}
		pick := func(p map[string]any) map[string]any {
			out := map[string]any{}
			for _, k := range []string{"web_price", "retail_price", "dealer_price", "authenticated_price", "discount", "guest_price", "customer_price"} {
				v, ok := p[k]
				if !ok {
					t.Errorf("product %v has no %s", p["id"], k)
				}
				out[k] = v
			}
			return out
		}
		wantPriced := map[string]any{"web_price": 1170.0, "retail_price": 1560.0, "dealer_price": 1080.0, "authenticated_price": 936.0,
			"discount": wantDiscount, "guest_price": 1053.0, "customer_price": 1053.0}
		// cat1: 1000 × 1.1 × 1.2 = 1320; retail × 1.25 × 1.2 = 1500; dealer 1050; no rule, no action.
		wantPlain := map[string]any{"web_price": 1320.0, "retail_price": 1500.0, "dealer_price": 1050.0, "authenticated_price": 1320.0,
			"discount": nil, "guest_price": 1320.0, "customer_price": 1320.0}

		r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d", priced), token: ts.staff})
		if r.Status != 200 {
			t.Fatalf("get: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff(wantPriced, pick(data(r))); diff != "" {
			t.Errorf("detail (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/products", token: ts.staff})
		if r.Status != 200 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		seen := 0
		for _, it := range list(r) {
			p := it.(map[string]any)
			want := wantPlain
			switch uint64(p["id"].(float64)) {
			case priced:
				want = wantPriced
			case plain:
			default:
				continue
			}
			seen++
			if diff := cmp.Diff(want, pick(p)); diff != "" {
				t.Errorf("list item %v (-want +got):\n%s", p["sku"], diff)
			}
		}
		if seen != 2 {
			t.Errorf("list showed %d of the 2 products", seen)
		}
	})
}

// TestPriceExplain: each step of the formula for the priced product, its rule and the
// category fallback for the plain one, 404 for an unknown product.
func TestPriceExplain(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx, priced, plain, _ := pricedFixture(t, a)
		ts := fx.ts
		r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/price-explain", priced), token: ts.staff})
		if r.Status != 200 {
			t.Fatalf("explain200: %d %s", r.Status, r.Raw)
		}
		x := data(r)
		got := map[string]any{}
		for _, k := range []string{"entry_price", "web_margin_source", "category_web_margin", "web_margin", "vat", "web_before_cap",
			"recommended_price", "cap", "capped", "web_price", "authenticated_discount", "ceiling_applied", "authenticated_price",
			"retail_price", "dealer_price", "guest_price", "customer_price"} {
			got[k] = x[k]
		}
		want := map[string]any{"entry_price": 1000.0, "web_margin_source": "rule", "category_web_margin": 15.0, "web_margin": 25.0, "vat": 20.0,
			"web_before_cap": 1500.0, "recommended_price": 1300.0, "cap": 1170.0, "capped": true, "web_price": 1170.0,
			"authenticated_discount": 20.0, "ceiling_applied": true, "authenticated_price": 936.0, "retail_price": 1560.0,
			"dealer_price": 1080.0, "guest_price": 1053.0, "customer_price": 1053.0}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("explain (-want +got):\n%s", diff)
		}
		if rule, _ := x["web_margin_rule"].(map[string]any); rule == nil || rule["brand_id"] != float64(fx.brand) || rule["margin"] != 25.0 {
			t.Errorf("web_margin_rule %v", x["web_margin_rule"])
		}
		if rule, _ := x["recommended_rule"].(map[string]any); rule == nil || rule["name"] != "Gorenje MP" || rule["lower"] != 10.0 {
			t.Errorf("recommended_rule %v", x["recommended_rule"])
		}
		if rule, _ := x["authenticated_rule"].(map[string]any); rule == nil || rule["name"] != "Ulogovani" || rule["discount"] != 30.0 {
			t.Errorf("authenticated_rule %v", x["authenticated_rule"])
		}
		if d, _ := x["discount"].(map[string]any); d == nil || d["type"] != "Black Friday" || d["is_percentage"] != true || d["percentage"] != 10.0 || d["price"] != 1053.0 {
			t.Errorf("discount %v", x["discount"])
		}
		if st, _ := x["stored"].(map[string]any); st == nil || st["up_to_date"] != true || st["web_price"] != 1170.0 {
			t.Errorf("stored %v", x["stored"])
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/price-explain", plain), token: ts.staff})
		x = data(r)
		if r.Status != 200 || x["web_margin_source"] != "category" || x["web_margin_rule"] != nil || x["recommended_rule"] != nil ||
			x["cap"] != nil || x["authenticated_rule"] != nil || x["discount"] != nil || x["web_price"] != 1320.0 {
			t.Errorf("explain200Plain: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/admin/products/99999/price-explain", token: ts.staff})
		if r.Status != 404 || message(r) != "Proizvod ne postoji ili je izbrisan." {
			t.Errorf("explain404: %d %s", r.Status, r.Raw)
		}
	})
}
