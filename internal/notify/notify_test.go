package notify_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"shop/internal/notify"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/listing"
	"shop/internal/platform/queue/queuetest"
	"shop/internal/platform/realtime"
	"shop/internal/pricelist"
)

// notify.Service is what the price lists tell users through.
var _ pricelist.Notifier = (*notify.Service)(nil)

const guard = 10 * time.Second // bounds waits; not a timing assertion

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// running is a hub subscribed to a fresh Redis (real when SHOP_TEST_REDIS_URL is set).
func running(t *testing.T) *realtime.Hub {
	t.Helper()
	h := realtime.NewHub(queuetest.Redis(t).Client, discard())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-h.Ready():
	case <-time.After(guard):
		t.Fatal("hub never subscribed")
	}
	return h
}

func service(t *testing.T, gdb *gorm.DB) *notify.Service {
	return notify.NewService(gdb, running(t), discard(), clock.System())
}

// the data the price-list import sends with each type (shapes of the shared contract)
var typeData = []struct {
	typ  string
	data any
}{
	{pricelist.NotePricelistUploaded, map[string]any{
		"message":   "Cenovnik cenovnik.xlsx je primljen",
		"pricelist": map[string]any{"id": 4, "supplier_id": 2, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
	}},
	{pricelist.NoteCategoriesUploaded, map[string]any{
		"message":   "Kategorije dobavljača Comtrade su učitane",
		"pricelist": map[string]any{"id": 4, "supplier_id": 2, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
	}},
	{pricelist.NoteCategoriesNotMapped, map[string]any{
		"message":    "Neke kategorije dobavljača nisu povezane",
		"pricelist":  map[string]any{"id": 4, "supplier_id": 2, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
		"categories": []any{"Laptopovi", "Miševi i tastature"},
	}},
	{pricelist.NoteImportFinished, map[string]any{
		"message":       "Uvoz cenovnika je završen",
		"pricelist":     map[string]any{"id": 4, "supplier_id": 2, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
		"counts":        map[string]any{"rows": 5, "created": 2, "updated": 1, "unchanged": 1, "rejected": 1},
		"rejected_rows": []any{map[string]any{"row": 6, "sku": "", "reason": "Nedostaje šifra"}},
	}},
	{"ImportFailed", map[string]any{"message": "Uvoz cenovnika nije uspeo", "pricelist": nil, "error": "fajl nije XLSX"}},
}

// TestEveryTypeStoredListedAndPushed: each type of the specification (and the failure the
// admin shows as an error) is stored with its data, listed, and pushed to the user's tab as
// the same notification.
func TestEveryTypeStoredListedAndPushed(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		hub := running(t)
		s := notify.NewService(gdb, hub, discard(), clock.System())
		ctx := context.Background()
		tab, cancel := hub.Subscribe(11)
		defer cancel()
		for _, td := range typeData {
			if err := s.Notify(ctx, 11, td.typ, td.data); err != nil {
				t.Fatalf("%s: %v", td.typ, err)
			}
			var pushed notify.Notification
			select {
			case ev := <-tab:
				var err error
				if pushed, err = notify.FromEvent(ev); err != nil {
					t.Fatal(err)
				}
				if ev.ID != pushed.ID || pushed.ID == 0 {
					t.Fatalf("event id %d, notification %d", ev.ID, pushed.ID)
				}
			case <-time.After(guard):
				t.Fatalf("%s not pushed", td.typ)
			}
			if pushed.Type != td.typ || pushed.UserID != 11 || pushed.ReadAt != nil || pushed.CreatedAt.IsZero() {
				t.Errorf("pushed %+v", pushed)
			}
			if diff := cmp.Diff(asJSON(t, td.data), decode(t, pushed.Data)); diff != "" {
				t.Errorf("%s pushed data (-want +got):\n%s", td.typ, diff)
			}
		}
		got, total, err := s.List(ctx, 11, listing.Page{Number: 1, Size: 20})
		if err != nil {
			t.Fatal(err)
		}
		if total != int64(len(typeData)) || len(got) != len(typeData) {
			t.Fatalf("listed %d of %d, want %d", len(got), total, len(typeData))
		}
		for i, n := range got { // newest first
			td := typeData[len(typeData)-1-i]
			if n.Type != td.typ || n.Read() {
				t.Errorf("row %d: %s read=%v, want %s unread", i, n.Type, n.Read(), td.typ)
			}
			if diff := cmp.Diff(asJSON(t, td.data), decode(t, n.Data)); diff != "" {
				t.Errorf("%s stored data (-want +got):\n%s", td.typ, diff)
			}
		}
	})
}

func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(b))
}

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

func TestNotifyData(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s := service(t, gdb)
		ctx := context.Background()
		type counts struct {
			Rows int `json:"rows"`
		}
		if err := s.Notify(ctx, 1, "ImportFinished", struct {
			Counts counts `json:"counts"`
		}{counts{3}}); err != nil {
			t.Fatal(err)
		}
		if err := s.Notify(ctx, 1, "PricelistUploaded", nil); err != nil {
			t.Fatal(err)
		}
		got, _, _ := s.List(ctx, 1, listing.Page{Number: 1, Size: 5})
		if got[0].Data != "{}" || got[1].Data != `{"counts":{"rows":3}}` {
			t.Fatalf("data %q, %q", got[0].Data, got[1].Data)
		}
		// Not an object, no user, no type: the producer's bug, not stored.
		for _, bad := range []struct {
			user uint64
			typ  string
			data any
		}{{1, "X", []string{"a"}}, {1, "X", "text"}, {0, "X", nil}, {1, " ", nil}} {
			if err := s.Notify(ctx, bad.user, bad.typ, bad.data); !apperr.Is(err, apperr.Internal) {
				t.Errorf("Notify(%d, %q, %v): %v, want an internal error", bad.user, bad.typ, bad.data, err)
			}
		}
		if _, total, _ := s.List(ctx, 1, listing.Page{Number: 1, Size: 5}); total != 2 {
			t.Fatalf("%d stored, want 2", total)
		}
	})
}

// TestNotifyWithoutRedis: the row is the truth; a publish that fails is logged, not returned.
func TestNotifyWithoutRedis(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		dead := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: time.Second})
		defer dead.Close()
		s := notify.NewService(gdb, realtime.NewHub(dead, discard()), discard(), clock.System())
		if err := s.Notify(context.Background(), 3, "ImportFinished", map[string]any{"message": "x"}); err != nil {
			t.Fatalf("Notify with Redis down: %v", err)
		}
		if _, n, _ := s.Unread(context.Background(), 3); n != 1 {
			t.Fatalf("%d unread, want the stored one", n)
		}
	})
}

// seed stores n notifications for user, returning their ids (oldest first).
func seed(t *testing.T, s *notify.Service, user uint64, n int) []uint64 {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < n; i++ {
		if err := s.Notify(ctx, user, "ImportFinished", map[string]any{"i": i}); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := s.Since(ctx, user, 0)
	all := []uint64{}
	for len(got) > 0 {
		for _, g := range got {
			all = append(all, g.ID)
		}
		got, _ = s.Since(ctx, user, all[len(all)-1])
	}
	return all
}

func ids(ns []notify.Notification) []uint64 {
	out := []uint64{}
	for _, n := range ns {
		out = append(out, n.ID)
	}
	return out
}

func reversed(in []uint64) []uint64 {
	out := make([]uint64, len(in))
	for i, v := range in {
		out[len(in)-1-i] = v
	}
	return out
}

func TestListAndUnread(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s := notify.NewService(gdb, nil, discard(), clock.System())
		ctx := context.Background()
		mine := seed(t, s, 1, 25)
		other := seed(t, s, 2, 2)
		if len(mine) != 25 || len(other) != 2 {
			t.Fatalf("seeded %d and %d", len(mine), len(other))
		}

		page2, total, err := s.List(ctx, 1, listing.Page{Number: 2, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(reversed(mine)[10:20], ids(page2)); total != 25 || diff != "" {
			t.Fatalf("page 2 of 25 (total %d) (-want +got):\n%s", total, diff)
		}

		if err := s.MarkRead(ctx, 1, mine[24]); err != nil { // the newest
			t.Fatal(err)
		}
		unread, count, err := s.Unread(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(reversed(mine[4:24]), ids(unread)); count != 24 || diff != "" {
			t.Fatalf("unread (count %d, want 24) (-want +got):\n%s", count, diff)
		}

		none, n, err := s.Unread(ctx, 99)
		if err != nil || n != 0 || len(none) != 0 || none == nil {
			t.Fatalf("nobody's unread: %v %d %v", none, n, err)
		}
		empty, total, err := s.List(ctx, 99, listing.Page{Number: 1, Size: 10})
		if err != nil || total != 0 || empty == nil || len(empty) != 0 {
			t.Fatalf("nobody's list: %v %d %v", empty, total, err)
		}
	})
}

func TestMarkRead(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s := notify.NewService(gdb, nil, discard(), clock.System())
		ctx := context.Background()
		mine, other := seed(t, s, 1, 3), seed(t, s, 2, 1)

		if err := s.MarkRead(ctx, 1, other[0]); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("another user's: %v, want not found", err)
		}
		if err := s.MarkRead(ctx, 1, 99999); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("missing: %v, want not found", err)
		}
		if err := s.MarkRead(ctx, 1, mine[0]); err != nil {
			t.Fatal(err)
		}
		first := readAt(t, s, 1, mine[0])
		if first == nil {
			t.Fatal("not marked read")
		}
		if err := s.MarkRead(ctx, 1, mine[0]); err != nil { // again: fine, the first time stays
			t.Fatalf("marking a read one: %v", err)
		}
		if again := readAt(t, s, 1, mine[0]); again == nil || !again.Equal(*first) {
			t.Fatalf("read_at moved from %v to %v", first, again)
		}
		if _, n, _ := s.Unread(ctx, 2); n != 1 {
			t.Fatalf("the other user's unread: %d, want 1", n)
		}

		if err := s.ReadAll(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := s.Unread(ctx, 1); n != 0 {
			t.Fatalf("after read-all: %d unread", n)
		}
		if again := readAt(t, s, 1, mine[0]); !again.Equal(*first) {
			t.Fatalf("read-all moved an earlier read_at from %v to %v", first, again)
		}
		if _, n, _ := s.Unread(ctx, 2); n != 1 {
			t.Fatalf("read-all reached another user: %d unread, want 1", n)
		}
	})
}

func readAt(t *testing.T, s *notify.Service, user, id uint64) *time.Time {
	t.Helper()
	all, _, err := s.List(context.Background(), user, listing.Page{Number: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range all {
		if n.ID == id {
			return n.ReadAt
		}
	}
	t.Fatalf("notification %d not listed", id)
	return nil
}

func TestDelete(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s := notify.NewService(gdb, nil, discard(), clock.System())
		ctx := context.Background()
		mine, other := seed(t, s, 1, 3), seed(t, s, 2, 2)

		if err := s.Delete(ctx, 1, other[0]); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("another user's: %v, want not found", err)
		}
		if err := s.Delete(ctx, 1, mine[1]); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, 1, mine[1]); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("deleted twice: %v, want not found", err)
		}
		left, _, _ := s.List(ctx, 1, listing.Page{Number: 1, Size: 10})
		if diff := cmp.Diff([]uint64{mine[2], mine[0]}, ids(left)); diff != "" {
			t.Fatalf("left (-want +got):\n%s", diff)
		}
		if err := s.DeleteAll(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := s.List(ctx, 1, listing.Page{Number: 1, Size: 10}); n != 0 {
			t.Fatalf("%d left after delete-all", n)
		}
		if _, n, _ := s.List(ctx, 2, listing.Page{Number: 1, Size: 10}); n != 2 {
			t.Fatalf("delete-all reached another user: %d left, want 2", n)
		}
	})
}

// TestSince: the replay is the user's notifications after an id, oldest first, in batches.
func TestSince(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s := notify.NewService(gdb, nil, discard(), clock.System())
		ctx := context.Background()
		seed(t, s, 2, 1)
		mine := seed(t, s, 1, notify.ReplayLimit+5)
		first, err := s.Since(ctx, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(mine[:notify.ReplayLimit], ids(first)); diff != "" {
			t.Fatalf("first batch (-want +got):\n%s", diff)
		}
		rest, _ := s.Since(ctx, 1, mine[notify.ReplayLimit-1])
		if diff := cmp.Diff(mine[notify.ReplayLimit:], ids(rest)); diff != "" {
			t.Fatalf("second batch (-want +got):\n%s", diff)
		}
		if none, _ := s.Since(ctx, 1, mine[len(mine)-1]); len(none) != 0 {
			t.Fatalf("after the last: %v", ids(none))
		}
	})
}
