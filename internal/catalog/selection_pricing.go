package catalog

import (
	"context"
	"encoding/json"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
)

// Selector answers the products the product list's selections name for other capabilities'
// mass changes (pricing's mass discount: pricing.ProductSelector). It needs only the database
// and the clock, so pricing gets it when it is built, although the catalogue is built on
// pricing.
type Selector struct {
	db  *gorm.DB
	clk clock.Clock
}

// NewSelector builds the selections' reader.
func NewSelector(db *gorm.DB, clk clock.Clock) *Selector { return &Selector{db: db, clk: clk} }

// SelectedProductIDs is the ids of the products an encoded ProductSelection names, checked as
// every mass change's selection is (at most MaxSelectedIDs ids, an empty filter refused), its
// errors on field.
func (s *Selector) SelectedProductIDs(ctx context.Context, selection json.RawMessage, field string) ([]uint64, error) {
	sel, err := decodeSelection(selection)
	if err != nil {
		return nil, err
	}
	f := sel.Filter
	f.Sort = ""
	q, err := selectionOf(s.db.WithContext(ctx), sel.IDs, f, field, "product.select_first", s.clk.Today())
	if err != nil {
		return nil, err
	}
	ids := []uint64{}
	if err := q.Order("products.id").Pluck("products.id", &ids).Error; err != nil {
		return nil, apperr.Wrap(err, "selected products")
	}
	return ids, nil
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
