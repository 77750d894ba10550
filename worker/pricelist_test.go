package worker_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/queue"
	"shop/internal/pricelist"
	"shop/worker"
)

// TestPricelistImportJob: an upload is imported by the worker; a bad file fails the import at
// once (archived, never retried); an undecodable payload is not retried.
func TestPricelistImportJob(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		mux := worker.Mux(worker.Deps{Log: discard, Pricelist: a.Pricelist})
		if err := mux.ProcessTask(ctx, asynq.NewTask(queue.TypePricelistImport, []byte("{"))); !errors.Is(err, asynq.SkipRetry) {
			t.Errorf("undecodable payload: %v, want SkipRetry", err)
		}
		startWorker(t, a.Redis, worker.Deps{Log: discard, Mail: a.Mail, Identity: a.Identity, Catalog: a.Catalog, Pricelist: a.Pricelist})
		sup, err := a.Catalog.CreateSupplier(ctx, "Comtrade")
		if err != nil {
			t.Fatal(err)
		}
		var good bytes.Buffer
		if err := pricelist.WriteSample(&good, 50, pricelist.SampleOptions{Seed: 3}); err != nil {
			t.Fatal(err)
		}
		imp, err := a.Pricelist.Upload(ctx, 0, sup.ID, "cenovnik.xlsx", bytes.NewReader(good.Bytes()), int64(good.Len()))
		if err != nil {
			t.Fatal(err)
		}
		if imp.Status != pricelist.StatusQueued {
			t.Errorf("after upload: %s, want queued", imp.Status)
		}
		status := func(id uint64) *pricelist.ImportView {
			v, err := a.Pricelist.GetImport(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		waitFor(t, "the import to finish", func() bool { return status(imp.ID).Status == pricelist.StatusFinished })
		if v := status(imp.ID); v.Rows != 50 || v.Created+v.Rejected != 50 {
			t.Errorf("finished import: rows %d created %d rejected %d", v.Rows, v.Created, v.Rejected)
		}

		// A stored file with no header (as a file damaged after the upload would be).
		var bad bytes.Buffer
		if err := pricelist.WriteSample(&bad, 5, pricelist.SampleOptions{Headers: pricelist.HeaderMapping{pricelist.FieldSKU: "-"}}); err != nil {
			t.Fatal(err)
		}
		if err := a.Blobs.Put(ctx, "pricelists/bad.xlsx", bytes.NewReader(bad.Bytes()), int64(bad.Len()), ""); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := a.DB.Exec(`INSERT INTO pricelist_imports (supplier_id, user_id, file_name, file_size, blob_key, status, created_at, updated_at)
			VALUES (?, 77, 'los.xlsx', ?, 'pricelists/bad.xlsx', 'queued', ?, ?)`, sup.ID, bad.Len(), now, now).Error; err != nil {
			t.Fatal(err)
		}
		var badID uint64
		a.DB.Raw("SELECT MAX(id) FROM pricelist_imports").Scan(&badID)
		// Uploaded by an English request: the worker tells the uploader in English.
		task, err := queue.NewPricelistImportTask(queue.PricelistImportPayload{ImportID: badID, Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Enqueuer.Enqueue(ctx, task); err != nil {
			t.Fatal(err)
		}
		insp := inspector(t, a.Redis)
		var archived []*asynq.TaskInfo
		waitFor(t, "the bad file's task to be archived", func() bool {
			archived, _ = insp.ListArchivedTasks(queue.QueueDefault)
			return len(archived) == 1
		})
		if archived[0].Retried != 0 || !strings.Contains(archived[0].LastErr, "no_header") {
			t.Errorf("archived after %d retries with %q", archived[0].Retried, archived[0].LastErr)
		}
		if v := status(badID); v.Status != pricelist.StatusFailed || v.ErrorText("sr") == "" {
			t.Errorf("bad file import: %s %q", v.Status, v.ErrorText("sr"))
		}
		var data string
		a.DB.Raw("SELECT data FROM notifications WHERE user_id = 77 AND type = 'ImportFailed'").Scan(&data)
		if !strings.Contains(data, "No price list header was found") || !strings.Contains(data, "failed") {
			t.Errorf("ImportFailed for an English upload: %s", data)
		}
	})
}
