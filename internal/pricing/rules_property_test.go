package pricing_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// belgradeNoon is a fixed instant whose shop date is 2026-11-25.
var belgradeNoon = time.Date(2026, 11, 25, 11, 0, 0, 0, time.UTC)

// randomWorld is a random set of categories, suppliers, brands, manufacturers, rules, supplier
// recommended prices, discount types and discounts, with products over them.
type randomWorld struct {
	cats, suppliers, brands []uint64
	products                []uint64
}

func exec(tb testing.TB, gdb *gorm.DB, q string, args ...any) {
	tb.Helper()
	if err := gdb.Exec(q, args...).Error; err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
}

func lastID(tb testing.TB, gdb *gorm.DB, table string) uint64 {
	tb.Helper()
	var id uint64
	if err := gdb.Raw("SELECT MAX(id) FROM " + table).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// buildRandomWorld fills gdb from rnd: few values per field so rules often match and tie.
func buildRandomWorld(t *testing.T, gdb *gorm.DB, rnd *rand.Rand, nProducts int) randomWorld {
	t.Helper()
	var w randomWorld
	now := belgradeNoon
	for i := range 4 {
		w.cats = append(w.cats, mustCategory(t, gdb, fmt.Sprintf("c%d", i), pricing.Margins{Pdv: money.Bps(rnd.IntN(3000)),
			Web: money.Bps(rnd.IntN(5000)), Retail: money.Bps(rnd.IntN(5000)), Dealer: money.Bps(rnd.IntN(5000))}))
	}
	for i := range 3 {
		exec(t, gdb, "INSERT INTO suppliers (name, created_at, updated_at) VALUES (?, ?, ?)", fmt.Sprintf("s%d", i), now, now)
		w.suppliers = append(w.suppliers, lastID(t, gdb, "suppliers"))
		exec(t, gdb, "INSERT INTO brands (name, created_at, updated_at) VALUES (?, ?, ?)", fmt.Sprintf("b%d", i), now, now)
		w.brands = append(w.brands, lastID(t, gdb, "brands"))
	}
	manufacturers := []uint64{901, 902, 903}
	opt := func(ids []uint64) *uint64 {
		if rnd.IntN(2) == 0 {
			return nil
		}
		v := ids[rnd.IntN(len(ids))]
		return &v
	}
	// Few distinct creation instants, so ties on specificity often fall to created_at, then id.
	created := func() time.Time { return now.Add(-time.Duration(rnd.IntN(3)) * time.Hour) }
	bound := func() *int64 {
		if rnd.IntN(2) == 0 {
			return nil
		}
		v := int64(rnd.IntN(40)) * 50_000
		return &v
	}
	for range 60 { // the last category has none: its products take its web margin
		exec(t, gdb, `INSERT INTO web_margin_rules (category_id, supplier_id, brand_id, price_from, price_to, margin_bps, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, w.cats[rnd.IntN(len(w.cats)-1)], opt(w.suppliers), opt(w.brands), bound(), bound(),
			1+rnd.IntN(9999), created(), now)
	}
	for i := range 12 {
		exec(t, gdb, `INSERT INTO recommended_prices (name, manufacturer_id, lower_bps, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			fmt.Sprintf("rp%d", i), manufacturers[rnd.IntN(len(manufacturers))], rnd.IntN(5001), created(), now)
		id := lastID(t, gdb, "recommended_prices")
		for _, c := range w.cats {
			if rnd.IntN(3) == 0 {
				exec(t, gdb, "INSERT INTO recommended_price_categories (recommended_price_id, category_id) VALUES (?, ?)", id, c)
			}
		}
	}
	for i := range 20 {
		exec(t, gdb, `INSERT INTO authenticated_discounts (name, category_id, supplier_id, brand_id, price_from, price_to, discount_bps, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, fmt.Sprintf("ad%d", i), opt(w.cats), opt(w.suppliers), opt(w.brands), bound(), bound(),
			rnd.IntN(4000), created(), now)
	}
	exec(t, gdb, "INSERT INTO discount_types (name, is_percentage, created_at, updated_at) VALUES ('Procenat', ?, ?, ?)", true, now, now)
	pctType := lastID(t, gdb, "discount_types")
	exec(t, gdb, "INSERT INTO discount_types (name, is_percentage, created_at, updated_at) VALUES ('Fiksna', ?, ?, ?)", false, now, now)
	fixedType := lastID(t, gdb, "discount_types")
	day := func(offset int) time.Time { return time.Date(2026, 11, 25+offset, 0, 0, 0, 0, time.UTC) }
	for i := range nProducts {
		sku := fmt.Sprintf("P%d", i)
		var entry int64
		switch i % 3 {
		case 0:
			entry = rnd.Int64N(2_000_000)
		case 1:
			entry = rnd.Int64N(100_000_000)
		default:
			entry = int64(rnd.IntN(40)) * 50_000 // on a rule's bound
		}
		var manufacturer *uint64
		if rnd.IntN(4) > 0 {
			manufacturer = &manufacturers[rnd.IntN(len(manufacturers))]
		}
		supplier := opt(w.suppliers)
		exec(t, gdb, `INSERT INTO products (sku, name, slug, entry_price, main_category_id, supplier_id, brand_id, manufacturer_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, sku, sku, sku, entry, w.cats[rnd.IntN(len(w.cats))], supplier, opt(w.brands), manufacturer, now, now)
		id := lastID(t, gdb, "products")
		w.products = append(w.products, id)
		if rnd.IntN(4) > 0 {
			sid := w.suppliers[0]
			if supplier != nil {
				sid = *supplier
			}
			rec := int64(0)
			if rnd.IntN(4) > 0 {
				rec = entry/2 + rnd.Int64N(entry*5+1)
			}
			exec(t, gdb, `INSERT INTO supplier_products (supplier_id, sku, name, price, recommended_price, product_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, sid, sku, sku, entry, rec, id, now, now)
		}
		// Up to two actions that do not overlap: one around today (or not), one later or earlier.
		switch rnd.IntN(5) {
		case 0, 1:
			from := rnd.IntN(5) - 3
			to := from + rnd.IntN(4)
			typ, price, pct := fixedType, rnd.Int64N(1_000_000), 0
			if rnd.IntN(2) == 0 {
				typ, price, pct = pctType, 0, rnd.IntN(10001)
			}
			exec(t, gdb, `INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, typ, price, pct, day(from), day(to), now, now)
			exec(t, gdb, `INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, fixedType, rnd.Int64N(1_000_000), 0, day(to+1), day(to+3), now, now)
		}
	}
	return w
}

// expectAgree compares every product's stored derived prices with Evaluate over the inputs
// LoadInputs reads for it.
func expectAgree(t *testing.T, ctx context.Context, gdb *gorm.DB, svc *pricing.Service, ids []uint64) {
	t.Helper()
	bad := 0
	seen := map[string]int{}
	defer func() {
		// The random world must exercise every branch of the formula, or it proves little.
		for _, k := range []string{"web rule", "category margin", "capped", "cap above web", "auth rule", "ceiling", "percentage action", "fixed action", "no action"} {
			if seen[k] == 0 {
				t.Errorf("no product with %s (seen %v)", k, seen)
			}
		}
	}()
	for _, id := range ids {
		in, st, err := svc.LoadInputs(ctx, gdb, id)
		if err != nil {
			t.Fatal(err)
		}
		x := pricing.Evaluate(in)
		mark := func(k string, ok bool) {
			if ok {
				seen[k]++
			}
		}
		mark("web rule", x.WebRule != nil)
		mark("category margin", x.WebRule == nil)
		mark("capped", x.Capped)
		mark("cap above web", x.Cap != nil && !x.Capped)
		mark("auth rule", x.AuthRule != nil && !x.CeilingApplied)
		mark("ceiling", x.CeilingApplied)
		mark("percentage action", x.Action != nil && x.Action.IsPercentage)
		mark("fixed action", x.Action != nil && !x.Action.IsPercentage)
		mark("no action", x.Action == nil)
		want := pricing.Stored{Prices: x.Prices, DiscountPrice: x.DiscountPrice, ActiveDiscountID: x.ActiveDiscount}
		if diff := cmp.Diff(want, st); diff != "" {
			bad++
			t.Errorf("product %d (entry %d) (-Evaluate +SQL):\n%s", id, in.Entry, diff)
			if bad >= 10 {
				t.FailNow()
			}
		}
	}
}

// TestRulesRecomputeAgreesWithEvaluate is the property for the whole formula: with random
// web-margin rules, recommended prices, authenticated discounts and actions, what the
// set-based recompute writes equals Evaluate for every product, on both databases; so does
// the price-list path (ApplyOffersTx); the statement writes nothing the second time.
func TestRulesRecomputeAgreesWithEvaluate(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		svc := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(belgradeNoon), pricing.Options{})
		seed := uint64(time.Now().UnixNano())
		t.Logf("seed %d", seed)
		rnd := rand.New(rand.NewPCG(seed, 7))
		w := buildRandomWorld(t, gdb, rnd, 300)
		n, err := svc.RecomputeTx(ctx, gdb, pricing.All())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Fatal("the first recompute wrote nothing")
		}
		expectAgree(t, ctx, gdb, svc, w.products)
		if n, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil || n != 0 {
			t.Errorf("second recompute wrote %d (%v), want 0", n, err)
		}

		// The price-list path: new entry prices through the offers of supplier_products.
		exec(t, gdb, "UPDATE supplier_products SET price = price * 3 / 2 + 1")
		err = gdb.Transaction(func(tx *gorm.DB) error {
			_, err := svc.ApplyOffersTx(ctx, tx, tx.Table("supplier_products").
				Select("product_id, price AS entry_price, stock, supplier_id").Where("product_id IS NOT NULL"))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		expectAgree(t, ctx, gdb, svc, w.products)
		if n, err := svc.RecomputeTx(ctx, gdb, pricing.All()); err != nil || n != 0 {
			t.Errorf("recompute after the offers wrote %d (%v), want 0", n, err)
		}
	})
}
