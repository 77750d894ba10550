package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/platform/config"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/queue"
	"shop/internal/platform/queue/queuetest"
)

// waitFor polls cond until it holds; the bound only keeps a broken test from hanging.
func waitFor(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// shopd is a server started by run() in this process.
type shopd struct {
	base    string
	metrics string // the metrics listener's base URL
	cancel  context.CancelFunc
	done    chan error
	logs    *syncWriter
}

func testConfig(tb testing.TB, dialect string, environ ...string) *config.Config {
	tb.Helper()
	dir := tb.TempDir()
	env := []string{"SHOP_DATA_DIR=" + dir, "SHOP_HTTP_ADDR=127.0.0.1:0", "SHOP_HTTP_METRICS_ADDR=127.0.0.1:0", "SHOP_HTTP_SHUTDOWN_TIMEOUT=5s", "SHOP_HTTP_DRAIN_PERIOD=0s",
		"SHOP_WEB_STORE_DIR=" + filepath.Join(dir, "store"), "SHOP_WEB_ADMIN_DIR=" + filepath.Join(dir, "admin")}
	if dialect == "postgres" {
		env = append(env, "SHOP_DATABASE_URL="+dbtest.NewPostgresDatabase(tb), "SHOP_REDIS_URL="+queuetest.URL(tb),
			"SHOP_AUTH_SECRET=shopd-test-secret-shopd-test-secret")
	}
	cfg, err := config.Load("", append(env, environ...))
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

// start runs shopd with every role until the test ends or stop is called.
func start(tb testing.TB, cfg *config.Config) *shopd {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &shopd{cancel: cancel, done: make(chan error, 1), logs: &syncWriter{w: &bytes.Buffer{}}}
	addr := make(chan string, 1)
	go func() {
		s.done <- run(ctx, cfg, roles{true, true, true}, runOptions{
			Started:        func(a string) { addr <- a },
			MetricsStarted: func(a string) { s.metrics = "http://" + a },
			Stdout:         s.logs, Stderr: io.Discard,
			App: app.Options{PasswordCost: bcrypt.MinCost},
		})
	}()
	select {
	case a := <-addr:
		s.base = "http://" + a
	case err := <-s.done:
		cancel()
		tb.Fatalf("shopd stopped at start: %v", err)
	case <-time.After(startWait):
		cancel()
		tb.Fatal("shopd did not start listening")
	}
	tb.Cleanup(func() {
		if s.cancel != nil {
			s.stop(tb)
		}
	})
	return s
}

// startWait bounds a start, demo seed included: generous, since a CI machine running the
// other packages' tests beside this one can take many times an idle start.
const startWait = 2 * time.Minute

// stop cancels the context (Ctrl-C) and returns run's result.
func (s *shopd) stop(tb testing.TB) error {
	tb.Helper()
	s.cancel()
	s.cancel = nil
	select {
	case err := <-s.done:
		return err
	case <-time.After(30 * time.Second):
		tb.Fatal("shopd did not stop")
		return nil
	}
}

func (s *shopd) get(tb testing.TB, path string) (int, string) {
	tb.Helper()
	return s.getFrom(tb, s.base, path)
}

func (s *shopd) getFrom(tb testing.TB, base, path string) (int, string) {
	tb.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		tb.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (s *shopd) post(tb testing.TB, path, body string) (int, string) {
	tb.Helper()
	resp, err := http.Post(s.base+path, "application/json", strings.NewReader(body))
	if err != nil {
		tb.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

type health struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks"`
}

func (s *shopd) ready(tb testing.TB) (int, health) {
	tb.Helper()
	code, body := s.get(tb, "/readyz")
	var h health
	if err := json.Unmarshal([]byte(body), &h); err != nil {
		tb.Fatalf("/readyz: %v in %q", err, body)
	}
	return code, h
}

func TestServe(t *testing.T) {
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cfg := testConfig(t, d.Name)
			s := start(t, cfg)

			if code, body := s.get(t, "/healthz"); code != http.StatusOK || !strings.Contains(body, `"status":"ok"`) {
				t.Errorf("/healthz: %d %s", code, body)
			}
			code, h := s.ready(t)
			want := health{Status: "ok", Checks: map[string]string{"database": "ok", "redis": "ok", "objects": "ok"}}
			if d := cmp.Diff(want, h); d != "" || code != http.StatusOK {
				t.Errorf("/readyz %d (-want +got):\n%s", code, d)
			}

			// The demo shop was seeded on first start.
			for _, email := range []string{"admin@demo.local", "staff@demo.local", "kupac@demo.local"} {
				if code, body := s.post(t, "/api/v1/login", `{"email":"`+email+`","password":"demo1234"}`); code != http.StatusOK {
					t.Errorf("login %s: %d %s", email, code, body)
				}
			}

			// The worker runs: a reset mail lands in the outbox.
			// The request's id (here the client's X-Request-ID) is on the mail job's log lines.
			forgot, _ := http.NewRequest("POST", s.base+"/api/v1/password/forgot", strings.NewReader(`{"email":"kupac@demo.local"}`))
			forgot.Header.Set("Content-Type", "application/json")
			forgot.Header.Set("X-Request-ID", "forgot-"+d.Name)
			if resp, err := http.DefaultClient.Do(forgot); err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("forgot password: %v %v", err, resp)
			}
			outbox := filepath.Join(cfg.DataDir, "outbox")
			waitFor(t, "the reset mail in the outbox", func() bool {
				m, _ := filepath.Glob(filepath.Join(outbox, "*.eml"))
				return len(m) == 1
			})

			// Metrics listen on their own address; the API's port does not serve them.
			if code, body := s.get(t, "/metrics"); code == http.StatusOK || strings.Contains(body, "go_goroutines") {
				t.Errorf("/metrics on the API port: %d %.200s", code, body)
			}
			waitFor(t, "the mail job's log line with the request's id", func() bool {
				for _, line := range strings.Split(s.logs.String(), "\n") {
					if strings.Contains(line, `"msg":"job"`) && strings.Contains(line, `"type":"`+queue.TypeMailSend+`"`) &&
						strings.Contains(line, `"request_id":"forgot-`+d.Name+`"`) {
						return true
					}
				}
				return false
			})
			code, metrics := s.getFrom(t, s.metrics, "/metrics")
			for _, want := range []string{`shop_http_requests_total{method="POST",route="/api/v1/login",status="200"} 3`,
				`shop_queue_tasks{queue="critical",state=`, "shop_queue_processed_today", "go_goroutines",
				`shop_job_duration_seconds_count{type="` + queue.TypeMailSend + `"} 1`, "shop_sse_connections 0",
				`go_sql_in_use_connections{db_name="shop"}`, `go_sql_wait_count_total{db_name="shop"}`,
				`shop_cache_hits_total{cache="page_memo"}`, `shop_cache_misses_total{cache="page_memo"}`} {
				if !strings.Contains(metrics, want) {
					t.Errorf("/metrics (%d) lacks %q", code, want)
				}
			}

			// Readiness follows its dependencies: without the objects folder it answers 503.
			objects := filepath.Join(cfg.DataDir, "objects")
			if err := os.Rename(objects, objects+".away"); err != nil {
				t.Fatal(err)
			}
			code, h = s.ready(t)
			if code != http.StatusServiceUnavailable || h.Status != "unavailable" || h.Checks["objects"] != "unreachable" || h.Checks["database"] != "ok" {
				t.Errorf("/readyz without objects: %d %+v", code, h)
			}
			if err := os.Rename(objects+".away", objects); err != nil {
				t.Fatal(err)
			}
			if code, _ := s.ready(t); code != http.StatusOK {
				t.Errorf("/readyz after the folder came back: %d", code)
			}

			if err := s.stop(t); err != nil {
				t.Errorf("run after Ctrl-C = %v, want nil", err)
			}
			if _, err := http.Get(s.base + "/healthz"); err == nil {
				t.Error("still answering after the stop")
			}
			if !strings.Contains(s.logs.String(), `"msg":"stopped"`) {
				t.Errorf("no clean-stop log line:\n%s", s.logs)
			}

			// A second start on the same data keeps the users and seeds nothing.
			s = start(t, cfg)
			if code, body := s.post(t, "/api/v1/login", `{"email":"admin@demo.local","password":"demo1234"}`); code != http.StatusOK {
				t.Errorf("login after a restart: %d %s", code, body)
			}
			if strings.Contains(s.logs.String(), "seeded the demo shop") {
				t.Error("seeded again on the second start")
			}
		})
	}
}

func TestStartFailures(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		roles   roles
		want    string
	}{
		{"postgres unreachable", []string{"SHOP_DATABASE_URL=postgres://postgres:hunter2@127.0.0.1:1/x?connect_timeout=1",
			"SHOP_REDIS_URL=redis://127.0.0.1:1/0", "SHOP_AUTH_SECRET=shopd-test-secret-shopd-test-secret"}, roles{true, true, true}, "database: cannot reach"},
		{"embedded redis split roles", nil, roles{api: true}, "in-process Redis"},
		{"address in use", []string{"SHOP_HTTP_ADDR=" + busyAddr(t)}, roles{true, true, true}, "http.addr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testConfig(t, "sqlite", tt.environ...)
			ctx, cancel := context.WithTimeout(context.Background(), startWait)
			defer cancel()
			err := run(ctx, cfg, tt.roles, runOptions{Stdout: io.Discard, Stderr: io.Discard, App: app.Options{PasswordCost: bcrypt.MinCost}})
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "hunter2") {
				t.Errorf("run = %v, want an error saying %q (no password)", err, tt.want)
			}
		})
	}
}

func busyAddr(tb testing.TB) string {
	tb.Helper()
	srv := &http.Server{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	go srv.Serve(ln)
	tb.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func TestParseRoles(t *testing.T) {
	tests := []struct {
		in   string
		want roles
		err  bool
	}{
		{"all", roles{true, true, true}, false},
		{"api", roles{api: true}, false},
		{"api,worker", roles{api: true, worker: true}, false},
		{"worker, scheduler", roles{worker: true, scheduler: true}, false},
		{"web", roles{}, true},
		{"", roles{}, true},
	}
	for _, tt := range tests {
		got, err := parseRoles(tt.in)
		if (err != nil) != tt.err || (!tt.err && got != tt.want) {
			t.Errorf("parseRoles(%q) = %+v, %v", tt.in, got, err)
		}
	}
}

func TestServeExampleParses(t *testing.T) {
	serve, _, err := root().Find([]string{"serve"})
	if err != nil || serve.Example == "" {
		t.Fatalf("serve: %v, example %q", err, serve.Example)
	}
	for _, line := range strings.Split(serve.Example, "\n") {
		words := strings.Fields(line)
		for len(words) > 0 && strings.Contains(words[0], "=") {
			words = words[1:]
		}
		if len(words) < 2 || words[0] != "shopd" || words[1] != "serve" {
			t.Errorf("example %q", line)
			continue
		}
		c := root()
		cmd, rest, err := c.Find(words[1:])
		if err != nil {
			t.Errorf("example %q: %v", line, err)
			continue
		}
		if err := cmd.ParseFlags(rest); err != nil {
			t.Errorf("example %q: %v", line, err)
		}
		if r, _ := cmd.Flags().GetString("role"); r != "" {
			if _, err := parseRoles(r); err != nil {
				t.Errorf("example %q: %v", line, err)
			}
		}
	}
}

// syncWriter lets the server's goroutines log while the test reads.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

// TestWorkerNice: the CPU priority is the worker process's set-up: a process
// of jobs takes worker.nice, one that serves the API keeps its own.
func TestWorkerNice(t *testing.T) {
	t.Parallel()
	cfg, err := config.Load("", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		roles string
		want  int
	}{{"worker", 19}, {"worker,scheduler", 19}, {"all", 0}, {"api", 0}, {"api,worker", 0}, {"scheduler", 0}} {
		r, err := parseRoles(tt.roles)
		if err != nil {
			t.Fatal(err)
		}
		if got := workerNice(cfg, r); got != tt.want {
			t.Errorf("--role %s: nice %d, want %d", tt.roles, got, tt.want)
		}
	}
	cfg.Worker.Nice = 0
	if got := workerNice(cfg, roles{worker: true}); got != 0 {
		t.Errorf("worker.nice 0: nice %d", got)
	}
}

// The banner names the address links in mail and feeds use, and says when it is only derived
// from http.addr (shopctl, beside it, derives its own and warns the same way).
func TestBannerPublicURL(t *testing.T) {
	for _, tt := range []struct {
		environ []string
		want    string
	}{
		{[]string{"SHOP_HTTP_ADDR=:18700"}, "Links in mail and feeds: http://localhost:18700 (derived from http.addr; set http.public_url)\n"},
		{[]string{"SHOP_HTTP_ADDR=:18700", "SHOP_HTTP_PUBLIC_URL=https://shop.example.rs"}, "Links in mail and feeds: https://shop.example.rs\n"},
	} {
		cfg, err := config.Load("", tt.environ)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		printBanner(&b, cfg, "[::]:18700")
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("banner %q, want the line %q", b.String(), tt.want)
		}
	}
}
