package sales

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/queue"
)

// Payments: staff record that an order is paid — a cash-on-delivery order when the courier
// has delivered it and collected the money, a bank transfer when the money is on the account.
// The fiscal receipt follows by a job after the commit (docs/fiscal.md), never inside it.

// RecordPayment marks the order paid now. Recording it again changes nothing (the first time
// stands); a cancelled order cannot be paid (422).
func (s *Service) RecordPayment(ctx context.Context, id uint64) (*Order, error) {
	var fresh bool
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&o).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("order")
			}
			return apperr.Wrap(err, "order")
		}
		if o.PaidAt != nil {
			return nil
		}
		if Cancelled(o.Status) {
			return apperr.InvalidFields(apperr.Field("paid", "sales.payment_cancelled"))
		}
		now := s.clock.Now()
		res := tx.Model(&Order{}).Where("id = ? AND paid_at IS NULL", id).Updates(map[string]any{"paid_at": now, "updated_at": now})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "order payment")
		}
		fresh = res.RowsAffected == 1
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderUpdated, SubjectType: activity.SubjectOrder, SubjectID: id,
			Old: map[string]any{"paid_at": nil}, New: map[string]any{"paid_at": now}})
	})
	if err != nil {
		return nil, err
	}
	if fresh {
		s.queueFiscal(ctx, id, queue.FiscalNormal)
	}
	return s.StaffOrder(ctx, id)
}

// queueFiscal queues an order's receipt. A queue that is down delays it, never the change
// that asked for it: the fiscal sweep finds the order later.
func (s *Service) queueFiscal(ctx context.Context, orderID uint64, kind string) {
	if s.enq == nil {
		return
	}
	t, err := queue.NewFiscalReceiptTask(orderID, kind, 0)
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		s.log.WarnContext(ctx, "fiscal receipt not queued; the sweep will", "order_id", orderID, "kind", kind, "error", err.Error())
	}
}

// FiscalOrder is what the fiscal sweep reads of an order to tell which receipts it needs.
type FiscalOrder struct {
	ID            uint64
	Status        string
	PaymentMethod string
	CompanyPIB    string
	PaidAt        *time.Time
}

// FiscalOrders are the orders made or paid since the instant, oldest first.
func (s *Service) FiscalOrders(ctx context.Context, since time.Time) ([]FiscalOrder, error) {
	var out []FiscalOrder
	err := s.db.WithContext(ctx).Model(&Order{}).Select("id, status, payment_method, company_pib, paid_at").
		Where("created_at >= ? OR paid_at >= ?", since, since).Order("id").Scan(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "fiscal orders")
	}
	return out, nil
}
