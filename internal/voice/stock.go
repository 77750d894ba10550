package voice

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
)

// SubscriptionRow is a row of back_in_stock_subscriptions.
type SubscriptionRow struct {
	ID           uint64 `gorm:"primaryKey"`
	ProductID    uint64
	Email        string
	Lang         string
	SubscribedAt time.Time
	NotifiedAt   *time.Time
	CreatedAt    time.Time
}

func (SubscriptionRow) TableName() string { return "back_in_stock_subscriptions" }

// SubscribeInput is the out-of-stock box (spec 3: product_id, product_url, email).
type SubscribeInput struct {
	ProductID  uint64
	ProductURL string
	Email      string
}

// Subscribe asks for a mail when the product under slug can be bought again. The product id
// must be that product's; product_url is checked for length only: the mail links to the
// product's own page, never to an address a stranger typed. Subscribing again before the
// mail went out changes nothing; after it, it waits for the next time.
func (s *Service) Subscribe(ctx context.Context, slug string, c Client, in SubscribeInput) error {
	p, err := s.productBySlug(ctx, slug)
	if err != nil {
		return err
	}
	in.Email = normalizeEmail(in.Email)
	var fields []apperr.FieldError
	switch {
	case in.Email == "":
		fields = append(fields, apperr.Field("email", "voice.email_required"))
	case !validEmail(in.Email):
		fields = append(fields, apperr.Field("email", "voice.email_invalid"))
	}
	if in.ProductID != 0 && in.ProductID != p.ID {
		fields = append(fields, apperr.Field("product_id", "voice.product_mismatch"))
	}
	if runes(in.ProductURL) > URLMax {
		fields = append(fields, apperr.Field("product_url", "validation.max_chars", "n", URLMax))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "subscribe", c, in.Email); err != nil {
		return err
	}
	now := s.now()
	row := SubscriptionRow{ProductID: p.ID, Email: in.Email, Lang: langOf(c.Lang), SubscribedAt: now, CreatedAt: now}
	// A pending subscription stays as it is (its language follows the latest form); a notified
	// one starts a new round.
	err = s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "product_id"}, {Name: "email"}},
		DoUpdates: clause.Set{
			{Column: clause.Column{Name: "lang"}, Value: row.Lang},
			{Column: clause.Column{Name: "subscribed_at"}, Value: clause.Expr{SQL: "CASE WHEN back_in_stock_subscriptions.notified_at IS NULL THEN back_in_stock_subscriptions.subscribed_at ELSE ? END", Vars: []any{now}}},
			{Column: clause.Column{Name: "notified_at"}, Value: nil},
		},
	}).Create(&row).Error
	return apperr.Wrap(err, "subscribe")
}

// scanBatch is how many subscriptions one round of the scan mails.
const scanBatch = 500

// MailBackInStock mails every waiting subscriber of a product that can be bought now, once,
// in the language they subscribed in, with a signed unsubscribe link; it answers how many
// mails it queued. It is the scheduled job's body: a set-based look at the purchasable state
// after whatever changed it (a price-list import, an edit, a price recompute). Each mail's
// task id is its subscription's round, so a retry after a crash sends nothing twice.
func (s *Service) MailBackInStock(ctx context.Context) (int, error) {
	sent := 0
	for {
		var rows []struct {
			SubscriptionRow
			Name             string
			Slug             string
			MainCategorySlug string
		}
		err := s.db.WithContext(ctx).Table("back_in_stock_subscriptions b").
			Select("b.*, p.name, p.slug, p.category_slug AS main_category_slug").
			Joins("JOIN product_summaries p ON p.id = b.product_id").
			Where("b.notified_at IS NULL AND p.purchasable").
			Order("b.id").Limit(scanBatch).Scan(&rows).Error
		if err != nil {
			return sent, apperr.Wrap(err, "back-in-stock scan")
		}
		if len(rows) == 0 {
			return sent, nil
		}
		ids := make([]uint64, 0, len(rows))
		for _, r := range rows {
			p := product{ID: r.ProductID, Name: r.Name, Slug: r.Slug, MainCategorySlug: r.MainCategorySlug}
			lang := i18n.Lang(r.Lang)
			args := map[string]any{"product": r.Name, "url": s.productURL(&p), "unsubscribe": s.UnsubscribeURL(r.ID)}
			m := mail.Message{To: r.Email, Subject: i18n.T(lang, "voice.mail.stock_subject", args), Body: i18n.T(lang, "voice.mail.stock_body", args)}
			t, err := queue.NewVoiceMailTask(m, fmt.Sprintf("stock:%d:%d", r.ID, r.SubscribedAt.UnixNano()))
			if err != nil {
				return sent, apperr.Wrap(err, "back-in-stock mail")
			}
			if _, err := s.enq.Enqueue(ctx, t); err != nil && !queue.Duplicate(err) {
				return sent, err
			}
			ids = append(ids, r.ID)
			sent++
		}
		if err := s.db.WithContext(ctx).Model(&SubscriptionRow{}).Where("id IN ?", ids).Update("notified_at", s.now()).Error; err != nil {
			return sent, apperr.Wrap(err, "back-in-stock notified")
		}
	}
}

// UnsubscribeURL is the signed link in a back-in-stock mail: a storefront page that sends id
// and signature to GET available-again/unsubscribe and shows the answer.
func (s *Service) UnsubscribeURL(id uint64) string {
	n := strconv.FormatUint(id, 10)
	return s.opts.PublicURL + "/obavestenje-o-dostupnosti/odjava?id=" + n + "&signature=" + s.sign("stock:"+n)
}

// Unsubscribe removes a subscription named by a mail's signed link. A bad signature is a 404
// (nothing tells a guesser which ids exist); an id already gone is fine (the link was used).
func (s *Service) Unsubscribe(ctx context.Context, id uint64, signature string) error {
	n := strconv.FormatUint(id, 10)
	want := s.sign("stock:" + n)
	if id == 0 || !hmacEqual(want, strings.ToLower(strings.TrimSpace(signature))) {
		return apperr.NotFoundThing("subscription")
	}
	return apperr.Wrap(s.db.WithContext(ctx).Delete(&SubscriptionRow{}, id).Error, "unsubscribe")
}
