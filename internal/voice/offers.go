package voice

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// Price offer statuses: a new request is pending until staff answer or decline it.
const (
	OfferPending  = "pending"
	OfferAnswered = "answered"
	OfferDeclined = "declined"
)

// OfferPermission guards the price offers: a request to buy, handled by the staff who handle
// orders (the specifications name no permission of their own).
const OfferPermission = identity.PermViewOrder

// NotificationPriceOffer is the staff notification of a new price offer.
const NotificationPriceOffer = "PriceOfferReceived"

// PriceOfferRow is a row of price_offers.
type PriceOfferRow struct {
	ID         uint64 `gorm:"primaryKey"`
	ProductID  uint64
	ProductSKU string `gorm:"column:product_sku"`
	Email      string
	Price      int64
	Status     string
	Lang       string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (PriceOfferRow) TableName() string { return "price_offers" }

// OfferInput is the price-offer form (spec 3: product_sku, email, price); Price nil: not sent.
type OfferInput struct {
	ProductSKU string
	Email      string
	Price      *money.Para
}

// PriceOffer is a request as staff list it, with the product's current (guest) price.
type PriceOffer struct {
	ID           uint64
	Product      ProductRef
	Email        string
	Price        money.Para
	CurrentPrice money.Para
	Status       string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Offer stores a customer's price offer and tells the staff. Spec 5: e-mail and price both
// required ('Polja su prazna.'), the e-mail of the standard pattern ('Niste uneli pravilnu
// e-mail adresu.'); the price above 0; an unknown or unavailable product is a 404.
func (s *Service) Offer(ctx context.Context, c Client, in OfferInput) error {
	in.Email = normalizeEmail(in.Email)
	in.ProductSKU = strings.TrimSpace(in.ProductSKU)
	var fields []apperr.FieldError
	if in.Email == "" {
		fields = append(fields, apperr.Field("email", "voice.offer_empty"))
	}
	if in.Price == nil {
		fields = append(fields, apperr.Field("price", "voice.offer_empty"))
	}
	if in.ProductSKU == "" {
		fields = append(fields, apperr.Field("product_sku", "validation.required"))
	}
	if len(fields) > 0 {
		return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("voice.offer_empty"), Fields: fields}
	}
	if !validEmail(in.Email) {
		return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("voice.offer_email"), Fields: []apperr.FieldError{apperr.Field("email", "voice.offer_email")}}
	}
	if *in.Price <= 0 || *in.Price > money.Para(PriceMaxRSD*100) {
		return apperr.InvalidFields(apperr.Field("price", "voice.offer_price"))
	}
	if runes(in.ProductSKU) > SKUMax {
		return apperr.InvalidFields(apperr.Field("product_sku", "validation.max_chars", "n", SKUMax))
	}
	p, err := s.findProduct(ctx, "p.sku = ?", in.ProductSKU)
	if err != nil {
		return err
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "offer", c, in.Email); err != nil {
		return err
	}
	now := s.now()
	row := PriceOfferRow{ProductID: p.ID, ProductSKU: p.SKU, Email: in.Email, Price: int64(*in.Price), Status: OfferPending,
		Lang: langOf(c.Lang), CreatedAt: now, UpdatedAt: now}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.PriceOfferCreated, SubjectType: activity.SubjectPriceOffer, SubjectID: row.ID,
			New: map[string]any{"product_id": p.ID, "email": in.Email, "price": row.Price}})
	})
	if err != nil {
		return apperr.Wrap(err, "price offer")
	}
	s.tellStaff(ctx, row, p)
	return nil
}

// tellStaff notifies every holder of the offers' permission; the offer stands if it fails.
func (s *Service) tellStaff(ctx context.Context, o PriceOfferRow, p *product) {
	ids, err := s.users.PermissionHolderIDs(ctx, OfferPermission)
	if err != nil {
		s.log.ErrorContext(ctx, "price offer: staff not found", "error", err.Error())
		return
	}
	args := map[string]any{"product": p.Name, "sku": p.SKU, "email": o.Email, "price": money.Para(o.Price).String()}
	data := map[string]any{"price_offer_id": o.ID, "product_id": p.ID,
		"message": i18n.T(i18n.SR, "voice.notify.offer", args), "message_en": i18n.T(i18n.EN, "voice.notify.offer", args)}
	for _, id := range ids {
		if err := s.notify.Notify(ctx, id, NotificationPriceOffer, data); err != nil {
			s.log.ErrorContext(ctx, "price offer: notification failed", "user_id", id, "error", err.Error())
		}
	}
}

// OfferFilter narrows the price offers: Status one of the statuses or "" (all).
type OfferFilter struct {
	Status string
	Page   listing.Page
}

// PriceOffers answers a page of price offers, newest first.
func (s *Service) PriceOffers(ctx context.Context, f OfferFilter) ([]PriceOffer, int64, error) {
	q := s.db.WithContext(ctx).Where("1 = 1")
	if f.Status != "" {
		q = q.Where("o.status = ?", f.Status)
	}
	return s.listOffers(ctx, q, f.Page)
}

func (s *Service) listOffers(ctx context.Context, where *gorm.DB, page listing.Page) ([]PriceOffer, int64, error) {
	base := s.db.WithContext(ctx).Table("price_offers o").Where(where)
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count price offers")
	}
	var rows []struct {
		PriceOfferRow
		ProductName   string
		ProductSlug   string
		WebPrice      money.Para
		AuthPrice     money.Para `gorm:"column:authenticated_price"`
		DiscountPrice *money.Para
	}
	err := base.Session(&gorm.Session{}).
		Select("o.*, p.name AS product_name, p.slug AS product_slug, p.web_price, p.authenticated_price, p.discount_price").
		Joins("JOIN product_summaries p ON p.id = o.product_id").
		Order("o.created_at DESC, o.id DESC").Offset(page.Offset()).Limit(page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "price offers")
	}
	out := make([]PriceOffer, 0, len(rows))
	for _, r := range rows {
		guest, _ := pricing.Shown(r.WebPrice, r.AuthPrice, r.DiscountPrice)
		out = append(out, PriceOffer{ID: r.ID, Product: ProductRef{ID: r.ProductID, SKU: r.ProductSKU, Name: r.ProductName, Slug: r.ProductSlug},
			Email: r.Email, Price: money.Para(r.Price), CurrentPrice: guest, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt})
	}
	return out, total, nil
}

// GetPriceOffer answers one price offer.
func (s *Service) GetPriceOffer(ctx context.Context, id uint64) (*PriceOffer, error) {
	rows, _, err := s.listOffers(ctx, s.db.WithContext(ctx).Where("o.id = ?", id), listing.Page{Number: 1, Size: 1})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.NotFoundThing("price_offer")
	}
	return &rows[0], nil
}

// SetOfferStatus marks a price offer answered, declined or pending again.
func (s *Service) SetOfferStatus(ctx context.Context, id uint64, status string) (*PriceOffer, error) {
	switch status {
	case OfferPending, OfferAnswered, OfferDeclined:
	default:
		return nil, apperr.InvalidFields(apperr.Field("status", "validation.oneof"))
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var row PriceOfferRow
		err := tx.First(&row, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("price_offer")
		}
		if err != nil {
			return apperr.Wrap(err, "price offer")
		}
		if row.Status == status {
			return nil
		}
		if err := tx.Model(&row).Updates(map[string]any{"status": status, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "price offer status")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.PriceOfferUpdated, SubjectType: activity.SubjectPriceOffer,
			SubjectID: id, Old: map[string]any{"status": row.Status}, New: map[string]any{"status": status}})
	})
	if err != nil {
		return nil, err
	}
	return s.GetPriceOffer(ctx, id)
}
