package pricing

import (
	"context"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// Shown is the price a guest and a logged-in customer see (spec/decisions.md "Prices"): the
// action price if any; else the authenticated price when logged in; else the web price.
func Shown(web, authenticated money.Para, discount *money.Para) (guest, customer money.Para) {
	if discount != nil {
		return *discount, *discount
	}
	return web, authenticated
}

// ActiveDiscount is the action a product shows (products.active_discount_id): its type and
// dates; its price is the product's derived discount_price.
type ActiveDiscount struct {
	ID     uint64 `json:"id"`
	TypeID uint64 `json:"type_id"`
	Type   string `json:"type"`
	From   string `json:"from"` // YYYY-MM-DD
	To     string `json:"to"`
}

// ActiveDiscounts reads the actions with these ids (the products' active_discount_id), in one
// query, by id.
func (s *Service) ActiveDiscounts(ctx context.Context, ids []uint64) (map[uint64]ActiveDiscount, error) {
	out := map[uint64]ActiveDiscount{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID, DiscountTypeID uint64
		TypeName           *string
		ValidFrom, ValidTo string
	}
	if err := s.db.WithContext(ctx).Raw(`SELECT d.id, d.discount_type_id, t.name AS type_name, CAST(d.valid_from AS TEXT) AS valid_from,
		CAST(d.valid_to AS TEXT) AS valid_to FROM discounts d LEFT JOIN discount_types t ON t.id = d.discount_type_id WHERE d.id IN ?`, ids).
		Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "active discounts")
	}
	for _, r := range rows {
		a := ActiveDiscount{ID: r.ID, TypeID: r.DiscountTypeID, From: dateOnly(r.ValidFrom), To: dateOnly(r.ValidTo)}
		if r.TypeName != nil {
			a.Type = *r.TypeName
		}
		out[r.ID] = a
	}
	return out, nil
}
