// Package db opens the shop's database: PostgreSQL through pgx in production, SQLite
// (pure Go) in the embedded set-up, both through GORM.
package db

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"shop/internal/platform/config"
)

// Open connects to the configured database and checks that it answers.
func Open(ctx context.Context, cfg *config.Config) (*gorm.DB, error) {
	return OpenURL(ctx, URL(cfg), cfg.Database.MaxOpen)
}

// URL is the effective database URL: PostgreSQL as configured, else sqlite:<path>.
func URL(cfg *config.Config) string {
	if cfg.Database.URL != "" {
		return cfg.Database.URL
	}
	return "sqlite:" + filepath.Join(cfg.DataDir, "shop.db")
}

// SQLitePath is the file of a sqlite:PATH URL; ok is false for any other URL.
func SQLitePath(url string) (path string, ok bool) {
	return strings.CutPrefix(url, "sqlite:")
}

// uriPath escapes what a file: URI would read as its query, fragment or an escape.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// cancelGrace is how long a cancelled query may take to stop before its connection is closed
// (a server that does not answer the cancel request).
const cancelGrace = 5 * time.Second

// OpenURL opens postgres://... or sqlite:PATH.
func OpenURL(ctx context.Context, url string, maxOpen int) (*gorm.DB, error) {
	gcfg := &gorm.Config{
		Logger:                 logger.Discard,
		TranslateError:         true,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
	var dialector gorm.Dialector
	path, isSQLite := SQLitePath(url)
	if isSQLite {
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("database: create %s: %w", dir, err)
			}
		}
		// WAL lets readers run beside the one writer; immediate transactions take the write
		// lock up front, so two writers wait (busy_timeout) instead of failing mid-transaction.
		// The path is a URI's: '%', '?' and '#' in it are escaped, or SQLite would read a
		// folder named "sqlite#01" (a repeated subtest's TempDir) as "sqlite" plus a fragment.
		dsn := "file:" + uriPath.Replace(path) + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		dialector = sqlite.Open(dsn)
	} else {
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			return nil, fmt.Errorf("database: %s: %w", redact(url), err)
		}
		// A query whose context ends (a client gone, an autocomplete keystroke superseded, a
		// time-out) is stopped by PostgreSQL's cancel request and its connection kept
		// (contextErrors keeps the context's error visible). pgx's default closes the
		// connection instead: every request given up cost the pool a new session.
		cfg.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
			return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: cancelGrace}
		}
		dialector = postgres.New(postgres.Config{Conn: stdlib.OpenDB(*cfg)})
	}
	gdb, err := gorm.Open(dialector, gcfg)
	if err != nil {
		// The PostgreSQL dialector connects while opening: most failures here are an unreachable server.
		return nil, fmt.Errorf("database: cannot reach %s: %w", redact(url), err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := timeQueries(gdb); err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := contextErrors(gdb); err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if maxOpen <= 0 {
		maxOpen = 10
	}
	sqlDB.SetMaxOpenConns(maxOpen)
	sqlDB.SetMaxIdleConns(maxOpen)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("database: cannot reach %s: %w", redact(url), err)
	}
	return gdb, nil
}

// Ping tells whether the database answers (readiness).
func Ping(ctx context.Context, gdb *gorm.DB) error {
	sqlDB, err := gdb.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Close closes the pool.
func Close(gdb *gorm.DB) error {
	sqlDB, err := gdb.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// RenewIdle closes the pool's idle connections, so that the next ones open as new sessions and
// take the session defaults a migration has just set (ALTER ROLE ... SET applies to sessions
// started after it). The pool keeps as many idle connections as it may open (OpenURL).
func RenewIdle(gdb *gorm.DB) {
	sqlDB, err := gdb.DB()
	if err != nil {
		return
	}
	sqlDB.SetMaxIdleConns(0)
	sqlDB.SetMaxIdleConns(sqlDB.Stats().MaxOpenConnections)
}

// IsPostgres tells the dialect, for the few queries written once per database.
func IsPostgres(gdb *gorm.DB) bool { return gdb.Dialector.Name() == "postgres" }

func redact(url string) string {
	at := strings.LastIndex(url, "@")
	if at < 0 {
		return url
	}
	scheme := strings.Index(url, "://")
	if scheme < 0 {
		return url
	}
	return url[:scheme+3] + "…" + url[at:]
}
