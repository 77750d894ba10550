package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shop/tools/internal/shopproc"
)

// clientTimeout is far past every time-out the shop configures: a request still waiting
// then is a hang.
const clientTimeout = 30 * time.Second

const (
	kindGet      = "GET"
	kindCheckout = "checkout"
	kindUpload   = "upload"
)

// result is one request of the load.
type result struct {
	kind   string
	start  time.Time
	took   time.Duration
	status int // 0: no answer (a transport error or the client's time-out)
	err    string
	msg    string // the answer's message, for the outage's errors
	email  string // a checkout's guest
}

type recorder struct {
	mu  sync.Mutex
	all []result
}

func (r *recorder) add(x result) { r.mu.Lock(); r.all = append(r.all, x); r.mu.Unlock() }

func (r *recorder) results() []result {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]result(nil), r.all...)
	sort.Slice(out, func(i, j int) bool { return out[i].start.Before(out[j].start) })
	return out
}

// workload is the steady light load: storefront GETs and guest checkouts (and, in the
// object store's drill, product image uploads) through the API.
type workload struct {
	shop     *shop
	client   *shopproc.Client
	token    string
	cats     []string
	products []string
	buyable  []uint64
	images   []uint64 // products the uploads go to, one upload each (a product holds at most 3 extra images)
	seq      atomic.Int64
	upload   atomic.Int64
	png      []byte
}

func newWorkload(ctx context.Context, s *shop) (*workload, error) {
	w := &workload{shop: s, client: &shopproc.Client{HTTP: &http.Client{Timeout: clientTimeout}, Prefix: "drill"}}
	g := s.db.WithContext(ctx)
	if err := g.Raw(`SELECT slug FROM categories c WHERE active AND NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id)
		ORDER BY id`).Scan(&w.cats).Error; err != nil || len(w.cats) == 0 {
		return nil, fmt.Errorf("leaf categories: %v (%d)", err, len(w.cats))
	}
	if err := g.Raw(`SELECT slug FROM products WHERE sku LIKE 'BN%' AND active AND visible ORDER BY id LIMIT 500`).Scan(&w.products).Error; err != nil || len(w.products) == 0 {
		return nil, fmt.Errorf("products: %v", err)
	}
	if err := g.Exec("UPDATE categories SET min_price = 0").Error; err != nil {
		return nil, err
	}
	if err := g.Raw(`UPDATE products SET active = TRUE, visible = TRUE, stock = 1000000
		WHERE id IN (SELECT id FROM products WHERE sku LIKE 'BN%' ORDER BY id LIMIT 200) RETURNING id`).Scan(&w.buyable).Error; err != nil {
		return nil, err
	}
	if err := g.Raw(`SELECT id FROM products WHERE sku LIKE 'BN%' ORDER BY id DESC LIMIT 1000`).Scan(&w.images).Error; err != nil {
		return nil, err
	}
	st, b, err := w.send(ctx, "POST", "/api/v1/login", "", "127.0.0.1", map[string]any{"email": "admin@demo.local", "password": "demo1234"})
	if err != nil || st != http.StatusOK {
		return nil, fmt.Errorf("login: %d %s %v", st, b, err)
	}
	var r struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &r); err != nil || r.Data.Token == "" {
		return nil, fmt.Errorf("login: %s", b)
	}
	w.token = r.Data.Token
	img := image.NewRGBA(image.Rect(0, 0, 600, 600))
	for y := range 600 {
		for x := range 600 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	w.png = buf.Bytes()
	return w, nil
}

func (w *workload) send(ctx context.Context, method, path, token, ip string, body any) (int, []byte, error) {
	return w.client.Send(ctx, w.shop.api.Addr, method, path, token, ip, body)
}

// do sends one request and records it.
func (w *workload) do(ctx context.Context, rec *recorder, kind, method, path, token, ip string, body any, email string) (int, []byte) {
	start := time.Now()
	st, b, err := w.send(ctx, method, path, token, ip, body)
	x := result{kind: kind, start: start, took: time.Since(start), status: st, email: email}
	if err != nil {
		x.err = err.Error()
	}
	if st/100 != 2 {
		var m struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(b, &m)
		x.msg = m.Message
	}
	rec.add(x)
	return st, b
}

func shopperIP() string {
	return fmt.Sprintf("10.%d.%d.%d", 10+rand.IntN(200), rand.IntN(256), 1+rand.IntN(254))
}

func (w *workload) get(ctx context.Context, rec *recorder) {
	var path string
	switch rand.IntN(3) {
	case 0:
		path = fmt.Sprintf("/api/v1/categories/%s/products?page=%d", w.cats[rand.IntN(len(w.cats))], 1+rand.IntN(3))
	case 1:
		path = "/api/v1/products/" + w.products[rand.IntN(len(w.products))]
	default:
		path = "/api/v1/search?q=" + []string{"laptop", "samsung", "monitor", "лаптоп"}[rand.IntN(4)]
	}
	w.do(ctx, rec, kindGet, "GET", path, "", shopperIP(), nil, "")
}

// checkout is a guest's visit: one item into a new cart, then the order. Each guest's address
// is new, so the order (or its absence) is found by it afterwards.
func (w *workload) checkout(ctx context.Context, rec *recorder) {
	ip := shopperIP()
	email := fmt.Sprintf("gost%d@drill.example", w.seq.Add(1))
	start := time.Now()
	st, b, err := w.send(ctx, "POST", "/api/v1/cart/items", "", ip, map[string]any{"product_id": w.buyable[rand.IntN(len(w.buyable))], "quantity": 1})
	if err != nil || st/100 != 2 {
		x := result{kind: kindCheckout, start: start, took: time.Since(start), status: st}
		if err != nil {
			x.err = err.Error()
		}
		var m struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(b, &m)
		x.msg = "cart: " + m.Message
		rec.add(x)
		return
	}
	var r struct {
		Cart struct {
			ID string `json:"id"`
		} `json:"cart"`
	}
	_ = json.Unmarshal(b, &r)
	form := map[string]any{"cart_id": r.Cart.ID, "name": "Gost Drill", "email": email, "phone": "+381 64 123 4567",
		"address": "Bulevar kralja Aleksandra 73", "city": "Beograd", "post_code": "11000", "payment_method": "cash_on_delivery"}
	w.do(ctx, rec, kindCheckout, "POST", "/api/v1/orders", "", ip, form, email)
}

// uploadImage adds one extra image to the next product.
func (w *workload) uploadImage(ctx context.Context, rec *recorder) {
	id := w.images[int(w.upload.Add(1))%len(w.images)]
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("images[]", "slika.png")
	_, _ = fw.Write(w.png)
	_ = mw.Close()
	w.do(ctx, rec, kindUpload, "POST", fmt.Sprintf("/api/v1/admin/products/%d/images", id), w.token, "127.0.0.1",
		shopproc.Form{Data: buf.Bytes(), ContentType: mw.FormDataContentType()}, "")
}

// run sends the load until ctx ends: rate visits a second, one in four a checkout, and with
// uploads an image every two seconds. It returns when every request has been answered.
func (w *workload) run(ctx context.Context, rec *recorder, rate float64, uploads bool) {
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	// The requests are not cancelled with the load: each gets its answer or the client's time-out.
	reqCtx := context.WithoutCancel(ctx)
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-tick.C:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch {
			case uploads && n%int(2*rate) == 0:
				w.uploadImage(reqCtx, rec)
			case n%4 == 3:
				w.checkout(reqCtx, rec)
			default:
				w.get(reqCtx, rec)
			}
		}()
	}
}

func readyz(p *shopproc.Proc) (int, string) {
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get("http://" + p.Addr + "/readyz")
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}
