package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
	"shop/internal/pricelist"
)

// registerPricelist adds the price-list import job.
func registerPricelist(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypePricelistImport, pricelistImport{d.Pricelist, d.Log})
}

// pricelistImport runs one uploaded price list's import. A bad file (or a vanished import or
// supplier) is not retried; other failures are, and the user hears of them after the last.
type pricelistImport struct {
	pricelist *pricelist.Service
	log       *slog.Logger
}

func (h pricelistImport) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var p queue.PricelistImportPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || p.ImportID == 0 {
		return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	// Outside a worker (a test's direct call) there is no retry count: that is the last attempt.
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	_, err := h.pricelist.RunImport(ctx, p.ImportID, retried >= maxRetry, nil)
	return result(err)
}
