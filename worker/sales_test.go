package worker_test

import (
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/demo"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/sales"
	"shop/worker"
)

// parsedMail is a mail from the outbox: headers and its text and HTML parts.
type parsedMail struct {
	To, Subject string
	Text, HTML  string
	Files       []string
}

func readOutbox(t *testing.T, dir string) map[string]parsedMail {
	t.Helper()
	out := map[string]parsedMail{}
	for _, f := range emlFiles(t, dir) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mail.ReadMessage(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatal(err)
		}
		subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
		pm := parsedMail{To: m.Header.Get("To"), Subject: subject}
		_, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
		if err != nil || params["boundary"] == "" {
			t.Fatalf("%s is not multipart: %v %s", f, err, raw)
		}
		readParts(t, multipart.NewReader(m.Body, params["boundary"]), &pm)
		out[pm.To] = pm
	}
	return out
}

// readParts fills the text and HTML parts of a multipart body, going into a nested multipart
// (the text/HTML alternative inside the multipart/mixed of a mail with attachments) and noting
// attachments by file name.
func readParts(t *testing.T, mr *multipart.Reader, pm *parsedMail) {
	t.Helper()
	for {
		p, err := mr.NextPart()
		if err != nil {
			return
		}
		typ, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch {
		case strings.HasPrefix(typ, "multipart/"):
			readParts(t, multipart.NewReader(p, params["boundary"]), pm)
		case p.FileName() != "":
			pm.Files = append(pm.Files, p.FileName())
		default:
			b, err := io.ReadAll(p)
			if err != nil {
				t.Fatal(err)
			}
			if typ == "text/html" {
				pm.HTML = string(b)
			} else {
				pm.Text = string(b)
			}
		}
	}
}

// placeOrder makes a guest order of two products through the service.
func placeOrder(t *testing.T, a *app.App, payment string, lang i18n.Lang) *sales.Order {
	t.Helper()
	ctx := context.Background()
	cat := catalog.Category{Name: "Laptopovi", Slug: fmt.Sprintf("laptopovi-%s-%s", payment, lang), Prefix: "LA", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&cat).Error; err != nil {
		t.Fatal(err)
	}
	var ids []uint64
	for i, name := range []string{"Laptop Đorđe 15", "Miš bežični"} {
		p := catalog.Product{SKU: fmt.Sprintf("W-%s-%s-%d", payment[:3], lang, i), Name: name, Slug: fmt.Sprintf("w-%s-%s-%d", payment, lang, i), Active: true, Visible: true,
			WebPrice: money.Para(123450 * (i + 1)), AuthPrice: 100000, Stock: 5, MainCategoryID: cat.ID}
		if err := a.DB.Create(&p).Error; err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	cart := sales.NewGuestID()
	for _, id := range ids {
		if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: id}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Đorđe Šćekić", Email: "djordje@example.rs",
		Phone: "064 123 4567", Address: "Žička 5", City: "Čačak", PostCode: "32000", PaymentMethod: payment}, "", lang)
	if err != nil {
		t.Fatal(err)
	}
	return p.Order
}

// TestOrderMails: a new order mails its customer (in the order's language, text and HTML) and
// every staff member with view-order, and rings their bell, once however often the job runs.
func TestOrderMails(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		if _, err := demo.Seed(context.Background(), a.Identity); err != nil {
			t.Fatal(err)
		}
		outbox := filepath.Join(a.Config.DataDir, "outbox")
		startWorker(t, a.Redis, worker.Deps{Log: discard, Mail: a.Mail, Identity: a.Identity, Notify: a.Notify, Sales: a.Sales})

		o := placeOrder(t, a, sales.PaymentBankTransfer, i18n.SR)
		waitFor(t, "three mails", func() bool { return len(emlFiles(t, outbox)) >= 3 })
		mails := readOutbox(t, outbox)
		c, ok := mails["djordje@example.rs"]
		if !ok {
			t.Fatalf("no customer mail: %v", mails)
		}
		num := o.NumberOf()
		if c.Subject != "Potvrda porudžbine "+num {
			t.Errorf("subject %q", c.Subject)
		}
		for _, want := range []string{"Poštovani/a Đorđe Šćekić", "porudžbina broj " + num, "Laptop Đorđe 15", "1 x 1.234,50 RSD", "Ukupno (sa PDV-om): 3.703,50 RSD",
			"Uplata na račun (profaktura PR-" + num + ")", "Račun: 160000000001234595", "Poziv na broj: " + sales.Model97(strings.ReplaceAll(num, "-", "")),
			"/api/v1/orders/"} {
			if !strings.Contains(c.Text, want) {
				t.Errorf("customer text lacks %q:\n%s", want, c.Text)
			}
		}
		for _, want := range []string{"<strong>" + num + "</strong>", "<td>Laptop Đorđe 15</td>", "<img src=\"http://localhost:8080/api/v1/orders/", "alt=\"IPS QR kod\""} {
			if !strings.Contains(c.HTML, want) {
				t.Errorf("customer HTML lacks %q:\n%s", want, c.HTML)
			}
		}
		if len(c.Files) != 1 || c.Files[0] != "profaktura-PR-"+num+".pdf" {
			t.Errorf("bank transfer confirmation's attachments: %v, want the proforma invoice's PDF", c.Files)
		}
		for _, staff := range []string{"admin@demo.local", "staff@demo.local"} {
			m, ok := mails[staff]
			if !ok || m.Subject != "Nova porudžbina "+num || !strings.Contains(m.Text, "Kupac: Đorđe Šćekić <djordje@example.rs>") ||
				!strings.Contains(m.HTML, fmt.Sprintf("/admin/porudzbine/%d", o.ID)) {
				t.Errorf("staff mail to %s: %+v", staff, m)
			}
		}
		if _, ok := mails["kupac@demo.local"]; ok {
			t.Error("the customer role got the staff mail")
		}
		// The bell: one notification each for the two with view-order.
		for _, email := range []string{"admin@demo.local", "staff@demo.local"} {
			u, _ := a.Identity.FindUserByEmail(context.Background(), email)
			waitFor(t, "notification", func() bool {
				ns, _, _ := a.Notify.List(context.Background(), u.ID, listing.Page{Number: 1, Size: 20})
				return len(ns) == 1
			})
			ns, _, _ := a.Notify.List(context.Background(), u.ID, listing.Page{Number: 1, Size: 20})
			if ns[0].Type != sales.NotificationNewOrder || !strings.Contains(ns[0].Data, "Nova porudžbina "+num) {
				t.Errorf("notification = %+v", ns[0])
			}
		}
		// The job again (a retry, or the sweep): nothing is sent or rung twice.
		if err := a.Sales.OrderPlaced(context.Background(), o.ID); err != nil {
			t.Fatal(err)
		}
		var notes int64
		a.DB.Table("notifications").Count(&notes)
		if notes != 2 {
			t.Errorf("%d notifications after a second run", notes)
		}

		// An English order gets the English mail.
		en := placeOrder(t, a, sales.PaymentCashOnDelivery, i18n.EN)
		waitFor(t, "the English mail", func() bool { return len(emlFiles(t, outbox)) >= 6 })
		var found bool
		for _, f := range emlFiles(t, outbox) {
			raw, _ := os.ReadFile(f)
			if strings.Contains(string(raw), "Dear =?") || strings.Contains(string(raw), "thank you for your purchase! Your order number "+en.NumberOf()) {
				found = strings.Contains(string(raw), "Payment method: Cash on delivery") && !strings.Contains(string(raw), "IPS QR")
			}
		}
		if !found {
			t.Error("no English confirmation with its payment method")
		}
	})
}

// TestOrderWithoutQueue: when the queue is down at checkout the order still stands, not marked
// notified, so the sweep queues its mails later.
func TestOrderWithoutQueue(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := demo.Seed(ctx, a.Identity); err != nil {
			t.Fatal(err)
		}
		a.Redis.Close() // the queue is gone
		o := placeOrder(t, a, sales.PaymentCashOnDelivery, i18n.SR)
		if o.ID == 0 || o.NumberOf() == "" {
			t.Fatalf("order = %+v", o)
		}
		var notified *string
		a.DB.Table("orders").Where("id = ?", o.ID).Select("notified_at").Scan(&notified)
		if notified != nil {
			t.Error("an order whose mails were not queued is marked notified")
		}
	})
}
