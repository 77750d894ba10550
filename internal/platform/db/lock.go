package db

import (
	"context"
	"fmt"
	"sync"

	"gorm.io/gorm"
)

// Lock names for WithLock: fixed numbers, one per kind of start-up work that several
// processes may try at once.
const (
	LockMigrations int64 = 0x73686f706d6967 // "shopmig"
	LockDemoSeed   int64 = 0x73686f70646d6f // "shopdmo"
)

// WithLock runs fn while holding a database-wide lock, so processes starting together (several
// instances, or shopctl beside a server) take turns at start-up work instead of racing. On
// PostgreSQL it is a session advisory lock held by a connection of its own (the pool's other
// connections stay free for fn). The SQLite set-up is one process (the embedded one), so there
// a lock inside the process is enough.
func WithLock(ctx context.Context, gdb *gorm.DB, key int64, fn func() error) error {
	if !IsPostgres(gdb) {
		mu := localLock(key)
		mu.Lock()
		defer mu.Unlock()
		return fn()
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer func() {
		// fn's result is what the caller needs; a failed unlock means a broken session, and the
		// lock ends with it
		_, _ = conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1)", key)
	}()
	return fn()
}

var localLocks sync.Map // key -> *sync.Mutex

func localLock(key int64) *sync.Mutex {
	mu, _ := localLocks.LoadOrStore(key, &sync.Mutex{})
	return mu.(*sync.Mutex)
}
