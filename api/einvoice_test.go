package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/einvoice"
	"shop/internal/sales"
)

// TestEinvoiceAdmin: a company's bank-transfer order, completed through the staff API, has an
// e-invoice the simulator accepted; the order screen reads it with its status, XML and
// printable view; the list filters by status, day and buyer and exports XLSX; cancel needs a
// reason and a sent invoice, storno a sent or approved one.
func TestEinvoiceAdmin(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := demo.SeedInvoiceInfo(ctx, a.DB); err != nil {
			t.Fatal(err)
		}
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop Đak", 1200, 10)
		o, _ := fx.checkoutInvoice(t, map[uint64]int{laptop: 2}, map[string]any{"company_name": "Čačak d.o.o.", "company_pib": "100002887",
			"company_number": "08762724"})
		id := uint64(o["id"].(float64))
		orderPath := fmt.Sprintf("/api/v1/admin/orders/%d", id)
		if r := ts.do(req{method: "GET", path: orderPath + "/einvoice", token: ts.admin}); r.Status != 404 {
			t.Fatalf("before completion: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: orderPath + "/einvoice", token: ts.admin}); r.Status != 422 {
			t.Fatalf("issue before completion: %d %s", r.Status, r.Raw)
		}
		for _, st := range []string{"contacted", "completed"} {
			if r := ts.do(req{method: "PATCH", path: orderPath + "/status", token: ts.admin, body: map[string]any{"status": st}}); r.Status != 200 {
				t.Fatalf("status %s: %d %s", st, r.Status, r.Raw)
			}
		}
		// The completion queued the job; here the job's work is called directly (no worker).
		r := ts.do(req{method: "POST", path: orderPath + "/einvoice", token: ts.admin})
		e := data(r)
		if r.Status != 200 || e["status"] != einvoice.StatusQueued || e["number"] != "F-"+o["number"].(string) || e["total"].(float64) != 2400 ||
			e["test"] != true || e["buyer_pib"] != "100002887" {
			t.Fatalf("issue: %d %s", r.Status, r.Raw)
		}
		eid := uint64(e["id"].(float64))
		if err := a.Einvoice.Send(ctx, eid); err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/api/v1/admin/einvoices/%d", eid)
		r = ts.do(req{method: "GET", path: orderPath + "/einvoice", token: ts.admin})
		if e = data(r); r.Status != 200 || e["status"] != "Sent" || e["status_label"] != "Poslata" || e["sef_invoice_id"] == nil {
			t.Fatalf("order's e-invoice: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: path + "/xml", token: ts.admin})
		if r.Status != 200 || !strings.Contains(string(r.Raw), "urn:mfin.gov.rs:srbdt:2022") || !strings.Contains(string(r.Raw), `schemeID="9948">100002887`) {
			t.Fatalf("xml: %d %.300s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: path + "/html", token: ts.admin})
		if r.Status != 200 || !strings.Contains(string(r.Raw), "TEST") || !strings.Contains(string(r.Raw), "Čačak d.o.o.") ||
			!strings.Contains(string(r.Raw), "2400.00") {
			t.Fatalf("html: %d %.300s", r.Status, r.Raw)
		}
		list := "/api/v1/admin/einvoices"
		today := a.Clock.Today()
		for q, want := range map[string]int{"": 1, "?status=Sent": 1, "?status=Approved": 0, "?buyer=cacak": 1, "?buyer=100002887": 1,
			"?buyer=nobody": 0, "?date_from=" + today + "&date_to=" + today: 1, "?date_from=2099-01-01": 0} {
			r := ts.do(req{method: "GET", path: list + q, token: ts.admin})
			if r.Status != 200 || len(listOf(r)) != want {
				t.Errorf("list %q: %d, %d rows, want %d", q, r.Status, len(listOf(r)), want)
			}
		}
		for q, field := range map[string]string{"?status=Lost": "status", "?date_from=1.1.2026": "date_from", "?color=red": "color"} {
			if r := ts.do(req{method: "GET", path: list + q, token: ts.admin}); r.Status != 422 || firstError(r, field) == "" {
				t.Errorf("list %s: %d %s, want 422 on %s", q, r.Status, r.Raw, field)
			}
		}
		r = ts.do(req{method: "GET", path: list + "/export?status=Sent", token: ts.admin})
		if r.Status != 200 {
			t.Fatalf("export: %d", r.Status)
		}
		x, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := x.GetRows("E-fakture")
		if len(rows) != 2 || rows[1][0] != e["number"] || rows[1][1] != "Faktura" || rows[1][6] != "100002887" || rows[1][9] != "Poslata" {
			t.Errorf("export rows %v", rows)
		}
		// A unit returned after SEF has the invoice: its credit note (the return's job, called
		// directly) is the order's, listed and exported as a credit note.
		full, err := a.Sales.OrderWithItems(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Sales.RecordPayment(ctx, id); err != nil {
			t.Fatal(err)
		}
		ret, err := a.Sales.CreateReturn(ctx, id, sales.ReturnInput{Items: []sales.ReturnLine{{OrderItemID: full.Items[0].ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Einvoice.CreditReturn(ctx, id, ret.ID); err != nil {
			t.Fatal(err)
		}
		r = ts.do(req{method: "GET", path: orderPath + "/credit-notes", token: ts.admin})
		notes := listOf(r)
		if r.Status != 200 || len(notes) != 1 {
			t.Fatalf("credit notes: %d %s", r.Status, r.Raw)
		}
		if n := notes[0].(map[string]any); n["kind"] != einvoice.KindCreditNote || n["total"].(float64) != 1200 || n["order_number"] != o["number"] ||
			n["return_id"].(float64) != float64(ret.ID) {
			t.Fatalf("credit note %v", n)
		}
		note := fmt.Sprintf("/api/v1/admin/einvoices/%d/html", uint64(notes[0].(map[string]any)["id"].(float64)))
		if r := ts.do(req{method: "GET", path: note, token: ts.admin}); r.Status != 200 || !strings.Contains(string(r.Raw), "Knjižno odobrenje KO-") ||
			!strings.Contains(string(r.Raw), "Odobrenje po fakturi "+e["number"].(string)) || !strings.Contains(string(r.Raw), "1200.00") {
			t.Errorf("credit note's page: %d %.400s", r.Status, r.Raw)
		}
		for q, want := range map[string]int{"?kind=credit_note": 1, "?kind=invoice": 1, "": 2} {
			if r := ts.do(req{method: "GET", path: list + q, token: ts.admin}); r.Status != 200 || len(listOf(r)) != want {
				t.Errorf("list %q: %d, %d rows, want %d", q, r.Status, len(listOf(r)), want)
			}
		}
		if r := ts.do(req{method: "GET", path: list + "?kind=storno", token: ts.admin}); r.Status != 422 || firstError(r, "kind") == "" {
			t.Errorf("list of an unknown kind: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: list + "/export?kind=credit_note", token: ts.admin})
		if x, err = excelize.OpenReader(bytes.NewReader(r.Raw)); err != nil {
			t.Fatal(err)
		}
		if rows, _ = x.GetRows("E-fakture"); len(rows) != 2 || rows[1][1] != "Knjižno odobrenje" || rows[1][2] != o["number"] {
			t.Errorf("credit note export rows %v", rows)
		}
		if r := ts.do(req{method: "POST", path: path + "/cancel", token: ts.admin, body: map[string]any{"comment": ""}}); r.Status != 422 ||
			firstError(r, "comment") == "" {
			t.Errorf("cancel without a reason: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path + "/retry", token: ts.admin}); r.Status != 409 {
			t.Errorf("retry of a sent one: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path + "/cancel", token: ts.admin, body: map[string]any{"comment": "pogrešan kupac"}}); r.Status != 200 ||
			data(r)["status"] != "Cancelled" {
			t.Errorf("cancel: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path + "/storno", token: ts.admin, body: map[string]any{"comment": "x"}}); r.Status != 409 {
			t.Errorf("storno of a cancelled one: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/einvoices/%d", eid+100), token: ts.admin}); r.Status != 404 ||
			message(r) != "E-faktura ne postoji ili je izbrisana." {
			t.Errorf("missing: %d %s", r.Status, r.Raw)
		}
	})
}
