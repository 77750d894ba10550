package einvoice_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/demo"
	"shop/internal/einvoice"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// companyOrder places a company's bank-transfer order of n products with random prices,
// quantities and VAT rates (20 % or 10 % by category) and completes it.
func companyOrder(t *testing.T, a *app.App, r *rand.Rand, n int) *sales.Order {
	t.Helper()
	ctx := context.Background()
	cart := sales.NewGuestID()
	for i := 0; i < n; i++ {
		rate := 2000
		if r.Intn(3) == 0 {
			rate = 1000
		}
		key := fmt.Sprintf("%x%d", r.Int31n(1<<24), i)
		cat := catalog.Category{Name: "K " + key, Slug: "k-" + key, Prefix: "K", Level: 1, PdvBps: money.Bps(rate), Active: true}
		if err := a.DB.Create(&cat).Error; err != nil {
			t.Fatal(err)
		}
		p := catalog.Product{SKU: "E-" + key, Name: "Proizvod " + key, Slug: "p-" + key, Active: true, Visible: true,
			WebPrice: money.Para(100 + r.Int63n(30_000_000)), AuthPrice: 100, Stock: 200, MainCategoryID: cat.ID}
		if err := a.DB.Create(&p).Error; err != nil {
			t.Fatal(err)
		}
		q := 1 + r.Intn(20)
		if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: p.ID, Quantity: &q}); err != nil {
			t.Fatal(err)
		}
	}
	placed, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Petar Petrović", Email: "nabavka+" + cart + "@kupac.rs", // one guest per order: under the guest limit
		Phone: "064 123 4567", Address: "Ulica 2", City: "Novi Sad", PostCode: "21000", CompanyName: "Kupac d.o.o.", CompanyPIB: "100002887",
		CompanyNumber: "08762724", PaymentMethod: sales.PaymentBankTransfer}, "", i18n.SR)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{sales.StatusContacted, sales.StatusCompleted} {
		if _, err := a.Sales.ChangeStatus(ctx, placed.Order.ID, sales.StatusChange{Status: st}); err != nil {
			t.Fatal(err)
		}
	}
	o, err := a.Sales.Order(ctx, placed.Order.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func seedShop(t *testing.T, a *app.App) {
	t.Helper()
	if _, err := demo.SeedInvoiceInfo(context.Background(), a.DB); err != nil {
		t.Fatal(err)
	}
}

// Random company carts on both databases: the e-invoice's payable amount is the order's
// total to the para, and the document passes every rule.
func TestOrderTotalsProperty(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		seedShop(t, a)
		r := rand.New(rand.NewSource(6))
		for k := 0; k < 12; k++ {
			o := companyOrder(t, a, r, 1+r.Intn(6))
			e, err := a.Einvoice.Issue(context.Background(), o.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			if e.Status != einvoice.StatusQueued || e.Error != "" {
				t.Fatalf("order %d: %s %q", o.ID, e.Status, e.Error)
			}
			if v := einvoice.Validate([]byte(e.XML)); v != nil {
				t.Fatalf("order %d: %v", o.ID, v)
			}
			var sum money.Para
			for _, it := range o.Items {
				sum += it.Total
			}
			d := einvoice.Document{Total: o.Total}
			for _, it := range o.Items {
				d.Lines = append(d.Lines, einvoice.Line{Quantity: it.Quantity, Gross: it.Total, VatBps: it.VatBps})
			}
			if tot := einvoice.Compute(d.Lines, d.Total); tot.Payable != o.Total || sum != o.Total || e.Total != o.Total {
				t.Fatalf("order %d: payable %s, order %s, lines %s", o.ID, tot.Payable, o.Total, sum)
			}
			if want := fmt.Sprintf(`<cbc:PayableAmount currencyID="RSD">%s</cbc:PayableAmount>`, o.Total); !strings.Contains(e.XML, want) {
				t.Fatalf("order %d: XML lacks %s", o.ID, want)
			}
		}
	})
}

// lossy passes uploads to SEF and loses the first answers: SEF made the invoice, the shop
// never heard (a killed worker, a cut connection).
type lossy struct {
	einvoice.SEF
	lose int
}

func (l *lossy) Upload(ctx context.Context, doc []byte, req string) (einvoice.Uploaded, error) {
	up, err := l.SEF.Upload(ctx, doc, req)
	if err == nil && l.lose > 0 {
		l.lose--
		return einvoice.Uploaded{}, errors.New("connection reset by peer")
	}
	return up, err
}

// An answer lost between SEF and the stored id, retried, makes one invoice in SEF: the retry
// carries the same request id.
func TestSendNeverTwice(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		o := companyOrder(t, a, rand.New(rand.NewSource(1)), 3)
		e, err := a.Einvoice.Issue(ctx, o.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if again, err := a.Einvoice.Issue(ctx, o.ID, ""); err != nil || again.ID != e.ID || again.RequestID != e.RequestID {
			t.Fatalf("second issue %+v %v", again, err)
		}
		sim := a.SEFSim
		svc := einvoice.NewService(a.DB, a.Sales, a.Identity, a.Notify, &lossy{SEF: a.EinvoiceClient, lose: 2}, nil, slog.New(slog.DiscardHandler), a.Clock, einvoice.Options{})
		for i := 0; i < 2; i++ {
			if err := svc.Send(ctx, e.ID); !apperr.Is(err, apperr.Unavailable) {
				t.Fatalf("attempt %d: %v", i, err)
			}
		}
		if got, _ := a.Einvoice.Get(ctx, e.ID); got.SEFInvoiceID != nil || got.Status != einvoice.StatusQueued {
			t.Fatalf("after lost answers: %+v", got)
		}
		if err := svc.Send(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.Send(ctx, e.ID); err != nil { // a duplicate job: nothing to do
			t.Fatal(err)
		}
		got, _ := a.Einvoice.Get(ctx, e.ID)
		if got.SEFInvoiceID == nil || got.Status != einvoice.StatusSent || got.Attempts != 3 {
			t.Fatalf("sent: %+v", got)
		}
		if sim.Uploads() != 1 {
			t.Fatalf("SEF made %d invoices, want 1", sim.Uploads())
		}
		if inv, ok := sim.Invoice(*got.SEFInvoiceID); !ok || inv.RequestID != e.RequestID || inv.Number != "F-"+o.NumberOf() {
			t.Fatalf("SEF's invoice %+v", inv)
		}
	})
}

// The buyer's rejection reaches the staff who follow orders with the reason, once; cancel
// and storno from the shop; what SEF refuses is refused with its reason.
func TestStatusesAndActions(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		if _, err := demo.Seed(ctx, a.Identity); err != nil {
			t.Fatal(err)
		}
		staff, err := a.Identity.Holders(ctx, identity.PermViewOrder)
		if err != nil || len(staff) == 0 {
			t.Fatalf("staff %v %v", staff, err)
		}
		r := rand.New(rand.NewSource(2))
		send := func() *einvoice.Einvoice {
			o := companyOrder(t, a, r, 2)
			e, err := a.Einvoice.Issue(ctx, o.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Einvoice.Send(ctx, e.ID); err != nil {
				t.Fatal(err)
			}
			e, _ = a.Einvoice.Get(ctx, e.ID)
			return e
		}
		rejected, approved, cancelled := send(), send(), send()
		if err := a.SEFSim.Reject(*rejected.SEFInvoiceID, "Pogrešna količina"); err != nil {
			t.Fatal(err)
		}
		if err := a.SEFSim.Approve(*approved.SEFInvoiceID); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ { // a second poll changes nothing and notifies nobody again
			if _, err := a.Einvoice.Poll(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := a.Einvoice.Get(ctx, rejected.ID); got.Status != einvoice.StatusRejected || got.Comment != "Pogrešna količina" {
			t.Errorf("rejected: %+v", got)
		}
		if got, _ := a.Einvoice.Get(ctx, approved.ID); got.Status != einvoice.StatusApproved {
			t.Errorf("approved: %+v", got)
		}
		for _, u := range staff {
			ns, _, err := a.Notify.List(ctx, u.ID, listing.Page{Number: 1, Size: 50})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, x := range ns {
				if x.Type == einvoice.NotificationRejected {
					n++
					if !strings.Contains(x.Data, "Pogrešna količina") || !strings.Contains(x.Data, rejected.Number) {
						t.Errorf("notification %s", x.Data)
					}
				}
			}
			if n != 1 {
				t.Errorf("user %d: %d rejection notifications, want 1", u.ID, n)
			}
		}
		if _, err := a.Einvoice.Cancel(ctx, approved.ID, "greška"); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("cancel of an approved one: %v", err)
		}
		if _, err := a.Einvoice.Cancel(ctx, cancelled.ID, ""); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("cancel without a comment: %v", err)
		}
		if got, err := a.Einvoice.Cancel(ctx, cancelled.ID, "pogrešan kupac"); err != nil || got.Status != einvoice.StatusCancelled {
			t.Errorf("cancel: %+v %v", got, err)
		}
		if got, err := a.Einvoice.Storno(ctx, approved.ID, "vraćena roba"); err != nil || got.Status != einvoice.StatusStorno {
			t.Errorf("storno: %+v %v", got, err)
		}
		if inv, _ := a.SEFSim.Invoice(*approved.SEFInvoiceID); inv.Status != einvoice.StatusStorno {
			t.Errorf("SEF's status %s", inv.Status)
		}
		if _, err := a.Einvoice.Storno(ctx, rejected.ID, "x"); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("storno of a rejected one: %v", err)
		}
	})
}

// Data SEF would refuse are kept as invalid with the rules they break, not sent; fixed and
// retried, the e-invoice is queued. A refusal by SEF is stored with SEF's answer.
func TestInvalidAndRetry(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		o := companyOrder(t, a, rand.New(rand.NewSource(3)), 1)
		// A PIB SEF refuses in the shop's company data (one whose control digit fails).
		if err := a.DB.Exec("UPDATE invoice_data SET pib = '100000025' WHERE id = 1").Error; err != nil {
			t.Fatal(err)
		}
		e, err := a.Einvoice.Issue(ctx, o.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if e.Status != einvoice.StatusInvalid || !strings.Contains(e.Error, "SRB-SELLER-PIB") {
			t.Fatalf("issued %s %q", e.Status, e.Error)
		}
		if err := a.Einvoice.Send(ctx, e.ID); err != nil || a.SEFSim.Uploads() != 0 {
			t.Fatalf("an invalid e-invoice was sent: %v", err)
		}
		// Cleared, the config's PIB is the shop's again.
		if err := a.DB.Exec("UPDATE invoice_data SET pib = '' WHERE id = 1").Error; err != nil {
			t.Fatal(err)
		}
		seedShop(t, a)
		got, err := a.Einvoice.Retry(ctx, e.ID)
		if err != nil || got.Status != einvoice.StatusQueued || got.RequestID == e.RequestID || got.Error != "" {
			t.Fatalf("retried %+v %v", got, err)
		}
		if err := a.Einvoice.Send(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Einvoice.Retry(ctx, e.ID); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("retry of a sent one: %v", err)
		}
		// An order without a PIB has no e-invoice.
		if _, err := a.Einvoice.Issue(ctx, 999999, ""); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown order: %v", err)
		}
	})
}

// TestReturnedBeforeInvoice: units a company returned before its order was completed are not
// invoiced: the e-invoice's lines and payable are what the buyer kept.
func TestReturnedBeforeInvoice(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seedShop(t, a)
		cart := sales.NewGuestID()
		var products []uint64
		for i, price := range []money.Para{120000, 60000} {
			cat := catalog.Category{Name: fmt.Sprintf("R %d", i), Slug: fmt.Sprintf("r-%d", i), Prefix: "R", Level: 1, PdvBps: 2000, Active: true}
			if err := a.DB.Create(&cat).Error; err != nil {
				t.Fatal(err)
			}
			p := catalog.Product{SKU: fmt.Sprintf("R-%d", i), Name: fmt.Sprintf("Vraćeni %d", i), Slug: fmt.Sprintf("vr-%d", i), Active: true, Visible: true,
				WebPrice: price, AuthPrice: price, Stock: 20, MainCategoryID: cat.ID}
			if err := a.DB.Create(&p).Error; err != nil {
				t.Fatal(err)
			}
			products = append(products, p.ID)
			q := 2
			if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: p.ID, Quantity: &q}); err != nil {
				t.Fatal(err)
			}
		}
		placed, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Petar Petrović", Email: "vracanje@kupac.rs",
			Phone: "064 123 4567", Address: "Ulica 2", City: "Novi Sad", PostCode: "21000", CompanyName: "Kupac d.o.o.", CompanyPIB: "100002887",
			CompanyNumber: "08762724", PaymentMethod: sales.PaymentBankTransfer}, "", i18n.SR)
		if err != nil {
			t.Fatal(err)
		}
		o, err := a.Sales.OrderWithItems(ctx, placed.Order.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Sales.RecordPayment(ctx, o.ID); err != nil {
			t.Fatal(err)
		}
		var second sales.OrderItem
		for _, it := range o.Items {
			if it.ProductID == products[1] {
				second = it
			}
		}
		if _, err := a.Sales.CreateReturn(ctx, o.ID, sales.ReturnInput{Items: []sales.ReturnLine{{OrderItemID: second.ID, Quantity: 2}}}); err != nil {
			t.Fatal(err)
		}
		for _, st := range []string{sales.StatusContacted, sales.StatusCompleted} {
			if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: st}); err != nil {
				t.Fatal(err)
			}
		}
		e, err := a.Einvoice.Issue(ctx, o.ID, "")
		if err != nil || e.Status == einvoice.StatusInvalid {
			t.Fatalf("issue: %v %+v", err, e)
		}
		kept := o.Total - second.Total
		if e.Total != kept || !strings.Contains(e.XML, fmt.Sprintf(`<cbc:PayableAmount currencyID="RSD">%s</cbc:PayableAmount>`, kept)) ||
			strings.Contains(e.XML, second.Name) {
			t.Errorf("e-invoice total %s, want %s (order %s); returned line invoiced: %v", e.Total, kept, o.Total, strings.Contains(e.XML, second.Name))
		}
	})
}
