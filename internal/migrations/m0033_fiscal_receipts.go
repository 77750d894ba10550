package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0033: fiscal receipts (owned by fiscal) and the moment an order was paid
// (owned by sales: staff record the payment, and the receipt follows it). One receipt of each
// kind per order (normal, refund, proforma); RequestId is the id the fiscal device keeps the
// request under, unique so a lost answer is found again. Request is the body sent (a retry
// sends the same one), Response the signed answer as the device gave it.
type fiscalReceipt0033 struct {
	ID              uint64     `gorm:"primaryKey"`
	OrderID         uint64     `gorm:"not null;uniqueIndex:ux_fiscal_receipts_order_kind,priority:1"`
	Kind            string     `gorm:"size:16;not null;uniqueIndex:ux_fiscal_receipts_order_kind,priority:2"`
	RequestID       string     `gorm:"size:32;not null;uniqueIndex:ux_fiscal_receipts_request_id"`
	Status          string     `gorm:"size:16;not null;index:ix_fiscal_receipts_status_created,priority:1"`
	Reason          string     `gorm:"type:text;not null;default:''"`
	Attempts        int        `gorm:"not null;default:0"`
	PaymentType     string     `gorm:"size:32;not null;default:''"`
	BuyerPIB        string     `gorm:"column:buyer_pib;size:16;not null;default:''"`
	BuyerName       string     `gorm:"size:255;not null;default:''"`
	Total           int64      `gorm:"not null"`
	ReferentNumber  string     `gorm:"size:64;not null;default:''"`
	Request         string     `gorm:"type:text;not null"`
	Response        string     `gorm:"type:text;not null;default:''"`
	InvoiceNumber   string     `gorm:"size:64;not null;default:'';index"`
	InvoiceCounter  string     `gorm:"size:64;not null;default:''"`
	TotalCounter    int64      `gorm:"not null;default:0"`
	SdcTime         *time.Time `gorm:"column:sdc_time"`
	VerificationURL string     `gorm:"column:verification_url;type:text;not null;default:''"`
	Journal         string     `gorm:"type:text;not null;default:''"`
	Signature       string     `gorm:"type:text;not null;default:''"`
	Simulated       bool       `gorm:"not null;default:false"`
	SentAt          *time.Time
	CreatedAt       time.Time `gorm:"index:ix_fiscal_receipts_status_created,priority:2"`
	UpdatedAt       time.Time
}

func (fiscalReceipt0033) TableName() string { return "fiscal_receipts" }

type order0033 struct {
	PaidAt *time.Time `gorm:"index:ix_orders_paid_at"`
}

func (order0033) TableName() string { return "orders" }

func m0033FiscalReceipts() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0033_fiscal_receipts",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&fiscalReceipt0033{}); err != nil {
				return err
			}
			if err := tx.Migrator().AddColumn(&order0033{}, "PaidAt"); err != nil {
				return err
			}
			return tx.Migrator().CreateIndex(&order0033{}, "ix_orders_paid_at")
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropIndex(&order0033{}, "ix_orders_paid_at"); err != nil {
				return err
			}
			if err := tx.Migrator().DropColumn(&order0033{}, "PaidAt"); err != nil {
				return err
			}
			return tx.Migrator().DropTable("fiscal_receipts")
		},
	}
}
