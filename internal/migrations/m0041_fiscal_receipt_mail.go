package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0041: when a signed receipt was queued to the customer's mail (NULL: not yet),
// so a receipt is mailed once and one whose mail could not be queued is mailed by the sweep.
type fiscalReceipt0041 struct {
	MailedAt *time.Time
}

func (fiscalReceipt0041) TableName() string { return "fiscal_receipts" }

// m0041FiscalReceiptMail adds fiscal_receipts.mailed_at. Receipts signed before it count as
// mailed: their customers are not sent a late mail for an old purchase.
//
// Rollout-safe: a nullable column is added; the previous binary neither reads nor writes it.
func m0041FiscalReceiptMail() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0041_fiscal_receipt_mail",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().AddColumn(&fiscalReceipt0041{}, "MailedAt"); err != nil {
				return err
			}
			return tx.Exec("UPDATE fiscal_receipts SET mailed_at = sent_at WHERE status = 'sent'").Error
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropColumn(&fiscalReceipt0041{}, "MailedAt")
		},
	}
}
