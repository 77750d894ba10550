package sales

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/mail"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/sales/invoicepdf"
)

// NotificationNewOrder is the bell notification staff with view-order get for a new order
// (data: message, order_id, number, total).
const NotificationNewOrder = "NewOrder"

//go:embed mailtmpl/*
var mailFiles embed.FS

var mailFuncs = map[string]any{"rsd": formatRSD}

var (
	textMails = texttemplate.Must(texttemplate.New("").Funcs(mailFuncs).ParseFS(mailFiles, "mailtmpl/*.txt"))
	htmlMails = htmltemplate.Must(htmltemplate.New("").Funcs(mailFuncs).ParseFS(mailFiles, "mailtmpl/*.html"))
)

// formatRSD writes an amount the Serbian way: 1.234,50 RSD (the invoice PDF's Amount, one
// definition of the format).
func formatRSD(p money.Para) string { return invoicepdf.Amount(p) + " RSD" }

// mailData is what the order mails show.
type mailData struct {
	Order    *Order
	Number   string
	Items    []OrderItem
	Payment  string
	IPS      *IPSPayload
	Proforma string
	QRURL    string
	OrderURL string
	AdminURL string
	Note     string
	// Shop signs the mail (its name and how to reach it).
	Shop *Shop
}

// render fills the text and HTML templates name.<lang>.txt/.html into a message to to.
func render(name string, lang i18n.Lang, subject, to string, d mailData) (mail.Message, error) {
	var txt, html bytes.Buffer
	if err := textMails.ExecuteTemplate(&txt, name+"."+string(lang)+".txt", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "mail text "+name)
	}
	if err := htmlMails.ExecuteTemplate(&html, name+"."+string(lang)+".html", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "mail html "+name)
	}
	return mail.Message{To: to, Subject: subject, Body: txt.String(), HTML: html.String()}, nil
}

func (s *Service) link(path string) string { return strings.TrimRight(s.opts.PublicURL, "/") + path }

func (s *Service) mailData(ctx context.Context, o *Order, lang i18n.Lang) (mailData, error) {
	shop, err := s.Shop(ctx)
	if err != nil {
		return mailData{}, err
	}
	d := mailData{Order: o, Number: o.NumberOf(), Items: o.Items, Payment: i18n.T(lang, "sales.payment."+o.PaymentMethod, nil),
		AdminURL: s.link(fmt.Sprintf("/admin/porudzbine/%d", o.ID)), Shop: shop}
	if o.UserID != nil {
		d.OrderURL = s.link(fmt.Sprintf("/moj-nalog/porudzbine/%d", o.ID))
	}
	if o.PaymentMethod == PaymentBankTransfer {
		ips := s.ipsOf(shop, o)
		d.IPS = &ips
		d.Proforma = ProformaNumber(o.NumberOf())
		d.QRURL = s.link(s.QRPath(o))
	}
	return d, nil
}

func langOf(o *Order) i18n.Lang {
	if o.Lang == string(i18n.EN) {
		return i18n.EN
	}
	return i18n.SR
}

// OrderMails are the messages of a new order: the customer's confirmation (in the order's
// language) and one notice per staff member with view-order (in Serbian).
func (s *Service) OrderMails(ctx context.Context, o *Order, staff []identity.Recipient) (mail.Message, []mail.Message, error) {
	lang := langOf(o)
	subject := "Potvrda porudžbine " + o.NumberOf()
	if lang == i18n.EN {
		subject = "Order confirmation " + o.NumberOf()
	}
	cd, err := s.mailData(ctx, o, lang)
	if err != nil {
		return mail.Message{}, nil, err
	}
	sd, err := s.mailData(ctx, o, i18n.SR)
	if err != nil {
		return mail.Message{}, nil, err
	}
	customer, err := render("order_confirmation", lang, subject, o.Email, cd)
	if err != nil {
		return mail.Message{}, nil, err
	}
	var notices []mail.Message
	for _, r := range staff {
		m, err := render("new_order", i18n.SR, "Nova porudžbina "+o.NumberOf(), r.Email, sd)
		if err != nil {
			return mail.Message{}, nil, err
		}
		notices = append(notices, m)
	}
	return customer, notices, nil
}

// queueOrderMails queues the order's job after its commit. A failure (Redis down) is only
// logged: the order stands, and the sweep queues the job later (its notified_at is still empty).
func (s *Service) queueOrderMails(ctx context.Context, orderID uint64) {
	if s.enq == nil {
		return
	}
	t, err := queue.NewOrderPlacedTask(orderID)
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		s.log.WarnContext(ctx, "order mails not queued; the sweep will", "order_id", orderID, "error", err.Error())
	}
}

// enqueueMail queues one mail under its stable id; already queued (a retry) is fine.
func (s *Service) enqueueMail(ctx context.Context, id string, m mail.Message) error {
	t, err := queue.NewOrderMailTask(id, m)
	if err != nil {
		return apperr.Wrap(err, "mail task")
	}
	if _, err := s.enq.Enqueue(ctx, t); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		return err
	}
	return nil
}

// OrderPlaced is the order job: queue the customer's confirmation and the staff's mails (each
// its own retried mail task), then, in one transaction with marking the order notified, the
// staff's bell notifications. A retry re-queues nothing already queued (stable task ids) and
// notifies nobody twice; an order already notified is done.
func (s *Service) OrderPlaced(ctx context.Context, orderID uint64) error {
	o, err := s.order(ctx, s.db, orderID)
	if err != nil {
		return err
	}
	if o.NotifiedAt != nil {
		return nil
	}
	staff, err := s.ids.Holders(ctx, identity.PermViewOrder)
	if err != nil {
		return err
	}
	customer, notices, err := s.OrderMails(ctx, o, staff)
	if err != nil {
		return err
	}
	if customer, err = s.withProformaPDF(ctx, o, customer); err != nil {
		return err
	}
	if err := s.enqueueMail(ctx, fmt.Sprintf("order-%d-customer", o.ID), customer); err != nil {
		return err
	}
	for i, m := range notices {
		if err := s.enqueueMail(ctx, fmt.Sprintf("order-%d-staff-%d", o.ID, staff[i].ID), m); err != nil {
			return err
		}
	}
	var publish []func(context.Context)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Order{}).Where("id = ? AND notified_at IS NULL", o.ID).Update("notified_at", s.clock.Now())
		if res.Error != nil {
			return apperr.Wrap(res.Error, "order notified")
		}
		if res.RowsAffected == 0 {
			return nil
		}
		for _, r := range staff {
			p, err := s.notes.NotifyTx(tx, r.ID, NotificationNewOrder, map[string]any{
				"message":  i18n.T(i18n.SR, "sales.new_order_notice", map[string]any{"number": o.NumberOf(), "total": formatRSD(o.Total), "name": o.Name}),
				"order_id": o.ID, "number": o.NumberOf(), "total": o.Total})
			if err != nil {
				return err
			}
			publish = append(publish, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range publish {
		p(ctx)
	}
	return nil
}

// SweepOrderMails queues the job of every order older than a minute whose mails were never
// queued (the scheduler runs it every few minutes); it answers how many it queued.
func (s *Service) SweepOrderMails(ctx context.Context) (int, error) {
	var ids []uint64
	if err := s.db.WithContext(ctx).Model(&Order{}).Where("notified_at IS NULL AND created_at < ?", s.clock.Now().Add(-time.Minute)).
		Order("id").Limit(1000).Pluck("id", &ids).Error; err != nil {
		return 0, apperr.Wrap(err, "order mails sweep")
	}
	for _, id := range ids {
		s.queueOrderMails(ctx, id)
	}
	return len(ids), nil
}

// customerNoteMail is the mail of a note to the customer.
func (s *Service) customerNoteMail(ctx context.Context, o *Order, n *OrderNote) (mail.Message, error) {
	lang := langOf(o)
	subject := "Poruka o porudžbini " + o.NumberOf()
	if lang == i18n.EN {
		subject = "A message about your order " + o.NumberOf()
	}
	d, err := s.mailData(ctx, o, lang)
	if err != nil {
		return mail.Message{}, err
	}
	d.Note = n.Body
	return render("customer_note", lang, subject, o.Email, d)
}

func noteMailID(n *OrderNote) string { return "order-note-" + strconv.FormatUint(n.ID, 10) }
