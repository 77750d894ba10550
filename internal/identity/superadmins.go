package identity

import (
	"context"

	"shop/internal/platform/apperr"
)

// SuperAdminIDs answers the ids of the users holding the super-admin role (they hear about
// failures nobody in particular started, such as the scheduled feed export's).
func (s *Service) SuperAdminIDs(ctx context.Context) ([]uint64, error) {
	var ids []uint64
	err := s.db.WithContext(ctx).Table("user_roles").Joins("JOIN roles ON roles.id = user_roles.role_id").
		Where("roles.name = ?", RoleSuperAdmin).Order("user_roles.user_id").Pluck("user_roles.user_id", &ids).Error
	if err != nil {
		return nil, apperr.Wrap(err, "super-admins")
	}
	return ids, nil
}
