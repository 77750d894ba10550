package multiproc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/db"
	"shop/internal/platform/queue"
	"shop/internal/pricelist"
)

// recoveryBound is how long a killed worker's tasks may take to run again on the other:
// asynq hands a task out once its lease (30 s, renewed every 5 s) has been expired for 30 s,
// which a worker checks every minute from its start (worker-2 starts right after the kill, so
// about a minute).
const recoveryBound = 2 * time.Minute

// workerKilled: worker-1 alone (worker-2 stopped) takes a price-list import and a guest
// order's job, and is killed with SIGKILL while both are mid-run. The test holds the
// notifications table, so each job has done its work in its open transaction (the import
// merged every row; the order job queued the order's mails, which were sent, and marked the
// order) and waits to store its notifications there. worker-2 is started and finishes both
// once asynq hands them out again; nothing is done twice: the import ends as a clean import
// of the same file for another supplier, each notification, mail and activity entry exists
// once, and one order took its stock once.
func workerKilled(t *testing.T, c *cluster, a *proc, token string) {
	ctx := context.Background()
	g, err := db.OpenURL(ctx, c.dbURL, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(g)
	opt, err := asynq.ParseRedisURI(c.redis)
	if err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(opt)
	defer insp.Close()
	w1, w2 := c.proc("worker-1"), c.proc("worker-2")
	defer func() { // both workers run again for the steps after, however this one ends
		for _, p := range []*proc{w1, w2} {
			select {
			case <-p.exited:
				c.launch(p)
			default:
			}
		}
	}()

	killedSup, cleanSup := newSupplier(t, g, "Dobavljač prekinutog uvoza"), newSupplier(t, g, "Dobavljač čistog uvoza")
	var file bytes.Buffer
	if err := pricelist.WriteSample(&file, 2000, pricelist.SampleOptions{Seed: 28, FirstSKU: 7_000_000, Serbian: true}); err != nil {
		t.Fatal(err)
	}
	var product struct {
		ID    uint64
		Stock int
	}
	mustScan(t, g.Raw(`SELECT p.id, p.stock FROM products p LEFT JOIN categories c ON c.id = p.main_category_id
		WHERE p.active AND p.visible AND p.stock > 1 AND p.web_price >= COALESCE(c.min_price, 0) ORDER BY p.id LIMIT 1`), &product)
	if product.ID == 0 {
		t.Fatal("no purchasable product in stock in the demo shop")
	}
	var lastNote uint64
	mustScan(t, g.Raw("SELECT COALESCE(MAX(id), 0) FROM notifications"), &lastNote)
	outbox := filepath.Join(c.dir, "var", "outbox")
	mailedBefore := outboxFiles(t, outbox)

	c.stop(w2) // worker-1 alone takes both jobs
	signal(t, w1, syscall.SIGSTOP)
	stopped := true // until the notifications table is held, worker-1 takes nothing
	defer func() {
		if stopped {
			signal(t, w1, syscall.SIGCONT)
		}
	}()
	uploadList(t, a, token, killedSup, file.Bytes())
	importID := importOf(t, g, killedSup)
	email := fmt.Sprintf("gost-%d@multiproc.example", time.Now().UnixNano())
	order := guestOrder(t, g, a, product.ID, email)

	lock := g.Begin()
	defer lock.Rollback()
	if err := lock.Exec("LOCK TABLE notifications IN SHARE MODE").Error; err != nil {
		t.Fatal(err)
	}
	var holder int
	mustScan(t, lock.Raw("SELECT pg_backend_pid()"), &holder)
	signal(t, w1, syscall.SIGCONT)
	stopped = false
	// Both jobs wait for the table, and the order's mails (queued before) have been sent:
	// the critical queue holds nothing but the order's job.
	within(t, 30*time.Second, "both jobs waiting to store their notifications, the order's mails sent", func() bool {
		var waiting int
		mustScan(t, g.Raw(`SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid)) AND query LIKE 'INSERT INTO "notifications"%'`, holder), &waiting)
		q, err := insp.GetQueueInfo(queue.QueueCritical)
		return waiting == 2 && err == nil && q.Pending == 0 && q.Active == 1
	})
	signal(t, w1, syscall.SIGKILL)
	select {
	case <-w1.exited:
	case <-time.After(10 * time.Second):
		t.Fatal("worker-1 still runs after SIGKILL")
	}
	w1.log.Close()
	killed := time.Now()
	if err := lock.Rollback().Error; err != nil {
		t.Fatal(err)
	}
	var status string
	var notified bool
	mustScan(t, g.Raw("SELECT status FROM pricelist_imports WHERE id = ?", importID), &status)
	mustScan(t, g.Raw("SELECT notified_at IS NOT NULL FROM orders WHERE id = ?", order.ID), &notified)
	if status != pricelist.StatusRunning || notified {
		t.Fatalf("the kill did not land mid-run: import %s, order notified %v", status, notified)
	}

	c.launch(w2)
	uploadList(t, a, token, cleanSup, file.Bytes())
	cleanID := importOf(t, g, cleanSup)
	within(t, recoveryBound, "worker-2 finishing the killed worker's jobs", func() bool {
		var done int
		mustScan(t, g.Raw(`SELECT (SELECT count(*) FROM pricelist_imports WHERE id IN (?, ?) AND status IN ?) +
			(SELECT count(*) FROM orders WHERE id = ? AND notified_at IS NOT NULL)`,
			importID, cleanID, []string{pricelist.StatusFinished, pricelist.StatusFailed}, order.ID), &done)
		return done == 3
	})
	t.Logf("worker-2 finished worker-1's jobs %v after the kill", time.Since(killed).Round(time.Second))

	ranOnce(t, w1, w2, queue.PricelistImportTaskID(importID), queue.OrderPlacedTaskID(order.ID))
	importsEqual(t, g, importID, cleanID, killedSup, cleanSup)
	staff := notifiedOnce(t, g, lastNote, importID, order.ID)
	mailedOnce(t, outbox, mailedBefore, order.Number, email, staff)

	var orders, stock, activities int
	mustScan(t, g.Raw("SELECT count(*) FROM orders WHERE email = ?", email), &orders)
	mustScan(t, g.Raw("SELECT stock FROM products WHERE id = ?", product.ID), &stock)
	mustScan(t, g.Raw(`SELECT count(*) FROM activity_log WHERE (type = ? AND subject_type = ? AND subject_id = ?) OR (type = ? AND subject_type = ? AND subject_id = ?)`,
		activity.PricelistUploaded, activity.SubjectSupplier, killedSup, activity.OrderPlaced, activity.SubjectOrder, order.ID), &activities)
	if orders != 1 || stock != product.Stock-1 || activities != 2 {
		t.Errorf("%d orders (want 1), stock %d after %d (want one taken), %d activity entries of the upload and the order (want 2)",
			orders, stock, product.Stock, activities)
	}
}

func signal(t *testing.T, p *proc, sig syscall.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("%s %v: %v", p.name, sig, err)
	}
}

func mustScan(t *testing.T, q *gorm.DB, dest any) {
	t.Helper()
	if err := q.Scan(dest).Error; err != nil {
		t.Fatal(err)
	}
}

// newSupplier adds a supplier without products (suppliers have no API of their own).
func newSupplier(t *testing.T, g *gorm.DB, name string) uint64 {
	t.Helper()
	var id uint64
	mustScan(t, g.Raw("INSERT INTO suppliers (name, created_at, updated_at) VALUES (?, now(), now()) RETURNING id", name), &id)
	return id
}

func uploadList(t *testing.T, a *proc, token string, supplier uint64, file []byte) {
	t.Helper()
	r := upload(t, a, token, "/api/v1/admin/pricelists", map[string]string{"supplier_id": fmt.Sprint(supplier)}, "file", "cenovnik.xlsx", file)
	if r.status != http.StatusAccepted {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
}

func importOf(t *testing.T, g *gorm.DB, supplier uint64) uint64 {
	t.Helper()
	var id uint64
	mustScan(t, g.Raw("SELECT id FROM pricelist_imports WHERE supplier_id = ?", supplier), &id)
	return id
}

type placedOrder struct {
	ID     uint64
	Number string
}

// guestOrder puts one unit of the product in a guest's cart and orders it, cash on delivery.
func guestOrder(t *testing.T, g *gorm.DB, a *proc, productID uint64, email string) placedOrder {
	t.Helper()
	cart := do(t, a, "POST", "/api/v1/cart/items", "", map[string]any{"product_id": productID, "quantity": 1})
	if cart.status != http.StatusOK {
		t.Fatalf("cart: %d %s", cart.status, cart.body)
	}
	cartID := cart.json(t)["cart"].(map[string]any)["id"]
	r := do(t, a, "POST", "/api/v1/orders", "", map[string]any{"cart_id": cartID, "name": "Gost Multiproc", "email": email,
		"phone": "+381 64 123 4567", "address": "Bulevar kralja Aleksandra 73", "city": "Beograd", "post_code": "11000",
		"payment_method": "cash_on_delivery"})
	if r.status != http.StatusCreated {
		t.Fatalf("order: %d %s", r.status, r.body)
	}
	var o placedOrder
	mustScan(t, g.Raw("SELECT id, number FROM orders WHERE email = ?", email), &o)
	return o
}

// ranOnce: each task ran once, on worker-2, without an error; worker-1 never ended one.
func ranOnce(t *testing.T, w1, w2 *proc, ids ...string) {
	t.Helper()
	runs := map[string][]string{}
	read := func() bool { // a run's line is written after its commit
		clear(runs)
		for _, p := range []*proc{w1, w2} {
			for _, l := range jobLines(t, p) {
				runs[l.TaskID] = append(runs[l.TaskID], fmt.Sprintf("%s (error %q)", p.name, l.Error))
			}
		}
		for _, id := range ids {
			if len(runs[id]) == 0 {
				return false
			}
		}
		return true
	}
	eventually(t, "the job lines of the finished tasks", read)
	for _, id := range ids {
		if r := runs[id]; len(r) != 1 || r[0] != `worker-2 (error "")` {
			t.Errorf("task %s ran %v, want once on worker-2 without an error", id, r)
		}
	}
}

// importsEqual: the killed import ended as the clean one of the same file: the same counts
// and the same supplier products.
func importsEqual(t *testing.T, g *gorm.DB, killedID, cleanID, killedSup, cleanSup uint64) {
	t.Helper()
	type counts struct {
		Status                                      string
		Rows, Created, Updated, Unchanged, Rejected int
	}
	var killed, clean counts
	mustScan(t, g.Raw("SELECT status, rows, created, updated, unchanged, rejected FROM pricelist_imports WHERE id = ?", killedID), &killed)
	mustScan(t, g.Raw("SELECT status, rows, created, updated, unchanged, rejected FROM pricelist_imports WHERE id = ?", cleanID), &clean)
	if killed.Status != pricelist.StatusFinished || killed.Rows == 0 {
		t.Errorf("killed import: %+v, want finished with rows", killed)
	}
	if d := cmp.Diff(clean, killed); d != "" {
		t.Errorf("killed import's counts differ from a clean import's (-clean +killed):\n%s", d)
	}
	type row struct {
		SKU, Name, Category, Brand, EAN string
		Price, RecommendedPrice         int64
		Stock                           int
	}
	products := func(sup uint64) []row {
		var rows []row
		mustScan(t, g.Raw(`SELECT sku, name, category, brand, ean, price, recommended_price, stock FROM supplier_products
			WHERE supplier_id = ? ORDER BY sku`, sup), &rows)
		return rows
	}
	want, got := products(cleanSup), products(killedSup)
	if len(want) == 0 {
		t.Error("the clean import left no supplier products")
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("killed import's supplier products differ from a clean import's (-clean +killed):\n%s", d)
	}
}

// notifiedOnce: since lastNote, no user got a notification of one kind about one thing
// twice; the uploader heard the killed import end, and staff the order. It answers how many
// staff members were told of the order.
func notifiedOnce(t *testing.T, g *gorm.DB, lastNote, importID, orderID uint64) int {
	t.Helper()
	var notes []struct {
		UserID uint64
		Type   string
		Data   string
	}
	mustScan(t, g.Raw("SELECT user_id, type, data FROM notifications WHERE id > ? ORDER BY id", lastNote), &notes)
	seen := map[string]int{}
	finished, staff := 0, 0
	for _, n := range notes {
		var d struct {
			Pricelist struct {
				ID uint64 `json:"id"`
			} `json:"pricelist"`
			OrderID uint64 `json:"order_id"`
		}
		_ = json.Unmarshal([]byte(n.Data), &d)
		key := fmt.Sprintf("user %d: %s of price list %d, order %d", n.UserID, n.Type, d.Pricelist.ID, d.OrderID)
		if seen[key]++; seen[key] == 2 {
			t.Errorf("twice: %s", key)
		}
		switch {
		case n.Type == pricelist.NoteImportFinished && d.Pricelist.ID == importID:
			finished++
		case d.OrderID == orderID:
			staff++
		}
	}
	if finished != 1 || staff == 0 {
		t.Errorf("%d ImportFinished of the killed import (want 1), %d staff notifications of the order (want some): %v", finished, staff, seen)
	}
	return staff
}

// mailedOnce: the outbox got the order's confirmation once and a notice to each of the staff
// members told in the bell, once. The mails are tasks of their own, run after the order's job
// (or retried later), so they are awaited first; a second copy of any of them fails the test.
func mailedOnce(t *testing.T, outbox string, before map[string]bool, number, guest string, staff int) {
	t.Helper()
	var confirmations, notices int
	var seen map[string]int
	count := func() bool {
		confirmations, notices, seen = orderMails(t, outbox, before, number, guest)
		return confirmations >= 1 && notices >= staff
	}
	if !waitUntil(recoveryBound, count) {
		t.Errorf("not within %v: %d confirmations to the guest (want 1), %d notices to staff (want %d): %v",
			recoveryBound, confirmations, notices, staff, seen)
		return
	}
	for key, n := range seen {
		if n > 1 {
			t.Errorf("mailed %d times: %s", n, key)
		}
	}
	if confirmations != 1 || notices != staff {
		t.Errorf("%d confirmations to the guest (want 1), %d notices to staff (want %d, one per staff notification): %v", confirmations, notices, staff, seen)
	}
}

// orderMails counts the outbox's new mails about the order: those to the guest and the others,
// and how often each recipient got each subject.
func orderMails(t *testing.T, outbox string, before map[string]bool, number, guest string) (confirmations, notices int, seen map[string]int) {
	t.Helper()
	seen = map[string]int{}
	for name := range outboxFiles(t, outbox) {
		if before[name] {
			continue
		}
		b, err := os.ReadFile(filepath.Join(outbox, name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := mail.ReadMessage(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
		if !strings.HasSuffix(subject, " "+number) {
			continue
		}
		seen[m.Header.Get("To")+": "+subject]++
		if strings.Contains(m.Header.Get("To"), guest) {
			confirmations++
		} else {
			notices++
		}
	}
	return confirmations, notices, seen
}

// outboxFiles are the names of the mails in the outbox.
func outboxFiles(t *testing.T, dir string) map[string]bool {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, n := range names {
		out[filepath.Base(n)] = true
	}
	return out
}
