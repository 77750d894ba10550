package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	vegeta "github.com/tsenart/vegeta/v12/lib"
	"gorm.io/gorm"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
)

// The sales figure's dataset. Every statement of a checkout or a cart read finds its rows by
// key (cart_items' primary key, products' id), so the catalogue's size changes none of the
// plans: 20,000 bench products seed in a few seconds where 100,000 take a minute on a loaded
// machine. The orders take their lines from a pool of salesPool consecutive bench products made
// purchasable with ample stock; order i takes the 5 products of window i % (salesPool/5), so
// two concurrent orders share no product row (as two shoppers rarely do) and each takes its
// rows in id order (the order the checkout locks them in).
const (
	salesPool      = 1000
	salesLines     = 5
	salesCarts     = 20_000 // prepared guest carts per side (the API's and pgbench's)
	salesRoundSecs = 5
)

// salesBench: the checkout and the cart read on PostgreSQL through the whole HTTP stack.
// POST orders with 5 lines, each request its own guest cart and Idempotency-Key,
// beside pgbench running one order's hand-written SQL in one transaction (goal: throughput
// ratio >= 0.5; both p95s printed); GET cart with 5 lines as a guest (goal: p95 <= 10 ms)
// beside pgbench of the SQL the call runs. The baselines' statements are EXPLAIN ANALYZEd
// and the slowest one's plan printed.
func salesBench(n int64, workers uint64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Sales", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nSales: POST orders and GET cart on PostgreSQL, %d bench products\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	pbase, err := salesPrepare(a.DB)
	if err != nil {
		return err
	}
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return err
	}
	fmt.Printf("  seed, %d guest carts of %d lines per side, vacuum: %s\n", salesCarts, salesLines, time.Since(start).Round(time.Millisecond))
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Blobs: a.Blobs, Storefront: a.Storefront,
		Sales: a.Sales, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return err
	}
	defer stop()
	if _, err := cartFigure(ctx, a, srv, dbURL, workers); err != nil {
		return err
	}
	return ordersFigure(ctx, a, srv, dbURL, workers, pbase)
}

// Guest cart ids: a prefix and the cart's number, 32 characters (the shape a guest id needs).
const (
	apiCartPrefix  = "benchcart"
	baseCartPrefix = "benchbase"
	readCartID     = "benchread00000000000000000000000"
)

func cartID(prefix string, i int) string { return fmt.Sprintf("%s%023d", prefix, i) }

// salesPrepare makes the pool purchasable with ample stock (every category's minimum price
// lifted, the products active and visible) and writes the guest carts in set-based INSERTs:
// salesCarts for the API's orders, salesCarts+1 for pgbench's (the last one for EXPLAIN) and
// the one the cart read reads. It answers the pool's first product id.
func salesPrepare(db *gorm.DB) (int64, error) {
	var pbase int64
	if err := db.Raw("SELECT MIN(id) FROM products WHERE sku LIKE ?", demo.BenchSKUPrefix+"%").Scan(&pbase).Error; err != nil || pbase == 0 {
		return 0, fmt.Errorf("sales bench: no bench products (%v)", err)
	}
	var n int64
	if err := db.Raw("SELECT COUNT(*) FROM products WHERE id BETWEEN ? AND ?", pbase, pbase+salesPool-1).Scan(&n).Error; err != nil || n != salesPool {
		return 0, fmt.Errorf("sales bench: the pool's %d ids are not consecutive (%d found, %v)", salesPool, n, err)
	}
	if err := db.Exec("UPDATE categories SET min_price = 0").Error; err != nil {
		return 0, err
	}
	if err := db.Exec("UPDATE products SET active = TRUE, visible = TRUE, stock = 10000000 WHERE id BETWEEN ? AND ?", pbase, pbase+salesPool-1).Error; err != nil {
		return 0, err
	}
	windows := salesPool / salesLines
	ins := `INSERT INTO cart_items (owner, instance, product_id, quantity, price_at_add, created_at, updated_at)
		SELECT 'g:' || ? || LPAD(CAST(g.i AS TEXT), 23, '0'), 'cart', p.id, 1, p.web_price, NOW(), NOW()
		FROM generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT)) g(i) CROSS JOIN generate_series(0, ?) k(k)
		JOIN products p ON p.id = ? + (g.i % ?) * ? + k.k`
	for _, c := range []struct {
		prefix   string
		from, to int
	}{{apiCartPrefix, 0, salesCarts - 1}, {baseCartPrefix, 0, salesCarts}, {"benchread", 0, 0}} {
		if err := db.Exec(ins, c.prefix, c.from, c.to, salesLines-1, pbase, windows, salesLines).Error; err != nil {
			return 0, fmt.Errorf("sales bench carts: %w", err)
		}
	}
	return pbase, nil
}

// cartFigure: GET cart of a guest's 5-line cart against pgbench of the SQL it runs; it answers
// the call's p95.
func cartFigure(ctx context.Context, a *app.App, srv, dbURL string, workers uint64) (figure, error) {
	target := srv + "/api/v1/cart?cart_id=" + readCartID
	header := http.Header{}
	if _, _, err := fetch(target, header); err != nil {
		return figure{}, err
	}
	sqlCap := &captureLogger{}
	prev := a.DB.Config.Logger
	a.DB.Config.Logger = sqlCap
	body, _, err := fetch(target, header)
	a.DB.Config.Logger = prev
	if err != nil {
		return figure{}, err
	}
	if !strings.Contains(string(body), `"quantity"`) {
		return figure{}, fmt.Errorf("GET cart: no lines in %s", truncate(string(body), 300))
	}
	stmts := sqlCap.statements()
	fmt.Printf("\n  GET cart (guest, %d lines): answer %d bytes; its SQL: %d statements\n", salesLines, len(body), len(stmts))
	attack(target, header, workers, time.Second) // warm-up
	res := attack(target, header, workers, salesRoundSecs*time.Second)
	if res.errors > 0 {
		return figure{}, fmt.Errorf("GET cart: %d failed requests (%s)", res.errors, res.firstError)
	}
	script := "BEGIN;\n"
	for _, s := range stmts {
		script += oneLine(s) + ";\n"
	}
	script += "COMMIT;\n"
	base, err := pgbenchRun(dbURL, script, int(workers), salesRoundSecs)
	if err != nil {
		return figure{}, err
	}
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", fmt.Sprintf("API, %d connections", workers), res.rps, res.p50, res.p95, res.p99)
	fmt.Printf("  %-34s %10.0f tx/s    p95 %s (the same statements per transaction)\n", fmt.Sprintf("pgbench, %d clients (baseline)", workers), base.tps, base.p95)
	fmt.Printf("  ratio %.2f (no goal); p95 %s (goal <= 10ms: %s)\n", res.rps/base.tps, res.p95, verdict(res.p95 <= 10*time.Millisecond))
	return pageP95(fmt.Sprintf("GET cart, p95 (%d conn)", workers), res.p95), explainStatements(ctx, a, stmts)
}

// orderStatements is one order's hand-written SQL, as pgbench runs it: the order row (its id
// into :id), its number, the 5 conditional stock updates in id order, the 5 items in one
// INSERT (as the checkout writes them) and the cart's lines deleted. :i is the order's number
// in the run, :p1..:p5 its products.
var orderStatements = []string{
	`INSERT INTO orders (user_id, status, cancel_reason, lang, email, name, phone, address, city, post_code, shipping_name,
		shipping_address, shipping_city, shipping_post_code, shipping_phone, note, company_name, company_number, company_pib,
		payment_method, total, delivery_status, delivery_time, supplier, replacement_product, idempotency_key, request_hash,
		notified_at, created_at, updated_at)
	VALUES (NULL, 'pending', '', 'sr', 'kupac@example.com', 'Petar Petrović', '+381 64 123 4567', 'Bulevar kralja Aleksandra 73',
		'Beograd', '11000', 'Petar Petrović', 'Bulevar kralja Aleksandra 73', 'Beograd', '11000', '+381 64 123 4567', '', '', '', '',
		'cash_on_delivery', 50000000, '', '', '', '', 'g:` + baseCartPrefix + `' || LPAD(CAST(:i AS TEXT), 23, '0') || '|base-' || :i,
		'0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', NULL, NOW(), NOW()) RETURNING id`,
	`UPDATE orders SET number = '2026-' || LPAD(CAST(:id AS TEXT), 6, '0'), updated_at = NOW() WHERE id = :id`,
	`UPDATE products SET stock = stock - 1 WHERE id = :p1 AND stock >= 1`,
	`UPDATE products SET stock = stock - 1 WHERE id = :p2 AND stock >= 1`,
	`UPDATE products SET stock = stock - 1 WHERE id = :p3 AND stock >= 1`,
	`UPDATE products SET stock = stock - 1 WHERE id = :p4 AND stock >= 1`,
	`UPDATE products SET stock = stock - 1 WHERE id = :p5 AND stock >= 1`,
	`INSERT INTO order_items (order_id, product_id, sku, name, price, quantity, total, vat_bps) VALUES
		(:id, :p1, 'BN1', 'Proizvod 1', 10000000, 1, 10000000, 2000), (:id, :p2, 'BN2', 'Proizvod 2', 10000000, 1, 10000000, 2000),
		(:id, :p3, 'BN3', 'Proizvod 3', 10000000, 1, 10000000, 2000), (:id, :p4, 'BN4', 'Proizvod 4', 10000000, 1, 10000000, 2000),
		(:id, :p5, 'BN5', 'Proizvod 5', 10000000, 1, 10000000, 2000)`,
	`DELETE FROM cart_items WHERE owner = 'g:` + baseCartPrefix + `' || LPAD(CAST(:i AS TEXT), 23, '0') AND instance = 'cart'`,
}

// orderScript is the pgbench script: each client numbers its orders client_id, client_id +
// clients, … (pgbench keeps a client's variables from one transaction to the next), so every
// transaction has its own cart; past salesCarts the DELETE finds nothing (the run is short
// enough that it does not get there on this machine; the count is printed).
func orderScript(pbase int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\\set i :client_id + :clients * :n\n\\set n :n + 1\n\\set k (:i %% %d) * %d + %d\n", salesPool/salesLines, salesLines, pbase)
	for j := 1; j <= salesLines; j++ {
		fmt.Fprintf(&b, "\\set p%d :k + %d\n", j, j-1)
	}
	b.WriteString("BEGIN;\n")
	for j, s := range orderStatements {
		if j == 0 {
			fmt.Fprintf(&b, "%s \\gset\n", oneLine(s))
			continue
		}
		fmt.Fprintf(&b, "%s;\n", oneLine(s))
	}
	b.WriteString("COMMIT;\n")
	return b.String()
}

// ordersFigure: POST orders through the stack against pgbench of the order's SQL.
func ordersFigure(ctx context.Context, a *app.App, srv, dbURL string, workers uint64, pbase int64) error {
	target := srv + "/api/v1/orders"
	var next atomic.Int64
	targeter := func(t *vegeta.Target) error {
		i := next.Add(1) - 1
		if i >= salesCarts {
			return vegeta.ErrNoTargets
		}
		t.Method, t.URL = "POST", target
		t.Header = http.Header{"Content-Type": {"application/json"}, "Idempotency-Key": {"bench-" + strconv.FormatInt(i, 10)}}
		t.Body = []byte(`{"cart_id":"` + cartID(apiCartPrefix, int(i)) + `","name":"Petar Petrović","email":"kupac@example.com",` +
			`"phone":"+381 64 123 4567","address":"Bulevar kralja Aleksandra 73","city":"Beograd","post_code":"11000",` +
			`"payment_method":"cash_on_delivery"}`)
		return nil
	}
	// The SQL one checkout runs, captured from the first request.
	sqlCap := &captureLogger{}
	prev := a.DB.Config.Logger
	a.DB.Config.Logger = sqlCap
	first := attackTargets(targeter, 1, 0, 1)
	a.DB.Config.Logger = prev
	if first.errors > 0 {
		return fmt.Errorf("POST orders: %s", first.firstError)
	}
	stmts := sqlCap.statements()
	fmt.Printf("\n  POST orders (guest, %d lines, cash on delivery): its SQL: %d statements\n", salesLines, len(stmts))
	for _, s := range stmts {
		fmt.Printf("    %s\n", truncate(oneLine(s), 150))
	}
	attackTargets(targeter, workers, time.Second, 0) // warm-up
	res := attackTargets(targeter, workers, salesRoundSecs*time.Second, 0)
	if res.errors > 0 {
		return fmt.Errorf("POST orders: %d failed requests (%s)", res.errors, res.firstError)
	}
	used := min(next.Load(), salesCarts)
	base, err := pgbenchRun(dbURL, orderScript(pbase), int(workers), salesRoundSecs, "clients="+strconv.FormatUint(workers, 10), "n=0")
	if err != nil {
		return err
	}
	var orders int64
	if err := a.DB.Raw("SELECT COUNT(*) FROM orders").Scan(&orders).Error; err != nil {
		return err
	}
	fmt.Printf("  %-34s %10.0f req/s   p50 %-9s p95 %-9s p99 %s\n", fmt.Sprintf("API, %d connections", workers), res.rps, res.p50, res.p95, res.p99)
	fmt.Printf("  %-34s %10.0f tx/s    p95 %s\n", fmt.Sprintf("pgbench, %d clients (baseline)", workers), base.tps, base.p95)
	fmt.Printf("  orders written: %d (API: %d carts used of %d; pgbench: %d transactions)\n", orders, used, salesCarts, base.count)
	if base.count > salesCarts+1 {
		fmt.Printf("  note: pgbench ran past its %d carts; the later transactions deleted no cart lines\n", salesCarts)
	}
	ratio := res.rps / base.tps
	fmt.Printf("  ratio %.2f (goal >= 0.50: %s); p95 API %s, pgbench %s\n", ratio, verdict(ratio >= 0.5), res.p95, base.p95)
	return explainOrder(ctx, a, pbase)
}

// attackTargets runs the targeter with a fixed number of workers until dur passes (0: until
// the targeter has no more) or, with limit > 0, for limit requests. The workers' last calls that
// found no target are not results.
func attackTargets(tr vegeta.Targeter, workers uint64, dur time.Duration, limit int) result {
	at := vegeta.NewAttacker(vegeta.Workers(workers), vegeta.MaxWorkers(workers), vegeta.KeepAlive(true),
		vegeta.Connections(int(workers)), vegeta.MaxConnections(int(workers)))
	if limit > 0 {
		var n atomic.Int64
		inner := tr
		tr = func(t *vegeta.Target) error {
			if n.Add(1) > int64(limit) {
				return vegeta.ErrNoTargets
			}
			return inner(t)
		}
	}
	var m vegeta.Metrics
	for res := range at.Attack(tr, vegeta.Rate{Freq: 0}, dur, "bench") {
		if res.Error == vegeta.ErrNoTargets.Error() {
			continue
		}
		m.Add(res)
	}
	m.Close()
	r := result{rps: m.Throughput, p50: m.Latencies.P50.Round(time.Microsecond), p95: m.Latencies.P95.Round(time.Microsecond),
		p99: m.Latencies.P99.Round(time.Microsecond)}
	if m.Success < 1 {
		r.errors = int(float64(m.Requests)*(1-m.Success) + 0.5)
		if len(m.Errors) > 0 {
			r.firstError = m.Errors[0]
		}
	}
	return r
}

type pgbenchResult struct {
	tps   float64
	p95   time.Duration
	count int
}

// pgbenchRun runs a pgbench script (its own \set lines and transaction) for seconds with
// clients and answers the tx/s and, from pgbench's per-transaction log, the p95 latency.
// defs are -D name=value definitions.
func pgbenchRun(dbURL, script string, clients, seconds int, defs ...string) (pgbenchResult, error) {
	var out pgbenchResult
	dir, err := os.MkdirTemp("", "shop-bench-pgbench-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(dir)
	f := filepath.Join(dir, "script.sql")
	if err := os.WriteFile(f, []byte(script), 0o600); err != nil {
		return out, err
	}
	args := []string{"-n", "-f", f, "-c", strconv.Itoa(clients), "-j", strconv.Itoa(min(2, clients)), "-T", strconv.Itoa(seconds),
		"-l", "--log-prefix", filepath.Join(dir, "log")}
	for _, d := range defs {
		args = append(args, "-D", d)
	}
	res, err := exec.Command("pgbench", append(args, dbURL)...).CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("pgbench: %v\n%s", err, res)
	}
	m := regexp.MustCompile(`tps = ([0-9.]+)`).FindSubmatch(res)
	if m == nil {
		return out, fmt.Errorf("pgbench: no tps in\n%s", res)
	}
	if out.tps, err = strconv.ParseFloat(string(m[1]), 64); err != nil {
		return out, err
	}
	if strings.Contains(string(res), "number of failed transactions: ") && !strings.Contains(string(res), "number of failed transactions: 0 ") {
		return out, fmt.Errorf("pgbench: failed transactions\n%s", res)
	}
	// Each log line: client_id transaction_no time(us) script_no time_epoch time_us.
	logs, _ := filepath.Glob(filepath.Join(dir, "log.*"))
	var lat []int64
	for _, l := range logs {
		fh, err := os.Open(l)
		if err != nil {
			return out, err
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 3 {
				continue
			}
			if us, err := strconv.ParseInt(fs[2], 10, 64); err == nil {
				lat = append(lat, us)
			}
		}
		fh.Close()
	}
	if len(lat) == 0 {
		return out, errors.New("pgbench: empty transaction log")
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	out.count = len(lat)
	out.p95 = (time.Duration(lat[(len(lat)*95+99)/100-1]) * time.Microsecond).Round(time.Microsecond)
	return out, nil
}

// explainOrder EXPLAIN ANALYZEs one order's statements in a transaction that is rolled back
// (they write), on the baseline's spare cart, and prints the slowest one's plan.
func explainOrder(ctx context.Context, a *app.App, pbase int64) error {
	i := salesCarts // the spare cart: pgbench's run does not reach it on this machine
	k := pbase + int64((i%(salesPool/salesLines))*salesLines)
	vars := map[string]string{"i": strconv.Itoa(i)}
	for j := 1; j <= salesLines; j++ {
		vars["p"+strconv.Itoa(j)] = strconv.FormatInt(k+int64(j-1), 10)
	}
	type plan struct {
		sql   string
		lines []string
		ms    float64
	}
	var plans []plan
	errDone := errors.New("rolled back")
	err := a.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for j, s := range orderStatements {
			s = fillVars(oneLine(s), vars)
			p := plan{sql: s}
			if err := tx.Raw("EXPLAIN (ANALYZE, BUFFERS OFF) " + s).Scan(&p.lines).Error; err != nil {
				return fmt.Errorf("explain %s: %w", truncate(s, 80), err)
			}
			for _, l := range p.lines {
				if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Execution Time: "); ok {
					_, _ = fmt.Sscanf(v, "%f", &p.ms) // EXPLAIN's own line; an odd one shows as 0 ms
				}
			}
			plans = append(plans, p)
			if j == 0 { // the order's id, for the statements that name it
				var id int64
				if err := tx.Raw("SELECT currval(pg_get_serial_sequence('orders', 'id'))").Scan(&id).Error; err != nil {
					return err
				}
				vars["id"] = strconv.FormatInt(id, 10)
			}
		}
		return errDone
	})
	if err != nil && !errors.Is(err, errDone) {
		return err
	}
	fmt.Printf("  EXPLAIN ANALYZE of the baseline's statements (one order, rolled back):\n")
	slowest := -1
	for j, p := range plans {
		fmt.Printf("    %7.3f ms  %s\n", p.ms, truncate(p.sql, 150))
		if slowest < 0 || p.ms > plans[slowest].ms {
			slowest = j
		}
	}
	if slowest >= 0 {
		fmt.Printf("  slowest statement's plan (%.3f ms):\n", plans[slowest].ms)
		for _, l := range plans[slowest].lines {
			fmt.Printf("    %s\n", truncate(l, 160))
		}
	}
	return nil
}

var pgbenchVar = regexp.MustCompile(`:([a-z][a-z0-9]*)`)

// fillVars puts the values in place of pgbench's :name variables (names not given stay).
func fillVars(s string, vars map[string]string) string {
	return pgbenchVar.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vars[m[1:]]; ok {
			return v
		}
		return m
	})
}
