package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0020: staff access and the newsletter. A deactivated user keeps its data and
// history but can no longer sign in; newsletter subscribers confirm by mail (double opt-in) and
// the products chosen for the next mailing are a plain list.
type user0020 struct {
	DeactivatedAt *time.Time
}

func (user0020) TableName() string { return "users" }

type newsletterSubscriber0020 struct {
	ID             uint64 `gorm:"primaryKey"`
	Email          string `gorm:"size:255;not null;uniqueIndex:newsletter_subscribers_email_key"`
	Lang           string `gorm:"size:8;not null;default:'sr'"`
	IP             string `gorm:"column:ip;size:64;not null;default:''"`
	ConfirmedAt    *time.Time
	UnsubscribedAt *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (newsletterSubscriber0020) TableName() string { return "newsletter_subscribers" }

type newsletterProduct0020 struct {
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

func (newsletterProduct0020) TableName() string { return "newsletter_products" }

func m0020Staff() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0020_staff",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().AddColumn(&user0020{}, "DeactivatedAt"); err != nil {
				return err
			}
			return tx.Migrator().CreateTable(&newsletterSubscriber0020{}, &newsletterProduct0020{})
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable("newsletter_products", "newsletter_subscribers"); err != nil {
				return err
			}
			return tx.Migrator().DropColumn(&user0020{}, "DeactivatedAt")
		},
	}
}
