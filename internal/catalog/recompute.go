package catalog

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// recomputeSQL is DerivePrices as one set-based UPDATE. The products and their entry prices
// come from {{from}} (the products themselves, or a supplier's price-list rows that also bring
// stock and supplier); the margins from each product's main category (the pricing issue adds
// its rule tables to the margin step, "m"). Only products whose prices
// change are written, so a recompute that changes nothing writes nothing.
//
// The arithmetic is exact in 64-bit integers on both databases (SQLite has no decimal type and
// silently turns an overflowing integer into a float): web = round(|entry| × a × b / 10^10)
// with a, b ≤ 19,999 is split as x = |entry| × a = xh·10^5 + xl, then
// x × b = (xh × b)·10^5 + xl × b = hq·10^10 + hr·10^5 + xl × b, so the rounded quotient is
// hq + (hr·10^5 + xl × b + 5·10^9) / 10^10, every term far below 2^63 for an entry price up
// to 4.6·10^14 para (4.6 trillion dinars). Half up means half away from zero, as in
// DerivePrices: the sign is taken off first and put back at the end.
const recomputeSQL = `UPDATE products SET {{set}}web_price = r.web, authenticated_price = r.web, retail_price = r.retail,
	dealer_price = r.dealer, updated_at = ?
FROM (
	SELECT s.id, s.entry, s.stock, s.supplier_id,
		s.sg * (s.wh / 100000 + ((s.wh % 100000) * 100000 + s.wxl * s.b + 5000000000) / 10000000000) * 100 AS web,
		s.sg * (s.rh / 100000 + ((s.rh % 100000) * 100000 + s.rxl * s.b + 5000000000) / 10000000000) * 100 AS retail,
		s.sg * ((s.e * s.da + 5000) / 10000) AS dealer
	FROM (
		SELECT x.id, x.entry, x.stock, x.supplier_id, x.sg, x.e, x.b, x.da, x.wxh * x.b AS wh, x.wxl, x.rxh * x.b AS rh, x.rxl
		FROM (
			SELECT m.id, m.entry, m.stock, m.supplier_id, m.sg, m.e, m.b, m.da,
				(m.e * m.wa) / 100000 AS wxh, (m.e * m.wa) % 100000 AS wxl,
				(m.e * m.ra) / 100000 AS rxh, (m.e * m.ra) % 100000 AS rxl
			FROM (
				SELECT p.id, {{entry}} AS entry, {{stock}} AS stock, {{supplier}} AS supplier_id,
					CASE WHEN {{entry}} < 0 THEN -1 ELSE 1 END AS sg, ABS({{entry}}) AS e,
					10000 + c.pdv_bps AS b, 10000 + c.web_margin_bps AS wa,
					10000 + c.retail_margin_bps AS ra, 10000 + c.dealer_margin_bps AS da
				FROM {{from}} JOIN categories c ON c.id = p.main_category_id
			) m
		) x
	) s
) r
WHERE products.id = r.id AND ({{differs}}products.web_price <> r.web OR products.authenticated_price <> r.web
	OR products.retail_price <> r.retail OR products.dealer_price <> r.dealer)`

// priceSQL fills recomputeSQL's slots.
func priceSQL(slots map[string]string) string {
	q := recomputeSQL
	for k, v := range slots {
		q = strings.ReplaceAll(q, "{{"+k+"}}", v)
	}
	return q
}

// RecomputePricesTx recomputes the derived prices (web, retail, dealer, authenticated) of the
// products whose ids productIDsSQL selects (a subquery with its bound args, such as
// "SELECT product_id FROM supplier_products WHERE supplier_id = ?"), inside the caller's
// transaction, in one statement, exactly as DerivePrices rounds. It answers how many products
// got new prices (their updated_at moves; the others are not written).
func (s *Service) RecomputePricesTx(ctx context.Context, tx *gorm.DB, productIDsSQL string, args ...any) (int64, error) {
	q := priceSQL(map[string]string{"set": "", "differs": "", "entry": "p.entry_price", "stock": "p.stock", "supplier": "p.supplier_id",
		"from": "products p"})
	q = strings.Replace(q, "JOIN categories c ON c.id = p.main_category_id", "JOIN categories c ON c.id = p.main_category_id WHERE p.id IN ("+productIDsSQL+")", 1)
	res := tx.WithContext(ctx).Exec(q, append([]any{s.now()}, args...)...)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "recompute prices")
	}
	return res.RowsAffected, nil
}

// ApplySupplierPricesTx gives products a supplier's entry price, stock and supplier and
// recomputes their derived prices, all in one UPDATE inside the caller's transaction (so each
// product row is written once, and only when something changes). sourceSQL (with its bound
// args) yields the columns product_id, entry_price, stock, supplier_id, one row per product,
// such as a supplier's connected price-list rows. It answers how many products changed.
func (s *Service) ApplySupplierPricesTx(ctx context.Context, tx *gorm.DB, sourceSQL string, args ...any) (int64, error) {
	q := priceSQL(map[string]string{
		"set":   "entry_price = r.entry, stock = r.stock, supplier_id = r.supplier_id, ",
		"entry": "src.entry_price", "stock": "src.stock", "supplier": "src.supplier_id",
		"from":    "(" + sourceSQL + ") src JOIN products p ON p.id = src.product_id",
		"differs": "products.entry_price <> r.entry OR products.stock <> r.stock OR products.supplier_id IS DISTINCT FROM r.supplier_id OR ",
	})
	res := tx.WithContext(ctx).Exec(q, append([]any{s.now()}, args...)...)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "apply supplier prices")
	}
	return res.RowsAffected, nil
}
