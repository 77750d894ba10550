package pricing

import (
	"context"
	"sort"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// EponudaChange is a product whose web price an e-ponuda apply changed.
type EponudaChange struct {
	ProductID      uint64
	OldWeb, NewWeb money.Para
	Eponuda        money.Para
}

// SetEponudaPricesTx sets the web price e-ponuda chose for each product of prices
// (products.eponuda_price, an input of the formula that replaces the computed web price, before
// the authenticated discount and today's action) and recomputes those products' derived prices,
// inside the caller's transaction. Only products whose e-ponuda price differs are written, so
// a second call with the same prices changes nothing; it answers the products whose web price
// changed, with the old and new web price.
func (s *Service) SetEponudaPricesTx(ctx context.Context, tx *gorm.DB, prices map[uint64]money.Para) ([]EponudaChange, error) {
	if len(prices) == 0 {
		return nil, nil
	}
	tx = tx.WithContext(ctx)
	ids := make([]uint64, 0, len(prices))
	for id := range prices {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	type webRow struct {
		ID       uint64
		WebPrice int64
	}
	webOf := func() (map[uint64]int64, error) {
		out := map[uint64]int64{}
		for start := 0; start < len(ids); start += 10000 {
			var rows []webRow
			if err := tx.Raw("SELECT id, web_price FROM products WHERE id IN ?", ids[start:min(start+10000, len(ids))]).Scan(&rows).Error; err != nil {
				return nil, apperr.Wrap(err, "e-ponuda prices: read web prices")
			}
			for _, r := range rows {
				out[r.ID] = r.WebPrice
			}
		}
		return out, nil
	}
	before, err := webOf()
	if err != nil {
		return nil, err
	}
	// One UPDATE per distinct price: a chosen set shares few prices only by chance, but the
	// statement count stays bounded by the products, and each writes only what differs.
	byPrice := map[money.Para][]uint64{}
	for _, id := range ids {
		byPrice[prices[id]] = append(byPrice[prices[id]], id)
	}
	now := s.now()
	var touched []uint64
	for price, group := range byPrice {
		for start := 0; start < len(group); start += 10000 {
			chunk := group[start:min(start+10000, len(group))]
			var changing []uint64
			if err := tx.Raw("SELECT id FROM products WHERE id IN ? AND (eponuda_price IS NULL OR eponuda_price <> ?)", chunk, int64(price)).
				Scan(&changing).Error; err != nil {
				return nil, apperr.Wrap(err, "e-ponuda prices: read")
			}
			if len(changing) == 0 {
				continue
			}
			if err := tx.Exec("UPDATE products SET eponuda_price = ?, updated_at = ? WHERE id IN ?", int64(price), now, changing).Error; err != nil {
				return nil, apperr.Wrap(err, "e-ponuda prices: write")
			}
			touched = append(touched, changing...)
		}
	}
	if len(touched) == 0 {
		return nil, nil
	}
	if _, err := s.RecomputeTx(ctx, tx, Products(touched...)); err != nil {
		return nil, err
	}
	after, err := webOf()
	if err != nil {
		return nil, err
	}
	var out []EponudaChange
	for _, id := range ids {
		if before[id] != after[id] {
			out = append(out, EponudaChange{ProductID: id, OldWeb: money.Para(before[id]), NewWeb: money.Para(after[id]), Eponuda: prices[id]})
		}
	}
	return out, nil
}
