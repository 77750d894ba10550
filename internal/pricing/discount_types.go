package pricing

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/textfold"
	"shop/internal/platform/validation"
)

// DiscountType is a kind of action (a fixed price or a percentage off), with its badge.
type DiscountType struct {
	ID              uint64    `json:"id"`
	Name            string    `json:"name"`
	IsPercentage    bool      `json:"is_percentage"`
	Text            string    `json:"text"`
	Color           string    `json:"color"`
	ShowInShockSale bool      `json:"show_in_shock_sale"`
	CreatedAt       time.Time `json:"-"`
	UpdatedAt       time.Time `json:"-"`
}

func (DiscountType) TableName() string { return "discount_types" }

// Activity entries' subject of a discount type.
const subjectDiscountType = "discount_type"

// DiscountTypeFilter is the discount type list's query.
type DiscountTypeFilter struct {
	Search string
	Page   listing.Page
}

// ListDiscountTypes answers a page of discount types by name.
func (s *Service) ListDiscountTypes(ctx context.Context, f DiscountTypeFilter) ([]DiscountType, int64, error) {
	q := s.db.WithContext(ctx).Model(&DiscountType{})
	if term := strings.TrimSpace(f.Search); term != "" {
		q = q.Where(foldedSQL("name")+" LIKE ?"+db.LikeEscape, db.LikeContains(textfold.Fold(term)))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count discount types")
	}
	out := []DiscountType{}
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list discount types")
	}
	return out, total, nil
}

// DiscountTypeInput is a discount type's form (back-office spec: name 2-255 required).
type DiscountTypeInput struct {
	Name            string `json:"name" validate:"required,min=2,max=255"`
	IsPercentage    bool   `json:"is_percentage"`
	Text            string `json:"text" validate:"max=255"`
	Color           string `json:"color" validate:"max=32"`
	ShowInShockSale bool   `json:"show_in_shock_sale"`
}

func (in *DiscountTypeInput) clean() error {
	in.Name, in.Text, in.Color = strings.TrimSpace(in.Name), strings.TrimSpace(in.Text), strings.TrimSpace(in.Color)
	return validation.Check(in)
}

// CreateDiscountType adds a discount type (logged).
func (s *Service) CreateDiscountType(ctx context.Context, in DiscountTypeInput) (*DiscountType, error) {
	if err := in.clean(); err != nil {
		return nil, err
	}
	d := &DiscountType{Name: in.Name, IsPercentage: in.IsPercentage, Text: in.Text, Color: in.Color, ShowInShockSale: in.ShowInShockSale}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(d).Error; err != nil {
			return apperr.Wrap(err, "create discount type")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountTypeCreated, SubjectType: subjectDiscountType, SubjectID: d.ID, New: d})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// GetDiscountType answers one discount type or its 404.
func (s *Service) GetDiscountType(ctx context.Context, id uint64) (*DiscountType, error) {
	return getDiscountType(s.db.WithContext(ctx), id)
}

func getDiscountType(db *gorm.DB, id uint64) (*DiscountType, error) {
	var d DiscountType
	err := db.First(&d, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("discount_type")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get discount type")
	}
	return &d, nil
}

// UpdateDiscountType changes a discount type (logged with the old and new values). Turning a
// type from fixed price to percentage (or back) changes how its discounts price their products:
// they are recomputed.
func (s *Service) UpdateDiscountType(ctx context.Context, id uint64, in DiscountTypeInput) (*DiscountType, error) {
	if err := in.clean(); err != nil {
		return nil, err
	}
	var out *DiscountType
	flagChanged := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		old, err := getDiscountType(tx, id)
		if err != nil {
			return err
		}
		d := *old
		d.Name, d.IsPercentage, d.Text, d.Color, d.ShowInShockSale = in.Name, in.IsPercentage, in.Text, in.Color, in.ShowInShockSale
		if d == *old {
			out = old
			return nil
		}
		d.UpdatedAt = s.now()
		if err := tx.Model(&DiscountType{ID: id}).Select("name", "is_percentage", "text", "color", "show_in_shock_sale", "updated_at").
			Updates(&d).Error; err != nil {
			return apperr.Wrap(err, "update discount type")
		}
		flagChanged = d.IsPercentage != old.IsPercentage
		out = &d
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountTypeUpdated, SubjectType: subjectDiscountType, SubjectID: id, Old: old, New: &d})
	})
	if err != nil {
		return nil, err
	}
	if flagChanged {
		s.scheduleAfter(ctx, DiscountTypeProducts(id))
	}
	return out, nil
}

// DeleteDiscountType deletes a discount type that no discount uses; one in use is a 409 naming
// how many discounts use it.
func (s *Service) DeleteDiscountType(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		old, err := getDiscountType(tx, id)
		if err != nil {
			return err
		}
		var used int64
		if err := tx.Model(&Discount{}).Where("discount_type_id = ?", id).Count(&used).Error; err != nil {
			return apperr.Wrap(err, "count discounts of the type")
		}
		if used > 0 {
			return apperr.New(apperr.Conflict, "discount_type.in_use", "count", used)
		}
		if err := tx.Delete(&DiscountType{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete discount type")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountTypeDeleted, SubjectType: subjectDiscountType, SubjectID: id, Old: old})
	})
}

// foldedSQL is fold as SQL over a column.
func foldedSQL(column string) string {
	expr := column
	for _, p := range [][2]string{{"Č", "c"}, {"č", "c"}, {"Ć", "c"}, {"ć", "c"}, {"Š", "s"}, {"š", "s"}, {"Ž", "z"}, {"ž", "z"}, {"Đ", "dj"}, {"đ", "dj"}} {
		expr = "REPLACE(" + expr + ", '" + p[0] + "', '" + p[1] + "')"
	}
	return "LOWER(" + expr + ")"
}
