package voice

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/csvcell"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
)

// The newsletter: the footer's sign-up with double opt-in (a mail with a
// signed confirm link), the signed unsubscribe link, and staff's side: the subscribers and
// the products chosen for the next mailing. Tables of migrations 0020 and 0023.

// NewsletterSubscriberRow is a row of newsletter_subscribers.
type NewsletterSubscriberRow struct {
	ID             uint64 `gorm:"primaryKey"`
	Email          string
	Lang           string
	IP             string `gorm:"column:ip"`
	ConfirmedAt    *time.Time
	UnsubscribedAt *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (NewsletterSubscriberRow) TableName() string { return "newsletter_subscribers" }

// newsletterProductRow is a row of newsletter_products: a product of the next mailing, in
// staff's order.
type newsletterProductRow struct {
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Position  int
	CreatedAt time.Time
}

func (newsletterProductRow) TableName() string { return "newsletter_products" }

// Subscriber states: confirmed (mailed), pending (the confirm link not used yet),
// unsubscribed.
const (
	SubscriberConfirmed    = "confirmed"
	SubscriberPending      = "pending"
	SubscriberUnsubscribed = "unsubscribed"
)

// ConfirmLinkTTL is how long a confirm link works ('Link je neispravan ili je istekao.' after).
const ConfirmLinkTTL = 7 * 24 * time.Hour

// ConfirmResendAfter is how long an address waits for a new confirmation mail: it has one
// pending confirmation at a time. Asking again within a day of the last mail sends nothing
// (strangers cannot flood an inbox from many clients); after a day one who lost the mail gets
// a new one.
const ConfirmResendAfter = 24 * time.Hour

// NewsletterProductsMax bounds the list of the next mailing (a mail, not a catalogue).
const NewsletterProductsMax = 100

// Activity entries of the newsletter's product list.
const (
	ActivityNewsletterProductAdded   = "newsletter_product.added"
	ActivityNewsletterProductRemoved = "newsletter_product.removed"
	ActivityNewsletterProductsOrder  = "newsletter_product.reordered"
	SubjectNewsletterProduct         = "newsletter_product"
)

// SubscribeNewsletter signs an address up: a new or unsubscribed address (or one that never
// confirmed) gets a confirm mail in the request's language; a confirmed one gets nothing.
// The answer is the same either way, so the form tells no stranger who is subscribed.
func (s *Service) SubscribeNewsletter(ctx context.Context, c Client, email string) error {
	email = normalizeEmail(email)
	switch {
	case email == "":
		return apperr.InvalidFields(apperr.Field("email", "voice.email_required"))
	case !validEmail(email):
		return apperr.InvalidFields(apperr.Field("email", "voice.email_invalid"))
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "newsletter", c, email); err != nil {
		return err
	}
	now := s.now()
	var row NewsletterSubscriberRow
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("email = ?", email).Take(&row).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			row = NewsletterSubscriberRow{Email: email, Lang: langOf(c.Lang), IP: c.IP, CreatedAt: now, UpdatedAt: now}
			return tx.Create(&row).Error
		}
		if err != nil {
			return err
		}
		if row.ConfirmedAt != nil && row.UnsubscribedAt == nil {
			row.ID = 0 // subscribed already: no mail
			return nil
		}
		if row.ConfirmedAt == nil && row.UnsubscribedAt == nil && now.Sub(row.UpdatedAt) < ConfirmResendAfter {
			row.ID = 0 // a confirmation is pending: no second mail
			return nil
		}
		// an unsubscribed address starts over: it confirms again
		row.Lang, row.IP, row.UpdatedAt = langOf(c.Lang), c.IP, now
		return tx.Model(&row).Updates(map[string]any{"lang": row.Lang, "ip": row.IP, "updated_at": now,
			"confirmed_at": nil, "unsubscribed_at": nil}).Error
	})
	if err != nil {
		return apperr.Wrap(err, "newsletter subscribe")
	}
	if row.ID == 0 {
		return nil
	}
	lang := i18n.Lang(row.Lang)
	args := map[string]any{"link": s.NewsletterConfirmURL(row.ID, now.Add(ConfirmLinkTTL)), "unsubscribe": s.NewsletterUnsubscribeURL(row.ID)}
	m := mail.Message{To: row.Email, Subject: i18n.T(lang, "newsletter.confirm_subject", nil), Body: i18n.T(lang, "newsletter.confirm_body", args)}
	t, err := queue.NewVoiceMailTask(m, fmt.Sprintf("newsletter:%d:%d", row.ID, now.UnixNano()))
	if err != nil {
		return apperr.Wrap(err, "newsletter mail")
	}
	if _, err := s.enq.Enqueue(ctx, t); err != nil && !queue.Duplicate(err) {
		return err
	}
	return nil
}

// NewsletterConfirmURL is the storefront page the confirm mail links to; the page sends id,
// expires and signature to POST newsletter/confirm.
func (s *Service) NewsletterConfirmURL(id uint64, expires time.Time) string {
	n, e := strconv.FormatUint(id, 10), strconv.FormatInt(expires.Unix(), 10)
	return s.opts.PublicURL + "/newsletter/potvrda?id=" + n + "&expires=" + e + "&signature=" + s.sign("newsletter:confirm:"+n+":"+e)
}

// NewsletterUnsubscribeURL is the storefront page of the signed unsubscribe link (no expiry).
func (s *Service) NewsletterUnsubscribeURL(id uint64) string {
	n := strconv.FormatUint(id, 10)
	return s.opts.PublicURL + "/newsletter/odjava?id=" + n + "&signature=" + s.sign("newsletter:unsubscribe:"+n)
}

func invalidLink() error { return apperr.New(apperr.NotFound, "newsletter.invalid_link") }

// ConfirmNewsletter uses a confirm link. A wrong signature, an expired link or a link older
// than the address's last unsubscribe is a 404 'Link je neispravan ili je istekao.'; using
// the link twice is fine.
func (s *Service) ConfirmNewsletter(ctx context.Context, id uint64, expires int64, signature string) error {
	n, e := strconv.FormatUint(id, 10), strconv.FormatInt(expires, 10)
	if id == 0 || !hmacEqual(s.sign("newsletter:confirm:"+n+":"+e), strings.ToLower(strings.TrimSpace(signature))) {
		return invalidLink()
	}
	now := s.now()
	exp := time.Unix(expires, 0)
	if now.After(exp) {
		return invalidLink()
	}
	var row NewsletterSubscriberRow
	err := s.db.WithContext(ctx).Take(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return invalidLink()
	}
	if err != nil {
		return apperr.Wrap(err, "newsletter confirm")
	}
	issued := exp.Add(-ConfirmLinkTTL)
	if row.UnsubscribedAt != nil && !issued.After(*row.UnsubscribedAt) {
		return invalidLink() // a link from before the unsubscribe does not undo it
	}
	if row.ConfirmedAt != nil && row.UnsubscribedAt == nil {
		return nil
	}
	err = s.db.WithContext(ctx).Model(&row).Updates(map[string]any{"confirmed_at": now, "unsubscribed_at": nil, "updated_at": now}).Error
	return apperr.Wrap(err, "newsletter confirm")
}

// UnsubscribeNewsletter uses an unsubscribe link: a wrong signature is a 404; an address gone
// or unsubscribed already is fine.
func (s *Service) UnsubscribeNewsletter(ctx context.Context, id uint64, signature string) error {
	n := strconv.FormatUint(id, 10)
	if id == 0 || !hmacEqual(s.sign("newsletter:unsubscribe:"+n), strings.ToLower(strings.TrimSpace(signature))) {
		return invalidLink()
	}
	now := s.now()
	err := s.db.WithContext(ctx).Model(&NewsletterSubscriberRow{}).Where("id = ? AND unsubscribed_at IS NULL", id).
		Updates(map[string]any{"unsubscribed_at": now, "updated_at": now}).Error
	return apperr.Wrap(err, "newsletter unsubscribe")
}

// Subscriber is an address as staff list it.
type Subscriber struct {
	ID             uint64
	Email          string
	Lang           string
	Status         string
	ConfirmedAt    *time.Time
	UnsubscribedAt *time.Time
	CreatedAt      time.Time
}

func subscriberOf(r NewsletterSubscriberRow) Subscriber {
	st := SubscriberPending
	switch {
	case r.UnsubscribedAt != nil:
		st = SubscriberUnsubscribed
	case r.ConfirmedAt != nil:
		st = SubscriberConfirmed
	}
	return Subscriber{ID: r.ID, Email: r.Email, Lang: r.Lang, Status: st, ConfirmedAt: r.ConfirmedAt, UnsubscribedAt: r.UnsubscribedAt, CreatedAt: r.CreatedAt}
}

// SubscriberFilter narrows the subscribers: Status one of the states or "" (all); Search a part of the address.
type SubscriberFilter struct {
	Status string
	Search string
	Page   listing.Page
}

func (s *Service) subscribersQuery(ctx context.Context, f SubscriberFilter) (*gorm.DB, error) {
	q := s.db.WithContext(ctx).Model(&NewsletterSubscriberRow{})
	switch f.Status {
	case "":
	case SubscriberConfirmed:
		q = q.Where("confirmed_at IS NOT NULL AND unsubscribed_at IS NULL")
	case SubscriberPending:
		q = q.Where("confirmed_at IS NULL AND unsubscribed_at IS NULL")
	case SubscriberUnsubscribed:
		q = q.Where("unsubscribed_at IS NOT NULL")
	default:
		return nil, apperr.InvalidFields(apperr.Field("status", "validation.oneof"))
	}
	if t := normalizeEmail(f.Search); t != "" {
		q = q.Where("email LIKE ?"+db.LikeEscape, db.LikeContains(t))
	}
	return q, nil
}

// Subscribers answers a page of subscribers, newest first, and how many match.
func (s *Service) Subscribers(ctx context.Context, f SubscriberFilter) ([]Subscriber, int64, error) {
	q, err := s.subscribersQuery(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count subscribers")
	}
	var rows []NewsletterSubscriberRow
	if err := q.Session(&gorm.Session{}).Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&rows).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "subscribers")
	}
	out := make([]Subscriber, 0, len(rows))
	for _, r := range rows {
		out = append(out, subscriberOf(r))
	}
	return out, total, nil
}

// Export formats of the subscribers.
const (
	ExportCSV  = "csv"
	ExportXLSX = "xlsx"
)

// SubscriberColumns is the export's header row.
var SubscriberColumns = []string{"email", "status", "lang", "created_at", "confirmed_at", "unsubscribed_at"}

// ExportSubscribers writes every subscriber the filter selects (oldest first) as CSV or XLSX,
// reading in batches so a long list never sits in memory whole (XLSX rows go through
// excelize's stream writer, which spills to a temporary file).
func (s *Service) ExportSubscribers(ctx context.Context, f SubscriberFilter, format string, w io.Writer) error {
	if format != ExportCSV && format != ExportXLSX {
		return apperr.InvalidFields(apperr.Field("format", "validation.oneof"))
	}
	q, err := s.subscribersQuery(ctx, f)
	if err != nil {
		return err
	}
	stamp := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	record := func(r NewsletterSubscriberRow) []string {
		sub := subscriberOf(r)
		return []string{sub.Email, sub.Status, sub.Lang, stamp(&r.CreatedAt), stamp(r.ConfirmedAt), stamp(r.UnsubscribedAt)}
	}
	each := func(fn func([]string) error) error {
		var batch []NewsletterSubscriberRow
		return q.Session(&gorm.Session{}).Order("id").FindInBatches(&batch, 1000, func(tx *gorm.DB, _ int) error {
			for _, r := range batch {
				if err := fn(record(r)); err != nil {
					return err
				}
			}
			return nil
		}).Error
	}
	if format == ExportCSV {
		cw := csvcell.NewWriter(w)
		if err := cw.Write(SubscriberColumns); err != nil {
			return err
		}
		if err := each(cw.Write); err != nil {
			return apperr.Wrap(err, "export subscribers")
		}
		cw.Flush()
		return cw.Error()
	}
	x := excelize.NewFile()
	defer x.Close()
	sheet := "Newsletter"
	if err := x.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	sw, err := x.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	n := 0
	row := func(cells []string) error {
		n++
		vals := make([]any, len(cells))
		for i, c := range cells {
			vals[i] = c
		}
		cell, _ := excelize.CoordinatesToCellName(1, n)
		return sw.SetRow(cell, vals)
	}
	if err := row(SubscriberColumns); err != nil {
		return err
	}
	if err := each(row); err != nil {
		return apperr.Wrap(err, "export subscribers")
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	_, err = x.WriteTo(w)
	return err
}

// NewsletterProduct is a product of the next mailing.
type NewsletterProduct struct {
	Product  ProductRef
	Position int
	Active   bool
	AddedAt  time.Time
}

// NewsletterProducts answers the products of the next mailing in staff's order.
func (s *Service) NewsletterProducts(ctx context.Context) ([]NewsletterProduct, error) {
	return s.newsletterProducts(s.db.WithContext(ctx))
}

func (s *Service) newsletterProducts(tx *gorm.DB) ([]NewsletterProduct, error) {
	var rows []struct {
		ProductID uint64
		Position  int
		CreatedAt time.Time
		SKU       string `gorm:"column:sku"`
		Name      string
		Slug      string
		Live      bool
	}
	err := tx.Table("newsletter_products n").
		Select("n.product_id, n.position, n.created_at, p.sku, p.name, p.slug, p.live").
		Joins("JOIN product_summaries p ON p.id = n.product_id").
		Order("n.position, n.product_id").Scan(&rows).Error
	if err != nil {
		return nil, apperr.Wrap(err, "newsletter products")
	}
	out := make([]NewsletterProduct, 0, len(rows))
	for _, r := range rows {
		out = append(out, NewsletterProduct{Product: ProductRef{ID: r.ProductID, SKU: r.SKU, Name: r.Name, Slug: r.Slug},
			Position: r.Position, Active: r.Live, AddedAt: r.CreatedAt})
	}
	return out, nil
}

// AddNewsletterProduct puts a product at the end of the next mailing's list; a product there
// already stays where it is.
func (s *Service) AddNewsletterProduct(ctx context.Context, productID uint64) ([]NewsletterProduct, error) {
	if productID == 0 {
		return nil, apperr.InvalidFields(apperr.Field("product_id", "validation.required"))
	}
	var out []NewsletterProduct
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var exists int64
		if err := tx.Table("product_summaries").Where("id = ?", productID).Count(&exists).Error; err != nil {
			return apperr.Wrap(err, "newsletter product")
		}
		if exists == 0 {
			return apperr.InvalidFields(apperr.Field("product_id", "newsletter.product_unknown"))
		}
		var have []newsletterProductRow
		if err := tx.Order("position").Find(&have).Error; err != nil {
			return apperr.Wrap(err, "newsletter products")
		}
		next := 0
		for _, h := range have {
			if h.ProductID == productID {
				var err error
				out, err = s.newsletterProducts(tx)
				return err
			}
			if h.Position >= next {
				next = h.Position + 1
			}
		}
		if len(have) >= NewsletterProductsMax {
			return apperr.InvalidFields(apperr.Field("product_id", "newsletter.products_max", "n", NewsletterProductsMax))
		}
		if err := tx.Create(&newsletterProductRow{ProductID: productID, Position: next, CreatedAt: s.now()}).Error; err != nil {
			return apperr.Wrap(err, "add newsletter product")
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityNewsletterProductAdded, SubjectType: SubjectNewsletterProduct,
			SubjectID: productID, New: map[string]any{"product_id": productID, "position": next}}); err != nil {
			return err
		}
		var err error
		out, err = s.newsletterProducts(tx)
		return err
	})
	return out, err
}

// RemoveNewsletterProduct takes a product off the list (404 when it is not on it).
func (s *Service) RemoveNewsletterProduct(ctx context.Context, productID uint64) ([]NewsletterProduct, error) {
	var out []NewsletterProduct
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var row newsletterProductRow
		err := tx.Take(&row, "product_id = ?", productID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("product")
		}
		if err != nil {
			return apperr.Wrap(err, "newsletter product")
		}
		if err := tx.Delete(&newsletterProductRow{}, "product_id = ?", productID).Error; err != nil {
			return apperr.Wrap(err, "remove newsletter product")
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityNewsletterProductRemoved, SubjectType: SubjectNewsletterProduct,
			SubjectID: productID, Old: map[string]any{"product_id": productID, "position": row.Position}}); err != nil {
			return err
		}
		out, err = s.newsletterProducts(tx)
		return err
	})
	return out, err
}

// OrderNewsletterProducts sets the list's order: ids must be exactly the products on it, each
// once (a stale screen gets a 422 rather than silently dropping or adding products).
func (s *Service) OrderNewsletterProducts(ctx context.Context, ids []uint64) ([]NewsletterProduct, error) {
	var out []NewsletterProduct
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var have []newsletterProductRow
		if err := tx.Order("position, product_id").Find(&have).Error; err != nil {
			return apperr.Wrap(err, "newsletter products")
		}
		on := make(map[uint64]bool, len(have))
		old := make([]uint64, 0, len(have))
		for _, h := range have {
			on[h.ProductID] = true
			old = append(old, h.ProductID)
		}
		seen := make(map[uint64]bool, len(ids))
		for _, id := range ids {
			if !on[id] || seen[id] {
				return apperr.InvalidFields(apperr.Field("product_ids", "newsletter.order_mismatch"))
			}
			seen[id] = true
		}
		if len(ids) != len(have) {
			return apperr.InvalidFields(apperr.Field("product_ids", "newsletter.order_mismatch"))
		}
		for i, id := range ids {
			if err := tx.Model(&newsletterProductRow{}).Where("product_id = ?", id).Update("position", i).Error; err != nil {
				return apperr.Wrap(err, "order newsletter products")
			}
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityNewsletterProductsOrder, SubjectType: SubjectNewsletterProduct,
			Old: map[string]any{"product_ids": old}, New: map[string]any{"product_ids": ids}}); err != nil {
			return err
		}
		var err error
		out, err = s.newsletterProducts(tx)
		return err
	})
	return out, err
}
