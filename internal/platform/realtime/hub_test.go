package realtime

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"

	"shop/internal/platform/queue/queuetest"
)

// guard bounds every wait, so a broken hub fails the test instead of hanging it. It is not a
// timing assertion: delivery takes milliseconds.
const guard = 10 * time.Second

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// runHub runs h until the test ends and waits for its subscription.
func runHub(t *testing.T, h *Hub) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-h.Ready():
	case <-time.After(guard):
		t.Fatal("hub never subscribed")
	}
}

func receive(t *testing.T, ch <-chan Event) Event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("listener closed, want an event")
		}
		return ev
	case <-time.After(guard):
		t.Fatal("no event")
	}
	return Event{}
}

func waitClosed(t *testing.T, ch <-chan Event) {
	t.Helper()
	deadline := time.After(guard)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("listener not closed")
		}
	}
}

// TestDeliveryAcrossHubs: two processes share Redis; an event published by one reaches the
// user's listener in the other, and only that user's.
func TestDeliveryAcrossHubs(t *testing.T) {
	url := queuetest.URL(t) // real Redis when SHOP_TEST_REDIS_URL is set
	a, b := connect(t, url), connect(t, url)
	pub, sub := NewHub(a, discard()), NewHub(b, discard())
	runHub(t, sub)

	ana, cancelAna := sub.Subscribe(7)
	defer cancelAna()
	ana2, cancelAna2 := sub.Subscribe(7) // a second tab of the same user
	defer cancelAna2()
	marko, cancelMarko := sub.Subscribe(8)
	defer cancelMarko()

	ctx := context.Background()
	if err := pub.Publish(ctx, 8, Event{ID: 1, Type: "ImportFinished", Data: []byte(`{"for":"marko"}`)}); err != nil {
		t.Fatal(err)
	}
	want := Event{ID: 2, Type: "PricelistUploaded", Data: []byte(`{"message":"Cenovnik je primljen"}`)}
	if err := pub.Publish(ctx, 7, want); err != nil {
		t.Fatal(err)
	}
	// One channel carries everything in order: had the first event leaked to user 7, it would
	// arrive before the second.
	for _, ch := range []<-chan Event{ana, ana2} {
		if diff := cmp.Diff(want, receive(t, ch)); diff != "" {
			t.Errorf("user 7 (-want +got):\n%s", diff)
		}
	}
	if got := receive(t, marko); got.ID != 1 || string(got.Data) != `{"for":"marko"}` {
		t.Errorf("user 8 got %+v", got)
	}
}

func connect(t *testing.T, url string) redis.UniversalClient {
	t.Helper()
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opt)
	t.Cleanup(func() { c.Close() })
	return c
}

// TestChannelPerDatabase: pub/sub ignores database numbers, so the channel name carries it.
func TestChannelPerDatabase(t *testing.T) {
	a := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DB: 3})
	b := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DB: 4})
	defer a.Close()
	defer b.Close()
	if ca, cb := NewHub(a, discard()).channel, NewHub(b, discard()).channel; ca == cb || ca != "shop:rt:3" {
		t.Fatalf("channels %q and %q", ca, cb)
	}
}

// TestSlowListenerDropped: a listener that stops reading is closed once its buffer is full;
// the others keep receiving every event.
func TestSlowListenerDropped(t *testing.T) {
	h := NewHub(nil, discard())
	slow, cancelSlow := h.Subscribe(1)
	defer cancelSlow()
	fast, cancelFast := h.Subscribe(1)
	defer cancelFast()
	for i := uint64(1); i <= listenerBuffer+5; i++ {
		h.dispatch(1, Event{ID: i})
		if ev := receive(t, fast); ev.ID != i {
			t.Fatalf("fast listener got %d, want %d", ev.ID, i)
		}
	}
	n := 0
	for range slow {
		n++
	}
	if n != listenerBuffer {
		t.Fatalf("slow listener kept %d events before it was closed, want %d", n, listenerBuffer)
	}
	cancelSlow() // after the hub closed it: must not panic
}

// TestRunEndClosesListeners: stopping the hub ends every stream, and later ones at once
// (the server's shutdown relies on it to finish open event streams).
func TestRunEndClosesListeners(t *testing.T) {
	h := NewHub(connect(t, queuetest.URL(t)), discard())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.Run(ctx) }()
	<-h.Ready()
	ch, unsubscribe := h.Subscribe(5)
	defer unsubscribe()
	cancel()
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatal("Run did not return after its context ended")
	}
	waitClosed(t, ch)
	late, _ := h.Subscribe(5)
	waitClosed(t, late)
}

// TestResubscribeAfterRedisRestart: when the connection to Redis breaks, the listeners of that
// moment are closed (they may have missed events: their clients replay), and the hub
// subscribes again by itself.
func TestResubscribeAfterRedisRestart(t *testing.T) {
	mr := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	defer c.Close()
	h := NewHub(c, discard())
	runHub(t, h)
	before, cancelBefore := h.Subscribe(3)
	defer cancelBefore()

	mr.Close()
	waitClosed(t, before)
	if err := mr.Restart(); err != nil {
		t.Fatal(err)
	}
	// Publish until a listener hears it (the hub retries with a pause; a listener that joined
	// while it was still failing is closed, as any would be then, and replaced).
	after, cancelAfter := h.Subscribe(3)
	defer func() { cancelAfter() }()
	deadline := time.After(guard)
	for id := uint64(1); ; id++ {
		_ = h.Publish(context.Background(), 3, Event{ID: id})
		select {
		case ev, ok := <-after:
			if ok {
				if ev.ID == 0 {
					t.Fatalf("event %+v", ev)
				}
				return
			}
			after, cancelAfter = h.Subscribe(3)
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the hub never subscribed again")
		}
	}
}
