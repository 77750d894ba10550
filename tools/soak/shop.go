package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
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

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"shop/internal/platform/db"
)

// proc is one shopd process of the soak.
type proc struct {
	name, role  string
	addr        string // the API's address ("" for worker and scheduler)
	metricsAddr string
	cmd         *exec.Cmd
	exited      chan error
}

// shop is the shop under soak: its processes, its database and Redis, and what the workload
// needs to know of it.
type shop struct {
	dir, bin   string
	env        []string
	dbURL      string
	dropDB     func()
	db         *gorm.DB // the soak's own connection: counts, final checks
	redis      *redis.Client
	redisDB    int
	releaseRDB func()
	procs      []*proc
	apis       []*proc
	files      shopFiles
}

// shopFiles are the generated import files, uploaded in turn.
type shopFiles struct {
	pricelists []string
	offers     string
}

// startShop makes a fresh database and Redis database, migrates and seeds them with shopctl,
// writes the import files and starts two APIs, a worker and a scheduler.
func startShop(ctx context.Context, bin, out string, products int64, importRows int) (*shop, error) {
	base := firstEnv("SHOP_SOAK_DATABASE_URL", "SHOP_BENCH_DATABASE_URL", "SHOP_TEST_DATABASE_URL")
	redisBase := firstEnv("SHOP_SOAK_REDIS_URL", "SHOP_TEST_REDIS_URL")
	if base == "" || redisBase == "" {
		return nil, errors.New("the soak runs on PostgreSQL and Redis: set SHOP_SOAK_DATABASE_URL and SHOP_SOAK_REDIS_URL (or the SHOP_TEST_ ones)")
	}
	s := &shop{dir: out, bin: bin}
	ok := false
	defer func() {
		if !ok {
			s.close()
		}
	}()
	var err error
	if s.dbURL, s.dropDB, err = freshDatabase(ctx, base); err != nil {
		return nil, err
	}
	if s.db, err = db.OpenURL(ctx, s.dbURL, 4); err != nil {
		return nil, err
	}
	redisURL, err := s.reserveRedis(ctx, redisBase)
	if err != nil {
		return nil, err
	}
	data := filepath.Join(out, "data")
	store := filepath.Join("store-web", "dist")
	if _, err := os.Stat(filepath.Join(store, "index.html")); err != nil {
		return nil, fmt.Errorf("the storefront is not built (%v): run make build first", err)
	}
	store, _ = filepath.Abs(store)
	s.env = []string{"SHOP_DATABASE_URL=" + s.dbURL, "SHOP_REDIS_URL=" + redisURL, "SHOP_DATA_DIR=" + data,
		"SHOP_AUTH_SECRET=soak-secret-soak-secret-soak-secret-soak", "SHOP_WEB_STORE_DIR=" + store,
		// The load generator names each shopper's address in X-Forwarded-For, as a load balancer would.
		"SHOP_HTTP_TRUSTED_PROXIES=127.0.0.1/32",
		"SHOP_FEEDS_EXPORT_CRON=*/10 * * * *", "SHOP_LOG_LEVEL=warn"}

	start := time.Now()
	if err := s.shopctl(ctx, "migrate", "up"); err != nil {
		return nil, err
	}
	if err := s.shopctl(ctx, "seed", "bench", "--products", fmt.Sprint(products)); err != nil {
		return nil, err
	}
	fmt.Printf("database migrated and seeded (%d products): %v\n", products, time.Since(start).Round(time.Second))
	if err := s.writeFiles(ctx, importRows); err != nil {
		return nil, err
	}
	for _, p := range []struct{ name, role string }{{"api-a", "api"}, {"api-b", "api"}, {"worker", "worker"}, {"scheduler", "scheduler"}} {
		if err := s.launch(p.name, p.role); err != nil {
			return nil, err
		}
	}
	for _, p := range s.apis {
		if err := s.waitReady(ctx, p); err != nil {
			return nil, err
		}
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

// freshDatabase creates an empty database on base's server; SOAK_KEEP keeps it afterwards.
func freshDatabase(ctx context.Context, base string) (string, func(), error) {
	admin, err := db.OpenURL(ctx, base, 2)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	name := "shop_soak_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		db.Close(admin)
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		if os.Getenv("SOAK_KEEP") != "" {
			fmt.Printf("database kept: %s\n", u.String())
		} else {
			admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		}
		db.Close(admin)
	}, nil
}

// reserveRedis takes one of Redis's numbered databases for the run, under the same lock keys
// the tests use (so a test and a soak never share one), and empties it.
func (s *shop) reserveRedis(ctx context.Context, base string) (string, error) {
	opt, err := redis.ParseURL(base)
	if err != nil {
		return "", fmt.Errorf("redis url: %w", err)
	}
	lock := redis.NewClient(opt)
	token := fmt.Sprintf("soak-%d-%d", os.Getpid(), time.Now().UnixNano())
	for n := 15; n >= 1; n-- {
		key := fmt.Sprintf("shoptest:lock:%d", n)
		got, err := lock.SetNX(ctx, key, token, 6*time.Hour).Result()
		if err != nil {
			lock.Close()
			return "", fmt.Errorf("redis: %w", err)
		}
		if !got {
			continue
		}
		s.redisDB = n
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

// writeFiles writes two days of one supplier's price list (each import changes prices) and an
// e-ponuda file of competitors' offers for the benchmark products.
func (s *shop) writeFiles(ctx context.Context, rows int) error {
	dir := filepath.Join(s.dir, "files")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for day := range 2 {
		p := filepath.Join(dir, fmt.Sprintf("cenovnik-%d.xlsx", day))
		if err := s.shopctl(ctx, "seed", "pricelist-file", "--rows", fmt.Sprint(rows), "--day", fmt.Sprint(day), "--out", p); err != nil {
			return err
		}
		s.files.pricelists = append(s.files.pricelists, p)
	}
	var b strings.Builder
	b.WriteString("sku;prodavnica;cena\n")
	shops := []string{"Gigatron", "Tehnomanija", "WinWin", "Emmi", "Dr Techno"}
	for i := range rows {
		fmt.Fprintf(&b, "BN%d;%s;%d,%02d\n", i/2+1, shops[i%len(shops)], 1000+i%5000, i%100)
	}
	s.files.offers = filepath.Join(dir, "ponuda.csv")
	return os.WriteFile(s.files.offers, []byte(b.String()), 0o644)
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
	p := &proc{name: name, role: role}
	var err error
	if p.metricsAddr, err = freePort(); err != nil {
		return err
	}
	env := append(append([]string{}, s.env...), "SHOP_HTTP_METRICS_ADDR="+p.metricsAddr)
	if role == "api" {
		if p.addr, err = freePort(); err != nil {
			return err
		}
		env = append(env, "SHOP_HTTP_ADDR="+p.addr)
	}
	log, err := os.Create(filepath.Join(s.dir, name+".log"))
	if err != nil {
		return err
	}
	p.cmd = exec.Command(filepath.Join(s.bin, "shopd"), "serve", "--role", role)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = log, log
	// A soak that dies (a panic, a kill) takes its shop with it.
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	p.exited = make(chan error, 1)
	go func() { p.exited <- p.cmd.Wait(); log.Close() }()
	s.procs = append(s.procs, p)
	if role == "api" {
		s.apis = append(s.apis, p)
	}
	return nil
}

func (s *shop) waitReady(ctx context.Context, p *proc) error {
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-p.exited:
			return fmt.Errorf("%s stopped at start: %v (log: %s)", p.name, err, filepath.Join(s.dir, p.name+".log"))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if resp, err := http.Get("http://" + p.addr + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s not ready within 3 minutes", p.name)
}

// stillRunning names the processes that have stopped (none should during a soak).
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
		case <-p.exited:
		case <-time.After(time.Minute):
			_ = p.cmd.Process.Kill()
		}
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

// getJSON decodes a JSON answer's data into v.
func getJSON(resp *http.Response, v any) error {
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		var b [300]byte
		n, _ := resp.Body.Read(b[:])
		return fmt.Errorf("%s %s: %d %s", resp.Request.Method, resp.Request.URL.Path, resp.StatusCode, b[:n])
	}
	return json.NewDecoder(resp.Body).Decode(&struct {
		Data any `json:"data"`
	}{v})
}
