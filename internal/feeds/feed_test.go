package feeds_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gorm.io/gorm"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/feeds"
	"shop/internal/identity"
	"shop/internal/platform/blob"
	"shop/internal/platform/config"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// feedAt is the shop's clock in these tests: an action from the 20th to the 30th is valid.
var feedAt = time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)

type fixture struct {
	t       testing.TB
	db      *gorm.DB
	nextSKU int
}

func (f *fixture) create(table string, row map[string]any) uint64 {
	f.t.Helper()
	if err := f.db.Table(table).Create(row).Error; err != nil {
		f.t.Fatalf("insert %s: %v", table, err)
	}
	var id uint64
	if err := f.db.Table(table).Select("MAX(id)").Scan(&id).Error; err != nil {
		f.t.Fatal(err)
	}
	return id
}

func (f *fixture) category(name, slug string, parent *uint64, minPrice int64) uint64 {
	f.t.Helper()
	return f.create("categories", map[string]any{"parent_id": parent, "name": name, "slug": slug, "prefix": "AB",
		"pdv_bps": 2000, "web_margin_bps": 1000, "retail_margin_bps": 1500, "dealer_margin_bps": 500, "min_price": minPrice,
		"created_at": feedAt, "updated_at": feedAt})
}

// product adds a product; set overrides the defaults (active, visible, in the feed, 1000 RSD).
func (f *fixture) product(name string, category uint64, set map[string]any) uint64 {
	f.t.Helper()
	f.nextSKU++
	sku := "SKU" + string(rune('A'+f.nextSKU))
	row := map[string]any{"sku": sku, "name": name, "slug": strings.ToLower(strings.ReplaceAll(name, " ", "-")), "active": true,
		"visible": true, "eponuda": true, "entry_price": int64(75000), "web_price": int64(100000), "stock": 3,
		"main_category_id": category, "created_at": feedAt, "updated_at": feedAt}
	for k, v := range set {
		row[k] = v
	}
	return f.create("products", row)
}

func (f *fixture) image(product uint64, key string, main bool) {
	f.t.Helper()
	f.create("product_images", map[string]any{"product_id": product, "main": main, "small_key": key + ".small", "large_key": key,
		"created_at": feedAt})
}

// catalogue is the feeds' test catalogue: two feed products, and one for each reason to
// leave a product out.
func catalogue(t testing.TB, a *app.App) {
	t.Helper()
	f := &fixture{t: t, db: a.DB}
	root := f.category("Računari", "racunari", nil, 0)
	laptops := f.category("Laptopovi & <Tableti>", "laptopovi", &root, 50000) // min 500 RSD
	brand := f.create("brands", map[string]any{"name": "Lenovo", "created_at": feedAt, "updated_at": feedAt})
	dt := f.create("discount_types", map[string]any{"name": "Black Friday", "created_at": feedAt, "updated_at": feedAt})

	onSale := f.product("ThinkPad X1", laptops, map[string]any{"brand_id": brand, "ean": "5901234123457", "stock": 5,
		"description": `{"root":{"children":[{"type":"paragraph","children":[{"type":"text","text":"Lagan i brz."}]}]}}`})
	disc := f.create("discounts", map[string]any{"product_id": onSale, "discount_type_id": dt, "price": int64(90000),
		"valid_from": time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), "valid_to": time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC),
		"created_at": feedAt, "updated_at": feedAt})
	if err := a.DB.Table("products").Where("id = ?", onSale).Updates(map[string]any{"discount_price": int64(90000), "active_discount_id": disc}).Error; err != nil {
		t.Fatal(err)
	}
	f.image(onSale, "products/x1-second.jpg", false)
	f.image(onSale, "products/x1.jpg", true)

	f.product("Noname tablet", laptops, map[string]any{"ean": "n/a", "stock": 0, "web_price": int64(60000)})
	f.product("Not in feed", laptops, map[string]any{"eponuda": false})
	f.product("Inactive", laptops, map[string]any{"active": false})
	f.product("Hidden", laptops, map[string]any{"visible": false})
	f.product("Too cheap", laptops, map[string]any{"web_price": int64(40000)})
	f.product("No price", laptops, map[string]any{"web_price": int64(0)})
}

func newApp(t *testing.T, fn func(t *testing.T, a *app.App)) {
	apptest.RunAt(t, feedAt, func(t *testing.T, a *app.App) {
		if _, err := demo.Seed(context.Background(), a.Identity); err != nil {
			t.Fatal(err)
		}
		catalogue(t, a)
		fn(t, a)
	})
}

// read answers a feed's current text, unzipped.
func read(t testing.TB, fd *feeds.Feeds, name string) (string, *feeds.FeedInfo) {
	t.Helper()
	rc, info, err := fd.Open(context.Background(), name)
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	defer rc.Close()
	zr, err := gzip.NewReader(rc)
	if err != nil {
		t.Fatalf("%s is not gzip: %v", name, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return string(b), info
}

func TestFeedContents(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		res, err := a.Feeds.Export(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		for _, f := range res.Feeds {
			counts[f.Name] = f.Products
		}
		if d := cmp.Diff(map[string]int{"eponuda.xml": 2, "eponuda.csv": 2, "google.xml": 1}, counts); d != "" {
			t.Errorf("products per feed (-want +got):\n%s", d)
		}

		text, _ := read(t, a.Feeds, feeds.FeedEponudaCSV)
		recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{feeds.EponudaCSVHeader,
			{"SKUB", "ThinkPad X1", "Lenovo", "Računari > Laptopovi & <Tableti>", "900.00",
				"http://localhost:8080/kategorije/laptopovi/proizvodi/thinkpad-x1", "http://localhost:8080/media/products/x1.jpg", "in_stock", "5901234123457"},
			{"SKUC", "Noname tablet", "", "Računari > Laptopovi & <Tableti>", "600.00",
				"http://localhost:8080/kategorije/laptopovi/proizvodi/noname-tablet", "", "out_of_stock", "n/a"},
		}
		if d := cmp.Diff(want, recs); d != "" {
			t.Errorf("e-ponuda CSV (-want +got):\n%s", d)
		}

		text, _ = read(t, a.Feeds, feeds.FeedEponudaXML)
		var ep struct {
			Products []struct {
				SKU      string `xml:"sku"`
				Category string `xml:"category"`
				Price    string `xml:"price"`
				Stock    string `xml:"stock_status"`
			} `xml:"product"`
		}
		if err := xml.Unmarshal([]byte(text), &ep); err != nil {
			t.Fatalf("e-ponuda XML does not parse: %v\n%s", err, text)
		}
		if len(ep.Products) != 2 || ep.Products[0].Price != "900.00" || ep.Products[0].Category != "Računari > Laptopovi & <Tableti>" ||
			ep.Products[1].Stock != "out_of_stock" {
			t.Errorf("e-ponuda XML: %+v", ep.Products)
		}

		text, _ = read(t, a.Feeds, feeds.FeedGoogle)
		items := googleItems(t, text)
		if len(items) != 1 {
			t.Fatalf("google items: %d, want 1 (the product without an image left out)", len(items))
		}
		it := items[0]
		if d := cmp.Diff(map[string]string{
			"id": "SKUB", "title": "ThinkPad X1", "description": "Lagan i brz.",
			"link": "http://localhost:8080/kategorije/laptopovi/proizvodi/thinkpad-x1", "image_link": "http://localhost:8080/media/products/x1.jpg",
			"availability": "in_stock", "price": "1000.00 RSD", "sale_price": "900.00 RSD",
			"sale_price_effective_date": "2026-11-20T00:00+0100/2026-11-30T23:59+0100",
			"brand":                     "Lenovo", "gtin": "5901234123457", "condition": "new", "product_type": "Računari > Laptopovi & <Tableti>",
		}, it); d != "" {
			t.Errorf("google item (-want +got):\n%s", d)
		}
	})
}

// googleItems parses the RSS, checks its frame and every item's required fields (Merchant
// Center: id, title, description, link, image_link, availability, price, condition, and brand,
// gtin or identifier_exists=no), and answers each item's g: fields.
func googleItems(t testing.TB, text string) []map[string]string {
	t.Helper()
	type field struct {
		XMLName xml.Name
		Value   string `xml:",chardata"`
	}
	var rss struct {
		XMLName xml.Name `xml:"rss"`
		Version string   `xml:"version,attr"`
		Channel struct {
			Title string `xml:"title"`
			Link  string `xml:"link"`
			Items []struct {
				Fields []field `xml:",any"`
			} `xml:"item"`
		} `xml:"channel"`
	}
	if err := xml.Unmarshal([]byte(text), &rss); err != nil {
		t.Fatalf("google feed does not parse: %v", err)
	}
	if rss.Version != "2.0" || rss.Channel.Title == "" || rss.Channel.Link == "" {
		t.Errorf("google feed frame: version %q title %q link %q", rss.Version, rss.Channel.Title, rss.Channel.Link)
	}
	var out []map[string]string
	for i, item := range rss.Channel.Items {
		m := map[string]string{}
		for _, f := range item.Fields {
			if f.XMLName.Space != feeds.GoogleNamespace {
				t.Errorf("item %d: %s outside the g: namespace (%q)", i, f.XMLName.Local, f.XMLName.Space)
			}
			m[f.XMLName.Local] = f.Value
		}
		for _, req := range []string{"id", "title", "description", "link", "image_link", "availability", "price", "condition"} {
			if m[req] == "" {
				t.Errorf("item %d: required %s missing", i, req)
			}
		}
		if m["brand"] == "" && m["gtin"] == "" && m["identifier_exists"] != "no" {
			t.Errorf("item %d: neither brand, gtin nor identifier_exists=no", i)
		}
		if !strings.HasSuffix(m["price"], " RSD") {
			t.Errorf("item %d: price %q not in RSD", i, m["price"])
		}
		out = append(out, m)
	}
	return out
}

// hookStore runs a hook before each Put and can refuse them.
type hookStore struct {
	blob.Store
	beforePut func(key string)
	fail      atomic.Bool
}

func (h *hookStore) Put(ctx context.Context, key string, r io.Reader, size int64, ct string) error {
	if h.beforePut != nil {
		h.beforePut(key)
	}
	if h.fail.Load() {
		// Take half the file, then fail: as a connection dropping mid-upload.
		_, _ = io.CopyN(io.Discard, r, size/2)
		return errors.New("object store down")
	}
	return h.Store.Put(ctx, key, r, size, ct)
}

func TestFeedAtomicReplace(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Feeds.Export(ctx); err != nil {
			t.Fatal(err)
		}
		before, oldInfo := read(t, a.Feeds, feeds.FeedEponudaCSV)
		if err := a.DB.Table("products").Where("sku = ?", "SKUB").Update("name", "ThinkPad X1 Carbon").Error; err != nil {
			t.Fatal(err)
		}
		// While the new files are written, a reader still gets the whole previous feed.
		store := &hookStore{Store: a.Blobs}
		fd := a.Feeds.WithBlobs(store)
		readsDuring := 0
		store.beforePut = func(key string) {
			if strings.HasPrefix(key, "feeds/versions/eponuda.csv/") {
				during, _ := read(t, fd, feeds.FeedEponudaCSV)
				if during != before {
					t.Errorf("a reader during the export got:\n%s\nwant the previous feed:\n%s", during, before)
				}
				readsDuring++
			}
		}
		if _, err := fd.Export(ctx); err != nil {
			t.Fatal(err)
		}
		if readsDuring != 1 {
			t.Fatalf("reads during the export: %d", readsDuring)
		}
		after, newInfo := read(t, a.Feeds, feeds.FeedEponudaCSV)
		if !strings.Contains(after, "ThinkPad X1 Carbon") || newInfo.ETag == oldInfo.ETag || newInfo.Key == oldInfo.Key {
			t.Errorf("after the export: etag %s (was %s), key %s (was %s):\n%s", newInfo.ETag, oldInfo.ETag, newInfo.Key, oldInfo.Key, after)
		}
		// The replaced version stays one export longer (a reader may be on its way to it), then goes.
		if rc, _, err := a.Blobs.Open(ctx, oldInfo.Key); err != nil {
			t.Errorf("the replaced version %s is gone at once: %v", oldInfo.Key, err)
		} else {
			rc.Close()
		}
		if newInfo.Previous != oldInfo.Key {
			t.Errorf("previous %q, want %q", newInfo.Previous, oldInfo.Key)
		}
		if _, err := a.Feeds.Export(ctx); err != nil {
			t.Fatal(err)
		}
		if _, _, err := a.Blobs.Open(ctx, oldInfo.Key); !errors.Is(err, blob.ErrNotFound) {
			t.Errorf("the version before the last is still stored (%v)", err)
		}
	})
}

func TestFeedFailureKeepsPrevious(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Feeds.Export(ctx); err != nil {
			t.Fatal(err)
		}
		var before []string
		for _, n := range feeds.FeedNames {
			s, _ := read(t, a.Feeds, n)
			before = append(before, s)
		}
		if err := a.DB.Table("products").Where("sku = ?", "SKUB").Update("name", "Changed").Error; err != nil {
			t.Fatal(err)
		}
		store := &hookStore{Store: a.Blobs}
		store.fail.Store(true)
		// A job attempt that will be retried fails quietly; the last one (or the CLI's run) tells.
		if _, err := a.Feeds.WithBlobs(store).ExportJob(ctx, false); err == nil {
			t.Fatal("export with the object store down: no error")
		}
		if _, err := a.Feeds.WithBlobs(store).Export(ctx); err == nil {
			t.Fatal("export with the object store down: no error")
		}
		for i, n := range feeds.FeedNames {
			if s, _ := read(t, a.Feeds, n); s != before[i] {
				t.Errorf("%s changed after a failed export:\n%s", n, s)
			}
		}
		var admins []identity.User
		if err := a.DB.Where("email = ?", "admin@demo.local").Find(&admins).Error; err != nil || len(admins) != 1 {
			t.Fatalf("admin: %v %d", err, len(admins))
		}
		notes, _, err := a.Notify.List(ctx, admins[0].ID, listing.Page{Number: 1, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(notes) != 1 || notes[0].Type != feeds.NoteFeedExportFailed || !strings.Contains(notes[0].Data, "nije uspeo") {
			t.Errorf("super-admin's notifications: %+v", notes)
		}
		var staff []identity.User
		a.DB.Where("email = ?", "staff@demo.local").Find(&staff)
		if len(staff) == 1 {
			if n, _, _ := a.Notify.List(ctx, staff[0].ID, listing.Page{Number: 1, Size: 10}); len(n) != 0 {
				t.Errorf("staff (not super-admin) was notified: %+v", n)
			}
		}
	})
}

func TestWriteFeedStreams(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		var b bytes.Buffer
		n, err := a.Feeds.WriteFeed(context.Background(), feeds.FeedEponudaXML, &b)
		if err != nil || n != 2 || !strings.HasPrefix(b.String(), "<?xml") || !strings.HasSuffix(b.String(), "</products>\n") {
			t.Errorf("WriteFeed: %d %v\n%s", n, err, b.String())
		}
	})
}

// TestFeedOverS3: the export stores and serves through the S3 code (an in-process
// S3-compatible server), which uploads the spooled file without buffering it.
func TestFeedOverS3(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		fake := gofakes3.New(s3mem.New(), gofakes3.WithLogger(gofakes3.DiscardLog()))
		srv := httptest.NewServer(fake.Server())
		t.Cleanup(srv.Close)
		s3 := blob.NewS3(config.S3Config{Endpoint: srv.URL, Region: "us-east-1", Bucket: "feeds-test", AccessKey: "test", SecretKey: "test-secret", PathStyle: true})
		if err := s3.EnsureBucket(ctx); err != nil {
			t.Fatal(err)
		}
		fd := a.Feeds.WithBlobs(s3)
		for i := 0; i < 2; i++ {
			if _, err := fd.Export(ctx); err != nil {
				t.Fatalf("export %d: %v", i, err)
			}
		}
		text, info := read(t, fd, feeds.FeedGoogle)
		if len(googleItems(t, text)) != 1 || info.Previous == "" {
			t.Errorf("google over S3: %+v\n%s", info, text)
		}
	})
}

// TestFeedPricesFromPricing: after pricing's recompute (the shop's clock inside the action's
// dates), the e-ponuda price is the recomputed action price and Google's price the web price
// with the action as sale_price.
func TestFeedPricesFromPricing(t *testing.T) {
	t.Parallel()
	newApp(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
			t.Fatal(err)
		}
		var p struct {
			WebPrice      int64
			DiscountPrice *int64
		}
		if err := a.DB.Table("products").Select("web_price", "discount_price").Where("sku = ?", "SKUB").Scan(&p).Error; err != nil {
			t.Fatal(err)
		}
		if p.DiscountPrice == nil || *p.DiscountPrice >= p.WebPrice {
			t.Fatalf("pricing's prices: web %d, action %v", p.WebPrice, p.DiscountPrice)
		}
		if _, err := a.Feeds.Export(ctx); err != nil {
			t.Fatal(err)
		}
		text, _ := read(t, a.Feeds, feeds.FeedEponudaCSV)
		recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil || len(recs) < 2 || recs[1][0] != "SKUB" {
			t.Fatalf("csv: %v %q", err, recs)
		}
		if recs[1][4] != money.Format(*p.DiscountPrice) {
			t.Errorf("e-ponuda price %s, want the action price %s", recs[1][4], money.Format(*p.DiscountPrice))
		}
		text, _ = read(t, a.Feeds, feeds.FeedGoogle)
		items := googleItems(t, text)
		if len(items) != 1 || items[0]["price"] != money.Format(p.WebPrice)+" RSD" || items[0]["sale_price"] != money.Format(*p.DiscountPrice)+" RSD" {
			t.Errorf("google prices: %v (web %d, action %d)", items, p.WebPrice, *p.DiscountPrice)
		}
	})
}
