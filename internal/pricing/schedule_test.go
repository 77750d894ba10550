package pricing_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/platform/actor"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/platform/queue/queuetest"
	"shop/internal/pricing"
)

// webOf reads a product's stored web and discount price.
func webOf(tb testing.TB, gdb *gorm.DB, id uint64) (web int64, discount *int64) {
	tb.Helper()
	var r struct {
		WebPrice      int64
		DiscountPrice *int64
	}
	if err := gdb.Raw("SELECT web_price, discount_price FROM products WHERE id = ?", id).Scan(&r).Error; err != nil {
		tb.Fatal(err)
	}
	return r.WebPrice, r.DiscountPrice
}

// TestScheduleWithoutQueueRunsAtOnce: a web-margin rule added for a brand reaches the brand's
// products of the category when the rule's service calls Schedule (no queue: at once); the
// other products keep their prices; scheduling again writes nothing.
func TestScheduleWithoutQueueRunsAtOnce(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(belgradeNoon), pricing.Options{})
		m := pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500}
		cat := mustCategory(t, gdb, "tv", m)
		now := belgradeNoon
		exec(t, gdb, "INSERT INTO brands (name, created_at, updated_at) VALUES ('LG', ?, ?)", now, now)
		brand := lastID(t, gdb, "brands")
		exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, brand_id, created_at, updated_at)
			VALUES ('LG1', 'LG1', 'lg1', 100000, ?, ?, ?, ?)`, cat, brand, now, now)
		lg := lastID(t, gdb, "products")
		exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
			VALUES ('X1', 'X1', 'x1', 100000, ?, ?, ?)`, cat, now, now)
		other := lastID(t, gdb, "products")
		if err := svc.Schedule(ctx, pricing.MainCategory(cat)); err != nil {
			t.Fatal(err)
		}
		if web, _ := webOf(t, gdb, lg); web != 132000 { // 1000 × 1.1 × 1.2
			t.Fatalf("web before the rule %d, want 132000", web)
		}
		exec(t, gdb, `INSERT INTO web_margin_rules (category_id, brand_id, margin_bps, created_at, updated_at) VALUES (?, ?, 2500, ?, ?)`,
			cat, brand, now, now)
		if err := svc.Schedule(ctx, pricing.MainCategory(cat)); err != nil {
			t.Fatal(err)
		}
		if web, _ := webOf(t, gdb, lg); web != 150000 { // 1000 × 1.25 × 1.2
			t.Errorf("web of the brand's product %d, want 150000", web)
		}
		if web, _ := webOf(t, gdb, other); web != 132000 {
			t.Errorf("web of the other product %d, want 132000", web)
		}
		n, err := svc.RecomputeTx(ctx, gdb, pricing.All())
		if err != nil || n != 0 {
			t.Errorf("recompute after Schedule wrote %d (%v), want 0", n, err)
		}
	})
}

// TestScheduleCoalesces: many Schedule calls for the same scopes within one window queue one
// task per scope (ids in any order name the same scope), to run when the window closes.
func TestScheduleCoalesces(t *testing.T) {
	r := queuetest.Redis(t)
	enq := queue.NewEnqueuer(r)
	gdb := dbtest.OpenSQLite(t)
	svc := pricing.NewService(gdb, enq, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{CoalesceWindow: time.Hour})
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids := []uint64{3, 1, 2}
			if i%2 == 0 {
				ids = []uint64{1, 2, 3}
			}
			if err := svc.Schedule(ctx, pricing.MainCategory(7), pricing.Products(ids...), pricing.All()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	insp := asynq.NewInspector(r.Opt)
	t.Cleanup(func() { insp.Close() })
	tasks, err := insp.ListScheduledTasks(queue.QueueDefault)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, ti := range tasks {
		if ti.Type != queue.TypePricesSchedule {
			t.Errorf("task %s", ti.Type)
		}
		kinds[ti.ID]++
	}
	if len(tasks) != 3 {
		t.Errorf("%d scheduled tasks %v, want 3 (one per scope)", len(tasks), kinds)
	}
	for _, ti := range tasks {
		if wait := time.Until(ti.NextProcessAt); wait <= 0 || wait > time.Hour {
			t.Errorf("task %s runs in %s, want within the window", ti.ID, wait)
		}
	}
}

// TestMidnightAppliesActions: an action starting tomorrow shows nothing today; after midnight
// (the shop's clock moved on) the nightly job gives the product its action price, writing only
// that product; the day after the action's end it takes the price away again. A second run
// writes nothing.
func TestMidnightAppliesActions(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		var mu sync.Mutex
		at := time.Date(2026, 11, 25, 22, 30, 0, 0, time.UTC) // 23:30 in Belgrade on the 25th
		clk := clock.Func(func() time.Time { mu.Lock(); defer mu.Unlock(); return at })
		setTime := func(t time.Time) { mu.Lock(); at = t; mu.Unlock() }
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clk, pricing.Options{})
		cat := mustCategory(t, gdb, "k", pricing.Margins{Pdv: 2000, Web: 1000})
		now := at
		exec(t, gdb, "INSERT INTO discount_types (name, is_percentage, created_at, updated_at) VALUES ('Akcija', ?, ?, ?)", true, now, now)
		typ := lastID(t, gdb, "discount_types")
		var ids []uint64
		for _, sku := range []string{"A", "B"} {
			exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
				VALUES (?, ?, ?, 100000, ?, ?, ?)`, sku, sku, sku, cat, now, now)
			ids = append(ids, lastID(t, gdb, "products"))
		}
		// A: 10 % off on the 26th and 27th (Belgrade dates).
		exec(t, gdb, `INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
			VALUES (?, ?, 0, 1000, ?, ?, ?, ?)`, ids[0], typ, time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), now, now)
		if _, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil {
			t.Fatal(err)
		}
		if _, d := webOf(t, gdb, ids[0]); d != nil {
			t.Fatalf("action price %d before the action starts", *d)
		}
		run := func(want int64) {
			t.Helper()
			n, err := svc.RunMidnight(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n != want {
				t.Errorf("midnight job at %s wrote %d products, want %d", clk.Local(), n, want)
			}
		}
		setTime(time.Date(2026, 11, 25, 23, 5, 0, 0, time.UTC)) // 00:05 on the 26th in Belgrade
		run(1)
		web, d := webOf(t, gdb, ids[0])
		if d == nil || *d != 118800 || web != 132000 { // 1320 less 10 % = 1188
			t.Errorf("on the 26th: web %d, action %v, want 132000 and 118800", web, d)
		}
		if _, d := webOf(t, gdb, ids[1]); d != nil {
			t.Errorf("B got an action price %d", *d)
		}
		run(0)
		setTime(time.Date(2026, 11, 27, 23, 5, 0, 0, time.UTC)) // the 28th: the action ended yesterday
		run(1)
		if _, d := webOf(t, gdb, ids[0]); d != nil {
			t.Errorf("action price %d after the action's end", *d)
		}
		run(0)
		x, err := svc.Explain(ctx, ids[0])
		if err != nil || x.Action != nil || x.Web != money.Para(132000) {
			t.Errorf("explain after the end: %+v, %v", x, err)
		}
	})
}

// TestScheduleManyProducts: a scope of more ids than one statement may bind on SQLite (a mass
// discount of 40,000 products) is recomputed in chunks, in one transaction.
func TestScheduleManyProducts(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(belgradeNoon), pricing.Options{})
		cat := mustCategory(t, gdb, "k", pricing.Margins{Pdv: 2000, Web: 1000})
		now := belgradeNoon
		ids := make([]uint64, 0, 40_000)
		for _, sku := range []string{"A", "B"} {
			exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
				VALUES (?, ?, ?, 100000, ?, ?, ?)`, sku, sku, sku, cat, now, now)
		}
		last := lastID(t, gdb, "products")
		for id := uint64(1); len(ids) < 40_000; id++ {
			ids = append(ids, id) // the two products among 40,000 ids, most of them unknown
		}
		if err := svc.Schedule(context.Background(), pricing.Products(ids...)); err != nil {
			t.Fatal(err)
		}
		if web, _ := webOf(t, gdb, last); web != 132000 {
			t.Errorf("web %d, want 132000", web)
		}
	})
}

// TestScheduleZeroWindowRunsAtOnce: with a queue but a zero coalescing window (the test apps'
// setting), Schedule recomputes at once and queues nothing.
func TestScheduleZeroWindowRunsAtOnce(t *testing.T) {
	r := queuetest.Redis(t)
	gdb := dbtest.OpenSQLite(t)
	svc := pricing.NewService(gdb, queue.NewEnqueuer(r), nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(belgradeNoon), pricing.Options{CoalesceWindow: 0})
	cat := mustCategory(t, gdb, "k", pricing.Margins{Pdv: 2000, Web: 1000})
	exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
		VALUES ('A', 'A', 'a', 100000, ?, ?, ?)`, cat, belgradeNoon, belgradeNoon)
	if err := svc.Schedule(context.Background(), pricing.MainCategory(cat)); err != nil {
		t.Fatal(err)
	}
	if web, _ := webOf(t, gdb, lastID(t, gdb, "products")); web != 132000 {
		t.Errorf("web %d, want 132000 at once", web)
	}
	insp := asynq.NewInspector(r.Opt)
	t.Cleanup(func() { insp.Close() })
	if tasks, _ := insp.ListScheduledTasks(queue.QueueDefault); len(tasks) != 0 {
		t.Errorf("%d tasks queued", len(tasks))
	}
}

// notes records the notifications a service sends.
type notes struct {
	mu   sync.Mutex
	sent []struct {
		user uint64
		typ  string
	}
}

func (n *notes) Notify(_ context.Context, userID uint64, typ string, _ any) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sent = append(n.sent, struct {
		user uint64
		typ  string
	}{userID, typ})
	return nil
}

func (n *notes) NotifyTx(*gorm.DB, uint64, string, any) (func(context.Context), error) {
	return func(context.Context) {}, nil
}

// TestScheduledRecomputeTellsItsAuthor: the queued recompute names who made the change, and
// the job tells them when the prices are there (their admin tabs reload the product lists on
// it); a recompute queued by the system tells nobody.
func TestScheduledRecomputeTellsItsAuthor(t *testing.T) {
	r := queuetest.Redis(t)
	enq := queue.NewEnqueuer(r)
	gdb := dbtest.OpenSQLite(t)
	n := &notes{}
	svc := pricing.NewService(gdb, enq, n, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{CoalesceWindow: time.Hour})
	ctx := actor.With(context.Background(), actor.Actor{UserID: 42})
	if err := svc.Schedule(ctx, pricing.All()); err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(r.Opt)
	t.Cleanup(func() { insp.Close() })
	tasks, err := insp.ListScheduledTasks(queue.QueueDefault)
	if err != nil || len(tasks) != 1 {
		t.Fatalf("scheduled tasks %d (%v), want 1", len(tasks), err)
	}
	var p queue.PricesSchedulePayload
	if err := json.Unmarshal(tasks[0].Payload, &p); err != nil {
		t.Fatal(err)
	}
	if p.UserID != 42 {
		t.Errorf("payload user %d, want 42", p.UserID)
	}
	if _, err := svc.RunScheduled(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.RunScheduled(context.Background(), queue.PricesSchedulePayload{Kind: pricing.KindAll}); err != nil {
		t.Fatal(err)
	}
	if len(n.sent) != 1 || n.sent[0].user != 42 || n.sent[0].typ != pricing.NotePricesRecomputed {
		t.Errorf("notifications %+v, want one PricesRecomputed to 42", n.sent)
	}
}
