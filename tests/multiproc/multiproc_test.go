// Package multiproc starts real shopd binaries on one PostgreSQL and Redis (two API processes,
// two workers, two schedulers, as production runs them) and checks that they behave as one
// shop: a change through one API is what the other serves within the in-process caches' bound,
// a job started through one rings the bell on a stream held on the other once, the jobs of a
// worker killed mid-run are finished by the other and nothing of them is done twice, the login
// limit counts both, a rolling restart behind a load balancer that follows /readyz fails no
// request, and every cron entry runs once per moment although two schedulers run.
package multiproc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
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
	"shop/worker"
)

// staleBound is how long a change made through one API may take to be what another serves
// (docs/storefront.md: the in-process caches' bound across processes).
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
	exited           chan struct{} // closed when the process has ended, with exitErr
	exitErr          error
}

type cluster struct {
	t            *testing.T
	bin          string
	env          []string
	dir          string
	dbURL, redis string
	mu           sync.Mutex
	list         []*proc
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
	c := &cluster{t: t, bin: bin, dir: dir, dbURL: dbtest.NewPostgresDatabase(t), redis: queuetest.URL(t)}
	c.env = []string{
		"SHOP_DATABASE_URL=" + c.dbURL, "SHOP_REDIS_URL=" + c.redis,
		"SHOP_AUTH_SECRET=multiproc-test-secret-multiproc-test", "SHOP_DATA_DIR=" + data,
		"SHOP_WEB_STORE_DIR=" + filepath.Join(data, "store"), "SHOP_WEB_ADMIN_DIR=" + filepath.Join(data, "admin"),
		"SHOP_HTTP_METRICS_ADDR=", "SHOP_HTTP_SHUTDOWN_TIMEOUT=20s", "SHOP_HTTP_DRAIN_PERIOD=2s",
		"SHOP_WORKER_NICE=0", "SHOP_PRICING_COALESCE_WINDOW=0s",
	}
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
	var shown shownProduct
	t.Run("changes through A are served by B", func(t *testing.T) { shown = changesCross(t, a, b, token) })
	t.Run("a category's VAT and a banner changed through A are served by B", func(t *testing.T) {
		if shown.slug == "" {
			t.Skip("no product from the step before")
		}
		vatAndBannerCross(t, a, b, token, shown)
	})
	t.Run("a job started through A rings the bell on B once", func(t *testing.T) { bellCrosses(t, a, b, token) })
	t.Run("a worker killed mid-job: the other finishes it, nothing twice", func(t *testing.T) { workerKilled(t, c, a, token) })
	t.Run("the login limit counts both APIs", func(t *testing.T) { loginLimitShared(t, a, b) })
	t.Run("rolling restart fails no request", func(t *testing.T) { rollingRestart(t, c, a, b) })
	t.Run("each cron task runs once per moment with two schedulers", func(t *testing.T) { cronOnce(t, c) })
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
	p.exited = make(chan struct{})
	go func(cmd *exec.Cmd, ch chan struct{}) { p.exitErr = cmd.Wait(); close(ch) }(p.cmd, p.exited)
}

func (c *cluster) proc(name string) *proc {
	c.t.Helper()
	for _, p := range c.list {
		if p.name == name {
			return p
		}
	}
	c.t.Fatalf("no process %s", name)
	return nil
}

// stop sends SIGTERM and waits for a clean exit.
func (c *cluster) stop(p *proc) {
	c.t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		if p.exitErr != nil {
			c.t.Errorf("%s exited with %v\n%s", p.name, p.exitErr, tail(p))
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
		select {
		case <-p.exited:
		default:
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
		case <-p.exited:
			c.t.Fatalf("%s stopped at start: %v\n%s", p.name, p.exitErr, tail(p))
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

// eventually polls check until it holds and returns how long that took.
func eventually(t *testing.T, what string, check func() bool) time.Duration {
	t.Helper()
	return within(t, 20*time.Second, what, check)
}

// within is eventually with its own bound.
func within(t *testing.T, bound time.Duration, what string, check func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	if !waitUntil(bound, check) {
		t.Fatalf("%s: not within %v", what, bound)
	}
	return time.Since(start)
}

// waitUntil polls check until it holds (true) or bound has passed (false).
func waitUntil(bound time.Duration, check func() bool) bool {
	start := time.Now()
	for !check() {
		if time.Since(start) > bound {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

// shownProduct is the product changesCross made, in its category.
type shownProduct struct {
	catID         any
	catSlug, slug string
	webPrice      float64
}

func changesCross(t *testing.T, a, b *proc, token string) shownProduct {
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
	return shownProduct{catID: catID, catSlug: catSlug, slug: slug, webPrice: price}
}

// vatAndBannerCross: a category's VAT raised through A reprices its product on B (product
// answer, category page and its facets, autocomplete, the category's and the product's
// server-rendered pages and their ETags), and a banner added through A for that category is in
// B's banner list, within staleBound.
func vatAndBannerCross(t *testing.T, a, b *proc, token string, p shownProduct) {
	cat := do(t, a, "GET", fmt.Sprintf("/api/v1/admin/categories/%v", p.catID), token, nil)
	if cat.status != http.StatusOK {
		t.Fatalf("category: %d %s", cat.status, cat.body)
	}
	pdv, _ := cat.json(t)["data"].(map[string]any)["pdv"].(float64)
	oldPrice := money(p.webPrice)
	pages := map[string]string{
		"product answer":         "/api/v1/products/" + p.slug,
		"category page":          "/api/v1/categories/" + p.catSlug + "/products",
		"autocomplete":           "/api/v1/autocomplete?q=borealis",
		"category's HTML":        "/kategorije/" + p.catSlug,
		"product's HTML":         "/kategorije/" + p.catSlug + "/proizvodi/" + p.slug,
		"category's banner list": "/api/v1/banners?position=category",
	}
	// Warm B's caches with the old state and keep what it served.
	before := map[string]answer{}
	for what, path := range pages {
		before[what] = do(t, b, "GET", path, "", nil)
		if before[what].status != http.StatusOK {
			t.Fatalf("B's %s before: %d %.300s", what, before[what].status, before[what].body)
		}
	}
	facetsBefore := facetMax(t, before["category page"])

	changed := time.Now()
	if r := do(t, a, "PATCH", fmt.Sprintf("/api/v1/admin/categories/%v", p.catID), token, map[string]any{"pdv": pdv + 5}); r.status != http.StatusOK {
		t.Fatalf("VAT through A: %d %s", r.status, r.body)
	}
	img := tinyPNG()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range map[string]string{"name": "Baner Borealis", "position": "category", "category_id": fmt.Sprint(p.catID), "order": "0"} {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("image", "baner.png")
	_, _ = fw.Write(img)
	w.Close()
	up, _ := http.NewRequest("POST", "http://"+a.addr+"/api/v1/admin/banners", &body)
	up.Header.Set("Content-Type", w.FormDataContentType())
	if r := send(t, up, token); r.status != http.StatusCreated {
		t.Fatalf("banner through A: %d %s", r.status, r.body)
	}
	var newPrice string
	last := map[string][]byte{}
	repriced := func(what string) func() bool {
		return func() bool {
			r := do(t, b, "GET", pages[what], "", nil)
			last[what] = r.body
			if what == "product answer" {
				pr, _ := r.json(t)["data"].(map[string]any)["web_price"].(float64)
				newPrice = money(pr)
				return pr > p.webPrice
			}
			if !bytes.Contains(before[what].body, []byte(oldPrice)) || bytes.Contains(before[what].body, []byte(newPrice)) {
				t.Logf("B's %s shows the web price neither before nor only after: its change is not checked", what)
				return true
			}
			// The new price (which it did not show before) is shown; the old figure may remain
			// as another price (the customers' price can equal the old guest price).
			fresh := bytes.Contains(r.body, []byte(newPrice))
			if etag := before[what].header.Get("ETag"); fresh && etag != "" && r.header.Get("ETag") == etag {
				return false // new body under the old ETag: a conditional request would keep the old page
			}
			return fresh
		}
	}
	checks := []struct {
		what  string
		check func() bool
	}{
		{"product answer", repriced("product answer")},
		{"category page", repriced("category page")},
		{"category page's facets", func() bool {
			return facetMax(t, do(t, b, "GET", pages["category page"], "", nil)) != facetsBefore
		}},
		{"autocomplete", repriced("autocomplete")},
		{"category's HTML", repriced("category's HTML")},
		{"product's HTML", repriced("product's HTML")},
		{"category's banner list", func() bool {
			return strings.Contains(string(do(t, b, "GET", pages["category's banner list"], "", nil).body), "Baner Borealis")
		}},
	}
	for _, c := range checks {
		for !c.check() {
			if time.Since(changed) > 10*time.Second {
				t.Fatalf("B's %s: the change made through A not served within 10 s (new price %s, old %s): %.800s", c.what, newPrice, oldPrice, last[c.what])
			}
			time.Sleep(20 * time.Millisecond)
		}
		if d := time.Since(changed); d > staleBound {
			t.Errorf("B's %s served the change %v after it was made through A (bound %v)", c.what, d, staleBound)
		}
	}
}

// money is a price as the shop's JSON writes it.
func money(v float64) string { return fmt.Sprintf("%.2f", v) }

func facetMax(t *testing.T, r answer) float64 {
	t.Helper()
	f, _ := r.json(t)["facets"].(map[string]any)
	price, _ := f["price"].(map[string]any)
	v, _ := price["max"].(float64)
	return v
}

// tinyPNG is a 2x2 opaque PNG.
func tinyPNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// bellCrosses: jobs started through A (a price-list import, an e-offer import, a mass discount,
// a mass sticker) are run by a worker; each of their notifications reaches an event stream held
// on B once.
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

	products := do(t, a, "GET", "/api/v1/admin/products?paginate=2", token, nil)
	var ids []any
	list, _ := products.json(t)["data"].([]any)
	for _, p := range list {
		ids = append(ids, p.(map[string]any)["id"])
	}
	if len(ids) == 0 {
		t.Fatalf("products: %d %.300s", products.status, products.body)
	}

	// Each job is started through A alone; every notification it rings must reach B's stream
	// once, although two API processes and two workers run.
	ringsOnce(t, events, "price-list import", []string{"PricelistUploaded", "ImportFinished"}, func() {
		var file bytes.Buffer
		if err := pricelist.WriteSample(&file, 300, pricelist.SampleOptions{Seed: 27, Serbian: true}); err != nil {
			t.Fatal(err)
		}
		if r := upload(t, a, token, "/api/v1/admin/pricelists", map[string]string{"supplier_id": fmt.Sprint(sup["id"])}, "file", "cenovnik.xlsx", file.Bytes()); r.status/100 != 2 {
			t.Fatalf("upload through A: %d %s", r.status, r.body)
		}
	})
	ringsOnce(t, events, "e-offer import", nil, func() {
		csv := "SKU;Prodavnica;Cena\nMP-1;Gigatron;1500\nMP-1;WinWin;1400\n"
		if r := upload(t, a, token, "/api/v1/admin/eponuda", nil, "eponudaCSV", "ponuda.csv", []byte(csv)); r.status != http.StatusAccepted {
			t.Fatalf("e-offer file through A: %d %s", r.status, r.body)
		}
	})
	types := do(t, a, "GET", "/api/v1/admin/discount-types?paginate=50", token, nil)
	if dt, _ := types.json(t)["data"].([]any); len(dt) > 0 {
		ringsOnce(t, events, "mass discount", nil, func() {
			typ := dt[0].(map[string]any)
			r := do(t, a, "POST", "/api/v1/admin/discounts/mass-add", token, map[string]any{"product_ids": ids, "discount_type_id": typ["id"],
				"percentage": 10, "price": 100, "from": "2030-03-01", "to": "2030-03-31"})
			if r.status != http.StatusAccepted {
				t.Fatalf("mass discount through A: %d %s", r.status, r.body)
			}
		})
	} else {
		t.Errorf("no discount type to start a mass discount with: %d %.300s", types.status, types.body)
	}
	stickers := do(t, a, "GET", "/api/v1/admin/catalog-sticker-types?paginate=50", token, nil)
	if st, _ := stickers.json(t)["data"].([]any); len(st) > 0 {
		ringsOnce(t, events, "mass sticker", nil, func() {
			r := do(t, a, "POST", "/api/v1/admin/catalog-stickers/mass-add", token, map[string]any{"catalog_sticker_type_id": st[0].(map[string]any)["id"],
				"from": "2030-06-01", "to": "2030-08-31", "ids": ids})
			if r.status != http.StatusAccepted {
				t.Fatalf("mass sticker through A: %d %s", r.status, r.body)
			}
		})
	} else {
		t.Logf("no sticker type in the demo shop: the mass sticker is not checked (%d)", stickers.status)
	}
}

// upload posts a multipart form with one file.
func upload(t *testing.T, p *proc, token, path string, fields map[string]string, field, name string, content []byte) answer {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile(field, name)
	_, _ = fw.Write(content)
	w.Close()
	req, _ := http.NewRequest("POST", "http://"+p.addr+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return send(t, req, token)
}

// ringsOnce starts a job and reads the stream until it has been quiet for a while after the
// job's first notification: at least one came, each type once, and the wanted ones among them.
func ringsOnce(t *testing.T, events chan string, what string, want []string, start func()) {
	t.Helper()
	for drained := false; !drained; { // what an earlier job rang late is not this one's
		select {
		case <-events:
		case <-time.After(500 * time.Millisecond):
			drained = true
		}
	}
	start()
	seen := map[string]int{}
	waiting := func() bool {
		for _, typ := range want {
			if seen[typ] == 0 {
				return true
			}
		}
		return len(seen) == 0
	}
	timeout := time.After(60 * time.Second)
	for waiting() {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("B's stream ended")
			}
			seen[typeOf(t, ev)]++
		case <-timeout:
			t.Fatalf("%s: B's stream got %v within a minute, want at least one and %v", what, seen, want)
		}
	}
	for quiet := false; !quiet; {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("B's stream ended")
			}
			seen[typeOf(t, ev)]++
		case <-time.After(3 * time.Second): // a second ring would come within this
			quiet = true
		}
	}
	for typ, n := range seen {
		if n != 1 {
			t.Errorf("%s: B's stream got %s %d times, want once (all: %v)", what, typ, n, seen)
		}
	}
	for _, typ := range want {
		if seen[typ] != 1 {
			t.Errorf("%s: no %s on B's stream: %v", what, typ, seen)
		}
	}
	t.Logf("%s rang on B: %v", what, seen)
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

// cronEvery is the schedulers' clock-aligned interval in cronOnce (worker.schedule_every).
const cronEvery = 4 * time.Second

// cronOnce: both schedulers are restarted with every cron entry running every cronEvery; over
// a few such moments each entry's task (feed export, midnight repricing, purges, back-in-stock
// and the sweeps) runs once per moment, as the workers' job lines show: never twice for one
// moment although two schedulers enqueue it.
func cronOnce(t *testing.T, c *cluster) {
	var scheds []*proc
	for _, p := range c.list {
		if p.role == "scheduler" {
			scheds = append(scheds, p)
		}
	}
	for _, p := range scheds {
		c.stop(p)
		p.env = append(p.env, fmt.Sprintf("SHOP_WORKER_SCHEDULE_EVERY=%s", cronEvery))
	}
	start := time.Now()
	for _, p := range scheds {
		c.launch(p)
	}
	time.Sleep(4*cronEvery + cronEvery/2)
	for _, p := range scheds {
		c.stop(p)
	}
	time.Sleep(2 * time.Second) // the last moment's jobs finish

	types := map[string]bool{}
	for _, e := range append(worker.Schedule(), worker.FeedsEntry("0 * * * *")) {
		types[e.Task().Type()] = true
	}
	// Each run of a type, by the moment it started in (its line is written when it ends).
	runs := map[string]map[int64][]string{}
	for _, p := range c.list {
		if p.role != "worker" {
			continue
		}
		for _, l := range jobLines(t, p) {
			if !types[l.Type] || l.Time.Before(start) {
				continue
			}
			slot := l.Time.Add(-time.Duration(l.Duration)).Truncate(cronEvery).Unix()
			if runs[l.Type] == nil {
				runs[l.Type] = map[int64][]string{}
			}
			runs[l.Type][slot] = append(runs[l.Type][slot], p.name+" "+l.TaskID)
		}
	}
	for typ := range types {
		if len(runs[typ]) < 2 {
			t.Errorf("%s ran at %d moments in %v of a schedule every %v, want at least 2", typ, len(runs[typ]), 4*cronEvery, cronEvery)
		}
		for slot, r := range runs[typ] {
			if len(r) != 1 {
				t.Errorf("%s ran %d times for the moment %s: %v", typ, len(r), time.Unix(slot, 0).UTC().Format(time.TimeOnly), r)
			}
		}
	}
}

type jobLine struct {
	Time     time.Time `json:"time"`
	Msg      string    `json:"msg"`
	Type     string    `json:"type"`
	TaskID   string    `json:"task_id"`
	Duration int64     `json:"duration"`
	Error    string    `json:"error"`
}

// jobLines are the "job" lines of p's log (one a run).
func jobLines(t *testing.T, p *proc) []jobLine {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(filepath.Dir(p.log.Name()), p.name+".log"))
	if err != nil {
		t.Fatal(err)
	}
	var out []jobLine
	for _, line := range bytes.Split(b, []byte("\n")) {
		var l jobLine
		if json.Unmarshal(line, &l) == nil && l.Msg == "job" {
			out = append(out, l)
		}
	}
	return out
}
