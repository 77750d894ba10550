package catalog

import (
	"context"
	"encoding/json"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// SelectedProducts is the products an encoded ProductSelection names, as a query of their ids
// (one column id), checked as every mass change's selection is (at most MaxSelectedIDs ids, an
// empty filter refused), its errors on field. Pricing's mass discount reads its selection
// through it (pricing.ProductSelector).
func (s *Service) SelectedProducts(ctx context.Context, selection json.RawMessage, field string) (*gorm.DB, error) {
	sel, err := decodeSelection(selection)
	if err != nil {
		return nil, err
	}
	f := sel.Filter
	f.Sort = ""
	return s.selection(ctx, sel.IDs, f, field, "product.select_first")
}

// CatalogStickersOf lists the catalog stickers of the products, by product (the Actions page
// shows them beside each product's discount), in one query.
func (s *Service) CatalogStickersOf(ctx context.Context, productIDs []uint64) (map[uint64][]ProductCatalogSticker, error) {
	out := map[uint64][]ProductCatalogSticker{}
	if len(productIDs) == 0 {
		return out, nil
	}
	var rows []ProductCatalogSticker
	if err := catalogStickersWithType(s.db.WithContext(ctx)).Where("pcs.product_id IN ?", uniqIDs(productIDs)).
		Order("pcs.product_id, pcs.valid_from, pcs.id").Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list catalog stickers")
	}
	s.markShown(rows)
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], r)
	}
	return out, nil
}
