package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
	"shop/internal/pricing"
)

// registerDiscounts adds the "bulk discounts" worker: the mass discount runs.
func registerDiscounts(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeDiscountMass, discountMass{d.Pricing})
}

// discountMass gives a selection of products one action; the run's starter hears how it ended
// (pricing tells, in the run's own transaction when it is done).
type discountMass struct{ pricing *pricing.Service }

func (h discountMass) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.DiscountMassPayload](t)
	if err != nil {
		return err
	}
	_, err = h.pricing.RunMassDiscount(ctx, p, lastAttempt(ctx))
	return result(err)
}
