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
