package worker

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"

	"shop/internal/voice"
)

// backInStock mails the waiting subscribers of products that can be bought again.
type backInStock struct {
	voice *voice.Service
	log   *slog.Logger
}

func (h backInStock) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	n, err := h.voice.MailBackInStock(ctx)
	if n > 0 {
		h.log.InfoContext(ctx, "back-in-stock mails queued", "mails", n)
	}
	return result(err)
}
