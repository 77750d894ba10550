package worker_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/eoffer"
	"shop/internal/platform/queue"
	"shop/worker"
)

// TestEofferJobs: an uploaded competitor file is parsed by the worker's "e-offer CSV
// processing" job; an apply is run by its job and a retry of the same task changes nothing;
// undecodable payloads are not retried.
func TestEofferJobs(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		mux := worker.Mux(worker.Deps{Log: discard, Eoffer: a.Eoffer})
		for _, typ := range []string{queue.TypeEofferImport, queue.TypeEofferApply} {
			if err := mux.ProcessTask(ctx, asynq.NewTask(typ, []byte("{"))); !errors.Is(err, asynq.SkipRetry) {
				t.Errorf("%s undecodable payload: %v, want SkipRetry", typ, err)
			}
		}
		now := time.Now().UTC()
		a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
			dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('K', 'k', 'KA', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`, true, now, now)
		if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, main_category_id, created_at, updated_at)
			VALUES ('W1', 'W1', 'w1', 100000, 132000, (SELECT id FROM categories), ?, ?)`, now, now).Error; err != nil {
			t.Fatal(err)
		}
		body := "sku;prodavnica;cena\nW1;Gigatron;1500\n"
		imp, err := a.Eoffer.Upload(ctx, 0, "p.csv", strings.NewReader(body), int64(len(body)))
		if err != nil || imp.Status != eoffer.StatusQueued {
			t.Fatalf("upload: %+v %v", imp, err)
		}
		p, _ := queue.NewEofferImportTask(queue.EofferImportPayload{ImportID: imp.ID})
		if err := mux.ProcessTask(ctx, p); err != nil {
			t.Fatal(err)
		}
		if got, _ := a.Eoffer.GetImport(ctx, imp.ID); got.Status != eoffer.StatusFinished || got.Offers != 1 {
			t.Fatalf("after the job: %+v", got)
		}
		var id uint64
		a.DB.Raw("SELECT id FROM products WHERE sku = 'W1'").Scan(&id)
		task, _ := queue.NewEofferApplyTask(queue.EofferApplyPayload{ImportID: imp.ID, Prices: []queue.EofferAppliedPrice{{ProductID: id, Price: 149900}}})
		for i := 0; i < 2; i++ { // the second run is a retry of the same task
			if err := mux.ProcessTask(ctx, task); err != nil {
				t.Fatal(err)
			}
		}
		var web int64
		a.DB.Raw("SELECT web_price FROM products WHERE id = ?", id).Scan(&web)
		var logged int64
		a.DB.Raw("SELECT COUNT(*) FROM activity_log WHERE type = ?", eoffer.ActivityWebPriceSet).Scan(&logged)
		if web != 149900 || logged != 1 {
			t.Errorf("web price %d with %d activity entries, want 149900 and 1", web, logged)
		}
	})
}
