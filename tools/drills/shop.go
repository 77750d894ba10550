package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"shop/internal/platform/db"
)

const bucket = "shop-drills"

// proc is one shopd process.
type proc struct {
	name   string
	addr   string // the API's address ("" for the worker)
	cmd    *exec.Cmd
	exited chan error
}

// shop is the shop under the drills: an API and a worker reaching PostgreSQL, Redis and an
// S3 store each through its proxy.
type shop struct {
	dir, bin   string
	env        []string
	dropDB     func()
	db         *gorm.DB // the drills' own connection, straight to PostgreSQL: counts and checks
	redis      *redis.Client
	redisURL   string // straight to Redis
	releaseRDB func()
	s3         *s3mem.Backend
	s3srv      *http.Server
	pg, rd, ob *proxy
	procs      []*proc
	api        *proc
	data       string
}

func startShop(ctx context.Context, bin, out string, products int) (*shop, error) {
	base := firstEnv("SHOP_DRILLS_DATABASE_URL", "SHOP_TEST_DATABASE_URL")
	redisBase := firstEnv("SHOP_DRILLS_REDIS_URL", "SHOP_TEST_REDIS_URL")
	if base == "" || redisBase == "" {
		return nil, errors.New("the drills run on PostgreSQL and Redis: set SHOP_DRILLS_DATABASE_URL and SHOP_DRILLS_REDIS_URL (or the SHOP_TEST_ ones)")
	}
	s := &shop{dir: out, bin: bin}
	ok := false
	defer func() {
		if !ok {
			s.close()
		}
	}()
	dbURL, err := s.freshDatabase(ctx, base)
	if err != nil {
		return nil, err
	}
	if s.db, err = db.OpenURL(ctx, dbURL, 4); err != nil {
		return nil, err
	}
	if s.redisURL, err = s.reserveRedis(ctx, redisBase); err != nil {
		return nil, err
	}

	// The object store: gofakes3 in this process, behind its own proxy like the others.
	s.s3 = s3mem.New()
	if err := s.s3.CreateBucket(bucket); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.s3srv = &http.Server{Handler: gofakes3.New(s.s3).Server(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.s3srv.Serve(ln) }()

	du, _ := url.Parse(dbURL)
	ru, _ := url.Parse(s.redisURL)
	if s.pg, err = newProxy(du.Host); err != nil {
		return nil, err
	}
	if s.rd, err = newProxy(ru.Host); err != nil {
		return nil, err
	}
	if s.ob, err = newProxy(ln.Addr().String()); err != nil {
		return nil, err
	}
	du.Host, ru.Host = s.pg.addr(), s.rd.addr()

	s.data = filepath.Join(out, "data")
	s.env = []string{"SHOP_DATABASE_URL=" + du.String(), "SHOP_REDIS_URL=" + ru.String(), "SHOP_DATA_DIR=" + s.data,
		"SHOP_AUTH_SECRET=drills-secret-drills-secret-drills-secret",
		"SHOP_BLOB_DRIVER=s3", "SHOP_BLOB_S3_ENDPOINT=http://" + s.ob.addr(), "SHOP_BLOB_S3_BUCKET=" + bucket,
		"SHOP_BLOB_S3_ACCESS_KEY=drills", "SHOP_BLOB_S3_SECRET_KEY=drills-secret", "SHOP_BLOB_S3_PATH_STYLE=true",
		"SHOP_MAIL_DRIVER=outbox", "SHOP_HTTP_TRUSTED_PROXIES=127.0.0.1/32", "SHOP_LOG_LEVEL=warn", "SHOP_DATABASE_AUTO_MIGRATE=false",
		"SHOP_WEB_STORE_DIR=" + filepath.Join(out, "no-store"), "SHOP_WEB_ADMIN_DIR=" + filepath.Join(out, "no-admin")}

	start := time.Now()
	if err := s.shopctl(ctx, "migrate", "up"); err != nil {
		return nil, err
	}
	if err := s.shopctl(ctx, "seed", "bench", "--products", fmt.Sprint(products)); err != nil {
		return nil, err
	}
	fmt.Printf("database migrated and seeded (%d products): %v\n", products, time.Since(start).Round(time.Second))
	for _, p := range []struct{ name, role string }{{"api", "api"}, {"worker", "worker"}} {
		if err := s.launch(p.name, p.role); err != nil {
			return nil, err
		}
	}
	if err := s.waitReady(ctx); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

func firstEnv(keys ...string) string {
	for _, k := range keys {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}

// freshDatabase creates an empty database on base's server, dropped by close.
func (s *shop) freshDatabase(ctx context.Context, base string) (string, error) {
	admin, err := db.OpenURL(ctx, base, 2)
	if err != nil {
		return "", err
	}
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	name := "shop_drills_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		db.Close(admin)
		return "", err
	}
	s.dropDB = func() {
		admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		db.Close(admin)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// reserveRedis takes one of Redis's numbered databases under the tests' lock keys
// (shoptest:lock:N in database 0), so a test and a drill never share one, and empties it.
func (s *shop) reserveRedis(ctx context.Context, base string) (string, error) {
	opt, err := redis.ParseURL(base)
	if err != nil {
		return "", fmt.Errorf("redis url: %w", err)
	}
	lock := redis.NewClient(opt)
	token := fmt.Sprintf("drills-%d-%d", os.Getpid(), time.Now().UnixNano())
	for n := 15; n >= 1; n-- {
		key := fmt.Sprintf("shoptest:lock:%d", n)
		got, err := lock.SetNX(ctx, key, token, time.Hour).Result()
		if err != nil {
			lock.Close()
			return "", fmt.Errorf("redis: %w", err)
		}
		if !got {
			continue
		}
		s.releaseRDB = func() { lock.Del(context.Background(), key); lock.Close() }
		s.redis = redis.NewClient(&redis.Options{Addr: opt.Addr, Password: opt.Password, DB: n})
		if err := s.redis.FlushDB(ctx).Err(); err != nil {
			return "", err
		}
		u, _ := url.Parse(base)
		u.Path = fmt.Sprintf("/%d", n)
		return u.String(), nil
	}
	lock.Close()
	return "", errors.New("redis: no free numbered database (all 15 are locked by tests)")
}

func (s *shop) shopctl(ctx context.Context, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(s.bin, "shopctl"), args...)
	cmd.Env = append(os.Environ(), s.env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("shopctl %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return nil
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func (s *shop) launch(name, role string) error {
	p := &proc{name: name}
	metrics, err := freePort()
	if err != nil {
		return err
	}
	env := append(append([]string{}, s.env...), "SHOP_HTTP_METRICS_ADDR="+metrics)
	if role == "api" {
		if p.addr, err = freePort(); err != nil {
			return err
		}
		env = append(env, "SHOP_HTTP_ADDR="+p.addr)
		s.api = p
	}
	log, err := os.Create(filepath.Join(s.dir, name+".log"))
	if err != nil {
		return err
	}
	p.cmd = exec.Command(filepath.Join(s.bin, "shopd"), "serve", "--role", role)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = log, log
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	p.exited = make(chan error, 1)
	go func() { p.exited <- p.cmd.Wait(); log.Close() }()
	s.procs = append(s.procs, p)
	return nil
}

func (s *shop) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-s.api.exited:
			return fmt.Errorf("api stopped at start: %v (log: %s)", err, filepath.Join(s.dir, "api.log"))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if st, _ := readyz(s.api); st == http.StatusOK {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return errors.New("api not ready within 2 minutes")
}

// stopped names the processes that have stopped: a drill restarts no process.
func (s *shop) stopped() []string {
	var out []string
	for _, p := range s.procs {
		select {
		case err := <-p.exited:
			out = append(out, fmt.Sprintf("%s (%v)", p.name, err))
			p.exited <- err
		default:
		}
	}
	return out
}

func (s *shop) close() {
	for _, p := range s.procs {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, p := range s.procs {
		select {
		case err := <-p.exited:
			_ = err // stopped as asked: its exit status tells nothing more
		case <-time.After(30 * time.Second):
			_ = p.cmd.Process.Kill()
		}
	}
	for _, p := range []*proxy{s.pg, s.rd, s.ob} {
		if p != nil {
			p.close()
		}
	}
	if s.s3srv != nil {
		s.s3srv.Close()
	}
	if s.redis != nil {
		s.redis.FlushDB(context.Background())
		s.redis.Close()
	}
	if s.releaseRDB != nil {
		s.releaseRDB()
	}
	if s.db != nil {
		db.Close(s.db)
	}
	if s.dropDB != nil {
		s.dropDB()
	}
}
