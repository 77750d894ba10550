package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"

	"shop/api"
	"shop/internal/app"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/pricing"
)

// pricingFigures: the recompute of every product's prices after a VAT change, through pricing's
// statement, against one hand-written UPDATE … FROM computing the same values (PostgreSQL
// numeric arithmetic, DISTINCT ON for the rules); a second recompute that writes nothing; the
// plans of both; price-explain's latency over HTTP. The catalogue is n bench products with
// suppliers, 1,000 web-margin rules, recommended-price rules with suppliers' recommended prices,
// authenticated discounts and actions valid today.
func pricingFigures(n int64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Pricing", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, cfg, log, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nPricing: %d products on PostgreSQL\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	if err := pricingPrepare(ctx, a); err != nil {
		return err
	}
	fmt.Printf("  seed: %s\n", time.Since(start).Round(time.Millisecond))
	if _, err := recomputeFigure(ctx, a); err != nil {
		return err
	}
	tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: demo.Users[0].Email, Password: demo.Password})
	if err != nil {
		return err
	}
	srv, stop, err := serve(api.New(api.Deps{Config: cfg, Log: log, Identity: a.Identity, Catalog: a.Catalog, Pricing: a.Pricing,
		Blobs: a.Blobs, Registry: prometheus.NewRegistry()}))
	if err != nil {
		return err
	}
	defer stop()
	return explainFigure(a, srv, http.Header{"Authorization": {"Bearer " + tok.AccessToken}})
}

// pricingPrepare gives the bench catalogue its pricing inputs and their prices.
func pricingPrepare(ctx context.Context, a *app.App) error {
	rules, err := seedPricingRules(a.DB, a.Clock.Today())
	if err != nil {
		return err
	}
	if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
		return err
	}
	fmt.Printf("  pricing inputs: %s\n", rules)
	return a.DB.Exec("VACUUM ANALYZE").Error
}

// seedPricingRules gives the bench catalogue suppliers and every kind of pricing input.
func seedPricingRules(gdb *gorm.DB, today string) (string, error) {
	now := time.Now().UTC()
	rnd := rand.New(rand.NewPCG(12, 34))
	var suppliers []uint64
	for i := range 5 {
		if err := gdb.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES (?, ?, ?)", fmt.Sprintf("Bench dobavljač %d", i), now, now).Error; err != nil {
			return "", err
		}
	}
	if err := gdb.Raw("SELECT id FROM suppliers ORDER BY id").Scan(&suppliers).Error; err != nil {
		return "", err
	}
	// Every product from a supplier; a fifth with a connected supplier product whose
	// recommended price is around the web price (so the cap bites for some).
	stmts := []string{
		fmt.Sprintf("UPDATE products SET supplier_id = (SELECT id FROM suppliers ORDER BY id OFFSET (products.id %% %d) LIMIT 1)", len(suppliers)),
		`INSERT INTO supplier_products (supplier_id, sku, name, price, recommended_price, stock, product_id, created_at, updated_at)
			SELECT supplier_id, 'B' || id, name, entry_price, CASE WHEN id % 10 = 0 THEN 0 ELSE entry_price * (120 + id % 40) / 100 END,
			stock, id, NOW(), NOW() FROM products WHERE id % 5 = 0
			AND NOT EXISTS (SELECT 1 FROM supplier_products x WHERE x.product_id = products.id)`,
	}
	for _, q := range stmts {
		if err := gdb.Exec(q).Error; err != nil {
			return "", err
		}
	}
	var cats, brands, manufacturers []uint64
	gdb.Raw("SELECT DISTINCT main_category_id FROM products ORDER BY 1").Scan(&cats)
	gdb.Raw("SELECT DISTINCT brand_id FROM products WHERE brand_id IS NOT NULL ORDER BY 1").Scan(&brands)
	gdb.Raw("SELECT DISTINCT manufacturer_id FROM products WHERE manufacturer_id IS NOT NULL ORDER BY 1").Scan(&manufacturers)
	if len(cats) == 0 || len(brands) == 0 || len(manufacturers) == 0 {
		return "", fmt.Errorf("bench catalogue without categories, brands or manufacturers")
	}
	pick := func(ids []uint64, nullEvery int) *uint64 {
		if rnd.IntN(nullEvery) == 0 {
			return nil
		}
		v := ids[rnd.IntN(len(ids))]
		return &v
	}
	bound := func() *int64 {
		if rnd.IntN(2) == 0 {
			return nil
		}
		v := int64(100000 + rnd.IntN(20000000))
		return &v
	}
	const webRules = 1000
	type rule struct {
		cat, sup, brand *uint64
		from, to        *int64
		bps             int
		at              time.Time
	}
	var rows [][]any
	for range webRules {
		cat := cats[rnd.IntN(len(cats))]
		r := rule{cat: &cat, sup: pick(suppliers, 2), brand: pick(brands, 2), from: bound(), to: bound(),
			bps: 500 + rnd.IntN(3000), at: now.Add(-time.Duration(rnd.IntN(1000)) * time.Minute)}
		if r.from != nil && r.to != nil && *r.from > *r.to {
			r.from, r.to = r.to, r.from
		}
		rows = append(rows, []any{*r.cat, r.sup, r.brand, r.from, r.to, r.bps, r.at, r.at})
	}
	for _, r := range rows {
		if err := gdb.Exec(`INSERT INTO web_margin_rules (category_id, supplier_id, brand_id, price_from, price_to, margin_bps, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r...).Error; err != nil {
			return "", err
		}
	}
	for i := range 40 {
		if err := gdb.Exec(`INSERT INTO recommended_prices (name, manufacturer_id, lower_bps, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			fmt.Sprintf("MP %d", i), manufacturers[rnd.IntN(len(manufacturers))], rnd.IntN(1500), now, now).Error; err != nil {
			return "", err
		}
		if i%2 == 0 {
			if err := gdb.Exec(`INSERT INTO recommended_price_categories (recommended_price_id, category_id)
				VALUES ((SELECT MAX(id) FROM recommended_prices), ?)`, cats[rnd.IntN(len(cats))]).Error; err != nil {
				return "", err
			}
		}
	}
	for i := range 30 {
		if err := gdb.Exec(`INSERT INTO authenticated_discounts (name, category_id, supplier_id, brand_id, price_from, price_to, discount_bps,
			created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?)`, fmt.Sprintf("Ulogovani %d", i), pick(cats, 3), pick(suppliers, 2),
			pick(brands, 2), bound(), rnd.IntN(3000), now, now).Error; err != nil {
			return "", err
		}
	}
	// Actions: on every 20th product one valid today (percentage or fixed), one past one.
	day, _ := time.Parse(time.DateOnly, today)
	for _, q := range []string{
		"INSERT INTO discount_types (name, is_percentage, created_at, updated_at) VALUES ('Bench procenat', TRUE, NOW(), NOW()), ('Bench fiksna', FALSE, NOW(), NOW())",
		`INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
			SELECT id, (SELECT MIN(id) FROM discount_types) + id % 2, entry_price, 500 + id % 2000, CAST(? AS DATE), CAST(? AS DATE), NOW(), NOW()
			FROM products WHERE id % 20 = 0`,
		`INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
			SELECT id, (SELECT MIN(id) FROM discount_types), 0, 1000, CAST(? AS DATE), CAST(? AS DATE), NOW(), NOW()
			FROM products WHERE id % 20 = 0`,
	} {
		var args []any
		switch {
		case strings.Contains(q, "500 + id"):
			args = []any{day.AddDate(0, 0, -3).Format(time.DateOnly), day.AddDate(0, 0, 3).Format(time.DateOnly)}
		case strings.Contains(q, "1000, CAST"):
			args = []any{day.AddDate(0, 0, -30).Format(time.DateOnly), day.AddDate(0, 0, -10).Format(time.DateOnly)}
		}
		if err := gdb.Exec(q, args...).Error; err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d web-margin rules over %d categories, 40 recommended-price rules, 30 authenticated discounts, actions on 5 %% of the products",
		webRules, len(cats)), nil
}

// handRecomputeSQL is what one person would write for PostgreSQL to compute the same prices as
// pricing's statement: each rule picked by DISTINCT ON, numeric arithmetic rounded by round()
// (half away from zero), only changed rows written. Arguments: today twice.
const handRecomputeSQL = `
WITH wr AS (
	SELECT DISTINCT ON (p.id) p.id, w.margin_bps
	FROM products p JOIN web_margin_rules w ON w.category_id = p.main_category_id
		AND (w.supplier_id IS NULL OR w.supplier_id = p.supplier_id) AND (w.brand_id IS NULL OR w.brand_id = p.brand_id)
		AND (w.price_from IS NULL OR w.price_from <= p.entry_price) AND (w.price_to IS NULL OR w.price_to >= p.entry_price)
	ORDER BY p.id, (w.supplier_id IS NOT NULL)::int + (w.brand_id IS NOT NULL)::int + (w.price_from IS NOT NULL)::int
		+ (w.price_to IS NOT NULL)::int DESC, w.created_at DESC, w.id DESC
), ar AS (
	SELECT DISTINCT ON (p.id) p.id, a.discount_bps
	FROM products p JOIN authenticated_discounts a ON (a.category_id IS NULL OR a.category_id = p.main_category_id)
		AND (a.supplier_id IS NULL OR a.supplier_id = p.supplier_id) AND (a.brand_id IS NULL OR a.brand_id = p.brand_id)
		AND (a.price_from IS NULL OR a.price_from <= p.entry_price) AND (a.price_to IS NULL OR a.price_to >= p.entry_price)
	ORDER BY p.id, (a.category_id IS NOT NULL)::int + (a.supplier_id IS NOT NULL)::int + (a.brand_id IS NOT NULL)::int
		+ (a.price_from IS NOT NULL)::int + (a.price_to IS NOT NULL)::int DESC, a.created_at DESC, a.id DESC
), rp AS (
	SELECT DISTINCT ON (p.id) p.id, r.lower_bps
	FROM products p JOIN recommended_prices r ON r.manufacturer_id = p.manufacturer_id
		LEFT JOIN recommended_price_categories rc ON rc.recommended_price_id = r.id AND rc.category_id = p.main_category_id
	WHERE rc.category_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM recommended_price_categories x WHERE x.recommended_price_id = r.id)
	ORDER BY p.id, (rc.category_id IS NOT NULL) DESC, r.created_at DESC, r.id DESC
), act AS (
	SELECT DISTINCT ON (d.product_id) d.product_id, d.id, d.price, d.percentage_bps, t.is_percentage
	FROM discounts d LEFT JOIN discount_types t ON t.id = d.discount_type_id
	WHERE d.valid_from <= CAST(? AS DATE) AND d.valid_to >= CAST(? AS DATE)
	ORDER BY d.product_id, d.valid_from DESC, d.id DESC
), base AS (
	SELECT p.id, round(p.entry_price::numeric * (10000 + COALESCE(wr.margin_bps, c.web_margin_bps)) * (10000 + c.pdv_bps) / 1e10)::bigint * 100 AS web0,
		round(p.entry_price::numeric * (10000 + c.retail_margin_bps) * (10000 + c.pdv_bps) / 1e10)::bigint * 100 AS retail,
		round(p.entry_price::numeric * (10000 + c.dealer_margin_bps) / 1e4)::bigint AS dealer,
		CASE WHEN sp.recommended_price > 0 AND rp.id IS NOT NULL
			THEN round(sp.recommended_price::numeric * (10000 - rp.lower_bps) / 1e6)::bigint * 100 END AS cap,
		LEAST(COALESCE(ar.discount_bps, 0), 2000) AS auth_bps
	FROM products p JOIN categories c ON c.id = p.main_category_id
		LEFT JOIN wr ON wr.id = p.id LEFT JOIN ar ON ar.id = p.id LEFT JOIN rp ON rp.id = p.id
		LEFT JOIN supplier_products sp ON sp.product_id = p.id
), web AS (
	SELECT b.*, LEAST(b.web0, COALESCE(b.cap, b.web0)) AS web FROM base b
), v AS (
	SELECT w.id, w.web, w.retail, w.dealer, round(w.web::numeric * (10000 - w.auth_bps) / 1e6)::bigint * 100 AS auth,
		CASE WHEN act.id IS NULL THEN NULL WHEN act.is_percentage THEN round(w.web::numeric * (10000 - act.percentage_bps) / 1e6)::bigint * 100
			ELSE act.price END AS discount, act.id AS discount_id
	FROM web w LEFT JOIN act ON act.product_id = w.id
)
UPDATE products SET web_price = v.web, retail_price = v.retail, dealer_price = v.dealer, authenticated_price = v.auth,
	discount_price = v.discount, active_discount_id = v.discount_id, updated_at = NOW()
FROM v WHERE products.id = v.id AND (products.web_price <> v.web OR products.retail_price <> v.retail OR products.dealer_price <> v.dealer
	OR products.authenticated_price <> v.auth OR products.discount_price IS DISTINCT FROM v.discount
	OR products.active_discount_id IS DISTINCT FROM v.discount_id)`

// recomputeFigure: every category's VAT moves by one point, then every product's prices are
// recomputed, by the hand-written statement and by pricing's; each side's result is checked by
// running the other side after it (it must write 0 rows: the same values). Best of
// benchRounds; it answers pricing's time.
func recomputeFigure(ctx context.Context, a *app.App) (figure, error) {
	today := a.Clock.Today()
	vat := 0
	bump := func() error {
		vat = 100 - vat // +1 point, then back
		delta := 100
		if vat == 0 {
			delta = -100
		}
		return a.DB.Exec("UPDATE categories SET pdv_bps = pdv_bps + ?", delta).Error
	}
	hand := func() (int64, error) {
		res := a.DB.Exec(handRecomputeSQL, today, today)
		return res.RowsAffected, res.Error
	}
	ours := func() (int64, error) {
		var n int64
		err := a.DB.Transaction(func(tx *gorm.DB) error {
			var err error
			n, err = a.Pricing.RecomputeTx(ctx, tx, pricing.All())
			return err
		})
		return n, err
	}
	sides := []struct {
		name string
		run  func() (int64, error)
	}{{"hand-written UPDATE … FROM (baseline)", hand}, {"pricing.RecomputeTx(All)", ours}}
	best := [2]time.Duration{time.Hour, time.Hour}
	var rows [2]int64
	var idle []time.Duration
	for round := range benchRounds {
		for k := range 2 {
			side := (k + round) % 2
			if err := bump(); err != nil {
				return figure{}, err
			}
			start := time.Now()
			n, err := sides[side].run()
			if err != nil {
				return figure{}, fmt.Errorf("%s: %w", sides[side].name, err)
			}
			if d := time.Since(start); d < best[side] {
				best[side] = d
			}
			rows[side] = n
			// The other side must find nothing left to write: both compute the same values.
			start = time.Now()
			again, err := sides[1-side].run()
			if err != nil {
				return figure{}, err
			}
			if side == 0 {
				idle = append(idle, time.Since(start))
			}
			if again != 0 {
				return figure{}, fmt.Errorf("after %s, %s wrote %d rows: the two disagree", sides[side].name, sides[1-side].name, again)
			}
		}
	}
	ratio := float64(best[1]) / float64(best[0])
	fmt.Printf("  recompute of every price after a VAT change (every category's VAT ±1 point)\n")
	fmt.Printf("  %-40s %10s  %d rows\n", sides[0].name, best[0].Round(time.Millisecond), rows[0])
	fmt.Printf("  %-40s %10s  %d rows\n", sides[1].name, best[1].Round(time.Millisecond), rows[1])
	fmt.Printf("  ratio %.2f (goal <= 1.50: %s)\n", ratio, verdict(ratio <= 1.5))
	slices.Sort(idle)
	fmt.Printf("  second recompute with nothing changed: 0 rows written, %s\n", idle[0].Round(time.Millisecond))
	return batchTime("pricing recompute of every price", best[1]), explainPlans(a, today)
}

// explainPlans prints both statements' plans (EXPLAIN ANALYZE, rolled back) after a VAT change:
// the baseline must not be a slow query.
func explainPlans(a *app.App, today string) error {
	show := func(name, q string, args ...any) error {
		tx := a.DB.Begin()
		defer tx.Rollback()
		if err := tx.Exec("UPDATE categories SET pdv_bps = pdv_bps + 100").Error; err != nil {
			return err
		}
		var lines []string
		if err := tx.Raw("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) "+q, args...).Scan(&lines).Error; err != nil {
			return err
		}
		fmt.Printf("  plan of %s:\n", name)
		for _, l := range lines {
			if strings.Contains(l, "Filter:") || strings.Contains(l, "Cond:") || strings.Contains(l, "Sort Key") || strings.Contains(l, "Output") {
				continue
			}
			fmt.Printf("    %s\n", l)
		}
		return nil
	}
	if err := show("the hand-written statement", handRecomputeSQL, today, today); err != nil {
		return err
	}
	q, args := a.Pricing.RecomputeStatement(pricing.All())
	return show("pricing's statement", q, args...)
}

// explainFigure: GET admin/products/{id}/price-explain for random products, one request at a
// time; p50 and p95 of the answer time.
func explainFigure(a *app.App, srv string, header http.Header) error {
	var ids []uint64
	if err := a.DB.Raw("SELECT id FROM products ORDER BY random() LIMIT 1000").Scan(&ids).Error; err != nil {
		return err
	}
	for _, id := range ids[:20] { // warm-up: sessions, connections
		if _, _, err := fetch(fmt.Sprintf("%s/api/v1/admin/products/%d/price-explain", srv, id), header); err != nil {
			return err
		}
	}
	times := make([]time.Duration, 0, len(ids))
	for _, id := range ids {
		start := time.Now()
		if _, _, err := fetch(fmt.Sprintf("%s/api/v1/admin/products/%d/price-explain", srv, id), header); err != nil {
			return err
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	p50, p95 := times[len(times)/2], times[len(times)*95/100]
	fmt.Printf("  price-explain over HTTP, %d products one at a time: p50 %s, p95 %s (goal p95 <= 5 ms: %s)\n",
		len(times), p50.Round(10*time.Microsecond), p95.Round(10*time.Microsecond), verdict(p95 <= 5*time.Millisecond))
	return nil
}
