package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0048: item returns of paid orders (owned by sales). A return names the lines
// and quantities given back; its number counts the order's returns from 1 (unique per order,
// so two staff recording at once cannot both take the same one). Prices are the lines' own.
type orderReturn0048 struct {
	ID        uint64 `gorm:"primaryKey"`
	OrderID   uint64 `gorm:"not null;uniqueIndex:ux_order_returns_order_seq,priority:1"`
	Seq       int    `gorm:"not null;uniqueIndex:ux_order_returns_order_seq,priority:2"`
	Reason    string `gorm:"type:text;not null;default:''"`
	Total     int64  `gorm:"not null"`
	UserID    *uint64
	CreatedAt time.Time `gorm:"index:ix_order_returns_created_at"`
}

func (orderReturn0048) TableName() string { return "order_returns" }

type orderReturnItem0048 struct {
	ID          uint64 `gorm:"primaryKey"`
	ReturnID    uint64 `gorm:"not null;index:ix_order_return_items_return"`
	OrderID     uint64 `gorm:"not null;index:ix_order_return_items_order"`
	OrderItemID uint64 `gorm:"not null"`
	ProductID   uint64 `gorm:"not null"`
	Quantity    int    `gorm:"not null"`
	Price       int64  `gorm:"not null"`
	Total       int64  `gorm:"not null"`
}

func (orderReturnItem0048) TableName() string { return "order_return_items" }

// m0048OrderReturns adds order_returns and order_return_items.
//
// Rollout-safe: two new tables; the previous binary does not know them.
func m0048OrderReturns() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0048_order_returns",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&orderReturn0048{}, &orderReturnItem0048{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("order_return_items", "order_returns")
		},
	}
}
