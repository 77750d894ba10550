package identity

import (
	"context"

	"shop/internal/platform/apperr"
)

// Recipient is a user to tell about something: id, name and e-mail.
type Recipient struct {
	ID    uint64
	Name  string
	Email string
}

// Holders are the users who hold the permission (through a role) and the super-admins, by id:
// who hears about a new order (view-order), for instance.
func (s *Service) Holders(ctx context.Context, permission string) ([]Recipient, error) {
	var out []Recipient
	err := s.db.WithContext(ctx).Raw(`SELECT u.id, u.name, u.email FROM users u WHERE u.id IN (
			SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
			WHERE r.name = ? OR EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
				WHERE rp.role_id = r.id AND p.name = ?))
		ORDER BY u.id`, RoleSuperAdmin, permission).Scan(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "permission holders")
	}
	return out, nil
}
