package api_test

import (
	"fmt"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestCustomerActionsLogged: what shoppers do that staff follow up (an order placed, a rating,
// a question, a price offer, a new account) is in the activity log with its subject, and an
// order's internal note says who wrote it.
func TestCustomerActionsLogged(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		var slug, sku string
		a.DB.Table("products").Where("id = ?", laptop).Select("slug").Scan(&slug)
		a.DB.Table("products").Where("id = ?", laptop).Select("sku").Scan(&sku)

		order := data(ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(fx.guestCart(t, map[uint64]int{laptop: 1}), nil)}))
		steps := []req{
			{method: "POST", path: "/api/v1/products/" + slug + "/ratings", body: map[string]any{"rating": 5, "comment": "Odličan", "name": "Ana Anić", "email": "ana@example.rs"}},
			{method: "POST", path: "/api/v1/products/" + slug + "/questions", body: map[string]any{"name": "Ana Anić", "email": "ana@example.rs", "question": "Da li ima srpsku tastaturu?"}},
			{method: "POST", path: "/api/v1/priceoffer", body: map[string]any{"product_sku": sku, "email": "ana@example.rs", "price": 900}},
			{method: "POST", path: "/api/v1/register", body: map[string]any{"name": "Ana Anić", "email": "ana@example.rs", "password": "lozinka123", "password_confirmation": "lozinka123"}},
		}
		for _, s := range steps {
			if r := ts.do(s); r.Status >= 300 {
				t.Fatalf("%s: %d %s", s.path, r.Status, r.Raw)
			}
		}
		want := map[string]string{"order.placed": "order", "rating.created": "rating", "question.created": "question",
			"price_offer.created": "price_offer", "user.registered": "user"}
		for typ, subject := range want {
			r := ts.do(req{method: "GET", path: "/api/v1/admin/activity?type=" + typ, token: ts.admin})
			rows := listOf(r)
			if r.Status != 200 || len(rows) != 1 {
				t.Errorf("%s: %d %s", typ, r.Status, r.Raw)
				continue
			}
			if e := rows[0].(map[string]any); e["subject_type"] != subject || e["subject_id"] == nil {
				t.Errorf("%s: subject %v #%v", typ, e["subject_type"], e["subject_id"])
			}
		}

		path := "/api/v1/admin/orders/" + fmt.Sprint(order["id"]) + "/notes"
		if r := ts.do(req{method: "POST", path: path, token: ts.admin, body: map[string]any{"kind": "internal", "body": "Proveriti zalihe"}}); r.Status != 201 {
			t.Fatalf("note: %d %s", r.Status, r.Raw)
		}
		notes := data(ts.do(req{method: "GET", path: "/api/v1/admin/orders/" + fmt.Sprint(order["id"]), token: ts.admin}))["notes"].([]any)
		if len(notes) != 1 || notes[0].(map[string]any)["author"] != "Demo Administrator" {
			t.Fatalf("the note's author: %v", notes)
		}
	})
}
