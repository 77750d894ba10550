package pricing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
)

// Scope is a set of products to recompute, made by the functions below (never from a caller's
// SQL). Kind and IDs name it for the coalescing job (a scope without a kind is recomputed at
// once by Schedule, never queued).
type Scope struct {
	cond  string
	args  []any
	empty bool
	kind  string
	ids   []uint64
}

// Scope kinds: the queue payload's names of the constructors below.
const (
	KindProducts     = "products"
	KindCategory     = "category"
	KindAll          = "all"
	KindManufacturer = "manufacturer"
	KindActionsDue   = "actions_due"
)

// maxScopeIDs is how many ids one recompute statement binds.
const maxScopeIDs = 10_000

// Products are the products with these ids.
func Products(ids ...uint64) Scope {
	return Scope{cond: "p.id IN ?", args: []any{ids}, empty: len(ids) == 0, kind: KindProducts, ids: ids}
}

// MainCategory are the products whose main category is id (whose VAT and margins they take).
func MainCategory(id uint64) Scope {
	return Scope{cond: "p.main_category_id = ?", args: []any{id}, kind: KindCategory, ids: []uint64{id}}
}

// All are every product (a rule without a category, a VAT change across the shop).
func All() Scope { return Scope{cond: "1 = 1", kind: KindAll} }

// Manufacturer are the products of a manufacturer (a value of the manufacturer attribute):
// a recommended-price rule's products.
func Manufacturer(id uint64) Scope {
	return Scope{cond: "p.manufacturer_id = ?", args: []any{id}, kind: KindManufacturer, ids: []uint64{id}}
}

// AddedAfter are the products with an id above id: a seeder's new rows.
func AddedAfter(id uint64) Scope { return Scope{cond: "p.id > ?", args: []any{id}} }

// actionsDue are the products whose action may have started or ended since their last
// recompute: those with an action valid today (tomorrow and today are the arguments) and
// those showing one now. The midnight job's scope; writing only what changes keeps it cheap.
func actionsDue(tomorrow, today string) Scope {
	return Scope{cond: "(p.active_discount_id IS NOT NULL OR EXISTS (SELECT 1 FROM discounts ad WHERE ad.product_id = p.id" +
		" AND ad.valid_from < ? AND ad.valid_to >= ?))", args: []any{tomorrow, today}, kind: KindActionsDue}
}

// ScopeOf rebuilds a scope from its kind and ids (a queued job's payload).
func (s *Service) ScopeOf(kind string, ids []uint64) (Scope, error) {
	one := func(f func(uint64) Scope) (Scope, error) {
		if len(ids) != 1 {
			return Scope{}, apperr.New(apperr.Invalid, "error.invalid")
		}
		return f(ids[0]), nil
	}
	switch kind {
	case KindProducts:
		return Products(ids...), nil
	case KindCategory:
		return one(MainCategory)
	case KindManufacturer:
		return one(Manufacturer)
	case KindDiscountType:
		return one(DiscountTypeProducts)
	case KindMassRun:
		return one(MassRunProducts)
	case KindAll:
		return All(), nil
	case KindActionsDue:
		d := s.days()
		return actionsDue(d[0].(string), d[1].(string)), nil
	}
	return Scope{}, apperr.New(apperr.Invalid, "error.invalid")
}

// key names the scope for coalescing: one queued recompute per key and window.
func (sc Scope) key() string {
	if sc.kind == "" {
		return ""
	}
	ids := slices.Compact(slices.Sorted(slices.Values(sc.ids)))
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatUint(id, 10)
	}
	list := strings.Join(parts, ",")
	if len(ids) > 4 {
		h := sha256.Sum256([]byte(list))
		list = hex.EncodeToString(h[:12])
	}
	return sc.kind + ":" + list
}

// source is where a recompute reads each product's entry price: the product itself, or a
// supplier's offers that also bring what is written with the prices (carry).
type source struct {
	from     string  // a FROM clause naming the products p
	entry    string  // the entry price expression
	supplier string  // the product's supplier expression (rules match on it)
	carry    []carry // product columns written along with the prices
	where    string
}

// carry is a product column set from the source in the same statement.
type carry struct {
	column, expr string
	nullable     bool
}

// specificity counts the non-NULL columns of a rule row aliased a.
func specificity(a string, cols ...string) string {
	var parts []string
	for _, c := range cols {
		parts = append(parts, fmt.Sprintf("CASE WHEN %s.%s IS NULL THEN 0 ELSE 1 END", a, c))
	}
	return "(" + strings.Join(parts, " + ") + ")"
}

// ruleMatch is the matching of a rule row aliased a on the product row s (of price_src):
// supplier, brand and the entry-price range.
func ruleMatch(a string) string {
	return fmt.Sprintf("(%[1]s.supplier_id IS NULL OR %[1]s.supplier_id = s.supplier_id) AND (%[1]s.brand_id IS NULL OR %[1]s.brand_id = s.brand_id)"+
		" AND (%[1]s.price_from IS NULL OR %[1]s.price_from <= s.entry) AND (%[1]s.price_to IS NULL OR %[1]s.price_to >= s.entry)", a)
}

// best is a CTE body picking, for every product of price_src, the first of its matching rows
// of join in order (ROW_NUMBER over the product): the most specific rule, ties the newest, as
// bestWebRule, bestRecommendedRule, bestAuthRule and todaysAction of evaluate.go. One join and
// one sort for all the products, instead of a lookup per product.
func best(value, join, order string) string {
	return "SELECT id, v FROM (SELECT s.id, " + value + " AS v, ROW_NUMBER() OVER (PARTITION BY s.id ORDER BY " + order +
		") AS rn FROM price_src s " + join + ") x WHERE rn = 1"
}

// ruleCTEs are the rule choices, each a CTE of (id, v). The action's two arguments are
// tomorrow and today (YYYY-MM-DD): valid_from < tomorrow and valid_to >= today hold for the
// stored dates whether the database keeps a date (PostgreSQL) or text that may carry a time
// after the date (SQLite).
var ruleCTEs = []struct{ name, body string }{
	{"best_web", best("w.margin_bps", "JOIN web_margin_rules w ON w.category_id = s.main_category_id AND "+ruleMatch("w"),
		specificity("w", "supplier_id", "brand_id", "price_from", "price_to")+" DESC, w.created_at DESC, w.id DESC")},
	{"best_auth", best("ad.discount_bps", "JOIN authenticated_discounts ad ON (ad.category_id IS NULL OR ad.category_id = s.main_category_id) AND "+ruleMatch("ad"),
		specificity("ad", "category_id", "supplier_id", "brand_id", "price_from", "price_to")+" DESC, ad.created_at DESC, ad.id DESC")},
	{"best_rec", best("rp.lower_bps", "JOIN recommended_prices rp ON rp.manufacturer_id = s.manufacturer_id"+
		" LEFT JOIN recommended_price_categories rc ON rc.recommended_price_id = rp.id AND rc.category_id = s.main_category_id"+
		" WHERE rc.category_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM recommended_price_categories rn WHERE rn.recommended_price_id = rp.id)",
		"CASE WHEN rc.category_id IS NULL THEN 0 ELSE 1 END DESC, rp.created_at DESC, rp.id DESC")},
	{"best_action", best("d.id", "JOIN discounts d ON d.product_id = s.id AND d.valid_from < ? AND d.valid_to >= ?",
		"d.valid_from DESC, d.id DESC")},
}

// lowerSQL is x × a / 10⁴ rounded half up to whole dinars, for x ≥ 0 and 0 ≤ a < 2·10⁴, in
// 64-bit integers: x = h·10⁴ + l gives x·a/10⁴ = h·a + (l·a)/10⁴, remainder (l·a) mod 10⁴.
func lowerSQL(x, a string) string {
	q := fmt.Sprintf("((%[1]s / %[3]d) * %[2]s + ((%[1]s %% %[3]d) * %[2]s) / %[3]d)", x, a, bpsScale)
	r := fmt.Sprintf("(((%[1]s %% %[3]d) * %[2]s) %% %[3]d)", x, a, bpsScale)
	return fmt.Sprintf("((%[1]s / 100 + CASE WHEN 2 * ((%[1]s %% 100) * %[3]d + %[2]s) >= %[4]d THEN 1 ELSE 0 END) * 100)", q, r, bpsScale, 100*bpsScale)
}

// signedLowerSQL is lowerSQL on |x| with x's sign put back (half away from zero).
func signedLowerSQL(x, a string) string {
	return fmt.Sprintf("(CASE WHEN %[1]s < 0 THEN -1 ELSE 1 END * %[2]s)", x, lowerSQL("ABS("+x+")", a))
}

// render builds the one UPDATE of src from formula. The arithmetic is exact in 64-bit integers
// on both databases (SQLite has no decimal type and silently turns an overflowing integer into a
// float), one factor per layer: the value so far is kept as q + r/P, P = 10⁴ᵏ after k factors
// (0 ≤ r < P). Multiplying by a = 10⁴ + percentage and dividing by d = 10⁴ splits q = h·d + l:
// q·a/d = h·a + (l·a)/d + ((l·a) mod d)/d, so with t = ((l·a) mod d)·P + r·a the new value is
// q' = h·a + (l·a)/d + t/P', r' = t mod P', P' = P·d. Every term stays below about
// 4 × |entry| (a ≤ 19,999) or 3·P', so any entry price below 2·10¹⁸ para is exact. The last
// layer rounds q + r/P to unit half up: q/unit + (2·((q mod unit)·P + r) ≥ unit·P). Half up
// means half away from zero, as in Derive: the sign is taken off first and put back at the end.
// Then the rules that act on the web price (the recommended cap, the authenticated discount,
// today's action), each a single factor (lowerSQL), in two more layers.
//
// The products and their entry prices come first (price_src, materialized: every rule CTE reads
// it), then the rule choices (ruleCTEs), then price_inputs (materialized too: neither database
// may copy its expressions into every reference of the layers above).
//
// Its arguments: those of src, tomorrow's and today's dates (best_action), then updated_at.
func render(src source) rendered {
	srcCols := []string{"p.id AS id", src.entry + " AS entry", src.supplier + " AS supplier_id", "p.brand_id AS brand_id",
		"p.main_category_id AS main_category_id", "p.manufacturer_id AS manufacturer_id", "p.eponuda_price AS ep"}
	for _, c := range src.carry {
		srcCols = append(srcCols, c.expr+" AS c_"+c.column)
	}
	srcRows := "SELECT " + strings.Join(srcCols, ", ") + " FROM " + src.from
	if src.where != "" {
		srcRows += " WHERE " + src.where
	}
	cols := []string{"s.id AS id", "s.entry AS entry", "CASE WHEN s.entry < 0 THEN -1 ELSE 1 END AS sg", "ABS(s.entry) AS e",
		"best_action.v AS d_id", "best_rec.v AS rec_lower", "sp.recommended_price AS rec", "best_auth.v AS auth_d", "s.ep AS ep"}
	for _, c := range src.carry {
		cols = append(cols, "s.c_"+c.column+" AS c_"+c.column)
	}
	for _, in := range inputs {
		col := "c." + in.column
		if in.name == webMargin.name {
			col = "COALESCE(best_web.v, " + col + ")"
		}
		cols = append(cols, fmt.Sprintf("%d + %s AS %s", bpsScale, col, in.name))
	}
	with := []string{"price_src AS MATERIALIZED (" + srcRows + ")"}
	from := " FROM price_src s JOIN categories c ON c.id = s.main_category_id LEFT JOIN supplier_products sp ON sp.product_id = s.id"
	for _, r := range ruleCTEs {
		with = append(with, r.name+" AS ("+r.body+")")
		from += " LEFT JOIN " + r.name + " ON " + r.name + ".id = s.id"
	}
	with = append(with, "price_inputs AS MATERIALIZED (SELECT "+strings.Join(cols, ", ")+from+")")
	q := "SELECT * FROM price_inputs"
	steps := 0
	for _, d := range formula {
		steps = max(steps, len(d.factors))
	}
	// qr names the value after k factors of d (k = 0: the entry itself) and its P.
	qr := func(d derived, k int) (q, r string, p int64) {
		p = 1
		for range k {
			p *= bpsScale
		}
		if k == 0 {
			return "l.e", "0", p
		}
		return fmt.Sprintf("l.%s_q%d", d.column, k), fmt.Sprintf("l.%s_r%d", d.column, k), p
	}
	for k := 1; k <= steps; k++ {
		var exprs []string
		for _, d := range formula {
			if len(d.factors) < k {
				continue
			}
			pq, pr, p := qr(d, k-1)
			a, dd, p2 := "l."+d.factors[k-1].name, int64(bpsScale), p*bpsScale
			la := fmt.Sprintf("((%s %% %d) * %s)", pq, dd, a)
			t := fmt.Sprintf("((%s %% %d) * %d + %s * %s)", la, dd, p, pr, a)
			exprs = append(exprs,
				fmt.Sprintf("(%s / %d) * %s + %s / %d + %s / %d AS %s_q%d", pq, dd, a, la, dd, t, p2, d.column, k),
				fmt.Sprintf("%s %% %d AS %s_r%d", t, p2, d.column, k))
		}
		q = "SELECT l.*, " + strings.Join(exprs, ", ") + " FROM (" + q + noFlatten + ") l"
	}
	final := []string{"l.id", "l.entry", "l.d_id", "l.rec", "l.rec_lower", "l.ep",
		fmt.Sprintf("%d - CASE WHEN l.auth_d > %d THEN %d ELSE COALESCE(l.auth_d, 0) END AS f_auth", bpsScale, AuthenticatedCeiling, AuthenticatedCeiling)}
	for _, c := range src.carry {
		final = append(final, "l.c_"+c.column)
	}
	for _, d := range formula {
		pq, pr, p := qr(d, len(d.factors))
		final = append(final, fmt.Sprintf("l.sg * (%s / %d + CASE WHEN 2 * ((%s %% %d) * %d + %s) >= %d THEN 1 ELSE 0 END) * %d AS %s",
			pq, d.unit, pq, d.unit, p, pr, d.unit*p, d.unit, d.column))
	}
	q = "SELECT " + strings.Join(final, ", ") + " FROM (" + q + noFlatten + ") l"
	// The recommended cap: where a rule matches and the supplier gives a recommended price. The
	// web price e-ponuda set (products.eponuda_price) replaces either.
	capped := lowerSQL("l.rec", fmt.Sprintf("(%d - l.rec_lower)", bpsScale))
	q = "SELECT l.*, CASE WHEN l.ep IS NOT NULL THEN l.ep WHEN l.rec > 0 AND l.rec_lower IS NOT NULL AND " + capped + " < l.web_price THEN " + capped +
		" ELSE l.web_price END AS web_final FROM (" + q + noFlatten + ") l"
	// The authenticated discount and today's action act on the final web price.
	q = "SELECT l.*, " + signedLowerSQL("l.web_final", "l.f_auth") + " AS auth_final, dd.id AS discount_id, CASE WHEN dd.id IS NULL THEN NULL" +
		" WHEN dt.is_percentage THEN " + signedLowerSQL("l.web_final", fmt.Sprintf("(%d - dd.percentage_bps)", bpsScale)) +
		" ELSE dd.price END AS discount_final FROM (" + q + noFlatten + ") l LEFT JOIN discounts dd ON dd.id = l.d_id" +
		" LEFT JOIN discount_types dt ON dt.id = dd.discount_type_id"

	var set, differs []string
	for _, c := range src.carry {
		set = append(set, c.column+" = r.c_"+c.column)
		if c.nullable {
			differs = append(differs, "products."+c.column+" IS DISTINCT FROM r.c_"+c.column)
		} else {
			differs = append(differs, "products."+c.column+" <> r.c_"+c.column)
		}
	}
	for _, c := range []struct {
		column, value string
		nullable      bool
	}{{"web_price", "web_final", false}, {"retail_price", "retail_price", false}, {"dealer_price", "dealer_price", false},
		{"authenticated_price", "auth_final", false}, {"discount_price", "discount_final", true}, {"active_discount_id", "discount_id", true}} {
		set = append(set, c.column+" = r."+c.value)
		if c.nullable {
			differs = append(differs, "products."+c.column+" IS DISTINCT FROM r."+c.value)
		} else {
			differs = append(differs, "products."+c.column+" <> r."+c.value)
		}
	}
	withSQL := "WITH " + strings.Join(with, ", ") + " "
	return rendered{
		update: withSQL + "UPDATE products SET " + strings.Join(set, ", ") + ", updated_at = ? FROM (" + q + noFlatten + ") r WHERE products.id = r.id AND (" +
			strings.Join(differs, " OR ") + ")",
		changes: withSQL + "SELECT products.id AS product_id, products.sku, products.name, products.web_price AS old_web, r.web_final AS new_web," +
			" products.authenticated_price AS old_authenticated, r.auth_final AS new_authenticated," +
			" products.discount_price AS old_discount, r.discount_final AS new_discount FROM products JOIN (" + q + noFlatten + ") r ON products.id = r.id" +
			" WHERE (" + strings.Join(differs, " OR ") + ")",
	}
}

// noFlatten ends every layer's subquery: an OFFSET keeps both databases from pulling the layer
// up into the one above (PostgreSQL's subquery pull-up, SQLite's flattening), which would copy
// each of its expressions into every reference above it: the layers refer to each value several
// times, so the copies multiply layer by layer (a recompute of 100,000 products took minutes).
// The LIMIT is there because SQLite accepts OFFSET only after one.
const noFlatten = " LIMIT 9223372036854775807 OFFSET 0"

// rendered are the two statements of a source: the UPDATE (arguments: render's), and the
// SELECT of what it would change, old and new values side by side (the same arguments
// without updated_at), for a dry run and the CLI's report.
type rendered struct{ update, changes string }

// recomputeSQL is the recompute of the products a scope's condition selects.
func recomputeSQL(where string) rendered {
	return render(source{from: "products p", entry: "p.entry_price", supplier: "p.supplier_id", where: where})
}

// offersSQL is rendered once: the statement never changes at run time.
var offersSQL = render(source{
	from:     "(?) src JOIN products p ON p.id = src.product_id",
	entry:    "src.entry_price",
	supplier: "src.supplier_id",
	carry:    []carry{{"entry_price", "src.entry_price", false}, {"stock", "src.stock", false}, {"supplier_id", "src.supplier_id", true}},
})

// days are the arguments of best_action: tomorrow and today in the shop's calendar.
func (s *Service) days() []any {
	today := s.clk.Today()
	t, _ := clock.StartOfDay(today)
	return []any{t.AddDate(0, 0, 1).Format(time.DateOnly), today}
}

// RecomputeTx recomputes the derived prices of the scope's products inside the caller's
// transaction, in one statement, exactly as Derive computes them. Only products whose prices
// change are written (their updated_at moves), so running it again writes nothing; it answers
// how many were written.
func (s *Service) RecomputeTx(ctx context.Context, tx *gorm.DB, scope Scope) (int64, error) {
	if scope.empty {
		return 0, nil
	}
	if scope.kind == KindProducts && len(scope.ids) > maxScopeIDs {
		// One statement per chunk of ids, in the caller's transaction: SQLite binds at most
		// 32,766 parameters (a mass discount may name 50,000 products).
		var total int64
		for ids := range slices.Chunk(scope.ids, maxScopeIDs) {
			n, err := s.RecomputeTx(ctx, tx, Products(ids...))
			if err != nil {
				return total, err
			}
			total += n
		}
		return total, nil
	}
	q, args := s.RecomputeStatement(scope)
	res := tx.WithContext(ctx).Exec(q, args...)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "recompute prices")
	}
	return res.RowsAffected, nil
}

// ApplyOffersTx gives products a supplier's offer (entry price, stock and supplier) with the
// derived prices that follow, all in one UPDATE inside the caller's transaction, so each product
// row is written once, and only when something changes. offers is a query built by the owner of
// the offers (the catalogue's supplier products) yielding product_id, entry_price, stock and
// supplier_id, one row per product. It answers how many products changed.
func (s *Service) ApplyOffersTx(ctx context.Context, tx *gorm.DB, offers *gorm.DB) (int64, error) {
	res := tx.WithContext(ctx).Exec(offersSQL.update, append(append([]any{offers}, s.days()...), s.now())...)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "apply supplier offers")
	}
	return res.RowsAffected, nil
}
