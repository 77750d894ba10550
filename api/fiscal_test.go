package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/fiscal"
	"shop/internal/platform/clock"
	"shop/internal/sales"
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

// TestFiscalReceiptList: the staff's list of receipts filters by status, kind, day and buyer
// (an order's number too), refuses a bad filter on its field, exports the same rows as XLSX for
// the accountant and opens a signed receipt's PDF; a customer gets 403.
func TestFiscalReceiptList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		signedOrder := fx.placeOrder(t, map[uint64]int{laptop: 1}, nil, "")
		failedOrder := fx.placeOrder(t, map[uint64]int{laptop: 2}, nil, "")
		var signed, failed *fiscal.Receipt
		for _, id := range []uint64{signedOrder, failedOrder} {
			if _, err := a.Sales.RecordPayment(ctx, id); err != nil {
				t.Fatal(err)
			}
			r, err := a.Fiscal.Fiscalise(ctx, id, fiscal.KindNormal)
			if err != nil {
				t.Fatal(err)
			}
			if id == signedOrder {
				signed = r
			} else {
				failed = r
			}
		}
		if err := a.DB.Model(&fiscal.Receipt{}).Where("id = ?", failed.ID).Updates(map[string]any{"status": "failed", "reason": "2805: invalid value"}).Error; err != nil {
			t.Fatal(err)
		}
		o, err := a.Sales.StaffOrder(ctx, failedOrder)
		if err != nil {
			t.Fatal(err)
		}
		ids := func(query string) []float64 {
			t.Helper()
			r := ts.do(req{method: "GET", path: "/api/v1/admin/fiscal-receipts" + query, token: ts.staff})
			if r.Status != 200 {
				t.Fatalf("list %s: %d %s", query, r.Status, r.Raw)
			}
			var out []float64
			for _, row := range list(r) {
				out = append(out, row.(map[string]any)["id"].(float64))
			}
			return out
		}
		if got := ids(""); len(got) != 2 {
			t.Errorf("all: %v", got)
		}
		if got := ids("?status=failed"); len(got) != 1 || uint64(got[0]) != failed.ID {
			t.Errorf("failed: %v", got)
		}
		if got := ids("?buyer=" + o.NumberOf()); len(got) != 1 || uint64(got[0]) != failed.ID {
			t.Errorf("by order number: %v", got)
		}
		if got := ids("?kind=refund"); len(got) != 0 {
			t.Errorf("refunds: %v", got)
		}
		today := time.Now().In(clock.Zone).Format(time.DateOnly)
		if got := ids("?date_from=" + today + "&date_to=" + today); len(got) != 2 {
			t.Errorf("today: %v", got)
		}
		row := list(ts.do(req{method: "GET", path: "/api/v1/admin/fiscal-receipts?status=failed", token: ts.staff}))[0].(map[string]any)
		if row["order_number"] != o.NumberOf() || row["reason"] != "2805: invalid value" || row["status_label"] != "Neuspešan" {
			t.Errorf("failed row: %v", row)
		}
		for q, field := range map[string]string{"?status=lost": "status", "?date_from=1.1.2026": "date_from", "?kind=x": "kind"} {
			if r := ts.do(req{method: "GET", path: "/api/v1/admin/fiscal-receipts" + q, token: ts.staff}); r.Status != 422 || firstError(r, field) == "" {
				t.Errorf("%s: %d %s", q, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/fiscal-receipts", token: ts.buyer}); r.Status != 403 {
			t.Errorf("a customer: %d", r.Status)
		}
		x := ts.do(req{method: "GET", path: "/api/v1/admin/fiscal-receipts/export?status=sent", token: ts.staff})
		if x.Status != 200 {
			t.Fatalf("export: %d %s", x.Status, x.Raw)
		}
		f, err := excelize.OpenReader(bytes.NewReader(x.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetName(0))
		if len(rows) != 2 || rows[0][0] != "Porudžbina" || rows[1][2] != signed.InvoiceNumber || rows[1][len(rows[1])-1] != "da" {
			t.Errorf("export rows %v", rows)
		}
		pdf := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/fiscal-receipts/%d/pdf", signed.ID), token: ts.staff})
		if pdf.Status != 200 || !bytes.HasPrefix(pdf.Raw, []byte("%PDF")) {
			t.Errorf("pdf: %d", pdf.Status)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/fiscal-receipts/%d/pdf", failed.ID), token: ts.staff}); r.Status != 404 {
			t.Errorf("pdf of a failed receipt: %d", r.Status)
		}
	})
}

// TestPaymentImport: staff with update-order upload a bank statement; the matched order is
// paid and every entry comes back with its outcome; no file or a wrong one is a 422 on file;
// staff who may only look get 403.
func TestPaymentImport(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		id := fx.placeOrder(t, map[uint64]int{laptop: 1}, map[string]any{"payment_method": "bank_transfer"}, "")
		o, err := a.Sales.StaffOrder(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		ref := sales.Model97(strings.ReplaceAll(o.NumberOf(), "-", ""))
		doc := fmt.Sprintf(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>7</Id>
<Ntry><Amt Ccy="RSD">%s</Amt><CdtDbtInd>CRDT</CdtDbtInd><NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>%s</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="RSD">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></Ntry></Stmt></BkToCstmrStmt></Document>`, o.Total.String(), ref)
		body, ct := multipartFile(t, "file", "izvod.xml", []byte(doc))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/payments/import", token: ts.staff, raw: body, contentType: ct}); r.Status != 403 {
			t.Errorf("view-order only: %d", r.Status)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/payments/import", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 200 {
			t.Fatalf("import: %d %s", r.Status, r.Raw)
		}
		lines := data(r)["lines"].([]any)
		first, second := lines[0].(map[string]any), lines[1].(map[string]any)
		if len(lines) != 2 || first["outcome"] != "matched" || first["order_number"] != o.NumberOf() || second["outcome"] != "skipped" ||
			second["reason"] != "Zaduženje, nije uplata kupca" || !strings.Contains(message(r), "uparenih 1") {
			t.Errorf("report %s", r.Raw)
		}
		if got, _ := a.Sales.StaffOrder(context.Background(), id); got.PaidAt == nil {
			t.Error("the matched order is not paid")
		}
		bad, bct := multipartFile(t, "file", "izvod.csv", []byte("Datum;Iznos\n"))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/payments/import", token: ts.admin, raw: bad, contentType: bct}); r.Status != 422 || firstError(r, "file") == "" {
			t.Errorf("not a statement: %d %s", r.Status, r.Raw)
		}
		none, nct := multipartFile(t, "other", "x.txt", []byte("x"))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/payments/import", token: ts.admin, raw: none, contentType: nct}); r.Status != 422 || firstError(r, "file") == "" {
			t.Errorf("no file: %d %s", r.Status, r.Raw)
		}
	})
}
