// Package queuetest gives a test its own Redis: a database of the real server named by
// SHOP_TEST_REDIS_URL when set (one of 1..15, held by a lock key so parallel test processes
// never share one, and flushed), else an in-process server.
package queuetest

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"shop/internal/platform/queue"
)

// Redis returns a connected, empty Redis for this test, closed on cleanup.
func Redis(t testing.TB) *queue.Redis {
	t.Helper()
	base := os.Getenv("SHOP_TEST_REDIS_URL")
	if base == "" {
		r, err := queue.StartEmbedded()
		if err != nil {
			t.Fatalf("embedded redis: %v", err)
		}
		t.Cleanup(r.Close)
		return r
	}
	ctx := context.Background()
	opt, err := redis.ParseURL(base)
	if err != nil {
		t.Fatalf("SHOP_TEST_REDIS_URL: %v", err)
	}
	lockClient := redis.NewClient(opt)
	token := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
	deadline := time.Now().Add(2 * time.Minute)
	for {
		for n := 1; n <= 15; n++ {
			key := fmt.Sprintf("shoptest:lock:%d", n)
			ok, err := lockClient.SetNX(ctx, key, token, 10*time.Minute).Result()
			if err != nil {
				t.Fatalf("redis: %v", err)
			}
			if !ok {
				continue
			}
			r, err := queue.ConnectURL(ctx, fmt.Sprintf("redis://%s/%d", opt.Addr, n))
			if err != nil {
				t.Fatalf("redis: %v", err)
			}
			if err := r.Client.FlushDB(ctx).Err(); err != nil {
				t.Fatalf("redis flush: %v", err)
			}
			t.Cleanup(func() {
				r.Client.FlushDB(context.Background())
				r.Close()
				lockClient.Del(context.Background(), key)
				lockClient.Close()
			})
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis: no free test database in 1..15")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
