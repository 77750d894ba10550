package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
	"shop/internal/platform/queue/queuetest"
)

func mustConfig(tb testing.TB, environ ...string) *config.Config {
	tb.Helper()
	cfg, err := config.Load("", environ)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

func closedPort(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestConnect(t *testing.T) {
	ctx := context.Background()
	t.Run("embedded by default", func(t *testing.T) {
		r, err := queue.Connect(ctx, mustConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if !r.Embedded {
			t.Error("Embedded = false with no redis.url")
		}
		if err := r.Ping(ctx); err != nil {
			t.Errorf("Ping: %v", err)
		}
		r.Close() // twice is safe
		if err := r.Ping(ctx); err == nil {
			t.Error("Ping succeeded after Close")
		}
	})
	t.Run("configured", func(t *testing.T) {
		r, err := queue.Connect(ctx, mustConfig(t, "SHOP_REDIS_URL="+queuetest.URL(t), "SHOP_REDIS_DIAL_TIMEOUT=300ms"))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if r.Embedded {
			t.Error("Embedded = true with redis.url set")
		}
		// An outage fails fast: the configured dial timeout, one dial per try, one retry (go-redis's
		// defaults are 5 s, five dials and three retries), for the API's client and the worker's.
		o := r.Client.(*redis.Client).Options()
		if o.DialTimeout != 300*time.Millisecond || o.DialerRetries != 1 || o.MaxRetries != 1 {
			t.Errorf("client options: dial timeout %v, dialer retries %d, retries %d", o.DialTimeout, o.DialerRetries, o.MaxRetries)
		}
		if d := r.Opt.(asynq.RedisClientOpt).DialTimeout; d != 300*time.Millisecond {
			t.Errorf("worker's dial timeout %v", d)
		}
	})
	t.Run("enqueue while down is unavailable", func(t *testing.T) {
		r, err := queue.StartEmbedded()
		if err != nil {
			t.Fatal(err)
		}
		enq := queue.NewEnqueuer(r)
		r.Close()
		task, _ := queue.NewMailSendTask(mail.Message{To: "a@example.rs", Subject: "s", Body: "b"})
		if _, err := enq.Enqueue(ctx, task); !apperr.Is(err, apperr.Unavailable) {
			t.Errorf("enqueue with Redis gone: %v, want unavailable", err)
		}
	})
	tests := []struct {
		name    string
		environ []string
		want    string
	}{
		{"postgres needs redis", []string{"SHOP_DATABASE_URL=postgres://db/shop", "SHOP_AUTH_SECRET=queue-test-secret-queue-test-secret"}, "redis.url"},
		{"bad url", []string{"SHOP_REDIS_URL=http://redis:6379"}, "redis.url"},
		{"unreachable", []string{"SHOP_REDIS_URL=redis://" + closedPort(t) + "/0"}, "cannot reach"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := queue.Connect(ctx, mustConfig(t, tt.environ...))
			if err == nil {
				r.Close()
				t.Fatal("Connect succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

// miniredis keeps time only when told; the embedded server's ticker must expire keys.
func TestEmbeddedExpiresKeys(t *testing.T) {
	r, err := queue.StartEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	if err := r.Client.Set(ctx, "lock", "1", time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for r.Client.Exists(ctx, "lock").Val() == 1 {
		if time.Now().After(deadline) {
			t.Fatal("a key with a one-second TTL never expired")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestTasks(t *testing.T) {
	r := queuetest.Redis(t)
	enq := queue.NewEnqueuer(r)
	t.Cleanup(func() { enq.Close() })
	ctx := context.Background()

	msg := mail.Message{To: "kupac@demo.local", Subject: "Porudžbina", Body: "Hvala."}
	task, err := queue.NewMailSendTask(msg)
	if err != nil {
		t.Fatal(err)
	}
	var p queue.MailSendPayload
	if err := json.Unmarshal(task.Payload(), &p); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(msg, p.Message); d != "" {
		t.Errorf("payload (-want +got):\n%s", d)
	}
	info, err := enq.Enqueue(ctx, task)
	if err != nil {
		t.Fatal(err)
	}
	got := []any{info.Type, info.Queue, info.MaxRetry, info.Timeout}
	if d := cmp.Diff([]any{queue.TypeMailSend, queue.QueueCritical, 10, time.Minute}, got); d != "" {
		t.Errorf("mail task (-want +got):\n%s", d)
	}

	// The purge is unique: a second scheduler instance cannot enqueue it twice.
	info, err = enq.Enqueue(ctx, queue.NewIdentityPurgeTask())
	if err != nil {
		t.Fatal(err)
	}
	if info.Queue != queue.QueueLow {
		t.Errorf("purge queue %q, want %q", info.Queue, queue.QueueLow)
	}
	if _, err := enq.Enqueue(ctx, queue.NewIdentityPurgeTask()); !errors.Is(err, asynq.ErrDuplicateTask) {
		t.Errorf("second purge: %v, want ErrDuplicateTask", err)
	}
	for q := range queue.Weights {
		if q != queue.QueueCritical && q != queue.QueueDefault && q != queue.QueueLow {
			t.Errorf("unknown queue %q in Weights", q)
		}
	}
	if !(queue.Weights[queue.QueueCritical] > queue.Weights[queue.QueueDefault] && queue.Weights[queue.QueueDefault] > queue.Weights[queue.QueueLow]) {
		t.Errorf("weights %v do not put critical before default before low", queue.Weights)
	}
}
