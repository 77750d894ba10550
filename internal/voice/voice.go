// Package voice is what customers tell the shop from the product page and what staff do with
// it: ratings (approved before they are shown), questions and their answers, back-in-stock
// subscriptions (mailed once when the product can be bought again) and price offers.
package voice

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/ctrlchar"
	"shop/internal/platform/humantext"
	"shop/internal/platform/i18n"
)

// Limiter is the shared rate limiter (Redis), the one login and registration use.
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Enqueuer queues the mails (and the scan) through the shop's queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task) (*asynq.TaskInfo, error)
}

// Notifier stores a staff notification (internal/notify).
type Notifier interface {
	Notify(ctx context.Context, userID uint64, typ string, data any) error
}

// Users is what voice needs of identity: who may act on a permission, and users' names and
// e-mails.
type Users interface {
	PermissionHolderIDs(ctx context.Context, perm string) ([]uint64, error)
	UserContacts(ctx context.Context, ids []uint64) (map[uint64]identity.UserContact, error)
}

// Options give the storefront's address (links in mails), the secret the unsubscribe links are
// signed with, and the public forms' limits.
type Options struct {
	PublicURL string
	Secret    []byte
	// PerIPPerHour and PerEmailPerHour bound each public form (ratings, questions,
	// subscriptions, price offers) per client address and per e-mail address.
	PerIPPerHour    int
	PerEmailPerHour int
}

// Service is the customers' voice: ratings, questions, price offers, back-in-stock
// subscriptions and the newsletter.
type Service struct {
	db      *gorm.DB
	enq     Enqueuer
	notify  Notifier
	users   Users
	limiter Limiter
	log     *slog.Logger
	clk     clock.Clock
	opts    Options
	// shopEmail is where contact messages are mailed (nil: they are only kept).
	shopEmail ShopEmail
}

// NewService builds the service; zero options take their defaults.
func NewService(db *gorm.DB, enq Enqueuer, n Notifier, users Users, l Limiter, shopEmail ShopEmail, log *slog.Logger, clk clock.Clock, o Options) *Service {
	if o.PublicURL == "" {
		o.PublicURL = "http://localhost:8080"
	}
	o.PublicURL = strings.TrimRight(o.PublicURL, "/")
	if o.PerIPPerHour <= 0 {
		o.PerIPPerHour = 30
	}
	if o.PerEmailPerHour <= 0 {
		o.PerEmailPerHour = 10
	}
	return &Service{db: db, enq: enq, notify: n, users: users, limiter: l, shopEmail: shopEmail, log: log, clk: clk, opts: o}
}

// Limits of the public forms' fields (spec 5: the question's name 2-50 and text 2-1200).
const (
	NameMin     = 2
	NameMax     = 50
	TextMin     = 2
	TextMax     = 1200
	EmailMax    = 255
	URLMax      = 2048
	SKUMax      = 64
	AnswerMax   = 5000
	CommentMax  = 1200
	RatingMin   = 1
	RatingMax   = 5
	PriceMaxRSD = 100_000_000 // an asked price above this is not a price
)

// Client is who sends a public form: the address (per-IP limit), the language (the mails'),
// the logged-in user (0: a guest) and the honeypot field a person never fills.
type Client struct {
	IP       string
	Lang     i18n.Lang
	UserID   uint64
	Honeypot string
}

// bot tells whether the honeypot was filled: the form is then answered as a success and
// dropped, so a bot learns nothing.
func (c Client) bot() bool { return strings.TrimSpace(c.Honeypot) != "" }

// limit counts one use of the form kind by the client's address and by the e-mail (when
// given); past the limits it is a 429 with the seconds to wait.
func (s *Service) limit(ctx context.Context, kind string, c Client, email string) error {
	checks := []struct {
		key string
		n   int
	}{}
	if c.IP != "" {
		checks = append(checks, struct {
			key string
			n   int
		}{"voice:" + kind + ":ip:" + c.IP, s.opts.PerIPPerHour})
	}
	if email != "" {
		checks = append(checks, struct {
			key string
			n   int
		}{"voice:" + kind + ":email:" + email, s.opts.PerEmailPerHour})
	}
	for _, ch := range checks {
		ok, wait, err := s.limiter.Hit(ctx, ch.key, ch.n, time.Hour)
		if err != nil {
			return err
		}
		if !ok {
			secs := int((wait + time.Second - 1) / time.Second)
			if secs < 1 {
				secs = 1
			}
			return apperr.New(apperr.TooManyRequests, "voice.limit", "seconds", secs)
		}
	}
	return nil
}

var tag = regexp.MustCompile(`<[^>]*>`)

// Plain is the text as stored and shown: no markup (tags are dropped, so nothing a customer
// writes is ever HTML in another's browser), no control characters but line breaks and tabs,
// trimmed.
func Plain(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = tag.ReplaceAllString(s, "")
	var b strings.Builder
	for _, r := range s {
		if !ctrlchar.Bad(r, true) {
			b.WriteRune(r)
		}
	}
	return humantext.Clean(b.String())
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// normalizeEmail trims and lower-cases an address.
func normalizeEmail(s string) string { return humantext.Email(s) }

// validEmail is the standard pattern: one address, no display name, a dot in the domain.
func validEmail(s string) bool {
	if s == "" || runes(s) > EmailMax {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".") && !strings.HasSuffix(s, ".")
}

// product is what the forms need of a product.
type product struct {
	ID               uint64
	SKU              string
	Name             string
	Slug             string
	Live             bool // active and visible on the storefront
	MainCategorySlug string
}

// productBySlug answers the product the storefront shows under slug: unknown, inactive or
// hidden products are a 404 'Proizvod ne postoji ili je izbrisan.'.
func (s *Service) productBySlug(ctx context.Context, slug string) (*product, error) {
	return s.findProduct(ctx, "p.slug = ?", slug)
}

func (s *Service) findProduct(ctx context.Context, where string, arg any) (*product, error) {
	var p product
	err := s.db.WithContext(ctx).Table("product_summaries p").
		Select("p.id, p.sku, p.name, p.slug, p.live, p.category_slug AS main_category_slug").
		Where(where, arg).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && !p.Live {
		return nil, apperr.NotFoundThing("product")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "voice product")
	}
	return &p, nil
}

// productURL is the product page on the storefront (spec 2: /kategorije/{main}/proizvodi/{slug}).
func (s *Service) productURL(p *product) string {
	return s.opts.PublicURL + "/kategorije/" + p.MainCategorySlug + "/proizvodi/" + p.Slug
}

// sign is the HMAC of a message with the shop's secret (unsubscribe links).
func (s *Service) sign(msg string) string {
	m := hmac.New(sha256.New, s.opts.Secret)
	m.Write([]byte("voice:" + msg))
	return hex.EncodeToString(m.Sum(nil))
}

func (s *Service) now() time.Time { return s.clk.Now() }

// ProductRef is a product as the admin lists show it.
type ProductRef struct {
	ID   uint64
	SKU  string
	Name string
	Slug string
}

// UserRef is a user's id, name and e-mail.
type UserRef struct {
	ID    uint64
	Name  string
	Email string
}

// langOf keeps a stored language to the two the shop speaks.
func langOf(l i18n.Lang) string {
	if l == i18n.EN {
		return "en"
	}
	return "sr"
}

// hmacEqual compares two hex signatures in constant time.
func hmacEqual(a, b string) bool { return hmac.Equal([]byte(a), []byte(b)) }
