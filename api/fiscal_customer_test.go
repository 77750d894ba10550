package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/fiscal"
	"shop/internal/platform/queue"
)

// TestCustomerReceipts: the customer's signed receipt shows on My orders with its journal, the
// verification link, the test notice and a PDF; the PDF and the QR open with the link's token
// (a guest's mail) or the customer's login, and for nobody else; the customer's mail of the
// receipt is queued once, with the journal in <pre>, the QR image and the links.
func TestCustomerReceipts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		var buyerID uint64
		a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID)
		own := strconv.FormatUint(buyerID, 10)
		ts.do(req{method: "POST", path: "/api/v1/cart/items", token: ts.buyer, body: map[string]any{"cart_id": own, "product_id": laptop}})
		r := ts.do(req{method: "POST", path: "/api/v1/orders", token: ts.buyer, body: checkoutForm(own, nil)})
		if r.Status != 201 {
			t.Fatalf("checkout: %d %s", r.Status, r.Raw)
		}
		id := uint64(data(r)["id"].(float64))
		if got := data(r)["receipts"].([]any); len(got) != 0 {
			t.Errorf("a new order's receipts: %v", got)
		}
		if _, err := a.Sales.RecordPayment(ctx, id); err != nil {
			t.Fatal(err)
		}
		rec, err := a.Fiscal.Fiscalise(ctx, id, fiscal.KindNormal)
		if err != nil || rec.MailedAt == nil {
			t.Fatalf("fiscalise: %v %+v", err, rec)
		}
		if _, err := a.Fiscal.Fiscalise(ctx, id, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/account/orders/%d", id), token: ts.buyer})
		rs := data(r)["receipts"].([]any)
		if r.Status != 200 || len(rs) != 1 {
			t.Fatalf("my order's receipts: %d %s", r.Status, r.Raw)
		}
		got := rs[0].(map[string]any)
		if got["invoice_number"] != rec.InvoiceNumber || got["verification_url"] != rec.VerificationURL || got["journal"] != rec.Journal ||
			got["test"] != true || !strings.HasPrefix(got["test_notice"].(string), "PROBNI RAČUN") || got["kind_label"] != "Promet prodaja" {
			t.Errorf("receipt %v", got)
		}
		if l := list(ts.do(req{method: "GET", path: "/api/v1/account/orders", token: ts.buyer})); len(l[0].(map[string]any)["receipts"].([]any)) != 1 {
			t.Errorf("my orders list has no receipt: %v", l[0])
		}
		pdfURL, qrURL := got["pdf_url"].(string), got["qr_url"].(string)
		pdf := ts.do(req{method: "GET", path: pdfURL})
		if pdf.Status != 200 || !bytes.HasPrefix(pdf.Raw, []byte("%PDF")) || pdf.Header.Get("Content-Type") != "application/pdf" ||
			!strings.Contains(pdf.Header.Get("Content-Disposition"), ".pdf") {
			t.Errorf("pdf by the link: %d %s", pdf.Status, pdf.Header)
		}
		bare := strings.Split(pdfURL, "?")[0]
		if r := ts.do(req{method: "GET", path: bare, token: ts.buyer}); r.Status != 200 {
			t.Errorf("pdf by login: %d", r.Status)
		}
		for name, c := range map[string]req{
			"no token":        {method: "GET", path: bare},
			"bad token":       {method: "GET", path: bare + "?token=abc"},
			"another's login": {method: "GET", path: bare, token: ts.staff},
			"another order":   {method: "GET", path: strings.Replace(pdfURL, fmt.Sprintf("/orders/%d/", id), fmt.Sprintf("/orders/%d/", id+1), 1)},
		} {
			if r := ts.do(c); r.Status != 404 {
				t.Errorf("%s: %d", name, r.Status)
			}
		}
		qr := ts.do(req{method: "GET", path: qrURL})
		if img, err := png.Decode(bytes.NewReader(qr.Raw)); qr.Status != 200 || err != nil || decodeQR(t, qr.Raw) != rec.VerificationURL {
			t.Errorf("qr: %d %v %v", qr.Status, err, img)
		}

		insp := asynq.NewInspector(a.Redis.Opt)
		defer insp.Close()
		tasks, err := insp.ListPendingTasks(queue.QueueCritical, asynq.PageSize(1000))
		if err != nil {
			t.Fatal(err)
		}
		var mails []queue.MailSendPayload
		for _, tk := range tasks {
			var p queue.MailSendPayload
			if tk.Type == queue.TypeMailSend && tk.ID == fmt.Sprintf("fiscal-receipt-%d", rec.ID) && json.Unmarshal(tk.Payload, &p) == nil {
				mails = append(mails, p)
			}
		}
		if len(mails) != 1 {
			t.Fatalf("receipt mails: %d, want 1", len(mails))
		}
		m := mails[0].Message
		if m.To != "kupac@demo.local" && !strings.Contains(m.To, "@") || !strings.Contains(m.Subject, "Fiskalni račun") ||
			!strings.Contains(m.HTML, "<pre") || !strings.Contains(m.HTML, "ОВО НИЈЕ ФИСКАЛНИ РАЧУН") ||
			!strings.Contains(m.HTML, `<img src="`) || !strings.Contains(m.HTML, "/receipts/") ||
			!strings.Contains(m.HTML, `href="`+rec.VerificationURL+`"`) || !strings.Contains(m.HTML, "PROBNI RAČUN") ||
			!strings.Contains(m.Body, rec.VerificationURL) || !strings.Contains(m.Body, "ElektroMarket\nprodaja@elektromarket.rs") {
			t.Errorf("the receipt's mail: %+v", m)
		}
	})
}
