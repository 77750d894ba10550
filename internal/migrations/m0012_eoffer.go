package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0012: the e-ponuda price tool (spec/decisions.md "E-ponuda").
//   - eoffer_imports: one uploaded competitor file (CSV, XLSX or XLS) and its parse: status,
//     counts and the report of rows left out (unknown SKU, unreadable price).
//   - eoffer_offers: the offers of the latest finished file, one row per (product, shop); a new
//     file's offers replace them in one transaction.
//   - products.eponuda_price: the web price e-ponuda set for the product (with VAT, para; NULL:
//     none), an input of pricing's formula that replaces the computed web price.
type eofferImport0012 struct {
	ID         uint64  `gorm:"primaryKey"`
	UserID     *uint64 `gorm:"index"`
	FileName   string  `gorm:"size:255;not null"`
	FileSize   int64   `gorm:"not null"`
	BlobKey    string  `gorm:"size:512;not null"`
	SHA256     string  `gorm:"column:sha256;size:64;not null"`
	Format     string  `gorm:"size:8;not null"`
	Status     string  `gorm:"size:16;not null;index"`
	Rows       int     `gorm:"not null;default:0"`
	Offers     int     `gorm:"not null;default:0"`
	Rejected   int     `gorm:"not null;default:0"`
	Report     string  `gorm:"type:text;not null;default:''"`
	Error      string  `gorm:"type:text;not null;default:''"`
	Lang       string  `gorm:"size:8;not null;default:'sr'"`
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
}

func (eofferImport0012) TableName() string { return "eoffer_imports" }

type eofferOffer0012 struct {
	ID        uint64 `gorm:"primaryKey"`
	ImportID  uint64 `gorm:"not null;index"`
	ProductID uint64 `gorm:"not null;index"`
	Shop      string `gorm:"size:255;not null"`
	Price     int64  `gorm:"not null"` // para, with VAT
	Position  *int
}

func (eofferOffer0012) TableName() string { return "eoffer_offers" }

type product0012 struct {
	EponudaPrice *int64 // para, with VAT
}

func (product0012) TableName() string { return "products" }

func m0012Eoffer() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0012_eoffer",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&eofferImport0012{}, &eofferOffer0012{}); err != nil {
				return err
			}
			return tx.Migrator().AddColumn(&product0012{}, "EponudaPrice")
		},
		Rollback: func(tx *gorm.DB) error {
			// ALTER TABLE on both databases: the SQLite migrator's DropColumn rebuilds the table
			// and loses its indexes.
			if err := tx.Exec("ALTER TABLE products DROP COLUMN eponuda_price").Error; err != nil {
				return err
			}
			return tx.Migrator().DropTable(&eofferOffer0012{}, &eofferImport0012{})
		},
	}
}
