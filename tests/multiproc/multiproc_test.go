// Package multiproc starts real shopd binaries on one PostgreSQL and Redis (two API processes,
// two workers, two schedulers, as production runs them) and checks that they behave as one
// shop: a change through one API is what the other serves, a job started through one rings
// the bell on a stream held on the other, the login limit counts both, and a rolling restart
// behind a load balancer that follows /readyz fails no request.
package multiproc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"shop/internal/platform/dbtest"
	"shop/internal/platform/queue/queuetest"
	"shop/internal/pricelist"
)

// staleBound is how long a change made through one API may take to be what another serves
// (docs/platform.md: the in-process caches' bound across processes).
const staleBound = time.Second

const storeIndex = `<!doctype html>
<html lang="sr"><head><meta charset="UTF-8" /><title>Prodavnica</title></head>
<body><div id="root"></div></body></html>`

// proc is one shopd process.
type proc struct {
	name, role, addr string
	env              []string
	cmd              *exec.Cmd
	log              *os.File
	exited           chan error
}

type cluster struct {
	t    *testing.T
	bin  string
	env  []string
	dir  string
	mu   sync.Mutex
	list []*proc
}

func TestSeveralProcesses(t *testing.T) {
	if os.Getenv("SHOP_TEST_DATABASE_URL") == "" || os.Getenv("SHOP_TEST_REDIS_URL") == "" {
		t.Skip("needs SHOP_TEST_DATABASE_URL and SHOP_TEST_REDIS_URL")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "shopd")
	build := exec.Command("go", "build", "-o", bin, "shop/cmd/shopd")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "var") // one folder: the object store every process shares
	if err := os.MkdirAll(filepath.Join(data, "store"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "store", "index.html"), []byte(storeIndex), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, bin: bin, dir: dir, env: []string{
		"SHOP_DATABASE_URL=" + dbtest.NewPostgresDatabase(t), "SHOP_REDIS_URL=" + queuetest.URL(t),
		"SHOP_AUTH_SECRET=multiproc-test-secret-multiproc-test", "SHOP_DATA_DIR=" + data,
		"SHOP_WEB_STORE_DIR=" + filepath.Join(data, "store"), "SHOP_WEB_ADMIN_DIR=" + filepath.Join(data, "admin"),
		"SHOP_HTTP_METRICS_ADDR=", "SHOP_HTTP_SHUTDOWN_TIMEOUT=20s", "SHOP_HTTP_DRAIN_PERIOD=2s",
		"SHOP_WORKER_NICE=0", "SHOP_PRICING_COALESCE_WINDOW=0s",
	}}
	t.Cleanup(c.stopAll)

	// A migrates and seeds the demo shop; the rest start on the migrated database.
	a := c.start("api-a", "api", freeAddr(t))
	c.waitReady(a, 3*time.Minute)
	b := c.start("api-b", "api", freeAddr(t))
	for _, n := range []string{"worker-1", "worker-2"} {
		c.start(n, "worker", "")
	}
	for _, n := range []string{"scheduler-1", "scheduler-2"} {
		c.start(n, "scheduler", "")
	}
	c.waitReady(b, 2*time.Minute)

	token := login(t, a)
	t.Run("changes through A are served by B", func(t *testing.T) { changesCross(t, a, b, token) })
	t.Run("a job started through A rings the bell on B once", func(t *testing.T) { bellCrosses(t, a, b, token) })
	t.Run("the login limit counts both APIs", func(t *testing.T) { loginLimitShared(t, a, b) })
	t.Run("rolling restart fails no request", func(t *testing.T) { rollingRestart(t, c, a, b) })
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (c *cluster) start(name, role, addr string) *proc {
	c.t.Helper()
	p := &proc{name: name, role: role, addr: addr, env: append([]string{}, c.env...)}
	if addr != "" {
		p.env = append(p.env, "SHOP_HTTP_ADDR="+addr)
	}
	c.launch(p)
	c.mu.Lock()
	c.list = append(c.list, p)
	c.mu.Unlock()
	return p
}

func (c *cluster) launch(p *proc) {
	c.t.Helper()
	f, err := os.OpenFile(filepath.Join(c.dir, p.name+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		c.t.Fatal(err)
	}
	p.log = f
	p.cmd = exec.Command(c.bin, "serve", "--role", p.role)
	p.cmd.Env = append(os.Environ(), p.env...)
	p.cmd.Stdout, p.cmd.Stderr = f, f
	if err := p.cmd.Start(); err != nil {
		c.t.Fatalf("%s: %v", p.name, err)
	}
	p.exited = make(chan error, 1)
	go func(cmd *exec.Cmd, ch chan error) { ch <- cmd.Wait() }(p.cmd, p.exited)
}

// stop sends SIGTERM and waits for a clean exit.
func (c *cluster) stop(p *proc) {
	c.t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		if err != nil {
			c.t.Errorf("%s exited with %v\n%s", p.name, err, tail(p))
		}
	case <-time.After(60 * time.Second):
		_ = p.cmd.Process.Kill()
		c.t.Errorf("%s did not stop within a minute", p.name)
	}
	p.log.Close()
}

func (c *cluster) stopAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.list {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
		}
	}
	for _, p := range c.list {
		select {
		case <-p.exited:
		case <-time.After(30 * time.Second):
			_ = p.cmd.Process.Kill()
		}
		if c.t.Failed() {
			c.t.Logf("--- %s log (tail)\n%s", p.name, tail(p))
		}
	}
}

func tail(p *proc) string {
	b, _ := os.ReadFile(p.log.Name())
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

func (c *cluster) waitReady(p *proc, within time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		select {
		case err := <-p.exited:
			c.t.Fatalf("%s stopped at start: %v\n%s", p.name, err, tail(p))
		default:
		}
		if resp, err := http.Get("http://" + p.addr + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.t.Fatalf("%s not ready within %v\n%s", p.name, within, tail(p))
}

var client = &http.Client{Timeout: 30 * time.Second}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("%v in %.300s", err, a.body)
	}
	return m
}

func do(t *testing.T, p *proc, method, path, token string, body any) answer {
	t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case *multipart.Writer:
		t.Fatal("use upload")
	default:
		j, _ := json.Marshal(b)
		rd, ct = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, "http://"+p.addr+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	return send(t, req, token)
}

func send(t *testing.T, req *http.Request, token string) answer {
	t.Helper()
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, b}
}

func login(t *testing.T, p *proc) string {
	t.Helper()
	r := do(t, p, "POST", "/api/v1/login", "", map[string]any{"email": "admin@demo.local", "password": "demo1234"})
	if r.status != http.StatusOK {
		t.Fatalf("login: %d %s", r.status, r.body)
	}
	return r.json(t)["data"].(map[string]any)["token"].(string)
}

func first(t *testing.T, r answer, what string) map[string]any {
	t.Helper()
	list, _ := r.json(t)["data"].([]any)
	if r.status != http.StatusOK || len(list) == 0 {
		t.Fatalf("%s: %d %.300s", what, r.status, r.body)
	}
	return list[0].(map[string]any)
}

// eventually polls check on p until it holds and returns how long that took.
func eventually(t *testing.T, what string, check func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !check() {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("%s: not within 20 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

func changesCross(t *testing.T, a, b *proc, token string) {
	cat := first(t, do(t, a, "GET", "/api/v1/admin/categories?paginate=1", token, nil), "categories")
	catID, catSlug := cat["id"], fmt.Sprint(cat["slug"])
	created := do(t, a, "POST", "/api/v1/admin/products", token, map[string]any{"sku": "MP-1", "name": "Zvučnik Aurora",
		"entry_price": 1000, "categories": []any{catID}, "active": true, "description": ""})
	if created.status/100 != 2 {
		t.Fatalf("create product: %d %s", created.status, created.body)
	}
	prod := created.json(t)["data"].(map[string]any)["product"].(map[string]any)
	id, slug := prod["id"], fmt.Sprint(prod["slug"])
	page := "/kategorije/" + catSlug + "/proizvodi/" + slug
	before := do(t, b, "GET", page, "", nil)
	if before.status != http.StatusOK || !strings.Contains(string(before.body), "Zvučnik Aurora") {
		t.Fatalf("B's product page before: %d %.300s", before.status, before.body)
	}
	// Warm B's caches with the old state: the product, its category's list, the autocomplete.
	productBefore := do(t, b, "GET", "/api/v1/products/"+slug, "", nil)
	if productBefore.header.Get("ETag") == "" {
		t.Errorf("B's product answer has no ETag")
	}
	do(t, b, "GET", "/api/v1/categories/"+catSlug+"/products", "", nil)
	do(t, b, "GET", "/api/v1/autocomplete?q=aurora", "", nil)

	changed := time.Now()
	r := do(t, a, "PATCH", fmt.Sprintf("/api/v1/admin/products/%v", id), token, map[string]any{"name": "Zvučnik Borealis",
		"entry_price": 2000, "categories": []any{catID}, "active": true, "description": ""})
	if r.status != http.StatusOK {
		t.Fatalf("rename and reprice through A: %d %s", r.status, r.body)
	}
	var price float64
	checks := []struct {
		what  string
		check func() bool
	}{
		{"product answer", func() bool {
			p := do(t, b, "GET", "/api/v1/products/"+slug, "", nil).json(t)["data"].(map[string]any)
			price, _ = p["web_price"].(float64)
			return p["name"] == "Zvučnik Borealis" && price > 2000
		}},
		{"category page", func() bool {
			return strings.Contains(string(do(t, b, "GET", "/api/v1/categories/"+catSlug+"/products", "", nil).body), "Zvučnik Borealis")
		}},
		{"autocomplete", func() bool {
			return strings.Contains(string(do(t, b, "GET", "/api/v1/autocomplete?q=borealis", "", nil).body), "Zvučnik Borealis")
		}},
		{"server-rendered page and its ETag", func() bool {
			// The HTML carries no ETag today; if it gets one, it must change with the page.
			h := do(t, b, "GET", page, "", nil)
			return strings.Contains(string(h.body), "Zvučnik Borealis") && (h.header.Get("ETag") == "" || h.header.Get("ETag") != before.header.Get("ETag"))
		}},
		{"product answer's ETag", func() bool {
			return do(t, b, "GET", "/api/v1/products/"+slug, "", nil).header.Get("ETag") != productBefore.header.Get("ETag")
		}},
	}
	for _, c := range checks {
		eventually(t, "B's "+c.what, c.check)
		if d := time.Since(changed); d > staleBound {
			t.Errorf("B's %s served the change %v after it was made through A (bound %v)", c.what, d, staleBound)
		}
	}
	if price <= 2000 {
		t.Errorf("web price %v after an entry price of 2000", price)
	}
}

// bellCrosses: a price list uploaded through A is imported by a worker; its notification
// reaches an event stream held on B once.
func bellCrosses(t *testing.T, a, b *proc, token string) {
	sup := first(t, do(t, a, "GET", "/api/v1/admin/suppliers?paginate=1", token, nil), "suppliers")
	req, _ := http.NewRequest("GET", "http://"+b.addr+"/api/v1/admin/realtime", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("stream on B: %v %v", err, stream)
	}
	defer stream.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
		close(events)
	}()

	var file bytes.Buffer
	if err := pricelist.WriteSample(&file, 300, pricelist.SampleOptions{Seed: 27, Serbian: true}); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("supplier_id", fmt.Sprint(sup["id"]))
	fw, _ := w.CreateFormFile("file", "cenovnik.xlsx")
	_, _ = fw.Write(file.Bytes())
	w.Close()
	up, _ := http.NewRequest("POST", "http://"+a.addr+"/api/v1/admin/pricelists", &body)
	up.Header.Set("Content-Type", w.FormDataContentType())
	if r := send(t, up, token); r.status/100 != 2 {
		t.Fatalf("upload through A: %d %s", r.status, r.body)
	}
	// The import rings three times (received, supplier categories without a shop category,
	// finished); each must arrive once, although two API processes and two workers run.
	seen := map[string]int{}
	timeout := time.After(60 * time.Second)
	for seen["ImportFinished"] == 0 {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("B's stream ended")
			}
			seen[typeOf(t, ev)]++
		case <-timeout:
			t.Fatalf("no ImportFinished on B's stream within a minute (got %v)", seen)
		}
	}
	quiet := time.After(3 * time.Second) // a second ring would come within this
	for done := false; !done; {
		select {
		case ev, ok := <-events:
			if ok {
				seen[typeOf(t, ev)]++
			}
		case <-quiet:
			done = true
		}
	}
	for typ, n := range seen {
		if n != 1 {
			t.Errorf("B's stream got %s %d times for one import, want once (all: %v)", typ, n, seen)
		}
	}
	if seen["PricelistUploaded"] != 1 {
		t.Errorf("no PricelistUploaded on B's stream: %v", seen)
	}
}

func typeOf(t *testing.T, data string) string {
	var n struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(data), &n); err != nil || n.Type == "" {
		t.Fatalf("notification %q: %v", data, err)
	}
	return n.Type
}

// loginLimitShared: auth.login_per_ip_per_minute (30) counts the logins made to both APIs;
// counted per process, 60 would pass.
func loginLimitShared(t *testing.T, a, b *proc) {
	for i := range 45 {
		p := a
		if i%2 == 1 {
			p = b
		}
		r := do(t, p, "POST", "/api/v1/login", "", map[string]any{"email": fmt.Sprintf("nobody%d@example.rs", i), "password": "wrong-password"})
		if r.status == http.StatusTooManyRequests {
			return
		}
		if r.status != http.StatusUnauthorized && r.status != http.StatusUnprocessableEntity {
			t.Fatalf("login %d: %d %s", i, r.status, r.body)
		}
	}
	t.Error("45 logins from one address spread over both APIs got no 429 (limit 30 a minute)")
}

// rollingRestart: 16 connections of storefront reads through a balancer that sends only to
// a process whose /readyz answers 200; each API in turn gets SIGTERM and is started again.
func rollingRestart(t *testing.T, c *cluster, a, b *proc) {
	cat := first(t, do(t, a, "GET", "/api/v1/categories", "", nil), "storefront categories")
	catSlug := fmt.Sprint(cat["slug"])
	paths := []string{"/api/v1/categories/" + catSlug + "/products", "/api/v1/products/" + "zvucnik-borealis",
		"/api/v1/autocomplete?q=tele", "/api/v1/banners", "/kategorije/" + catSlug, "/", "/api/v1/search?q=zvucnik"}
	backends := []*proc{a, b}
	var ready [2]atomic.Bool
	ready[0].Store(true)
	ready[1].Store(true)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the balancer's health check
		defer wg.Done()
		hc := &http.Client{Timeout: time.Second}
		for {
			for i, p := range backends {
				resp, err := hc.Get("http://" + p.addr + "/readyz")
				ok := err == nil && resp.StatusCode == http.StatusOK
				if resp != nil {
					resp.Body.Close()
				}
				ready[i].Store(ok)
			}
			select {
			case <-stop:
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	var sent, failed atomic.Int64
	var served [2]atomic.Int64
	var failures sync.Map
	tr := &http.Transport{MaxIdleConnsPerHost: 16}
	lb := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := w; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				i := n % 2
				if !ready[i].Load() {
					i = 1 - i
					if !ready[i].Load() {
						time.Sleep(50 * time.Millisecond)
						continue
					}
				}
				path := paths[n%len(paths)]
				sent.Add(1)
				resp, err := lb.Get("http://" + backends[i].addr + path)
				if err != nil {
					failed.Add(1)
					failures.Store(fmt.Sprintf("%s %s: %v", backends[i].name, path, err), true)
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode >= 500 {
					failed.Add(1)
					failures.Store(fmt.Sprintf("%s %s: %d", backends[i].name, path, resp.StatusCode), true)
					continue
				}
				served[i].Add(1)
			}
		}()
	}
	time.Sleep(time.Second)
	for i, p := range backends {
		before := served[i].Load()
		c.stop(p)
		c.launch(p)
		c.waitReady(p, 2*time.Minute)
		eventually(t, p.name+" back in the balancer", func() bool { return served[i].Load() > before })
	}
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()
	tr.CloseIdleConnections()
	failures.Range(func(k, _ any) bool { t.Errorf("failed: %v", k); return true })
	t.Logf("rolling restart: %d requests, %d failed (A served %d, B %d)", sent.Load(), failed.Load(), served[0].Load(), served[1].Load())
	if failed.Load() != 0 {
		t.Errorf("%d of %d requests failed during the rolling restart", failed.Load(), sent.Load())
	}
}
