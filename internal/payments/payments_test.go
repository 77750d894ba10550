package payments_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"text/template"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/fiscal"
	"shop/internal/payments"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

var seq atomic.Int64

// placeOrder makes a guest order of one product at price through the checkout.
func placeOrder(t *testing.T, a *app.App, payment string, price money.Para) *sales.Order {
	t.Helper()
	ctx := context.Background()
	n := seq.Add(1)
	cat := catalog.Category{Name: fmt.Sprintf("Kat %d", n), Slug: fmt.Sprintf("kat-%d", n), Prefix: "KA", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&cat).Error; err != nil {
		t.Fatal(err)
	}
	p := catalog.Product{SKU: fmt.Sprintf("P-%d", n), Name: fmt.Sprintf("Proizvod %d", n), Slug: fmt.Sprintf("p-%d", n), Active: true, Visible: true,
		WebPrice: price, AuthPrice: price, Stock: 100, MainCategoryID: cat.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	cart, one := sales.NewGuestID(), 1
	if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: p.ID, Quantity: &one}); err != nil {
		t.Fatal(err)
	}
	placed, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Petar Petrović", Email: fmt.Sprintf("petar%d@example.rs", n),
		Phone: "064 123 4567", Address: fmt.Sprintf("Knez Mihailova %d", n), City: "Beograd", PostCode: "11000", PaymentMethod: payment}, "", i18n.SR)
	if err != nil {
		t.Fatal(err)
	}
	return placed.Order
}

// ref is the order's payment-slip reference after the model: control digits and number.
func ref(o *sales.Order) string {
	return strings.TrimPrefix(sales.Model97(strings.ReplaceAll(o.NumberOf(), "-", "")), "97")
}

func statement(t *testing.T, fields map[string]string) []byte {
	t.Helper()
	tpl := template.Must(template.ParseFiles("testdata/statement.xml"))
	var b bytes.Buffer
	if err := tpl.Execute(&b, fields); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestImportStatement: a camt.053 statement's credit with the order's model-97 reference and
// its amount records the order's payment (the staff's path: paid, logged, its fiscal receipt
// made as a wire transfer); the same payment again, another amount, wrong control digits, no
// reference, a debit, a cash-on-delivery order, no such order and a foreign currency are each
// reported with why; importing the statement again records nothing twice.
func TestImportStatement(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		bank := placeOrder(t, a, sales.PaymentBankTransfer, 123450)
		short := placeOrder(t, a, sales.PaymentBankTransfer, 50000)
		cod := placeOrder(t, a, sales.PaymentCashOnDelivery, 70000)
		bad := []byte(ref(bank))
		bad[0] = '0' + (bad[0]-'0'+1)%10
		raw := statement(t, map[string]string{
			"PaidAmount": "1234.50", "PaidRef": ref(bank)[:2] + "-" + ref(bank)[2:],
			// written with its model, as some banks do
			"ShortRef":  "97 " + ref(short),
			"BadDigits": string(bad),
			"CODAmount": "700.00", "CODRef": ref(cod),
			"NoOrderRef": strings.TrimPrefix(sales.Model97("2026999999"), "97"),
		})
		st, err := payments.ReadCamt053(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if st.Account != "160-0000000123456-78" || len(st.Lines) != 9 || st.Lines[4].Amount != 250000 || st.Lines[0].Payer != "Petar Petrović" {
			t.Fatalf("statement %+v", st)
		}
		rep, err := a.Payments.Import(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		want := []struct{ outcome, reason string }{
			{payments.Matched, ""},
			{payments.AlreadyPaid, "payments.reason.already_paid"},
			{payments.Mismatched, "payments.reason.amount"},
			{payments.Unmatched, "payments.reason.control_digits"},
			{payments.Unmatched, "payments.reason.no_reference"},
			{payments.Skipped, "payments.reason.debit"},
			{payments.Mismatched, "payments.reason.not_bank_transfer"},
			{payments.Unmatched, "payments.reason.no_order"},
			{payments.Skipped, "payments.reason.currency"},
		}
		for i, w := range want {
			if r := rep.Results[i]; r.Outcome != w.outcome || r.Reason != w.reason || r.Row != i+1 {
				t.Errorf("line %d: %s %s, want %s %s", i+1, r.Outcome, r.Reason, w.outcome, w.reason)
			}
		}
		if rep.Results[0].OrderNumber != bank.NumberOf() || rep.Results[2].OrderID != short.ID || rep.Counts[payments.Matched] != 1 || rep.Counts[payments.Unmatched] != 3 {
			t.Errorf("report %+v", rep.Counts)
		}
		paid, err := a.Sales.StaffOrder(ctx, bank.ID)
		if err != nil || paid.PaidAt == nil {
			t.Fatalf("the matched order is not paid: %v %+v", err, paid)
		}
		for _, o := range []*sales.Order{short, cod} {
			if got, _ := a.Sales.StaffOrder(ctx, o.ID); got.PaidAt != nil {
				t.Errorf("order %s paid by a line that did not match", o.NumberOf())
			}
		}
		r, err := a.Fiscal.Fiscalise(ctx, bank.ID, fiscal.KindNormal)
		if err != nil || r.Status != fiscal.StatusSent || r.PaymentType != "WireTransfer" || r.Total != bank.Total {
			t.Errorf("the matched order's receipt: %v %+v", err, r)
		}

		again, err := a.Payments.Import(ctx, st)
		if err != nil || again.Counts[payments.Matched] != 0 || again.Counts[payments.AlreadyPaid] != 2 {
			t.Errorf("a second import: %v %+v", err, again.Counts)
		}
		var n int64
		a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ? AND type = ?", "order", bank.ID, "order.updated").Count(&n)
		if n != 1 {
			t.Errorf("payment logged %d times, want once", n)
		}
	})
}

// TestReadCamt053Refuses: a file that is not a camt.053 statement, and an entry whose amount is
// not a number (named by its row), are 422s on file.
func TestReadCamt053Refuses(t *testing.T) {
	t.Parallel()
	for name, doc := range map[string]string{
		"not xml":       "Datum;Iznos;Poziv na broj\n",
		"another xml":   `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>`,
		"bad amount":    `<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="RSD">1.2.3</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry></Stmt></BkToCstmrStmt></Document>`,
		"three decimal": `<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="RSD">1.234</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry></Stmt></BkToCstmrStmt></Document>`,
	} {
		_, err := payments.ReadCamt053(strings.NewReader(doc))
		var e *apperr.Error
		if !apperr.Is(err, apperr.Invalid) || !asErr(err, &e) || len(e.Fields) != 1 || e.Fields[0].Field != "file" {
			t.Errorf("%s: %v", name, err)
		}
		if strings.Contains(name, "amount") && e != nil && e.Fields[0].Msg.Args["row"] != 1 {
			t.Errorf("%s: row %v", name, e.Fields[0].Msg.Args)
		}
	}
	if _, err := os.Stat("testdata/statement.xml"); err != nil {
		t.Fatal(err)
	}
}
