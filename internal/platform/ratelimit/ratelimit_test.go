package ratelimit

import (
	"context"
	"testing"
	"time"

	"shop/internal/platform/queue/queuetest"
)

func TestHit(t *testing.T) {
	ctx := context.Background()
	r := queuetest.Redis(t)
	l := New(r.Client, "shop:")
	const window = time.Minute
	for i := 1; i <= 3; i++ {
		ok, wait, err := l.Hit(ctx, "login:ip:1.2.3.4", 3, window)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Fatalf("hit %d of 3 refused", i)
		}
		if wait <= 0 || wait > window {
			t.Errorf("hit %d: time left %v, want within (0, %v]", i, wait, window)
		}
	}
	ok, wait, err := l.Hit(ctx, "login:ip:1.2.3.4", 3, window)
	if err != nil || ok {
		t.Fatalf("fourth hit: ok=%v err=%v, want refused", ok, err)
	}
	if wait <= 0 || wait > window {
		t.Errorf("refused: time left %v, want within (0, %v]", wait, window)
	}
	// Other keys count on their own.
	if ok, _, _ := l.Hit(ctx, "login:ip:5.6.7.8", 3, window); !ok {
		t.Error("another key refused")
	}
	// The window is set on the key, so the count clears by itself.
	if ttl := r.Client.PTTL(ctx, "shop:ratelimit:login:ip:1.2.3.4").Val(); ttl <= 0 || ttl > window {
		t.Errorf("the counter's expiry is %v, want within (0, %v]", ttl, window)
	}
	// Another prefix (another shop on the same Redis) has its own counts.
	if ok, _, _ := New(r.Client, "other:").Hit(ctx, "login:ip:1.2.3.4", 3, window); !ok {
		t.Error("another prefix shares the count")
	}
}

// TestHitRepairsMissingExpiry: a counter left without an expiry (say, a crash between INCR and
// PEXPIRE in an older version) gets one on the next hit instead of blocking for ever.
func TestHitRepairsMissingExpiry(t *testing.T) {
	ctx := context.Background()
	r := queuetest.Redis(t)
	l := New(r.Client, "")
	r.Client.Set(ctx, "ratelimit:k", 99, 0)
	ok, wait, err := l.Hit(ctx, "k", 5, time.Minute)
	if err != nil || ok {
		t.Fatalf("ok=%v err=%v", ok, err)
	}
	if wait <= 0 {
		t.Errorf("time left %v", wait)
	}
	if ttl := r.Client.PTTL(ctx, "ratelimit:k").Val(); ttl <= 0 {
		t.Errorf("expiry %v, want one set", ttl)
	}
}

func TestExceededAndReset(t *testing.T) {
	ctx := context.Background()
	l := New(queuetest.Redis(t).Client, "")
	exceeded := func() bool {
		t.Helper()
		ex, _, err := l.Exceeded(ctx, "login:fail:ana@example.rs", 2)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	if exceeded() {
		t.Fatal("exceeded with no hits")
	}
	l.Hit(ctx, "login:fail:ana@example.rs", 2, 15*time.Minute)
	if exceeded() {
		t.Fatal("exceeded after 1 of 2")
	}
	l.Hit(ctx, "login:fail:ana@example.rs", 2, 15*time.Minute)
	ex, wait, _ := l.Exceeded(ctx, "login:fail:ana@example.rs", 2)
	if !ex {
		t.Fatal("not exceeded at the limit")
	}
	if wait <= 0 || wait > 15*time.Minute {
		t.Errorf("time left %v", wait)
	}
	// Exceeded only looks: asking again does not count.
	for range 5 {
		exceeded()
	}
	if n := l.rdb.Get(ctx, l.prefix+"login:fail:ana@example.rs").Val(); n != "2" {
		t.Errorf("count %s after looking, want 2", n)
	}
	if err := l.Reset(ctx, "login:fail:ana@example.rs"); err != nil {
		t.Fatal(err)
	}
	if exceeded() {
		t.Error("exceeded after reset")
	}
	if ok, _, _ := l.Hit(ctx, "login:fail:ana@example.rs", 2, time.Minute); !ok {
		t.Error("the count did not start again after reset")
	}
	if err := l.Reset(ctx, "never-hit"); err != nil {
		t.Errorf("reset of an unknown key: %v", err)
	}
}
