package api

import (
	"time"

	"shop/internal/catalog"
)

// MediaImageResponse is one image of a product's images tab: the main flag, the URLs of its
// two variants (small: 300 px on the longer side, large: 1200 px) and its position.
type MediaImageResponse struct {
	ID       uint64 `json:"id"`
	Main     bool   `json:"main"`
	Small    string `json:"small"`
	Large    string `json:"large"`
	Position int    `json:"position"`
} // @name ProductImage

func mediaImageResponse(i catalog.ProductImage) MediaImageResponse {
	return MediaImageResponse{ID: i.ID, Main: i.Main, Small: mediaURL(i.SmallKey), Large: mediaURL(i.LargeKey), Position: i.Position}
}

func mediaImagesResponse(is []catalog.ProductImage) []MediaImageResponse {
	out := make([]MediaImageResponse, 0, len(is))
	for _, i := range is {
		out = append(out, mediaImageResponse(i))
	}
	return out
}

// EnergyStickerResponse is a product's energy label (null when it has none).
type EnergyStickerResponse struct {
	EnergyValueSticker *string `json:"energy_value_sticker"`
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
	Sticker                *string `json:"sticker"`
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
	Active               *bool  `json:"active"` // default true
} // @name CatalogStickerRequest

// CatalogStickerMassRequest is the mass dialog: the sticker and the product ids (none: the
// list's filter parameters in the query select the products).
type CatalogStickerMassRequest struct {
	CatalogStickerTypeID uint64   `json:"catalog_sticker_type_id"`
	From                 string   `json:"from" example:"2025-03-01"`
	To                   string   `json:"to" example:"2025-03-31"`
	IDs                  []uint64 `json:"ids"`
} // @name CatalogStickerMassRequest
