package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0008: the pricing rules staff manage (spec/decisions.md "Prices") and the
// derived columns they feed.
//   - web_margin_rules: a margin for the products of a main category, narrowed by supplier,
//     brand and an entry-price range (para, without VAT); the most specific matching rule wins.
//   - recommended_prices: caps the web price of a manufacturer's products (in the listed
//     categories; none listed: all) at the supplier's recommended price lowered by lower_bps.
//   - authenticated_discounts: the logged-in customers' discount, matched like web margins
//     (the category is optional here).
//   - discounts.dealer_price: the dealer price of a product while on that action.
//   - products.discount_price / products.active_discount_id: the price of the action valid
//     today and which action it is, written only by pricing's recompute like the other derived
//     prices (NULL: no action today).
type webMarginRule0008 struct {
	ID         uint64  `gorm:"primaryKey"`
	CategoryID uint64  `gorm:"not null;index"`
	SupplierID *uint64 `gorm:"index"`
	BrandID    *uint64 `gorm:"index"`
	PriceFrom  *int64  // para, entry price without VAT
	PriceTo    *int64
	MarginBps  int `gorm:"not null"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (webMarginRule0008) TableName() string { return "web_margin_rules" }

type recommendedPrice0008 struct {
	ID             uint64 `gorm:"primaryKey"`
	Name           string `gorm:"size:255;not null"`
	ManufacturerID uint64 `gorm:"not null;index"` // a value of the manufacturer attribute (id 24)
	LowerBps       int    `gorm:"not null;default:0"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (recommendedPrice0008) TableName() string { return "recommended_prices" }

type recommendedPriceCategory0008 struct {
	RecommendedPriceID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID         uint64 `gorm:"primaryKey;autoIncrement:false;index"`
}

func (recommendedPriceCategory0008) TableName() string { return "recommended_price_categories" }

type authenticatedDiscount0008 struct {
	ID          uint64  `gorm:"primaryKey"`
	Name        string  `gorm:"size:255;not null"`
	CategoryID  *uint64 `gorm:"index"`
	SupplierID  *uint64 `gorm:"index"`
	BrandID     *uint64 `gorm:"index"`
	PriceFrom   *int64
	PriceTo     *int64
	DiscountBps int `gorm:"not null"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (authenticatedDiscount0008) TableName() string { return "authenticated_discounts" }

type discount0008 struct {
	DealerPrice *int64 // para, without VAT
}

func (discount0008) TableName() string { return "discounts" }

type product0008 struct {
	DiscountPrice    *int64  // para, with VAT
	ActiveDiscountID *uint64 `gorm:"index"`
}

func (product0008) TableName() string { return "products" }

var pricingIndexes0008 = []string{
	"CREATE INDEX discounts_valid_from_idx ON discounts (valid_from)",
	"CREATE INDEX discounts_valid_to_idx ON discounts (valid_to)",
}

func m0008PricingRules() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0008_pricing_rules",
		Migrate: func(tx *gorm.DB) error {
			m := tx.Migrator()
			if err := m.CreateTable(&webMarginRule0008{}, &recommendedPrice0008{}, &recommendedPriceCategory0008{},
				&authenticatedDiscount0008{}); err != nil {
				return err
			}
			if err := m.AddColumn(&discount0008{}, "DealerPrice"); err != nil {
				return err
			}
			for _, f := range []string{"DiscountPrice", "ActiveDiscountID"} {
				if err := m.AddColumn(&product0008{}, f); err != nil {
					return err
				}
			}
			if err := m.CreateIndex(&product0008{}, "ActiveDiscountID"); err != nil {
				return err
			}
			for _, q := range pricingIndexes0008 {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			m := tx.Migrator()
			for _, q := range []string{"DROP INDEX IF EXISTS discounts_valid_from_idx", "DROP INDEX IF EXISTS discounts_valid_to_idx"} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			if err := m.DropIndex(&product0008{}, "ActiveDiscountID"); err != nil {
				return err
			}
			for _, f := range []string{"DiscountPrice", "ActiveDiscountID"} {
				if err := m.DropColumn(&product0008{}, f); err != nil {
					return err
				}
			}
			if err := m.DropColumn(&discount0008{}, "DealerPrice"); err != nil {
				return err
			}
			return m.DropTable(&authenticatedDiscount0008{}, &recommendedPriceCategory0008{}, &recommendedPrice0008{}, &webMarginRule0008{})
		},
	}
}
