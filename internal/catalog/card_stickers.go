package catalog

import (
	"context"

	"shop/internal/platform/apperr"
)

// CardSticker is a catalog sticker a product card shows today: the action's (sticker type's)
// id, name, slug and sticker image key.
type CardSticker struct {
	ID         uint64
	Name       string
	Slug       string
	StickerKey string
}

// cardStickers fills the products' CardStickers: their catalog stickers shown today (active,
// today within their dates, the shop's clock), in one query for the page. Product cards always
// load the main image; their stickers come with it (productDetails).
func (s *Service) cardStickers(ctx context.Context, out []ProductDetails, ids []uint64) error {
	var rows []struct {
		ProductCatalogSticker
		Slug string
	}
	err := s.db.WithContext(ctx).Table("product_catalog_stickers AS pcs").
		Select("pcs.*, t.name AS type_name, t.sticker_key AS sticker_key, t.slug AS slug").
		Joins("JOIN catalog_sticker_types t ON t.id = pcs.catalog_sticker_type_id").
		Where("pcs.product_id IN ? AND pcs.active = ?", ids, true).
		Order("pcs.product_id, pcs.valid_from, pcs.id").Scan(&rows).Error
	if err != nil {
		return apperr.Wrap(err, "product card stickers")
	}
	today := s.Today()
	byID := make(map[uint64][]CardSticker, len(rows))
	for _, r := range rows {
		if r.shownOn(today) {
			byID[r.ProductID] = append(byID[r.ProductID], CardSticker{ID: r.CatalogStickerTypeID, Name: r.TypeName, Slug: r.Slug, StickerKey: r.StickerKey})
		}
	}
	for i := range out {
		out[i].CardStickers = byID[out[i].ID]
		if out[i].CardStickers == nil {
			out[i].CardStickers = []CardSticker{}
		}
	}
	return nil
}
