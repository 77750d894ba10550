package worker

import (
	"context"
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
	p, err := decode[queue.ProductsImportPayload](t)
	if err != nil {
		return err
	}
	_, err = h.pricelist.RunProductsImport(ctx, p, lastAttempt(ctx))
	return result(err)
}
