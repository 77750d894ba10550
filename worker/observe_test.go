package worker

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"

	"shop/internal/platform/logtest"
	"shop/internal/platform/queue"
	"shop/internal/platform/reqid"
)

// TestJobCarriesTheRequestID: a task enqueued within a request runs with the request's id on
// its context (its log lines and the jobs it enqueues carry it), its run is logged with the
// id, and the job metrics count its duration and failure by type.
func TestJobCarriesTheRequestID(t *testing.T) {
	// The in-process Redis: what is under test is the id's way through asynq, not Redis.
	r, err := queue.StartEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	rec := &logtest.Recorder{}
	log := slog.New(reqid.Handler(rec))
	reg := prometheus.NewRegistry()
	m := NewJobMetrics(reg)

	var mu sync.Mutex
	seen := map[string]string{} // task type -> the id its handler's context carried
	mux := asynq.NewServeMux()
	mux.Use(observe(log, m))
	handle := func(fail bool) asynq.HandlerFunc {
		return func(ctx context.Context, t *asynq.Task) error {
			mu.Lock()
			seen[t.Type()] = reqid.From(ctx)
			mu.Unlock()
			log.InfoContext(ctx, "inside the job")
			if fail {
				return fmt.Errorf("broken: %w", asynq.SkipRetry)
			}
			return nil
		}
	}
	mux.Handle(queue.TypeVoiceBackInStock, handle(false))
	mux.Handle(queue.TypeIdentityPurge, handle(true))
	srv := NewServer(r, 2, 5*time.Second, log)
	if err := srv.Start(mux); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)

	enq := queue.NewEnqueuer(r)
	if _, err := enq.Enqueue(reqid.With(context.Background(), "req-42"), queue.NewBackInStockTask()); err != nil {
		t.Fatal(err)
	}
	// Enqueued by nobody in particular (the scheduler): the job's own id.
	info, err := enq.Enqueue(context.Background(), queue.NewIdentityPurgeTask())
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := len(seen)
		mu.Unlock()
		if n == 2 && gathered(t, reg)["shop_job_failures_total"] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs seen %v, log:\n%s", seen, rec.All())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := seen[queue.TypeVoiceBackInStock]; got != "req-42" {
		t.Errorf("the job's context carried %q, want the request's req-42", got)
	}
	if got, want := seen[queue.TypeIdentityPurge], "job-"+info.ID; got != want {
		t.Errorf("a job nobody's request enqueued carried %q, want %q", got, want)
	}
	logs := rec.All()
	for _, want := range []string{"INFO inside the job request_id=req-42", "INFO job type=" + queue.TypeVoiceBackInStock,
		"INFO inside the job request_id=job-" + info.ID, "job failed"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, "type="+queue.TypeVoiceBackInStock) && !strings.Contains(line, "request_id=req-42") {
			t.Errorf("a line of the request's job without its id: %s", line)
		}
	}
	got := gathered(t, reg)
	if got["shop_job_duration_seconds"] != 2 || got["shop_job_failures_total"] != 1 || got["shop_job_failures_total/"+queue.TypeIdentityPurge] != 1 {
		t.Errorf("metrics: %v, want a duration per type (2) and one failure of %s", got, queue.TypeIdentityPurge)
	}
}

// gathered counts the series of each metric family in reg, and each counter's value by its
// type label ("name/type").
func gathered(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range fams {
		for _, m := range f.GetMetric() {
			out[f.GetName()]++
			if c := m.GetCounter(); c != nil {
				for _, l := range m.GetLabel() {
					if l.GetName() == "type" {
						out[f.GetName()+"/"+l.GetValue()] += c.GetValue()
					}
				}
			}
		}
	}
	return out
}
