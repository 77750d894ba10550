package db

import (
	"context"
	"sync/atomic"
	"time"

	"gorm.io/gorm"
)

// A request's SQL time: the slow-request log tells a slow query from slow Go code by it.

type queryTimerKey struct{}

type queryTimer struct{ total, count atomic.Int64 }

// WithQueryTimer returns ctx with a timer that every statement run through GORM with it (or a
// context derived from it) adds its time to.
func WithQueryTimer(ctx context.Context) context.Context {
	return context.WithValue(ctx, queryTimerKey{}, &queryTimer{})
}

// QueryTime is the time and the number of statements ctx's timer took so far (0 without one).
func QueryTime(ctx context.Context) (time.Duration, int64) {
	t, _ := ctx.Value(queryTimerKey{}).(*queryTimer)
	if t == nil {
		return 0, 0
	}
	return time.Duration(t.total.Load()), t.count.Load()
}

const queryStartKey = "shop:query_start"

// timeQueries registers callbacks around every kind of statement GORM runs.
func timeQueries(gdb *gorm.DB) error {
	before := func(tx *gorm.DB) {
		if tx.Statement.Context != nil && tx.Statement.Context.Value(queryTimerKey{}) != nil {
			tx.InstanceSet(queryStartKey, time.Now())
		}
	}
	after := func(tx *gorm.DB) {
		v, ok := tx.InstanceGet(queryStartKey)
		if !ok {
			return
		}
		if t, _ := tx.Statement.Context.Value(queryTimerKey{}).(*queryTimer); t != nil {
			t.total.Add(int64(time.Since(v.(time.Time))))
			t.count.Add(1)
		}
	}
	cb := gdb.Callback()
	for _, err := range []error{
		cb.Create().Before("gorm:create").Register("shop:time_before_create", before),
		cb.Create().After("gorm:create").Register("shop:time_after_create", after),
		cb.Query().Before("gorm:query").Register("shop:time_before_query", before),
		cb.Query().After("gorm:query").Register("shop:time_after_query", after),
		cb.Update().Before("gorm:update").Register("shop:time_before_update", before),
		cb.Update().After("gorm:update").Register("shop:time_after_update", after),
		cb.Delete().Before("gorm:delete").Register("shop:time_before_delete", before),
		cb.Delete().After("gorm:delete").Register("shop:time_after_delete", after),
		cb.Row().Before("gorm:row").Register("shop:time_before_row", before),
		cb.Row().After("gorm:row").Register("shop:time_after_row", after),
		cb.Raw().Before("gorm:raw").Register("shop:time_before_raw", before),
		cb.Raw().After("gorm:raw").Register("shop:time_after_raw", after),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
