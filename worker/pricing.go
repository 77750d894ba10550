package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
	"shop/internal/pricing"
)

// pricesRecompute recomputes a category's products' prices after its VAT or a margin changed;
// the user who changed it hears of the end (or of the failure after the last attempt).
type pricesRecompute struct{ pricing *pricing.Service }

func (h pricesRecompute) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.PricesRecomputePayload](t)
	if err != nil {
		return err
	}
	_, err = h.pricing.RunRecompute(ctx, p, lastAttempt(ctx))
	return result(err)
}

// pricesSchedule is the coalesced recompute of one scope after rules or discounts changed.
type pricesSchedule struct{ pricing *pricing.Service }

func (h pricesSchedule) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.PricesSchedulePayload](t)
	if err != nil {
		return err
	}
	_, err = h.pricing.RunScheduled(ctx, p)
	return result(err)
}

// pricesMidnight applies the actions that start today or ended yesterday.
type pricesMidnight struct{ pricing *pricing.Service }

func (h pricesMidnight) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	_, err := h.pricing.RunMidnight(ctx)
	return result(err)
}
