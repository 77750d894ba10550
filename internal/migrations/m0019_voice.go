package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0019: the customers' voice: product ratings, questions and their
// answers, back-in-stock subscriptions and price offers.

// rating0019: one per customer and product (a second post edits the first); staff approve it
// before the storefront shows it; DeletedAt makes a staff delete undoable.
type rating0019 struct {
	ID        uint64 `gorm:"primaryKey"`
	ProductID uint64 `gorm:"not null;uniqueIndex:ux_ratings_product_user,priority:1;index:ix_ratings_product_approved,priority:1"`
	UserID    uint64 `gorm:"not null;uniqueIndex:ux_ratings_product_user,priority:2"`
	Rating    int    `gorm:"not null"`
	Comment   string `gorm:"type:text;not null;default:''"`
	Approved  bool   `gorm:"not null;default:false;index:ix_ratings_product_approved,priority:2"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt *time.Time `gorm:"index"`
}

func (rating0019) TableName() string { return "ratings" }

// question0019: asked by a guest (name, optional e-mail) or a customer (UserID); Lang is the
// asker's language, the answer mail's.
type question0019 struct {
	ID         uint64     `gorm:"primaryKey"`
	ProductID  uint64     `gorm:"not null;index"`
	UserID     *uint64    `gorm:"index"`
	Name       string     `gorm:"size:50;not null"`
	Email      string     `gorm:"size:255;not null;default:''"`
	Question   string     `gorm:"type:text;not null"`
	Answer     string     `gorm:"type:text;not null;default:''"`
	AnsweredAt *time.Time `gorm:"index"`
	AnsweredBy *uint64
	Lang       string `gorm:"size:2;not null;default:'sr'"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (question0019) TableName() string { return "questions" }

// backInStock0019: one row per product and address; NotifiedAt is set when the mail went out
// (a later subscription clears it again); SubscribedAt names the round (the mail's task id).
type backInStock0019 struct {
	ID           uint64     `gorm:"primaryKey"`
	ProductID    uint64     `gorm:"not null;uniqueIndex:ux_back_in_stock_product_email,priority:1"`
	Email        string     `gorm:"size:255;not null;uniqueIndex:ux_back_in_stock_product_email,priority:2"`
	Lang         string     `gorm:"size:2;not null;default:'sr'"`
	SubscribedAt time.Time  `gorm:"not null"`
	NotifiedAt   *time.Time `gorm:"index"`
	CreatedAt    time.Time
}

func (backInStock0019) TableName() string { return "back_in_stock_subscriptions" }

// priceOffer0019: a customer's asked price for a product; staff mark it answered or declined.
type priceOffer0019 struct {
	ID         uint64 `gorm:"primaryKey"`
	ProductID  uint64 `gorm:"not null;index"`
	ProductSKU string `gorm:"column:product_sku;size:64;not null"`
	Email      string `gorm:"size:255;not null"`
	Price      int64  `gorm:"not null"` // para
	Status     string `gorm:"size:16;not null;default:'pending';index"`
	Lang       string `gorm:"size:2;not null;default:'sr'"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (priceOffer0019) TableName() string { return "price_offers" }

func m0019Voice() *gormigrate.Migration {
	tables := []any{&rating0019{}, &question0019{}, &backInStock0019{}, &priceOffer0019{}}
	return &gormigrate.Migration{
		ID: "0019_voice",
		Migrate: func(tx *gorm.DB) error {
			for _, t := range tables {
				if err := tx.Migrator().CreateTable(t); err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for i := len(tables) - 1; i >= 0; i-- {
				if err := tx.Migrator().DropTable(tables[i]); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
