package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0023: the products of the next newsletter mailing get staff's order (0020 kept
// them as a plain set). Existing rows keep position 0 and fall back to the product id's order.
type newsletterProduct0023 struct {
	Position int `gorm:"not null;default:0"`
}

func (newsletterProduct0023) TableName() string { return "newsletter_products" }

func m0023NewsletterOrder() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0023_newsletter_order",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().AddColumn(&newsletterProduct0023{}, "Position")
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropColumn(&newsletterProduct0023{}, "Position")
		},
	}
}
