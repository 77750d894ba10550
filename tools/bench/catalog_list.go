package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/app"
)

// listCase is one filter combination of the admin product list measured by listTableFigure.
type listCase struct{ name, query string }

// listCases are the panel's filters alone and combined, with every sortable column, on the
// bench catalogue (no product there has an image; every one has a manufacturer attribute).
func listCases(leaves []string) []listCase {
	return []listCase{
		{"bench query", "search=samsung&categories=" + strings.Join(leaves, ",") + "&active=1&web_price_from=10000&sort=-web_price"},
		{"no filter, newest", ""},
		{"sort name", "sort=name"},
		{"sort -sku", "sort=-sku"},
		{"sort created_at", "sort=created_at"},
		{"sort web_price", "sort=web_price"},
		{"sort -entry_price", "sort=-entry_price"},
		{"sort -updated_at", "sort=-updated_at"},
		{"active, no image, -web_price", "active=1&without_image=1&sort=-web_price"},
		{"with image, -web_price", "with_image=1&sort=-web_price"},
		{"search samsung, name", "search=samsung&sort=name"},
		{"search one model", "search=model%2012345"},
		{"1 category, web_price", "categories=" + leaves[0] + "&sort=web_price"},
		{"brand, -updated_at", "brands=3&sort=-updated_at"},
		{"supplier, connected", "suppliers=1&connected=1"},
		{"disconnected, -entry_price", "disconnected=1&sort=-entry_price"},
		{"without attributes", "without_attributes=1"},
		{"with attributes, name", "with_attributes=1&sort=name"},
		{"inactive, -updated_at", "inactive=1&sort=-updated_at"},
		{"dead, -web_price", "dead=1&sort=-web_price"},
		{"e-ponuda variant", "visible=1&active=1&eponuda=0&sort=sku"},
		{"discount today", "discount=1"},
		{"web price range, web_price", "web_price_from=50000&web_price_to=51000&sort=web_price"},
		{"entry price to, -entry_price", "entry_price_to=2000&sort=-entry_price"},
		{"web price from, web_price", "web_price_from=200000&sort=web_price"},
	}
}

// listTableFigure measures each listCase over HTTP (page size 20, as the admin list asks):
// p95 with one request in flight and the throughput at the configured connections, with the
// total the answer gave and the main nodes of the plans of its list statements (EXPLAIN
// ANALYZE on the bench database). Goal: p95 <= 50 ms and >= 200 req/s at 16 connections. It
// answers each case's p95.
func listTableFigure(ctx context.Context, a *app.App, srv string, header http.Header, leaves []string, workers uint64, dur time.Duration) ([]figure, error) {
	fmt.Printf("  product list, filter combinations (page size 20; p95 at 1 connection, req/s at %d; goal p95 <= 50ms, >= 200 req/s):\n", workers)
	fmt.Printf("  %-30s %8s %10s %9s  %s\n", "filter", "total", "p95 (1)", "req/s", "plans' main nodes (list statements, execution time)")
	var figs []figure
	for _, lc := range listCases(leaves) {
		target := srv + "/api/v1/admin/products?paginate=20&include=mainCategory,mainImage"
		if lc.query != "" {
			target += "&" + lc.query
		}
		body, _, err := fetch(target, header)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lc.name, err)
		}
		var ans struct {
			Meta struct {
				Total        int64 `json:"total"`
				TotalBounded bool  `json:"total_bounded"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(body, &ans); err != nil {
			return nil, fmt.Errorf("%s: %w", lc.name, err)
		}
		total := fmt.Sprint(ans.Meta.Total)
		if ans.Meta.TotalBounded {
			total = ">" + total
		}
		plans, err := listPlans(ctx, a, target, header)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lc.name, err)
		}
		lat1 := attack(target, header, 1, dur)
		thr := attack(target, header, workers, dur)
		for _, r := range []result{lat1, thr} {
			if r.errors > 0 {
				return nil, fmt.Errorf("%s: %d failed requests (%s)", lc.name, r.errors, r.firstError)
			}
		}
		mark := ""
		if lat1.p95 > 50*time.Millisecond || thr.rps < 200 {
			mark = " MISSES"
		}
		fmt.Printf("  %-30s %8s %10s %9.0f  %s%s\n", lc.name, total, lat1.p95.Round(100*time.Microsecond), thr.rps, plans, mark)
		figs = append(figs, pageP95("admin list: "+lc.name+", p95 (1 conn)", lat1.p95))
	}
	return figs, nil
}

// listPlans captures the SQL of one request and answers the main nodes of the plans of its
// statements over products (not the page's rows read by id, nor the relations).
func listPlans(ctx context.Context, a *app.App, target string, header http.Header) (string, error) {
	sqlCap := &captureLogger{}
	prev := a.DB.Config.Logger
	a.DB.Config.Logger = sqlCap
	_, _, err := fetch(target, header)
	a.DB.Config.Logger = prev
	if err != nil {
		return "", err
	}
	var out []string
	// In one transaction with the list's planner settings (its set_config statement) first.
	tx := a.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return "", tx.Error
	}
	defer tx.Rollback()
	for _, s := range sqlCap.statements() {
		s = oneLine(s)
		if strings.Contains(s, "set_config(") {
			if err := tx.Exec(s).Error; err != nil {
				return "", err
			}
			continue
		}
		if !strings.Contains(s, `FROM "products"`) && !strings.Contains(s, "FROM products ") || strings.Contains(s, "WHERE products.id IN (") {
			continue
		}
		var raw []byte
		if err := tx.Raw("EXPLAIN (ANALYZE, FORMAT JSON) " + s).Row().Scan(&raw); err != nil {
			return "", fmt.Errorf("explain %s: %w", s, err)
		}
		var plans []struct {
			Plan          planNode `json:"Plan"`
			ExecutionTime float64  `json:"Execution Time"`
		}
		if err := json.Unmarshal(raw, &plans); err != nil || len(plans) == 0 {
			return "", fmt.Errorf("explain %s: %v", s, err)
		}
		out = append(out, fmt.Sprintf("%s (%.1fms)", plans[0].Plan.main(), plans[0].ExecutionTime))
	}
	return strings.Join(out, "; "), nil
}

type planNode struct {
	NodeType  string     `json:"Node Type"`
	Relation  string     `json:"Relation Name"`
	Index     string     `json:"Index Name"`
	Direction string     `json:"Scan Direction"`
	Subplan   string     `json:"Subplan Name"`
	Plans     []planNode `json:"Plans"`
}

// main is the node with its children: scans with their index or table, the bookkeeping
// nodes (Subquery Scan, Aggregate over one child, Gather, Materialize, Hash) left out.
func (n planNode) main() string {
	var kids []string
	for _, c := range n.Plans {
		if k := c.main(); k != "" {
			kids = append(kids, k)
		}
	}
	name := n.NodeType
	switch {
	case n.Index != "":
		if n.Direction == "Backward" {
			name += " Backward"
		}
		name += " " + n.Index
	case n.Relation != "":
		name += " " + n.Relation
	}
	switch n.NodeType {
	case "Subquery Scan", "Gather", "Gather Merge", "Materialize", "Hash", "Memoize", "Result":
		if len(kids) == 1 {
			return kids[0]
		}
	}
	if n.Subplan != "" {
		name = "[" + n.Subplan + "] " + name
	}
	switch len(kids) {
	case 0:
		return name
	case 1:
		return name + " > " + kids[0]
	}
	return name + " (" + strings.Join(kids, ", ") + ")"
}

// importUpdateFigure: what the sort keys cost the import. The statement an import's merge
// runs (ApplySupplierPricesTx: every connected product takes a new entry price and stock,
// its prices recomputed) on the bench catalogue's half that is "connected", three ways, best
// of three each, prices moving up and back so every round changes every row:
//   - products alone (the sort keys' triggers off): the baseline, 0006's in-place updates;
//   - with product_sort_keys kept by its triggers (what the shop runs);
//   - with an index on products (web_price, id) instead, the alternative 0006 dropped.
func importUpdateFigure(ctx context.Context, a *app.App) error {
	db := a.DB.WithContext(ctx)
	var n int64
	if err := db.Raw("SELECT COUNT(*) FROM products WHERE id % 2 = 0").Scan(&n).Error; err != nil {
		return err
	}
	round := 0
	apply := func() (time.Duration, error) {
		round++
		delta := 1
		if round%2 == 0 {
			delta = -1
		}
		start := time.Now()
		err := db.Transaction(func(tx *gorm.DB) error {
			_, err := a.Pricing.ApplyOffersTx(ctx, tx, tx.Raw(`SELECT id AS product_id, entry_price + ? AS entry_price,
				stock + ? AS stock, supplier_id FROM products WHERE id % 2 = 0`, delta*100, delta))
			return err
		})
		return time.Since(start), err
	}
	best := func() (time.Duration, error) {
		b := time.Hour
		for i := 0; i < 3; i++ {
			d, err := apply()
			if err != nil {
				return 0, err
			}
			b = min(b, d)
		}
		// What autovacuum does between two daily lists: the dead versions go.
		return b, db.Exec("VACUUM products, product_sort_keys").Error
	}
	toggle := func(on bool) error { return toggleSortKeyTriggers(db, on) }
	if _, err := apply(); err != nil { // warm-up
		return err
	}
	if err := toggle(false); err != nil {
		return err
	}
	base, err := best()
	if err != nil {
		return err
	}
	if err := toggle(true); err != nil {
		return err
	}
	// The keys missed the baseline's rounds: made equal again before they are measured.
	if err := resyncSortKeys(db); err != nil {
		return err
	}
	keyed, err := best()
	if err != nil {
		return err
	}
	if err := toggle(false); err != nil {
		return err
	}
	if err := db.Exec("CREATE INDEX bench_products_web_price_id_idx ON products (web_price, id)").Error; err != nil {
		return err
	}
	indexed, err := best()
	if err != nil {
		return err
	}
	if err := db.Exec("DROP INDEX bench_products_web_price_id_idx").Error; err != nil {
		return err
	}
	if err := toggle(true); err != nil {
		return err
	}
	if err := resyncSortKeys(db); err != nil {
		return err
	}
	fmt.Printf("  the import's price update of %d products (best of 3, in a transaction):\n", n)
	fmt.Printf("  %-34s %10s\n", "products alone (baseline)", base.Round(time.Millisecond))
	// The statement alone, to see where the keys' cost lies; the goal is on the whole import
	// (the price-list figure's c / c').
	fmt.Printf("  %-34s %10s   ratio %.2f (the statement alone; the goal is the import's c / c')\n", "with product_sort_keys (triggers)", keyed.Round(time.Millisecond),
		float64(keyed)/float64(base))
	fmt.Printf("  %-34s %10s   ratio %.2f (the alternative, not used)\n", "with an index on products.web_price", indexed.Round(time.Millisecond),
		float64(indexed)/float64(base))
	return nil
}

// toggleSortKeyTriggers turns product_sort_keys' triggers on products on or off (the bench's
// baselines without the keys).
func toggleSortKeyTriggers(db *gorm.DB, on bool) error {
	verb := "DISABLE"
	if on {
		verb = "ENABLE"
	}
	for _, t := range []string{"product_sort_keys_insert", "product_sort_keys_update", "product_sort_keys_delete"} {
		if err := db.Exec("ALTER TABLE products " + verb + " TRIGGER " + t).Error; err != nil {
			return err
		}
	}
	return nil
}

// resyncSortKeys makes product_sort_keys equal to products again after rounds without its
// triggers.
func resyncSortKeys(db *gorm.DB) error {
	return db.Exec(`UPDATE product_sort_keys k SET web_price = p.web_price, entry_price = p.entry_price, updated_at = p.updated_at
		FROM products p WHERE p.id = k.product_id`).Error
}
