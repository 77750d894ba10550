package fiscal_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/fiscal"
	"shop/internal/fiscal/fiscalsim"
	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// line is one cart line of a test order: price (VAT included), quantity and VAT rate.
type line struct {
	price money.Para
	qty   int
	vat   int
}

var seq atomic.Int64

// placeOrder makes a guest order of the lines through the checkout.
func placeOrder(t *testing.T, a *app.App, payment, pib string, lines ...line) *sales.Order {
	t.Helper()
	ctx := context.Background()
	cart := sales.NewGuestID()
	for _, l := range lines {
		n := seq.Add(1)
		cat := catalog.Category{Name: fmt.Sprintf("Kat %d", n), Slug: fmt.Sprintf("kat-%d", n), Prefix: "KA", Level: 1, PdvBps: money.Bps(l.vat), Active: true}
		if err := a.DB.Create(&cat).Error; err != nil {
			t.Fatal(err)
		}
		p := catalog.Product{SKU: fmt.Sprintf("F-%d", n), Name: fmt.Sprintf("Proizvod Šćž %d", n), Slug: fmt.Sprintf("f-%d", n), Active: true, Visible: true,
			WebPrice: l.price, AuthPrice: l.price, Stock: 1000, MainCategoryID: cat.ID}
		if err := a.DB.Create(&p).Error; err != nil {
			t.Fatal(err)
		}
		q := l.qty
		if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: p.ID, Quantity: &q}); err != nil {
			t.Fatal(err)
		}
	}
	// Each order its own buyer: the checkout limits guest orders per address and e-mail.
	n := seq.Add(1)
	in := sales.CheckoutInput{CartID: cart, Name: "Đorđe Šćekić", Email: fmt.Sprintf("djordje%d@example.rs", n), Phone: "064 123 4567", Address: fmt.Sprintf("Žička %d", n),
		City: "Čačak", PostCode: "32000", PaymentMethod: payment}
	if pib != "" {
		in.CompanyName, in.CompanyPIB = "Firma d.o.o.", pib
	}
	p, err := a.Sales.Checkout(ctx, sales.Caller{}, in, "", i18n.SR)
	if err != nil {
		t.Fatal(err)
	}
	return p.Order
}

func paid(t *testing.T, a *app.App, o *sales.Order) {
	t.Helper()
	if _, err := a.Sales.RecordPayment(context.Background(), o.ID); err != nil {
		t.Fatal(err)
	}
}

func signedBy(t *testing.T, r *fiscal.Receipt) *vsdc.InvoiceResult {
	t.Helper()
	var res vsdc.InvoiceResult
	if err := jsonUnmarshal(r.Response, &res); err != nil {
		t.Fatalf("response %q: %v", r.Response, err)
	}
	return &res
}

// TestCashOnDelivery: a guest's cash-on-delivery order, delivered and paid, gets a receipt the
// simulator signed: its items with their labels, paid in cash, the order's total to the para.
func TestCashOnDelivery(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{123450, 1, 2000}, line{99999, 3, 1000})
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal); !apperr.Is(err, apperr.Invalid) {
			t.Fatalf("an unpaid order was fiscalised: %v", err)
		}
		paid(t, a, o)
		r, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != fiscal.StatusSent || r.InvoiceNumber == "" || r.SdcTime == nil || !r.Simulated || r.PaymentType != vsdc.PaymentCash {
			t.Fatalf("receipt %+v", r)
		}
		res := signedBy(t, r)
		if !fiscalsim.Verify(res) || res.TotalAmount != o.Total || r.Total != o.Total {
			t.Errorf("signed total %s, order %s, verifies %v", res.TotalAmount, o.Total, fiscalsim.Verify(res))
		}
		var req vsdc.InvoiceRequest
		if err := jsonUnmarshal(r.Request, &req); err != nil {
			t.Fatal(err)
		}
		if req.Cashier != "Internet prodaja" || req.BuyerID != "" || len(req.Items) != 2 || req.Items[0].Labels[0] != "Ђ" || req.Items[1].Labels[0] != "Е" ||
			req.Payment[0].PaymentType != "Cash" || req.Payment[0].Amount != o.Total {
			t.Errorf("request %+v", req)
		}
		if !strings.Contains(r.Journal, "ОВО НИЈЕ ФИСКАЛНИ РАЧУН") {
			t.Error("the simulator's journal does not say it is no fiscal receipt")
		}
		// Again (a retry, the sweep): the same receipt, nothing signed twice.
		again, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal)
		if err != nil || again.InvoiceNumber != r.InvoiceNumber || a.FiscalSim.Issued() != 1 {
			t.Errorf("second run: %v %+v, issued %d", err, again, a.FiscalSim.Issued())
		}
		// Recording the payment again changes nothing.
		before := *o
		paid(t, a, &before)
	})
}

// TestRefundAndCompany: a company's bank transfer carries the buyer's PIB and no proforma
// receipt; its cancellation after payment is a refund receipt naming the sale.
func TestRefundAndCompany(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentBankTransfer, "101134702", line{500000, 2, 2000})
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindProforma); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("a company got a proforma receipt: %v", err)
		}
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindRefund); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("a refund of an order neither paid nor cancelled: %v", err)
		}
		paid(t, a, o)
		sale, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal)
		if err != nil || sale.Status != fiscal.StatusSent || sale.BuyerPIB != "101134702" || sale.PaymentType != vsdc.PaymentWireTransfer {
			t.Fatalf("sale %v %+v", err, sale)
		}
		if !strings.Contains(sale.Journal, "ИД купца:") || !strings.Contains(sale.Journal, "10:101134702") {
			t.Errorf("journal lacks the buyer:\n%s", sale.Journal)
		}
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelled, CancelReason: "stock"}); err != nil {
			t.Fatal(err)
		}
		ref, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindRefund)
		if err != nil || ref.Status != fiscal.StatusSent {
			t.Fatalf("refund %v %+v", err, ref)
		}
		if ref.ReferentNumber != sale.InvoiceNumber || !strings.HasSuffix(ref.InvoiceCounter, "ПР") || signedBy(t, ref).TotalAmount != o.Total {
			t.Errorf("refund %+v of sale %s", ref, sale.InvoiceNumber)
		}
		list, err := a.Fiscal.ForOrder(ctx, o.ID)
		if err != nil || len(list) != 2 {
			t.Errorf("order's receipts: %v %d", err, len(list))
		}
	})
}

// TestProformaForPerson: a bank transfer by a person gets a proforma receipt (invoice type
// Proforma), signed before any payment.
func TestProformaForPerson(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		o := placeOrder(t, a, sales.PaymentBankTransfer, "", line{10000, 1, 2000})
		r, err := a.Fiscal.Fiscalise(context.Background(), o.ID, fiscal.KindProforma)
		if err != nil || r.Status != fiscal.StatusSent || !strings.HasSuffix(r.InvoiceCounter, "ОП") || !strings.Contains(r.Journal, "ПРЕДРАЧУН ПРОДАЈА") {
			t.Fatalf("proforma %v %+v", err, r)
		}
	})
}

// lossy forwards to the simulator and then loses the answer (the connection broke, or the
// worker was killed after the device signed and before the answer was stored), or fails
// before the request reaches it.
type lossy struct {
	dev          fiscal.Device
	loseAnswers  int
	downRequests int
	creates      int
	lookups      int
}

func (l *lossy) CreateInvoice(ctx context.Context, id string, req *vsdc.InvoiceRequest) (*vsdc.InvoiceResult, error) {
	l.creates++
	if l.downRequests > 0 {
		l.downRequests--
		return nil, errors.New("dial tcp: connection refused")
	}
	res, err := l.dev.CreateInvoice(ctx, id, req)
	if err == nil && l.loseAnswers > 0 {
		l.loseAnswers--
		return nil, errors.New("read tcp: connection reset by peer")
	}
	return res, err
}

func (l *lossy) FindByRequestID(ctx context.Context, id string) (*vsdc.InvoiceResult, error) {
	l.lookups++
	return l.dev.FindByRequestID(ctx, id)
}

// TestNeverTwice: the device signs, the answer is lost; the retry looks the request up by its
// RequestId, finds the invoice and stores it: one invoice on the device. A request that never
// reached the device is sent again on the retry (after a look-up that finds nothing).
func TestNeverTwice(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		sim := fiscalsim.New(fiscalsim.Options{})
		dev := &lossy{dev: vsdc.NewClient("http://sim", httpClient(sim)), loseAnswers: 1}
		svc := fiscal.NewService(a.DB, a.Sales, dev, a.Enqueuer, a.Log, a.Clock, fiscal.Options{Simulated: true})

		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{4990, 2, 2000})
		paid(t, a, o)
		if _, err := svc.Fiscalise(ctx, o.ID, fiscal.KindNormal); err == nil {
			t.Fatal("a lost answer came back as success")
		}
		pending, _ := svc.ForOrder(ctx, o.ID)
		if len(pending) != 1 || pending[0].Status != fiscal.StatusPending || pending[0].Attempts != 1 || !strings.Contains(pending[0].Reason, "reset") {
			t.Fatalf("after the lost answer: %+v", pending)
		}
		r, err := svc.Fiscalise(ctx, o.ID, fiscal.KindNormal)
		if err != nil || r.Status != fiscal.StatusSent {
			t.Fatalf("retry: %v %+v", err, r)
		}
		if sim.Issued() != 1 || dev.creates != 1 || dev.lookups != 1 || r.RequestID != pending[0].RequestID || r.Reason != "" {
			t.Errorf("issued %d, creates %d, lookups %d", sim.Issued(), dev.creates, dev.lookups)
		}

		// The device down: nothing signed; the retry's look-up finds nothing and sends.
		dev.downRequests, dev.creates, dev.lookups = 1, 0, 0
		o2 := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{100, 1, 1000})
		paid(t, a, o2)
		if _, err := svc.Fiscalise(ctx, o2.ID, fiscal.KindNormal); err == nil {
			t.Fatal("an unreachable device came back as success")
		}
		if r, err := svc.Fiscalise(ctx, o2.ID, fiscal.KindNormal); err != nil || r.Status != fiscal.StatusSent {
			t.Fatalf("retry: %v %+v", err, r)
		}
		if sim.Issued() != 2 || dev.creates != 2 || dev.lookups != 1 {
			t.Errorf("issued %d, creates %d, lookups %d", sim.Issued(), dev.creates, dev.lookups)
		}
	})
}

// TestRefusedAndRetry: a receipt the device refuses is failed with the device's reason; one
// whose request cannot be built (a VAT rate with no label) too; staff retry puts it back.
func TestRefusedAndRetry(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{1000, 1, 2000})
		paid(t, a, o)
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelledReturned, CancelReason: "other"}); err != nil {
			t.Fatal(err)
		}
		// Another device that never signed the sale refuses its refund.
		other := fiscalsim.New(fiscalsim.Options{})
		svc := fiscal.NewService(a.DB, a.Sales, vsdc.NewClient("http://sim", httpClient(other)), a.Enqueuer, a.Log, a.Clock, fiscal.Options{})
		r, err := svc.Fiscalise(ctx, o.ID, fiscal.KindRefund)
		if err != nil || r.Status != fiscal.StatusFailed || !strings.Contains(r.Reason, "referentDocumentNumber:2805") {
			t.Fatalf("refused refund: %v %+v", err, r)
		}
		again, err := a.Fiscal.Retry(ctx, r.ID)
		if err != nil || again.Status != fiscal.StatusPending {
			t.Fatalf("retry: %v %+v", err, again)
		}
		if _, err := a.Fiscal.Retry(ctx, r.ID); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("a pending receipt was retried: %v", err)
		}
		if r, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindRefund); err != nil || r.Status != fiscal.StatusSent {
			t.Errorf("the retried refund: %v %+v", err, r)
		}

		// A VAT rate the tax group has no label for.
		odd := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{1000, 1, 1800})
		paid(t, a, odd)
		f, err := a.Fiscal.Fiscalise(ctx, odd.ID, fiscal.KindNormal)
		if err != nil || f.Status != fiscal.StatusFailed || !strings.Contains(f.Reason, "18.00") {
			t.Fatalf("unknown rate: %v %+v", err, f)
		}
	})
}

// TestTotalsProperty: over random carts (prices, quantities, 20 % and 10 % lines), the
// receipt's total is the order's to the para, the payment is that total, and the simulator's
// VAT per label is the label's gross at its rate, rounded once.
func TestTotalsProperty(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(28, 1))
		for i := 0; i < 25; i++ {
			var lines []line
			gross := map[int]money.Para{}
			for j := 0; j < 1+rng.IntN(5); j++ {
				l := line{price: money.Para(1 + rng.Int64N(50_000_000)), qty: 1 + rng.IntN(9), vat: []int{2000, 1000}[rng.IntN(2)]}
				lines = append(lines, l)
				gross[l.vat] += l.price * money.Para(l.qty)
			}
			o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", lines...)
			paid(t, a, o)
			r, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal)
			if err != nil || r.Status != fiscal.StatusSent {
				t.Fatalf("cart %d: %v %+v", i, err, r)
			}
			res := signedBy(t, r)
			if res.TotalAmount != o.Total || r.Total != o.Total || gross[2000]+gross[1000] != o.Total {
				t.Errorf("cart %d: signed %s, order %s", i, res.TotalAmount, o.Total)
			}
			for _, tax := range res.TaxItems {
				bps := map[string]int{"Ђ": 2000, "Е": 1000}[tax.Label]
				if want := fiscalsim.TaxOf(gross[bps], bps); tax.Amount != want {
					t.Errorf("cart %d: tax %s = %s, want %s", i, tax.Label, tax.Amount, want)
				}
			}
		}
	})
}

// TestSweep: a paid order whose receipt job never ran is found by the sweep.
func TestSweep(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{1000, 1, 2000})
		n, err := a.Fiscal.Sweep(ctx)
		if err != nil || n != 0 {
			t.Errorf("unpaid order swept: %d %v", n, err)
		}
		paid(t, a, o)
		if n, err := a.Fiscal.Sweep(ctx); err != nil || n != 1 {
			t.Errorf("sweep queued %d: %v", n, err)
		}
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		if n, err := a.Fiscal.Sweep(ctx); err != nil || n != 0 {
			t.Errorf("sweep after the receipt: %d %v", n, err)
		}
	})
}

// returnOf records a return of the order's lines (by their index) and quantities.
func returnOf(t *testing.T, a *app.App, o *sales.Order, qty map[int]int) *sales.OrderReturn {
	t.Helper()
	full, err := a.Sales.OrderWithItems(context.Background(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	var in sales.ReturnInput
	for i := range full.Items {
		if q, ok := qty[i]; ok {
			in.Items = append(in.Items, sales.ReturnLine{OrderItemID: full.Items[i].ID, Quantity: q})
		}
	}
	ret, err := a.Sales.CreateReturn(context.Background(), o.ID, in)
	if err != nil {
		t.Fatal(err)
	}
	return ret
}

func requestOf(t *testing.T, r *fiscal.Receipt) vsdc.InvoiceRequest {
	t.Helper()
	var req vsdc.InvoiceRequest
	if err := jsonUnmarshal(r.Request, &req); err != nil {
		t.Fatal(err)
	}
	return req
}

type itemLine struct {
	Name  string
	Qty   int
	Price money.Para
	Label string
}

func itemsOf(req vsdc.InvoiceRequest) []itemLine {
	var out []itemLine
	for _, it := range req.Items {
		out = append(out, itemLine{it.Name, it.Quantity, it.UnitPrice, it.Labels[0]})
	}
	return out
}

func stockOf(t *testing.T, a *app.App, productID uint64) int {
	t.Helper()
	var p catalog.Product
	if err := a.DB.Where("id = ?", productID).Take(&p).Error; err != nil {
		t.Fatal(err)
	}
	return p.Stock
}

// TestItemReturns: each item return of a paid order is its own refund receipt naming the sale,
// with only the returned lines and quantities and a payment of their total; the units go back
// to stock; a second return is a second receipt; a retry signs nothing twice; quantities past
// what is left are refused; a cancellation afterwards refunds only what the returns left.
func TestItemReturns(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{100000, 3, 2000}, line{50000, 2, 1000}, line{200000, 1, 2000})
		full, err := a.Sales.OrderWithItems(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		items := full.Items
		if _, err := a.Sales.CreateReturn(ctx, o.ID, sales.ReturnInput{Items: []sales.ReturnLine{{OrderItemID: items[0].ID, Quantity: 1}}}); !hasField(err, "items") {
			t.Fatalf("a return of an unpaid order: %v", err)
		}
		paid(t, a, o)
		sale, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal)
		if err != nil || sale.Status != fiscal.StatusSent {
			t.Fatalf("sale %v %+v", err, sale)
		}
		stock0 := stockOf(t, a, items[0].ProductID)

		first := returnOf(t, a, o, map[int]int{0: 1, 1: 2})
		if first.Seq != 1 || first.Total != 100000+2*50000 {
			t.Fatalf("first return %+v", first)
		}
		if got := stockOf(t, a, items[0].ProductID); got != stock0+1 {
			t.Errorf("stock after the return %d, want %d", got, stock0+1)
		}
		r1, err := a.Fiscal.FiscaliseReturn(ctx, o.ID, first.ID)
		if err != nil || r1.Status != fiscal.StatusSent || r1.Kind != fiscal.KindRefund || r1.ReturnID != first.ID {
			t.Fatalf("first return's receipt %v %+v", err, r1)
		}
		req := requestOf(t, r1)
		want := []itemLine{{items[0].Name, 1, 100000, "Ђ"}, {items[1].Name, 2, 50000, "Е"}}
		if d := cmp.Diff(want, itemsOf(req)); d != "" {
			t.Errorf("first refund's items (-want +got):\n%s", d)
		}
		res := signedBy(t, r1)
		if r1.ReferentNumber != sale.InvoiceNumber || req.ReferentDocumentNumber != sale.InvoiceNumber || req.TransactionType != vsdc.TransactionRefund ||
			len(req.Payment) != 1 || req.Payment[0].Amount != first.Total || res.TotalAmount != first.Total || r1.Total != first.Total {
			t.Errorf("first refund %+v, request %+v, signed %s", r1, req, res.TotalAmount)
		}
		if !strings.HasSuffix(r1.InvoiceCounter, "ПР") {
			t.Errorf("counter %s is no refund's", r1.InvoiceCounter)
		}
		for _, tax := range res.TaxItems {
			gross := map[string]money.Para{"Ђ": 100000, "Е": 100000}[tax.Label]
			bps := map[string]int{"Ђ": 2000, "Е": 1000}[tax.Label]
			if w := fiscalsim.TaxOf(gross, bps); tax.Amount != w {
				t.Errorf("refund's tax %s = %s, want %s", tax.Label, tax.Amount, w)
			}
		}

		// More than is left of a line, a line of another order, nothing at all: 422 on the field.
		for name, in := range map[string]sales.ReturnInput{
			"items[0].quantity":      {Items: []sales.ReturnLine{{OrderItemID: items[1].ID, Quantity: 1}}},
			"items[1].quantity":      {Items: []sales.ReturnLine{{OrderItemID: items[0].ID, Quantity: 1}, {OrderItemID: items[2].ID, Quantity: 2}}},
			"items[0].order_item_id": {Items: []sales.ReturnLine{{OrderItemID: items[2].ID + 1000, Quantity: 1}}},
			"items":                  {},
		} {
			if _, err := a.Sales.CreateReturn(ctx, o.ID, in); !hasField(err, name) {
				t.Errorf("%s: %v", name, err)
			}
		}

		second := returnOf(t, a, o, map[int]int{0: 1})
		r2, err := a.Fiscal.FiscaliseReturn(ctx, o.ID, second.ID)
		if err != nil || r2.Status != fiscal.StatusSent || r2.ID == r1.ID || r2.InvoiceNumber == r1.InvoiceNumber || r2.Total != 100000 {
			t.Fatalf("second return's receipt %v %+v", err, r2)
		}
		issued := a.FiscalSim.Issued()
		// Retries (the job again, the sweep) sign neither return twice.
		for _, ret := range []*sales.OrderReturn{first, second} {
			again, err := a.Fiscal.FiscaliseReturn(ctx, o.ID, ret.ID)
			if err != nil || again.Status != fiscal.StatusSent || again.ReturnID != ret.ID {
				t.Errorf("again: %v %+v", err, again)
			}
		}
		if n, err := a.Fiscal.Sweep(ctx); err != nil || n != 0 || a.FiscalSim.Issued() != issued {
			t.Errorf("sweep queued %d (%v), issued %d, want %d", n, err, a.FiscalSim.Issued(), issued)
		}

		// The cancellation refunds the rest: one of the first line, none of the second, the third.
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelled, CancelReason: "other"}); err != nil {
			t.Fatal(err)
		}
		rest, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindRefund)
		if err != nil || rest.Status != fiscal.StatusSent || rest.ReturnID != 0 || rest.Total != 100000+200000 {
			t.Fatalf("cancellation's refund %v %+v", err, rest)
		}
		want = []itemLine{{items[0].Name, 1, 100000, "Ђ"}, {items[2].Name, 1, 200000, "Ђ"}}
		if d := cmp.Diff(want, itemsOf(requestOf(t, rest))); d != "" {
			t.Errorf("cancellation's refund items (-want +got):\n%s", d)
		}
		if signedBy(t, rest).TotalAmount != 300000 || rest.ReferentNumber != sale.InvoiceNumber {
			t.Errorf("cancellation's refund %+v", rest)
		}
		// Every unit is back in stock once.
		if got := stockOf(t, a, items[0].ProductID); got != stock0+3 {
			t.Errorf("stock after the cancellation %d, want %d", got, stock0+3)
		}
		list, err := a.Fiscal.ForOrder(ctx, o.ID)
		if err != nil || len(list) != 4 {
			t.Errorf("order's receipts: %v %d", err, len(list))
		}
		if _, err := a.Sales.CreateReturn(ctx, o.ID, sales.ReturnInput{Items: []sales.ReturnLine{{OrderItemID: items[2].ID, Quantity: 1}}}); !hasField(err, "items") {
			t.Errorf("a return of a cancelled order: %v", err)
		}
	})
}

// TestReturnedInFull: when returns took every unit back, a cancellation has nothing to refund
// and the sweep does not ask for it; a return's receipt the queue missed is found by the sweep.
func TestReturnedInFull(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{1000, 2, 2000})
		paid(t, a, o)
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		ret := returnOf(t, a, o, map[int]int{0: 2})
		if n, err := a.Fiscal.Sweep(ctx); err != nil || n != 1 {
			t.Errorf("sweep queued %d (%v), want the return's receipt", n, err)
		}
		if _, err := a.Fiscal.FiscaliseReturn(ctx, o.ID, ret.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelledReturned, CancelReason: "other"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Fiscal.Fiscalise(ctx, o.ID, fiscal.KindRefund); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("a refund of nothing: %v", err)
		}
		if n, err := a.Fiscal.Sweep(ctx); err != nil || n != 0 {
			t.Errorf("sweep queued %d (%v), want none", n, err)
		}
	})
}

// TestReturnNeverTwice: the device signs a return's refund and the answer is lost; the retry
// finds it by its RequestId: one invoice on the device.
func TestReturnNeverTwice(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		sim := fiscalsim.New(fiscalsim.Options{})
		dev := &lossy{dev: vsdc.NewClient("http://sim", httpClient(sim))}
		svc := fiscal.NewService(a.DB, a.Sales, dev, a.Enqueuer, a.Log, a.Clock, fiscal.Options{Simulated: true})
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, "", line{4990, 2, 2000})
		paid(t, a, o)
		if _, err := svc.Fiscalise(ctx, o.ID, fiscal.KindNormal); err != nil {
			t.Fatal(err)
		}
		ret := returnOf(t, a, o, map[int]int{0: 1})
		dev.loseAnswers = 1
		if _, err := svc.FiscaliseReturn(ctx, o.ID, ret.ID); err == nil {
			t.Fatal("a lost answer came back as success")
		}
		r, err := svc.FiscaliseReturn(ctx, o.ID, ret.ID)
		if err != nil || r.Status != fiscal.StatusSent || r.Total != 4990 {
			t.Fatalf("retry: %v %+v", err, r)
		}
		if sim.Issued() != 2 || dev.creates != 2 || dev.lookups != 1 {
			t.Errorf("issued %d, creates %d, lookups %d", sim.Issued(), dev.creates, dev.lookups)
		}
	})
}

func hasField(err error, name string) bool {
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Invalid {
		return false
	}
	for _, f := range e.Fields {
		if f.Field == name {
			return true
		}
	}
	return false
}
