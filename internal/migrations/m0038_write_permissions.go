package migrations

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// m0038WritePermissions adds the write permissions of the screens the specification guards by
// one name only. Frozen: the names, their groups and the carry-over are copied here, not read
// from the identity package, so this migration does tomorrow what it does today.
//
// The carry-over: a role keeps what it could do before when the name that let it write was a
// write permission (create-product deleted products, upload-pricelist deleted landing pages,
// create-category edited categories); a permission named view- never carried a write, so a role
// that only held view-order can no longer move an order, and the super-admin gets everything.
func m0038WritePermissions() *gormigrate.Migration {
	groups := []struct {
		group string
		perms []string
	}{
		{"Korisnici", []string{"delete-user"}},
		{"Proizvodi", []string{"update-product", "delete-product", "update-product-attribute", "update-product-image",
			"update-action", "update-catalog-sticker", "update-eponuda"}},
		{"Kategorije", []string{"update-category", "delete-category", "create-attribute", "update-attribute",
			"delete-attribute", "create-brand", "update-brand", "delete-brand"}},
		{"Cene", []string{"create-discount-type", "update-discount-type", "delete-discount-type",
			"create-discount", "update-discount", "delete-discount"}},
		{"Porudžbine", []string{"update-order", "create-proforma-invoice", "update-proforma-invoice",
			"update-proforma-invoice-info"}},
		{"Autorizacija", []string{"create-role", "update-role", "delete-role"}},
		{"Sadržaj", []string{"update-newsletter-product", "update-rating", "delete-rating", "update-question",
			"delete-question", "delete-banner", "delete-post"}},
		{"Cenovnici", []string{"create-landing-page", "update-landing-page", "delete-landing-page",
			"create-api-client", "update-api-client"}},
	}
	carry := map[string][]string{
		"create-product": {"update-product", "delete-product", "update-product-attribute", "update-product-image",
			"create-discount", "update-discount", "delete-discount"},
		"create-category": {"update-category", "delete-category"},
		"upload-pricelist": {"create-landing-page", "update-landing-page", "delete-landing-page",
			"create-api-client", "update-api-client"},
		"update-banner": {"delete-banner"},
		"update-post":   {"delete-post"},
		"update-user":   {"delete-user"},
	}
	var added []string
	for _, g := range groups {
		added = append(added, g.perms...)
	}
	return &gormigrate.Migration{
		ID: "0038_write_permissions",
		Migrate: func(tx *gorm.DB) error {
			for _, g := range groups {
				grp := permissionGroup0001{Name: g.group}
				if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&grp).Error; err != nil {
					return err
				}
				if err := tx.Where("name = ?", g.group).First(&grp).Error; err != nil {
					return err
				}
				perms := make([]permission0001, 0, len(g.perms))
				for _, p := range g.perms {
					perms = append(perms, permission0001{Name: p, GroupID: grp.ID})
				}
				if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&perms).Error; err != nil {
					return err
				}
			}
			grant := `INSERT INTO role_permissions (role_id, permission_id)
				SELECT r.id, p.id FROM roles r CROSS JOIN permissions p
				WHERE p.name IN ? AND %s AND NOT EXISTS (
					SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission_id = p.id)`
			if err := tx.Exec(fmt.Sprintf(grant, "r.name = 'super-admin'"), added).Error; err != nil {
				return err
			}
			for from, to := range carry {
				held := `EXISTS (SELECT 1 FROM role_permissions h JOIN permissions hp ON hp.id = h.permission_id
					WHERE h.role_id = r.id AND hp.name = ?)`
				if err := tx.Exec(fmt.Sprintf(grant, held), to, from).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Exec(`DELETE FROM role_permissions WHERE permission_id IN
				(SELECT id FROM permissions WHERE name IN ?)`, added).Error; err != nil {
				return err
			}
			return tx.Exec("DELETE FROM permissions WHERE name IN ?", added).Error
		},
	}
}
