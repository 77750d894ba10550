package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/einvoice"
	"shop/internal/fiscal"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/sales"
)

// demoOrder finds a demo order by its payment method, company or not, and status.
func demoOrder(t *testing.T, a *app.App, match func(o *sales.Order) bool) *sales.Order {
	t.Helper()
	list, _, err := a.Sales.StaffOrders(context.Background(), sales.OrderFilter{Page: listing.Page{Number: 1, Size: 100}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range list {
		if match(&list[i]) {
			return &list[i]
		}
	}
	t.Fatal("no such demo order")
	return nil
}

// TestFiscalCommands: status lists the failed receipt with its reason (in --lang), one order's
// receipts by number; retry takes an id or --all-failed and puts a failed receipt back to
// pending; bad arguments are usage errors, a receipt that is not failed a message.
func TestFiscalCommands(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.mustRun(t, "seed", "demo")
		ctx := context.Background()
		var sent, failed fiscal.Receipt
		var number string
		s.withApp(t, func(a *app.App) {
			cod := demoOrder(t, a, func(o *sales.Order) bool {
				return o.PaymentMethod == sales.PaymentCashOnDelivery && !sales.Cancelled(o.Status)
			})
			bank := demoOrder(t, a, func(o *sales.Order) bool {
				return o.PaymentMethod == sales.PaymentBankTransfer && !sales.Cancelled(o.Status) && o.ID != cod.ID
			})
			number = cod.NumberOf()
			for _, o := range []*sales.Order{cod, bank} {
				if _, err := a.Sales.RecordPayment(ctx, o.ID); err != nil {
					t.Fatal(err)
				}
			}
			r, err := a.Fiscal.Fiscalise(ctx, cod.ID, fiscal.KindNormal)
			if err != nil || r.Status != fiscal.StatusSent {
				t.Fatalf("cash on delivery receipt: %v %+v", err, r)
			}
			sent = *r
			if r, err = a.Fiscal.Fiscalise(ctx, bank.ID, fiscal.KindNormal); err != nil {
				t.Fatal(err)
			}
			// The device refused it (as a failed receipt is after a refusal).
			if err := a.DB.Model(&fiscal.Receipt{}).Where("id = ?", r.ID).Updates(map[string]any{"status": fiscal.StatusFailed,
				"reason": "2805: payment invalid value"}).Error; err != nil {
				t.Fatal(err)
			}
			failed = *r
		})
		out := s.mustRun(t, "fiscal", "status")
		if !strings.Contains(out, "neuspešno 1") || !strings.Contains(out, "2805: payment invalid value") || !strings.Contains(out, "Neuspešan") ||
			!strings.Contains(out, "PROBNI RAČUN") {
			t.Errorf("status:\n%s", out)
		}
		out = s.mustRun(t, "fiscal", "status", "--lang", "en")
		if !strings.Contains(out, "1 failed") || !strings.Contains(out, "Failed") || !strings.Contains(out, "Reason") {
			t.Errorf("status in English:\n%s", out)
		}
		out = s.mustRun(t, "fiscal", "status", number)
		if !strings.Contains(out, sent.InvoiceNumber) || !strings.Contains(out, "Izdat") || !strings.Contains(out, number) {
			t.Errorf("status of %s:\n%s", number, out)
		}
		var js FiscalStatusJSON
		if err := json.Unmarshal([]byte(s.mustRun(t, "fiscal", "status", "--json")), &js); err != nil || js.Counts["failed"] != 1 || len(js.Receipts) != 1 ||
			js.Receipts[0].ID != failed.ID {
			t.Errorf("status --json: %v %+v", err, js)
		}
		if _, errOut, code := s.run(t, "fiscal", "status", "1999-999999"); code != 1 || !strings.Contains(errOut, "ne postoji") {
			t.Errorf("an unknown order: exit %d, %q", code, errOut)
		}
		for _, args := range [][]string{{"fiscal", "retry"}, {"fiscal", "retry", "abc"}, {"fiscal", "retry", "1", "--all-failed"}, {"fiscal", "status", "a", "b"}} {
			if _, _, code := s.run(t, args...); code != 2 {
				t.Errorf("%v: exit %d, want 2", args, code)
			}
		}
		if _, errOut, code := s.run(t, "fiscal", "retry", itoa(sent.ID), "--lang", "en"); code != 1 || !strings.Contains(errOut, "Only failed receipts") {
			t.Errorf("retrying a signed receipt: exit %d, %q", code, errOut)
		}
		if out := s.mustRun(t, "fiscal", "retry", "--all-failed"); !strings.Contains(out, "Ponovo poslato u obradu: 1") {
			t.Errorf("retry --all-failed: %q", out)
		}
		s.withApp(t, func(a *app.App) {
			r, err := a.Fiscal.Receipt(ctx, failed.ID)
			if err != nil || r.Status != fiscal.StatusPending || r.RequestID != failed.RequestID {
				t.Errorf("after the retry: %v %+v", err, r)
			}
		})
		if out := s.mustRun(t, "fiscal", "retry", "--all-failed"); !strings.Contains(out, ": 0") {
			t.Errorf("nothing left to retry: %q", out)
		}
	})
}

// TestEinvoiceCommands: status counts and lists a refused e-invoice with SEF's answer, one
// order's by number; retry --all-failed makes it again and queues it.
func TestEinvoiceCommands(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.mustRun(t, "seed", "demo")
		ctx := context.Background()
		var e *einvoice.Einvoice
		var number string
		s.withApp(t, func(a *app.App) {
			o := companyOrder(t, a)
			number = o.NumberOf()
			var err error
			if e, err = a.Einvoice.Issue(ctx, o.ID, ""); err != nil {
				t.Fatal(err)
			}
			if err := a.DB.Model(&einvoice.Einvoice{}).Where("id = ?", e.ID).Updates(map[string]any{"status": einvoice.StatusRefused,
				"error": "SEF: Invoice number already used"}).Error; err != nil {
				t.Fatal(err)
			}
		})
		out := s.mustRun(t, "einvoice", "status")
		if !strings.Contains(out, "SEF odbio") || !strings.Contains(out, "Invoice number already used") || !strings.Contains(out, e.Number) {
			t.Errorf("status:\n%s", out)
		}
		out = s.mustRun(t, "einvoice", "status", number, "--lang", "en")
		if !strings.Contains(out, "Refused by SEF") || !strings.Contains(out, "TEST MODE") {
			t.Errorf("status of %s:\n%s", number, out)
		}
		if _, _, code := s.run(t, "einvoice", "retry"); code != 2 {
			t.Errorf("retry without a target: exit %d", code)
		}
		if _, errOut, code := s.run(t, "einvoice", "retry", "999999"); code != 1 || errOut == "" {
			t.Errorf("an unknown e-invoice: exit %d %q", code, errOut)
		}
		out = s.mustRun(t, "einvoice", "retry", "--all-failed")
		if !strings.Contains(out, ": 1") || !strings.Contains(out, "Čeka slanje") {
			t.Errorf("retry --all-failed:\n%s", out)
		}
		s.withApp(t, func(a *app.App) {
			got, err := a.Einvoice.Get(ctx, e.ID)
			if err != nil || got.Status != einvoice.StatusQueued || got.RequestID == e.RequestID {
				t.Errorf("after the retry: %v %+v", err, got)
			}
		})
	})
}

// companyOrder places a company's bank-transfer order of a demo product and completes it.
func companyOrder(t *testing.T, a *app.App) *sales.Order {
	t.Helper()
	ctx := context.Background()
	var p catalog.Product
	if err := a.DB.Where("active AND visible AND stock > 0").Order("id").Take(&p).Error; err != nil {
		t.Fatal(err)
	}
	cart, one := sales.NewGuestID(), 1
	if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: p.ID, Quantity: &one}); err != nil {
		t.Fatal(err)
	}
	placed, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Dragan Tomić", Email: "nabavka@firma.rs",
		Phone: "011 334 5566", Address: "Bulevar Mihajla Pupina 10", City: "Novi Beograd", PostCode: "11070", PaymentMethod: sales.PaymentBankTransfer,
		CompanyName: "Firma d.o.o.", CompanyPIB: "106523846", CompanyNumber: "21345678"}, "", i18n.SR)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{sales.StatusContacted, sales.StatusCompleted} {
		if _, err := a.Sales.ChangeStatus(ctx, placed.Order.ID, sales.StatusChange{Status: st}); err != nil {
			t.Fatal(err)
		}
	}
	return placed.Order
}
