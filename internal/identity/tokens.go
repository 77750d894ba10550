package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// accessClaims: the access token is a short-lived JWT naming the user and the session, so a
// revoked session (logout) invalidates it too.
type accessClaims struct {
	SessionID string `json:"sid"`
	jwt.RegisteredClaims
}

func (s *Service) signAccess(userID uint64, sid string, now time.Time) (string, error) {
	claims := accessClaims{
		SessionID: sid,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   strconv.FormatUint(userID, 10),
			Issuer:    "shop",
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.opts.AccessTTL)),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.opts.Secret)
}

var errBadToken = errors.New("bad token")

// parseAccess verifies an access token and returns its user, session and expiry.
func (s *Service) parseAccess(token string) (uint64, string, time.Time, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(t *jwt.Token) (any, error) { return s.opts.Secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer("shop"), jwt.WithTimeFunc(s.now), jwt.WithExpirationRequired())
	if err != nil {
		return 0, "", time.Time{}, errBadToken
	}
	uid, err := strconv.ParseUint(claims.Subject, 10, 64)
	if err != nil || claims.SessionID == "" {
		return 0, "", time.Time{}, errBadToken
	}
	return uid, claims.SessionID, claims.ExpiresAt.Time, nil
}

// randomToken is 32 random bytes, URL-safe.
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// refreshToken is a new refresh token of session sid's family: "<sid>.<32 random bytes>". The
// session id (no secret: access tokens carry it too) lets a replayed old token find its
// family; only the digest of the whole token is stored.
func refreshToken(sid string) string { return sid + "." + randomToken() }

// hashToken stores only a digest of bearer secrets (refresh and reset tokens).
func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// principalCache keeps authenticated callers for a few seconds, keyed by the exact access
// token, so a request neither reads the database nor re-verifies the token (the JWT parse is
// most of an authenticated request's cost). An entry never outlives its token; logout and
// password changes evict here at once, and other instances see a revocation within the TTL.
type principalCache struct {
	mu      sync.RWMutex
	ttl     time.Duration
	entries map[string]cacheEntry
}

type cacheEntry struct {
	p     *Principal
	until time.Time
}

func newPrincipalCache(ttl time.Duration) *principalCache {
	return &principalCache{ttl: ttl, entries: map[string]cacheEntry{}}
}

func (c *principalCache) get(token string, now time.Time) *Principal {
	c.mu.RLock()
	e, ok := c.entries[token]
	c.mu.RUnlock()
	if !ok || now.After(e.until) {
		return nil
	}
	return e.p
}

func (c *principalCache) put(token string, p *Principal, now, tokenExpiry time.Time) {
	if c.ttl <= 0 {
		return
	}
	until := now.Add(c.ttl)
	if tokenExpiry.Before(until) {
		until = tokenExpiry
	}
	c.mu.Lock()
	if len(c.entries) > 100_000 {
		// Bounded: drop everything rather than grow without limit; entries refill on demand.
		c.entries = map[string]cacheEntry{}
	}
	c.entries[token] = cacheEntry{p: p, until: until}
	c.mu.Unlock()
}

func (c *principalCache) evictSession(sid string) {
	c.mu.Lock()
	for k, e := range c.entries {
		if e.p.SessionID == sid {
			delete(c.entries, k)
		}
	}
	c.mu.Unlock()
}

func (c *principalCache) evictAll() {
	c.mu.Lock()
	c.entries = map[string]cacheEntry{}
	c.mu.Unlock()
}

func (c *principalCache) evictUser(uid uint64) {
	c.mu.Lock()
	for k, e := range c.entries {
		if e.p.UserID == uid {
			delete(c.entries, k)
		}
	}
	c.mu.Unlock()
}
