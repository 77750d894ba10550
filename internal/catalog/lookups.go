package catalog

import "time"

// DiscountType is a kind of action (fixed price or percentage off), with its badge.
type DiscountType struct {
	ID              uint64
	Name            string
	IsPercentage    bool
	Text            string
	Color           string
	ShowInShockSale bool
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (DiscountType) TableName() string { return "discount_types" }

// CatalogStickerType is a catalogue action (sticker on product cards, header image).
type CatalogStickerType struct {
	ID              uint64
	Name            string
	Slug            string
	StickerKey      string
	DesktopImageKey string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (CatalogStickerType) TableName() string { return "catalog_sticker_types" }
