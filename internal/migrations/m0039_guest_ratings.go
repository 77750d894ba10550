package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// rating0039 is 0019's rating that a guest may also leave: no user (NULL, so the unique
// (product, user) pair still holds one rating per customer and leaves guests apart) and the
// name and e-mail the guest typed instead.
type rating0039 struct {
	ID        uint64  `gorm:"primaryKey"`
	ProductID uint64  `gorm:"not null;uniqueIndex:ux_ratings_product_user,priority:1;index:ix_ratings_product_approved,priority:1"`
	UserID    *uint64 `gorm:"uniqueIndex:ux_ratings_product_user,priority:2"`
	Name      string  `gorm:"size:50;not null;default:''"`
	Email     string  `gorm:"size:255;not null;default:''"`
	Rating    int     `gorm:"not null"`
	Comment   string  `gorm:"type:text;not null;default:''"`
	Approved  bool    `gorm:"not null;default:false;index:ix_ratings_product_approved,priority:2"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt *time.Time `gorm:"index"`
}

func (rating0039) TableName() string { return "ratings" }

// rebuildRatings0039 is SQLite's way to change a column's NULL-ness: a new table under the same
// name with every row copied (SQLite's index names are global, so the old ones go first).
func rebuildRatings0039(tx *gorm.DB, model any, where string) error {
	for _, ix := range []string{"ux_ratings_product_user", "ix_ratings_product_approved", "idx_ratings_deleted_at"} {
		if err := tx.Exec("DROP INDEX IF EXISTS " + ix).Error; err != nil {
			return err
		}
	}
	if err := tx.Exec("ALTER TABLE ratings RENAME TO ratings_old").Error; err != nil {
		return err
	}
	if err := tx.Migrator().CreateTable(model); err != nil {
		return err
	}
	cols := "id, product_id, user_id, rating, comment, approved, created_at, updated_at, deleted_at"
	if err := tx.Exec("INSERT INTO ratings (" + cols + ") SELECT " + cols + " FROM ratings_old " + where).Error; err != nil {
		return err
	}
	return tx.Exec("DROP TABLE ratings_old").Error
}

// m0039GuestRatings lets guests rate products (the specification: customers, guests or logged
// in, rate products).
//
// Rollout-safe: the previous release reads and writes ratings by the same names; the added
// columns have defaults and user_id only stops being NOT NULL (the previous release reads a
// guest's NULL as no customer). The table rebuild runs on SQLite only, which one process serves,
// so no release runs beside another there.
func m0039GuestRatings() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0039_guest_ratings",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return rebuildRatings0039(tx, &rating0039{}, "")
			}
			if err := tx.Exec("ALTER TABLE ratings ALTER COLUMN user_id DROP NOT NULL").Error; err != nil {
				return err
			}
			for _, f := range []string{"Name", "Email"} {
				if err := tx.Migrator().AddColumn(&rating0039{}, f); err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			// Guests' ratings have no place in 0019's table.
			if tx.Dialector.Name() != "postgres" {
				return rebuildRatings0039(tx, &rating0019{}, "WHERE user_id IS NOT NULL")
			}
			if err := tx.Exec("DELETE FROM ratings WHERE user_id IS NULL").Error; err != nil {
				return err
			}
			for _, f := range []string{"Name", "Email"} {
				if err := tx.Migrator().DropColumn(&rating0039{}, f); err != nil {
					return err
				}
			}
			return tx.Exec("ALTER TABLE ratings ALTER COLUMN user_id SET NOT NULL").Error
		},
	}
}
