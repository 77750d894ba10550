package catalog

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
)

// --- Energy-label stickers ----------------------------------------------------------------

// SetEnergySticker stores r (an image checked by content, at most ImageMaxBytes, kept as it
// came: labels are drawings with exact text, not photos to scale) as the product's energy
// label and answers its key.
func (s *Service) SetEnergySticker(ctx context.Context, productID uint64, r io.Reader) (string, error) {
	if err := s.productExists(s.db.WithContext(ctx), productID); err != nil {
		return "", err
	}
	key, err := s.storeSticker(ctx, r)
	if err != nil {
		return "", err
	}
	old, err := s.setEnergyStickerKey(ctx, productID, key)
	if err != nil {
		s.deleteObjects(ctx, key)
		return "", err
	}
	s.releaseEnergySticker(ctx, old)
	return key, nil
}

// DeleteEnergySticker removes the product's energy label (nothing to remove is no error).
func (s *Service) DeleteEnergySticker(ctx context.Context, productID uint64) error {
	old, err := s.setEnergyStickerKey(ctx, productID, "")
	if err != nil {
		return err
	}
	s.releaseEnergySticker(ctx, old)
	return nil
}

// EnergyStickerKey is the product's energy label key ("" when it has none).
func (s *Service) EnergyStickerKey(ctx context.Context, productID uint64) (string, error) {
	var keys []string
	if err := s.db.WithContext(ctx).Table("products").Where("id = ?", productID).Pluck("energy_sticker_key", &keys).Error; err != nil {
		return "", apperr.Wrap(err, "energy sticker")
	}
	if len(keys) == 0 {
		return "", apperr.NotFoundThing("product")
	}
	return keys[0], nil
}

// setEnergyStickerKey writes the key in a transaction with its activity entry and answers the
// key it replaced.
func (s *Service) setEnergyStickerKey(ctx context.Context, productID uint64, key string) (string, error) {
	var old string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.lockProduct(tx, productID); err != nil {
			return err
		}
		var keys []string
		if err := tx.Table("products").Where("id = ?", productID).Pluck("energy_sticker_key", &keys).Error; err != nil {
			return apperr.Wrap(err, "energy sticker")
		}
		old = keys[0]
		if old == key {
			return nil
		}
		if err := tx.Table("products").Where("id = ?", productID).
			Updates(map[string]any{"energy_sticker_key": key, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "save energy sticker")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: productID,
			Old: map[string]any{"energy_sticker_key": old}, New: map[string]any{"energy_sticker_key": key}})
	})
	return old, err
}

// storeSticker checks an uploaded sticker image and stores it under the public stickers/ prefix.
func (s *Service) storeSticker(ctx context.Context, r io.Reader) (string, error) {
	u, err := s.readImage(ctx, r, "sticker")
	if err != nil {
		return "", err
	}
	key := "stickers/energy/" + uuid.NewString() + "." + u.Ext()
	if err := s.blobs.Put(ctx, key, bytes.NewReader(u.Data), int64(len(u.Data)), u.ContentType()); err != nil {
		return "", apperr.Wrap(err, "store sticker")
	}
	return key, nil
}

// releaseEnergySticker deletes a label object no product uses any more. One object may be
// shared by many products (a mass upload stores the file once), so it goes only with the last.
func (s *Service) releaseEnergySticker(ctx context.Context, key string) {
	if key == "" {
		return
	}
	var n int64
	if err := s.db.WithContext(ctx).Table("products").Where("energy_sticker_key = ?", key).Count(&n).Error; err != nil {
		s.log.WarnContext(ctx, "could not count an energy label's users", "key", key, "error", err.Error())
		return
	}
	if n == 0 {
		s.deleteObjects(ctx, key)
	}
}

// --- Catalog stickers ---------------------------------------------------------------------

// ProductCatalogSticker puts a catalog sticker (an action's label, by its type) on a product
// for valid_from..valid_to (dates, both inclusive). One per product and type.
type ProductCatalogSticker struct {
	ID                   uint64 `gorm:"primaryKey"`
	ProductID            uint64
	CatalogStickerTypeID uint64
	ValidFrom            time.Time
	ValidTo              time.Time
	Active               bool
	CreatedAt            time.Time
	UpdatedAt            time.Time

	// Read with the sticker (from catalog_sticker_types), never written.
	TypeName   string `gorm:"->;-:migration"`
	StickerKey string `gorm:"->;-:migration"`
	// ShownToday: active and today (the shop's date) within its dates; set when read.
	ShownToday bool `gorm:"-"`
}

func (ProductCatalogSticker) TableName() string { return "product_catalog_stickers" }

// shownOn tells whether the sticker shows on day (YYYY-MM-DD): active and within its dates.
func (p ProductCatalogSticker) shownOn(day string) bool {
	return p.Active && p.ValidFrom.Format(time.DateOnly) <= day && day <= p.ValidTo.Format(time.DateOnly)
}

func (s *Service) markShown(ps []ProductCatalogSticker) {
	today := s.Today()
	for i := range ps {
		ps[i].ShownToday = ps[i].shownOn(today)
	}
}

// CatalogStickerInput is the sticker form (single and mass): type, from, to as YYYY-MM-DD.
type CatalogStickerInput struct {
	CatalogStickerTypeID uint64
	From, To             string
	// Active defaults to true (the mass dialog does not send it).
	Active *bool
}

// catalogStickerValues is a checked CatalogStickerInput.
type catalogStickerValues struct {
	typeID   uint64
	from, to time.Time
	active   bool
}

// check validates the input with the specification's messages; the type must exist.
func (in CatalogStickerInput) check(db *gorm.DB) (catalogStickerValues, error) {
	v := catalogStickerValues{typeID: in.CatalogStickerTypeID, active: in.Active == nil || *in.Active}
	var bad []apperr.FieldError
	if in.CatalogStickerTypeID == 0 {
		bad = append(bad, apperr.Field("catalog_sticker_type_id", "catalog_sticker.type_required"))
	}
	date := func(field, raw, required string) time.Time {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			bad = append(bad, apperr.Field(field, required))
			return time.Time{}
		}
		t, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			bad = append(bad, apperr.Field(field, "catalog_sticker.date"))
		}
		return t
	}
	v.from = date("from", in.From, "catalog_sticker.from_required")
	v.to = date("to", in.To, "catalog_sticker.to_required")
	if !v.from.IsZero() && !v.to.IsZero() && v.to.Before(v.from) {
		bad = append(bad, apperr.Field("to", "catalog_sticker.to_before_from"))
	}
	if in.CatalogStickerTypeID != 0 {
		var n int64
		if err := db.Table("catalog_sticker_types").Where("id = ?", in.CatalogStickerTypeID).Count(&n).Error; err != nil {
			return v, apperr.Wrap(err, "find catalog sticker type")
		}
		if n == 0 {
			bad = append(bad, apperr.Field("catalog_sticker_type_id", "catalog_sticker.type_unknown"))
		}
	}
	if len(bad) > 0 {
		return v, apperr.InvalidFields(bad...)
	}
	return v, nil
}

// ProductCatalogStickers lists a product's catalog stickers with their type's name and image.
func (s *Service) ProductCatalogStickers(ctx context.Context, productID uint64) ([]ProductCatalogSticker, error) {
	db := s.db.WithContext(ctx)
	if err := s.productExists(db, productID); err != nil {
		return nil, err
	}
	var out []ProductCatalogSticker
	if err := catalogStickersWithType(db).Where("pcs.product_id = ?", productID).
		Order("pcs.valid_from, pcs.id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "list catalog stickers")
	}
	s.markShown(out)
	return out, nil
}

func catalogStickersWithType(db *gorm.DB) *gorm.DB {
	return db.Table("product_catalog_stickers AS pcs").
		Select("pcs.*, t.name AS type_name, t.sticker_key AS sticker_key").
		Joins("JOIN catalog_sticker_types t ON t.id = pcs.catalog_sticker_type_id")
}

// SetProductCatalogSticker puts a catalog sticker on a product, or changes the dates and
// status of the one of that type it has already (one per product and type).
func (s *Service) SetProductCatalogSticker(ctx context.Context, productID uint64, in CatalogStickerInput) (*ProductCatalogSticker, error) {
	db := s.db.WithContext(ctx)
	if err := s.productExists(db, productID); err != nil {
		return nil, err
	}
	v, err := in.check(db)
	if err != nil {
		return nil, err
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		if _, err := s.upsertCatalogStickers(tx, v, []uint64{productID}); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CatalogStickerAdded, SubjectType: "product", SubjectID: productID,
			New: catalogStickerLog(v)})
	})
	if err != nil {
		return nil, err
	}
	var out ProductCatalogSticker
	if err := catalogStickersWithType(db).Where("pcs.product_id = ? AND pcs.catalog_sticker_type_id = ?", productID, v.typeID).
		Take(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "read catalog sticker")
	}
	one := []ProductCatalogSticker{out}
	s.markShown(one)
	return &one[0], nil
}

// DeleteProductCatalogSticker takes a catalog sticker off a product.
func (s *Service) DeleteProductCatalogSticker(ctx context.Context, productID, stickerID uint64) error {
	db := s.db.WithContext(ctx)
	if err := s.productExists(db, productID); err != nil {
		return err
	}
	return db.Transaction(func(tx *gorm.DB) error {
		var old ProductCatalogSticker
		if err := tx.Where("id = ? AND product_id = ?", stickerID, productID).Take(&old).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("catalog_sticker")
			}
			return apperr.Wrap(err, "read catalog sticker")
		}
		res := tx.Where("id = ? AND product_id = ?", stickerID, productID).Delete(&ProductCatalogSticker{})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "delete catalog sticker")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("catalog_sticker")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CatalogStickerRemoved, SubjectType: "product", SubjectID: productID,
			Old: catalogStickerLog(catalogStickerValues{typeID: old.CatalogStickerTypeID, from: old.ValidFrom, to: old.ValidTo, active: old.Active})})
	})
}

// catalogStickerLog is a product's catalog sticker as the activity log keeps it.
func catalogStickerLog(v catalogStickerValues) map[string]any {
	return map[string]any{"catalog_sticker_type_id": v.typeID, "from": v.from.Format(time.DateOnly), "to": v.to.Format(time.DateOnly), "active": v.active}
}

// upsertCatalogStickers puts the sticker on every product of "id IN where" (ids, or a
// subquery) in ONE statement: INSERT ... SELECT, ON CONFLICT on (product, type) updating dates
// and status. Running it twice gives the same rows (what makes the mass job idempotent).
func (s *Service) upsertCatalogStickers(db *gorm.DB, v catalogStickerValues, where any) (int64, error) {
	now := s.now()
	// SQLite needs the WHERE before ON CONFLICT (else "ON" would be read as a join's).
	res := db.Exec(`INSERT INTO product_catalog_stickers
		(product_id, catalog_sticker_type_id, valid_from, valid_to, active, created_at, updated_at)
		SELECT p.id, ?, ?, ?, ?, ?, ? FROM products p WHERE p.id IN ?
		ON CONFLICT (product_id, catalog_sticker_type_id) DO UPDATE SET
			valid_from = excluded.valid_from, valid_to = excluded.valid_to,
			active = excluded.active, updated_at = excluded.updated_at`,
		v.typeID, v.from, v.to, v.active, now, now, where)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "add catalog stickers")
	}
	return res.RowsAffected, nil
}
