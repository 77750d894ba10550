package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0049: the return a refund receipt refunds (0: the whole order's cancellation).
// One receipt per order, kind and return, so an order may have a refund per return besides the
// one of its cancellation.
type fiscalReceipt0049 struct {
	OrderID  uint64 `gorm:"not null;uniqueIndex:ux_fiscal_receipts_order_kind_return,priority:1"`
	Kind     string `gorm:"size:16;not null;uniqueIndex:ux_fiscal_receipts_order_kind_return,priority:2"`
	ReturnID uint64 `gorm:"not null;default:0;uniqueIndex:ux_fiscal_receipts_order_kind_return,priority:3"`
}

func (fiscalReceipt0049) TableName() string { return "fiscal_receipts" }

// m0049FiscalReceiptReturns adds fiscal_receipts.return_id and widens the unique key to it.
//
// Rollout-safe: the column has a default (the previous binary's inserts are the whole order's,
// 0); the new key still holds its one receipt per order and kind. Only the narrower index goes.
func m0049FiscalReceiptReturns() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0049_fiscal_receipt_returns",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().AddColumn(&fiscalReceipt0049{}, "ReturnID"); err != nil {
				return err
			}
			if err := tx.Migrator().CreateIndex(&fiscalReceipt0049{}, "ux_fiscal_receipts_order_kind_return"); err != nil {
				return err
			}
			return tx.Exec("DROP INDEX IF EXISTS ux_fiscal_receipts_order_kind").Error
		},
		Rollback: func(tx *gorm.DB) error {
			// The previous key cannot hold a return's refund beside the cancellation's.
			if err := tx.Exec("DELETE FROM fiscal_receipts WHERE return_id <> 0").Error; err != nil {
				return err
			}
			if err := tx.Exec("DROP INDEX IF EXISTS ux_fiscal_receipts_order_kind_return").Error; err != nil {
				return err
			}
			// SQLite drops a column by rebuilding the table, so the old key comes after it.
			if err := tx.Migrator().DropColumn(&fiscalReceipt0049{}, "ReturnID"); err != nil {
				return err
			}
			return tx.Migrator().CreateIndex(&fiscalReceipt0033{}, "ux_fiscal_receipts_order_kind")
		},
	}
}
