package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
)

// registerFeeds adds the public feeds' export and the products export.
func registerFeeds(mux *asynq.ServeMux, d Deps) {
	if d.Feeds != nil {
		mux.Handle(queue.TypeFeedsExport, feedsExport{d})
	}
	if d.Partners != nil {
		mux.Handle(queue.TypeProductsExport, productsExport{d})
	}
}

// FeedsEntry is the scheduler's line for the feeds' export (feeds.export_cron).
func FeedsEntry(cron string) Entry {
	return Entry{Cron: cron, Task: queue.NewFeedsExportTask}
}

type feedsExport struct{ d Deps }

// ProcessTask writes the feeds; a failure has already kept the previous files and told the
// super-admins, and the retry tries again.
func (h feedsExport) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	res, err := h.d.Feeds.ExportJob(ctx, lastAttempt(ctx))
	if err != nil {
		return result(err)
	}
	for _, f := range res.Feeds {
		h.d.Log.InfoContext(ctx, "feed written", "feed", f.Name, "products", f.Products, "bytes", f.Size)
	}
	return nil
}

type productsExport struct{ d Deps }

func (h productsExport) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.ProductsExportPayload](t)
	if err != nil {
		return err
	}
	return result(h.d.Partners.RunExport(ctx, p, lastAttempt(ctx)))
}
