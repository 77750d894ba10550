package migrations_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/platform/dbtest"
)

// TestWritePermissionsCarryOver: a shop upgraded to 0038 keeps what a write permission let a
// role do, while a role that held only a view- permission gains no write.
func TestWritePermissionsCarryOver(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		downTo(t, gdb, "0038_write_permissions")
		if n := len(pluck(t, gdb, "SELECT name FROM permissions WHERE name = 'update-order'")); n != 0 {
			t.Fatal("update-order left after rolling back 0038")
		}
		roles := map[string][]string{
			"editor":  {"view-product", "create-product", "create-category"},
			"viewer":  {"view-order", "view-rating", "view-role"},
			"landing": {"upload-pricelist"},
		}
		for name, perms := range roles {
			if err := gdb.Exec("INSERT INTO roles (name, created_at, updated_at) VALUES (?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)", name).Error; err != nil {
				t.Fatal(err)
			}
			if err := gdb.Exec(`INSERT INTO role_permissions (role_id, permission_id)
				SELECT r.id, p.id FROM roles r, permissions p WHERE r.name = ? AND p.name IN ?`, name, perms).Error; err != nil {
				t.Fatal(err)
			}
		}
		up(t, gdb)
		held := func(role string) []string {
			return pluck(t, gdb, `SELECT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id
				JOIN roles r ON r.id = rp.role_id WHERE r.name = ?`, role)
		}
		want := map[string][]string{
			"editor": sorted([]string{"view-product", "create-product", "create-category", "update-product", "delete-product",
				"update-product-attribute", "update-product-image", "create-discount", "update-discount", "delete-discount",
				"update-category", "delete-category"}),
			"viewer": sorted([]string{"view-order", "view-rating", "view-role"}),
			"landing": sorted([]string{"upload-pricelist", "create-landing-page", "update-landing-page", "delete-landing-page",
				"create-api-client", "update-api-client"}),
			"super-admin": sorted(specPermissions),
		}
		for role, w := range want {
			if d := cmp.Diff(w, held(role)); d != "" {
				t.Errorf("%s after 0038 (-want +got):\n%s", role, d)
			}
		}
	})
}
