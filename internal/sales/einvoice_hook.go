package sales

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/queue"
)

// A company order (one with a PIB) is invoiced through SEF when it is completed: the goods
// are delivered, which is when VAT arises (docs/einvoice.md). Sales only queues the job; the
// e-invoice capability makes and sends it, outside this transaction.

// queueEinvoice queues the e-invoice of a company order just completed. A queue that is down
// only delays it: the e-invoice poll finds completed company orders without one.
func (s *Service) queueEinvoice(ctx context.Context, o *Order) {
	if s.enq == nil || o.Status != StatusCompleted || o.CompanyPIB == "" {
		return
	}
	t, err := queue.NewEinvoiceIssueTask(queue.EinvoiceIssuePayload{OrderID: o.ID, Delivered: clock.Day(s.clock.Now())})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		s.log.WarnContext(ctx, "e-invoice not queued; the poll will", "order_id", o.ID, "error", err.Error())
	}
}

// queueCreditNote queues the credit note of a company order's item return (the e-invoice
// capability decides whether the return needs one: only when SEF has the order's invoice and
// the invoice still carries the returned units). A queue that is down only delays it: the
// e-invoice poll finds returns without their credit note.
func (s *Service) queueCreditNote(ctx context.Context, orderID, returnID uint64) {
	if s.enq == nil {
		return
	}
	t, err := queue.NewEinvoiceCreditTask(queue.EinvoiceCreditPayload{OrderID: orderID, ReturnID: returnID})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		s.log.WarnContext(ctx, "credit note not queued; the poll will", "order_id", orderID, "return_id", returnID, "error", err.Error())
	}
}

// CompletedCompanyOrders lists the ids of company orders completed (last changed) since t,
// oldest first, at most limit.
func (s *Service) CompletedCompanyOrders(ctx context.Context, since time.Time, limit int) ([]uint64, error) {
	var ids []uint64
	err := s.db.WithContext(ctx).Model(&Order{}).Where("status = ? AND company_pib <> '' AND updated_at >= ?", StatusCompleted, since).
		Order("id").Limit(limit).Pluck("id", &ids).Error
	if err != nil {
		return nil, apperr.Wrap(err, "completed company orders")
	}
	return ids, nil
}

// IssuePlace is where the shop issues its invoices (config sales.issue_place).
func (s *Service) IssuePlace() string { return s.opts.IssuePlace }
