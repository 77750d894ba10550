package identity

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// SocialProfile is what a sign-in provider (Google, Facebook) vouches for after its checks:
// its own id of the person (Subject), their e-mail and whether the provider verified it.
type SocialProfile struct {
	Provider      string
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
}

// SocialSignInInput is one finished provider sign-in of a client.
type SocialSignInInput struct {
	Profile   SocialProfile
	IP        string
	UserAgent string
}

// userIdentity links a provider's account to a shop user (migration 0024).
type userIdentity struct {
	ID        uint64 `gorm:"primaryKey"`
	Provider  string
	Subject   string
	UserID    uint64
	Email     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (userIdentity) TableName() string { return "user_identities" }

// Refusals of a social sign-in; the flow turns the key's last part into the code the
// storefront's login page shows.
var (
	errSocialEmail       = apperr.New(apperr.Forbidden, "social.email")
	errSocialStaff       = apperr.New(apperr.Forbidden, "social.staff")
	errSocialDeactivated = apperr.New(apperr.Forbidden, "social.deactivated")
)

// SignInSocial signs a customer in with a provider's verified profile and opens a session,
// as a password login does:
//   - a provider account seen before signs in its linked user;
//   - otherwise a customer with the same (verified) e-mail is linked and signed in;
//   - otherwise a customer account is created (no password: the customer may set one through
//     "forgotten password") and linked.
//
// A verified e-mail is required every time: an e-mail the provider does not vouch for could
// be anyone's, and linking by it would hand over that account. Staff accounts never sign in
// this way (they hold the back office; a provider's account is one more door to guard): they
// are refused even when linked or matched by e-mail.
func (s *Service) SignInSocial(ctx context.Context, in SocialSignInInput) (*Tokens, error) {
	p := in.Profile
	p.Email = normalizeEmail(p.Email)
	p.Name = strings.TrimSpace(p.Name)
	if p.Provider == "" || p.Subject == "" {
		return nil, apperr.New(apperr.Invalid, "social.token")
	}
	if !p.EmailVerified || p.Email == "" || len(p.Email) > 255 || !strings.Contains(p.Email, "@") {
		return nil, errSocialEmail
	}
	var uid uint64
	var err error
	// Two first sign-ins of one person racing: the loser hits a unique key and, on the
	// second try, finds the winner's link or account.
	for try := 0; try < 2; try++ {
		uid, err = s.linkSocial(ctx, p, in.IP)
		if err == nil || !errors.Is(err, gorm.ErrDuplicatedKey) {
			break
		}
	}
	if err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil, apperr.Wrap(err, "social sign-in: link")
		}
		return nil, err
	}
	return s.openSession(ctx, uid, in.IP, in.UserAgent)
}

// linkSocial finds or creates the user the profile signs in, in one transaction.
func (s *Service) linkSocial(ctx context.Context, p SocialProfile, ip string) (uint64, error) {
	var uid uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var link userIdentity
		err := tx.Where("provider = ? AND subject = ?", p.Provider, p.Subject).First(&link).Error
		switch {
		case err == nil:
			if err := s.socialUserAllowed(tx, link.UserID); err != nil {
				return err
			}
			uid = link.UserID
			if link.Email != p.Email {
				return tx.Model(&userIdentity{}).Where("id = ?", link.ID).
					Updates(map[string]any{"email": p.Email, "updated_at": s.now()}).Error
			}
			return nil
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return apperr.Wrap(err, "find social link")
		}
		var u User
		err = tx.Where("email = ?", p.Email).First(&u).Error
		switch {
		case err == nil:
			if err := s.socialUserAllowed(tx, u.ID); err != nil {
				return err
			}
			uid = u.ID
		case errors.Is(err, gorm.ErrRecordNotFound):
			// A new account is a registration: the same per-address limit against account farms.
			if ip != "" {
				if err := s.limit(ctx, "register:ip:"+ip, s.opts.RegisterPerIPPerHour, time.Hour, "social.limit"); err != nil {
					return err
				}
			}
			created, err := s.createSocialUser(ctx, tx, p)
			if err != nil {
				return err
			}
			uid = created.ID
		default:
			return apperr.Wrap(err, "find user by e-mail")
		}
		return tx.Create(&userIdentity{Provider: p.Provider, Subject: p.Subject, UserID: uid, Email: p.Email}).Error
	})
	return uid, err
}

// socialUserAllowed refuses staff and deactivated users.
func (s *Service) socialUserAllowed(tx *gorm.DB, uid uint64) error {
	var u User
	if err := tx.Preload("Roles").First(&u, uid).Error; err != nil {
		return apperr.Wrap(err, "load linked user")
	}
	for _, r := range u.Roles {
		if r.Name != RoleCustomer {
			return errSocialStaff
		}
	}
	if u.DeactivatedAt != nil {
		return errSocialDeactivated
	}
	return nil
}

// createSocialUser creates a customer without a password (an empty hash matches none), named
// as the provider names them, else by the e-mail's local part.
func (s *Service) createSocialUser(ctx context.Context, tx *gorm.DB, p SocialProfile) (*User, error) {
	role, err := findRole(ctx, tx, RoleCustomer)
	if err != nil {
		return nil, err
	}
	name := p.Name
	if len([]rune(name)) < 2 {
		name, _, _ = strings.Cut(p.Email, "@")
	}
	if r := []rune(name); len(r) > 255 {
		name = string(r[:255])
	}
	u := &User{Name: name, Email: p.Email}
	if err := tx.WithContext(ctx).Omit("Roles", "Addresses").Create(u).Error; err != nil {
		return nil, err // a duplicate e-mail (a race) is retried by the caller
	}
	if err := tx.WithContext(ctx).Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", u.ID, role.ID).Error; err != nil {
		return nil, apperr.Wrap(err, "assign role")
	}
	return u, nil
}

// SocialProviders lists the providers linked to a user (for tests and support).
func (s *Service) SocialProviders(ctx context.Context, uid uint64) ([]string, error) {
	var out []string
	err := s.db.WithContext(ctx).Model(&userIdentity{}).Where("user_id = ?", uid).Order("provider").Pluck("provider", &out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "list social links")
	}
	return out, nil
}
