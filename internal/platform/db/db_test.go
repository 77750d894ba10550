package db_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/dbtest"
)

func TestURL(t *testing.T) {
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=/srv/shop"})
	if err != nil {
		t.Fatal(err)
	}
	if got := db.URL(cfg); got != "sqlite:/srv/shop/shop.db" {
		t.Errorf("URL = %q", got)
	}
	cfg.Database.URL = "postgres://db/shop"
	if got := db.URL(cfg); got != "postgres://db/shop" {
		t.Errorf("URL = %q", got)
	}
}

func TestOpenSQLiteCreatesFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", "var", "shop.db")
	gdb, err := db.OpenURL(context.Background(), "sqlite:"+path, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(gdb)
	if err := db.Ping(context.Background(), gdb); err != nil {
		t.Errorf("Ping: %v", err)
	}
	if db.IsPostgres(gdb) {
		t.Error("IsPostgres on SQLite")
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database file: %v", err)
	}
	var fk int
	if err := gdb.Raw("PRAGMA foreign_keys").Scan(&fk).Error; err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v; want 1", fk, err)
	}
	var mode string
	if err := gdb.Raw("PRAGMA journal_mode").Scan(&mode).Error; err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	db.Close(gdb)
	if err := db.Ping(context.Background(), gdb); err == nil {
		t.Error("Ping succeeded after Close")
	}
}

func TestDialects(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		want := t.Name()[strings.LastIndex(t.Name(), "/")+1:] == "postgres"
		if db.IsPostgres(gdb) != want {
			t.Errorf("IsPostgres = %v on %s", !want, t.Name())
		}
		if err := db.Ping(context.Background(), gdb); err != nil {
			t.Errorf("Ping: %v", err)
		}
	})
}

func TestUnreachablePostgres(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = db.OpenURL(context.Background(), "postgres://shop:hunter2@"+addr+"/shop?connect_timeout=1", 2)
	if err == nil {
		t.Fatal("OpenURL succeeded against a closed port")
	}
	if !strings.Contains(err.Error(), "database: cannot reach postgres://") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error %q: want 'database: cannot reach' with the password hidden", err)
	}
}

// TestOpenSQLitePathWithURIMarks: a folder whose name holds '#', '?' or '%' (t.TempDir of a
// repeated subtest name, "sqlite#01") is the database's folder, not cut at the mark: the cut
// path was one file shared by every such test, and by every test process on the machine.
func TestOpenSQLitePathWithURIMarks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a#01", "b?c", "d%20e")
	path := filepath.Join(dir, "shop.db")
	gdb, err := db.OpenURL(context.Background(), "sqlite:"+path, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(gdb)
	if err := gdb.Exec("CREATE TABLE marks (id INTEGER)").Error; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database file at the named path: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	for _, e := range entries {
		if e.Name() != filepath.Base(filepath.Dir(path)) && !e.IsDir() {
			t.Errorf("a stray file %q beside the database's folder", e.Name())
		}
	}
}

// TestCancelledQueryKeepsItsConnection: a query whose context ends is stopped on the server,
// fails with the context's error, and the same session serves the next statement, so
// requests given up cost the pool no new sessions.
func TestCancelledQueryKeepsItsConnection(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		if !db.IsPostgres(gdb) {
			t.Skip("a cancel request is PostgreSQL's")
		}
		ctx := context.Background()
		tx := gdb.WithContext(ctx).Begin() // one session throughout
		defer tx.Rollback()
		var before, after int
		if err := tx.Raw("SELECT pg_backend_pid()").Scan(&before).Error; err != nil {
			t.Fatal(err)
		}
		if err := tx.Exec("SAVEPOINT before_sleep").Error; err != nil {
			t.Fatal(err)
		}
		qctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(100*time.Millisecond, cancel)
		err := tx.WithContext(qctx).Exec("SELECT pg_sleep(30)").Error
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the cancelled statement: %v, want context.Canceled", err)
		}
		if err := tx.Exec("ROLLBACK TO SAVEPOINT before_sleep").Error; err != nil {
			t.Fatalf("after the cancel: %v", err)
		}
		if err := tx.Raw("SELECT pg_backend_pid()").Scan(&after).Error; err != nil || after != before {
			t.Fatalf("after the cancel: session %d (%v), want the same session %d", after, err, before)
		}
	})
}
