package pricelist_test

import (
	"bytes"
	"context"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/queue"
	"shop/internal/pricelist"
)

// TestImportLeavesProcessAlone: reading a price list changes no setting of
// the process (GOMAXPROCS); CPU priority is the worker process's set-up.
func TestImportLeavesProcessAlone(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, _ := imService(a)
		s := imSetup(t, a)
		var file bytes.Buffer
		if err := pricelist.WriteSample(&file, 3000, pricelist.SampleOptions{Seed: 1}); err != nil {
			t.Fatal(err)
		}
		base := runtime.GOMAXPROCS(0)
		var mu sync.Mutex
		var seen []int
		ctx := pricelist.WithProgress(context.Background(), func(_ pricelist.Phase, done, total int) {
			mu.Lock()
			seen = append(seen, runtime.GOMAXPROCS(0))
			mu.Unlock()
		})
		imp, err := pl.Upload(ctx, 7, s.supplier, "cenovnik.xlsx", bytes.NewReader(file.Bytes()), int64(file.Len()))
		if err != nil || imp.Status != pricelist.StatusFinished {
			t.Fatalf("import: %v", err)
		}
		if len(seen) == 0 {
			t.Fatal("no progress while reading")
		}
		for _, n := range seen {
			if n != base {
				t.Fatalf("GOMAXPROCS %d while reading, %d before", n, base)
			}
		}
	})
}

// TestImportRowBounds: the service's read options bound the rows; a file
// past them fails its import with the reason, in the reader's language.
func TestImportRowBounds(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		notes := &imNotes{}
		pl := pricelist.NewService(a.DB, a.Catalog, a.Blobs, nil, notes, a.Log, a.Clock, pricelist.Options{Read: pricelist.ReadOptions{MaxBlankRun: 3}})
		s := imSetup(t, a)
		file := imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1}, []any{}, []any{}, []any{}, []any{},
			[]any{"A2", "Laptop", "Laptopovi", 1000, 1})
		imp, err := pl.Upload(context.Background(), 7, s.supplier, "prazno.xlsx", bytes.NewReader(file), int64(len(file)))
		if err == nil || imp == nil || imp.Status != pricelist.StatusFailed {
			t.Fatalf("4 empty rows under a bound of 3: %v %+v", err, imp)
		}
		want := "More than 3 empty or invalid rows in a row follow row 2; the import was stopped. Delete the empty rows at the end of the sheet or correct the data."
		if got := imp.ErrorText(i18n.EN); got != want {
			t.Errorf("reason %q, want %q", got, want)
		}
		if got := imTypes(notes.take()); len(got) != 2 || got[1] != "ImportFailed" {
			t.Errorf("notifications %v", got)
		}
	})
}

// syncBuffer is a log destination written by the import's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestImportRequeueFailureLogged: an attempt that fails before the last puts
// its import back in the queue; when the database refuses that, the log says so.
func TestImportRequeueFailureLogged(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		var logged syncBuffer
		pl := pricelist.NewService(a.DB, a.Catalog, a.Blobs, nil, &imNotes{}, slog.New(slog.NewTextHandler(&logged, nil)), a.Clock, pricelist.Options{})
		s := imSetup(t, a)
		file := imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1})
		imp, err := imKillAt(pl, "products", "killed").Upload(ctx, 7, s.supplier, "c.xlsx", bytes.NewReader(file), int64(len(file)))
		if err == nil {
			t.Fatal("forced failure ignored")
		}
		imExec(t, a, "UPDATE pricelist_imports SET status = 'running', finished_at = NULL, error = '' WHERE id = ?", imp.ID)
		if a.DB.Name() == "postgres" {
			imExec(t, a, `CREATE FUNCTION refuse_requeue() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'requeue refused'; END $$ LANGUAGE plpgsql`)
			imExec(t, a, `CREATE TRIGGER refuse_requeue BEFORE UPDATE ON pricelist_imports FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION refuse_requeue()`)
		} else {
			imExec(t, a, `CREATE TRIGGER refuse_requeue BEFORE UPDATE ON pricelist_imports WHEN NEW.status = 'queued' BEGIN SELECT RAISE(ABORT, 'requeue refused'); END`)
		}
		v, err := imKillAt(pl, "products", "killed").RunImport(ctx, imp.ID, false, nil)
		if err == nil || v.Status != pricelist.StatusRunning {
			t.Fatalf("attempt: %v, status %s", err, v.Status)
		}
		if out := logged.String(); !strings.Contains(out, "cannot put back in the queue") || !strings.Contains(out, "requeue refused") {
			t.Errorf("the refused reset is not logged:\n%s", out)
		}
	})
}

// TestImportNotesInUploadersLanguage: an import that fails tells its uploader
// in the upload's language: a bad file, and an import no queue would take (Redis down), whose
// reason was Serbian for an English request.
func TestImportNotesInUploadersLanguage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, notes := imService(a)
		s := imSetup(t, a)
		en := pricelist.WithLang(context.Background(), i18n.EN)
		bad := imXLSX(t, []any{"Ovo", "nije", "cenovnik"})
		if _, err := pl.Upload(en, 7, s.supplier, "los.xlsx", bytes.NewReader(bad), int64(len(bad))); err == nil {
			t.Fatal("a file without a header was imported")
		}
		got := notes.take()
		if len(got) != 2 || got[1].Type != "ImportFailed" {
			t.Fatalf("notifications %v", imTypes(got))
		}
		if m := got[0].Data["message"]; !strings.Contains(m.(string), "has been received") {
			t.Errorf("PricelistUploaded in English: %v", m)
		}
		if e := got[1].Data["error"].(string); !strings.HasPrefix(e, "No price list header was found") {
			t.Errorf("ImportFailed's error for an English upload: %q", e)
		}

		// A queue that cannot be reached: the import fails at once, told in English.
		deadClient := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond, MaxRetries: -1})
		defer deadClient.Close()
		dead := queue.NewEnqueuer(&queue.Redis{Client: deadClient})
		queued := pricelist.NewService(a.DB, a.Catalog, a.Blobs, dead, notes, a.Log, a.Clock, pricelist.Options{})
		good := imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1})
		if _, err := queued.Upload(en, 7, s.supplier, "c.xlsx", bytes.NewReader(good), int64(len(good))); err == nil {
			t.Fatal("enqueued without Redis")
		}
		got = notes.take()
		if len(got) != 2 || got[1].Type != "ImportFailed" || got[1].Data["error"] != i18n.T(i18n.EN, "error.server", nil) {
			t.Errorf("Redis down: %+v", got)
		}
		// Without a language (shopctl's default, a task queued before): Serbian.
		if _, err := pl.Upload(context.Background(), 7, s.supplier, "los.xlsx", bytes.NewReader(bad), int64(len(bad))); err == nil {
			t.Fatal("a file without a header was imported")
		}
		if got = notes.take(); len(got) != 2 || !strings.HasPrefix(got[1].Data["error"].(string), "U prvih 20 redova") {
			t.Errorf("Serbian by default: %+v", got)
		}
	})
}

// TestImportStatusFromTask: a running import whose worker was killed shows
// interrupted once its task's lease has run out (not running until the queue hands it out
// again), and an import between attempts shows retrying.
func TestImportStatusFromTask(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		s := imSetup(t, a)
		file := imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1})
		imp, err := a.Pricelist.Upload(ctx, 7, s.supplier, "c.xlsx", bytes.NewReader(file), int64(len(file)))
		if err != nil || imp.Status != pricelist.StatusQueued {
			t.Fatalf("upload: %v %+v", err, imp)
		}
		status := func() string {
			v, err := a.Pricelist.GetImport(ctx, imp.ID)
			if err != nil {
				t.Fatal(err)
			}
			rows, _, err := a.Pricelist.ListImports(ctx, pricelist.ImportFilter{Page: listing.Page{Number: 1, Size: 10}})
			if err != nil || len(rows) != 1 || rows[0].Status != v.Status {
				t.Fatalf("list: %v %+v, detail %s", err, rows, v.Status)
			}
			return v.Status
		}
		if got := status(); got != pricelist.StatusQueued {
			t.Errorf("pending task: %s", got)
		}
		// What asynq leaves when a worker takes the task: the task active, its lease in the
		// lease set; the worker then marks the import running.
		r, id := a.Redis.Client, queue.PricelistImportTaskID(imp.ID)
		const q = "asynq:{default}:"
		lease := func(at time.Time) {
			must(t, r.LRem(ctx, q+"pending", 0, id).Err())
			must(t, r.LPush(ctx, q+"active", id).Err())
			must(t, r.ZAdd(ctx, q+"lease", redis.Z{Score: float64(at.Unix()), Member: id}).Err())
			must(t, r.HSet(ctx, q+"t:"+id, "state", "active").Err())
		}
		imExec(t, a, "UPDATE pricelist_imports SET status = 'running' WHERE id = ?", imp.ID)
		lease(time.Now().Add(30 * time.Second))
		if got := status(); got != pricelist.StatusRunning {
			t.Errorf("a worker holds the lease: %s", got)
		}
		// The worker was killed: nobody extends the lease.
		lease(time.Now().Add(-5 * time.Second))
		if got := status(); got != pricelist.StatusInterrupted {
			t.Errorf("the lease ran out: %s, want interrupted", got)
		}
		// An attempt failed: the import is back to queued, its task waits for the next attempt.
		must(t, r.LRem(ctx, q+"active", 0, id).Err())
		must(t, r.ZRem(ctx, q+"lease", id).Err())
		must(t, r.ZAdd(ctx, q+"retry", redis.Z{Score: float64(time.Now().Add(time.Minute).Unix()), Member: id}).Err())
		must(t, r.HSet(ctx, q+"t:"+id, "state", "retry").Err())
		imExec(t, a, "UPDATE pricelist_imports SET status = 'queued' WHERE id = ?", imp.ID)
		if got := status(); got != pricelist.StatusRetrying {
			t.Errorf("between attempts: %s, want retrying", got)
		}
		// Finished imports are as stored, whatever the queue says.
		imExec(t, a, "UPDATE pricelist_imports SET status = 'finished' WHERE id = ?", imp.ID)
		if got := status(); got != pricelist.StatusFinished {
			t.Errorf("finished: %s", got)
		}
	})
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}
