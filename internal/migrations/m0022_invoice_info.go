package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0022: what proforma invoices print besides the buyer (the shop's company data,
// one row with id 1, made here so it can always be read and updated), the shop's bank
// accounts, the invoice e-mail entries (addresses that get a copy of every proforma invoice
// mailed), and when an invoice was last mailed.
type invoiceData0022 struct {
	ID                 uint64 `gorm:"primaryKey;autoIncrement:false"`
	Name               string `gorm:"size:255;not null;default:''"`
	Address            string `gorm:"size:255;not null;default:''"`
	Phone              string `gorm:"size:64;not null;default:''"`
	Fax                string `gorm:"size:64;not null;default:''"`
	Email              string `gorm:"size:255;not null;default:''"`
	Web                string `gorm:"size:255;not null;default:''"`
	RegistrationNumber string `gorm:"size:32;not null;default:''"`
	PIB                string `gorm:"column:pib;size:16;not null;default:''"`
	ActivityCode       string `gorm:"size:16;not null;default:''"`
	Bank               string `gorm:"size:255;not null;default:''"`
	UpdatedAt          time.Time
}

func (invoiceData0022) TableName() string { return "invoice_data" }

type bank0022 struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string `gorm:"size:255;not null"`
	Account   string `gorm:"size:18;not null;uniqueIndex:banks_account_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (bank0022) TableName() string { return "banks" }

type invoiceEmail0022 struct {
	ID        uint64 `gorm:"primaryKey"`
	Email     string `gorm:"size:255;not null;uniqueIndex:invoice_emails_email_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (invoiceEmail0022) TableName() string { return "invoice_emails" }

type proformaInvoice0022 struct {
	SentAt *time.Time
}

func (proformaInvoice0022) TableName() string { return "proforma_invoices" }

func m0022InvoiceInfo() *gormigrate.Migration {
	tables := []any{&invoiceData0022{}, &bank0022{}, &invoiceEmail0022{}}
	return &gormigrate.Migration{
		ID: "0022_invoice_info",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(tables...); err != nil {
				return err
			}
			if err := tx.Migrator().AddColumn(&proformaInvoice0022{}, "SentAt"); err != nil {
				return err
			}
			return tx.Create(&invoiceData0022{ID: 1, UpdatedAt: time.Now().UTC()}).Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropColumn(&proformaInvoice0022{}, "SentAt"); err != nil {
				return err
			}
			return tx.Migrator().DropTable("invoice_emails", "banks", "invoice_data")
		},
	}
}
