package catalog

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
	"shop/internal/platform/validation"
)

// Brand is a product's brand (the name is unique).
type Brand struct {
	ID        uint64
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Brand) TableName() string { return "brands" }

// BrandFilter is the brand list's query.
type BrandFilter struct {
	Search string
	Page   listing.Page
}

// ListBrands answers a page of brands by name.
func (s *Service) ListBrands(ctx context.Context, f BrandFilter) ([]Brand, int64, error) {
	q := searchFolded(s.db.WithContext(ctx).Model(&Brand{}), "name", f.Search)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count brands")
	}
	var out []Brand
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list brands")
	}
	return out, total, nil
}

// GetBrand answers one brand or its 404.
func (s *Service) GetBrand(ctx context.Context, id uint64) (*Brand, error) {
	return s.getBrand(ctx, s.db, id)
}

func (s *Service) getBrand(ctx context.Context, tx *gorm.DB, id uint64) (*Brand, error) {
	var b Brand
	err := tx.WithContext(ctx).First(&b, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("brand")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get brand")
	}
	return &b, nil
}

type brandInput struct {
	Name string `json:"name" validate:"required,min=2,max=255"`
}

// checkBrand validates the name and that no other brand has it (case and diacritics folded).
func (s *Service) checkBrand(ctx context.Context, tx *gorm.DB, name string, self uint64) (string, error) {
	in := brandInput{Name: strings.TrimSpace(name)}
	if err := validation.Check(&in); err != nil {
		return "", err
	}
	var n int64
	if err := tx.WithContext(ctx).Model(&Brand{}).Where("id <> ? AND "+foldedSQL("name")+" = ?", self, Fold(in.Name)).Count(&n).Error; err != nil {
		return "", apperr.Wrap(err, "check brand name")
	}
	if n > 0 {
		return "", apperr.InvalidFields(apperr.Field("name", "validation.brand_taken"))
	}
	return in.Name, nil
}

// CreateBrand adds a brand; the name is required, 2-255 characters, unique.
func (s *Service) CreateBrand(ctx context.Context, name string) (*Brand, error) {
	var out *Brand
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		n, err := s.checkBrand(ctx, tx, name, 0)
		if err != nil {
			return err
		}
		b := &Brand{Name: n}
		if err := tx.Create(b).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return apperr.InvalidFields(apperr.Field("name", "validation.brand_taken"))
			}
			return apperr.Wrap(err, "create brand")
		}
		out = b
		return activity.Record(ctx, tx, activity.Change{Type: activity.BrandCreated, SubjectType: activity.SubjectBrand, SubjectID: b.ID,
			New: map[string]any{"name": b.Name}})
	})
	return out, err
}

// UpdateBrand renames a brand.
func (s *Service) UpdateBrand(ctx context.Context, id uint64, name string) (*Brand, error) {
	var out *Brand
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		b, err := s.getBrand(ctx, tx, id)
		if err != nil {
			return err
		}
		old := b.Name
		if b.Name, err = s.checkBrand(ctx, tx, name, id); err != nil {
			return err
		}
		b.UpdatedAt = s.now()
		if err := tx.Select("name", "updated_at").Save(b).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return apperr.InvalidFields(apperr.Field("name", "validation.brand_taken"))
			}
			return apperr.Wrap(err, "update brand")
		}
		out = b
		if old == b.Name {
			return nil
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.BrandUpdated, SubjectType: activity.SubjectBrand, SubjectID: id,
			Old: map[string]any{"name": old}, New: map[string]any{"name": b.Name}})
	})
	return out, err
}

// DeleteBrand removes a brand no product uses; a used one is a conflict.
func (s *Service) DeleteBrand(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		b, err := s.getBrand(ctx, tx, id)
		if err != nil {
			return err
		}
		var used []int
		if err := tx.Raw("SELECT 1 FROM products WHERE brand_id = ? LIMIT 1", id).Scan(&used).Error; err != nil {
			return apperr.Wrap(err, "check brand use")
		}
		if len(used) > 0 {
			return apperr.New(apperr.Conflict, "brand.in_use")
		}
		if err := tx.Delete(&Brand{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete brand")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.BrandDeleted, SubjectType: activity.SubjectBrand, SubjectID: id,
			Old: map[string]any{"name": b.Name}})
	})
}
