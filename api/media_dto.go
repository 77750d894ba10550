package api

import (
	"time"

	"shop/internal/catalog"
)

// imageResponse is a stored image (the images tab's calls) as every image is shown.
func imageResponse(i catalog.ProductImage) ProductImageResponse {
	return *productImageResponse(&catalog.ProductImageRef{ID: i.ID, ProductID: i.ProductID, Main: i.Main,
		SmallKey: i.SmallKey, LargeKey: i.LargeKey, Position: i.Position})
}

func imagesResponse(is []catalog.ProductImage) []ProductImageResponse {
	out := make([]ProductImageResponse, 0, len(is))
	for _, i := range is {
		out = append(out, imageResponse(i))
	}
	return out
}

// EnergyStickerResponse is a product's energy label (null when it has none).
type EnergyStickerResponse struct {
	EnergyValueSticker *string `json:"energy_value_sticker" extensions:"x-nullable"`
} // @name EnergySticker

func energyStickerResponse(key string) EnergyStickerResponse {
	if key == "" {
		return EnergyStickerResponse{}
	}
	u := mediaURL(key)
	return EnergyStickerResponse{EnergyValueSticker: &u}
}

// ProductCatalogStickerResponse is a catalog sticker on a product. `sticker` is the type's
// image; `sticker_active` tells whether it shows today (active and within from..to).
type ProductCatalogStickerResponse struct {
	ID                     uint64  `json:"id"`
	ProductID              uint64  `json:"product_id"`
	CatalogStickerTypeID   uint64  `json:"catalog_sticker_type_id"`
	CatalogStickerTypeName string  `json:"catalog_sticker_type_name"`
	Sticker                *string `json:"sticker" extensions:"x-nullable"`
	From                   string  `json:"from" example:"2025-03-01"`
	To                     string  `json:"to" example:"2025-03-31"`
	Active                 bool    `json:"active"`
	StickerActive          bool    `json:"sticker_active"`
} // @name ProductCatalogSticker

func productCatalogStickerResponse(p catalog.ProductCatalogSticker) ProductCatalogStickerResponse {
	r := ProductCatalogStickerResponse{ID: p.ID, ProductID: p.ProductID, CatalogStickerTypeID: p.CatalogStickerTypeID,
		CatalogStickerTypeName: p.TypeName, From: p.ValidFrom.Format(time.DateOnly), To: p.ValidTo.Format(time.DateOnly),
		Active: p.Active, StickerActive: p.ShownToday}
	if p.StickerKey != "" {
		u := mediaURL(p.StickerKey)
		r.Sticker = &u
	}
	return r
}

// CatalogStickerRequest is the catalog sticker form of one product.
type CatalogStickerRequest struct {
	CatalogStickerTypeID uint64 `json:"catalog_sticker_type_id"`
	From                 string `json:"from" example:"2025-03-01"`
	To                   string `json:"to" example:"2025-03-31"`
	Active               *bool  `json:"active" extensions:"x-nullable"` // default true
} // @name CatalogStickerRequest

// CatalogStickerMassRequest is the mass dialog: the sticker and the product ids (none: the
// list's filter parameters in the query select the products).
type CatalogStickerMassRequest struct {
	CatalogStickerTypeID uint64   `json:"catalog_sticker_type_id"`
	From                 string   `json:"from" example:"2025-03-01"`
	To                   string   `json:"to" example:"2025-03-31"`
	IDs                  []uint64 `json:"ids"`
} // @name CatalogStickerMassRequest
