package sales

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// order loads an order with its items, notes and proforma invoice id (404 when missing).
func (s *Service) order(ctx context.Context, db *gorm.DB, id uint64) (*Order, error) {
	var o Order
	err := db.WithContext(ctx).Where("id = ?", id).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("order")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "order")
	}
	if err := db.WithContext(ctx).Where("order_id = ?", id).Order("id").Find(&o.Items).Error; err != nil {
		return nil, apperr.Wrap(err, "order items")
	}
	if err := db.WithContext(ctx).Where("order_id = ?", id).Order("id").Find(&o.Notes).Error; err != nil {
		return nil, apperr.Wrap(err, "order notes")
	}
	if err := s.nameAuthors(ctx, o.Notes); err != nil {
		return nil, err
	}
	var inv []uint64
	if err := db.WithContext(ctx).Model(&ProformaInvoice{}).Where("order_id = ?", id).Order("id").Limit(1).Pluck("id", &inv).Error; err != nil {
		return nil, apperr.Wrap(err, "order invoice")
	}
	if len(inv) > 0 {
		o.ProformaInvoiceID = inv[0]
	}
	return &o, nil
}

// nameAuthors fills in who wrote each note, so staff reading an order see whose the notes are.
func (s *Service) nameAuthors(ctx context.Context, notes []OrderNote) error {
	if s.ids == nil || len(notes) == 0 {
		return nil
	}
	var ids []uint64
	for _, n := range notes {
		if n.UserID != nil {
			ids = append(ids, *n.UserID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	names, err := s.ids.UserNames(ctx, ids)
	if err != nil {
		return err
	}
	for i := range notes {
		if notes[i].UserID != nil {
			notes[i].Author = names[*notes[i].UserID]
		}
	}
	return nil
}

// Order is one order for the staff (view-order).
func (s *Service) Order(ctx context.Context, id uint64) (*Order, error) {
	return s.order(ctx, s.db, id)
}

// MyOrders lists the user's orders, newest first (with their items).
func (s *Service) MyOrders(ctx context.Context, userID uint64, page listing.Page) ([]Order, int64, error) {
	q := s.db.WithContext(ctx).Model(&Order{}).Where("user_id = ?", userID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "my orders")
	}
	var out []Order
	if err := q.Order("created_at DESC, id DESC").Offset(page.Offset()).Limit(page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "my orders")
	}
	if err := s.withItems(ctx, out); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// withItems loads the items of the orders in one query.
func (s *Service) withItems(ctx context.Context, orders []Order) error {
	if len(orders) == 0 {
		return nil
	}
	ids := make([]uint64, len(orders))
	at := map[uint64]int{}
	for i, o := range orders {
		ids[i] = o.ID
		at[o.ID] = i
		orders[i].Items = []OrderItem{}
	}
	var items []OrderItem
	if err := s.db.WithContext(ctx).Where("order_id IN ?", ids).Order("id").Find(&items).Error; err != nil {
		return apperr.Wrap(err, "order items")
	}
	for _, it := range items {
		o := &orders[at[it.OrderID]]
		o.Items = append(o.Items, it)
	}
	return nil
}

// MyOrder is one of the user's orders (another's is not found, like a missing one).
func (s *Service) MyOrder(ctx context.Context, userID, id uint64) (*Order, error) {
	o, err := s.order(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if o.UserID == nil || *o.UserID != userID {
		return nil, apperr.NotFoundThing("order")
	}
	return o, nil
}

// CheckAddress is the checkout's rules for a saved address (post code and phone shapes).
func CheckAddress(in identity.AddressInput) error {
	var f []apperr.FieldError
	if in.PostCode != "" && !ValidPostCode(in.PostCode) {
		f = append(f, apperr.Field("post_code", "validation.post_code"))
	}
	if in.Phone != "" && !ValidPhone(in.Phone) {
		f = append(f, apperr.Field("phone", "validation.phone"))
	}
	if len(f) == 0 {
		return nil
	}
	return apperr.InvalidFields(f...)
}
