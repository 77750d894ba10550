package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen table shapes of 0001. Names end in 0001 so they never collide with later versions.
type user0001 struct {
	ID           uint64 `gorm:"primaryKey"`
	Name         string `gorm:"size:255;not null"`
	Email        string `gorm:"size:255;not null;uniqueIndex:users_email_key"`
	PasswordHash string `gorm:"size:255;not null"`
	AvatarKey    string `gorm:"size:512;not null;default:''"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (user0001) TableName() string { return "users" }

type role0001 struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string `gorm:"size:255;not null;uniqueIndex:roles_name_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (role0001) TableName() string { return "roles" }

type permissionGroup0001 struct {
	ID   uint64 `gorm:"primaryKey"`
	Name string `gorm:"size:255;not null;uniqueIndex:permission_groups_name_key"`
}

func (permissionGroup0001) TableName() string { return "permission_groups" }

type permission0001 struct {
	ID      uint64 `gorm:"primaryKey"`
	Name    string `gorm:"size:255;not null;uniqueIndex:permissions_name_key"`
	GroupID uint64 `gorm:"not null;index"`
}

func (permission0001) TableName() string { return "permissions" }

type rolePermission0001 struct {
	RoleID       uint64 `gorm:"primaryKey"`
	PermissionID uint64 `gorm:"primaryKey;index"`
}

func (rolePermission0001) TableName() string { return "role_permissions" }

type userRole0001 struct {
	UserID uint64 `gorm:"primaryKey"`
	RoleID uint64 `gorm:"primaryKey;index"`
}

func (userRole0001) TableName() string { return "user_roles" }

type session0001 struct {
	ID          string `gorm:"primaryKey;size:36"`
	UserID      uint64 `gorm:"not null;index"`
	RefreshHash string `gorm:"size:64;not null;uniqueIndex:sessions_refresh_hash_key"`
	ExpiresAt   time.Time
	RevokedAt   *time.Time
	UserAgent   string `gorm:"size:512;not null;default:''"`
	IP          string `gorm:"size:64;not null;default:''"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (session0001) TableName() string { return "sessions" }

type passwordReset0001 struct {
	ID        uint64 `gorm:"primaryKey"`
	UserID    uint64 `gorm:"not null;index"`
	TokenHash string `gorm:"size:64;not null;uniqueIndex:password_resets_token_hash_key"`
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

func (passwordReset0001) TableName() string { return "password_resets" }

type address0001 struct {
	ID        uint64 `gorm:"primaryKey"`
	UserID    uint64 `gorm:"not null;index"`
	Type      string `gorm:"size:32;not null"`
	Name      string `gorm:"size:255;not null;default:''"`
	Address   string `gorm:"size:255;not null;default:''"`
	City      string `gorm:"size:255;not null;default:''"`
	PostCode  string `gorm:"size:32;not null;default:''"`
	Phone     string `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (address0001) TableName() string { return "addresses" }

func identityTables0001() []any {
	return []any{&user0001{}, &role0001{}, &permissionGroup0001{}, &permission0001{},
		&rolePermission0001{}, &userRole0001{}, &session0001{}, &passwordReset0001{}, &address0001{}}
}

func m0001Identity() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0001_identity",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(identityTables0001()...)
		},
		Rollback: func(tx *gorm.DB) error {
			t := identityTables0001()
			for i := len(t) - 1; i >= 0; i-- {
				if err := tx.Migrator().DropTable(t[i]); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
