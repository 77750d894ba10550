package eoffer

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// maxSQLValue bounds the settings' value (hundredths) that the set-based recalculation takes:
// with it every product of base and factor stays far inside a 64-bit integer on both
// databases (prices up to 4·10^12 para). A larger value (over 10,000 % or 10,000 RSD, which
// no operator means) is computed by the Go reference, with big integers.
const maxSQLValue = 1_000_000

// roundDivSQL is roundDiv in SQL: n / d to the nearest integer, half away from zero (d > 0).
// Both databases divide integers truncating toward zero.
func roundDivSQL(n string, d int64) string {
	return fmt.Sprintf("(CASE WHEN (%[1]s) < 0 THEN -((-(%[1]s) * 2 + %[2]d) / %[3]d) ELSE ((%[1]s) * 2 + %[2]d) / %[3]d END)", n, d, 2*d)
}

// recalcSQL is Recalc's rows for values up to maxSQLValue: on SQLite computed in one statement
// over the stored offers (per product the lowest price of the offers neither ignored nor ours,
// the entry price with VAT, the new price and the position at it, by name); on PostgreSQL by
// recalcPG (narrow reads, the arithmetic in Go). Either gives exactly what compute gives for
// each product (TestRecalcSQLMatchesReference); a product with no price relative to e-ponuda
// comes back with ok false.
func (s *Service) recalcSQL(ctx context.Context, importID uint64, p parsedSettings, scope Scope) (rows []Row, priced []bool, err error) {
	if s.db.Dialector.Name() == "postgres" {
		return s.recalcPG(ctx, importID, p, scope, nil)
	}
	return s.recalcSQLIn(s.db.WithContext(ctx), importID, p, scope)
}

func (s *Service) recalcSQLIn(db *gorm.DB, importID uint64, p parsedSettings, scope Scope) ([]Row, []bool, error) {
	// The file's shop names, told apart in Go with the same fold as the reference: ours, and
	// ignored (not counted in the minimum, still in the position).
	var shops []string
	if err := db.Raw("SELECT DISTINCT shop FROM eoffer_offers WHERE import_id = ?", importID).Scan(&shops).Error; err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: competitors")
	}
	own := s.ownShops()
	var ours, left []string
	for _, sh := range shops {
		f := fold(sh)
		if own[f] {
			ours = append(ours, sh)
		}
		if own[f] || p.ignore[f] {
			left = append(left, sh)
		}
	}
	var args []any
	minOf := "o.price"
	if len(left) > 0 {
		minOf = "CASE WHEN o.shop IN ? THEN NULL ELSE o.price END"
		args = append(args, left)
	}
	args = append(args, importID)
	entryVAT := roundDivSQL("p.entry_price * (10000 + COALESCE(c.pdv_bps, 0))", 10000)
	base := "n.m"
	sign := int64(-1)
	if p.relative != RelativeEponuda {
		base, sign = "n.entry_vat", 1
	}
	var newPrice string
	if p.format == FormatPercent {
		newPrice = roundDivSQL(fmt.Sprintf("%s * %d", base, 10000+sign*p.value), 10000*100) + " * 100"
	} else {
		newPrice = roundDivSQL(fmt.Sprintf("%s + %d", base, sign*p.value), 100) + " * 100"
	}
	where := scope.conditions("p")
	cheaper := "o.price < r.new_price"
	if len(ours) > 0 {
		cheaper = "o.shop NOT IN ? AND " + cheaper
	}
	q := `WITH a AS (SELECT o.product_id, MIN(` + minOf + `) AS m FROM eoffer_offers o WHERE o.import_id = ? GROUP BY o.product_id),
n AS (SELECT p.id, p.name, p.sku, p.entry_price, p.web_price, p.main_category_id, c.name AS category, p.supplier_id,
		su.name AS supplier, a.m, ` + entryVAT + ` AS entry_vat
	FROM a JOIN products p ON p.id = a.product_id
	LEFT JOIN categories c ON c.id = p.main_category_id
	LEFT JOIN suppliers su ON su.id = p.supplier_id
	WHERE ` + strings.Join(where, " AND ") + `),
r AS (SELECT n.*, ` + newPrice + ` AS new_price FROM n),
k AS (SELECT o.product_id, COUNT(*) AS cheaper FROM eoffer_offers o JOIN r ON r.id = o.product_id
	WHERE o.import_id = ? AND ` + cheaper + ` GROUP BY o.product_id)
SELECT r.id, r.name, r.sku, r.entry_price, r.web_price, r.main_category_id, r.category, r.supplier_id, r.supplier,
	r.m, r.entry_vat, r.new_price, COALESCE(k.cheaper, 0) AS cheaper
FROM r LEFT JOIN k ON k.product_id = r.id ORDER BY r.name, r.id`
	args = append(args, importID)
	if len(ours) > 0 {
		args = append(args, ours)
	}
	dbRows, err := db.Raw(q, args...).Rows()
	if err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: recalculate")
	}
	defer dbRows.Close()
	var out []Row
	var ok []bool
	for dbRows.Next() {
		var (
			r                   Row
			entry, web, withVAT int64
			mainCat, supplierID *uint64
			cat, supplier       *string
			m, newP             *int64
			cheaperN            int64
		)
		if err := dbRows.Scan(&r.ID, &r.Name, &r.SKU, &entry, &web, &mainCat, &cat, &supplierID, &supplier, &m, &withVAT, &newP, &cheaperN); err != nil {
			return nil, nil, apperr.Wrap(err, "e-offer: recalculate")
		}
		r.entryNet, r.WebPrice, r.EntryPrice = money.Para(entry), money.Para(web), money.Para(withVAT)
		if mainCat != nil {
			r.CategoryID = *mainCat
		}
		r.SupplierID, r.Supplier, r.Category = supplierID, supplier, []string{}
		if cat != nil {
			r.Category = []string{*cat}
		}
		if m != nil {
			r.EponudaMin = money.Para(*m)
		}
		priced := newP != nil
		if priced {
			// Never below 0 (the reference's clamp); no offer is cheaper than a negative price
			// either, so the position holds.
			r.NewPrice = max(money.Para(*newP), 0)
			r.Position = 1 + int(cheaperN)
		}
		out = append(out, r)
		ok = append(ok, priced)
	}
	if err := dbRows.Err(); err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: recalculate")
	}
	return out, ok, nil
}
