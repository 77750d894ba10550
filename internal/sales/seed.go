package sales

import (
	"context"
	"errors"
	"sort"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
)

// SeedOrder is the demo seed's checkout (internal/demo): the order the caller placed at `at`
// with these lines (product id: quantity), through the real checkout, so prices, the number,
// the stock taken and a bank transfer's proforma invoice are what a shopper's order gets. No
// mail is queued for it (a past order's confirmation is not news). key makes it once: when the
// caller already has an order with it, that order is answered (created false) and nothing
// changes. The cart named by cartID is filled with the lines and emptied by the checkout; a
// cart that holds lines already is left alone (nil, false: the order is not placed).
func (s *Service) SeedOrder(ctx context.Context, c Caller, cartID string, lines map[uint64]int, in CheckoutInput, key string,
	lang i18n.Lang, at time.Time) (*Order, bool, error) {
	cartKey, _, err := owner(c, cartID, "cart_id", false)
	if err != nil {
		return nil, false, err
	}
	var o Order
	err = s.db.WithContext(ctx).Where("idempotency_key = ?", cartKey+"|"+key).Take(&o).Error
	if err == nil {
		return &o, false, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, false, apperr.Wrap(err, "seed order")
	}
	var n int64
	if err := s.db.WithContext(ctx).Model(&cartItem{}).Where("owner = ? AND instance = ?", cartKey, InstanceCart).Count(&n).Error; err != nil {
		return nil, false, apperr.Wrap(err, "seed order cart")
	}
	if n > 0 {
		return nil, false, nil
	}
	ids := make([]uint64, 0, len(lines))
	for id := range lines {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	products, err := s.sf.PurchaseProducts(ctx, nil, ids)
	if err != nil {
		return nil, false, err
	}
	rows := make([]cartItem, len(ids))
	for i, id := range ids {
		rows[i] = cartItem{Owner: cartKey, Instance: InstanceCart, ProductID: id, Quantity: lines[id],
			PriceAtAdd: products[id].Price(c.LoggedIn()), CreatedAt: at, UpdatedAt: at}
	}
	if len(rows) > 0 {
		if err := s.db.WithContext(ctx).Create(&rows).Error; err != nil {
			return nil, false, apperr.Wrap(err, "seed order cart")
		}
	}
	past := *s
	past.clock = clock.Fixed(at)
	past.enq = nil
	in.CartID = cartID
	p, err := past.Checkout(ctx, c, in, key, lang)
	if err != nil {
		// Nothing of a refused checkout stays, the lines put in its cart neither.
		s.db.WithContext(ctx).Where("owner = ? AND instance = ?", cartKey, InstanceCart).Delete(&cartItem{})
		return nil, false, err
	}
	return p.Order, p.Created, nil
}
