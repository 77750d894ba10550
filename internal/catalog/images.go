package catalog

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
)

// MaxExtraImages is how many images a product may have besides its main one.
const MaxExtraImages = 3

// ProductImage is one picture of a product in two sizes (keys in the blob store, under the
// public images/ prefix). A product has at most one main image and MaxExtraImages others.
type ProductImage struct {
	ID        uint64 `gorm:"primaryKey"`
	ProductID uint64
	Main      bool
	SmallKey  string
	LargeKey  string
	Position  int
	CreatedAt time.Time
}

func (ProductImage) TableName() string { return "product_images" }

// ProductImages lists a product's images: the main one first, then the others in upload order.
func (s *Service) ProductImages(ctx context.Context, productID uint64) ([]ProductImage, error) {
	if err := s.productExists(s.db.WithContext(ctx), productID); err != nil {
		return nil, err
	}
	var out []ProductImage
	err := s.db.WithContext(ctx).Where("product_id = ?", productID).
		Order("main DESC, position, id").Find(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "list product images")
	}
	return out, nil
}

// SetMainImage stores r as the product's main image, replacing the one it had.
func (s *Service) SetMainImage(ctx context.Context, productID uint64, r io.Reader) (*ProductImage, error) {
	return s.AddProductImage(ctx, productID, r, true)
}

// AddProductImage stores one image of a product: as its main image (replacing the old one), or
// as an extra one (at most MaxExtraImages). The demo seed uses it too.
func (s *Service) AddProductImage(ctx context.Context, productID uint64, r io.Reader, main bool) (*ProductImage, error) {
	field := "images"
	if main {
		field = "image"
	}
	if err := s.productExists(s.db.WithContext(ctx), productID); err != nil {
		return nil, err
	}
	v, err := s.readVariants(ctx, r, field)
	if err != nil {
		return nil, err
	}
	if !main {
		if n, err := s.extraImageCount(s.db.WithContext(ctx), productID); err != nil {
			return nil, err
		} else if n >= MaxExtraImages {
			return nil, apperr.InvalidFields(apperr.Field("images", "product_image.max_extra", "n", MaxExtraImages))
		}
	}
	out, err := s.storeImages(ctx, productID, []imageVariants{v}, main)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// AddImages adds extra images to a product, all or none: every file is checked first, and the
// product may hold at most MaxExtraImages extra images afterwards.
func (s *Service) AddImages(ctx context.Context, productID uint64, files []io.Reader) ([]ProductImage, error) {
	if err := s.productExists(s.db.WithContext(ctx), productID); err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, apperr.InvalidFields(apperr.Field("images", "validation.file_required"))
	}
	if len(files) > MaxExtraImages {
		return nil, apperr.InvalidFields(apperr.Field("images", "product_image.max_extra", "n", MaxExtraImages))
	}
	// Counted here to spare the work on a full product; counted again under the lock below.
	if n, err := s.extraImageCount(s.db.WithContext(ctx), productID); err != nil {
		return nil, err
	} else if n+len(files) > MaxExtraImages {
		return nil, apperr.InvalidFields(apperr.Field("images", "product_image.max_extra", "n", MaxExtraImages))
	}
	// One file at a time: its pixels go as soon as its variants are made.
	sets := make([]imageVariants, 0, len(files))
	for _, f := range files {
		v, err := s.readVariants(ctx, f, "images")
		if err != nil {
			return nil, err
		}
		sets = append(sets, v)
	}
	return s.storeImages(ctx, productID, sets, false)
}

// storeImages writes the variants of checked uploads to the blob store, then the rows in one
// transaction. The objects go first (a row must never point at a missing object); if the
// transaction fails they are removed again.
func (s *Service) storeImages(ctx context.Context, productID uint64, sets []imageVariants, main bool) ([]ProductImage, error) {
	rows := make([]ProductImage, 0, len(sets))
	var stored []string
	cleanup := func() { s.deleteObjects(ctx, stored...) }
	for _, v := range sets {
		small, large := v.small, v.large
		base := fmt.Sprintf("images/products/%d/%s", productID, uuid.NewString())
		row := ProductImage{ProductID: productID, Main: main,
			SmallKey: base + "-small." + small.Ext, LargeKey: base + "-large." + large.Ext}
		for _, o := range []struct {
			key string
			v   variant
		}{{row.SmallKey, small}, {row.LargeKey, large}} {
			if err := s.blobs.Put(ctx, o.key, bytes.NewReader(o.v.Data), int64(len(o.v.Data)), o.v.ContentType); err != nil {
				cleanup()
				if apperr.IsOutage(err) {
					return nil, apperr.UnreachableMsg(err, "product_image.store_unavailable", "store image")
				}
				return nil, apperr.Wrap(err, "store image")
			}
			stored = append(stored, o.key)
		}
		rows = append(rows, row)
	}

	var replaced []ProductImage
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Lock the product: two uploads at once must not both pass the limit (PostgreSQL; SQLite
		// serialises writing transactions anyway).
		if err := s.lockProduct(tx, productID); err != nil {
			return err
		}
		now := s.now()
		var changes []activity.Change
		if main {
			if err := tx.Where("product_id = ? AND main = ?", productID, true).Find(&replaced).Error; err != nil {
				return apperr.Wrap(err, "find main image")
			}
			if len(replaced) > 0 {
				ids := make([]uint64, len(replaced))
				for i, r := range replaced {
					ids[i] = r.ID
					changes = append(changes, activity.Change{Type: activity.ProductImageDeleted, SubjectType: "product_image",
						SubjectID: r.ID, Old: imageActivity(r)})
				}
				if err := tx.Where("id IN ?", ids).Delete(&ProductImage{}).Error; err != nil {
					return apperr.Wrap(err, "replace main image")
				}
			}
		} else {
			n, err := s.extraImageCount(tx, productID)
			if err != nil {
				return err
			}
			if n+len(rows) > MaxExtraImages {
				return apperr.InvalidFields(apperr.Field("images", "product_image.max_extra", "n", MaxExtraImages))
			}
			var last int
			if err := tx.Model(&ProductImage{}).Where("product_id = ?", productID).
				Select("COALESCE(MAX(position), 0)").Scan(&last).Error; err != nil {
				return apperr.Wrap(err, "image position")
			}
			for i := range rows {
				rows[i].Position = last + i + 1
			}
		}
		for i := range rows {
			rows[i].CreatedAt = now
		}
		if err := tx.Create(&rows).Error; err != nil {
			return apperr.Wrap(err, "save images")
		}
		for _, r := range rows {
			changes = append(changes, activity.Change{Type: activity.ProductImageCreated, SubjectType: "product_image",
				SubjectID: r.ID, New: imageActivity(r)})
		}
		return activity.Record(ctx, tx, changes...)
	})
	if err != nil {
		cleanup()
		return nil, err
	}
	for _, r := range replaced {
		s.deleteObjects(ctx, r.SmallKey, r.LargeKey)
	}
	return rows, nil
}

// DeleteProductImage removes one image of a product, and its objects once the row is gone.
func (s *Service) DeleteProductImage(ctx context.Context, productID, imageID uint64) error {
	var img ProductImage
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.productExists(tx, productID); err != nil {
			return err
		}
		err := tx.Where("id = ? AND product_id = ?", imageID, productID).Take(&img).Error
		if err == gorm.ErrRecordNotFound {
			return apperr.NotFoundThing("product_image")
		}
		if err != nil {
			return apperr.Wrap(err, "find image")
		}
		if err := tx.Delete(&ProductImage{}, img.ID).Error; err != nil {
			return apperr.Wrap(err, "delete image")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductImageDeleted, SubjectType: "product_image",
			SubjectID: img.ID, Old: imageActivity(img)})
	})
	if err != nil {
		return err
	}
	// After the commit: a failed object delete leaves garbage in the store, never a row
	// pointing at nothing.
	s.deleteObjects(ctx, img.SmallKey, img.LargeKey)
	return nil
}

func imageActivity(i ProductImage) map[string]any {
	return map[string]any{"product_id": i.ProductID, "main": i.Main, "small_key": i.SmallKey, "large_key": i.LargeKey}
}

func (s *Service) extraImageCount(db *gorm.DB, productID uint64) (int, error) {
	var n int64
	if err := db.Model(&ProductImage{}).Where("product_id = ? AND main = ?", productID, false).Count(&n).Error; err != nil {
		return 0, apperr.Wrap(err, "count images")
	}
	return int(n), nil
}

// productExists is the product's 404 (the products table by name: its model is another file's).
func (s *Service) productExists(db *gorm.DB, productID uint64) error {
	var n int64
	if err := db.Table("products").Where("id = ?", productID).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "find product")
	}
	if n == 0 {
		return apperr.NotFoundThing("product")
	}
	return nil
}

// lockProduct takes the product's row lock for the transaction (a no-op on SQLite, whose
// immediate transactions already exclude each other), or the product's 404.
func (s *Service) lockProduct(tx *gorm.DB, productID uint64) error {
	var ids []uint64
	q := tx.Table("products").Where("id = ?", productID)
	if tx.Dialector.Name() == "postgres" {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	if err := q.Pluck("id", &ids).Error; err != nil {
		return apperr.Wrap(err, "lock product")
	}
	if len(ids) == 0 {
		return apperr.NotFoundThing("product")
	}
	return nil
}

// deleteObjects removes objects whose rows are gone; a failure is logged, not returned (the
// change has been committed; an orphaned object costs storage, nothing else).
func (s *Service) deleteObjects(ctx context.Context, keys ...string) {
	for _, k := range keys {
		if k == "" {
			continue
		}
		if err := s.blobs.Delete(context.WithoutCancel(ctx), k); err != nil {
			s.log.WarnContext(ctx, "could not delete an object", "key", k, "error", err.Error())
		}
	}
}
