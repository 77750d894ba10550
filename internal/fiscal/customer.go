package fiscal

import (
	"bytes"
	"context"
	"crypto/subtle"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"net/http"
	texttemplate "text/template"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/internal/sales"
	"shop/internal/sales/invoicepdf"
)

// The customer's side of a receipt: the mail sent once it is signed (the journal, the QR code,
// the verification link and the PDF), the PDF and the QR image behind the order's signed token
// (a guest has no account) or the customer's login, and the signed receipts of "Moje
// porudžbine".

//go:embed mailtmpl/*
var mailFiles embed.FS

var (
	textMails = texttemplate.Must(texttemplate.New("").ParseFS(mailFiles, "mailtmpl/*.txt"))
	htmlMails = htmltemplate.Must(htmltemplate.New("").ParseFS(mailFiles, "mailtmpl/*.html"))
)

// Links are a signed receipt's addresses for its customer: the PDF and the QR image, each with
// the order's signed token.
type Links struct {
	PDF string
	QR  string
}

// LinksOf are the receipt's paths (relative to the shop's public address).
func (s *Service) LinksOf(r *Receipt) Links {
	base := fmt.Sprintf("/api/v1/orders/%d/receipts/%d", r.OrderID, r.ID)
	tok := "?token=" + s.sales.QRToken(r.OrderID)
	return Links{PDF: base + "/pdf" + tok, QR: base + "/qr" + tok}
}

// Signed are the signed receipts of the orders, by order, oldest first (Moje porudžbine).
func (s *Service) Signed(ctx context.Context, orderIDs []uint64) (map[uint64][]Receipt, error) {
	out := map[uint64][]Receipt{}
	if len(orderIDs) == 0 {
		return out, nil
	}
	var list []Receipt
	if err := s.db.WithContext(ctx).Omit("request", "response").Where("order_id IN ? AND status = ?", orderIDs, StatusSent).Order("id").
		Find(&list).Error; err != nil {
		return nil, apperr.Wrap(err, "signed receipts")
	}
	for _, r := range list {
		out[r.OrderID] = append(out[r.OrderID], r)
	}
	return out, nil
}

// CustomerReceipt is a signed receipt of the order for its customer (userID) or the holder of
// the order's signed token; anything else is not found, as another's order is.
func (s *Service) CustomerReceipt(ctx context.Context, orderID, receiptID, userID uint64, token string) (*Receipt, error) {
	o, err := s.sales.Order(ctx, orderID)
	if err != nil {
		return nil, err
	}
	own := userID != 0 && o.UserID != nil && *o.UserID == userID
	signed := token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.sales.QRToken(orderID))) == 1
	r, err := s.byID(ctx, receiptID)
	if err != nil || (!own && !signed) || r.OrderID != orderID || r.Status != StatusSent {
		return nil, apperr.NotFoundThing("receipt")
	}
	r.OrderNumber = o.NumberOf()
	return r, nil
}

// QR is the receipt's verification QR code as the device sent it (a GIF from a V-SDC, a PNG
// from the simulator) with its content type; when the answer has none, a PNG of the
// verification URL.
func (s *Service) QR(r *Receipt) ([]byte, string, error) {
	var res vsdc.InvoiceResult
	if r.Response != "" {
		_ = json.Unmarshal([]byte(r.Response), &res)
	}
	if b, err := base64.StdEncoding.DecodeString(res.VerificationQRCode); err == nil && len(b) > 0 {
		return b, http.DetectContentType(b), nil
	}
	if r.VerificationURL == "" {
		return nil, "", apperr.NotFoundThing("receipt")
	}
	png, err := sales.QRPNG(r.VerificationURL)
	return png, "image/png", err
}

// Title is the receipt's heading in the language: its kind and the order.
func Title(lang i18n.Lang, r *Receipt) string {
	return i18n.T(lang, "fiscal.title."+r.Kind, map[string]any{"order": r.OrderNumber})
}

// PDF is the receipt for download: the journal, the QR code and the verification link, and the
// test notice when the simulator signed it. The file's name comes with it.
func (s *Service) PDF(r *Receipt, lang i18n.Lang) ([]byte, string, error) {
	qr, _, err := s.QR(r)
	if err != nil {
		return nil, "", err
	}
	d := invoicepdf.Receipt{Title: Title(lang, r), InvoiceNumber: r.InvoiceNumber, Journal: r.Journal, QR: qr,
		VerificationURL: r.VerificationURL, Compress: true}
	if r.SdcTime != nil {
		d.SignedAt = r.SdcTime.In(clock.Zone)
	}
	if r.Simulated {
		d.Test = i18n.T(lang, "fiscal.test_receipt", nil)
	}
	b, err := invoicepdf.RenderReceipt(d)
	if err != nil {
		return nil, "", apperr.Wrap(err, "receipt pdf")
	}
	if r.ReturnID != 0 {
		return b, fmt.Sprintf("racun-%s-%s-%d.pdf", r.OrderNumber, r.Kind, r.ReturnID), nil
	}
	return b, fmt.Sprintf("racun-%s-%s.pdf", r.OrderNumber, r.Kind), nil
}

type mailData struct {
	Subject, Name, Intro, Test, Journal, VerificationURL, QRURL, PDFURL, OrderURL string
	// Shop signs the mail (the shop's identity, as every mail).
	Shop *sales.Shop
}

// ReceiptMail is the customer's mail of a signed receipt, in the order's language. The PDF is
// a link, not an attachment: drawing it would cost every receipt's job far more than signing.
func (s *Service) ReceiptMail(ctx context.Context, r *Receipt, o *sales.Order) (mail.Message, error) {
	if o == nil {
		var err error
		if o, err = s.sales.Order(ctx, r.OrderID); err != nil {
			return mail.Message{}, err
		}
	}
	r.OrderNumber = o.NumberOf()
	shop, err := s.sales.Shop(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	lang := sales.LangOf(o)
	links := s.LinksOf(r)
	d := mailData{Subject: Title(lang, r), Name: o.Name, Intro: i18n.T(lang, "fiscal.mail_intro."+r.Kind, map[string]any{"order": o.NumberOf()}),
		Journal: r.Journal, VerificationURL: r.VerificationURL, QRURL: s.sales.PublicLink(links.QR), PDFURL: s.sales.PublicLink(links.PDF), Shop: shop}
	if r.Simulated {
		d.Test = i18n.T(lang, "fiscal.test_receipt", nil)
	}
	if o.UserID != nil {
		d.OrderURL = s.sales.PublicLink("/moj-nalog/porudzbine")
	}
	var txt, html bytes.Buffer
	if err := textMails.ExecuteTemplate(&txt, "receipt."+string(lang)+".txt", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "receipt mail")
	}
	if err := htmlMails.ExecuteTemplate(&html, "receipt."+string(lang)+".html", d); err != nil {
		return mail.Message{}, apperr.Wrap(err, "receipt mail")
	}
	return mail.Message{To: o.Email, Subject: d.Subject, Body: txt.String(), HTML: html.String()}, nil
}

// mailOnce queues a signed receipt's mail that was never queued and marks it mailed.
func (s *Service) mailOnce(ctx context.Context, r *Receipt, o *sales.Order) error {
	if r.Status != StatusSent || r.MailedAt != nil {
		return nil
	}
	if err := s.queueMail(ctx, r, o); err != nil {
		return err
	}
	now := s.clock.Now()
	r.MailedAt = &now
	return apperr.Wrap(s.db.WithContext(ctx).Model(&Receipt{}).Where("id = ? AND mailed_at IS NULL", r.ID).Update("mailed_at", now).Error,
		"receipt mailed")
}

// queueMail queues the receipt's mail under a stable id: a second queueing of the same id is
// refused by the queue, so the customer gets one mail whatever is retried.
func (s *Service) queueMail(ctx context.Context, r *Receipt, o *sales.Order) error {
	m, err := s.ReceiptMail(ctx, r, o)
	if err != nil {
		return err
	}
	t, err := queue.NewOrderMailTask(fmt.Sprintf("fiscal-receipt-%d", r.ID), m)
	if err != nil {
		return apperr.Wrap(err, "receipt mail task")
	}
	if _, err := s.enq.Enqueue(ctx, t); err != nil && !isDuplicate(err) {
		return apperr.Unreachable(err, "queue receipt mail")
	}
	return nil
}

// SignedReceipt is a signed receipt by id with its order's number (the staff's PDF); one not
// signed is not found.
func (s *Service) SignedReceipt(ctx context.Context, id uint64) (*Receipt, error) {
	r, err := s.byID(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Status != StatusSent {
		return nil, apperr.NotFoundThing("receipt")
	}
	list := []Receipt{*r}
	if err := s.numbered(ctx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}
