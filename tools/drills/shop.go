package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gorm.io/gorm"

	"shop/internal/platform/db"
	"shop/tools/internal/shopproc"
)

const bucket = "shop-drills"

// shop is the shop under the drills: an API and a worker reaching PostgreSQL, Redis and an
// S3 store each through its proxy.
type shop struct {
	dir, bin   string
	env        []string
	dropDB     func()
	db         *gorm.DB        // the drills' own connection, straight to PostgreSQL: counts and checks
	redis      *shopproc.Redis // straight to Redis
	s3         *s3mem.Backend
	s3srv      *http.Server
	pg, rd, ob *proxy
	procs      []*shopproc.Proc
	api        *shopproc.Proc
	data       string
}

func startShop(ctx context.Context, bin, out string, products int) (*shop, error) {
	base := shopproc.FirstEnv("SHOP_DRILLS_DATABASE_URL", "SHOP_TEST_DATABASE_URL")
	redisBase := shopproc.FirstEnv("SHOP_DRILLS_REDIS_URL", "SHOP_TEST_REDIS_URL")
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
	dbURL, drop, err := shopproc.FreshDatabase(ctx, base, "shop_drills", false)
	if err != nil {
		return nil, err
	}
	s.dropDB = drop
	if s.db, err = db.OpenURL(ctx, dbURL, 4); err != nil {
		return nil, err
	}
	if s.redis, err = shopproc.ReserveRedis(ctx, redisBase, "drills", time.Hour); err != nil {
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
	ru, _ := url.Parse(s.redis.URL)
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
	if err := s.api.WaitReady(ctx, 2*time.Minute); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

func (s *shop) shopctl(ctx context.Context, args ...string) error {
	return shopproc.Shopctl(ctx, s.bin, s.env, args...)
}

func (s *shop) launch(name, role string) error {
	p, err := shopproc.Start(s.bin, s.dir, name, role, s.env)
	if err != nil {
		return err
	}
	s.procs = append(s.procs, p)
	if role == "api" {
		s.api = p
	}
	return nil
}

func (s *shop) close() {
	shopproc.Stop(s.procs, 30*time.Second)
	for _, p := range []*proxy{s.pg, s.rd, s.ob} {
		if p != nil {
			p.close()
		}
	}
	if s.s3srv != nil {
		s.s3srv.Close()
	}
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
