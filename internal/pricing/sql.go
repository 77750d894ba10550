package pricing

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// Scope is a set of products to recompute, made by the functions below (never from a caller's
// SQL).
type Scope struct {
	cond  string
	args  []any
	empty bool
}

// Products are the products with these ids.
func Products(ids ...uint64) Scope {
	return Scope{cond: "p.id IN ?", args: []any{ids}, empty: len(ids) == 0}
}

// MainCategory are the products whose main category is id (whose VAT and margins they take).
func MainCategory(id uint64) Scope { return Scope{cond: "p.main_category_id = ?", args: []any{id}} }

// All are every product (a rule without a category, a VAT change across the shop).
func All() Scope { return Scope{cond: "1 = 1"} }

// Manufacturer are the products of a manufacturer (a value of the manufacturer attribute):
// a recommended-price rule's products.
func Manufacturer(id uint64) Scope { return Scope{cond: "p.manufacturer_id = ?", args: []any{id}} }

// AddedAfter are the products with an id above id: a seeder's new rows.
func AddedAfter(id uint64) Scope { return Scope{cond: "p.id > ?", args: []any{id}} }

// source is where a recompute reads each product's entry price: the product itself, or a
// supplier's offers that also bring what is written with the prices (carry).
type source struct {
	from  string  // a FROM clause naming the products p
	entry string  // the entry price expression
	carry []carry // product columns written along with the prices
	where string
}

// carry is a product column set from the source in the same statement.
type carry struct {
	column, expr string
	nullable     bool
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
func render(src source) string {
	cols := []string{"p.id AS id", src.entry + " AS entry",
		"CASE WHEN " + src.entry + " < 0 THEN -1 ELSE 1 END AS sg", "ABS(" + src.entry + ") AS e", "p.eponuda_price AS ep"}
	for _, c := range src.carry {
		cols = append(cols, c.expr+" AS c_"+c.column)
	}
	for _, in := range inputs {
		cols = append(cols, fmt.Sprintf("%d + c.%s AS %s", bpsScale, in.column, in.name))
	}
	q := "SELECT " + strings.Join(cols, ", ") + " FROM " + src.from + " JOIN categories c ON c.id = p.main_category_id"
	if src.where != "" {
		q += " WHERE " + src.where
	}
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
		q = "SELECT l.*, " + strings.Join(exprs, ", ") + " FROM (" + q + ") l"
	}
	final := []string{"l.id", "l.entry"}
	for _, c := range src.carry {
		final = append(final, "l.c_"+c.column)
	}
	for _, d := range formula {
		pq, pr, p := qr(d, len(d.factors))
		v := fmt.Sprintf("l.sg * (%s / %d + CASE WHEN 2 * ((%s %% %d) * %d + %s) >= %d THEN 1 ELSE 0 END) * %d",
			pq, d.unit, pq, d.unit, p, pr, d.unit*p, d.unit)
		if d.column == eponudaReplaces {
			v = "COALESCE(l.ep, " + v + ")"
		}
		final = append(final, v+" AS "+d.column)
	}
	q = "SELECT " + strings.Join(final, ", ") + " FROM (" + q + ") l"

	var set, differs []string
	for _, c := range src.carry {
		set = append(set, c.column+" = r.c_"+c.column)
		if c.nullable {
			differs = append(differs, "products."+c.column+" IS DISTINCT FROM r.c_"+c.column)
		} else {
			differs = append(differs, "products."+c.column+" <> r.c_"+c.column)
		}
	}
	for _, d := range formula {
		set = append(set, d.column+" = r."+d.column)
		differs = append(differs, "products."+d.column+" <> r."+d.column)
	}
	for _, c := range copies {
		set = append(set, c.column+" = r."+c.of)
		differs = append(differs, "products."+c.column+" <> r."+c.of)
	}
	return "UPDATE products SET " + strings.Join(set, ", ") + ", updated_at = ? FROM (" + q + ") r WHERE products.id = r.id AND (" +
		strings.Join(differs, " OR ") + ")"
}

// recomputeSQL is the recompute of the products a scope's condition selects.
func recomputeSQL(where string) string {
	return render(source{from: "products p", entry: "p.entry_price", where: where})
}

// offersSQL is rendered once: the statement never changes at run time.
var offersSQL = render(source{
	from:  "(?) src JOIN products p ON p.id = src.product_id",
	entry: "src.entry_price",
	carry: []carry{{"entry_price", "src.entry_price", false}, {"stock", "src.stock", false}, {"supplier_id", "src.supplier_id", true}},
})

// RecomputeTx recomputes the derived prices of the scope's products inside the caller's
// transaction, in one statement, exactly as Derive computes them. Only products whose prices
// change are written (their updated_at moves), so running it again writes nothing; it answers
// how many were written.
func (s *Service) RecomputeTx(ctx context.Context, tx *gorm.DB, scope Scope) (int64, error) {
	if scope.empty {
		return 0, nil
	}
	res := tx.WithContext(ctx).Exec(recomputeSQL(scope.cond), append([]any{s.now()}, scope.args...)...)
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
	res := tx.WithContext(ctx).Exec(offersSQL, s.now(), offers)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "apply supplier offers")
	}
	return res.RowsAffected, nil
}
