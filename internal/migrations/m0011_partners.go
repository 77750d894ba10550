package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0011: API clients (partners) with their per-category percentages and the
// secret token of their feed URL, and the named products exports (XLSX, made by a job).
type apiClient0011 struct {
	ID     uint64 `gorm:"primaryKey"`
	Name   string `gorm:"size:255;not null"`
	Active bool   `gorm:"not null;default:true"`
	// Token is the secret part of the client's feed URL (64 hex characters, rotatable).
	Token     string `gorm:"size:64;not null;uniqueIndex:api_clients_token_key"`
	LabelText string `gorm:"size:255;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (apiClient0011) TableName() string { return "api_clients" }

type apiClientCategory0011 struct {
	APIClientID   uint64 `gorm:"column:api_client_id;primaryKey;autoIncrement:false"`
	CategoryID    uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	PercentageBps int    `gorm:"not null"`
}

func (apiClientCategory0011) TableName() string { return "api_client_categories" }

type productsExport0011 struct {
	ID     uint64 `gorm:"primaryKey"`
	Name   string `gorm:"size:255;not null"`
	UserID uint64 `gorm:"not null;index"`
	// Status: queued, running, finished, failed.
	Status     string `gorm:"size:16;not null;default:'queued'"`
	Total      int    `gorm:"not null;default:0"`
	Done       int    `gorm:"not null;default:0"`
	FileKey    string `gorm:"size:512;not null;default:''"`
	FileSize   int64  `gorm:"not null;default:0"`
	Error      string `gorm:"type:text;not null;default:''"`
	CreatedAt  time.Time
	FinishedAt *time.Time
}

func (productsExport0011) TableName() string { return "products_exports" }

type productsExportCategory0011 struct {
	ProductsExportID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID       uint64 `gorm:"primaryKey;autoIncrement:false"`
}

func (productsExportCategory0011) TableName() string { return "products_export_categories" }

func m0011Partners() *gormigrate.Migration {
	tables := []any{&apiClient0011{}, &apiClientCategory0011{}, &productsExport0011{}, &productsExportCategory0011{}}
	return &gormigrate.Migration{
		ID: "0011_partners",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(tables...)
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(tables...)
		},
	}
}
