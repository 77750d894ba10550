package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0021: the staff's order handling. Files attached to an order
// (kept in the object store under a private key), and the moment a cancellation gave the
// order's units back to stock, so the stock is returned once.
type orderAttachment0021 struct {
	ID          uint64  `gorm:"primaryKey"`
	OrderID     uint64  `gorm:"not null;index"`
	FileName    string  `gorm:"size:255;not null"`
	ContentType string  `gorm:"size:128;not null"`
	Size        int64   `gorm:"not null"`
	BlobKey     string  `gorm:"size:255;not null"`
	UserID      *uint64 `gorm:"index"`
	CreatedAt   time.Time
}

func (orderAttachment0021) TableName() string { return "order_attachments" }

type order0021 struct {
	StockReturnedAt *time.Time
}

func (order0021) TableName() string { return "orders" }

func m0021OrderHandling() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0021_order_handling",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().AddColumn(&order0021{}, "StockReturnedAt"); err != nil {
				return err
			}
			if err := tx.Migrator().CreateTable(&orderAttachment0021{}); err != nil {
				return err
			}
			// The list's default order and its date filter.
			return tx.Exec("CREATE INDEX IF NOT EXISTS ix_orders_created_id ON orders (created_at, id)").Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec("DROP INDEX IF EXISTS ix_orders_created_id").Error; err != nil {
				return err
			}
			if err := tx.Migrator().DropTable("order_attachments"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn(&order0021{}, "StockReturnedAt")
		},
	}
}
