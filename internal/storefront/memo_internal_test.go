package storefront

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoLoadOutlivesItsStarter: a request that gives up while the memo computes for it and
// others fails alone; the others get the value, and it is kept for the mark.
func TestMemoLoadOutlivesItsStarter(t *testing.T) {
	m := &pageMemo{now: time.Now, mark: 7, since: time.Now().Add(-time.Second), entries: map[string]memoValue{}}
	started, release := make(chan struct{}), make(chan struct{})
	var loads atomic.Int32
	load := func(ctx context.Context) (any, error) {
		if loads.Add(1) == 1 {
			close(started)
		}
		select {
		case <-release:
			return "facets", nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}

	starterCtx, giveUp := context.WithCancel(context.Background())
	starter := make(chan error, 1)
	go func() {
		_, err := m.get(starterCtx, 7, "k", load)
		starter <- err
	}()
	<-started
	other := make(chan any, 1)
	go func() {
		v, err := m.get(context.Background(), 7, "k", load)
		if err != nil {
			v = err
		}
		other <- v
	}()
	giveUp()
	if err := <-starter; !errors.Is(err, context.Canceled) {
		t.Fatalf("the request that gave up: %v, want context.Canceled", err)
	}
	close(release)
	if v := <-other; v != "facets" {
		t.Fatalf("the request still waiting got %v, want the computed value", v)
	}
	v, err := m.get(context.Background(), 7, "k", load)
	if err != nil || v != "facets" || loads.Load() != 1 {
		t.Fatalf("afterwards: %v %v after %d loads, want the kept value after one load", v, err, loads.Load())
	}
}
