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
