package identity

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"image"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/humantext"
	"shop/internal/platform/i18n"
	"shop/internal/platform/imagefile"
	"shop/internal/platform/mail"
	"shop/internal/platform/validation"
)

// Options tune the service: clock, logging, images, password cost and session caching.
type Options struct {
	// Clock is the shop's clock (the zero value: the system's).
	Clock clock.Clock
	// Log takes security events (a refresh token replayed) and what fails after the answer is
	// settled (an old avatar's delete, a limiter reset); nil discards.
	Log *slog.Logger
	// Images decodes avatars under the process's image budget (nil: a decoder of its own with
	// the default bounds).
	Images              *imagefile.Decoder
	Secret              []byte
	AccessTTL           time.Duration
	RefreshTTL          time.Duration
	PasswordResetTTL    time.Duration
	SessionCacheTTL     time.Duration
	LoginPerIPPerMinute int
	// LoginFailsPerEmailIP locks one account for one client address; LoginFailsPerEmail is the
	// much higher ceiling over every address, against guessing spread over many.
	LoginFailsPerEmailIP int
	LoginFailsPerEmail   int
	LoginLockout         time.Duration
	// Abuse limits of registration and forgotten passwords (0: no limit).
	RegisterPerIPPerHour         int
	RegisterPerEmailPerHour      int
	ForgotPerIPPerHour           int
	ForgotMailsPerEmailPerMinute int
	ForgotMailsPerEmailPerHour   int
	// PublicURL is the storefront's address, for links in mail.
	PublicURL string
	// PasswordCost is bcrypt's cost; tests lower it.
	PasswordCost int
}

// Limiter counts login attempts (shared across instances through Redis).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
	Exceeded(ctx context.Context, key string, limit int) (bool, time.Duration, error)
	Reset(ctx context.Context, key string) error
}

// Mailer hands a message to the mail job.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Service is users, roles, sessions and passwords.
type Service struct {
	db      *gorm.DB
	opts    Options
	limiter Limiter
	mailer  Mailer
	blobs   blob.Store
	cache   *principalCache
	now     func() time.Time
	log     *slog.Logger
}

// NewService builds the service; zero options take their defaults.
func NewService(db *gorm.DB, opts Options, limiter Limiter, mailer Mailer, blobs blob.Store) *Service {
	if opts.PasswordCost == 0 {
		opts.PasswordCost = bcrypt.DefaultCost
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	log := opts.Log
	if opts.Images == nil {
		opts.Images = imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)
	}
	return &Service{db: db, opts: opts, limiter: limiter, mailer: mailer, blobs: blobs,
		cache: newPrincipalCache(opts.SessionCacheTTL), now: opts.Clock.Now, log: log}
}

// Tokens is what a successful login, registration or refresh gives the client.
type Tokens struct {
	AccessToken  string
	RefreshToken string
	ExpiresIn    int
	User         *User
}

// LoginInput is a sign-in with e-mail and password; IP and UserAgent name the session.
type LoginInput struct {
	Email     string `json:"email" validate:"required,email,max=255"`
	Password  string `json:"password" validate:"required"`
	IP        string `json:"-"`
	UserAgent string `json:"-"`
}

// RegisterInput is a customer's registration.
type RegisterInput struct {
	Name                 string `json:"name" validate:"required,min=2,max=255"`
	Email                string `json:"email" validate:"required,email,max=255"`
	Password             string `json:"password" validate:"required,min=8,maxbytes=72"`
	PasswordConfirmation string `json:"password_confirmation" validate:"required,eqfield=Password"`
	IP                   string `json:"-"`
	UserAgent            string `json:"-"`
}

func normalizeEmail(e string) string { return humantext.Email(e) }

// dummyHash keeps a wrong e-mail as slow as a wrong password, so timing tells nothing.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("timing-equaliser"), bcrypt.DefaultCost)

// Login checks the credentials, rate-limited per client IP, per account and address, and per
// account, and opens a session.
func (s *Service) Login(ctx context.Context, in LoginInput) (*Tokens, error) {
	in.Email = normalizeEmail(in.Email)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	if in.IP != "" {
		if err := s.limit(ctx, "login:ip:"+in.IP, s.opts.LoginPerIPPerMinute, time.Minute, "error.login_ip"); err != nil {
			return nil, err
		}
	}
	// Failures lock the account for the address they came from. The ceiling over every address
	// slows guessing spread over many: past it an address that has failed is refused outright and
	// any other gets one try, so the owner's correct password from a clean address still gets in
	// while a guesser needs a fresh address for every guess.
	fails := []struct {
		key   string
		limit int
	}{{loginFailKey(in.Email, in.IP), s.opts.LoginFailsPerEmailIP}, {loginFailKey(in.Email, ""), s.opts.LoginFailsPerEmail}}
	var ceiling *apperr.Error
	for i, f := range fails {
		if f.limit <= 0 {
			continue
		}
		locked, wait, err := s.limiter.Exceeded(ctx, f.key, f.limit)
		if err != nil {
			return nil, apperr.Wrap(err, "login rate limit")
		}
		if !locked {
			continue
		}
		lockErr := apperr.New(apperr.TooManyRequests, "error.login_account", "seconds", seconds(wait))
		if i == 0 {
			return nil, lockErr
		}
		clean, err := s.addressClean(ctx, fails[0].key, fails[0].limit)
		if err != nil {
			return nil, err
		}
		if !clean {
			return nil, lockErr
		}
		ceiling = lockErr
	}
	var u User
	err := s.db.WithContext(ctx).Where("email = ?", in.Email).First(&u).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.Wrap(err, "login: find user")
	}
	hash := dummyHash
	if err == nil {
		hash = []byte(u.PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(in.Password)) != nil || u.ID == 0 {
		for _, f := range fails {
			if f.limit <= 0 {
				continue
			}
			if _, _, err := s.limiter.Hit(ctx, f.key, f.limit, s.opts.LoginLockout); err != nil {
				return nil, apperr.Wrap(err, "login rate limit")
			}
		}
		if ceiling != nil {
			return nil, ceiling
		}
		return nil, apperr.InvalidFields(apperr.Field("email", "auth.failed"))
	}
	if u.DeactivatedAt != nil {
		return nil, apperr.InvalidFields(apperr.Field("email", "auth.deactivated"))
	}
	// The address's failures are forgiven; the ceiling's are not, or a guesser spread over
	// many addresses would get a fresh allowance each time the owner logs in.
	if s.opts.LoginFailsPerEmailIP > 0 {
		s.resetLimit(ctx, fails[0].key)
	}
	return s.openSession(ctx, u.ID, in.IP, in.UserAgent)
}

// addressClean tells whether the address behind key has no failed login on the account; without
// a per-address count (limit 0) no address can be told apart, so none is clean.
func (s *Service) addressClean(ctx context.Context, key string, limit int) (bool, error) {
	if limit <= 0 {
		return false, nil
	}
	failed, _, err := s.limiter.Exceeded(ctx, key, 1)
	if err != nil {
		return false, apperr.Wrap(err, "login rate limit")
	}
	return !failed, nil
}

// loginFailKey counts an account's failed logins from one address (ip), or from all (ip "").
func loginFailKey(email, ip string) string {
	if ip == "" {
		return "login:fail:" + email
	}
	return "login:fail:" + email + "|" + ip
}

// limit counts one event under key and refuses it (429 with msgKey and the seconds to wait)
// past limit in window; limit 0 means no limit.
func (s *Service) limit(ctx context.Context, key string, limit int, window time.Duration, msgKey string) error {
	if limit <= 0 {
		return nil
	}
	ok, wait, err := s.limiter.Hit(ctx, key, limit, window)
	if err != nil {
		return apperr.Wrap(err, "rate limit")
	}
	if !ok {
		return apperr.New(apperr.TooManyRequests, msgKey, "seconds", seconds(wait))
	}
	return nil
}

func seconds(d time.Duration) int {
	n := int((d + time.Second - 1) / time.Second)
	if n < 1 {
		n = 1
	}
	return n
}

// Register creates a customer account and logs it in.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*Tokens, error) {
	in.Email = normalizeEmail(in.Email)
	in.Name = humantext.Clean(in.Name)
	if err := validation.Check(in); err != nil {
		return nil, err
	}
	// Per address against account farms, per e-mail against probing one address; checked
	// after validation so that typos cost nothing.
	if in.IP != "" {
		if err := s.limit(ctx, "register:ip:"+in.IP, s.opts.RegisterPerIPPerHour, time.Hour, "error.register_limit"); err != nil {
			return nil, err
		}
	}
	if err := s.limit(ctx, "register:email:"+in.Email, s.opts.RegisterPerEmailPerHour, time.Hour, "error.register_limit"); err != nil {
		return nil, err
	}
	var uid uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		u, err := s.createUser(ctx, tx, in.Name, in.Email, in.Password, RoleCustomer)
		if err != nil {
			return err
		}
		uid = u.ID
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUserRegistered, SubjectType: "user", SubjectID: u.ID,
			New: map[string]any{"name": u.Name, "email": u.Email}})
	})
	if err != nil {
		return nil, err
	}
	return s.openSession(ctx, uid, in.IP, in.UserAgent)
}

func (s *Service) createUser(ctx context.Context, tx *gorm.DB, name, email, password, roleName string) (*User, error) {
	role, err := findRole(ctx, tx, roleName)
	if err != nil {
		return nil, err
	}
	if err := ensureEmailFree(ctx, tx, email, 0); err != nil {
		return nil, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.opts.PasswordCost)
	if err != nil {
		return nil, apperr.Wrap(err, "hash password")
	}
	u := &User{Name: humantext.Clean(name), Email: email, PasswordHash: string(hash)}
	if err := tx.WithContext(ctx).Omit("Roles", "Addresses").Create(u).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil, apperr.InvalidFields(apperr.Field("email", "validation.email_taken"))
		}
		return nil, apperr.Wrap(err, "create user")
	}
	if err := tx.WithContext(ctx).Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", u.ID, role.ID).Error; err != nil {
		return nil, apperr.Wrap(err, "assign role")
	}
	return u, nil
}

func findRole(ctx context.Context, tx *gorm.DB, name string) (*Role, error) {
	var r Role
	err := tx.WithContext(ctx).Where("name = ?", name).First(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.InvalidFields(apperr.Field("role", "validation.role_unknown"))
	}
	if err != nil {
		return nil, apperr.Wrap(err, "find role")
	}
	return &r, nil
}

func ensureEmailFree(ctx context.Context, tx *gorm.DB, email string, exceptID uint64) error {
	var n int64
	if err := tx.WithContext(ctx).Model(&User{}).Where("email = ? AND id <> ?", email, exceptID).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "check email")
	}
	if n > 0 {
		return apperr.InvalidFields(apperr.Field("email", "validation.email_taken"))
	}
	return nil
}

func (s *Service) openSession(ctx context.Context, uid uint64, ip, ua string) (*Tokens, error) {
	now := s.now()
	sid := uuid.NewString()
	refresh := refreshToken(sid)
	sess := session{ID: sid, UserID: uid, RefreshHash: hashToken(refresh),
		ExpiresAt: now.Add(s.opts.RefreshTTL), IP: truncate(ip, 64), UserAgent: truncate(ua, 512)}
	if err := s.db.WithContext(ctx).Create(&sess).Error; err != nil {
		return nil, apperr.Wrap(err, "create session")
	}
	return s.tokens(ctx, uid, sess.ID, refresh, now)
}

func (s *Service) tokens(ctx context.Context, uid uint64, sid, refresh string, now time.Time) (*Tokens, error) {
	access, err := s.signAccess(uid, sid, now)
	if err != nil {
		return nil, apperr.Wrap(err, "sign token")
	}
	u, err := s.GetUser(ctx, uid, false)
	if err != nil {
		return nil, err
	}
	return &Tokens{AccessToken: access, RefreshToken: refresh, ExpiresIn: int(s.opts.AccessTTL / time.Second), User: u}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Refresh exchanges a refresh token for a new access token and a new refresh token; the old
// refresh token stops working (rotation). A session is a token family: every refresh token
// descended from one login names it. A replayed old token of a live family means two holders,
// one of them a thief, and nobody can tell which: the whole family (the session, with its
// newest refresh token and its access tokens) is revoked and the replay logged.
func (s *Service) Refresh(ctx context.Context, token string) (*Tokens, error) {
	if token == "" {
		return nil, apperr.InvalidFields(apperr.Field("refresh_token", "validation.required"))
	}
	now := s.now()
	unauthorized := apperr.New(apperr.Unauthorized, "error.unauthorized")
	var sess session
	q := s.db.WithContext(ctx).Where("revoked_at IS NULL AND expires_at > ?", now)
	sid, _, family := strings.Cut(token, ".")
	if family {
		q = q.Where("id = ?", sid)
	} else {
		// A token from before families (no session id inside) is found by its hash alone.
		q = q.Where("refresh_hash = ?", hashToken(token))
	}
	err := q.First(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, unauthorized
	}
	if err != nil {
		return nil, apperr.Wrap(err, "find session")
	}
	if subtle.ConstantTimeCompare([]byte(sess.RefreshHash), []byte(hashToken(token))) != 1 {
		if err := s.revokeFamily(ctx, sess, now); err != nil {
			return nil, err
		}
		return nil, unauthorized
	}
	next := refreshToken(sess.ID)
	// Conditional on the old hash: of two concurrent refreshes with one token, one wins.
	res := s.db.WithContext(ctx).Model(&session{}).Where("id = ? AND refresh_hash = ?", sess.ID, sess.RefreshHash).
		Updates(map[string]any{"refresh_hash": hashToken(next), "expires_at": now.Add(s.opts.RefreshTTL), "updated_at": now})
	if res.Error != nil {
		return nil, apperr.Wrap(res.Error, "rotate refresh token")
	}
	if res.RowsAffected == 0 {
		return nil, unauthorized
	}
	return s.tokens(ctx, sess.UserID, sess.ID, next, now)
}

// revokeFamily ends a session whose used refresh token came back (see Refresh).
func (s *Service) revokeFamily(ctx context.Context, sess session, now time.Time) error {
	if err := s.db.WithContext(ctx).Model(&session{}).Where("id = ? AND revoked_at IS NULL", sess.ID).Update("revoked_at", now).Error; err != nil {
		return apperr.Wrap(err, "revoke token family")
	}
	s.cache.evictSession(sess.ID)
	s.log.WarnContext(ctx, "refresh token reused: token family revoked", "user_id", sess.UserID, "session_id", sess.ID,
		"session_ip", sess.IP)
	return nil
}

// Logout revokes the caller's session: its access and refresh tokens stop working.
func (s *Service) Logout(ctx context.Context, p *Principal) error {
	now := s.now()
	if err := s.db.WithContext(ctx).Model(&session{}).Where("id = ?", p.SessionID).Update("revoked_at", now).Error; err != nil {
		return apperr.Wrap(err, "revoke session")
	}
	s.cache.evictSession(p.SessionID)
	return nil
}

// Authenticate turns a bearer token into the caller, or an Unauthorized error.
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	now := s.now()
	if p := s.cache.get(token, now); p != nil {
		return p, nil
	}
	uid, sid, exp, err := s.parseAccess(token)
	if err != nil {
		return nil, apperr.New(apperr.Unauthorized, "error.unauthorized")
	}
	var sess session
	err = s.db.WithContext(ctx).Where("id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?", sid, uid, now).First(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.New(apperr.Unauthorized, "error.unauthorized")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "find session")
	}
	u, err := s.GetUser(ctx, uid, false)
	if err != nil {
		if apperr.Is(err, apperr.NotFound) {
			return nil, apperr.New(apperr.Unauthorized, "error.unauthorized")
		}
		return nil, err
	}
	if u.DeactivatedAt != nil {
		return nil, apperr.New(apperr.Unauthorized, "error.unauthorized")
	}
	p := newPrincipal(u, sid)
	s.cache.put(token, p, now, exp)
	return p, nil
}

// ForgotPasswordInput asks for a reset link; Lang is the mail's language.
type ForgotPasswordInput struct {
	Email string    `json:"email" validate:"required,email,max=255"`
	Lang  i18n.Lang `json:"-"`
	IP    string    `json:"-"`
}

// ForgotPassword mails a reset link when the account exists; the answer is the same either
// way, so it does not tell who has an account. An address asking too often is refused (429);
// an e-mail asked for too often gets no more mail but the same answer, so a flood of requests
// neither floods its mailbox nor tells anything.
func (s *Service) ForgotPassword(ctx context.Context, in ForgotPasswordInput) error {
	in.Email = normalizeEmail(in.Email)
	if err := validation.Check(in); err != nil {
		return err
	}
	if in.IP != "" {
		if err := s.limit(ctx, "forgot:ip:"+in.IP, s.opts.ForgotPerIPPerHour, time.Hour, "error.forgot_limit"); err != nil {
			return err
		}
	}
	if ok, err := s.resetMailAllowed(ctx, in.Email); err != nil || !ok {
		return err
	}
	var u User
	err := s.db.WithContext(ctx).Where("email = ?", in.Email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return apperr.Wrap(err, "find user")
	}
	token := randomToken()
	now := s.now()
	pr := passwordReset{UserID: u.ID, TokenHash: hashToken(token), ExpiresAt: now.Add(s.opts.PasswordResetTTL)}
	if err := s.db.WithContext(ctx).Create(&pr).Error; err != nil {
		return apperr.Wrap(err, "store reset token")
	}
	link := fmt.Sprintf("%s/nova-lozinka?token=%s&email=%s", strings.TrimRight(s.opts.PublicURL, "/"), url.QueryEscape(token), url.QueryEscape(u.Email))
	msg := mail.Message{
		To:      u.Email,
		Subject: i18n.T(in.Lang, "auth.reset_subject", nil),
		Body: i18n.T(in.Lang, "auth.reset_body", map[string]any{
			"name": u.Name, "link": link, "minutes": int(s.opts.PasswordResetTTL / time.Minute)}),
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return apperr.Wrap(err, "queue reset mail")
	}
	return nil
}

// resetMailAllowed counts one reset mail to email against the per-minute and per-hour limits;
// known or not, every address is counted alike (the answer must not differ).
func (s *Service) resetMailAllowed(ctx context.Context, email string) (bool, error) {
	windows := []struct {
		key    string
		limit  int
		window time.Duration
	}{
		{"forgot:mail:minute:" + email, s.opts.ForgotMailsPerEmailPerMinute, time.Minute},
		{"forgot:mail:hour:" + email, s.opts.ForgotMailsPerEmailPerHour, time.Hour},
	}
	for _, w := range windows {
		if w.limit <= 0 {
			continue
		}
		// A mail refused by the minute does not use up the hour's allowance.
		ok, _, err := s.limiter.Hit(ctx, w.key, w.limit, w.window)
		if err != nil {
			return false, apperr.Wrap(err, "reset mail limit")
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

// ResetPasswordInput sets a new password with the mailed reset token.
type ResetPasswordInput struct {
	Token                string `json:"token" validate:"required"`
	Email                string `json:"email" validate:"required,email,max=255"`
	Password             string `json:"password" validate:"required,min=8,maxbytes=72"`
	PasswordConfirmation string `json:"password_confirmation" validate:"required,eqfield=Password"`
	// IP is where the owner resets from: the lockout of that address is lifted.
	IP string `json:"-"`
}

// ResetPassword sets a new password from a mailed token and ends every session of the user.
func (s *Service) ResetPassword(ctx context.Context, in ResetPasswordInput) error {
	in.Email = normalizeEmail(in.Email)
	if err := validation.Check(in); err != nil {
		return err
	}
	now := s.now()
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.opts.PasswordCost)
	if err != nil {
		return apperr.Wrap(err, "hash password")
	}
	var uid uint64
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var pr passwordReset
		err := tx.Joins("JOIN users ON users.id = password_resets.user_id").
			Where("password_resets.token_hash = ? AND users.email = ? AND password_resets.used_at IS NULL AND password_resets.expires_at > ?",
				hashToken(in.Token), in.Email, now).First(&pr).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.InvalidFields(apperr.Field("email", "auth.reset_invalid"))
		}
		if err != nil {
			return apperr.Wrap(err, "find reset token")
		}
		uid = pr.UserID
		if err := tx.Model(&passwordReset{}).Where("id = ? AND used_at IS NULL", pr.ID).Update("used_at", now).Error; err != nil {
			return apperr.Wrap(err, "use reset token")
		}
		if err := tx.Model(&User{}).Where("id = ?", uid).Updates(map[string]any{"password_hash": string(hash), "updated_at": now}).Error; err != nil {
			return apperr.Wrap(err, "set password")
		}
		return revokeUserSessions(tx, uid, now)
	})
	if err != nil {
		return err
	}
	s.cache.evictUser(uid)
	// Whoever proved they own the mailbox is let back in at once, even after a lockout: the
	// account's and that of the address the reset came from.
	s.resetLimit(ctx, loginFailKey(in.Email, ""))
	s.resetLimit(ctx, loginFailKey(in.Email, in.IP))
	return nil
}

func revokeUserSessions(tx *gorm.DB, uid uint64, now time.Time) error {
	if err := tx.Model(&session{}).Where("user_id = ? AND revoked_at IS NULL", uid).Update("revoked_at", now).Error; err != nil {
		return apperr.Wrap(err, "revoke sessions")
	}
	return nil
}

// PurgeExpired deletes sessions and reset tokens past their end (the scheduled job).
func (s *Service) PurgeExpired(ctx context.Context) (int64, error) {
	now := s.now()
	// Revoked sessions are kept a day, which is enough for support to see a recent logout.
	r1 := s.db.WithContext(ctx).Where("expires_at < ? OR revoked_at < ?", now, now.Add(-24*time.Hour)).Delete(&session{})
	if r1.Error != nil {
		return 0, apperr.Wrap(r1.Error, "purge sessions")
	}
	// A used link can never work again, so it goes at once.
	r2 := s.db.WithContext(ctx).Where("expires_at < ? OR used_at IS NOT NULL", now).Delete(&passwordReset{})
	if r2.Error != nil {
		return 0, apperr.Wrap(r2.Error, "purge resets")
	}
	return r1.RowsAffected + r2.RowsAffected, nil
}

// AvatarSide is the longer side of a stored avatar, in pixels (shown at most a few times
// smaller; a smaller upload is not enlarged).
const AvatarSide = 400

// SetAvatar stores a new avatar image (JPG, PNG or WEBP by content, at most 2 MB) for the
// user, re-encoded (JPEG, or PNG when transparent) at most AvatarSide pixels on its longer
// side, and removes the old one.
func (s *Service) SetAvatar(ctx context.Context, uid uint64, r io.Reader) (*User, error) {
	u, err := s.GetUser(ctx, uid, false)
	if err != nil {
		return nil, err
	}
	// Stored re-encoded from the decoded pixels, as product images are: what the upload carried
	// besides the image (an HTML page appended to a PNG, metadata) is not served back.
	var enc imagefile.Encoded
	if _, err := s.opts.Images.Read(ctx, r, "image", func(img image.Image) (err error) {
		enc, err = imagefile.Reencode(img, AvatarSide)
		return apperr.Wrap(err, "encode avatar")
	}); err != nil {
		return nil, err
	}
	data, ctype, ext := enc.Data, enc.ContentType, enc.Ext
	key := fmt.Sprintf("avatars/%d/%s.%s", uid, uuid.NewString(), ext)
	if err := s.blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
		return nil, apperr.Wrap(err, "store avatar")
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&User{}).Where("id = ?", uid).Updates(map[string]any{"avatar_key": key, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "save avatar")
		}
		// the image itself is not history: the entry says who changed whose avatar, and when
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUserAvatarUpdate, SubjectType: "user", SubjectID: uid,
			Old: map[string]any{"avatar": u.AvatarKey != ""}, New: map[string]any{"avatar": true}})
	})
	if err != nil {
		s.deleteObject(ctx, key)
		return nil, err
	}
	// The old image is garbage now; failing to delete it loses nothing the user sees.
	s.deleteObject(ctx, u.AvatarKey)
	return s.GetUser(ctx, uid, false)
}

// deleteObject removes an object nothing points at any more; a failure is logged (the object
// is left as garbage), never the caller's error.
func (s *Service) deleteObject(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := s.blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		s.opts.Log.WarnContext(ctx, "could not delete an object", "key", key, "error", err.Error())
	}
}

// resetLimit clears a login counter after a proof of identity. A failure is logged: the answer
// stands (the counter only expires later, as it would have without the success).
func (s *Service) resetLimit(ctx context.Context, key string) {
	// The key names the account: it stays out of the log.
	if err := s.limiter.Reset(ctx, key); err != nil {
		s.opts.Log.WarnContext(ctx, "could not reset a login counter", "error", err.Error())
	}
}
