package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
)

// The catalog sticker types are the actions: staff add and edit them (name, slug, the sticker
// shown on product cards, the header image of the action's page, from and to); the
// storefront's actions pages list the ones running today.

// CatalogStickerTypeForm is the sticker type's admin form. From and To are YYYY-MM-DD; Slug is
// optional (empty: from the name). Sticker and DesktopImage are uploaded images (nil: keep the
// current one, none on a new type).
type CatalogStickerTypeForm struct {
	Name, Slug, From, To  string
	Sticker, DesktopImage io.Reader
}

// ActiveOn tells whether the action runs on day (YYYY-MM-DD).
func (t CatalogStickerType) ActiveOn(day string) bool {
	return t.ValidFrom != nil && t.ValidTo != nil && t.ValidFrom.Format(time.DateOnly) <= day && day <= t.ValidTo.Format(time.DateOnly)
}

type stickerTypeValues struct {
	name, slug string
	from, to   time.Time
}

// check validates the form with the specification's messages: the type (its name) 'Tip akcije
// je obavezan', the start 'Početak akcije je obavezan', the end 'Završetak akcije je obavezan'.
func (f CatalogStickerTypeForm) check() (stickerTypeValues, error) {
	v := stickerTypeValues{name: strings.TrimSpace(f.Name)}
	var bad []apperr.FieldError
	switch n := utf8.RuneCountInString(v.name); {
	case n == 0:
		bad = append(bad, apperr.Field("name", "catalog_sticker.type_required"))
	case n > 255:
		bad = append(bad, apperr.Field("name", "validation.max_chars", "n", 255))
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
	v.from = date("from", f.From, "catalog_sticker.from_required")
	v.to = date("to", f.To, "catalog_sticker.to_required")
	if !v.from.IsZero() && !v.to.IsZero() && v.to.Before(v.from) {
		bad = append(bad, apperr.Field("to", "catalog_sticker.to_before_from"))
	}
	if raw := strings.TrimSpace(f.Slug); raw != "" {
		if utf8.RuneCountInString(raw) > 255 {
			bad = append(bad, apperr.Field("slug", "validation.max_chars", "n", 255))
		} else if v.slug = Slugify(raw); v.slug == "" {
			bad = append(bad, apperr.Field("slug", "catalog_sticker_type.slug"))
		}
	}
	if len(bad) > 0 {
		return v, apperr.InvalidFields(bad...)
	}
	return v, nil
}

// putStickerImage checks and stores one of the type's images under prefix; nil r: none.
func (s *Service) putStickerImage(ctx context.Context, r io.Reader, field, prefix string) (string, error) {
	if r == nil {
		return "", nil
	}
	img, err := s.readImage(ctx, r, field)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("%s/%s.%s", prefix, uuid.NewString(), img.Ext())
	if err := s.blobs.Put(ctx, key, bytes.NewReader(img.Data), int64(len(img.Data)), img.ContentType()); err != nil {
		return "", apperr.Wrap(err, "store sticker type image")
	}
	return key, nil
}

// AddCatalogStickerType adds an action from the admin form.
func (s *Service) AddCatalogStickerType(ctx context.Context, f CatalogStickerTypeForm) (*CatalogStickerType, error) {
	return s.saveCatalogStickerType(ctx, 0, f)
}

// UpdateCatalogStickerType changes an action; images not uploaded are kept.
func (s *Service) UpdateCatalogStickerType(ctx context.Context, id uint64, f CatalogStickerTypeForm) (*CatalogStickerType, error) {
	if _, err := s.GetCatalogStickerType(ctx, id); err != nil {
		return nil, err
	}
	return s.saveCatalogStickerType(ctx, id, f)
}

func (s *Service) saveCatalogStickerType(ctx context.Context, id uint64, f CatalogStickerTypeForm) (*CatalogStickerType, error) {
	v, err := f.check()
	// The images are checked with the fields, so the form shows every problem at once.
	sticker, serr := s.putStickerImage(ctx, f.Sticker, "sticker", "stickers/catalog")
	desktop, derr := s.putStickerImage(ctx, f.DesktopImage, "desktop_image", "images/catalog-sticker-types")
	if err := apperr.JoinInvalid(err, serr, derr); err != nil {
		s.deleteObjects(ctx, sticker, desktop)
		return nil, err
	}
	var old CatalogStickerType
	var saved uint64
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if id != 0 {
			if err := tx.First(&old, id).Error; err != nil {
				if errors.Is(err, gorm.ErrRecordNotFound) {
					return apperr.NotFoundThing("catalog_sticker_type")
				}
				return apperr.Wrap(err, "read catalog sticker type")
			}
		}
		slug := v.slug
		switch {
		case slug != "":
			var n int64
			if err := tx.Model(&CatalogStickerType{}).Where("slug = ? AND id <> ?", slug, id).Count(&n).Error; err != nil {
				return apperr.Wrap(err, "check slug")
			}
			if n > 0 {
				return apperr.InvalidFields(apperr.Field("slug", "catalog_sticker_type.slug_taken"))
			}
		case id != 0 && old.Name == v.name:
			slug = old.Slug // unchanged name, no slug asked for: the page's address stays
		default:
			base := Slugify(v.name)
			if base == "" {
				base = "akcija"
			}
			var taken []string
			if err := tx.Model(&CatalogStickerType{}).Where("id <> ? AND (slug = ? OR slug LIKE ?"+db.LikeEscape+")", id, base, db.LikeLiteral(base)+"-%").
				Pluck("slug", &taken).Error; err != nil {
				return apperr.Wrap(err, "check slug")
			}
			slug = firstFreeSlug(base, taken)
		}
		from, to := v.from, v.to
		t := CatalogStickerType{ID: id, Name: v.name, Slug: slug, StickerKey: old.StickerKey, DesktopImageKey: old.DesktopImageKey,
			ValidFrom: &from, ValidTo: &to, CreatedAt: old.CreatedAt, UpdatedAt: s.now()}
		if sticker != "" {
			t.StickerKey = sticker
		}
		if desktop != "" {
			t.DesktopImageKey = desktop
		}
		if id == 0 {
			t.CreatedAt = t.UpdatedAt
			if err := tx.Create(&t).Error; err != nil {
				return apperr.Wrap(err, "create catalog sticker type")
			}
		} else if err := tx.Save(&t).Error; err != nil {
			return apperr.Wrap(err, "update catalog sticker type")
		}
		saved = t.ID
		if id == 0 {
			return activity.Record(ctx, tx, activity.Change{Type: activity.CatalogStickerTypeCreated, SubjectType: activity.SubjectCatalogStickerType,
				SubjectID: t.ID, New: stickerTypeLog(t)})
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CatalogStickerTypeUpdated, SubjectType: activity.SubjectCatalogStickerType,
			SubjectID: t.ID, Old: stickerTypeLog(old), New: stickerTypeLog(t)})
	})
	if err != nil {
		s.deleteObjects(ctx, sticker, desktop)
		return nil, err
	}
	if sticker != "" && old.StickerKey != "" {
		s.deleteObjects(ctx, old.StickerKey)
	}
	if desktop != "" && old.DesktopImageKey != "" {
		s.deleteObjects(ctx, old.DesktopImageKey)
	}
	return s.GetCatalogStickerType(ctx, saved)
}

// stickerTypeLog is an action as the activity log keeps it: images named by whether there is
// one (the stored keys are storage details, not history).
func stickerTypeLog(t CatalogStickerType) map[string]any {
	day := func(d *time.Time) string {
		if d == nil {
			return ""
		}
		return d.Format(time.DateOnly)
	}
	return map[string]any{"name": t.Name, "slug": t.Slug, "from": day(t.ValidFrom), "to": day(t.ValidTo),
		"sticker": t.StickerKey != "", "desktop_image": t.DesktopImageKey != ""}
}

// ActiveCatalogStickerTypes are the actions running today (the shop's date), the newest start
// first.
func (s *Service) ActiveCatalogStickerTypes(ctx context.Context) ([]CatalogStickerType, error) {
	today, tomorrow := s.TodayAndTomorrow()
	var out []CatalogStickerType
	// valid_from < tomorrow and valid_to >= today hold for the stored dates whether the database
	// keeps a date (PostgreSQL) or text that may carry a time after the date (SQLite).
	if err := s.db.WithContext(ctx).Where("valid_from < ? AND valid_to >= ?", tomorrow, today).
		Order("valid_from DESC, id DESC").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "list active catalog sticker types")
	}
	return out, nil
}

// TodayAndTomorrow are the shop's date and the next one (YYYY-MM-DD): a date column covers today
// when it is before tomorrow (a text date on SQLite may carry a time after the date).
func (s *Service) TodayAndTomorrow() (string, string) {
	today := s.Today()
	d, _ := time.Parse(time.DateOnly, today)
	return today, d.AddDate(0, 0, 1).Format(time.DateOnly)
}

// CatalogStickerTypeBySlug is the action with this slug, running or not (the caller decides
// who may see one that is not running today); unknown: 404.
func (s *Service) CatalogStickerTypeBySlug(ctx context.Context, slug string) (*CatalogStickerType, error) {
	var t CatalogStickerType
	err := s.db.WithContext(ctx).Where("slug = ?", slug).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("catalog_sticker_type")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get catalog sticker type")
	}
	return &t, nil
}
