package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/db"
	"shop/tools/internal/shopproc"
)

// shop is the shop under soak: its processes, its database and Redis, and what the workload
// needs to know of it.
type shop struct {
	dir, bin string
	env      []string
	dbURL    string
	dropDB   func()
	db       *gorm.DB // the soak's own connection: counts, final checks
	redis    *shopproc.Redis
	procs    []*shopproc.Proc
	apis     []*shopproc.Proc
	files    shopFiles
}

// shopFiles are the generated import files, uploaded in turn.
type shopFiles struct {
	pricelists []string
	offers     string
}

// startShop makes a fresh database and Redis database, migrates and seeds them with shopctl,
// writes the import files and starts two APIs, a worker and a scheduler.
func startShop(ctx context.Context, bin, out string, products int64, importRows int) (*shop, error) {
	base := shopproc.FirstEnv("SHOP_SOAK_DATABASE_URL", "SHOP_BENCH_DATABASE_URL", "SHOP_TEST_DATABASE_URL")
	redisBase := shopproc.FirstEnv("SHOP_SOAK_REDIS_URL", "SHOP_TEST_REDIS_URL")
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
	if s.dbURL, s.dropDB, err = shopproc.FreshDatabase(ctx, base, "shop_soak", os.Getenv("SOAK_KEEP") != ""); err != nil {
		return nil, err
	}
	if s.db, err = db.OpenURL(ctx, s.dbURL, 4); err != nil {
		return nil, err
	}
	if s.redis, err = shopproc.ReserveRedis(ctx, redisBase, "soak", 6*time.Hour); err != nil {
		return nil, err
	}
	data := filepath.Join(out, "data")
	store := filepath.Join("store-web", "dist")
	if _, err := os.Stat(filepath.Join(store, "index.html")); err != nil {
		return nil, fmt.Errorf("the storefront is not built (%v): run make build first", err)
	}
	store, _ = filepath.Abs(store)
	s.env = []string{"SHOP_DATABASE_URL=" + s.dbURL, "SHOP_REDIS_URL=" + s.redis.URL, "SHOP_DATA_DIR=" + data,
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
	// As an operator does after a bulk load: otherwise autovacuum visits the fresh tables at a
	// moment of its choosing, perhaps while the maximum is measured.
	if err := s.db.WithContext(ctx).Exec("VACUUM ANALYZE").Error; err != nil {
		return nil, err
	}
	fmt.Printf("database migrated, seeded (%d products) and vacuumed: %v\n", products, time.Since(start).Round(time.Second))
	if err := s.writeFiles(ctx, importRows); err != nil {
		return nil, err
	}
	for _, p := range []struct{ name, role string }{{"api-a", "api"}, {"api-b", "api"}, {"worker", "worker"}, {"scheduler", "scheduler"}} {
		if err := s.launch(p.name, p.role); err != nil {
			return nil, err
		}
	}
	for _, p := range s.apis {
		if err := p.WaitReady(ctx, 3*time.Minute); err != nil {
			return nil, err
		}
	}
	ok = true
	return s, nil
}

// standInForAutovacuum vacuums the database when its server runs without autovacuum (a test
// server may, to keep benchmarks steady; a shop's server does not): every import round leaves
// 100,000 dead rows each in products and supplier_products, and without a vacuum the run would
// measure their bloat growing instead of the shop.
func (s *shop) standInForAutovacuum(ctx context.Context) error {
	var on string
	if err := s.db.WithContext(ctx).Raw("SHOW autovacuum").Scan(&on).Error; err != nil || on == "on" {
		return err
	}
	return s.db.WithContext(ctx).Exec("VACUUM ANALYZE").Error
}

func (s *shop) shopctl(ctx context.Context, args ...string) error {
	return shopproc.Shopctl(ctx, s.bin, s.env, args...)
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

// launch starts one shopd process of role.
func (s *shop) launch(name, role string) error {
	p, err := shopproc.Start(s.bin, s.dir, name, role, s.env)
	if err != nil {
		return err
	}
	s.procs = append(s.procs, p)
	if role == "api" {
		s.apis = append(s.apis, p)
	}
	return nil
}

func (s *shop) close() {
	shopproc.Stop(s.procs, time.Minute)
	if s.redis != nil {
		s.redis.Close()
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
