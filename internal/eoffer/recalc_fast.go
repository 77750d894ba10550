package eoffer

import (
	"context"
)

// maxFastValue bounds the settings' value (hundredths) that the 64-bit recalculation takes:
// with it every product of base and factor stays far inside a 64-bit integer (prices up to
// 4·10^12 para). A larger value (over 10,000 % or 10,000 RSD, which no operator means) is
// computed by the Go reference, with big integers.
const maxFastValue = 1_000_000

// recalcFast is Recalc's rows for values up to maxFastValue, computed with 64-bit integers
// (computeFast): on PostgreSQL by recalcPG (its own narrow reads), elsewhere over offerRows.
// Either gives exactly what the reference (recalcGo: compute, with big integers) gives for each
// product (TestRecalcFastMatchesReference); a product with no price relative to e-ponuda comes
// back with priced false.
func (s *Service) recalcFast(ctx context.Context, importID uint64, p parsedSettings, scope Scope) (rows []Row, priced []bool, err error) {
	if s.db.Dialector.Name() == "postgres" {
		return s.recalcPG(ctx, importID, p, scope, nil)
	}
	rows, err = s.offerRows(ctx, importID, scope, nil)
	if err != nil {
		return nil, nil, err
	}
	own := s.ownShops()
	flags := map[string]uint8{}
	priced = make([]bool, len(rows))
	var comp []competitorFlag
	for i := range rows {
		comp = comp[:0]
		for _, o := range rows[i].competitors {
			f, ok := flags[o.Shop]
			if !ok {
				f = p.shopFlags(own, o.Shop)
				flags[o.Shop] = f
			}
			comp = append(comp, competitorFlag{price: o.Price, flags: f})
		}
		priced[i] = p.computeFast(&rows[i], comp)
	}
	return rows, priced, nil
}

// shopFlags tells a shop of the file apart for computeFast: 1 ours, 2 not counted in the
// minimum (ours or ignored).
func (p parsedSettings) shopFlags(own map[string]bool, shop string) uint8 {
	var f uint8
	fs := fold(shop)
	if own[fs] {
		f |= 1
	}
	if own[fs] || p.ignore[fs] {
		f |= 2
	}
	return f
}
