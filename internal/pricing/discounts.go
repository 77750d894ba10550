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
	"shop/internal/platform/money"
)

// Discount is an action on a product: a fixed price, or a percentage off the web price, by its
// type's flag, valid from..to (dates inclusive, the shop's calendar). Two discounts of one
// product never overlap in time. DealerPrice is the dealer price while on the action (without
// VAT; nil: none).
type Discount struct {
	ID             uint64      `json:"id"`
	ProductID      uint64      `json:"product_id"`
	DiscountTypeID uint64      `json:"discount_type_id"`
	Price          money.Para  `json:"price"`
	PercentageBps  money.Bps   `json:"percentage"`
	ValidFrom      time.Time   `gorm:"type:date" json:"-"`
	ValidTo        time.Time   `gorm:"type:date" json:"-"`
	DealerPrice    *money.Para `json:"dealer_price"`
	MassRunID      *uint64     `json:"-"`
	CreatedAt      time.Time   `json:"-"`
	UpdatedAt      time.Time   `json:"-"`
}

func (Discount) TableName() string { return "discounts" }

// From is the discount's first day, YYYY-MM-DD.
func (d Discount) From() string { return d.ValidFrom.Format(time.DateOnly) }

// To is the discount's last day, YYYY-MM-DD.
func (d Discount) To() string { return d.ValidTo.Format(time.DateOnly) }

// discountLog is a discount as the activity log keeps it (old and new values).
type discountLog struct {
	ProductID      uint64      `json:"product_id"`
	DiscountTypeID uint64      `json:"discount_type_id"`
	Price          money.Para  `json:"price"`
	Percentage     money.Bps   `json:"percentage"`
	From           string      `json:"from"`
	To             string      `json:"to"`
	DealerPrice    *money.Para `json:"dealer_price"`
}

// same tells whether two logged states are equal (the dealer prices by value).
func (a discountLog) same(b discountLog) bool {
	ad, bd := a.DealerPrice, b.DealerPrice
	a.DealerPrice, b.DealerPrice = nil, nil
	return a == b && (ad == nil) == (bd == nil) && (ad == nil || *ad == *bd)
}

func (d Discount) log() discountLog {
	return discountLog{ProductID: d.ProductID, DiscountTypeID: d.DiscountTypeID, Price: d.Price, Percentage: d.PercentageBps,
		From: d.From(), To: d.To(), DealerPrice: d.DealerPrice}
}

const subjectDiscount = "discount"

// ProductDiscount is a discount with its type.
type ProductDiscount struct {
	Discount
	Type DiscountType
}

// DiscountInput is the Actions tab's form: the type, the fixed price or the percentage (by the
// type's flag; the other is ignored), and the first and last day (YYYY-MM-DD).
type DiscountInput struct {
	DiscountTypeID uint64
	Price          *money.Para
	Percentage     *money.Bps
	From, To       string
}

// discountValues are a checked DiscountInput.
type discountValues struct {
	typ        *DiscountType
	price      money.Para
	percentage money.Bps
	from, to   time.Time
}

// MinDiscountPrice is the lowest fixed action price (catalogue spec: 0.01).
const MinDiscountPrice money.Para = 1

// check validates in against the database (the type must exist); all field errors at once.
func (in DiscountInput) check(tx *gorm.DB) (discountValues, error) {
	var v discountValues
	var bad []apperr.FieldError
	if in.DiscountTypeID == 0 {
		bad = append(bad, apperr.Field("discount_type_id", "discount.type_required"))
	} else {
		t, err := getDiscountType(tx, in.DiscountTypeID)
		switch {
		case apperr.Is(err, apperr.NotFound):
			bad = append(bad, apperr.Field("discount_type_id", "discount.type_unknown"))
		case err != nil:
			return v, err
		default:
			v.typ = t
		}
	}
	if v.typ != nil {
		if v.typ.IsPercentage {
			switch {
			case in.Percentage == nil:
				bad = append(bad, apperr.Field("percentage", "discount.percentage_required"))
			case *in.Percentage < 1 || *in.Percentage > 9999:
				bad = append(bad, apperr.Field("percentage", "discount.percentage_range"))
			default:
				v.percentage = *in.Percentage
			}
		} else {
			switch {
			case in.Price == nil:
				bad = append(bad, apperr.Field("price", "discount.price_required"))
			case *in.Price < MinDiscountPrice:
				bad = append(bad, apperr.Field("price", "discount.price_min"))
			default:
				v.price = *in.Price
			}
		}
	}
	v.from, bad = checkDay("from", in.From, "discount.from_required", bad)
	v.to, bad = checkDay("to", in.To, "discount.to_required", bad)
	if !v.from.IsZero() && !v.to.IsZero() && v.to.Before(v.from) {
		bad = append(bad, apperr.Field("to", "discount.to_before_from"))
	}
	if len(bad) > 0 {
		return v, apperr.InvalidFields(bad...)
	}
	return v, nil
}

// checkDay parses a required YYYY-MM-DD field.
func checkDay(field, raw, requiredKey string, bad []apperr.FieldError) (time.Time, []apperr.FieldError) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return time.Time{}, append(bad, apperr.Field(field, requiredKey))
	}
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		return time.Time{}, append(bad, apperr.Field(field, "discount.date"))
	}
	return t, bad
}

// discountsLockKey serialises the writers of discounts on PostgreSQL, so two overlapping
// discounts of one product can never be added at once (SQLite's writers take turns anyway).
const discountsLockKey int64 = 0x73686f70646973 // "shopdis"

func lockDiscounts(tx *gorm.DB) error {
	if !db.IsPostgres(tx) {
		return nil
	}
	return apperr.Wrap(tx.Exec("SELECT pg_advisory_xact_lock(?)", discountsLockKey).Error, "lock discounts")
}

// DiscountFilter picks the products with a discount valid on some day of From..To
// (YYYY-MM-DD, an empty end open), of the type and in the price range given (zero, nil: any).
type DiscountFilter struct {
	From, To           string
	TypeID             uint64
	PriceFrom, PriceTo *money.Para
}

// DiscountCondition is f as a condition on a query over products: an EXISTS over the
// discounts, so the catalogue's admin list filters by discount inside its one query.
func DiscountCondition(tx *gorm.DB, f DiscountFilter) (string, []any) {
	sql := "EXISTS (SELECT 1 FROM discounts d WHERE d.product_id = products.id"
	var args []any
	if f.To != "" {
		sql += " AND " + dayColumn(tx, "d.valid_from") + " <= ?"
		args = append(args, f.To)
	}
	if f.From != "" {
		sql += " AND " + dayColumn(tx, "d.valid_to") + " >= ?"
		args = append(args, f.From)
	}
	if f.TypeID != 0 {
		sql += " AND d.discount_type_id = ?"
		args = append(args, f.TypeID)
	}
	if f.PriceFrom != nil {
		sql += " AND d.price >= ?"
		args = append(args, int64(*f.PriceFrom))
	}
	if f.PriceTo != nil {
		sql += " AND d.price <= ?"
		args = append(args, int64(*f.PriceTo))
	}
	return sql + ")", args
}

// dayColumn is a date column compared as YYYY-MM-DD (SQLite keeps dates as text, possibly
// with a time part).
func dayColumn(tx *gorm.DB, column string) string {
	if db.IsPostgres(tx) {
		return column
	}
	return "date(" + column + ")"
}

// dayParam is a bound YYYY-MM-DD compared with a dayColumn.
func dayParam(tx *gorm.DB) string {
	if db.IsPostgres(tx) {
		return "CAST(? AS DATE)"
	}
	return "?"
}

// shown is a date as staff read it, DD.MM.YYYY.
func shown(t time.Time) string { return t.Format("02.01.2006") }

// overlapping answers the product's first discount (other than except) sharing a day with
// from..to, or nil.
func overlapping(tx *gorm.DB, productID, except uint64, from, to time.Time) (*Discount, error) {
	var d Discount
	err := tx.Where("product_id = ? AND id <> ?", productID, except).
		Where(dayColumn(tx, "valid_from")+" <= "+dayParam(tx)+" AND "+dayColumn(tx, "valid_to")+" >= "+dayParam(tx),
			to.Format(time.DateOnly), from.Format(time.DateOnly)).
		Order("valid_from, id").First(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "find overlapping discount")
	}
	return &d, nil
}

// overlapError is the 422 naming the dates of the discount in the way.
func overlapError(d *Discount) error {
	return apperr.InvalidFields(apperr.Field("from", "discount.overlap", "from", shown(d.ValidFrom), "to", shown(d.ValidTo)))
}

// productExists answers the product's 404 when it is missing.
func productExists(tx *gorm.DB, id uint64) error {
	var n int64
	if err := tx.Table("products").Where("id = ?", id).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "find product")
	}
	if n == 0 {
		return apperr.NotFoundThing("product")
	}
	return nil
}

// ProductDiscounts lists a product's discounts with their types, by first day.
func (s *Service) ProductDiscounts(ctx context.Context, productID uint64) ([]ProductDiscount, error) {
	tx := s.db.WithContext(ctx)
	if err := productExists(tx, productID); err != nil {
		return nil, err
	}
	var ds []Discount
	if err := tx.Where("product_id = ?", productID).Order("valid_from, id").Find(&ds).Error; err != nil {
		return nil, apperr.Wrap(err, "list discounts")
	}
	return withTypes(tx, ds)
}

// withTypes pairs discounts with their types (one query).
func withTypes(tx *gorm.DB, ds []Discount) ([]ProductDiscount, error) {
	ids := map[uint64]bool{}
	var list []uint64
	for _, d := range ds {
		if !ids[d.DiscountTypeID] {
			ids[d.DiscountTypeID] = true
			list = append(list, d.DiscountTypeID)
		}
	}
	types := map[uint64]DiscountType{}
	if len(list) > 0 {
		var ts []DiscountType
		if err := tx.Where("id IN ?", list).Find(&ts).Error; err != nil {
			return nil, apperr.Wrap(err, "discount types")
		}
		for _, t := range ts {
			types[t.ID] = t
		}
	}
	out := make([]ProductDiscount, 0, len(ds))
	for _, d := range ds {
		out = append(out, ProductDiscount{Discount: d, Type: types[d.DiscountTypeID]})
	}
	return out, nil
}

// CreateDiscount adds a discount to a product (logged), then asks for its prices.
func (s *Service) CreateDiscount(ctx context.Context, productID uint64, in DiscountInput) (*ProductDiscount, error) {
	var out *ProductDiscount
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		if err := productExists(tx, productID); err != nil {
			return err
		}
		v, err := in.check(tx)
		if err != nil {
			return err
		}
		if o, err := overlapping(tx, productID, 0, v.from, v.to); err != nil {
			return err
		} else if o != nil {
			return overlapError(o)
		}
		now := s.now()
		d := Discount{ProductID: productID, DiscountTypeID: v.typ.ID, Price: v.price, PercentageBps: v.percentage,
			ValidFrom: v.from, ValidTo: v.to, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&d).Error; err != nil {
			return apperr.Wrap(err, "create discount")
		}
		out = &ProductDiscount{Discount: d, Type: *v.typ}
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountCreated, SubjectType: subjectDiscount, SubjectID: d.ID, New: d.log()})
	})
	if err != nil {
		return nil, err
	}
	s.scheduleAfter(ctx, Products(productID))
	return out, nil
}

// productDiscount reads a discount of the product, or the discount's 404.
func productDiscount(tx *gorm.DB, productID, id uint64) (*Discount, error) {
	var d Discount
	err := tx.Where("id = ? AND product_id = ?", id, productID).First(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("discount")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get discount")
	}
	return &d, nil
}

// UpdateDiscount changes a product's discount (logged with old and new values).
func (s *Service) UpdateDiscount(ctx context.Context, productID, id uint64, in DiscountInput) (*ProductDiscount, error) {
	var out *ProductDiscount
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		if err := productExists(tx, productID); err != nil {
			return err
		}
		old, err := productDiscount(tx, productID, id)
		if err != nil {
			return err
		}
		v, err := in.check(tx)
		if err != nil {
			return err
		}
		if o, err := overlapping(tx, productID, id, v.from, v.to); err != nil {
			return err
		} else if o != nil {
			return overlapError(o)
		}
		d := *old
		d.DiscountTypeID, d.Price, d.PercentageBps, d.ValidFrom, d.ValidTo = v.typ.ID, v.price, v.percentage, v.from, v.to
		out = &ProductDiscount{Discount: d, Type: *v.typ}
		if d.log().same(old.log()) {
			return nil
		}
		d.UpdatedAt = s.now()
		if err := tx.Model(&Discount{ID: id}).Select("discount_type_id", "price", "percentage_bps", "valid_from", "valid_to", "updated_at").
			Updates(&d).Error; err != nil {
			return apperr.Wrap(err, "update discount")
		}
		out.Discount = d
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountUpdated, SubjectType: subjectDiscount, SubjectID: id, Old: old.log(), New: d.log()})
	})
	if err != nil {
		return nil, err
	}
	s.scheduleAfter(ctx, Products(productID))
	return out, nil
}

// DeleteDiscount removes a product's discount (logged with its old values).
func (s *Service) DeleteDiscount(ctx context.Context, productID, id uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := productExists(tx, productID); err != nil {
			return err
		}
		old, err := productDiscount(tx, productID, id)
		if err != nil {
			return err
		}
		if err := tx.Delete(&Discount{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete discount")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountDeleted, SubjectType: subjectDiscount, SubjectID: id, Old: old.log()})
	})
	if err != nil {
		return err
	}
	s.scheduleAfter(ctx, Products(productID))
	return nil
}

// SetActionDealerPrice sets (or, nil, clears) the dealer price of a product while on the
// action id (logged as a change of the discount).
func (s *Service) SetActionDealerPrice(ctx context.Context, id uint64, price *money.Para) (*ProductDiscount, error) {
	if price != nil && *price < MinDiscountPrice {
		return nil, apperr.InvalidFields(apperr.Field("dealer_price", "discount.price_min"))
	}
	var out *ProductDiscount
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var old Discount
		err := tx.First(&old, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("discount")
		}
		if err != nil {
			return apperr.Wrap(err, "get discount")
		}
		d := old
		d.DealerPrice = price
		list, err := withTypes(tx, []Discount{d})
		if err != nil {
			return err
		}
		out = &list[0]
		if d.log().same(old.log()) {
			return nil
		}
		if err := tx.Model(&Discount{ID: id}).Updates(map[string]any{"dealer_price": price, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "set action dealer price")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.DiscountUpdated, SubjectType: subjectDiscount, SubjectID: id, Old: old.log(), New: d.log()})
	})
	if err != nil {
		return nil, err
	}
	s.scheduleAfter(ctx, Products(out.ProductID))
	return out, nil
}

// scheduleAfter asks for the scopes' prices after a committed change. The change stands
// either way: a failure to recompute is logged (the midnight job and the next change catch up),
// not answered as a failed change.
func (s *Service) scheduleAfter(ctx context.Context, scopes ...Scope) {
	if err := s.Schedule(context.WithoutCancel(ctx), scopes...); err != nil {
		s.log.ErrorContext(ctx, "price recompute after a discount change failed", "error", err.Error())
	}
}

// ValidateDiscount checks a product's action as the admin's form does, for data written
// without the form (the demo shop).
func (s *Service) ValidateDiscount(ctx context.Context, in DiscountInput) error {
	_, err := in.check(s.db.WithContext(ctx))
	return err
}
