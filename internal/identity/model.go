// Package identity is users, roles, permissions, sessions and passwords: who is calling and
// what they may do.
package identity

import "time"

// User is a person who signs in: staff or a customer, with roles and addresses.
type User struct {
	ID           uint64 `gorm:"primaryKey"`
	Name         string
	Email        string
	PasswordHash string
	AvatarKey    string
	// DeactivatedAt is set while the user may not sign in (nil: active).
	DeactivatedAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Roles         []Role    `gorm:"many2many:user_roles"`
	Addresses     []Address `gorm:"foreignKey:UserID"`
}

// Role is a named set of permissions given to users.
type Role struct {
	ID          uint64 `gorm:"primaryKey"`
	Name        string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	Permissions []Permission `gorm:"many2many:role_permissions"`
}

// Permission is one thing a role may do (e.g. view-user), in a group of the authorization
// screen.
type Permission struct {
	ID      uint64 `gorm:"primaryKey"`
	Name    string
	GroupID uint64
}

// Address is one of a user's billing or shipping addresses.
type Address struct {
	ID        uint64 `gorm:"primaryKey"`
	UserID    uint64
	Type      string // billing_address | shipping_address
	Name      string
	Address   string
	City      string
	PostCode  string
	Phone     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

type session struct {
	ID          string `gorm:"primaryKey"`
	UserID      uint64
	RefreshHash string
	ExpiresAt   time.Time
	RevokedAt   *time.Time
	UserAgent   string
	IP          string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (session) TableName() string { return "sessions" }

type passwordReset struct {
	ID        uint64 `gorm:"primaryKey"`
	UserID    uint64
	TokenHash string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

func (passwordReset) TableName() string { return "password_resets" }

// RoleNames lists the user's role names.
func (u *User) RoleNames() []string {
	out := make([]string, 0, len(u.Roles))
	for _, r := range u.Roles {
		out = append(out, r.Name)
	}
	return out
}

// PermissionNames lists the distinct permissions the user's roles hold (roles must be
// loaded with their permissions).
func (u *User) PermissionNames() []string {
	seen := map[string]bool{}
	out := []string{}
	for _, r := range u.Roles {
		for _, p := range r.Permissions {
			if !seen[p.Name] {
				seen[p.Name] = true
				out = append(out, p.Name)
			}
		}
	}
	return out
}

// Principal is the authenticated caller of one request.
type Principal struct {
	UserID      uint64
	SessionID   string
	Name        string
	Email       string
	Roles       []string
	permissions map[string]bool
	superAdmin  bool
}

func newPrincipal(u *User, sid string) *Principal {
	p := &Principal{UserID: u.ID, SessionID: sid, Name: u.Name, Email: u.Email, Roles: u.RoleNames(), permissions: map[string]bool{}}
	for _, r := range p.Roles {
		if r == RoleSuperAdmin {
			p.superAdmin = true
		}
	}
	for _, n := range u.PermissionNames() {
		p.permissions[n] = true
	}
	return p
}

// IsSuperAdmin tells whether the principal is a super-admin, who holds every permission.
func (p *Principal) IsSuperAdmin() bool { return p.superAdmin }

// IsStaff tells whether the caller is a back-office user: a super-admin or anyone holding a
// role other than the customer's.
func (p *Principal) IsStaff() bool {
	if p.superAdmin {
		return true
	}
	for _, r := range p.Roles {
		if r != RoleCustomer {
			return true
		}
	}
	return false
}

// Can tells whether the caller holds the permission.
func (p *Principal) Can(perm string) bool { return p.superAdmin || p.permissions[perm] }

// CanAny tells whether the caller holds at least one of the permissions.
func (p *Principal) CanAny(perms ...string) bool {
	for _, perm := range perms {
		if p.Can(perm) {
			return true
		}
	}
	return false
}
