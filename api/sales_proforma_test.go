package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/clock"
	"shop/internal/platform/queue"
	"shop/internal/sales"
)

var staffInvoiceNumber = regexp.MustCompile(`^PR-20[0-9]{2}-P[0-9]{6,}$`)

// subjectActivity answers the activity log's types for one subject, oldest first.
func subjectActivity(t *testing.T, a *app.App, subject string, id uint64) []string {
	t.Helper()
	var types []string
	if err := a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ?", subject, id).Order("id").Pluck("type", &types).Error; err != nil {
		t.Fatal(err)
	}
	return types
}

// checkoutInvoice places a guest's bank-transfer order and answers the order and its invoice id.
func (fx *salesFixture) checkoutInvoice(t *testing.T, lines map[uint64]int, extra map[string]any) (map[string]any, uint64) {
	t.Helper()
	form := checkoutForm(fx.guestCart(t, lines), map[string]any{"payment_method": "bank_transfer"})
	for k, v := range extra {
		form[k] = v
	}
	r := fx.ts.do(req{method: "POST", path: "/api/v1/orders", body: form})
	if r.Status != 201 {
		t.Fatalf("checkout: %d %s", r.Status, r.Raw)
	}
	o := data(r)
	return o, uint64(o["proforma_invoice_id"].(float64))
}

// TestProformaList: a checkout invoice is in the list, found by number, e-mail, name and the
// day of issue; the single view has the products and VAT per rate; the PDF downloads; it
// cannot be transferred again (409); without view-proforma-invoice: 403.
func TestProformaList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop Đak", 1200, 10)
		mouse := fx.product(t, "Miš", 600, 10)
		o, invID := fx.checkoutInvoice(t, map[uint64]int{laptop: 2, mouse: 1}, map[string]any{"name": "Žarko Šćepanović", "email": "zarko@example.rs",
			"company_name": "Čačak d.o.o.", "company_pib": "100000024"})
		fx.checkoutInvoice(t, map[uint64]int{mouse: 1}, map[string]any{"name": "Ana Anić", "email": "ana@example.rs"})
		number := "PR-" + o["number"].(string)

		path := "/api/v1/admin/proforma-invoices"
		r := ts.do(req{method: "GET", path: path, token: ts.admin})
		if r.Status != 200 || len(list(r)) != 2 || r.Body["meta"].(map[string]any)["total"].(float64) != 2 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		if first := list(r)[0].(map[string]any); first["email"] != "ana@example.rs" {
			t.Errorf("not newest first: %v", first)
		}
		// The shop's days, from the app's one clock (what the checkout stamped the invoices with).
		now := a.Clock.Now()
		today := clock.Day(now)
		tomorrow := clock.Day(now.Add(24 * time.Hour))
		for q, want := range map[string]int{
			"?search=" + number: 1, "?search=ZARKO@example": 1, "?search=šćepan": 1, "?search=čačak": 1, "?search=nobody": 0,
			"?date_from=" + today + "&date_to=" + today: 2, "?date_from=" + tomorrow: 0, "?ordered=yes": 2, "?ordered=no": 0,
		} {
			r := ts.do(req{method: "GET", path: path + q, token: ts.admin})
			if r.Status != 200 || len(list(r)) != want {
				t.Errorf("list %s: %d, %d rows, want %d", q, r.Status, len(list(r)), want)
			}
		}
		for q, field := range map[string]string{"?date_from=1.1.2026": "date_from", "?date_from=" + tomorrow + "&date_to=" + today: "date_to",
			"?ordered=maybe": "ordered", "?color=red": "color"} {
			if r := ts.do(req{method: "GET", path: path + q, token: ts.admin}); r.Status != 422 || firstError(r, field) == "" {
				t.Errorf("list %s: %d %s, want 422 on %s", q, r.Status, r.Raw, field)
			}
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("%s/%d", path, invID), token: ts.admin})
		inv := data(r)
		if r.Status != 200 || inv["number"] != number || inv["order_number"] != o["number"] || inv["company_pib"] != "100000024" ||
			inv["total"].(float64) != 3000 || inv["issue_place"] != "Beograd" || inv["payment_method"] != "bank_transfer" || len(inv["items"].([]any)) != 2 {
			t.Fatalf("single: %d %s", r.Status, r.Raw)
		}
		if want := sales.ProformaValidUntil(a.Clock.Now(), 8).Format(time.DateOnly); inv["valid_until"] != want {
			t.Errorf("valid_until %v, want the shop's today + 8 days %s", inv["valid_until"], want)
		}
		vat := inv["vat"].([]any)
		// 3.000,00 at 20 %: base 2.500,00, VAT 500,00.
		if len(vat) != 1 || vat[0].(map[string]any)["base"].(float64) != 2500 || vat[0].(map[string]any)["vat"].(float64) != 500 {
			t.Errorf("vat: %v", vat)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("%s/%d", path, invID+100), token: ts.admin}); r.Status != 404 ||
			message(r) != "Profaktura ne postoji ili je izbrisana." {
			t.Errorf("missing: %d %s", r.Status, r.Raw)
		}

		r = ts.do(req{method: "GET", path: fmt.Sprintf("%s/%d/pdf", path, invID), token: ts.admin})
		if r.Status != 200 || !bytes.HasPrefix(r.Raw, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" ||
			!strings.Contains(r.Header.Get("Content-Disposition"), "profaktura-"+number+".pdf") {
			t.Errorf("pdf: %d %q %q", r.Status, r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
		}

		if r := ts.do(req{method: "POST", path: fmt.Sprintf("%s/%d/transfer", path, invID), token: ts.admin}); r.Status != 409 ||
			message(r) != "Profaktura je već prebačena u porudžbinu." {
			t.Errorf("transfer of a checkout invoice: %d %s", r.Status, r.Raw)
		}
		for _, p := range []string{path, fmt.Sprintf("%s/%d", path, invID), fmt.Sprintf("%s/%d/pdf", path, invID), "/api/v1/admin/banks"} {
			if r := ts.do(req{method: "GET", path: p, token: ts.staff}); r.Status != 403 {
				t.Errorf("staff without the permission GET %s: %d", p, r.Status)
			}
		}
	})
}

// TestProformaPDFContent: the PDF shows the company data, the banks, the buyer, the lines and
// totals per rate, and the model-97 reference of the number that the QR code carries too.
func TestProformaPDFContent(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop čćšđž", 1000, 10)
		_, invID := fx.checkoutInvoice(t, map[uint64]int{laptop: 3}, nil)
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/invoice-data", token: ts.admin, body: map[string]any{"name": "Računari Đorđević d.o.o.",
			"address": "Kneza Miloša 12, Beograd", "pib": "100000024", "email": "prodaja@example.rs"}}); r.Status != 200 {
			t.Fatalf("invoice data: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/banks", token: ts.admin, body: map[string]any{"name": "Banka Intesa",
			"account": "160-0000000012345-95"}}); r.Status != 201 {
			t.Fatalf("bank: %d %s", r.Status, r.Raw)
		}
		doc, err := a.Sales.ProformaDocument(context.Background(), invID)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Seller.Name != "Računari Đorđević d.o.o." || doc.Seller.PIB != "100000024" || len(doc.Banks) != 1 || doc.Banks[0].Account != "160000000001234595" ||
			doc.Buyer.Name != "Petar Petrović" || len(doc.Lines) != 1 || doc.Lines[0].Total != 300000 || doc.Lines[0].VatBps != 2000 {
			t.Fatalf("document: %+v", doc)
		}
		if doc.Payment == nil || !sales.ValidModel97(doc.Payment.Reference) || !strings.HasSuffix(doc.Payment.Reference, strings.ReplaceAll(strings.TrimPrefix(doc.Number, "PR-"), "-", "")) ||
			len(doc.Payment.QRPNG) == 0 || !strings.HasSuffix(doc.Payment.Purpose, doc.Number) {
			t.Errorf("payment: %+v", doc.Payment)
		}
		r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/proforma-invoices/%d/pdf", invID), token: ts.admin})
		if r.Status != 200 || !bytes.Contains(r.Raw, []byte("/FontFile2")) || !bytes.Contains(r.Raw, []byte("/Subtype /Image")) {
			t.Errorf("pdf without the embedded font or the QR image: %d", r.Status)
		}
	})
}

// TestProformaStaffInvoiceTransfer: staff make an invoice (prices the shop's; bad forms 422),
// transfer it to an order (stock taken, order linked, no mail), not twice (409); an invoice
// whose stock is gone is a 422 that changes nothing. Every change is in the activity log.
func TestProformaStaffInvoiceTransfer(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 5)
		hidden := fx.product(t, "Skriven", 1000, 5)
		fx.set(t, hidden, map[string]any{"visible": false})
		path := "/api/v1/admin/proforma-invoices"
		form := func(extra map[string]any) map[string]any {
			f := map[string]any{"name": "Firma Kupac", "email": "Nabavka@Firma.rs", "phone": "011 222 333", "address": "Bulevar 1", "city": "Novi Sad",
				"post_code": "21000", "company_name": "Firma d.o.o.", "company_pib": "100000024", "price": 1,
				"items": []map[string]any{{"product_id": laptop, "quantity": 2, "price": 1}}}
			for k, v := range extra {
				f[k] = v
			}
			return f
		}
		for name, c := range map[string]struct {
			extra map[string]any
			field string
		}{
			"noItems":      {map[string]any{"items": []map[string]any{}}, "items"},
			"unknown":      {map[string]any{"items": []map[string]any{{"product_id": laptop + 100, "quantity": 1}}}, "items[0].product_id"},
			"hidden":       {map[string]any{"items": []map[string]any{{"product_id": hidden, "quantity": 1}}}, "items[0].product_id"},
			"zeroQuantity": {map[string]any{"items": []map[string]any{{"product_id": laptop, "quantity": 0}}}, "items[0].quantity"},
			"twice":        {map[string]any{"items": []map[string]any{{"product_id": laptop, "quantity": 1}, {"product_id": laptop, "quantity": 1}}}, "items[1].product_id"},
			"badPIB":       {map[string]any{"company_pib": "100000025"}, "company_pib"},
			"badPostCode":  {map[string]any{"post_code": "2100"}, "post_code"},
			"noName":       {map[string]any{"name": ""}, "name"},
		} {
			if r := ts.do(req{method: "POST", path: path, token: ts.admin, body: form(c.extra)}); r.Status != 422 || firstError(r, c.field) == "" {
				t.Errorf("%s: %d %s, want 422 on %s", name, r.Status, r.Raw, c.field)
			}
		}
		if n := countRows(t, a, "proforma_invoices"); n != 0 {
			t.Fatalf("%d invoices after refused forms", n)
		}
		r := ts.do(req{method: "POST", path: path, token: ts.admin, body: form(nil)})
		inv := data(r)
		if r.Status != 201 || !staffInvoiceNumber.MatchString(inv["number"].(string)) || inv["total"].(float64) != 2000 || inv["order_id"] != nil ||
			inv["email"] != "nabavka@firma.rs" || inv["payment_method"] != "bank_transfer" || message(r) != "Profaktura je napravljena." {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		if want := clock.System().Local().AddDate(0, 0, 8).Format(time.DateOnly); inv["valid_until"] != want {
			t.Errorf("valid_until %v, want %s", inv["valid_until"], want)
		}
		id := uint64(inv["id"].(float64))
		if fx.stock(t, laptop) != 5 {
			t.Error("an invoice took stock")
		}

		// Not enough stock: 422, nothing changes.
		fx.set(t, laptop, map[string]any{"stock": 1})
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("%s/%d/transfer", path, id), token: ts.admin}); r.Status != 422 {
			t.Fatalf("transfer without stock: %d %s", r.Status, r.Raw)
		}
		if countRows(t, a, "orders") != 0 || fx.stock(t, laptop) != 1 {
			t.Fatal("a refused transfer left an order or took stock")
		}
		fx.set(t, laptop, map[string]any{"stock": 5})

		r = ts.do(req{method: "POST", path: fmt.Sprintf("%s/%d/transfer", path, id), token: ts.admin})
		inv = data(r)
		if r.Status != 200 || inv["order_id"] == nil || inv["order_number"] == nil || message(r) != "Profaktura je prebačena u porudžbinu." {
			t.Fatalf("transfer: %d %s", r.Status, r.Raw)
		}
		if fx.stock(t, laptop) != 3 {
			t.Errorf("stock %d after the transfer, want 3", fx.stock(t, laptop))
		}
		var o struct {
			Number, Email, CompanyPIB, PaymentMethod, Status string
			Total                                            int64
			NotifiedAt                                       *time.Time
		}
		a.DB.Table("orders").Where("id = ?", uint64(inv["order_id"].(float64))).Scan(&o)
		if o.Number != inv["order_number"] || o.Email != "nabavka@firma.rs" || o.CompanyPIB != "100000024" || o.PaymentMethod != "bank_transfer" ||
			o.Status != "pending" || o.Total != 200000 || o.NotifiedAt == nil {
			t.Errorf("order = %+v", o)
		}
		if n := countRows(t, a, "order_items"); n != 1 {
			t.Errorf("%d order items", n)
		}
		if r := ts.do(req{method: "POST", path: fmt.Sprintf("%s/%d/transfer", path, id), token: ts.admin}); r.Status != 409 {
			t.Errorf("second transfer: %d %s", r.Status, r.Raw)
		}
		if got := subjectActivity(t, a, "proforma_invoice", id); strings.Join(got, ",") != "proforma_invoice.created,proforma_invoice.transferred" {
			t.Errorf("activity: %v", got)
		}
		if n := len(pendingMail(t, a)); n != 0 {
			t.Errorf("%d mails queued by a transfer", n)
		}
	})
}

// TestProformaSend: the invoice goes to the buyer and a copy to each e-mail entry, with the
// PDF attached; the bank-transfer confirmation carries the PDF too.
func TestProformaSend(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		o, invID := fx.checkoutInvoice(t, map[uint64]int{laptop: 1}, nil)
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/invoice-emails", token: ts.admin, body: map[string]any{"email": "knjigovodstvo@example.rs"}}); r.Status != 201 {
			t.Fatalf("e-mail entry: %d %s", r.Status, r.Raw)
		}

		// The order's job: the confirmation has the PDF; the entry gets a copy.
		if err := a.Sales.OrderPlaced(context.Background(), uint64(o["id"].(float64))); err != nil {
			t.Fatal(err)
		}
		mails := mailsTo(t, a)
		number := "PR-" + o["number"].(string)
		attachment := `filename="profaktura-` + number + `.pdf"`
		for _, to := range []string{"petar@example.rs", "knjigovodstvo@example.rs"} {
			if !strings.Contains(mails[to], attachment) || !strings.Contains(mails[to], "Content-Type: application/pdf") {
				t.Errorf("mail to %s without the invoice's PDF:\n%.600s", to, mails[to])
			}
		}
		clearQueue(t, a)

		r := ts.do(req{method: "POST", path: fmt.Sprintf("/api/v1/admin/proforma-invoices/%d/send", invID), token: ts.admin})
		if r.Status != 200 || message(r) != "Profaktura je poslata." || data(r)["sent_at"] == nil {
			t.Fatalf("send: %d %s", r.Status, r.Raw)
		}
		if to := r.Body["to"].([]any); len(to) != 2 || to[0] != "petar@example.rs" || to[1] != "knjigovodstvo@example.rs" {
			t.Errorf("to = %v", to)
		}
		tasks := pendingMail(t, a)
		if len(tasks) != 2 {
			t.Fatalf("%d mails queued, want 2", len(tasks))
		}
		for _, ti := range tasks {
			var p queue.MailSendPayload
			if err := json.Unmarshal(ti.Payload, &p); err != nil {
				t.Fatal(err)
			}
			m := p.Message
			if m.Subject != "Profaktura "+number || len(m.Attachments) != 1 || !bytes.HasPrefix(m.Attachments[0].Data, []byte("%PDF-")) ||
				!strings.Contains(m.Body, "Poziv na broj: ") || !strings.Contains(m.Body, "160-0000000012345-95") || !strings.Contains(m.HTML, number) {
				t.Errorf("mail to %s: %s\n%s", m.To, m.Subject, m.Body)
			}
		}
		if got := subjectActivity(t, a, "proforma_invoice", invID); strings.Join(got, ",") != "proforma_invoice.sent" {
			t.Errorf("activity: %v", got)
		}
	})
}

// clearQueue drops the pending mails (so the next step counts only its own).
func clearQueue(t *testing.T, a *app.App) {
	t.Helper()
	for _, ti := range pendingMail(t, a) {
		if err := deleteTask(a, ti.ID); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInvoiceInfo: the company data (422 on a bad e-mail or PIB), banks (name 2-255 required,
// account 18 digits with MOD 97 control digits, written with or without dashes, once) and
// e-mail entries (valid, 1-255, required, once); every change is in the activity log.
func TestInvoiceInfo(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/admin/invoice-data", token: ts.admin})
		// Nothing written yet: the config's company data, which every document prints.
		if r.Status != 200 || data(r)["name"] != "ElektroMarket d.o.o." || data(r)["activity_code"] != "" {
			t.Fatalf("invoice data: %d %s", r.Status, r.Raw)
		}
		for field, body := range map[string]map[string]any{"email": {"email": "nije-email"}, "pib": {"pib": "123456789"},
			"name": {"name": strings.Repeat("a", 256)}} {
			if r := ts.do(req{method: "PUT", path: "/api/v1/admin/invoice-data", token: ts.admin, body: body}); r.Status != 422 || firstError(r, field) == "" {
				t.Errorf("invoice data %s: %d %s", field, r.Status, r.Raw)
			}
		}
		full := map[string]any{"name": "Prodavnica d.o.o.", "address": "Nemanjina 4, Beograd", "phone": "011 123 456", "fax": "011 123 457",
			"email": "info@example.rs", "web": "https://example.rs", "registration_number": "07654321", "pib": "100000024", "activity_code": "4791", "bank": "Banka Intesa"}
		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/invoice-data", token: ts.admin, body: full}); r.Status != 200 || message(r) != "Podaci za fakturu su sačuvani." {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		got := data(ts.do(req{method: "GET", path: "/api/v1/admin/invoice-data", token: ts.admin}))
		for k, v := range full {
			if got[k] != v {
				t.Errorf("invoice data %s = %v, want %v", k, got[k], v)
			}
		}
		if types := subjectActivity(t, a, "invoice_data", 1); len(types) != 1 || types[0] != "invoice_data.updated" {
			t.Errorf("invoice data activity: %v", types)
		}

		banks := "/api/v1/admin/banks"
		for name, c := range map[string]struct {
			body       map[string]any
			field, msg string
		}{
			"noName":       {map[string]any{"account": "160000000001234595"}, "name", "Polje je obavezno"},
			"shortName":    {map[string]any{"name": "A", "account": "160000000001234595"}, "name", "Polje mora sadržati minimum 2 karaktera"},
			"longName":     {map[string]any{"name": strings.Repeat("b", 256), "account": "160000000001234595"}, "name", "Polje može sadržati maksimum 255 karaktera"},
			"noAccount":    {map[string]any{"name": "Banka"}, "account", "Polje je obavezno"},
			"badControl":   {map[string]any{"name": "Banka", "account": "160000000001234596"}, "account", "Broj računa mora imati 18 cifara sa ispravnim kontrolnim brojem (npr. 160-0000000012345-67)"},
			"shortAccount": {map[string]any{"name": "Banka", "account": "16000000000123459"}, "account", "Broj računa mora imati 18 cifara sa ispravnim kontrolnim brojem (npr. 160-0000000012345-67)"},
			"letters":      {map[string]any{"name": "Banka", "account": "160-00000000123A5-95"}, "account", "Broj računa mora imati 18 cifara sa ispravnim kontrolnim brojem (npr. 160-0000000012345-67)"},
		} {
			if r := ts.do(req{method: "POST", path: banks, token: ts.admin, body: c.body}); r.Status != 422 || firstError(r, c.field) != c.msg {
				t.Errorf("bank %s: %d %s, want %q on %s", name, r.Status, r.Raw, c.msg, c.field)
			}
		}
		r = ts.do(req{method: "POST", path: banks, token: ts.admin, body: map[string]any{"name": strings.Repeat("b", 255), "account": "160-12345-95"}})
		b := data(r)
		if r.Status != 201 || b["account"] != "160000000001234595" || b["formatted"] != "160-0000000012345-95" {
			t.Fatalf("bank: %d %s", r.Status, r.Raw)
		}
		bankID := uint64(b["id"].(float64))
		if r := ts.do(req{method: "POST", path: banks, token: ts.admin, body: map[string]any{"name": "Ista", "account": "160000000001234595"}}); r.Status != 422 ||
			firstError(r, "account") != "Ovaj broj računa je već unet" {
			t.Errorf("same account twice: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/%d", banks, bankID), token: ts.admin, body: map[string]any{"name": "Banka Intesa",
			"account": "160000000001234595"}}); r.Status != 200 || data(r)["name"] != "Banka Intesa" {
			t.Errorf("update bank: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: banks, token: ts.admin}); r.Status != 200 || len(list(r)) != 1 {
			t.Errorf("banks: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", banks, bankID), token: ts.admin}); r.Status != 200 {
			t.Errorf("delete bank: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("%s/%d", banks, bankID), token: ts.admin}); r.Status != 404 {
			t.Errorf("deleted bank: %d", r.Status)
		}
		if types := subjectActivity(t, a, "bank", bankID); strings.Join(types, ",") != "bank.created,bank.updated,bank.deleted" {
			t.Errorf("bank activity: %v", types)
		}

		emails := "/api/v1/admin/invoice-emails"
		long := strings.Repeat("a", 64) + "@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 61) + ".rs" // 259
		for name, c := range map[string]struct {
			body map[string]any
			msg  string
		}{
			"none":  {map[string]any{}, "Polje je obavezno"},
			"empty": {map[string]any{"email": " "}, "Polje je obavezno"},
			"bad":   {map[string]any{"email": "nije-email"}, "Polje mora biti ispravna e-mail adresa"},
			"long":  {map[string]any{"email": long}, "Polje može sadržati maksimum 255 karaktera"},
		} {
			if r := ts.do(req{method: "POST", path: emails, token: ts.admin, body: c.body}); r.Status != 422 || firstError(r, "email") != c.msg {
				t.Errorf("e-mail %s: %d %s, want %q", name, r.Status, r.Raw, c.msg)
			}
		}
		r = ts.do(req{method: "POST", path: emails, token: ts.admin, body: map[string]any{"email": " Knjige@Example.rs "}})
		if r.Status != 201 || data(r)["email"] != "knjige@example.rs" {
			t.Fatalf("e-mail: %d %s", r.Status, r.Raw)
		}
		emailID := uint64(data(r)["id"].(float64))
		if r := ts.do(req{method: "POST", path: emails, token: ts.admin, body: map[string]any{"email": "knjige@example.rs"}}); r.Status != 422 ||
			firstError(r, "email") != "Ova e-mail adresa je već uneta" {
			t.Errorf("same e-mail twice: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("%s/%d", emails, emailID), token: ts.admin, body: map[string]any{"email": "racuni@example.rs"}}); r.Status != 200 ||
			data(r)["email"] != "racuni@example.rs" {
			t.Errorf("update e-mail: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", emails, emailID), token: ts.admin}); r.Status != 200 {
			t.Errorf("delete e-mail: %d %s", r.Status, r.Raw)
		}
		if types := subjectActivity(t, a, "invoice_email", emailID); strings.Join(types, ",") != "invoice_email.created,invoice_email.updated,invoice_email.deleted" {
			t.Errorf("e-mail activity: %v", types)
		}
		for _, p := range []string{"/api/v1/admin/invoice-data", banks, emails} {
			if r := ts.do(req{method: "GET", path: p, token: ts.staff}); r.Status != 403 {
				t.Errorf("staff GET %s: %d, want 403", p, r.Status)
			}
		}
	})
}

func deleteTask(a *app.App, id string) error {
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	return insp.DeleteTask(queue.QueueCritical, id)
}

// nbsFields splits an IPS QR payload into its tags and checks each against the NBS limits of a
// "PR" payment order the shop issues; it answers the fields and what broke.
func nbsFields(payload string) (map[string]string, []string) {
	fields := map[string]string{}
	var tags, broken []string
	for _, part := range strings.Split(payload, "|") {
		k, v, _ := strings.Cut(part, ":")
		fields[k] = v
		tags = append(tags, k)
	}
	if got := strings.Join(tags, ","); got != "K,V,C,R,N,I,SF,S,RO" {
		broken = append(broken, "tags "+got)
	}
	runes := func(k string) int { return len([]rune(fields[k])) }
	checks := map[string]bool{
		"K":  fields["K"] == "PR",
		"V":  fields["V"] == "01",
		"C":  fields["C"] == "1",
		"R":  len(fields["R"]) == 18 && mod97(fields["R"]) == 1,
		"N":  runes("N") >= 1 && runes("N") <= 70,
		"I":  regexp.MustCompile(`^RSD[0-9]{1,15},[0-9]{2}$`).MatchString(fields["I"]) && fields["I"] != "RSD0,00" && len(fields["I"]) <= 18,
		"SF": regexp.MustCompile(`^[12][0-9]{2}$`).MatchString(fields["SF"]),
		"S":  runes("S") >= 1 && runes("S") <= 35,
		"RO": len(fields["RO"]) <= 35 && strings.HasPrefix(fields["RO"], "97") && mod97(fields["RO"][4:]+fields["RO"][2:4]) == 1,
	}
	for k, ok := range checks {
		if !ok {
			broken = append(broken, fmt.Sprintf("%s=%q", k, fields[k]))
		}
	}
	return fields, broken
}

// TestIPSEveryDocument: the QR code of every document the shop issues (a bank-transfer order's,
// its checkout proforma invoice's, a proforma invoice staff make) decodes to a payload whose
// every field is within the NBS limits, and whose purpose names the whole document number
// ("Porudžbina 2026-000013", "Profaktura PR-2026-P000003"): nothing is cut.
func TestIPSEveryDocument(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 50)
		o, checkoutInv := fx.checkoutInvoice(t, map[uint64]int{laptop: 1}, nil)
		number := o["number"].(string)
		r := ts.do(req{method: "POST", path: "/api/v1/admin/proforma-invoices", token: ts.admin, body: map[string]any{"name": "Firma Kupac",
			"email": "nabavka@firma.rs", "phone": "011 222 333", "address": "Bulevar 1", "city": "Novi Sad", "post_code": "21000",
			"items": []map[string]any{{"product_id": laptop, "quantity": 2}}}})
		if r.Status != 201 {
			t.Fatalf("staff invoice: %d %s", r.Status, r.Raw)
		}
		staffInv, staffNumber := uint64(data(r)["id"].(float64)), data(r)["number"].(string)

		img := ts.do(req{method: "GET", path: o["qr_url"].(string)})
		if img.Status != 200 {
			t.Fatalf("order QR: %d", img.Status)
		}
		docs := map[string]struct {
			png          []byte
			purpose, ref string
		}{"order": {img.Raw, "Porudžbina " + number, number}}
		for kind, c := range map[string]struct {
			id     uint64
			number string
		}{"checkout proforma": {checkoutInv, "PR-" + number}, "staff proforma": {staffInv, staffNumber}} {
			doc, err := a.Sales.ProformaDocument(context.Background(), c.id)
			if err != nil || doc.Payment == nil {
				t.Fatalf("%s: %v %+v", kind, err, doc.Payment)
			}
			docs[kind] = struct {
				png          []byte
				purpose, ref string
			}{doc.Payment.QRPNG, "Profaktura " + c.number, c.number}
			if doc.Payment.Purpose != "Profaktura "+c.number {
				t.Errorf("%s: printed purpose %q", kind, doc.Payment.Purpose)
			}
		}
		for kind, d := range docs {
			fields, broken := nbsFields(decodeQR(t, d.png))
			if len(broken) > 0 {
				t.Errorf("%s: fields beyond the NBS limits: %v", kind, broken)
			}
			digits := regexp.MustCompile(`[^0-9]`).ReplaceAllString(d.ref, "")
			if fields["S"] != d.purpose || fields["RO"][4:] != digits {
				t.Errorf("%s: S %q RO %q, want %q and the digits %s", kind, fields["S"], fields["RO"], d.purpose, digits)
			}
		}
	})
}
