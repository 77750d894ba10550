package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0034: the SEF e-invoices of company orders (one per order), owned by einvoice.
// request_id is the id SEF deduplicates uploads by, stored before the first upload so that
// every retry sends the same one.
type einvoice0034 struct {
	ID                 uint64 `gorm:"primaryKey"`
	OrderID            uint64 `gorm:"not null;uniqueIndex:einvoices_order_key"`
	Number             string `gorm:"size:64;not null;uniqueIndex:einvoices_number_key"`
	RequestID          string `gorm:"size:64;not null;uniqueIndex:einvoices_request_key"`
	BuyerName          string `gorm:"size:255;not null;default:''"`
	BuyerPIB           string `gorm:"column:buyer_pib;size:16;not null;default:'';index:einvoices_buyer_idx"`
	BuyerCompanyNumber string `gorm:"size:32;not null;default:''"`
	IssueDate          string `gorm:"size:10;not null"`
	DeliveryDate       string `gorm:"size:10;not null"`
	Total              int64  `gorm:"not null"`
	XML                string `gorm:"column:xml;type:text;not null;default:''"`
	Status             string `gorm:"size:16;not null;index:einvoices_status_idx"`
	SEFInvoiceID       *int64 `gorm:"column:sef_invoice_id"`
	Comment            string `gorm:"type:text;not null;default:''"`
	Error              string `gorm:"type:text;not null;default:''"`
	Attempts           int    `gorm:"not null;default:0"`
	SentAt             *time.Time
	CreatedAt          time.Time `gorm:"index:einvoices_created_idx"`
	UpdatedAt          time.Time
}

func (einvoice0034) TableName() string { return "einvoices" }

func m0034Einvoices() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0034_einvoices",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&einvoice0034{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("einvoices")
		},
	}
}
