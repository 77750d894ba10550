package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"shop/internal/einvoice"
	"shop/internal/platform/queue"
)

// registerEinvoice adds the e-invoice jobs: make an order's e-invoice or a return's credit
// note, send one to SEF, and the poll of SEF's statuses (registered even without the service, so the schedule's check
// finds the poll's handler).
func registerEinvoice(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeEinvoiceIssue, einvoiceIssue{d.Einvoice})
	mux.Handle(queue.TypeEinvoiceCredit, einvoiceCredit{d.Einvoice})
	mux.Handle(queue.TypeEinvoiceSend, einvoiceSend{d.Einvoice})
	mux.Handle(queue.TypeEinvoicePoll, einvoicePoll{d})
}

type einvoiceIssue struct{ s *einvoice.Service }

func (h einvoiceIssue) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EinvoiceIssuePayload](t)
	if err != nil {
		return err
	}
	if h.s == nil {
		return asynq.SkipRetry
	}
	_, err = h.s.Issue(ctx, p.OrderID, p.Delivered)
	return result(err)
}

type einvoiceCredit struct{ s *einvoice.Service }

func (h einvoiceCredit) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EinvoiceCreditPayload](t)
	if err != nil {
		return err
	}
	if h.s == nil {
		return asynq.SkipRetry
	}
	_, err = h.s.CreditReturn(ctx, p.OrderID, p.ReturnID)
	return result(err)
}

type einvoiceSend struct{ s *einvoice.Service }

func (h einvoiceSend) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EinvoiceSendPayload](t)
	if err != nil {
		return err
	}
	if h.s == nil {
		return asynq.SkipRetry
	}
	// SEF unreachable is an error that is retried with back-off; a refusal is stored and ends.
	return result(h.s.Send(ctx, p.EinvoiceID))
}

type einvoicePoll struct{ d Deps }

func (h einvoicePoll) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	if h.d.Einvoice == nil {
		return nil
	}
	n, err := h.d.Einvoice.Poll(ctx)
	if err == nil && n > 0 {
		h.d.Log.InfoContext(ctx, "e-invoice statuses changed", "count", n)
	}
	return result(err)
}
