package api_test

import (
	"context"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/fiscal"
)

// TestOrderReturns: staff with update-order record a return of some units of a paid order
// (201, stock back, logged); more than is left is a 422 on the line's quantity, an unpaid
// order a 422 on items; view-only staff and customers get 403; the list shows each return with
// its refund receipt once the job signed it.
func TestOrderReturns(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		mouse := fx.product(t, "Monitor", 600, 10)
		id := fx.placeOrder(t, map[uint64]int{laptop: 2, mouse: 3}, nil, "")
		o := data(ts.do(req{method: "GET", path: orderPath(id, ""), token: ts.admin}))
		lineOf := map[float64]float64{}
		for _, it := range o["items"].([]any) {
			m := it.(map[string]any)
			lineOf[m["product_id"].(float64)] = m["id"].(float64)
		}
		laptopLine, mouseLine := lineOf[float64(laptop)], lineOf[float64(mouse)]
		body := map[string]any{"reason": "Oštećen", "items": []any{map[string]any{"order_item_id": mouseLine, "quantity": 2}}}

		if r := ts.do(req{method: "POST", path: orderPath(id, "/returns"), token: ts.admin, body: body}); r.Status != 422 || firstError(r, "items") == "" {
			t.Errorf("return of an unpaid order: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: orderPath(id, "/payment"), token: ts.admin}); r.Status != 200 {
			t.Fatalf("payment: %d %s", r.Status, r.Raw)
		}
		if _, err := a.Fiscal.Fiscalise(context.Background(), id, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		for who, tok := range map[string]string{"customer": ts.buyer, "staff without update-order": ts.staff} {
			if r := ts.do(req{method: "POST", path: orderPath(id, "/returns"), token: tok, body: body}); r.Status != 403 {
				t.Errorf("%s: %d", who, r.Status)
			}
		}
		before := fx.stock(t, mouse)
		r := ts.do(req{method: "POST", path: orderPath(id, "/returns"), token: ts.admin, body: body})
		if r.Status != 201 || r.Body["message"] != "Povraćaj je evidentiran; račun refundacije sledi." {
			t.Fatalf("return: %d %s", r.Status, r.Raw)
		}
		ret := data(r)
		if ret["number"] != 1.0 || ret["total"] != 1200.0 || ret["reason"] != "Oštećen" || len(ret["items"].([]any)) != 1 || ret["receipt"] != nil {
			t.Errorf("return %v", ret)
		}
		if got := fx.stock(t, mouse); got != before+2 {
			t.Errorf("stock %d, want %d", got, before+2)
		}
		if got := activityTypes(t, a, id); len(got) != 2 || got[1] != "order.returned" {
			t.Errorf("activity %v", got)
		}
		tooMany := map[string]any{"items": []any{map[string]any{"order_item_id": laptopLine, "quantity": 1}, map[string]any{"order_item_id": mouseLine, "quantity": 2}}}
		if r := ts.do(req{method: "POST", path: orderPath(id, "/returns"), token: ts.admin, body: tooMany}); r.Status != 422 ||
			firstError(r, "items[1].quantity") != "Može se vratiti najviše 1 kom." {
			t.Errorf("too many: %d %s", r.Status, r.Raw)
		}
		if _, err := a.Fiscal.FiscaliseReturn(context.Background(), id, uint64(ret["id"].(float64))); err != nil {
			t.Fatal(err)
		}
		r = ts.do(req{method: "GET", path: orderPath(id, "/returns"), token: ts.staff})
		rows := list(r)
		if r.Status != 200 || len(rows) != 1 {
			t.Fatalf("returns: %d %s", r.Status, r.Raw)
		}
		rec, _ := rows[0].(map[string]any)["receipt"].(map[string]any)
		if rec == nil || rec["status"] != "sent" || rec["kind"] != "refund" || rec["total"] != 1200.0 || rec["return_id"] != ret["id"] {
			t.Errorf("return's receipt %v", rec)
		}
		if r := ts.do(req{method: "GET", path: orderPath(99999, "/returns"), token: ts.staff}); r.Status != 404 {
			t.Errorf("returns of no order: %d %s", r.Status, r.Raw)
		}
	})
}
