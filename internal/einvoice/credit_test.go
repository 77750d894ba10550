package einvoice_test

import (
	"context"
	"encoding/xml"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/einvoice"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// paidCompanyOrder is companyOrder paid (a return needs a paid order) with its invoice issued,
// and sent when send is true.
func paidCompanyOrder(t *testing.T, a *app.App, r *rand.Rand, n int, send bool) (*sales.Order, *einvoice.Einvoice) {
	t.Helper()
	ctx := context.Background()
	o := companyOrder(t, a, r, n)
	if _, err := a.Sales.RecordPayment(ctx, o.ID); err != nil {
		t.Fatal(err)
	}
	e, err := a.Einvoice.Issue(ctx, o.ID, "")
	if err != nil || e.Status != einvoice.StatusQueued {
		t.Fatalf("issue: %v %+v", err, e)
	}
	if send {
		if err := a.Einvoice.Send(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		e, _ = a.Einvoice.Get(ctx, e.ID)
	}
	return o, e
}

func returnLines(t *testing.T, a *app.App, o *sales.Order, lines []sales.ReturnLine) *sales.OrderReturn {
	t.Helper()
	ret, err := a.Sales.CreateReturn(context.Background(), o.ID, sales.ReturnInput{Reason: "vraćeno", Items: lines})
	if err != nil {
		t.Fatal(err)
	}
	return ret
}

// creditXML is what the checks read of a credit note.
type creditXML struct {
	XMLName  xml.Name
	TypeCode string `xml:"CreditNoteTypeCode"`
	Ref      struct {
		ID        string `xml:"ID"`
		IssueDate string `xml:"IssueDate"`
	} `xml:"BillingReference>InvoiceDocumentReference"`
	Subtotals []struct {
		Taxable string `xml:"TaxableAmount"`
		Tax     string `xml:"TaxAmount"`
		Percent string `xml:"TaxCategory>Percent"`
	} `xml:"TaxTotal>TaxSubtotal"`
	Payable string `xml:"LegalMonetaryTotal>PayableAmount"`
	Lines   []struct {
		Qty int `xml:"CreditedQuantity"`
	} `xml:"CreditNoteLine"`
}

func amountPara(t *testing.T, s string) money.Para {
	t.Helper()
	whole, frac, _ := strings.Cut(s, ".")
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt((frac + "00")[:2], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("amount %q", s)
	}
	return money.Para(w*100 + f)
}

// checkCredit: one credit note of the return, naming the invoice; its payable is the return's
// total to the para and each rate's net plus VAT is that rate's returned gross (the one
// rounding of each leaves at most a para).
func checkCredit(t *testing.T, a *app.App, o *sales.Order, inv *einvoice.Einvoice, ret *sales.OrderReturn, cn *einvoice.Einvoice) {
	t.Helper()
	if cn == nil {
		t.Fatal("no credit note")
	}
	if cn.Kind != einvoice.KindCreditNote || cn.ReturnID != ret.ID || cn.Total != ret.Total || cn.Status == einvoice.StatusInvalid ||
		cn.Number != einvoice.CreditNumber(o.NumberOf(), ret.Seq) {
		t.Fatalf("credit note %+v (return %d, total %s)", cn, ret.ID, ret.Total)
	}
	if v := einvoice.Validate([]byte(cn.XML)); v != nil {
		t.Fatalf("credit note breaks %v", v)
	}
	var x creditXML
	if err := xml.Unmarshal([]byte(cn.XML), &x); err != nil {
		t.Fatal(err)
	}
	if x.XMLName.Local != "CreditNote" || x.TypeCode != "381" || x.Ref.ID != inv.Number || x.Ref.IssueDate != inv.IssueDate {
		t.Fatalf("credit note %s %s credits %q of %q, want %s of %s", x.XMLName.Local, x.TypeCode, x.Ref.ID, x.Ref.IssueDate, inv.Number, inv.IssueDate)
	}
	if got := amountPara(t, x.Payable); got != ret.Total {
		t.Errorf("payable %s, returned %s", got, ret.Total)
	}
	rate := map[uint64]int{}
	for _, it := range o.Items {
		rate[it.ID] = it.VatBps
	}
	gross := map[string]money.Para{}
	for _, ri := range ret.Items {
		gross[strconv.Itoa(rate[ri.OrderItemID]/100)] += ri.Total
	}
	if len(x.Subtotals) != len(gross) {
		t.Errorf("%d VAT rates, returned lines have %d", len(x.Subtotals), len(gross))
	}
	for _, st := range x.Subtotals {
		if d := amountPara(t, st.Taxable) + amountPara(t, st.Tax) - gross[st.Percent]; d > 1 || d < -1 {
			t.Errorf("%s %%: net %s + VAT %s, returned %s", st.Percent, st.Taxable, st.Tax, gross[st.Percent])
		}
	}
}

// A return after SEF has the invoice makes one credit note naming it, sent like an invoice;
// the job run again, the poll's sweep and a repeated send make no second one.
func TestCreditNoteOfReturn(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		o, inv := paidCompanyOrder(t, a, rand.New(rand.NewSource(11)), 4, true)
		var lines []sales.ReturnLine
		for i, it := range o.Items[:3] {
			lines = append(lines, sales.ReturnLine{OrderItemID: it.ID, Quantity: 1 + i%it.Quantity})
		}
		ret := returnLines(t, a, o, lines)
		cn, err := a.Einvoice.CreditReturn(ctx, o.ID, ret.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkCredit(t, a, o, inv, ret, cn)
		for i := 0; i < 2; i++ { // the job again (a retry, a restart), then the sweep
			again, err := a.Einvoice.CreditReturn(ctx, o.ID, ret.ID)
			if err != nil || again.ID != cn.ID || again.RequestID != cn.RequestID {
				t.Fatalf("again: %+v %v", again, err)
			}
		}
		if _, err := a.Einvoice.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if err := a.Einvoice.Send(ctx, cn.ID); err != nil {
				t.Fatal(err)
			}
		}
		notes, err := a.Einvoice.CreditNotes(ctx, o.ID)
		if err != nil || len(notes) != 1 || notes[0].Status != einvoice.StatusSent || notes[0].SEFInvoiceID == nil {
			t.Fatalf("credit notes %+v %v", notes, err)
		}
		if _, err := a.Einvoice.Cancel(ctx, cn.ID, "greška"); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("cancel of a credit note: %v", err)
		}
		if a.SEFSim.Uploads() != 2 {
			t.Errorf("SEF has %d documents, want the invoice and one credit note", a.SEFSim.Uploads())
		}
		if got, err := a.Einvoice.ByOrder(ctx, o.ID); err != nil || got.ID != inv.ID {
			t.Errorf("the order's invoice %+v %v", got, err)
		}
		list, n, err := a.Einvoice.List(ctx, einvoice.Filter{Kind: einvoice.KindCreditNote, Page: listing.Page{Number: 1, Size: 20}})
		if err != nil || n != 1 || list[0].ID != cn.ID {
			t.Errorf("credit notes listed %d %v", n, err)
		}
	})
}

// A return recorded while the invoice waits to be sent is credited once SEF has the invoice
// (the poll's sweep); one recorded before the invoice was made is left out of it instead.
func TestCreditNoteWaitsForTheInvoice(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		o, inv := paidCompanyOrder(t, a, rand.New(rand.NewSource(12)), 2, false)
		ret := returnLines(t, a, o, []sales.ReturnLine{{OrderItemID: o.Items[0].ID, Quantity: 1}})
		if cn, err := a.Einvoice.CreditReturn(ctx, o.ID, ret.ID); err != nil || cn != nil {
			t.Fatalf("credited before SEF has the invoice: %+v %v", cn, err)
		}
		if err := a.Einvoice.Send(ctx, inv.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Einvoice.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		notes, err := a.Einvoice.CreditNotes(ctx, o.ID)
		if err != nil || len(notes) != 1 {
			t.Fatalf("after the sweep: %+v %v", notes, err)
		}
		cn, _ := a.Einvoice.Get(ctx, notes[0].ID)
		inv, _ = a.Einvoice.Get(ctx, inv.ID)
		checkCredit(t, a, o, inv, ret, cn)

		// Returned before the invoice: the invoice leaves it out, no credit note.
		o2 := companyOrder(t, a, rand.New(rand.NewSource(13)), 2)
		if _, err := a.Sales.RecordPayment(ctx, o2.ID); err != nil {
			t.Fatal(err)
		}
		early := returnLines(t, a, o2, []sales.ReturnLine{{OrderItemID: o2.Items[0].ID, Quantity: 1}})
		inv2, err := a.Einvoice.Issue(ctx, o2.ID, "")
		if err != nil || inv2.Total != o2.Total-early.Total {
			t.Fatalf("invoice %+v %v", inv2, err)
		}
		if err := a.Einvoice.Send(ctx, inv2.ID); err != nil {
			t.Fatal(err)
		}
		if cn, err := a.Einvoice.CreditReturn(ctx, o2.ID, early.ID); err != nil || cn != nil {
			t.Errorf("a return the invoice leaves out credited: %+v %v", cn, err)
		}
	})
}

// A completed order cannot be cancelled (sales' transitions): the whole order coming back is a
// return of every unit, credited in full; the invoice stays as issued.
func TestCreditNoteOfWholeOrder(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		o, inv := paidCompanyOrder(t, a, rand.New(rand.NewSource(14)), 5, true)
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelledReturned, CancelReason: "other"}); err == nil {
			t.Fatal("a completed order was cancelled")
		}
		var lines []sales.ReturnLine
		for _, it := range o.Items {
			lines = append(lines, sales.ReturnLine{OrderItemID: it.ID, Quantity: it.Quantity})
		}
		ret := returnLines(t, a, o, lines)
		cn, err := a.Einvoice.CreditReturn(ctx, o.ID, ret.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkCredit(t, a, o, inv, ret, cn)
		if cn.Total != inv.Total {
			t.Errorf("credited %s of the invoice's %s", cn.Total, inv.Total)
		}
		if got, _ := a.Einvoice.Get(ctx, inv.ID); got.Status != einvoice.StatusSent {
			t.Errorf("the invoice is %s", got.Status)
		}
	})
}
