package identity

import (
	"context"
	"errors"
	"strings"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/humantext"
	"shop/internal/platform/listing"
	"shop/internal/platform/validation"
)

// GetUser loads a user with roles and their permissions (and addresses when asked).
func (s *Service) GetUser(ctx context.Context, id uint64, withAddresses bool) (*User, error) {
	q := s.db.WithContext(ctx).Preload("Roles").Preload("Roles.Permissions")
	if withAddresses {
		q = q.Preload("Addresses", func(db *gorm.DB) *gorm.DB { return db.Order("id") })
	}
	var u User
	err := q.First(&u, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("user")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get user")
	}
	if withAddresses && u.Addresses == nil {
		// Loaded and empty, as distinct from not loaded (nil).
		u.Addresses = []Address{}
	}
	return &u, nil
}

// UserFilter is the users list's query.
type UserFilter struct {
	Search string
	Role   string
	Page   listing.Page
}

// UserNames answers the names of the users with these ids (the activity log names who acted);
// unknown ids are left out.
func (s *Service) UserNames(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	out := make(map[uint64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var users []User
	if err := s.db.WithContext(ctx).Select("id", "name").Where("id IN ?", ids).Find(&users).Error; err != nil {
		return nil, apperr.Wrap(err, "user names")
	}
	for _, u := range users {
		out[u.ID] = u.Name
	}
	return out, nil
}

// ListUsers returns one page of users matching the filter, newest first, and the total.
func (s *Service) ListUsers(ctx context.Context, f UserFilter) ([]User, int64, error) {
	q := s.db.WithContext(ctx).Model(&User{})
	if term := strings.TrimSpace(f.Search); term != "" {
		like := db.LikeContains(strings.ToLower(term))
		q = q.Where("LOWER(users.name) LIKE ?"+db.LikeEscape+" OR LOWER(users.email) LIKE ?"+db.LikeEscape, like, like)
	}
	if f.Role != "" {
		q = q.Where("EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = users.id AND r.name = ?)", f.Role)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count users")
	}
	var users []User
	err := q.Preload("Roles").Preload("Roles.Permissions").Order("users.id DESC").
		Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&users).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list users")
	}
	return users, total, nil
}

// CreateUserInput is a new user with one role.
type CreateUserInput struct {
	Name                 string `json:"name" validate:"required,min=2,max=255"`
	Email                string `json:"email" validate:"required,email,max=255"`
	Password             string `json:"password" validate:"required,min=8,maxbytes=72"`
	PasswordConfirmation string `json:"password_confirmation" validate:"required,eqfield=Password"`
	Role                 string `json:"role" validate:"required"`
}

// CreateUser adds a user with one role (back office and shopctl).
func (s *Service) CreateUser(ctx context.Context, in CreateUserInput) (*User, error) {
	in.Email = normalizeEmail(in.Email)
	in.Name = humantext.Clean(in.Name)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	var id uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		u, err := s.createUser(ctx, tx, in.Name, in.Email, in.Password, in.Role)
		if err != nil {
			return err
		}
		id = u.ID
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUserCreated, SubjectType: "user", SubjectID: u.ID,
			New: map[string]any{"name": in.Name, "email": in.Email, "roles": []string{in.Role}, "active": true}})
	})
	if err != nil {
		return nil, err
	}
	return s.GetUser(ctx, id, false)
}

// UpdateUserInput is a user's new data and role; an empty Password keeps the old one.
type UpdateUserInput struct {
	Name                 string `json:"name" validate:"required,min=2,max=255"`
	Email                string `json:"email" validate:"required,email,max=255"`
	Role                 string `json:"role" validate:"required"`
	Password             string `json:"password" validate:"omitempty,min=8,maxbytes=72"`
	PasswordConfirmation string `json:"password_confirmation" validate:"required_with=Password,omitempty,eqfield=Password"`
}

// UpdateUser changes a user's data and role, and the password when one is given (which also
// ends the user's sessions).
func (s *Service) UpdateUser(ctx context.Context, id uint64, in UpdateUserInput) (*User, error) {
	in.Email = normalizeEmail(in.Email)
	in.Name = humantext.Clean(in.Name)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	old, err := s.GetUser(ctx, id, false)
	if err != nil {
		return nil, err
	}
	now := s.now()
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		role, err := findRole(ctx, tx, in.Role)
		if err != nil {
			return err
		}
		if err := ensureEmailFree(ctx, tx, in.Email, id); err != nil {
			return err
		}
		changes := map[string]any{"name": humantext.Clean(in.Name), "email": in.Email, "updated_at": now}
		if in.Password != "" {
			hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.opts.PasswordCost)
			if err != nil {
				return apperr.Wrap(err, "hash password")
			}
			changes["password_hash"] = string(hash)
		}
		if err := tx.Model(&User{}).Where("id = ?", id).Updates(changes).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return apperr.InvalidFields(apperr.Field("email", "validation.email_taken"))
			}
			return apperr.Wrap(err, "update user")
		}
		if err := tx.Exec("DELETE FROM user_roles WHERE user_id = ?", id).Error; err != nil {
			return apperr.Wrap(err, "clear roles")
		}
		if err := tx.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", id, role.ID).Error; err != nil {
			return apperr.Wrap(err, "assign role")
		}
		// The password itself never reaches the log; only that it changed.
		if err := activity.Record(ctx, tx, activity.Change{Type: ActivityUserUpdated, SubjectType: "user", SubjectID: id,
			Old: userSnapshot(old), New: map[string]any{"name": in.Name, "email": in.Email, "roles": []string{in.Role},
				"active": old.DeactivatedAt == nil, "password_changed": in.Password != ""}}); err != nil {
			return err
		}
		if in.Password != "" {
			return revokeUserSessions(tx, id, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Role or password changed: the cached callers of this user must be rebuilt.
	s.cache.evictUser(id)
	return s.GetUser(ctx, id, false)
}

// CreateUserBy is CreateUser on behalf of a back-office user, who may hand out only the
// permissions they hold themselves (only a super-admin makes super-admins).
func (s *Service) CreateUserBy(ctx context.Context, actor *Principal, in CreateUserInput) (*User, error) {
	if err := s.checkGrant(ctx, actor, in.Role); err != nil {
		return nil, err
	}
	return s.CreateUser(ctx, in)
}

// UpdateUserBy is UpdateUser on behalf of a back-office user: the same limit on roles, and
// only a super-admin may change a super-admin (else anyone with update-user could set the
// super-admin's e-mail and password and take the account over).
func (s *Service) UpdateUserBy(ctx context.Context, actor *Principal, id uint64, in UpdateUserInput) (*User, error) {
	if actor == nil {
		return nil, apperr.New(apperr.Forbidden, "error.forbidden")
	}
	if !actor.IsSuperAdmin() {
		target, err := s.GetUser(ctx, id, false)
		if err != nil {
			return nil, err
		}
		for _, r := range target.RoleNames() {
			if r == RoleSuperAdmin {
				return nil, apperr.New(apperr.Forbidden, "error.forbidden")
			}
		}
	}
	if err := s.checkGrant(ctx, actor, in.Role); err != nil {
		return nil, err
	}
	return s.UpdateUser(ctx, id, in)
}

// checkGrant refuses a role that holds more than the actor does. An unknown or empty role
// passes here; the input's validation reports it.
func (s *Service) checkGrant(ctx context.Context, actor *Principal, roleName string) error {
	if actor == nil {
		return apperr.New(apperr.Forbidden, "error.forbidden")
	}
	if actor.IsSuperAdmin() || roleName == "" {
		return nil
	}
	refused := apperr.InvalidFields(apperr.Field("role", "validation.role_forbidden"))
	if roleName == RoleSuperAdmin {
		return refused
	}
	var role Role
	err := s.db.WithContext(ctx).Preload("Permissions").Where("name = ?", roleName).First(&role).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return apperr.Wrap(err, "find role")
	}
	for _, p := range role.Permissions {
		if !actor.Can(p.Name) {
			return refused
		}
	}
	return nil
}

// ListRoles returns every role, by name.
func (s *Service) ListRoles(ctx context.Context, page listing.Page) ([]Role, int64, error) {
	var total int64
	if err := s.db.WithContext(ctx).Model(&Role{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count roles")
	}
	var roles []Role
	if err := s.db.WithContext(ctx).Preload("Permissions", func(db *gorm.DB) *gorm.DB { return db.Order("id") }).Order("name").Offset(page.Offset()).Limit(page.Size).Find(&roles).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list roles")
	}
	return roles, total, nil
}

// EnsureRole creates the role if missing and sets exactly these permissions on it.
func (s *Service) EnsureRole(ctx context.Context, name string, permissions []string) (*Role, error) {
	permissions = distinct(permissions)
	var role Role
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("name = ?", name).First(&role).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			role = Role{Name: name}
			err = tx.Omit("Permissions").Create(&role).Error
		}
		if err != nil {
			return apperr.Wrap(err, "ensure role")
		}
		var perms []Permission
		if len(permissions) > 0 {
			if err := tx.Where("name IN ?", permissions).Find(&perms).Error; err != nil {
				return apperr.Wrap(err, "find permissions")
			}
		}
		if len(perms) != len(permissions) {
			return apperr.InvalidFields(apperr.Field("permissions", "validation.oneof"))
		}
		if err := tx.Exec("DELETE FROM role_permissions WHERE role_id = ?", role.ID).Error; err != nil {
			return apperr.Wrap(err, "clear permissions")
		}
		for _, p := range perms {
			if err := tx.Exec("INSERT INTO role_permissions (role_id, permission_id) VALUES (?, ?)", role.ID, p.ID).Error; err != nil {
				return apperr.Wrap(err, "grant permission")
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Every cached caller holding the role must see its new permissions on the next request.
	s.cache.evictAll()
	return &role, nil
}

func distinct(names []string) []string {
	seen := make(map[string]bool, len(names))
	out := make([]string, 0, len(names))
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// CountUsers counts users, optionally only those whose e-mail is not in except.
func (s *Service) CountUsers(ctx context.Context, except []string) (int64, error) {
	q := s.db.WithContext(ctx).Model(&User{})
	if len(except) > 0 {
		q = q.Where("email NOT IN ?", except)
	}
	var n int64
	if err := q.Count(&n).Error; err != nil {
		return 0, apperr.Wrap(err, "count users")
	}
	return n, nil
}

// FindUserByEmail loads a user by e-mail (nil when absent).
func (s *Service) FindUserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Where("email = ?", normalizeEmail(email)).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "find user")
	}
	return &u, nil
}

// AddAddress stores an address for the user (demo data, and later the account screens).
func (s *Service) AddAddress(ctx context.Context, a *Address) error {
	if err := s.db.WithContext(ctx).Create(a).Error; err != nil {
		return apperr.Wrap(err, "add address")
	}
	return nil
}
