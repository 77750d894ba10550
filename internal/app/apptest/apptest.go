// Package apptest builds the whole shop for a test on a fresh database of the given dialect,
// with a private Redis, a temp object folder and the mail outbox.
package apptest

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/platform/clock"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/queue/queuetest"
)

// Config is a test configuration for dialect "sqlite" or "postgres".
func Config(t testing.TB, dialect string) *config.Config {
	t.Helper()
	cfg, err := config.Load("", nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	cfg.Auth.Secret = "test-secret-test-secret-test-secret"
	cfg.Web.StoreDir = filepath.Join(cfg.DataDir, "store")
	cfg.Web.AdminDir = filepath.Join(cfg.DataDir, "admin")
	cfg.Redis.URL = queuetest.URL(t)
	// pricing.Schedule recomputes at once: a test of a rule or a discount sees its prices right
	// after the call, with no worker running. The coalescing job's tests set a window.
	cfg.Pricing.CoalesceWindow = 0
	// A migrated copy (dbtest's template): the app's start then finds nothing to migrate.
	if dialect == "postgres" {
		cfg.Database.URL = dbtest.MigratedPostgresURL(t)
	} else {
		dbtest.WriteMigratedSQLite(t, db.URL(cfg))
	}
	return cfg
}

// New builds the app (migrated) from cfg; closed on cleanup.
func New(t testing.TB, cfg *config.Config) *app.App {
	t.Helper()
	return NewAt(t, cfg, clock.System())
}

// NewAt is New with the shop's clock pinned (date rules at a chosen instant).
func NewAt(t testing.TB, cfg *config.Config, clk clock.Clock) *app.App {
	t.Helper()
	a, err := app.New(context.Background(), cfg, slog.New(slog.DiscardHandler), app.Options{PasswordCost: bcrypt.MinCost, Clock: clk})
	if err != nil {
		t.Fatalf("app: %v", err)
	}
	t.Cleanup(a.Close)
	return a
}

// Run runs fn per dialect (SQLite always, PostgreSQL when configured) with a fresh app.
func Run(t *testing.T, fn func(t *testing.T, a *app.App)) {
	t.Helper()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) { fn(t, New(t, Config(t, d.Name))) })
	}
}

// RunWith is Run with the configuration adjusted by configure before the app is built (a
// setting the test is about).
func RunWith(t *testing.T, configure func(*config.Config), fn func(t *testing.T, a *app.App)) {
	t.Helper()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cfg := Config(t, d.Name)
			configure(cfg)
			fn(t, New(t, cfg))
		})
	}
}

// RunAt is Run with the shop's clock pinned at at.
func RunAt(t *testing.T, at time.Time, fn func(t *testing.T, a *app.App)) {
	t.Helper()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) { fn(t, NewAt(t, Config(t, d.Name), clock.Fixed(at))) })
	}
}

// Nightly is the instant the suite used to fail at: 23:30 UTC, already 00:30 of the next day
// in Belgrade. Date-rule tests run there, so a rule that takes the UTC date is caught.
var Nightly = time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC)
