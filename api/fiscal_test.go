package api_test

import (
	"context"
	"fmt"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/fiscal"
)

// TestRecordPaymentAndReceipts: staff record a cash-on-delivery order's payment (paid once,
// logged), the receipt the job signs shows on the order with its status, a test receipt
// says so; a sent receipt cannot be retried (422); a cancelled order cannot be paid (422);
// a customer and staff without update-order get 403.
func TestRecordPaymentAndReceipts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		id := fx.placeOrder(t, map[uint64]int{laptop: 2}, nil, "")

		for who, tok := range map[string]string{"customer": ts.buyer, "staff without update-order": ts.staff} {
			if r := ts.do(req{method: "POST", path: orderPath(id, "/payment"), token: tok}); r.Status != 403 {
				t.Errorf("%s: %d", who, r.Status)
			}
		}
		r := ts.do(req{method: "POST", path: orderPath(id, "/payment"), token: ts.admin})
		if r.Status != 200 || r.Body["message"] != "Plaćanje je evidentirano; fiskalni račun se izdaje." {
			t.Fatalf("payment: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: orderPath(id, "/payment"), token: ts.admin}); r.Status != 200 {
			t.Errorf("second payment: %d %s", r.Status, r.Raw)
		}
		if got := activityTypes(t, a, id); len(got) != 1 || got[0] != "order.updated" {
			t.Errorf("activity %v, want one order.updated", got)
		}
		// The job's work (the worker is not running in this test).
		if _, err := a.Fiscal.Fiscalise(context.Background(), id, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		r = ts.do(req{method: "GET", path: orderPath(id, "/receipts"), token: ts.staff})
		rows := list(r)
		if r.Status != 200 || len(rows) != 1 {
			t.Fatalf("receipts: %d %s", r.Status, r.Raw)
		}
		rec := rows[0].(map[string]any)
		if rec["status"] != "sent" || rec["status_label"] != "Izdat" || rec["kind_label"] != "Promet prodaja" || rec["test"] != true ||
			rec["total"] != 2000.0 || rec["invoice_number"] == "" || rec["payment_type"] != "Cash" {
			t.Errorf("receipt %v", rec)
		}
		retry := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/fiscal-receipts/%v/retry", rec["id"]), token: ts.admin})
		if retry.Status != 422 || firstError(retry, "status") == "" {
			t.Errorf("retry of a sent receipt: %d %s", retry.Status, retry.Raw)
		}

		other := fx.placeOrder(t, map[uint64]int{laptop: 1}, nil, "")
		if r := ts.do(req{method: "PATCH", path: orderPath(other, "/status"), token: ts.admin, body: map[string]any{"status": "cancelled", "cancel_reason": "stock"}}); r.Status != 200 {
			t.Fatalf("cancel: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: orderPath(other, "/payment"), token: ts.admin}); r.Status != 422 || firstError(r, "paid") == "" {
			t.Errorf("payment of a cancelled order: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: orderPath(99999, "/receipts"), token: ts.staff}); r.Status != 404 {
			t.Errorf("receipts of no order: %d", r.Status)
		}
	})
}
