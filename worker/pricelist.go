package worker

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"shop/internal/platform/i18n"
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
	p, err := decode[queue.PricelistImportPayload](t)
	if err != nil {
		return err
	}
	if p.ImportID == 0 {
		return fmt.Errorf("decode %s: no import id: %w", t.Type(), asynq.SkipRetry)
	}
	ctx = pricelist.WithLang(ctx, i18n.Lang(p.Lang))
	_, err = h.pricelist.RunImport(ctx, p.ImportID, lastAttempt(ctx), nil)
	return result(err)
}
