package catalog

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/validation"
)

// CatalogStickerType is a catalogue action (sticker on product cards, header image). The
// action runs ValidFrom..ValidTo (shop dates, both inclusive); without dates it is not on the
// storefront (a type from before the dates existed, whose products have no stickers).
type CatalogStickerType struct {
	ID              uint64
	Name            string
	Slug            string
	StickerKey      string
	DesktopImageKey string
	ValidFrom       *time.Time
	ValidTo         *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (CatalogStickerType) TableName() string { return "catalog_sticker_types" }

// LookupFilter is the query of the small lookup lists.
type LookupFilter struct {
	Search string
	Page   listing.Page
}

// ListCatalogStickerTypes answers a page of catalog sticker types by name.
func (s *Service) ListCatalogStickerTypes(ctx context.Context, f LookupFilter) ([]CatalogStickerType, int64, error) {
	q := searchFolded(s.db.WithContext(ctx).Model(&CatalogStickerType{}), "name", f.Search)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count catalog sticker types")
	}
	var out []CatalogStickerType
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list catalog sticker types")
	}
	return out, total, nil
}

// CatalogStickerTypeInput is a catalog sticker type: its name, and the object keys of its
// images (already stored under stickers/ or images/; empty: none). The slug comes from the
// name, unique.
type CatalogStickerTypeInput struct {
	Name            string `json:"name" validate:"required,min=2,max=255"`
	StickerKey      string `json:"sticker_key" validate:"max=512"`
	DesktopImageKey string `json:"desktop_image_key" validate:"max=512"`
}

// CreateCatalogStickerType adds a catalog sticker type.
func (s *Service) CreateCatalogStickerType(ctx context.Context, in CatalogStickerTypeInput) (*CatalogStickerType, error) {
	in.Name = strings.TrimSpace(in.Name)
	if err := validation.Check(&in); err != nil {
		return nil, err
	}
	var out *CatalogStickerType
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		base := Slugify(in.Name)
		if base == "" {
			base = "akcija"
		}
		var taken []string
		if err := tx.Model(&CatalogStickerType{}).Where("slug = ? OR slug LIKE ?"+db.LikeEscape, base, db.LikeLiteral(base)+"-%").
			Pluck("slug", &taken).Error; err != nil {
			return apperr.Wrap(err, "check slug")
		}
		t := &CatalogStickerType{Name: in.Name, Slug: firstFreeSlug(base, taken), StickerKey: in.StickerKey, DesktopImageKey: in.DesktopImageKey}
		if err := tx.Create(t).Error; err != nil {
			return apperr.Wrap(err, "create catalog sticker type")
		}
		out = t
		return nil
	})
	return out, err
}

// GetCatalogStickerType answers one catalog sticker type or its 404.
func (s *Service) GetCatalogStickerType(ctx context.Context, id uint64) (*CatalogStickerType, error) {
	var t CatalogStickerType
	err := s.db.WithContext(ctx).First(&t, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("catalog_sticker_type")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get catalog sticker type")
	}
	return &t, nil
}
