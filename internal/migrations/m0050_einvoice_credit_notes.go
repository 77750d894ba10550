package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0050: an e-invoice row is an invoice or a credit note. A credit note credits
// one item return of an order whose invoice SEF already has (return_id; 0 for the invoice);
// returns_seq is the last return an invoice's lines already leave out, so a return it covers
// gets no credit note.
type einvoice0050 struct {
	OrderID    uint64 `gorm:"not null;uniqueIndex:ux_einvoices_order_kind_return,priority:1"`
	Kind       string `gorm:"size:16;not null;default:'invoice';uniqueIndex:ux_einvoices_order_kind_return,priority:2;index:einvoices_kind_idx"`
	ReturnID   uint64 `gorm:"not null;default:0;uniqueIndex:ux_einvoices_order_kind_return,priority:3"`
	ReturnsSeq int    `gorm:"not null;default:0"`
}

func (einvoice0050) TableName() string { return "einvoices" }

// m0050EinvoiceCreditNotes adds einvoices.kind, return_id and returns_seq and widens the one
// per order key to (order, kind, return).
//
// The new columns have defaults (the previous binary's rows are invoices). The previous binary's
// insert names ON CONFLICT (order_id), which no key matches once the narrow key goes: its
// issue job fails and is retried until the new binary takes it, so an invoice is only late.
func m0050EinvoiceCreditNotes() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0050_einvoice_credit_notes",
		Migrate: func(tx *gorm.DB) error {
			for _, col := range []string{"Kind", "ReturnID", "ReturnsSeq"} {
				if err := tx.Migrator().AddColumn(&einvoice0050{}, col); err != nil {
					return err
				}
			}
			for _, idx := range []string{"ux_einvoices_order_kind_return", "einvoices_kind_idx"} {
				if err := tx.Migrator().CreateIndex(&einvoice0050{}, idx); err != nil {
					return err
				}
			}
			return tx.Exec("DROP INDEX IF EXISTS einvoices_order_key").Error
		},
		Rollback: func(tx *gorm.DB) error {
			// The previous key holds one row per order: the credit notes go.
			if err := tx.Exec("DELETE FROM einvoices WHERE kind <> 'invoice'").Error; err != nil {
				return err
			}
			for _, idx := range []string{"ux_einvoices_order_kind_return", "einvoices_kind_idx"} {
				if err := tx.Exec("DROP INDEX IF EXISTS " + idx).Error; err != nil {
					return err
				}
			}
			for _, col := range []string{"ReturnsSeq", "ReturnID", "Kind"} {
				if err := tx.Migrator().DropColumn(&einvoice0050{}, col); err != nil {
					return err
				}
			}
			return tx.Migrator().CreateIndex(&einvoice0034{}, "einvoices_order_key")
		},
	}
}
