package worker_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/robfig/cron/v3"

	"shop/internal/activity"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/feeds"
	"shop/internal/partners"
	"shop/internal/platform/config"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/internal/platform/queue/queuetest"
	"shop/worker"
)

var discard = slog.New(slog.DiscardHandler)

// waitFor polls cond until it holds; the bound only keeps a broken test from hanging.
func waitFor(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startWorker runs an asynq server with the shop's mux on r until the test ends.
func startWorker(tb testing.TB, r *queue.Redis, deps worker.Deps) {
	tb.Helper()
	srv := worker.NewServer(r, 2, 5*time.Second, discard)
	if err := srv.Start(worker.Mux(deps)); err != nil {
		tb.Fatalf("worker: %v", err)
	}
	tb.Cleanup(srv.Shutdown)
}

func inspector(tb testing.TB, r *queue.Redis) *asynq.Inspector {
	tb.Helper()
	insp := asynq.NewInspector(r.Opt)
	tb.Cleanup(func() { insp.Close() })
	return insp
}

func emlFiles(tb testing.TB, dir string) []string {
	tb.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestMailJobEndToEnd(t *testing.T) {
	t.Parallel()
	r := queuetest.Redis(t)
	outbox := &mail.Outbox{Dir: filepath.Join(t.TempDir(), "outbox"), From: "Prodavnica <noreply@demo.local>"}
	startWorker(t, r, worker.Deps{Log: discard, Mail: outbox})

	enq := queue.NewEnqueuer(r)
	t.Cleanup(func() { enq.Close() })
	task, err := queue.NewMailSendTask(mail.Message{To: "kupac@demo.local", Subject: "Vaša porudžbina je primljena",
		Body: "Hvala na kupovini."})
	if err != nil {
		t.Fatal(err)
	}
	info, err := enq.Enqueue(context.Background(), task)
	if err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	if info.Queue != queue.QueueCritical || info.MaxRetry != 10 || info.Type != queue.TypeMailSend {
		t.Errorf("task info: queue %q, max retry %d, type %q", info.Queue, info.MaxRetry, info.Type)
	}
	waitFor(t, "the mail in the outbox", func() bool { return len(emlFiles(t, outbox.Dir)) > 0 })
	files := emlFiles(t, outbox.Dir)
	if len(files) != 1 {
		t.Fatalf("outbox holds %d messages, want 1", len(files))
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"To: kupac@demo.local", "Subject: =?utf-8?q?Va=C5=A1a_porud=C5=BEbina_je_primljena?=", "Hvala na kupovini."} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("mail lacks %q:\n%s", want, raw)
		}
	}
}

func TestUndecodablePayloadIsNotRetried(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mux := worker.Mux(worker.Deps{Log: discard, Mail: &mail.Outbox{Dir: t.TempDir()}})
	for _, payload := range []string{"", "{", `{"message": "not an object"}`} {
		err := mux.ProcessTask(ctx, asynq.NewTask(queue.TypeMailSend, []byte(payload)))
		if !errors.Is(err, asynq.SkipRetry) {
			t.Errorf("payload %q: %v, want SkipRetry", payload, err)
		}
	}

	// Through the queue: archived at once, never retried.
	r := queuetest.Redis(t)
	startWorker(t, r, worker.Deps{Log: discard, Mail: &mail.Outbox{Dir: t.TempDir()}})
	enq := queue.NewEnqueuer(r)
	t.Cleanup(func() { enq.Close() })
	if _, err := enq.Enqueue(ctx, asynq.NewTask(queue.TypeMailSend, []byte("{"), asynq.Queue(queue.QueueCritical), asynq.MaxRetry(10))); err != nil {
		t.Fatal(err)
	}
	insp := inspector(t, r)
	var archived []*asynq.TaskInfo
	waitFor(t, "the task to be archived", func() bool {
		archived, _ = insp.ListArchivedTasks(queue.QueueCritical)
		return len(archived) == 1
	})
	if archived[0].Retried != 0 || !strings.Contains(archived[0].LastErr, "decode") {
		t.Errorf("archived after %d retries with %q; want 0 and a decode error", archived[0].Retried, archived[0].LastErr)
	}
}

// A relay that is down is worth retrying: the job goes to the retry set, not the archive.
func TestMailRelayDownIsRetried(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cfg, err := config.Load("", []string{"SHOP_MAIL_DRIVER=smtp", "SHOP_MAIL_SMTP_HOST=127.0.0.1", fmt.Sprintf("SHOP_MAIL_SMTP_PORT=%d", port)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	task, err := queue.NewMailSendTask(mail.Message{To: "kupac@demo.local", Subject: "x", Body: "x"})
	if err != nil {
		t.Fatal(err)
	}
	err = worker.Mux(worker.Deps{Log: discard, Mail: mail.New(cfg)}).ProcessTask(ctx, task)
	if err == nil || errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("relay down: %v, want a retryable error", err)
	}

	r := queuetest.Redis(t)
	startWorker(t, r, worker.Deps{Log: discard, Mail: mail.New(cfg)})
	enq := queue.NewEnqueuer(r)
	t.Cleanup(func() { enq.Close() })
	if _, err := enq.Enqueue(ctx, task); err != nil {
		t.Fatal(err)
	}
	insp := inspector(t, r)
	var retry []*asynq.TaskInfo
	waitFor(t, "the task to wait for a retry", func() bool {
		retry, _ = insp.ListRetryTasks(queue.QueueCritical)
		return len(retry) == 1
	})
	if archived, _ := insp.ListArchivedTasks(queue.QueueCritical); len(archived) != 0 {
		t.Errorf("%d tasks archived, want none", len(archived))
	}
}

func TestIdentityPurgeJob(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		mux := worker.Mux(worker.Deps{Log: discard, Mail: a.Mail, Identity: a.Identity})
		if err := mux.ProcessTask(context.Background(), queue.NewIdentityPurgeTask()); err != nil {
			t.Errorf("identity purge: %v", err)
		}
	})
}

func TestSchedule(t *testing.T) {
	t.Parallel()
	mux := worker.Mux(worker.Deps{Log: discard, Feeds: &feeds.Feeds{}, Partners: &partners.Service{}})
	entries := append(worker.Schedule(), worker.FeedsEntry("0 * * * *"))
	if len(entries) == 0 {
		t.Fatal("no cron entries")
	}
	for _, e := range entries {
		if _, err := cron.ParseStandard(e.Cron); err != nil {
			t.Errorf("cron %q: %v", e.Cron, err)
		}
		task := e.Task()
		if _, pattern := mux.Handler(task); pattern == "" {
			t.Errorf("cron %q enqueues %q, which no handler runs", e.Cron, task.Type())
		}
	}
	r := queuetest.Redis(t)
	s, err := worker.NewScheduler(r, discard, 0, worker.FeedsEntry("0 * * * *"))
	if err != nil {
		t.Fatalf("NewScheduler: %v", err)
	}
	if err := s.Start(); err != nil {
		t.Fatalf("scheduler start: %v", err)
	}
	s.Shutdown()
}

// TestActivityPurgeJob: the scheduled job deletes entries past the retention (365 days by
// default) through the app's wiring, and keeps the rest.
func TestActivityPurgeJob(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		now := a.Clock.Now()
		rows := []activity.Entry{
			{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: 1, CreatedAt: now.AddDate(0, 0, -366)},
			{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: 2, CreatedAt: now.AddDate(0, 0, -1)},
		}
		if err := a.DB.Create(&rows).Error; err != nil {
			t.Fatal(err)
		}
		mux := worker.Mux(worker.Deps{Log: discard, ActivityRetention: a.ActivityRetention})
		for range 2 { // idempotent
			if err := mux.ProcessTask(context.Background(), queue.NewActivityPurgeTask()); err != nil {
				t.Fatalf("activity purge: %v", err)
			}
		}
		var left []activity.Entry
		a.DB.Where("subject_type = ? AND subject_id IN ?", "product", []uint64{1, 2}).Find(&left)
		if len(left) != 1 || left[0].SubjectID != 2 {
			t.Fatalf("left after the purge: %+v", left)
		}
	})
}
