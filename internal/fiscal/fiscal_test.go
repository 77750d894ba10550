package fiscal_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

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
