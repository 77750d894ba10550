// Package dbtest gives each test a fresh, migrated database: SQLite always, and PostgreSQL
// too when SHOP_TEST_DATABASE_URL is set (a randomly named database dropped afterwards).
//
// A test's database is a copy of one migrated once per test process (template.go): running
// every migration again cost each test more than most of them take.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"gorm.io/gorm"

	"shop/internal/platform/db"
)

// Dialect is a database the tests run on.
type Dialect struct {
	Name string
	// Open returns a fresh migrated database for one test.
	Open func(t testing.TB) *gorm.DB
	// OpenEmpty returns a fresh database with no tables (for migration tests).
	OpenEmpty func(t testing.TB) *gorm.DB
}

// Dialects lists SQLite and, when configured, PostgreSQL.
func Dialects() []Dialect {
	ds := []Dialect{{Name: "sqlite", Open: OpenSQLite, OpenEmpty: func(t testing.TB) *gorm.DB { return open(t, NewSQLiteURL(t)) }}}
	if os.Getenv("SHOP_TEST_DATABASE_URL") != "" {
		ds = append(ds, Dialect{Name: "postgres", Open: OpenPostgres, OpenEmpty: func(t testing.TB) *gorm.DB { return open(t, NewPostgresDatabase(t)) }})
	}
	return ds
}

// RunEmpty runs fn once per dialect as a subtest, each with its own empty database.
func RunEmpty(t *testing.T, fn func(t *testing.T, gdb *gorm.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d.Name, func(t *testing.T) { fn(t, d.OpenEmpty(t)) })
	}
}

// NewSQLiteURL names a new SQLite file in the test's temp folder.
func NewSQLiteURL(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
}

// Run runs fn once per dialect as a subtest, each with its own fresh database.
func Run(t *testing.T, fn func(t *testing.T, gdb *gorm.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d.Name, func(t *testing.T) { fn(t, d.Open(t)) })
	}
}

// OpenSQLite opens a migrated SQLite database in the test's temp folder.
func OpenSQLite(t testing.TB) *gorm.DB {
	t.Helper()
	dsn := NewSQLiteURL(t)
	WriteMigratedSQLite(t, dsn)
	return open(t, dsn)
}

// WriteMigratedSQLite writes a migrated SQLite database where the sqlite:PATH URL points (a
// shop's data folder's shop.db, say).
func WriteMigratedSQLite(t testing.TB, url string) {
	t.Helper()
	path, ok := db.SQLitePath(url)
	if !ok {
		t.Fatalf("sqlite: not a sqlite: URL: %s", url)
	}
	image, err := migratedSQLite()
	if err != nil {
		t.Fatalf("sqlite template: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatalf("sqlite: %v", err)
	}
	if err := os.WriteFile(path, image, 0o644); err != nil {
		t.Fatalf("sqlite: %v", err)
	}
}

// OpenPostgres creates a randomly named, migrated database on SHOP_TEST_DATABASE_URL's server.
func OpenPostgres(t testing.TB) *gorm.DB {
	t.Helper()
	return open(t, MigratedPostgresURL(t))
}

// MigratedPostgresURL creates a randomly named, migrated database on SHOP_TEST_DATABASE_URL's
// server and returns its URL; dropped on cleanup.
func MigratedPostgresURL(t testing.TB) string {
	t.Helper()
	if os.Getenv("SHOP_TEST_DATABASE_URL") == "" {
		t.Skip("SHOP_TEST_DATABASE_URL not set")
	}
	template, err := postgresTemplate()
	if err != nil {
		t.Fatalf("postgres template: %v", err)
	}
	return newPostgresDatabase(t, template)
}

// NewPostgresDatabase creates an empty database and returns its URL; dropped on cleanup.
func NewPostgresDatabase(t testing.TB) string {
	t.Helper()
	return newPostgresDatabase(t, "")
}

// newPostgresDatabase creates a database, a copy of template when one is named, and returns
// its URL; dropped on cleanup.
func newPostgresDatabase(t testing.TB, template string) string {
	t.Helper()
	base := os.Getenv("SHOP_TEST_DATABASE_URL")
	if base == "" {
		t.Skip("SHOP_TEST_DATABASE_URL not set")
	}
	ctx := context.Background()
	admin, err := db.OpenURL(ctx, base, 2)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	defer db.Close(admin)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "shop_test_" + hex.EncodeToString(b)
	if err := createDatabase(ctx, admin, name, template); err != nil {
		t.Fatalf("create database: %v", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("SHOP_TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	t.Cleanup(func() {
		admin, err := db.OpenURL(ctx, base, 1)
		if err != nil {
			return
		}
		defer db.Close(admin)
		admin.Exec(fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	return u.String()
}

func open(t testing.TB, dsn string) *gorm.DB {
	t.Helper()
	gdb, err := db.OpenURL(context.Background(), dsn, 4)
	if err != nil {
		t.Fatalf("open %s: %v", dsn, err)
	}
	t.Cleanup(func() { db.Close(gdb) })
	return gdb
}
