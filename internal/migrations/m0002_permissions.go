package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/identity"
)

// m0002Permissions seeds the permission catalogue and the two fixed roles. It inserts only
// what is missing, so a later migration that grows the catalogue can run the same step again.
func m0002Permissions() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID:      "0002_permissions",
		Migrate: ensureCatalogue,
		Rollback: func(tx *gorm.DB) error {
			for _, t := range []string{"role_permissions", "user_roles", "permissions", "permission_groups", "roles"} {
				if err := tx.Exec("DELETE FROM " + t).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}

func ensureCatalogue(tx *gorm.DB) error {
	for _, g := range identity.Catalogue {
		grp := permissionGroup0001{Name: g.Name}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&grp).Error; err != nil {
			return err
		}
		if err := tx.Where("name = ?", g.Name).First(&grp).Error; err != nil {
			return err
		}
		perms := make([]permission0001, 0, len(g.Permissions))
		for _, p := range g.Permissions {
			perms = append(perms, permission0001{Name: p, GroupID: grp.ID})
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&perms).Error; err != nil {
			return err
		}
	}
	roles := []role0001{{Name: identity.RoleSuperAdmin}, {Name: identity.RoleCustomer}}
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&roles).Error; err != nil {
		return err
	}
	// super-admin holds everything by rule; it also holds every permission as data, so the
	// authorization screen shows it truthfully.
	return tx.Exec(`INSERT INTO role_permissions (role_id, permission_id)
		SELECT r.id, p.id FROM roles r CROSS JOIN permissions p
		WHERE r.name = ? AND NOT EXISTS (
			SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission_id = p.id)`,
		identity.RoleSuperAdmin).Error
}
