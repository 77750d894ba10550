// Package sales is buying: the cart and the wish list, checkout, orders and proforma invoices,
// and the mails that go with them (spec catalogue-and-storefront.md 3-5, 7; back-office-and-shell.md
// 3-5; decisions "Orders" and "Prices"). Prices come from pricing's shown-price rule through the
// storefront; a price or quantity the client sends is never trusted.
package sales

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/notify"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/storefront"
)

// Limits of a cart or wish list (docs/sales.md).
const (
	// MaxQuantity is the most units of one product on one line (and in one order line).
	MaxQuantity = 99
	// MaxLines is the most different products in one cart or wish list.
	MaxLines = 100
)

// Instances of a list: the cart and the wish list.
const (
	InstanceCart     = "cart"
	InstanceWishlist = "wishlist"
)

// Caller is who is buying: a logged-in user (UserID) or a guest (0).
type Caller struct {
	UserID uint64
	// IP is the client's address, which the guest checkout limit counts ("" counts nothing).
	IP string
}

// LoggedIn tells whether the caller gets the logged-in customer's price.
func (c Caller) LoggedIn() bool { return c.UserID != 0 }

// Enqueuer puts a task on the queue (queue.Enqueuer; tests may pass a failing one).
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task) (*asynq.TaskInfo, error)
}

// Options are the shop's own data the sales documents carry (config "sales").
type Options struct {
	// Account is the shop's 18-digit bank account (the IPS QR code's R), Payee its name and
	// address (N), PaymentCode the IPS payment code (SF), Purpose the payment's purpose (S).
	Account     string
	Payee       string
	PaymentCode string
	Purpose     string
	// IssuePlace and ProformaValidDays go on proforma invoices.
	IssuePlace        string
	ProformaValidDays int
	// PublicURL is the storefront's address for links in mail; Secret signs the QR links.
	PublicURL string
	Secret    []byte
	// GuestOrdersPerIPPerHour and GuestOrdersPerEmailPerHour limit guest checkouts (0: none).
	GuestOrdersPerIPPerHour    int
	GuestOrdersPerEmailPerHour int
	// Company is the shop's identity until staff fill in the company data (Shop).
	Company Company
}

// Limiter counts events in windows shared by every instance (ratelimit.Limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Service is the sales capability.
type Service struct {
	db    *gorm.DB
	sf    *storefront.Service
	ids   *identity.Service
	notes *notify.Service
	enq   Enqueuer
	log   *slog.Logger
	clock clock.Clock
	opts  Options
	// blobs keeps the orders' attachments (nil: no attachments).
	blobs blob.Store
	// limiter counts guest checkouts (nil: no limits).
	limiter Limiter
}

// limitGuest counts one guest checkout by the client's address and by the order's e-mail; past
// either limit it is a 429 with the seconds to wait. A logged-in customer is not limited: the
// account answers for its orders.
func (s *Service) limitGuest(ctx context.Context, c Caller, email string) error {
	if c.LoggedIn() || s.limiter == nil {
		return nil
	}
	checks := []struct {
		key   string
		limit int
	}{{"checkout:ip:" + c.IP, s.opts.GuestOrdersPerIPPerHour}, {"checkout:email:" + strings.ToLower(email), s.opts.GuestOrdersPerEmailPerHour}}
	for i, ch := range checks {
		if ch.limit <= 0 || (i == 0 && c.IP == "") {
			continue
		}
		ok, wait, err := s.limiter.Hit(ctx, ch.key, ch.limit, time.Hour)
		if err != nil {
			// A limiter that is down lets the order through: a lost sale costs more than
			// an hour without the abuse limit.
			s.log.WarnContext(ctx, "checkout limit unavailable", "error", err.Error())
			return nil
		}
		if !ok {
			secs := int((wait + time.Second - 1) / time.Second)
			return apperr.New(apperr.TooManyRequests, "sales.order_limit", "seconds", max(secs, 1))
		}
	}
	return nil
}

// NewService builds the sales service: blobs keeps the orders' attachments, l counts the guest
// checkout limits of opts (nil: none).
func NewService(db *gorm.DB, sf *storefront.Service, ids *identity.Service, n *notify.Service, enq Enqueuer, blobs blob.Store, l Limiter,
	log *slog.Logger, clk clock.Clock, opts Options) *Service {
	if opts.ProformaValidDays <= 0 {
		opts.ProformaValidDays = 8
	}
	return &Service{db: db, sf: sf, ids: ids, notes: n, enq: enq, blobs: blobs, limiter: l, log: log, clock: clk, opts: opts}
}

// NewGuestID is a fresh anonymous cart or wish-list id: 32 random bytes as hex, unguessable.
func NewGuestID() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// guestID is the shape of an anonymous id: at least 32 letters, digits, '-' or '_' (the server
// issues 64 hex characters; an older client's own random hash is accepted too).
var guestID = regexp.MustCompile(`^[A-Za-z0-9_-]{32,128}$`)

// digits matches a user id.
var digits = regexp.MustCompile(`^[0-9]{1,20}$`)

// owner is the storage key of the list the caller names by id: the logged-in user's own id
// ("u:<id>") or a guest id ("g:<id>"). A guest naming a user id, or a user naming anything but
// their own id, is refused (403): a cookie id never reaches a user's list. An empty id is
// allowed only when issue is set (a new guest id is made).
func owner(c Caller, id, field string, issue bool) (key, public string, err error) {
	if c.LoggedIn() {
		own := strconv.FormatUint(c.UserID, 10)
		if id != "" && id != own {
			return "", "", apperr.New(apperr.Forbidden, "error.forbidden")
		}
		return "u:" + own, own, nil
	}
	switch {
	case id == "" && issue:
		id = NewGuestID()
	case id == "":
		return "", "", apperr.InvalidFields(apperr.Field(field, "validation.required"))
	case digits.MatchString(id):
		return "", "", apperr.New(apperr.Forbidden, "error.forbidden")
	case !guestID.MatchString(id):
		return "", "", apperr.InvalidFields(apperr.Field(field, "validation.cart_id"))
	}
	return "g:" + id, id, nil
}

func checkInstance(instance string) (string, error) {
	switch instance {
	case "", InstanceCart:
		return InstanceCart, nil
	case InstanceWishlist:
		return InstanceWishlist, nil
	}
	return "", apperr.InvalidFields(apperr.Field("instance", "validation.oneof"))
}
