package sefsim_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"shop/internal/einvoice"
	"shop/internal/einvoice/sefsim"
	"shop/internal/sales"
)

func doc(t *testing.T, number string) []byte {
	t.Helper()
	b, _, err := einvoice.Build(einvoice.Document{Number: number, IssueDate: "2026-03-10", DueDate: "2026-03-18", DeliveryDate: "2026-03-10",
		Seller: einvoice.Party{Name: "Prodavnica d.o.o.", City: "Beograd", PIB: "101134702", CompanyNumber: "07042701"},
		Buyer:  einvoice.Party{Name: "Kupac d.o.o.", City: "Novi Sad", PIB: "100002887", CompanyNumber: "08762724"},
		Lines:  []einvoice.Line{{Name: "TV", Quantity: 1, Gross: 12000, VatBps: 2000}}, Total: 12000, Reference: sales.Model97("1")})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func setup(t *testing.T) (*sefsim.Server, *einvoice.Client) {
	sim := sefsim.New("key")
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return sim, einvoice.NewClient(srv.URL, "key", nil)
}

func rule(t *testing.T, err error, want string) {
	t.Helper()
	var ae *einvoice.APIError
	if !errors.As(err, &ae) || !strings.Contains(ae.Body, `"rule":"`+want+`"`) {
		t.Fatalf("want a refusal naming %s, got %v", want, err)
	}
}

// An upload makes one invoice; the same requestId answers it again and makes none.
func TestUploadIdempotent(t *testing.T) {
	sim, c := setup(t)
	ctx := context.Background()
	a, err := c.Upload(ctx, doc(t, "F-1"), "req-1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Upload(ctx, doc(t, "F-1"), "req-1")
	if err != nil || b != a || sim.Uploads() != 1 {
		t.Fatalf("second upload %+v %v, uploads %d", b, err, sim.Uploads())
	}
	got, err := c.Invoice(ctx, a.InvoiceID)
	if err != nil || got.Status != einvoice.StatusSent {
		t.Fatalf("status %+v %v", got, err)
	}
}

// What SEF refuses, the simulator refuses, naming the rule.
func TestRefusals(t *testing.T) {
	sim, c := setup(t)
	ctx := context.Background()
	_, err := einvoice.NewClient(strings.TrimSuffix(c.Base(), "/"), "wrong", nil).Upload(ctx, doc(t, "F-1"), "r")
	rule(t, err, sefsim.RuleAPIKey)
	_, err = c.Upload(ctx, doc(t, "F-1"), "")
	rule(t, err, sefsim.RuleRequestID)
	_, err = c.Upload(ctx, []byte(strings.Replace(string(doc(t, "F-2")), `schemeID="9948">100002887`, `schemeID="9948">100002888`, 1)), "r2")
	rule(t, err, "SRB-BUYER-PIB")
	_, err = c.Upload(ctx, []byte("not xml"), "r3")
	rule(t, err, "SRB-XML")
	if _, err := c.Upload(ctx, doc(t, "F-3"), "r4"); err != nil {
		t.Fatal(err)
	}
	_, err = c.Upload(ctx, doc(t, "F-3"), "r5")
	rule(t, err, sefsim.RuleDuplicateNumber)
	if sim.Uploads() != 1 {
		t.Errorf("uploads %d, want 1", sim.Uploads())
	}
}

// The buyer approves or rejects; cancel only a Sent invoice, storno a Sent or Approved one.
func TestLifecycle(t *testing.T) {
	sim, c := setup(t)
	ctx := context.Background()
	up := func(n string) int64 {
		u, err := c.Upload(ctx, doc(t, n), "req-"+n)
		if err != nil {
			t.Fatal(err)
		}
		return u.InvoiceID
	}
	rejected, approved, cancelled := up("A"), up("B"), up("C")
	if err := sim.Reject(rejected, "Pogrešna cena"); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Invoice(ctx, rejected); got.Status != einvoice.StatusRejected || got.Comment != "Pogrešna cena" {
		t.Errorf("rejected: %+v", got)
	}
	if err := sim.Approve(approved); err != nil {
		t.Fatal(err)
	}
	rule(t, c.Cancel(ctx, approved, "x"), sefsim.RuleTransition)
	if err := c.Storno(ctx, approved, "S-B", "vraćena roba"); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Invoice(ctx, approved); got.Status != einvoice.StatusStorno {
		t.Errorf("storno: %+v", got)
	}
	rule(t, c.Storno(ctx, rejected, "S-A", "x"), sefsim.RuleTransition)
	if err := c.Cancel(ctx, cancelled, "greška"); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Invoice(ctx, cancelled); got.Status != einvoice.StatusCancelled {
		t.Errorf("cancel: %+v", got)
	}
	if err := sim.Approve(cancelled); err == nil {
		t.Error("a cancelled invoice was approved")
	}
	// The buyer's side over HTTP, as a developer drives it.
	id := up("D")
	res, err := http.Post(c.Base()+sefsim.PathReject+"?invoiceId="+strconv.FormatInt(id, 10)+"&comment=ne", "", nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("reject over HTTP: %v %v", res, err)
	}
	if got, _ := c.Invoice(ctx, id); got.Status != einvoice.StatusRejected {
		t.Errorf("reject over HTTP: %+v", got)
	}
}

// A credit note goes up the invoices' path: it names an invoice SEF has and that still stands.
func TestCreditNote(t *testing.T) {
	sim, c := setup(t)
	ctx := context.Background()
	credit := func(number, credits string) []byte {
		t.Helper()
		b, _, err := einvoice.Build(einvoice.Document{Number: number, IssueDate: "2026-03-20",
			Seller: einvoice.Party{Name: "Prodavnica d.o.o.", City: "Beograd", PIB: "101134702", CompanyNumber: "07042701"},
			Buyer:  einvoice.Party{Name: "Kupac d.o.o.", City: "Novi Sad", PIB: "100002887", CompanyNumber: "08762724"},
			Lines:  []einvoice.Line{{Name: "TV", Quantity: 1, Gross: 12000, VatBps: 2000}}, Total: 12000,
			Credits: &einvoice.InvoiceRef{Number: credits, IssueDate: "2026-03-10"}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	_, err := c.Upload(ctx, credit("KO-1-1", "F-1"), "k0")
	rule(t, err, sefsim.RuleBillingReference)
	inv, err := c.Upload(ctx, doc(t, "F-1"), "f1")
	if err != nil {
		t.Fatal(err)
	}
	cn, err := c.Upload(ctx, credit("KO-1-1", "F-1"), "k1")
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := sim.Invoice(cn.InvoiceID); !ok || got.Status != einvoice.StatusSent || got.Number != "KO-1-1" {
		t.Fatalf("credit note %+v", got)
	}
	if err := c.Cancel(ctx, inv.InvoiceID, "greška"); err != nil {
		t.Fatal(err)
	}
	_, err = c.Upload(ctx, credit("KO-1-2", "F-1"), "k2")
	rule(t, err, sefsim.RuleBillingReference)
}
