// Package config loads the shop's settings once at start into a typed struct:
// defaults, then an optional YAML file, then SHOP_* environment variables.
package config

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/robfig/cron/v3"
	"github.com/spf13/viper"
)

// AllModules are the feature switches the back office and storefront read through GET modules.
var AllModules = []string{"Banner", "News", "Frontend", "Home", "B2C", "WebMargin", "Authorization", "ProductImport", "Pricelist"}

// Config is the whole configuration: defaults, then the file, then SHOP_* variables.
type Config struct {
	// DataDir holds the embedded set-up's files: SQLite database, objects, outbox, secret.
	DataDir   string          `mapstructure:"data_dir"`
	HTTP      HTTPConfig      `mapstructure:"http"`
	Database  DatabaseConfig  `mapstructure:"database"`
	Redis     RedisConfig     `mapstructure:"redis"`
	Blob      BlobConfig      `mapstructure:"blob"`
	Mail      MailConfig      `mapstructure:"mail"`
	Auth      AuthConfig      `mapstructure:"auth"`
	Modules   []string        `mapstructure:"modules"`
	Web       WebConfig       `mapstructure:"web"`
	Log       LogConfig       `mapstructure:"log"`
	Demo      DemoConfig      `mapstructure:"demo"`
	Worker    WorkerConfig    `mapstructure:"worker"`
	Images    ImagesConfig    `mapstructure:"images"`
	Pricelist PricelistConfig `mapstructure:"pricelist"`
	Pricing   PricingConfig   `mapstructure:"pricing"`
	Feeds     FeedsConfig     `mapstructure:"feeds"`
	Partners  PartnersConfig  `mapstructure:"partners"`
	// Competitors bounds the e-ponuda competitor files and names the shop itself in them.
	Competitors CompetitorsConfig `mapstructure:"competitors"`
	// Company is the shop's identity until staff fill in the company data (invoice data).
	Company CompanyConfig `mapstructure:"company"`
	// Sales is the shop's own data on orders, proforma invoices and the payment QR code.
	Sales SalesConfig `mapstructure:"sales"`
	// Admin is the back office's shell.
	Admin AdminConfig `mapstructure:"admin"`
	// Activity is the activity log's retention.
	Activity ActivityConfig `mapstructure:"activity"`
	// Einvoice is SEF, where company orders' e-invoices are sent.
	Einvoice EinvoiceConfig `mapstructure:"einvoice"`
	// Fiscal is the fiscal device that signs the receipts (the simulator by default).
	Fiscal FiscalConfig `mapstructure:"fiscal"`
}

// EinvoiceConfig sets up SEF, the Ministry of Finance's e-invoice system.
type EinvoiceConfig struct {
	// Mode: simulator (the in-process SEF simulator: every e-invoice is a test one) or sef.
	Mode string `mapstructure:"mode"`
	// URL is SEF's address with mode sef (https://efaktura.mfin.gov.rs, or the demo system's).
	URL string `mapstructure:"url"`
	// APIKey is the key SEF's API management gave the shop (the ApiKey header).
	APIKey string `mapstructure:"api_key" secret:"true"`
	// DueDays is how many days after the issue an e-invoice is due.
	DueDays int `mapstructure:"due_days"`
}

// FiscalConfig names the fiscal device (V-SDC) and who issues the receipts.
type FiscalConfig struct {
	// Mode: simulator (in-process, signs test receipts) or vsdc (the Tax Administration's
	// virtual device at URL, with the shop's client certificate).
	Mode string `mapstructure:"mode"`
	// URL is the V-SDC's address (https://vsdc.sandbox.suf.purs.gov.rs for the sandbox).
	URL string `mapstructure:"url"`
	// CertFile is the PKCS#12 file of the shop's V-SDC certificate, CertPassword its password.
	CertFile     string `mapstructure:"cert_file"`
	CertPassword string `mapstructure:"cert_password" secret:"true"`
	// Cashier is printed on every receipt; ESIRID is the invoicing system's number, which
	// prefixes the shop's own document number on the receipt.
	Cashier string `mapstructure:"cashier"`
	ESIRID  string `mapstructure:"esir_id"`
	// Timeout bounds one call to the device (then the job retries later).
	Timeout time.Duration `mapstructure:"timeout"`
}

// ActivityConfig says how long the activity log keeps its entries.
type ActivityConfig struct {
	// RetentionDays: a scheduled job deletes entries older than this many days; 0 keeps them
	// forever.
	RetentionDays int `mapstructure:"retention_days"`
}

// CompanyConfig is the shop's identity (name, address, phones, e-mail, numbers) as every page,
// mail, PDF, QR code and feed shows it. Staff keep the same fields as the company data of the
// proforma invoices; a field they leave empty is this one.
type CompanyConfig struct {
	// Name is the company's registered name; the storefront shows it without the legal form
	// ("ElektroMarket d.o.o." reads "ElektroMarket").
	Name    string `mapstructure:"name"`
	Address string `mapstructure:"address"`
	// Phone is one number or several, separated by commas (the first is the main line).
	Phone              string `mapstructure:"phone"`
	Email              string `mapstructure:"email"`
	Web                string `mapstructure:"web"`
	PIB                string `mapstructure:"pib"`
	RegistrationNumber string `mapstructure:"registration_number"`
}

// SalesConfig names the payee of bank transfers (the NBS IPS QR code) and the proforma invoices.
type SalesConfig struct {
	// Account is the shop's 18-digit bank account (bank 3, account 13, control 2, mod 97).
	Account string `mapstructure:"account"`
	// Payee is the shop's name and place as the QR code names the payee (N, at most 70
	// characters); empty (the default) derives it from the company data: name, city.
	Payee string `mapstructure:"payee"`
	// PaymentCode is the IPS payment code (SF, three digits; 289 by default).
	PaymentCode string `mapstructure:"payment_code"`
	// Purpose is the payment's purpose (S, at most 35 characters); the order number follows it.
	Purpose string `mapstructure:"purpose"`
	// IssuePlace is where proforma invoices are issued; ProformaValidDays how long one is valid.
	IssuePlace        string `mapstructure:"issue_place"`
	ProformaValidDays int    `mapstructure:"proforma_valid_days"`
	// Guest checkouts per client IP and per e-mail an hour (then 429; 0: no limit): one
	// script must not empty a product's stock with cash-on-delivery orders.
	GuestOrdersPerIPPerHour    int `mapstructure:"guest_orders_per_ip_per_hour"`
	GuestOrdersPerEmailPerHour int `mapstructure:"guest_orders_per_email_per_hour"`
}

// AdminConfig sets up the back office's shell.
type AdminConfig struct {
	// SupplierLoginURL is the sidebar's external supplier-login link (opens in a new tab);
	// empty hides it.
	SupplierLoginURL string `mapstructure:"supplier_login_url"`
}

// FeedsConfig sets up the public product feeds (e-ponuda CSV and XML, Google Merchant Center).
type FeedsConfig struct {
	// ExportCron is when the scheduler writes the feeds (standard five-field cron, UTC).
	ExportCron string `mapstructure:"export_cron"`
}

// DrainAuto is http.drain_period's default: AutoDrain for a process that may have copies
// behind a load balancer, none in the embedded set-up.
const DrainAuto = "auto"

// AutoDrain is the drain an API process takes by default when it shares Redis with other
// processes: a load balancer polling /readyz every second or two sees the 503 in time.
const AutoDrain = 5 * time.Second

// Drain is the drain period to apply. The embedded set-up (in-process Redis) is one process
// that nobody balances, so "auto" stops it at once (Ctrl-C under make run does not wait);
// validate has checked the value.
func (h HTTPConfig) Drain(embeddedRedis bool) time.Duration {
	if h.DrainPeriod == DrainAuto {
		if embeddedRedis {
			return 0
		}
		return AutoDrain
	}
	d, _ := time.ParseDuration(h.DrainPeriod)
	return d
}

// PartnersConfig limits the API clients' (partners') feeds.
type PartnersConfig struct {
	// RequestsPerMinute is how often one client may fetch its feed (then 429).
	RequestsPerMinute int `mapstructure:"requests_per_minute"`
}

// HTTPConfig is the HTTP server: addresses, limits, time-outs and trusted proxies.
type HTTPConfig struct {
	Addr string `mapstructure:"addr"`
	// PublicURL is the storefront's address in mailed links; empty means http://localhost and
	// the port of Addr, so a second shop on another port links to itself, not to the first.
	PublicURL string `mapstructure:"public_url"`
	// PublicURLDerived tells that public_url was empty and PublicURL is the guess from Addr:
	// another process with another addr (shopctl beside a shop on :18700) guesses another
	// address, so whatever writes links (shopd's banner, shopctl's feed export) says so.
	PublicURLDerived bool          `mapstructure:"-"`
	MaxBodyBytes     int64         `mapstructure:"max_body_bytes"`
	ShutdownTimeout  time.Duration `mapstructure:"shutdown_timeout"`
	// DrainPeriod is how long a process serving the API keeps serving after SIGTERM while
	// /readyz answers 503, so a load balancer stops sending before the listener closes: a
	// duration, or "auto" (see Drain).
	DrainPeriod string `mapstructure:"drain_period"`
	// SlowRequest: a request taking longer is logged at WARN with its route and SQL time (0: never).
	SlowRequest time.Duration `mapstructure:"slow_request"`
	// ReadTimeout bounds reading one request, headers and body: a client trickling its body is
	// cut off. IdleTimeout closes a kept-alive connection that sends no next request.
	ReadTimeout time.Duration `mapstructure:"read_timeout"`
	IdleTimeout time.Duration `mapstructure:"idle_timeout"`
	// MetricsAddr is where /metrics listens, apart from the API (empty: nowhere).
	MetricsAddr string `mapstructure:"metrics_addr"`
	// TrustedProxies are the networks (CIDR) whose X-Forwarded-For names the client; the
	// client address counts for the per-IP login limit. None by default: a client on the same
	// LAN or Docker bridge would otherwise pick its own address.
	TrustedProxies []string `mapstructure:"trusted_proxies"`
}

// DatabaseConfig chooses the database (SQLite or PostgreSQL) and its pool.
type DatabaseConfig struct {
	// URL empty means SQLite at <data_dir>/shop.db; postgres:// or postgresql:// means PostgreSQL;
	// sqlite:PATH names another SQLite file.
	URL         string `mapstructure:"url"`
	AutoMigrate bool   `mapstructure:"auto_migrate"`
	MaxOpen     int    `mapstructure:"max_open_conns"`
}

// RedisConfig chooses the Redis server (queue, rate limits, live events).
type RedisConfig struct {
	// URL empty means the in-process Redis-compatible server (embedded set-up only).
	URL string `mapstructure:"url"`
	// DialTimeout bounds one connection attempt, so that while Redis is down the requests
	// that need it (login, forgot password, uploads) fail fast with 503.
	DialTimeout time.Duration `mapstructure:"dial_timeout"`
}

// BlobConfig chooses where objects (images, price lists, feeds) are kept.
type BlobConfig struct {
	Driver string   `mapstructure:"driver"` // local | s3
	S3     S3Config `mapstructure:"s3"`
}

// S3Config is the bucket and credentials of an S3 or S3-compatible store.
type S3Config struct {
	Endpoint  string `mapstructure:"endpoint"`
	Region    string `mapstructure:"region"`
	Bucket    string `mapstructure:"bucket"`
	AccessKey string `mapstructure:"access_key"`
	SecretKey string `mapstructure:"secret_key" secret:"true"`
	PathStyle bool   `mapstructure:"path_style"`
}

// MailConfig chooses how mail leaves: written to the outbox folder or sent by SMTP.
type MailConfig struct {
	Driver string     `mapstructure:"driver"` // outbox | smtp
	From   string     `mapstructure:"from"`
	SMTP   SMTPConfig `mapstructure:"smtp"`
}

// SMTPConfig is the relay mail is sent through, with its time-outs.
type SMTPConfig struct {
	Host     string `mapstructure:"host"`
	Port     int    `mapstructure:"port"`
	Username string `mapstructure:"username"`
	Password string `mapstructure:"password" secret:"true"`
	// DialTimeout bounds connecting to the relay; Timeout one whole send (dial, STARTTLS,
	// AUTH, DATA): a relay that hangs fails the attempt instead of holding it for ever.
	DialTimeout time.Duration `mapstructure:"dial_timeout"`
	Timeout     time.Duration `mapstructure:"timeout"`
}

// AuthConfig is sign-in: token secret and lifetimes, limits, and the social providers.
type AuthConfig struct {
	// Secret signs access tokens; empty in the embedded set-up means one is generated
	// and kept in <data_dir>/auth.secret.
	Secret              string        `mapstructure:"secret" secret:"true"`
	AccessTTL           time.Duration `mapstructure:"access_ttl"`
	RefreshTTL          time.Duration `mapstructure:"refresh_ttl"`
	PasswordResetTTL    time.Duration `mapstructure:"password_reset_ttl"`
	LoginPerIPPerMinute int           `mapstructure:"login_per_ip_per_minute"`
	// LoginFailsPerEmailIP locks an account for the client address the failures came from;
	// LoginFailsPerEmail, much higher, locks it for every address (guessing spread over many).
	LoginFailsPerEmailIP int           `mapstructure:"login_fails_per_email_ip"`
	LoginFailsPerEmail   int           `mapstructure:"login_fails_per_email"`
	LoginLockout         time.Duration `mapstructure:"login_lockout"`
	// Abuse limits: registrations per client address and per e-mail, reset requests per
	// address (429 past them), reset mails per e-mail (past them: no mail, the same answer).
	RegisterPerIPPerHour         int           `mapstructure:"register_per_ip_per_hour"`
	RegisterPerEmailPerHour      int           `mapstructure:"register_per_email_per_hour"`
	ForgotPerIPPerHour           int           `mapstructure:"forgot_per_ip_per_hour"`
	ForgotMailsPerEmailPerMinute int           `mapstructure:"forgot_mails_per_email_per_minute"`
	ForgotMailsPerEmailPerHour   int           `mapstructure:"forgot_mails_per_email_per_hour"`
	SessionCacheTTL              time.Duration `mapstructure:"session_cache_ttl"`
	// Google and Facebook sign-in; a provider without a client id and secret is not offered.
	Google   GoogleAuthConfig   `mapstructure:"google"`
	Facebook FacebookAuthConfig `mapstructure:"facebook"`
}

// GoogleAuthConfig sets up sign-in with Google by OpenID Connect. Issuer is discovered
// (<issuer>/.well-known/openid-configuration); tests and the local test provider change it.
type GoogleAuthConfig struct {
	ClientID     string `mapstructure:"client_id"`
	ClientSecret string `mapstructure:"client_secret" secret:"true"`
	Issuer       string `mapstructure:"issuer"`
}

// FacebookAuthConfig sets up sign-in with Facebook by OAuth 2 and the Graph API's /me. The three
// addresses are Facebook's (a Graph API version in the path); tests point them elsewhere.
type FacebookAuthConfig struct {
	ClientID     string `mapstructure:"client_id"`
	ClientSecret string `mapstructure:"client_secret" secret:"true"`
	AuthURL      string `mapstructure:"auth_url"`
	TokenURL     string `mapstructure:"token_url"`
	GraphURL     string `mapstructure:"graph_url"`
}

// WebConfig names the folders of the built storefront and admin apps.
type WebConfig struct {
	StoreDir string `mapstructure:"store_dir"`
	AdminDir string `mapstructure:"admin_dir"`
}

// LogConfig is the log's level and format.
type LogConfig struct {
	Level  string `mapstructure:"level"`  // debug | info | warn | error
	Format string `mapstructure:"format"` // json | text
}

// DemoConfig says whether an empty shop is filled with demo data on its first start.
type DemoConfig struct {
	SeedOnFirstStart bool `mapstructure:"seed_on_first_start"`
}

// WorkerConfig is how many jobs a worker runs at once, and at what priority.
type WorkerConfig struct {
	Concurrency int `mapstructure:"concurrency"`
	// Nice is the scheduling priority (Linux nice value, 0-19) a process running the worker
	// without the API takes at start, so that its jobs (price-list parsing) yield the CPU to
	// the API's processes on the same machine; 0 leaves it as started.
	Nice int `mapstructure:"nice"`
	// ScheduleEvery, when not 0, runs every cron entry of the scheduler every that often
	// instead of at its own times, aligned to the clock so that every scheduler process has the
	// same moments (a whole number of seconds dividing a minute, or of minutes dividing an
	// hour). For tests and demos that need to see the cron jobs run; 0 in production.
	ScheduleEvery time.Duration `mapstructure:"schedule_every"`
}

// PricelistConfig bounds a price list's rows.
type PricelistConfig struct {
	// MaxRows is the last sheet row a price list may have; MaxBlankRows how many empty or
	// rejected rows in a row may follow the last good one. Past either the import fails.
	MaxRows      int `mapstructure:"max_rows"`
	MaxBlankRows int `mapstructure:"max_blank_rows"`
}

// PricingConfig tunes the background price recomputes.
type PricingConfig struct {
	// CoalesceWindow is how long the changes of one pricing scope (a category's rules, a
	// product's discounts) gather into one background recompute.
	CoalesceWindow time.Duration `mapstructure:"coalesce_window"`
}

// CompetitorsConfig bounds e-ponuda's competitor price files.
type CompetitorsConfig struct {
	// OwnShops are the shop names under which this shop appears in a competitor file: its
	// offers are never a competitor's (not in the minimum, not in the position).
	OwnShops []string `mapstructure:"own_shops"`
	// MaxRows is how many data rows a competitor file may have; past it the file is refused.
	MaxRows int `mapstructure:"max_rows"`
}

// ImagesConfig bounds the memory of decoding uploaded images, for the whole process: a small
// file can declare a bitmap of hundreds of megabytes.
type ImagesConfig struct {
	// DecodeBudgetBytes is what all decodes at once may hold in decoded pixels; an image whose
	// header alone declares more is refused (422).
	DecodeBudgetBytes int64 `mapstructure:"decode_budget_bytes"`
	// MaxConcurrentDecodes is how many images decode at once; the others wait.
	MaxConcurrentDecodes int `mapstructure:"max_concurrent_decodes"`
}

// defaults lists every key with its default; configs/config.yaml documents the same keys
// (a test keeps the two in step).
var defaults = map[string]any{
	"data_dir":                               "./var",
	"http.addr":                              ":8080",
	"http.public_url":                        "",
	"http.max_body_bytes":                    int64(12 << 20),
	"http.trusted_proxies":                   []string{},
	"http.shutdown_timeout":                  20 * time.Second,
	"http.drain_period":                      "auto",
	"http.slow_request":                      time.Second,
	"database.url":                           "",
	"database.auto_migrate":                  true,
	"database.max_open_conns":                10,
	"redis.url":                              "",
	"blob.driver":                            "local",
	"blob.s3.endpoint":                       "",
	"blob.s3.region":                         "us-east-1",
	"blob.s3.bucket":                         "",
	"blob.s3.access_key":                     "",
	"blob.s3.secret_key":                     "",
	"blob.s3.path_style":                     true,
	"mail.driver":                            "outbox",
	"mail.from":                              "noreply@demo.local",
	"mail.smtp.host":                         "",
	"mail.smtp.port":                         587,
	"mail.smtp.username":                     "",
	"mail.smtp.password":                     "",
	"mail.smtp.dial_timeout":                 10 * time.Second,
	"mail.smtp.timeout":                      time.Minute,
	"auth.secret":                            "",
	"auth.access_ttl":                        15 * time.Minute,
	"auth.refresh_ttl":                       30 * 24 * time.Hour,
	"auth.password_reset_ttl":                time.Hour,
	"auth.login_per_ip_per_minute":           30,
	"auth.login_fails_per_email":             100,
	"auth.login_lockout":                     15 * time.Minute,
	"auth.session_cache_ttl":                 10 * time.Second,
	"modules":                                AllModules,
	"admin.supplier_login_url":               "",
	"activity.retention_days":                365,
	"web.store_dir":                          "store-web/dist",
	"web.admin_dir":                          "admin-web/dist",
	"log.level":                              "info",
	"log.format":                             "json",
	"demo.seed_on_first_start":               true,
	"worker.concurrency":                     4,
	"images.decode_budget_bytes":             int64(200_000_000),
	"images.max_concurrent_decodes":          2,
	"http.read_timeout":                      2 * time.Minute,
	"http.idle_timeout":                      2 * time.Minute,
	"http.metrics_addr":                      "127.0.0.1:9464",
	"redis.dial_timeout":                     time.Second,
	"auth.login_fails_per_email_ip":          10,
	"auth.register_per_ip_per_hour":          10,
	"auth.register_per_email_per_hour":       5,
	"auth.forgot_per_ip_per_hour":            20,
	"auth.forgot_mails_per_email_per_minute": 1,
	"auth.forgot_mails_per_email_per_hour":   5,
	"auth.google.client_id":                  "",
	"auth.google.client_secret":              "",
	"auth.google.issuer":                     "https://accounts.google.com",
	"auth.facebook.client_id":                "",
	"auth.facebook.client_secret":            "",
	"auth.facebook.auth_url":                 "https://www.facebook.com/v21.0/dialog/oauth",
	"auth.facebook.token_url":                "https://graph.facebook.com/v21.0/oauth/access_token",
	"auth.facebook.graph_url":                "https://graph.facebook.com/v21.0",
	"worker.nice":                            19,
	"worker.schedule_every":                  time.Duration(0),
	"pricelist.max_rows":                     1_000_000,
	"pricelist.max_blank_rows":               10_000,
	"feeds.export_cron":                      "0 * * * *",
	"partners.requests_per_minute":           60,
	"pricing.coalesce_window":                2 * time.Second,
	"competitors.own_shops":                  []string{},
	"competitors.max_rows":                   1_000_000,
	"sales.account":                          "160000000001234595",
	"sales.payee":                            "",
	"company.name":                           "ElektroMarket d.o.o.",
	"company.address":                        "Bulevar kralja Aleksandra 73, 11000 Beograd",
	"company.phone":                          "011 4150 100, 011 4150 200, 060 4150 100",
	"company.email":                          "prodaja@elektromarket.rs",
	"company.web":                            "",
	"company.pib":                            "100000024",
	"company.registration_number":            "21234567",
	"sales.payment_code":                     "289",
	"sales.purpose":                          "Porudžbina",
	"sales.issue_place":                      "Beograd",
	"sales.proforma_valid_days":              8,
	"sales.guest_orders_per_ip_per_hour":     10,
	"sales.guest_orders_per_email_per_hour":  5,
	"einvoice.mode":                          "simulator",
	"einvoice.url":                           "",
	"einvoice.api_key":                       "",
	"einvoice.due_days":                      8,
	"fiscal.mode":                            "simulator",
	"fiscal.url":                             "",
	"fiscal.cert_file":                       "",
	"fiscal.cert_password":                   "",
	"fiscal.cashier":                         "Internet prodaja",
	"fiscal.esir_id":                         "",
	"fiscal.timeout":                         30 * time.Second,
}

// Keys returns every configuration key, sorted.
func Keys() []string {
	keys := make([]string, 0, len(defaults))
	for k := range defaults {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Load reads the configuration: defaults, then file (if not empty), then SHOP_* variables
// from environ. Unknown keys and malformed values are errors naming the key.
func Load(file string, environ []string) (*Config, error) {
	v := viper.New()
	for k, d := range defaults {
		v.SetDefault(k, d)
	}
	if file != "" {
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			return nil, fmt.Errorf("config file %s: %w", file, err)
		}
		// The file alone (without the defaults) tells which keys it sets.
		fv := viper.New()
		fv.SetConfigFile(file)
		if err := fv.ReadInConfig(); err != nil {
			return nil, fmt.Errorf("config file %s: %w", file, err)
		}
		for _, k := range fv.AllKeys() {
			if _, ok := defaults[k]; ok {
				continue
			}
			// A section whose keys are all commented out reads as an empty key; that is no error.
			if isSection(k) {
				if fv.Get(k) == nil {
					continue
				}
				return nil, fmt.Errorf("config file %s: %q is a section, not a value", file, k)
			}
			return nil, fmt.Errorf("config file %s: unknown key %q", file, k)
		}
	}
	for _, kv := range environ {
		name, val, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "SHOP_") || isNonConfigVar(name) {
			continue
		}
		key, ok := envKey(name)
		if !ok {
			return nil, fmt.Errorf("environment variable %s: unknown key (known: %s)", name, strings.Join(envNames(), ", "))
		}
		v.Set(key, val)
	}
	var c Config
	err := v.UnmarshalExact(&c, viper.DecodeHook(mapstructure.ComposeDecodeHookFunc(
		mapstructure.StringToTimeDurationHookFunc(),
		mapstructure.StringToSliceHookFunc(","),
	)))
	if err != nil {
		return nil, fmt.Errorf("config: %s", cleanDecodeError(err))
	}
	if err := c.validate(); err != nil {
		return nil, err
	}
	if c.HTTP.PublicURL == "" {
		c.HTTP.PublicURL = publicURLOf(c.HTTP.Addr)
		c.HTTP.PublicURLDerived = true
	}
	return &c, nil
}

// publicURLOf is the address a browser on this host reaches the listen address at: the
// wildcard hosts (all interfaces) become localhost. validate has checked that addr parses.
func publicURLOf(addr string) string {
	host, port, _ := net.SplitHostPort(addr)
	switch host {
	case "", "0.0.0.0", "::":
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// ExampleSecret is auth.secret's placeholder in configs/production.example.yaml: public, so
// a shop that copied it as it is would sign tokens anyone can forge.
const ExampleSecret = "CHANGE_ME_TO_64_RANDOM_HEX_CHARACTERS"

// MinSecretBytes is the shortest auth.secret accepted with PostgreSQL: HS256 is as strong as
// its key, and 32 bytes is its hash's size.
const MinSecretBytes = 32

// isSection tells whether k groups other keys (http, blob.s3).
func isSection(k string) bool {
	for d := range defaults {
		if strings.HasPrefix(d, k+".") {
			return true
		}
	}
	return false
}

// isNonConfigVar names SHOP_ variables that are not settings: the config file path and the test hooks.
func isNonConfigVar(name string) bool {
	return name == "SHOP_CONFIG" || strings.HasPrefix(name, "SHOP_TEST_") || strings.HasPrefix(name, "SHOP_BENCH_")
}

func envKey(name string) (string, bool) {
	want := strings.TrimPrefix(name, "SHOP_")
	for k := range defaults {
		if strings.EqualFold(strings.ReplaceAll(k, ".", "_"), want) {
			return k, true
		}
	}
	return "", false
}

func envNames() []string {
	var out []string
	for _, k := range Keys() {
		out = append(out, "SHOP_"+strings.ToUpper(strings.ReplaceAll(k, ".", "_")))
	}
	return out
}

func cleanDecodeError(err error) string {
	// mapstructure joins several errors with newlines; one line reads better in a log.
	return strings.ReplaceAll(strings.TrimPrefix(err.Error(), "decoding failed due to the following error(s):\n\n"), "\n", "; ")
}

func (c *Config) validate() error {
	var errs []string
	if _, _, err := net.SplitHostPort(c.HTTP.Addr); err != nil {
		errs = append(errs, fmt.Sprintf("http.addr: %q is not host:port (e.g. :8080)", c.HTTP.Addr))
	}
	if c.HTTP.MaxBodyBytes <= 0 {
		errs = append(errs, "http.max_body_bytes: must be positive")
	}
	if c.HTTP.ReadTimeout <= 0 || c.HTTP.IdleTimeout <= 0 {
		errs = append(errs, "http.read_timeout and http.idle_timeout: must be positive")
	}
	if d := c.HTTP.DrainPeriod; d != DrainAuto {
		if v, err := time.ParseDuration(d); err != nil || v < 0 {
			errs = append(errs, fmt.Sprintf("http.drain_period: %q is not auto or a duration of 0 or more (e.g. 5s)", d))
		}
	}
	if a := c.HTTP.MetricsAddr; a != "" {
		if _, _, err := net.SplitHostPort(a); err != nil {
			errs = append(errs, fmt.Sprintf("http.metrics_addr: %q is not host:port", a))
		}
	}
	for _, p := range c.HTTP.TrustedProxies {
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			errs = append(errs, fmt.Sprintf("http.trusted_proxies: %q is not an IP address or CIDR network", p))
		}
	}
	if e := c.Worker.ScheduleEvery; e != 0 && !validEvery(e) {
		errs = append(errs, fmt.Sprintf("worker.schedule_every: %v is not a whole number of seconds dividing a minute or of minutes dividing an hour", e))
	}
	if _, err := cron.ParseStandard(c.Feeds.ExportCron); err != nil {
		errs = append(errs, fmt.Sprintf("feeds.export_cron: %q is not a cron expression: %v", c.Feeds.ExportCron, err))
	}
	if c.Partners.RequestsPerMinute <= 0 {
		errs = append(errs, "partners.requests_per_minute: must be positive")
	}
	switch c.Blob.Driver {
	case "local":
	case "s3":
		if c.Blob.S3.Bucket == "" {
			errs = append(errs, "blob.s3.bucket: required when blob.driver is s3")
		}
	default:
		errs = append(errs, fmt.Sprintf("blob.driver: %q is not local or s3", c.Blob.Driver))
	}
	switch c.Mail.Driver {
	case "outbox":
	case "smtp":
		if c.Mail.SMTP.Host == "" {
			errs = append(errs, "mail.smtp.host: required when mail.driver is smtp")
		}
		if c.Mail.SMTP.DialTimeout <= 0 || c.Mail.SMTP.Timeout <= 0 {
			errs = append(errs, "mail.smtp.dial_timeout and mail.smtp.timeout: must be positive")
		}
	default:
		errs = append(errs, fmt.Sprintf("mail.driver: %q is not outbox or smtp", c.Mail.Driver))
	}
	if u := c.Database.URL; u != "" && !c.IsPostgres() && !strings.HasPrefix(u, "sqlite:") {
		errs = append(errs, "database.url: must start with postgres://, postgresql:// or sqlite:")
	}
	if c.IsPostgres() {
		switch secret := c.Auth.Secret; {
		case secret == "":
			errs = append(errs, "auth.secret: required with PostgreSQL, where several instances must share it")
		case secret == ExampleSecret:
			errs = append(errs, "auth.secret: is the example's placeholder; set your own random value (e.g. `openssl rand -hex 32`)")
		case len(secret) < MinSecretBytes:
			errs = append(errs, fmt.Sprintf("auth.secret: %d bytes is too short; at least %d random bytes (e.g. `openssl rand -hex 32`)", len(secret), MinSecretBytes))
		}
	}
	if u := c.Admin.SupplierLoginURL; u != "" && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		errs = append(errs, fmt.Sprintf("admin.supplier_login_url: %q is not an http(s) address", u))
	}
	if c.Activity.RetentionDays < 0 {
		errs = append(errs, fmt.Sprintf("activity.retention_days: %d is negative (0 keeps the log forever)", c.Activity.RetentionDays))
	}
	switch c.Einvoice.Mode {
	case "simulator":
	case "sef":
		if u := c.Einvoice.URL; !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
			errs = append(errs, fmt.Sprintf("einvoice.url: %q is not an http(s) address; required when einvoice.mode is sef", u))
		}
		if c.Einvoice.APIKey == "" {
			errs = append(errs, "einvoice.api_key: required when einvoice.mode is sef")
		}
	default:
		errs = append(errs, fmt.Sprintf("einvoice.mode: %q is not simulator or sef", c.Einvoice.Mode))
	}
	if c.Einvoice.DueDays <= 0 {
		errs = append(errs, "einvoice.due_days: must be positive")
	}
	for _, m := range c.Modules {
		if !contains(AllModules, m) {
			errs = append(errs, fmt.Sprintf("modules: unknown module %q (known: %s)", m, strings.Join(AllModules, ", ")))
		}
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Sprintf("log.level: %q is not debug, info, warn or error", c.Log.Level))
	}
	if c.Log.Format != "json" && c.Log.Format != "text" {
		errs = append(errs, fmt.Sprintf("log.format: %q is not json or text", c.Log.Format))
	}
	if c.Images.DecodeBudgetBytes <= 0 || c.Images.MaxConcurrentDecodes <= 0 {
		errs = append(errs, "images.decode_budget_bytes and images.max_concurrent_decodes: must be positive")
	}
	if c.Auth.AccessTTL <= 0 || c.Auth.RefreshTTL <= 0 {
		errs = append(errs, "auth.access_ttl and auth.refresh_ttl: must be positive")
	}
	errs = append(errs, c.Fiscal.check()...)
	if len(errs) > 0 {
		return fmt.Errorf("config: %s", strings.Join(errs, "; "))
	}
	return nil
}

// check names the fiscal key that is wrong. The certificate file itself is read when the
// shop starts (app), which names fiscal.cert_file or fiscal.cert_password when it fails.
func (f FiscalConfig) check() []string {
	var errs []string
	if f.Timeout <= 0 {
		errs = append(errs, "fiscal.timeout: must be positive")
	}
	if len([]rune(f.Cashier)) > 50 {
		errs = append(errs, "fiscal.cashier: at most 50 characters")
	}
	switch f.Mode {
	case "simulator":
	case "vsdc":
		u, err := url.Parse(f.URL)
		switch {
		case f.URL == "":
			errs = append(errs, "fiscal.url: required when fiscal.mode is vsdc")
		case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http"):
			errs = append(errs, fmt.Sprintf("fiscal.url: %q is not an http(s) address", f.URL))
		case u.Scheme == "https" && f.CertFile == "":
			errs = append(errs, "fiscal.cert_file: required for an https V-SDC (the PKCS#12 file of the shop's certificate)")
		case u.Scheme == "http" && !loopback(u.Hostname()):
			// Only the simulator run as its own process listens on plain http, on this machine.
			errs = append(errs, fmt.Sprintf("fiscal.url: %q: plain http only to this machine (a simulator); a V-SDC is https", f.URL))
		}
	default:
		errs = append(errs, fmt.Sprintf("fiscal.mode: %q is not simulator or vsdc", f.Mode))
	}
	return errs
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// IsPostgres tells whether the database is PostgreSQL (the production set-up).
func (c *Config) IsPostgres() bool {
	return strings.HasPrefix(c.Database.URL, "postgres://") || strings.HasPrefix(c.Database.URL, "postgresql://")
}

// ModuleEnabled tells whether a module is switched on.
func (c *Config) ModuleEnabled(name string) bool { return contains(c.Modules, name) }

// Masked returns the effective settings as flat key/value pairs with secrets and
// passwords inside URLs hidden, for `shopctl config show`.
func (c *Config) Masked() map[string]any {
	out := map[string]any{}
	flatten("", reflect.ValueOf(*c), reflect.TypeOf(*c), out)
	for _, k := range []string{"database.url", "redis.url"} {
		if s, ok := out[k].(string); ok {
			out[k] = maskURL(s)
		}
	}
	return out
}

func flatten(prefix string, v reflect.Value, t reflect.Type, out map[string]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		key := f.Tag.Get("mapstructure")
		if key == "-" { // what Load works out, not a setting
			continue
		}
		if prefix != "" {
			key = prefix + "." + key
		}
		fv := v.Field(i)
		if f.Type.Kind() == reflect.Struct {
			flatten(key, fv, f.Type, out)
			continue
		}
		val := fv.Interface()
		if f.Tag.Get("secret") == "true" && fv.String() != "" {
			val = "********"
		}
		if d, ok := val.(time.Duration); ok {
			val = d.String()
		}
		out[key] = val
	}
}

func maskURL(s string) string {
	if scheme := strings.Index(s, "://"); scheme >= 0 {
		if at := strings.LastIndex(s, "@"); at > scheme {
			cred := s[scheme+3 : at]
			if user, _, ok := strings.Cut(cred, ":"); ok {
				s = s[:scheme+3] + user + ":********" + s[at:]
			}
		}
	}
	// libpq and pgx also take the password as a query parameter.
	base, query, ok := strings.Cut(s, "?")
	if !ok {
		return s
	}
	params := strings.Split(query, "&")
	for i, p := range params {
		if name, _, _ := strings.Cut(p, "="); strings.EqualFold(name, "password") {
			params[i] = name + "=********"
		}
	}
	return base + "?" + strings.Join(params, "&")
}

// FromEnv loads the configuration from SHOP_CONFIG (if set) and the environment.
func FromEnv(file string) (*Config, error) {
	if file == "" {
		file = os.Getenv("SHOP_CONFIG")
	}
	return Load(file, os.Environ())
}

// validEvery tells whether d can be a clock-aligned schedule: 1-59 s dividing a minute, or
// 1-60 min dividing an hour.
func validEvery(d time.Duration) bool {
	switch {
	case d <= 0:
		return false
	case d < time.Minute:
		return d%time.Second == 0 && time.Minute%d == 0
	default:
		return d%time.Minute == 0 && time.Hour%d == 0
	}
}
