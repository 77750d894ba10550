package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// contactMessage0040: what a visitor wrote on the contact page, kept for staff (the mail to
// the shop's address may be lost; this is not). UserID is the customer logged in, if any.
type contactMessage0040 struct {
	ID        uint64    `gorm:"primaryKey"`
	UserID    *uint64   `gorm:"index"`
	Name      string    `gorm:"size:50;not null"`
	Email     string    `gorm:"size:255;not null"`
	Message   string    `gorm:"type:text;not null"`
	Lang      string    `gorm:"size:2;not null;default:'sr'"`
	CreatedAt time.Time `gorm:"not null;index"`
}

func (contactMessage0040) TableName() string { return "contact_messages" }

// m0040ContactMessages adds the contact page's messages and the permissions of their admin
// screen (reading and deleting), which the super-admin gets.
func m0040ContactMessages() *gormigrate.Migration {
	perms := []string{"view-contact-message", "delete-contact-message"}
	return &gormigrate.Migration{
		ID: "0040_contact_messages",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&contactMessage0040{}); err != nil {
				return err
			}
			grp := permissionGroup0001{Name: "Sadržaj"}
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&grp).Error; err != nil {
				return err
			}
			if err := tx.Where("name = ?", grp.Name).First(&grp).Error; err != nil {
				return err
			}
			rows := make([]permission0001, 0, len(perms))
			for _, p := range perms {
				rows = append(rows, permission0001{Name: p, GroupID: grp.ID})
			}
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
				return err
			}
			return tx.Exec(`INSERT INTO role_permissions (role_id, permission_id)
				SELECT r.id, p.id FROM roles r CROSS JOIN permissions p
				WHERE p.name IN ? AND r.name = 'super-admin' AND NOT EXISTS (
					SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission_id = p.id)`, perms).Error
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec(`DELETE FROM role_permissions WHERE permission_id IN
				(SELECT id FROM permissions WHERE name IN ?)`, perms).Error; err != nil {
				return err
			}
			if err := tx.Exec("DELETE FROM permissions WHERE name IN ?", perms).Error; err != nil {
				return err
			}
			return tx.Migrator().DropTable("contact_messages")
		},
	}
}
