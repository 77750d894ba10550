package worker

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"shop/internal/fiscal"
	"shop/internal/platform/queue"
)

// registerFiscal adds the receipt job and its sweep (registered even without Fiscal, so the
// schedule's check finds the sweep's handler).
func registerFiscal(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeFiscalReceipt, fiscalReceipt{d})
	mux.Handle(queue.TypeFiscalSweep, fiscalSweep{d})
}

type fiscalReceipt struct{ d Deps }

// ProcessTask signs one receipt. A failure worth retrying goes back to asynq (its back-off
// spaces the attempts); on the last attempt the receipt is marked failed for the staff.
func (h fiscalReceipt) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.FiscalReceiptPayload](t)
	if err != nil {
		return err
	}
	if p.ReturnID != 0 {
		_, err = h.d.Fiscal.FiscaliseReturn(ctx, p.OrderID, p.ReturnID)
	} else {
		_, err = h.d.Fiscal.Fiscalise(ctx, p.OrderID, p.Kind)
	}
	if err != nil && !errors.Is(err, fiscal.ErrWaiting) && lastAttempt(ctx) {
		if gerr := h.d.Fiscal.GiveUp(ctx, p.OrderID, p.Kind, p.ReturnID, err); gerr != nil {
			h.d.Log.ErrorContext(ctx, "fiscal receipt not marked failed", "order_id", p.OrderID, "error", gerr.Error())
		}
	}
	return result(err)
}

type fiscalSweep struct{ d Deps }

func (h fiscalSweep) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	n, err := h.d.Fiscal.Sweep(ctx)
	if err == nil && n > 0 {
		h.d.Log.InfoContext(ctx, "fiscal receipts queued by the sweep", "receipts", n)
	}
	return result(err)
}
