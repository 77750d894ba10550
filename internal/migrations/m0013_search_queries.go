package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0013: the storefront's searches, counted per folded term, so the popular
// suggestions are learned from what shoppers search rather than kept by hand.
type searchQuery0013 struct {
	// Term is the query transliterated to Latin and folded (internal/search.Normalize).
	Term string `gorm:"size:100;primaryKey"`
	// Name is the query as a shopper first typed it (what the suggestion shows).
	Name           string    `gorm:"size:100;not null"`
	Hits           int64     `gorm:"not null;default:0;index"`
	LastSearchedAt time.Time `gorm:"not null"`
}

func (searchQuery0013) TableName() string { return "search_queries" }

func m0013SearchQueries() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0013_search_queries",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&searchQuery0013{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(&searchQuery0013{})
		},
	}
}
