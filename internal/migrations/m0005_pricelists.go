package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0005: supplier price-list imports and the notifications they end in.
//   - suppliers.header_mapping: a supplier's own column headers (JSON: field -> header text).
//   - supplier_products.category_id: the shop category a row is placed in through its supplier
//     category's link (NULL while that supplier category is not linked).
//   - supplier_category_links: a supplier's category name -> a shop category, one per name.
//   - pricelist_imports: one uploaded file and its job: status, counts and the report.
//   - notifications: per user, read or not; their ids order the realtime replay.

type supplierCategoryLink0005 struct {
	ID               uint64 `gorm:"primaryKey"`
	SupplierID       uint64 `gorm:"not null;uniqueIndex:supplier_category_links_key,priority:1"`
	SupplierCategory string `gorm:"size:255;not null;uniqueIndex:supplier_category_links_key,priority:2"`
	CategoryID       uint64 `gorm:"not null;index"`
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (supplierCategoryLink0005) TableName() string { return "supplier_category_links" }

type pricelistImport0005 struct {
	ID         uint64  `gorm:"primaryKey"`
	SupplierID uint64  `gorm:"not null;index"`
	UserID     *uint64 `gorm:"index"` // who uploaded it; NULL from the CLI
	FileName   string  `gorm:"size:255;not null;default:''"`
	FileSize   int64   `gorm:"not null;default:0"`
	BlobKey    string  `gorm:"size:512;not null;default:''"`
	SHA256     string  `gorm:"column:sha256;size:64;not null;default:''"`
	// Status: queued, running, finished, failed.
	Status    string `gorm:"size:16;not null;default:'queued';index"`
	Rows      int    `gorm:"not null;default:0"`
	Created   int    `gorm:"not null;default:0"`
	Updated   int    `gorm:"not null;default:0"`
	Unchanged int    `gorm:"not null;default:0"`
	Rejected  int    `gorm:"not null;default:0"`
	// Report is JSON: rejected rows with their numbers and reasons, duplicate SKUs, the
	// supplier categories without a shop category.
	Report     string `gorm:"type:text;not null;default:''"`
	Error      string `gorm:"type:text;not null;default:''"`
	StartedAt  *time.Time
	FinishedAt *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (pricelistImport0005) TableName() string { return "pricelist_imports" }

type notification0005 struct {
	ID     uint64 `gorm:"primaryKey"`
	UserID uint64 `gorm:"not null"`
	Type   string `gorm:"size:64;not null"`
	// Data is JSON: {pricelist, message, ...} as the specifications' notification shows it.
	Data      string `gorm:"type:text;not null;default:'{}'"`
	ReadAt    *time.Time
	CreatedAt time.Time
}

func (notification0005) TableName() string { return "notifications" }

func pricelistTables0005() []any {
	return []any{&supplierCategoryLink0005{}, &pricelistImport0005{}, &notification0005{}}
}

func m0005Pricelists() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0005_pricelists",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(pricelistTables0005()...); err != nil {
				return err
			}
			for _, q := range []string{
				"CREATE INDEX notifications_user_id_idx ON notifications (user_id, id)",
				"ALTER TABLE suppliers ADD COLUMN header_mapping TEXT NOT NULL DEFAULT ''",
				"ALTER TABLE supplier_products ADD COLUMN category_id BIGINT",
				"CREATE INDEX supplier_products_supplier_category_idx ON supplier_products (supplier_id, category)",
			} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, q := range []string{
				"DROP INDEX IF EXISTS supplier_products_supplier_category_idx",
				"ALTER TABLE supplier_products DROP COLUMN category_id",
				"ALTER TABLE suppliers DROP COLUMN header_mapping",
			} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			t := pricelistTables0005()
			for i := len(t) - 1; i >= 0; i-- {
				if err := tx.Migrator().DropTable(t[i]); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
