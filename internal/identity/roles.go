package identity

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/validation"
)

// Activity types of the authorization screen and the users' deactivation and deletion.
const (
	ActivityRoleCreated      = "role.created"
	ActivityRoleUpdated      = "role.updated"
	ActivityRoleDeleted      = "role.deleted"
	ActivityUserCreated      = "user.created"
	ActivityUserRegistered   = "user.registered"
	ActivityUserUpdated      = "user.updated"
	ActivityUserDeleted      = "user.deleted"
	ActivityUserDeactivated  = "user.deactivated"
	ActivityUserReactivated  = "user.reactivated"
	ActivityUserAvatarUpdate = "user.avatar_updated"
)

// PermissionGroup is one group of the permission catalogue as the database holds it.
type PermissionGroup struct {
	ID          uint64
	Name        string
	Permissions []Permission
}

// PermissionGroups answers every group with its permissions, in the catalogue's order (groups
// the code no longer knows come last, by name).
func (s *Service) PermissionGroups(ctx context.Context) ([]PermissionGroup, error) {
	var groups []struct {
		ID   uint64
		Name string
	}
	if err := s.db.WithContext(ctx).Table("permission_groups").Order("id").Find(&groups).Error; err != nil {
		return nil, apperr.Wrap(err, "permission groups")
	}
	var perms []Permission
	if err := s.db.WithContext(ctx).Order("id").Find(&perms).Error; err != nil {
		return nil, apperr.Wrap(err, "permissions")
	}
	byGroup := map[uint64][]Permission{}
	for _, p := range perms {
		byGroup[p.GroupID] = append(byGroup[p.GroupID], p)
	}
	out := make([]PermissionGroup, 0, len(groups))
	for _, g := range groups {
		out = append(out, PermissionGroup{ID: g.ID, Name: g.Name, Permissions: byGroup[g.ID]})
	}
	return out, nil
}

// RoleInput is a role's name and the permissions it can (every other one it cannot).
type RoleInput struct {
	Name        string   `json:"name" validate:"required,min=2,max=255"`
	Permissions []string `json:"permissions"`
}

// RoleDetail is a role with its permissions and how many users hold it.
type RoleDetail struct {
	Role
	Users int64
}

// GetRole loads one role with its permissions and its number of users.
func (s *Service) GetRole(ctx context.Context, id uint64) (*RoleDetail, error) {
	var r Role
	err := s.db.WithContext(ctx).Preload("Permissions", func(db *gorm.DB) *gorm.DB { return db.Order("id") }).First(&r, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("role")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get role")
	}
	var n int64
	if err := s.db.WithContext(ctx).Table("user_roles").Where("role_id = ?", id).Count(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "count role users")
	}
	return &RoleDetail{Role: r, Users: n}, nil
}

// fixedRole tells whether the role is one the shop's rules name (super-admin holds everything
// by rule, customer is what a registration gets): neither is renamed, re-permissioned or deleted.
func fixedRole(name string) bool { return name == RoleSuperAdmin || name == RoleCustomer }

func roleSnapshot(r *Role, perms []string) map[string]any {
	return map[string]any{"name": r.Name, "permissions": perms}
}

// CreateRole adds a role with these permissions.
func (s *Service) CreateRole(ctx context.Context, in RoleInput) (*RoleDetail, error) {
	in.Name = strings.TrimSpace(in.Name)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	var id uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := roleNameFree(tx, in.Name, 0); err != nil {
			return err
		}
		r := Role{Name: in.Name, CreatedAt: s.now(), UpdatedAt: s.now()}
		if err := tx.Omit("Permissions").Create(&r).Error; err != nil {
			return apperr.Wrap(err, "create role")
		}
		id = r.ID
		perms, err := setRolePermissions(tx, r.ID, in.Permissions)
		if err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityRoleCreated, SubjectType: "role", SubjectID: r.ID,
			New: roleSnapshot(&r, perms)})
	})
	if err != nil {
		return nil, err
	}
	return s.GetRole(ctx, id)
}

// UpdateRole renames the role and sets exactly these permissions on it. Every user holding it
// gets the new permissions on their next request: this instance forgets its cached callers at
// once, other instances within auth.session_cache_ttl.
func (s *Service) UpdateRole(ctx context.Context, id uint64, in RoleInput) (*RoleDetail, error) {
	in.Name = strings.TrimSpace(in.Name)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	old, err := s.GetRole(ctx, id)
	if err != nil {
		return nil, err
	}
	if fixedRole(old.Name) {
		return nil, apperr.New(apperr.Conflict, "role.fixed")
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := roleNameFree(tx, in.Name, id); err != nil {
			return err
		}
		if err := tx.Model(&Role{}).Where("id = ?", id).Updates(map[string]any{"name": in.Name, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "rename role")
		}
		perms, err := setRolePermissions(tx, id, in.Permissions)
		if err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityRoleUpdated, SubjectType: "role", SubjectID: id,
			Old: roleSnapshot(&old.Role, permNames(old.Permissions)), New: map[string]any{"name": in.Name, "permissions": perms}})
	})
	if err != nil {
		return nil, err
	}
	s.cache.evictAll()
	return s.GetRole(ctx, id)
}

// DeleteRole removes a role no user holds; while users hold it the answer says how many.
func (s *Service) DeleteRole(ctx context.Context, id uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r Role
		err := tx.Preload("Permissions").First(&r, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("role")
		}
		if err != nil {
			return apperr.Wrap(err, "find role")
		}
		if fixedRole(r.Name) {
			return apperr.New(apperr.Conflict, "role.fixed")
		}
		var n int64
		if err := tx.Table("user_roles").Where("role_id = ?", id).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "count role users")
		}
		if n > 0 {
			return apperr.New(apperr.Conflict, "role.in_use", "count", n)
		}
		if err := tx.Exec("DELETE FROM role_permissions WHERE role_id = ?", id).Error; err != nil {
			return apperr.Wrap(err, "clear permissions")
		}
		if err := tx.Delete(&Role{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete role")
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityRoleDeleted, SubjectType: "role", SubjectID: id,
			Old: roleSnapshot(&r, permNames(r.Permissions))})
	})
	if err != nil {
		return err
	}
	s.cache.evictAll()
	return nil
}

func roleNameFree(tx *gorm.DB, name string, exceptID uint64) error {
	var n int64
	if err := tx.Model(&Role{}).Where("LOWER(name) = LOWER(?) AND id <> ?", name, exceptID).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "role name")
	}
	if n > 0 {
		return apperr.InvalidFields(apperr.Field("name", "role.name_taken"))
	}
	return nil
}

// setRolePermissions replaces the role's permissions; an unknown name is a 422.
func setRolePermissions(tx *gorm.DB, roleID uint64, names []string) ([]string, error) {
	names = distinct(names)
	var perms []Permission
	if len(names) > 0 {
		if err := tx.Where("name IN ?", names).Order("id").Find(&perms).Error; err != nil {
			return nil, apperr.Wrap(err, "find permissions")
		}
	}
	if len(perms) != len(names) {
		return nil, apperr.InvalidFields(apperr.Field("permissions", "validation.oneof"))
	}
	if err := tx.Exec("DELETE FROM role_permissions WHERE role_id = ?", roleID).Error; err != nil {
		return nil, apperr.Wrap(err, "clear permissions")
	}
	for _, p := range perms {
		if err := tx.Exec("INSERT INTO role_permissions (role_id, permission_id) VALUES (?, ?)", roleID, p.ID).Error; err != nil {
			return nil, apperr.Wrap(err, "grant permission")
		}
	}
	return permNames(perms), nil
}

func permNames(ps []Permission) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// RoleUserCounts answers how many users hold each role (by role id).
func (s *Service) RoleUserCounts(ctx context.Context) (map[uint64]int64, error) {
	var rows []struct {
		RoleID uint64
		N      int64
	}
	if err := s.db.WithContext(ctx).Table("user_roles").Select("role_id, COUNT(*) AS n").Group("role_id").Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "role users")
	}
	out := make(map[uint64]int64, len(rows))
	for _, r := range rows {
		out[r.RoleID] = r.N
	}
	return out, nil
}

// refuseSelfOrLastSuperAdmin guards deleting and deactivating a user: never oneself, and never
// the last active super-admin (nobody could then grant anything).
func (s *Service) refuseSelfOrLastSuperAdmin(tx *gorm.DB, actor *Principal, target *User) error {
	if actor == nil {
		return apperr.New(apperr.Forbidden, "error.forbidden")
	}
	if actor.UserID == target.ID {
		return apperr.New(apperr.Conflict, "user.self")
	}
	isSuper := false
	for _, r := range target.RoleNames() {
		if r == RoleSuperAdmin {
			isSuper = true
		}
	}
	if !isSuper {
		return nil
	}
	if !actor.IsSuperAdmin() {
		return apperr.New(apperr.Forbidden, "error.forbidden")
	}
	var others int64
	err := tx.Table("user_roles").Joins("JOIN roles ON roles.id = user_roles.role_id").Joins("JOIN users ON users.id = user_roles.user_id").
		Where("roles.name = ? AND users.id <> ? AND users.deactivated_at IS NULL", RoleSuperAdmin, target.ID).Count(&others).Error
	if err != nil {
		return apperr.Wrap(err, "count super-admins")
	}
	if others == 0 {
		return apperr.New(apperr.Conflict, "user.last_super_admin")
	}
	return nil
}

func userSnapshot(u *User) map[string]any {
	return map[string]any{"name": u.Name, "email": u.Email, "roles": u.RoleNames(), "active": u.DeactivatedAt == nil}
}

// DeleteUserBy deletes a user on behalf of actor: their sessions, roles and addresses go with
// them; what they did stays in the activity log under their id.
func (s *Service) DeleteUserBy(ctx context.Context, actor *Principal, id uint64) error {
	var avatar string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		err := tx.Preload("Roles").First(&u, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("user")
		}
		if err != nil {
			return apperr.Wrap(err, "find user")
		}
		if err := s.refuseSelfOrLastSuperAdmin(tx, actor, &u); err != nil {
			return err
		}
		avatar = u.AvatarKey
		for _, q := range []string{"DELETE FROM user_roles WHERE user_id = ?", "DELETE FROM sessions WHERE user_id = ?",
			"DELETE FROM password_resets WHERE user_id = ?", "DELETE FROM addresses WHERE user_id = ?",
			"DELETE FROM user_identities WHERE user_id = ?"} {
			if err := tx.Exec(q, id).Error; err != nil {
				return apperr.Wrap(err, "delete user data")
			}
		}
		if err := tx.Delete(&User{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete user")
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUserDeleted, SubjectType: "user", SubjectID: id, Old: userSnapshot(&u)})
	})
	if err != nil {
		return err
	}
	s.cache.evictUser(id)
	s.deleteObject(ctx, avatar)
	return nil
}

// SetUserActiveBy deactivates (their sessions end, they cannot sign in) or reactivates a user.
func (s *Service) SetUserActiveBy(ctx context.Context, actor *Principal, id uint64, active bool) (*User, error) {
	now := s.now()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		err := tx.Preload("Roles").First(&u, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("user")
		}
		if err != nil {
			return apperr.Wrap(err, "find user")
		}
		if (u.DeactivatedAt == nil) == active {
			return nil
		}
		if !active {
			if err := s.refuseSelfOrLastSuperAdmin(tx, actor, &u); err != nil {
				return err
			}
		} else if actor == nil {
			return apperr.New(apperr.Forbidden, "error.forbidden")
		}
		old := userSnapshot(&u)
		var at *time.Time
		typ := ActivityUserReactivated
		if !active {
			at = &now
			typ = ActivityUserDeactivated
		}
		if err := tx.Model(&User{}).Where("id = ?", id).Updates(map[string]any{"deactivated_at": at, "updated_at": now}).Error; err != nil {
			return apperr.Wrap(err, "deactivate user")
		}
		if !active {
			if err := revokeUserSessions(tx, id, now); err != nil {
				return err
			}
		}
		u.DeactivatedAt = at
		return activity.Record(ctx, tx, activity.Change{Type: typ, SubjectType: "user", SubjectID: id, Old: old, New: userSnapshot(&u)})
	})
	if err != nil {
		return nil, err
	}
	s.cache.evictUser(id)
	return s.GetUser(ctx, id, false)
}
