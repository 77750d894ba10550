package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shop/tools/internal/shopproc"
)

// The request classes whose p95 the soak compares between its first and last window.
const (
	classBrowse   = "browse"
	classSearch   = "search"
	classCart     = "cart"
	classCheckout = "checkout"
	classAdmin    = "admin"
	classBot      = "bot"    // the checkout bot: 429 past its limit is the right answer
	classImport   = "import" // an upload until its import has finished (not a p95 class)
)

var loadClasses = []string{classBrowse, classSearch, classCart, classCheckout, classAdmin}

// balancerConns is the connections the load balancer keeps to each API process.
const balancerConns = 8

// requestTimeout is a time-out: a request that takes longer failed.
const requestTimeout = 10 * time.Second

// Cyrillic and Latin searches a shopper types; the catalogue's names are
// "<category> <brand> model <n>", Latin, and the search folds Cyrillic to them.
var queries = []string{"laptop", "лаптоп", "samsung", "самсунг", "model 4711", "модел 2024", "slusalice", "слушалице", "monitor",
	"монитор", "tv", "televizor", "телевизор", "asus", "асус", "ssd", "miš", "миш", "tastatura", "тастатура", "lg", "sony"}

// workload knows the shop's data the flows use and sends them.
type workload struct {
	shop      *shop
	client    *shopproc.Client
	staff     *session // the demo administrator's
	cats      []string // leaf category slugs
	products  []string // visible benchmark products' slugs
	buyable   []uint64 // products with ample stock for carts and checkouts
	editable  []editable
	customers chan customer // free customers: one checkout at a time each
	supplier  uint64
	seq       atomic.Int64

	botPlaced, botLimited atomic.Int64
}

type editable struct {
	id       uint64
	category uint64
}

type customer struct {
	email, ip string
	session   *session
}

// session is a login that renews itself before its access token's 15 minutes run out, as the
// shop's web apps do with their refresh token.
type session struct {
	email, password, ip string
	mu                  sync.Mutex
	token               string
	at                  time.Time
}

func (w *workload) token(ctx context.Context, s *session) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token == "" || time.Since(s.at) > 10*time.Minute {
		if tok, err := w.login(ctx, w.shop.apis[0], s.email, s.password, s.ip); err == nil {
			s.token, s.at = tok, time.Now()
		}
	}
	return s.token
}

func newWorkload(ctx context.Context, s *shop) (*workload, error) {
	// A load balancer holds a few connections to each API process (its maxconn) and queues the
	// rest in order: the processes then work on as many requests at once as the maximum was
	// measured with (16 over the two), and a burst waits at the balancer instead of crowding
	// the database's pool, where the waiting is in no order and abandoned work piles up.
	tr := &http.Transport{MaxConnsPerHost: balancerConns, MaxIdleConnsPerHost: balancerConns}
	w := &workload{shop: s, client: &shopproc.Client{HTTP: &http.Client{Timeout: requestTimeout, Transport: tr}, Prefix: "soak"}}
	g := s.db.WithContext(ctx)
	if err := g.Raw(`SELECT slug FROM categories c WHERE active AND NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id)
		ORDER BY id`).Scan(&w.cats).Error; err != nil || len(w.cats) == 0 {
		return nil, fmt.Errorf("leaf categories: %v (%d)", err, len(w.cats))
	}
	if err := g.Raw(`SELECT slug FROM products WHERE sku LIKE 'BN%' AND active AND visible ORDER BY id`).Scan(&w.products).Error; err != nil || len(w.products) == 0 {
		return nil, fmt.Errorf("products: %v", err)
	}
	// Carts and checkouts buy from a pool with ample stock (the benchmark's stock is 0-49),
	// purchasable whatever the category's minimum price; admin edits change another pool.
	if err := g.Exec("UPDATE categories SET min_price = 0").Error; err != nil {
		return nil, err
	}
	if err := g.Raw(`UPDATE products SET active = TRUE, visible = TRUE, stock = 10000000
		WHERE id IN (SELECT id FROM products WHERE sku LIKE 'BN%' ORDER BY id LIMIT 2000) RETURNING id`).Scan(&w.buyable).Error; err != nil {
		return nil, err
	}
	var edits []struct{ ID, MainCategoryID uint64 }
	if err := g.Raw(`SELECT id, main_category_id FROM products WHERE sku LIKE 'BN%' ORDER BY id DESC LIMIT 500`).Scan(&edits).Error; err != nil {
		return nil, err
	}
	for _, e := range edits {
		w.editable = append(w.editable, editable{e.ID, e.MainCategoryID})
	}
	api := s.apis[0]
	w.staff = &session{email: "admin@demo.local", password: "demo1234", ip: "127.0.0.1"}
	if w.token(ctx, w.staff) == "" {
		return nil, errors.New("the demo administrator cannot log in")
	}
	var sups []struct {
		ID uint64 `json:"id"`
	}
	if err := w.getData(ctx, api, "/api/v1/admin/suppliers?paginate=1", w.token(ctx, w.staff), &sups); err != nil || len(sups) == 0 {
		return nil, fmt.Errorf("suppliers: %v", err)
	}
	w.supplier = sups[0].ID
	const customers = 40
	w.customers = make(chan customer, customers)
	for i := range customers {
		c := customer{email: fmt.Sprintf("kupac%d@soak.example", i), ip: fmt.Sprintf("10.9.%d.%d", i/200, i%200+1)}
		c.session = &session{email: c.email, password: "soak-lozinka-1", ip: c.ip}
		body := map[string]any{"name": fmt.Sprintf("Kupac Soak %d", i), "email": c.email, "password": "soak-lozinka-1", "password_confirmation": "soak-lozinka-1"}
		if st, b, err := w.send(ctx, api, "POST", "/api/v1/register", "", c.ip, body); err != nil || st/100 != 2 {
			return nil, fmt.Errorf("register %s: %d %s %v", c.email, st, b, err)
		}
		if w.token(ctx, c.session) == "" {
			return nil, fmt.Errorf("customer %s cannot log in", c.email)
		}
		w.customers <- c
	}
	return w, nil
}

func (w *workload) login(ctx context.Context, p *shopproc.Proc, email, password, ip string) (string, error) {
	st, b, err := w.send(ctx, p, "POST", "/api/v1/login", "", ip, map[string]any{"email": email, "password": password})
	if err != nil || st != http.StatusOK {
		return "", fmt.Errorf("login %s: %d %s %v", email, st, b, err)
	}
	var r struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &r); err != nil || r.Data.Token == "" {
		return "", fmt.Errorf("login %s: %s", email, b)
	}
	return r.Data.Token, nil
}

func (w *workload) getData(ctx context.Context, p *shopproc.Proc, path, token string, v any) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+p.Addr+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := w.client.HTTP.Do(req)
	if err != nil {
		return err
	}
	return getJSON(resp, v)
}

// send makes one request to the API p as the client at ip.
func (w *workload) send(ctx context.Context, p *shopproc.Proc, method, path, token, ip string, body any) (int, []byte, error) {
	return w.client.Send(ctx, p.Addr, method, path, token, ip, body)
}

// flow is one shopper's visit: one or two requests, each recorded.
type flow func(ctx context.Context, rec *recorder, p *shopproc.Proc)

// pick chooses a visit by the workload's mix: 70 % browsing and search, 20 % cart, 5 %
// checkout, 5 % admin.
func (w *workload) pick() flow {
	switch n := rand.IntN(100); {
	case n < 50:
		return w.browse
	case n < 70:
		return w.search
	case n < 90:
		return w.cart
	case n < 95:
		return w.checkout
	default:
		return w.admin
	}
}

func (w *workload) api() *shopproc.Proc { return w.shop.apis[rand.IntN(len(w.shop.apis))] }

// do sends one request of class and records it; ok tells which statuses are right.
func (w *workload) do(ctx context.Context, rec *recorder, class string, p *shopproc.Proc, method, path, token, ip string, body any, ok func(int) bool) (int, []byte) {
	start := time.Now()
	st, b, err := w.send(ctx, p, method, path, token, ip, body)
	took := time.Since(start)
	if ctx.Err() != nil && err != nil {
		return 0, nil // the run ended under it: not the shop's failure
	}
	out := outcomeOK
	switch {
	case err != nil && isTimeout(err):
		out = outcomeTimeout
	case err != nil || !ok(st):
		out = outcomeError
	}
	rec.add(class, start, took, out, fmt.Sprintf("%s %s: %d %v %.200s", method, path, st, err, b))
	return st, b
}

func isTimeout(err error) bool {
	var ue *url.Error
	return errors.As(err, &ue) && ue.Timeout()
}

func is2xx(st int) bool { return st/100 == 2 }

func shopperIP() string {
	return fmt.Sprintf("10.%d.%d.%d", 10+rand.IntN(200), rand.IntN(256), 1+rand.IntN(254))
}

func (w *workload) browse(ctx context.Context, rec *recorder, p *shopproc.Proc) {
	cat, prod := w.cats[rand.IntN(len(w.cats))], w.products[rand.IntN(len(w.products))]
	var path string
	switch rand.IntN(5) {
	case 0, 1:
		path = fmt.Sprintf("/api/v1/categories/%s/products?page=%d", cat, 1+rand.IntN(3))
	case 2:
		path = "/api/v1/products/" + prod
	case 3:
		path = "/kategorije/" + cat
	default:
		path = "/"
	}
	w.do(ctx, rec, classBrowse, p, "GET", path, "", shopperIP(), nil, is2xx)
}

func (w *workload) search(ctx context.Context, rec *recorder, p *shopproc.Proc) {
	q := url.QueryEscape(queries[rand.IntN(len(queries))])
	path := "/api/v1/autocomplete?q=" + q
	if rand.IntN(3) == 0 {
		path = "/api/v1/search?q=" + q
	}
	w.do(ctx, rec, classSearch, p, "GET", path, "", shopperIP(), nil, is2xx)
}

// addToCart puts a buyable product in a new guest cart (or the customer's) and answers the
// cart's id.
func (w *workload) addToCart(ctx context.Context, rec *recorder, class string, p *shopproc.Proc, token, ip string) (string, bool) {
	st, b := w.do(ctx, rec, class, p, "POST", "/api/v1/cart/items", token, ip,
		map[string]any{"product_id": w.buyable[rand.IntN(len(w.buyable))], "quantity": 1 + rand.IntN(2)}, is2xx)
	if !is2xx(st) {
		return "", false
	}
	var r struct {
		Cart struct {
			ID string `json:"id"`
		} `json:"cart"`
	}
	_ = json.Unmarshal(b, &r)
	return r.Cart.ID, true
}

func (w *workload) cart(ctx context.Context, rec *recorder, p *shopproc.Proc) {
	ip := shopperIP()
	id, ok := w.addToCart(ctx, rec, classCart, p, "", ip)
	if !ok {
		return
	}
	w.do(ctx, rec, classCart, p, "GET", "/api/v1/cart?cart_id="+url.QueryEscape(id), "", ip, nil, is2xx)
}

func orderForm(cartID, name, email string) map[string]any {
	return map[string]any{"cart_id": cartID, "name": name, "email": email, "phone": "+381 64 123 4567",
		"address": "Bulevar kralja Aleksandra 73", "city": "Beograd", "post_code": "11000", "payment_method": "cash_on_delivery"}
}

// checkout: a customer who is free buys logged in, else a guest.
func (w *workload) checkout(ctx context.Context, rec *recorder, p *shopproc.Proc) {
	select {
	case c := <-w.customers:
		defer func() { w.customers <- c }()
		tok := w.token(ctx, c.session)
		if _, ok := w.addToCart(ctx, rec, classCheckout, p, tok, c.ip); ok {
			w.do(ctx, rec, classCheckout, p, "POST", "/api/v1/orders", tok, c.ip, orderForm("", "Kupac Soak", c.email), is2xx)
		}
	default:
		ip := shopperIP()
		if id, ok := w.addToCart(ctx, rec, classCheckout, p, "", ip); ok {
			email := fmt.Sprintf("gost%d@soak.example", w.seq.Add(1))
			w.do(ctx, rec, classCheckout, p, "POST", "/api/v1/orders", "", ip, orderForm(id, "Gost Soak", email), is2xx)
		}
	}
}

var adminLists = []string{"/api/v1/admin/products", "/api/v1/admin/products?sort=-web_price", "/api/v1/admin/products?search=model+4711",
	"/api/v1/admin/products?active=1&sort=name", "/api/v1/admin/orders"}

func (w *workload) admin(ctx context.Context, rec *recorder, p *shopproc.Proc) {
	if rand.IntN(2) == 0 {
		w.do(ctx, rec, classAdmin, p, "GET", adminLists[rand.IntN(len(adminLists))], w.token(ctx, w.staff), "127.0.0.1", nil, is2xx)
		return
	}
	e := w.editable[rand.IntN(len(w.editable))]
	body := map[string]any{"name": fmt.Sprintf("Soak proizvod %d izmena %d", e.id, w.seq.Add(1)), "entry_price": 1000 + rand.IntN(50000),
		"categories": []uint64{e.category}, "active": true, "description": ""}
	w.do(ctx, rec, classAdmin, p, "PATCH", fmt.Sprintf("/api/v1/admin/products/%d", e.id), w.token(ctx, w.staff), "127.0.0.1", body, is2xx)
}

// maxThroughput runs the mix closed-loop on conns connections (after a 10 s warm-up) while the
// shop does what it does beside its shoppers in the run: the checkout bot posts and a round of
// imports (price list, then e-ponuda file) runs, once with each day's price list. Each round
// counts the visits per second completed from the imports' start to their end (least at the
// shortest), and the lower of the rounds is the answer: the throughput the shop keeps at its
// busiest, which is what the open loop's share is of. Measured at rest instead, 80 % of it is
// more than the shop serves while an import runs, and the run would measure the backlog; one
// round alone varied by a third from run to run with the import's length.
func (w *workload) maxThroughput(ctx context.Context, conns int, least time.Duration) (float64, error) {
	w.closed(ctx, newRecorder(time.Now()), conns, closeAfter(10*time.Second))
	bot := newRecorder(time.Now())
	botCtx, stopBot := context.WithCancel(ctx)
	defer stopBot()
	go w.bot(botCtx, bot)
	most := math.Inf(1)
	for round := range w.shop.files.pricelists {
		rate, err := w.busyThroughput(ctx, conns, least, round)
		if err != nil {
			return 0, err
		}
		most = min(most, rate)
	}
	if bad := bot.failures(); len(bad) > 0 {
		return 0, fmt.Errorf("the checkout bot while measuring: %s", bad[0])
	}
	return most, ctx.Err()
}

// busyThroughput is one round of maxThroughput: the visits per second completed while the
// round's imports ran, least at the shortest.
func (w *workload) busyThroughput(ctx context.Context, conns int, least time.Duration, round int) (float64, error) {
	imports := newRecorder(time.Now())
	imported := make(chan struct{})
	go func() { w.importRound(ctx, imports, round); close(imported) }()
	start := time.Now()
	both := make(chan struct{})
	go func() { <-imported; <-time.After(time.Until(start.Add(least))); close(both) }()
	rec := newRecorder(start)
	visits := w.closed(ctx, rec, conns, both)
	took := time.Since(start)
	if bad := rec.failures(); len(bad) > 0 {
		// At saturation a request may wait past the time-out; the run itself is what must not fail.
		fmt.Printf("  %d requests failed at saturation, first: %s\n", rec.nFailed, bad[0])
	}
	if bad := imports.failures(); len(bad) > 0 {
		return 0, fmt.Errorf("the imports while measuring: %s", bad[0])
	}
	rate := float64(visits) / took.Seconds()
	fmt.Printf("  %.0f visits/s over %v: %s\n", rate, took.Round(time.Second), strings.Join(imports.imports, "; "))
	return rate, ctx.Err()
}

// closeAfter answers a channel closed after d.
func closeAfter(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	time.AfterFunc(d, func() { close(c) })
	return c
}

// closed runs visits on conns connections until stop is closed. The burst ends by starting no
// more visits, not by cancelling those in flight: the phase after it should meet a shop at rest,
// not one cleaning up after abandoned requests.
func (w *workload) closed(ctx context.Context, rec *recorder, conns int, stop <-chan struct{}) int64 {
	var visits atomic.Int64
	var wg sync.WaitGroup
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				select {
				case <-stop:
					return
				default:
				}
				w.pick()(ctx, rec, w.api())
				visits.Add(1)
			}
		}()
	}
	wg.Wait()
	return visits.Load()
}

// open starts visits at rate per second whatever the shop's speed, as shoppers arrive; a
// visit that finds maxInFlight others still running is a time-out (the shop fell behind).
func (w *workload) open(ctx context.Context, rec *recorder, rate float64) {
	const maxInFlight = 512
	var inFlight atomic.Int64
	var wg sync.WaitGroup
	interval := time.Duration(float64(time.Second) / rate)
	next := time.Now()
	for {
		next = next.Add(interval)
		if d := time.Until(next); d > 0 {
			select {
			case <-ctx.Done():
				wg.Wait()
				return
			case <-time.After(d):
			}
		}
		if ctx.Err() != nil {
			wg.Wait()
			return
		}
		if inFlight.Load() >= maxInFlight {
			rec.add(classBrowse, time.Now(), 0, outcomeTimeout, "the shop fell behind: too many visits in flight")
			continue
		}
		inFlight.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer inFlight.Add(-1)
			w.pick()(ctx, rec, w.api())
		}()
	}
}

// bot is one script placing guest cash-on-delivery orders from one address, twice a second,
// each to an address of its choosing: past the guest checkout limit the shop answers 429.
func (w *workload) bot(ctx context.Context, rec *recorder) {
	const ip = "203.0.113.66"
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		p := w.api()
		id, ok := w.addToCart(ctx, rec, classBot, p, "", ip)
		if !ok {
			continue
		}
		st, _ := w.do(ctx, rec, classBot, p, "POST", "/api/v1/orders", "", ip, orderForm(id, "Bot", fmt.Sprintf("zrtva%d@soak.example", n)),
			func(st int) bool { return is2xx(st) || st == http.StatusTooManyRequests })
		switch {
		case is2xx(st):
			w.botPlaced.Add(1)
		case st == http.StatusTooManyRequests:
			w.botLimited.Add(1)
		}
	}
}

// imports uploads the price list (the two days in turn) and the e-ponuda file every period,
// the first at half a period, each recorded from the upload until its import finished.
func (w *workload) imports(ctx context.Context, rec *recorder, every time.Duration) {
	wait := every / 2
	for round := 0; ; round++ {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = every
		// The maximum's measurement ended on the last day's list, so this starts again at the
		// first: every import changes prices.
		w.importRound(ctx, rec, round)
	}
}

// importRound uploads the price list of the round's day, then the e-ponuda file.
func (w *workload) importRound(ctx context.Context, rec *recorder, round int) {
	p := w.api()
	list := w.shop.files.pricelists[round%len(w.shop.files.pricelists)]
	w.importFile(ctx, rec, p, "/api/v1/admin/pricelists", "/api/v1/admin/pricelists/%d", "file", list,
		map[string]string{"supplier_id": fmt.Sprint(w.supplier)})
	w.importFile(ctx, rec, p, "/api/v1/admin/eponuda", "/api/v1/admin/eponuda-imports/%d", "eponudaCSV", w.shop.files.offers, nil)
	if err := w.shop.standInForAutovacuum(ctx); err != nil && ctx.Err() == nil {
		rec.add(classImport, time.Now(), 0, outcomeError, "vacuum after the imports: "+err.Error())
	}
}

func (w *workload) importFile(ctx context.Context, rec *recorder, p *shopproc.Proc, upload, status, field, path string, fields map[string]string) {
	start := time.Now()
	what := filepath.Base(path)
	fail := func(format string, a ...any) {
		if ctx.Err() == nil {
			rec.add(classImport, start, time.Since(start), outcomeError, what+": "+fmt.Sprintf(format, a...))
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fail("%v", err)
		return
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile(field, what)
	_, _ = fw.Write(data)
	mw.Close()
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+p.Addr+upload, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+w.token(ctx, w.staff))
	up := &http.Client{Timeout: 2 * time.Minute}
	resp, err := up.Do(req)
	if err != nil {
		fail("upload: %v", err)
		return
	}
	var imp struct {
		ID     uint64 `json:"id"`
		Status string `json:"status"`
		Error  string `json:"error"`
	}
	if err := getJSON(resp, &imp); err != nil || imp.ID == 0 {
		fail("upload: %v", err)
		return
	}
	// A status poll that fails is asked again, as the admin's progress bar does: the import's
	// outcome is what is recorded, and the shoppers' requests are what the time-outs count.
	for ctx.Err() == nil && imp.Status != "finished" && imp.Status != "failed" {
		time.Sleep(time.Second)
		_ = w.getData(ctx, p, fmt.Sprintf(status, imp.ID), w.token(ctx, w.staff), &imp)
	}
	if ctx.Err() != nil {
		rec.mu.Lock()
		rec.imports = append(rec.imports, fmt.Sprintf("at %v: %s still %s when the run ended", start.Sub(rec.start).Round(time.Second), what, imp.Status))
		rec.mu.Unlock()
		return
	}
	out := outcomeOK
	if imp.Status != "finished" {
		out = outcomeError
	}
	rec.add(classImport, start, time.Since(start), out, fmt.Sprintf("%s: %s %s", what, imp.Status, imp.Error))
}
