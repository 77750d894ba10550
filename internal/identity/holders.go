package identity

import (
	"context"

	"shop/internal/platform/apperr"
)

// PermissionHolderIDs answers the ids of the users who may act on perm: the super-admins and
// every holder of a role with it (staff notifications go to them, e.g. a new price offer).
func (s *Service) PermissionHolderIDs(ctx context.Context, perm string) ([]uint64, error) {
	rs, err := s.Holders(ctx, perm)
	if err != nil {
		return nil, err
	}
	ids := make([]uint64, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids, nil
}

// UserContact is a user's name and e-mail (mail to a customer, e.g. an answered question).
type UserContact struct {
	ID    uint64
	Name  string
	Email string
}

// UserContacts answers the names and e-mails of the users with these ids (unknown ids are
// left out).
func (s *Service) UserContacts(ctx context.Context, ids []uint64) (map[uint64]UserContact, error) {
	out := map[uint64]UserContact{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []UserContact
	if err := s.db.WithContext(ctx).Table("users").Select("id, name, email").Where("id IN ?", ids).Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "user contacts")
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

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
