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

// registerProductsImport adds the job creating shop products from supplier products.
func registerProductsImport(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeProductsImport, productsImport{d.Pricelist, d.Log})
}

// productsImport creates shop products from a supplier's unconnected products and connects
// them; the user hears of the end (or of the failure after the last attempt).
type productsImport struct {
	pricelist *pricelist.Service
	log       *slog.Logger
}

func (h productsImport) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var p queue.ProductsImportPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	// Outside a worker (a test's direct call) there is no retry count: that is the last attempt.
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	_, err := h.pricelist.RunProductsImport(ctx, p, retried >= maxRetry)
	return result(err)
}
