package dbtest

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"gorm.io/gorm"

	"shop/internal/migrations"
	"shop/internal/platform/db"
)

// The migrated databases a test process copies: a SQLite file's bytes, and a PostgreSQL
// database used as CREATE DATABASE's template.
var (
	sqliteOnce  sync.Once
	sqliteImage []byte
	sqliteErr   error

	postgresOnce sync.Once
	postgresName string
	postgresErr  error
)

// migratedSQLite answers the bytes of a migrated SQLite database, migrated on first use.
func migratedSQLite() ([]byte, error) {
	sqliteOnce.Do(func() { sqliteImage, sqliteErr = migrateSQLite() })
	return sqliteImage, sqliteErr
}

func migrateSQLite() ([]byte, error) {
	dir, err := os.MkdirTemp("", "shop-dbtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	ctx := context.Background()
	gdb, err := db.OpenURL(ctx, "sqlite:"+path, 4)
	if err != nil {
		return nil, err
	}
	err = migrations.Up(ctx, gdb)
	if err == nil {
		// The write-ahead log folded into the file, so that the file alone is the database.
		err = gdb.Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error
	}
	if cerr := db.Close(gdb); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// postgresTemplate answers the name of this process's migrated template database, created on
// first use. It outlives the process (nothing runs when a test binary exits): the first test
// process to make its own drops those whose process on this host has ended.
func postgresTemplate() (string, error) {
	postgresOnce.Do(func() { postgresName, postgresErr = createTemplate(os.Getenv("SHOP_TEST_DATABASE_URL")) })
	return postgresName, postgresErr
}

func createTemplate(base string) (string, error) {
	ctx := context.Background()
	admin, err := db.OpenURL(ctx, base, 1)
	if err != nil {
		return "", err
	}
	defer db.Close(admin)
	prefix := templatePrefix()
	dropEndedTemplates(ctx, admin, prefix)
	name := prefix + strconv.Itoa(os.Getpid())
	if err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)").Error; err != nil {
		return "", err
	}
	if err := createDatabase(ctx, admin, name, ""); err != nil {
		return "", err
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	gdb, err := db.OpenURL(ctx, u.String(), 4)
	if err != nil {
		return "", err
	}
	err = migrations.Up(ctx, gdb)
	// A template database copies only while nobody is connected to it.
	if cerr := db.Close(gdb); err == nil {
		err = cerr
	}
	return name, err
}

// templatePrefix names this host's templates, so that test processes of several machines
// sharing a server leave each other's alone.
func templatePrefix() string {
	host, _ := os.Hostname()
	h := fnv.New32a()
	_, _ = h.Write([]byte(host))
	return fmt.Sprintf("shop_tmpl_%08x_", h.Sum32())
}

// dropEndedTemplates drops the templates of this host's test processes that have ended. It
// is tidying only: a template another process is dropping at the same moment, or one that
// cannot be dropped, is left to the next.
func dropEndedTemplates(ctx context.Context, admin *gorm.DB, prefix string) {
	var names []string
	admin.WithContext(ctx).Raw("SELECT datname FROM pg_database WHERE datname LIKE ?", prefix+"%").Scan(&names)
	for _, name := range names {
		pid, err := strconv.Atoi(strings.TrimPrefix(name, prefix))
		if err == nil && processEnded(pid) {
			admin.WithContext(ctx).Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		}
	}
}

func processEnded(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// createDatabase creates name, as a copy of template when one is named. A copy does not take
// the settings a migration gave the shop's role in the template's database (ALTER ROLE ... IN
// DATABASE), so those are given again.
func createDatabase(ctx context.Context, admin *gorm.DB, name, template string) error {
	admin = admin.WithContext(ctx)
	if template == "" {
		return admin.Exec("CREATE DATABASE " + name).Error
	}
	if err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template).Error; err != nil {
		return err
	}
	var settings []struct {
		Role    string
		Setting string
	}
	err := admin.Raw(`SELECT r.rolname AS role, unnest(s.setconfig) AS setting
		FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase JOIN pg_roles r ON r.oid = s.setrole
		WHERE d.datname = ?`, template).Scan(&settings).Error
	if err != nil {
		return err
	}
	for _, s := range settings {
		key, value, _ := strings.Cut(s.Setting, "=")
		stmt := fmt.Sprintf(`ALTER ROLE %q IN DATABASE %s SET %s = '%s'`, s.Role, name, key, strings.ReplaceAll(value, "'", "''"))
		if err := admin.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
