package worker

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"shop/internal/eoffer"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// registerEoffer adds the e-ponuda jobs: the competitor file's parse ("e-offer CSV
// processing") and the apply of new prices.
func registerEoffer(mux *asynq.ServeMux, d Deps) {
	mux.Handle(queue.TypeEofferImport, eofferImport{d.Eoffer})
	mux.Handle(queue.TypeEofferApply, eofferApply{d.Eoffer})
}

type eofferImport struct{ eoffer *eoffer.Service }

func (h eofferImport) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EofferImportPayload](t)
	if err != nil {
		return err
	}
	if p.ImportID == 0 {
		return fmt.Errorf("decode %s: no import id: %w", t.Type(), asynq.SkipRetry)
	}
	_, err = h.eoffer.RunImport(eoffer.WithLang(ctx, i18n.Lang(p.Lang)), p.ImportID, lastAttempt(ctx))
	return result(err)
}

type eofferApply struct{ eoffer *eoffer.Service }

func (h eofferApply) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EofferApplyPayload](t)
	if err != nil {
		return err
	}
	_, err = h.eoffer.RunApply(ctx, p, lastAttempt(ctx))
	return result(err)
}
