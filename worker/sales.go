package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
	"shop/internal/sales"
)

// registerSales adds the order jobs: an order's mails and notifications, and their sweep
// (registered even without Sales, so the schedule's check finds the sweep's handler).
func registerSales(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeOrderPlaced, orderPlaced{d.Sales})
	mux.Handle(queue.TypeOrderMailsSweep, orderMailsSweep{d})
}

type orderPlaced struct{ s *sales.Service }

func (h orderPlaced) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.OrderPlacedPayload](t)
	if err != nil {
		return err
	}
	return result(h.s.OrderPlaced(ctx, p.OrderID))
}

type orderMailsSweep struct{ d Deps }

func (h orderMailsSweep) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	n, err := h.d.Sales.SweepOrderMails(ctx)
	if err == nil && n > 0 {
		h.d.Log.InfoContext(ctx, "order mails queued by the sweep", "orders", n)
	}
	return result(err)
}
