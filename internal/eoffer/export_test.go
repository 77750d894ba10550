package eoffer

import (
	"context"

	"shop/internal/platform/money"
)

// StoredOffer is one offer as stored (Position nil: none in the file).
type StoredOffer struct {
	ProductID uint64
	Shop      string
	Price     int64
	Position  *int64
}

// StoredOffers are the stored offers of import importID in the file's order, or of every
// import when importID is 0.
func StoredOffers(ctx context.Context, s *Service, importID uint64) ([]StoredOffer, error) {
	var sets []offerSetRow
	q := s.db.WithContext(ctx).Order("import_id")
	if importID != 0 {
		q = q.Where("import_id = ?", importID)
	}
	if err := q.Find(&sets).Error; err != nil {
		return nil, err
	}
	var out []StoredOffer
	for _, row := range sets {
		set, err := decodeOfferSet(row.Shops, row.Offers)
		if err != nil {
			return nil, err
		}
		if err := set.each(func(pid int64, shop int, price money.Para, pos int) {
			o := StoredOffer{ProductID: uint64(pid), Shop: set.shops[shop], Price: int64(price)}
			if pos != 0 {
				p := int64(pos)
				o.Position = &p
			}
			out = append(out, o)
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ReplaceStoredOffers stores offers as import importID's, replacing what it had.
func ReplaceStoredOffers(ctx context.Context, s *Service, importID uint64, offers []StoredOffer) error {
	w := newOfferSetWriter(len(offers))
	for _, o := range offers {
		off := Offer{Shop: o.Shop, Price: money.Para(o.Price)}
		if o.Position != nil {
			p := int(*o.Position)
			off.Position = &p
		}
		w.add(o.ProductID, &off)
	}
	row, err := w.row(importID)
	if err != nil {
		return err
	}
	db := s.db.WithContext(ctx)
	if err := db.Where("import_id = ?", importID).Delete(&offerSetRow{}).Error; err != nil {
		return err
	}
	return db.Create(&row).Error
}
