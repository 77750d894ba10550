package config

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/viper"
)

// writeFile writes a config file into the test's temp folder and returns its path.
func writeFile(tb testing.TB, name, content string) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		tb.Fatal(err)
	}
	return p
}

func mustLoad(tb testing.TB, file string, environ []string) *Config {
	tb.Helper()
	c, err := Load(file, environ)
	if err != nil {
		tb.Fatalf("Load(%q, %q): %v", file, environ, err)
	}
	return c
}

func TestLoadDefaults(t *testing.T) {
	c := mustLoad(t, "", nil)
	want := &Config{
		DataDir: "./var",
		HTTP: HTTPConfig{Addr: ":8080", PublicURL: "http://localhost:8080", PublicURLDerived: true, MaxBodyBytes: 12 << 20,
			ShutdownTimeout: 20 * time.Second, DrainPeriod: "auto", SlowRequest: time.Second, ReadTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute, MetricsAddr: "127.0.0.1:9464",
			TrustedProxies: []string{}},
		Database: DatabaseConfig{URL: "", AutoMigrate: true, MaxOpen: 10},
		Redis:    RedisConfig{DialTimeout: time.Second},
		Blob:     BlobConfig{Driver: "local", S3: S3Config{Region: "us-east-1", PathStyle: true}},
		Mail:     MailConfig{Driver: "outbox", From: "noreply@demo.local", SMTP: SMTPConfig{Port: 587, DialTimeout: 10 * time.Second, Timeout: time.Minute}},
		Auth: AuthConfig{AccessTTL: 15 * time.Minute, RefreshTTL: 720 * time.Hour, PasswordResetTTL: time.Hour,
			LoginPerIPPerMinute: 30, LoginFailsPerEmailIP: 10, LoginFailsPerEmail: 100, LoginLockout: 15 * time.Minute, SessionCacheTTL: 10 * time.Second,
			RegisterPerIPPerHour: 10, RegisterPerEmailPerHour: 5, ForgotPerIPPerHour: 20, ForgotMailsPerEmailPerMinute: 1, ForgotMailsPerEmailPerHour: 5,
			Google: GoogleAuthConfig{Issuer: "https://accounts.google.com"},
			Facebook: FacebookAuthConfig{AuthURL: "https://www.facebook.com/v21.0/dialog/oauth",
				TokenURL: "https://graph.facebook.com/v21.0/oauth/access_token", GraphURL: "https://graph.facebook.com/v21.0"}},
		Modules:     []string{"Banner", "News", "Frontend", "Home", "B2C", "WebMargin", "Authorization", "ProductImport", "Pricelist"},
		Web:         WebConfig{StoreDir: "store-web/dist", AdminDir: "admin-web/dist"},
		Log:         LogConfig{Level: "info", Format: "json"},
		Demo:        DemoConfig{SeedOnFirstStart: true},
		Worker:      WorkerConfig{Concurrency: 4, Nice: 19},
		Images:      ImagesConfig{DecodeBudgetBytes: 200_000_000, MaxConcurrentDecodes: 2},
		Pricelist:   PricelistConfig{MaxRows: 1_000_000, MaxBlankRows: 10_000},
		Feeds:       FeedsConfig{ExportCron: "0 * * * *"},
		Partners:    PartnersConfig{RequestsPerMinute: 60},
		Pricing:     PricingConfig{CoalesceWindow: 2 * time.Second},
		Competitors: CompetitorsConfig{OwnShops: []string{}, MaxRows: 1_000_000},
		Company: CompanyConfig{Name: "ElektroMarket d.o.o.", Address: "Bulevar kralja Aleksandra 73, 11000 Beograd",
			Phone: "011 4150 100, 011 4150 200, 060 4150 100", Email: "prodaja@elektromarket.rs", PIB: "100000024", RegistrationNumber: "21234567"},
		Sales: SalesConfig{Account: "160000000001234595", Payee: "", PaymentCode: "289", Purpose: "Porudžbina",
			IssuePlace: "Beograd", ProformaValidDays: 8, GuestOrdersPerIPPerHour: 10, GuestOrdersPerEmailPerHour: 5},
		Activity: ActivityConfig{RetentionDays: 365},
		Einvoice: EinvoiceConfig{Mode: "simulator", DueDays: 8},
		Fiscal:   FiscalConfig{Mode: "simulator", Cashier: "Internet prodaja", Timeout: 30 * time.Second},
	}
	if d := cmp.Diff(want, c); d != "" {
		t.Errorf("defaults (-want +got):\n%s", d)
	}
	if c.IsPostgres() {
		t.Error("IsPostgres() = true for the embedded default")
	}
}

func TestLoadOverrides(t *testing.T) {
	file := writeFile(t, "shop.yaml", `
data_dir: /srv/shop
http:
  addr: ":9000"
  shutdown_timeout: 5s
database:
  url: postgres://shop:pw@db:5432/shop
  max_open_conns: 25
redis:
  url: redis://redis:6379/0
auth:
  secret: file-secret-file-secret-file-secret
modules: [Banner, Home]
worker:
  concurrency: 8
`)
	tests := []struct {
		name    string
		environ []string
		check   func(c *Config) any
		want    any
	}{
		{"file data_dir", nil, func(c *Config) any { return c.DataDir }, "/srv/shop"},
		{"file http.addr", nil, func(c *Config) any { return c.HTTP.Addr }, ":9000"},
		{"file duration", nil, func(c *Config) any { return c.HTTP.ShutdownTimeout }, 5 * time.Second},
		{"file int", nil, func(c *Config) any { return c.Database.MaxOpen }, 25},
		{"file list", nil, func(c *Config) any { return c.Modules }, []string{"Banner", "Home"}},
		{"file keeps other defaults", nil, func(c *Config) any { return c.HTTP.MaxBodyBytes }, int64(12 << 20)},
		{"public URL from the file's addr", nil, func(c *Config) any { return c.HTTP.PublicURL }, "http://localhost:9000"},
		{"file postgres", nil, func(c *Config) any { return c.IsPostgres() }, true},
		{"env beats file addr", []string{"SHOP_HTTP_ADDR=127.0.0.1:9999"}, func(c *Config) any { return c.HTTP.Addr }, "127.0.0.1:9999"},
		{"env beats file data_dir", []string{"SHOP_DATA_DIR=/tmp/other"}, func(c *Config) any { return c.DataDir }, "/tmp/other"},
		{"env list", []string{"SHOP_MODULES=Banner,News"}, func(c *Config) any { return c.Modules }, []string{"Banner", "News"}},
		{"env duration", []string{"SHOP_HTTP_SHUTDOWN_TIMEOUT=90s"}, func(c *Config) any { return c.HTTP.ShutdownTimeout }, 90 * time.Second},
		{"env trusted proxies", []string{"SHOP_HTTP_TRUSTED_PROXIES=10.1.0.0/16,203.0.113.7"}, func(c *Config) any { return c.HTTP.TrustedProxies }, []string{"10.1.0.0/16", "203.0.113.7"}},
		{"env int", []string{"SHOP_WORKER_CONCURRENCY=2"}, func(c *Config) any { return c.Worker.Concurrency }, 2},
		{"env bool", []string{"SHOP_DEMO_SEED_ON_FIRST_START=false"}, func(c *Config) any { return c.Demo.SeedOnFirstStart }, false},
		{"env nested secret", []string{"SHOP_AUTH_SECRET=env-secret-env-secret-env-secret-env"}, func(c *Config) any { return c.Auth.Secret }, "env-secret-env-secret-env-secret-env"},
		{"env ignores other variables", []string{"HOME=/root", "PATH=/bin", "SHOP_CONFIG=/nowhere", "SHOP_TEST_DATABASE_URL=x", "SHOP_BENCH_N=3"},
			func(c *Config) any { return c.HTTP.Addr }, ":9000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustLoad(t, file, tt.environ)
			if d := cmp.Diff(tt.want, tt.check(c)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// The drain's default depends on the set-up: a process sharing Redis with copies behind a load
// balancer drains, the embedded one (make run) stops at once; a set value applies to both.
func TestDrain(t *testing.T) {
	tests := []struct {
		name     string
		environ  []string
		embedded bool
		want     time.Duration
	}{
		{"auto embedded", nil, true, 0},
		{"auto shared redis", nil, false, AutoDrain},
		{"set embedded", []string{"SHOP_HTTP_DRAIN_PERIOD=300ms"}, true, 300 * time.Millisecond},
		{"set zero", []string{"SHOP_HTTP_DRAIN_PERIOD=0s"}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustLoad(t, "", tt.environ).HTTP.Drain(tt.embedded); got != tt.want {
				t.Errorf("Drain(%v) = %v, want %v", tt.embedded, got, tt.want)
			}
		})
	}
}

// The public URL follows the listen address unless set: a second shop on :8081 mails links
// to itself, not to the first one.
func TestPublicURLDefault(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    string
	}{
		{"default", nil, "http://localhost:8080"},
		{"second shop", []string{"SHOP_HTTP_ADDR=:8081"}, "http://localhost:8081"},
		{"all interfaces", []string{"SHOP_HTTP_ADDR=0.0.0.0:9000"}, "http://localhost:9000"},
		{"all interfaces IPv6", []string{"SHOP_HTTP_ADDR=[::]:9000"}, "http://localhost:9000"},
		{"one host", []string{"SHOP_HTTP_ADDR=127.0.0.2:8082"}, "http://127.0.0.2:8082"},
		{"IPv6 host", []string{"SHOP_HTTP_ADDR=[::1]:8083"}, "http://[::1]:8083"},
		{"set explicitly", []string{"SHOP_HTTP_ADDR=:8081", "SHOP_HTTP_PUBLIC_URL=https://shop.example.rs"}, "https://shop.example.rs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := mustLoad(t, "", tt.environ).HTTP
			if h.PublicURL != tt.want || h.PublicURLDerived != (tt.name != "set explicitly") {
				t.Errorf("public URL %q (derived %v), want %q", h.PublicURL, h.PublicURLDerived, tt.want)
			}
		})
	}
}

func TestLoadEnvWithoutFile(t *testing.T) {
	c := mustLoad(t, "", []string{"SHOP_HTTP_ADDR=:8081", "SHOP_DATA_DIR=./var2", "SHOP_MODULES=Banner,News"})
	got := []any{c.HTTP.Addr, c.DataDir, c.Modules}
	want := []any{":8081", "./var2", []string{"Banner", "News"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// A copy of configs/config.yaml with every key of a section commented out still loads.
func TestLoadEmptySections(t *testing.T) {
	file := writeFile(t, "shop.yaml", "http:\n  # addr: \":1\"\nblob:\n  s3:\n    # bucket: x\nmodules:\ndatabase:\n  url:\n")
	c := mustLoad(t, file, nil)
	if d := cmp.Diff(mustLoad(t, "", nil), c); d != "" {
		t.Errorf("empty sections changed the defaults (-want +got):\n%s", d)
	}
}

func TestLoadErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name    string
		file    string // YAML content; empty: no file
		environ []string
		want    []string // substrings of the error
	}{
		{"unknown file key", "http:\n  adr: \":1\"\n", nil, []string{"http.adr", "unknown key"}},
		{"unknown top-level file key", "colour: blue\n", nil, []string{"colour"}},
		{"unknown env variable", "", []string{"SHOP_HTTP_ADR=:1"}, []string{"SHOP_HTTP_ADR", "unknown key"}},
		{"bad duration", "", []string{"SHOP_HTTP_SHUTDOWN_TIMEOUT=abc"}, []string{"http.shutdown_timeout"}},
		{"bad drain period", "", []string{"SHOP_HTTP_DRAIN_PERIOD=soon"}, []string{"http.drain_period", "soon"}},
		{"negative drain period", "", []string{"SHOP_HTTP_DRAIN_PERIOD=-1s"}, []string{"http.drain_period"}},
		{"bad duration in file", "auth:\n  access_ttl: soon\n", nil, []string{"auth.access_ttl"}},
		{"bad int", "", []string{"SHOP_WORKER_CONCURRENCY=x"}, []string{"worker.concurrency"}},
		{"bad bool", "", []string{"SHOP_DATABASE_AUTO_MIGRATE=maybe"}, []string{"database.auto_migrate"}},
		{"bad blob driver", "blob:\n  driver: ftp\n", nil, []string{"blob.driver", "ftp"}},
		{"bad trusted proxy", "", []string{"SHOP_HTTP_TRUSTED_PROXIES=10.0.0.0/8,lb.local"}, []string{"http.trusted_proxies", "lb.local"}},
		{"s3 without bucket", "", []string{"SHOP_BLOB_DRIVER=s3"}, []string{"blob.s3.bucket"}},
		{"bad mail driver", "", []string{"SHOP_MAIL_DRIVER=pigeon"}, []string{"mail.driver", "pigeon"}},
		{"smtp without host", "", []string{"SHOP_MAIL_DRIVER=smtp"}, []string{"mail.smtp.host"}},
		{"unknown module", "", []string{"SHOP_MODULES=Banner,Blog"}, []string{"modules", "Blog"}},
		{"bad database url", "", []string{"SHOP_DATABASE_URL=mysql://x"}, []string{"database.url"}},
		{"postgres without secret", "", []string{"SHOP_DATABASE_URL=postgres://db/shop"}, []string{"auth.secret"}},
		{"postgres short secret", "", []string{"SHOP_DATABASE_URL=postgres://db/shop", "SHOP_AUTH_SECRET=x"}, []string{"auth.secret", "too short"}},
		{"postgres 31-byte secret", "", []string{"SHOP_DATABASE_URL=postgres://db/shop", "SHOP_AUTH_SECRET=" + strings.Repeat("s", 31)}, []string{"auth.secret", "31 bytes"}},
		{"postgres example secret", "", []string{"SHOP_DATABASE_URL=postgres://db/shop", "SHOP_AUTH_SECRET=" + ExampleSecret}, []string{"auth.secret", "placeholder"}},
		{"listen address without port", "", []string{"SHOP_HTTP_ADDR=localhost"}, []string{"http.addr"}},
		{"bad log level", "", []string{"SHOP_LOG_LEVEL=loud"}, []string{"log.level"}},
		{"bad log format", "", []string{"SHOP_LOG_FORMAT=xml"}, []string{"log.format"}},
		{"zero body size", "", []string{"SHOP_HTTP_MAX_BODY_BYTES=0"}, []string{"http.max_body_bytes"}},
		{"missing file", "", nil, []string{"no-such-file.yaml"}},
		{"value where a section belongs", "http: 8080\n", nil, []string{"http", "section"}},
		{"bad fiscal mode", "", []string{"SHOP_FISCAL_MODE=lpfr"}, []string{"fiscal.mode", "lpfr"}},
		{"vsdc without url", "", []string{"SHOP_FISCAL_MODE=vsdc"}, []string{"fiscal.url", "required"}},
		{"vsdc url not an address", "", []string{"SHOP_FISCAL_MODE=vsdc", "SHOP_FISCAL_URL=vsdc.example"}, []string{"fiscal.url", "http(s)"}},
		{"https vsdc without certificate", "", []string{"SHOP_FISCAL_MODE=vsdc", "SHOP_FISCAL_URL=https://vsdc.sandbox.suf.purs.gov.rs"}, []string{"fiscal.cert_file"}},
		{"plain http to another host", "", []string{"SHOP_FISCAL_MODE=vsdc", "SHOP_FISCAL_URL=http://vsdc.example"}, []string{"fiscal.url", "plain http"}},
		{"zero fiscal timeout", "", []string{"SHOP_FISCAL_TIMEOUT=0s"}, []string{"fiscal.timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := ""
			if tt.file != "" {
				file = writeFile(t, "shop.yaml", tt.file)
			}
			if tt.name == "missing file" {
				file = filepath.Join(t.TempDir(), "no-such-file.yaml")
			}
			c, err := Load(file, tt.environ)
			if err == nil {
				t.Fatalf("Load succeeded (%+v), want an error naming %q", c, tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

func TestMasked(t *testing.T) {
	c := mustLoad(t, "", []string{
		"SHOP_DATABASE_URL=postgres://shop:db-pass@db:5432/shop?sslmode=disable",
		"SHOP_REDIS_URL=redis://:redis-pass@redis:6379/0",
		"SHOP_AUTH_SECRET=auth-secret-value-auth-secret-value",
		"SHOP_BLOB_S3_SECRET_KEY=s3-secret-value",
		"SHOP_BLOB_S3_ACCESS_KEY=AKIAEXAMPLE",
		"SHOP_MAIL_SMTP_PASSWORD=smtp-pass",
		"SHOP_FISCAL_CERT_PASSWORD=pfx-pass",
	})
	m := c.Masked()
	if m["fiscal.cert_password"] != "********" {
		t.Errorf("fiscal.cert_password shown as %v", m["fiscal.cert_password"])
	}
	want := map[string]any{
		"database.url":       "postgres://shop:********@db:5432/shop?sslmode=disable",
		"redis.url":          "redis://:********@redis:6379/0",
		"auth.secret":        "********",
		"blob.s3.secret_key": "********",
		"mail.smtp.password": "********",
		"blob.s3.access_key": "AKIAEXAMPLE",
		"http.addr":          ":8080",
		"auth.access_ttl":    "15m0s",
	}
	got := map[string]any{}
	for k := range want {
		got[k] = m[k]
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Masked (-want +got):\n%s", d)
	}
	all := strings.Join(func() []string {
		var s []string
		for k, v := range m {
			s = append(s, k+"="+toString(v))
		}
		return s
	}(), "\n")
	for _, secret := range []string{"db-pass", "redis-pass", "auth-secret-value", "s3-secret-value", "smtp-pass"} {
		if strings.Contains(all, secret) {
			t.Errorf("Masked() shows %q", secret)
		}
	}
	// config show lists exactly the documented keys.
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if d := cmp.Diff(Keys(), keys); d != "" {
		t.Errorf("Masked keys differ from Keys() (-want +got):\n%s", d)
	}
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []string:
		return strings.Join(x, ",")
	default:
		return ""
	}
}

func TestMaskURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"postgres://db:5432/shop", "postgres://db:5432/shop"},
		{"postgres://shop@db/shop", "postgres://shop@db/shop"},
		{"postgres://shop:pw@db/shop", "postgres://shop:********@db/shop"},
		{"postgresql://shop:p%40ss@db/shop", "postgresql://shop:********@db/shop"},
		{"redis://:pw@redis:6379/1", "redis://:********@redis:6379/1"},
		{"rediss://user:pw@redis:6380/0", "rediss://user:********@redis:6380/0"},
		{"postgres://shop@db/shop?password=pw&sslmode=disable", "postgres://shop@db/shop?password=********&sslmode=disable"},
		{"sqlite:/var/shop.db", "sqlite:/var/shop.db"},
	}
	for _, tt := range tests {
		if got := maskURL(tt.in); got != tt.want {
			t.Errorf("maskURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEnvNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range envNames() {
		if seen[n] {
			t.Errorf("two keys map to %s", n)
		}
		seen[n] = true
		key, ok := envKey(n)
		if !ok || "SHOP_"+strings.ToUpper(strings.ReplaceAll(key, ".", "_")) != n {
			t.Errorf("envKey(%s) = %q, %v", n, key, ok)
		}
	}
}

// The documented file must list every key and load to exactly the built-in defaults.
func TestDocumentedConfigFile(t *testing.T) {
	const file = "../../../configs/config.yaml"
	v := viper.New()
	v.SetConfigFile(file)
	if err := v.ReadInConfig(); err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, k := range v.AllKeys() {
		documented[k] = true
	}
	for _, k := range Keys() {
		if !documented[k] {
			t.Errorf("configs/config.yaml does not document %s", k)
		}
	}
	fromFile := mustLoad(t, file, nil)
	if d := cmp.Diff(mustLoad(t, "", nil), fromFile); d != "" {
		t.Errorf("configs/config.yaml differs from the built-in defaults (-defaults +file):\n%s", d)
	}
}

func TestProductionExampleLoads(t *testing.T) {
	const file = "../../../configs/production.example.yaml"
	// Its secret is the placeholder, refused until a deployment sets its own.
	if _, err := Load(file, nil); err == nil || !strings.Contains(err.Error(), "auth.secret") {
		t.Errorf("the example's placeholder secret loads: %v", err)
	}
	c := mustLoad(t, file, []string{"SHOP_AUTH_SECRET=" + strings.Repeat("0123456789abcdef", 4)})
	if !c.IsPostgres() || c.Blob.Driver != "s3" || c.Mail.Driver != "smtp" || c.Redis.URL == "" {
		t.Errorf("production example is not the production shape: %+v", c)
	}
}

// SEF mode without its address or key stops the start naming the key; the key is masked.
func TestEinvoiceConfig(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"SHOP_EINVOICE_MODE=fiscal"}, "einvoice.mode"},
		{[]string{"SHOP_EINVOICE_MODE=sef", "SHOP_EINVOICE_API_KEY=k"}, "einvoice.url"},
		{[]string{"SHOP_EINVOICE_MODE=sef", "SHOP_EINVOICE_URL=https://demoefaktura.mfin.gov.rs"}, "einvoice.api_key"},
		{[]string{"SHOP_EINVOICE_DUE_DAYS=0"}, "einvoice.due_days"},
	} {
		if _, err := Load("", c.env); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.env, err, c.want)
		}
	}
	cfg, err := Load("", []string{"SHOP_EINVOICE_MODE=sef", "SHOP_EINVOICE_URL=https://demoefaktura.mfin.gov.rs", "SHOP_EINVOICE_API_KEY=secret-key"})
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Masked()["einvoice.api_key"]; got != "********" {
		t.Errorf("api_key shown as %v", got)
	}
}
