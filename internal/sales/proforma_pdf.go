package sales

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/mail"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/sales/invoicepdf"
)

// A proforma invoice as a PDF, and mailed with it (docs/sales.md "Proforma invoices").

// proformaPrint is an invoice with everything its PDF and mail show.
type proformaPrint struct {
	inv    *ProformaListed
	doc    invoicepdf.Document
	ips    *IPSPayload
	lang   i18n.Lang
	payee  string
	seller string
}

// ProformaIPS is the payment order of an invoice: the shop's account (Shop: the first bank of
// the list, else sales.account), its total, purpose "Profaktura <number>" and the model-97
// reference of the number's digits (for a checkout invoice PR-<order number> that is the
// order's own reference). Nil when the shop has no account.
func (s *Service) proformaIPS(inv *ProformaInvoice, shop *Shop) *IPSPayload {
	if shop.Account == "" {
		return nil
	}
	num := ""
	if inv.Number != nil {
		num = *inv.Number
	}
	return &IPSPayload{Account: shop.Account, Payee: shop.Payee, Amount: inv.Total, PaymentCode: s.opts.PaymentCode,
		Purpose: purposeOf(PurposeProforma, num), Reference: Model97(orderDigits(num))}
}

func (s *Service) proformaPrint(ctx context.Context, id uint64) (*proformaPrint, error) {
	inv, err := s.ProformaInvoice(ctx, id)
	if err != nil {
		return nil, err
	}
	data, err := s.InvoiceData(ctx)
	if err != nil {
		return nil, err
	}
	bs, err := s.Banks(ctx)
	if err != nil {
		return nil, err
	}
	lang := i18n.SR
	if inv.OrderID != nil {
		var langs []string
		if err := s.db.WithContext(ctx).Model(&Order{}).Where("id = ?", *inv.OrderID).Pluck("lang", &langs).Error; err != nil {
			return nil, apperr.Wrap(err, "order language")
		}
		if len(langs) > 0 && langs[0] == string(i18n.EN) {
			lang = i18n.EN
		}
	}
	shop := s.shopOf(*data, bs)
	seller := invoicepdf.Seller{Name: data.Name, Address: data.Address, Phone: data.Phone, Fax: data.Fax, Email: data.Email, Web: data.Web,
		RegistrationNumber: data.RegistrationNumber, PIB: data.PIB, ActivityCode: data.ActivityCode, Bank: data.Bank}
	p := &proformaPrint{inv: inv, lang: lang, payee: shop.Payee, seller: seller.Name, ips: s.proformaIPS(&inv.ProformaInvoice, shop)}
	d := invoicepdf.Document{Number: deref(inv.Number), IssuedAt: inv.CreatedAt, ValidUntil: inv.ValidUntil, IssuePlace: inv.IssuePlace,
		PaymentMethod: i18n.T(i18n.SR, "sales.payment."+inv.PaymentMethod, nil), Seller: seller,
		Buyer: invoicepdf.Buyer{Name: inv.Name, Email: inv.Email, Phone: inv.Phone, Address: inv.Address, City: inv.City, PostCode: inv.PostCode,
			CompanyName: inv.CompanyName, CompanyNumber: inv.CompanyNumber, CompanyPIB: inv.CompanyPIB},
		Note: inv.Note, Compress: true}
	for _, b := range bs {
		d.Banks = append(d.Banks, invoicepdf.BankAccount{Name: b.Name, Account: b.Account})
	}
	for _, it := range inv.Items {
		d.Lines = append(d.Lines, invoicepdf.Line{SKU: it.SKU, Name: it.Name, Price: it.Price, Quantity: it.Quantity, Total: it.Total, VatBps: it.VatBps})
	}
	if p.ips != nil {
		png, err := QRPNG(p.ips.String())
		if err != nil {
			return nil, err
		}
		d.Payment = &invoicepdf.Payment{Reference: p.ips.Reference, Purpose: p.ips.Purpose, QRPNG: png}
	}
	p.doc = d
	return p, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ProformaFileName is the PDF's file name: profaktura-<number>.pdf.
func ProformaFileName(number string) string { return "profaktura-" + number + ".pdf" }

// ProformaPDF answers the invoice's PDF and its file name.
func (s *Service) ProformaPDF(ctx context.Context, id uint64) ([]byte, string, error) {
	p, err := s.proformaPrint(ctx, id)
	if err != nil {
		return nil, "", err
	}
	return s.renderPDF(p)
}

// ProformaDocument answers what the PDF of the invoice shows (tests read its totals and text;
// Compress off).
func (s *Service) ProformaDocument(ctx context.Context, id uint64) (invoicepdf.Document, error) {
	p, err := s.proformaPrint(ctx, id)
	if err != nil {
		return invoicepdf.Document{}, err
	}
	return p.doc, nil
}

func (s *Service) renderPDF(p *proformaPrint) ([]byte, string, error) {
	b, err := invoicepdf.Render(p.doc)
	if err != nil {
		return nil, "", apperr.Wrap(err, "proforma pdf")
	}
	return b, ProformaFileName(p.doc.Number), nil
}

// proformaMailData is what the invoice's mail shows.
type proformaMailData struct {
	Name, Number, ValidUntil, Payee, Reference, Purpose, Seller string
	Total                                                       money.Para
	Banks                                                       []string
}

// proformaMail is the invoice's mail to the buyer, in the order's language (Serbian for an
// invoice staff made), with the PDF attached.
func (s *Service) proformaMail(p *proformaPrint) (mail.Message, error) {
	pdf, name, err := s.renderPDF(p)
	if err != nil {
		return mail.Message{}, err
	}
	d := proformaMailData{Name: p.inv.Name, Number: p.doc.Number, ValidUntil: p.doc.ValidUntil.UTC().Format("02.01.2006."), Payee: p.payee,
		Seller: p.seller, Total: p.inv.Total}
	for _, b := range p.doc.Banks {
		d.Banks = append(d.Banks, invoicepdf.FormatAccount(b.Account)+" ("+b.Name+")")
	}
	if p.ips != nil {
		d.Reference, d.Purpose = strings.TrimPrefix(p.ips.Reference, "97"), p.ips.Purpose
		if len(d.Banks) == 0 {
			d.Banks = []string{invoicepdf.FormatAccount(p.ips.Account)}
		}
	}
	var txt, html bytes.Buffer
	tmpl := "proforma_invoice." + string(p.lang)
	if err := textMails.ExecuteTemplate(&txt, tmpl+".txt", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "proforma mail text")
	}
	if err := htmlMails.ExecuteTemplate(&html, tmpl+".html", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "proforma mail html")
	}
	subject := "Profaktura " + p.doc.Number
	if p.lang == i18n.EN {
		subject = "Proforma invoice " + p.doc.Number
	}
	return mail.Message{To: p.inv.Email, Subject: subject, Body: txt.String(), HTML: html.String(),
		Attachments: []mail.Attachment{{Name: name, ContentType: "application/pdf", Data: pdf}}}, nil
}

// SendProformaInvoice mails the invoice with its PDF to the buyer and a copy to every invoice
// e-mail entry, each its own queued mail (retried while the relay is down), then records when
// it was sent. Activity: proforma_invoice.sent with the recipients.
func (s *Service) SendProformaInvoice(ctx context.Context, id uint64) (*ProformaListed, []string, error) {
	p, err := s.proformaPrint(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.proformaMail(p)
	if err != nil {
		return nil, nil, err
	}
	copies, err := s.InvoiceEmails(ctx)
	if err != nil {
		return nil, nil, err
	}
	to := []string{m.To}
	for _, c := range copies {
		if !strings.EqualFold(c.Email, m.To) {
			to = append(to, c.Email)
		}
	}
	if s.enq == nil {
		return nil, nil, apperr.Wrap(errors.New("no queue"), "proforma mail")
	}
	for _, addr := range to {
		msg := m
		msg.To = addr
		t, err := queue.NewMailSendTask(msg)
		if err != nil {
			return nil, nil, apperr.Wrap(err, "proforma mail task")
		}
		if _, err := s.enq.Enqueue(ctx, t); err != nil {
			return nil, nil, apperr.Wrap(err, "queue proforma mail")
		}
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		now := s.clock.Now()
		if err := tx.Model(&ProformaInvoice{}).Where("id = ?", id).Updates(map[string]any{"sent_at": now}).Error; err != nil {
			return apperr.Wrap(err, "proforma sent")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProformaInvoiceSent, SubjectType: activity.SubjectProformaInvoice, SubjectID: id,
			New: map[string]any{"to": to}})
	})
	if err != nil {
		return nil, nil, err
	}
	inv, err := s.ProformaInvoice(ctx, id)
	return inv, to, err
}

// withProformaPDF attaches the order's proforma invoice (bank transfer) to its confirmation
// and queues a copy of that invoice mail to every invoice e-mail entry (stable task ids, so a
// retried order job sends no copy twice).
func (s *Service) withProformaPDF(ctx context.Context, o *Order, m mail.Message) (mail.Message, error) {
	if o.ProformaInvoiceID == 0 {
		return m, nil
	}
	p, err := s.proformaPrint(ctx, o.ProformaInvoiceID)
	if err != nil {
		return m, err
	}
	pm, err := s.proformaMail(p)
	if err != nil {
		return m, err
	}
	m.Attachments = append(m.Attachments, pm.Attachments...)
	copies, err := s.InvoiceEmails(ctx)
	if err != nil {
		return m, err
	}
	for _, c := range copies {
		cm := pm
		cm.To = c.Email
		t, err := queue.NewOrderMailTask(fmt.Sprintf("proforma-%d-copy-%d", o.ProformaInvoiceID, c.ID), cm)
		if err != nil {
			return m, apperr.Wrap(err, "proforma copy task")
		}
		if _, err := s.enq.Enqueue(ctx, t); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
			return m, err
		}
	}
	return m, nil
}
