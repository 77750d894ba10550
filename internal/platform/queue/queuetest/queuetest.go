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

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"shop/internal/platform/queue"
)

// Redis returns a connected, empty Redis for this test, closed on cleanup.
func Redis(t testing.TB) *queue.Redis {
	t.Helper()
	r, err := queue.ConnectURL(context.Background(), URL(t), time.Second)
	if err != nil {
		t.Fatalf("redis: %v", err)
	}
	t.Cleanup(r.Close)
	return r
}

// URL returns the address of an empty Redis database reserved for this test.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("SHOP_TEST_REDIS_URL")
	if base == "" {
		r, err := queue.StartEmbedded()
		if err != nil {
			t.Fatalf("embedded redis: %v", err)
		}
		t.Cleanup(r.Close)
		return "redis://" + r.Opt.(asynq.RedisClientOpt).Addr + "/0"
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
			dbClient := redis.NewClient(&redis.Options{Addr: opt.Addr, Password: opt.Password, DB: n})
			if err := dbClient.FlushDB(ctx).Err(); err != nil {
				t.Fatalf("redis flush: %v", err)
			}
			t.Cleanup(func() {
				dbClient.FlushDB(context.Background())
				dbClient.Close()
				lockClient.Del(context.Background(), key)
				lockClient.Close()
			})
			u := fmt.Sprintf("redis://%s/%d", opt.Addr, n)
			if opt.Password != "" {
				u = fmt.Sprintf("redis://:%s@%s/%d", opt.Password, opt.Addr, n)
			}
			return u
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis: no free test database in 1..15")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
