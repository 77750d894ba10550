package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0024: social sign-in. One row links a provider's account
// (Google's or Facebook's subject) to a shop user; a provider's account names at most one user,
// a user may have one of each provider. Email is what the provider last said, kept for support.
type userIdentity0024 struct {
	ID        uint64 `gorm:"primaryKey"`
	Provider  string `gorm:"size:32;not null;uniqueIndex:ux_user_identities_provider_subject,priority:1"`
	Subject   string `gorm:"size:255;not null;uniqueIndex:ux_user_identities_provider_subject,priority:2"`
	UserID    uint64 `gorm:"not null;index:ix_user_identities_user"`
	Email     string `gorm:"size:255;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (userIdentity0024) TableName() string { return "user_identities" }

func m0024UserIdentities() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0024_user_identities",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&userIdentity0024{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("user_identities")
		},
	}
}
