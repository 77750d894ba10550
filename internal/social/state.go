package social

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"
)

// flowState is what a sign-in remembers between the redirect to the provider and the way back.
// It travels in a cookie sealed with AES-GCM under a key derived from the shop's secret: the
// browser cannot read (the PKCE verifier is a secret) nor change it, and no server keeps
// anything, so any instance can finish a flow another started.
type flowState struct {
	Provider string `json:"p"`
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Return   string `json:"r"`
	Expires  int64  `json:"x"`
}

var errBadState = errors.New("social: no valid sign-in state")

type sealer struct{ aead cipher.AEAD }

func newSealer(secret []byte) sealer {
	// A key of its own (not the token-signing secret itself), for this one use.
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("shop social sign-in state v1"))
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		panic(err) // a 32-byte key always makes a cipher
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return sealer{aead: aead}
}

func (s sealer) seal(st flowState) string {
	plain, _ := json.Marshal(st)
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, nil))
}

func (s sealer) open(cookie string, now time.Time) (flowState, error) {
	var st flowState
	raw, err := base64.RawURLEncoding.DecodeString(cookie)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return st, errBadState
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return st, errBadState
	}
	if json.Unmarshal(plain, &st) != nil || st.State == "" || now.Unix() > st.Expires {
		return flowState{}, errBadState
	}
	return st, nil
}

// randomString is 32 random bytes, URL-safe (state and nonce).
func randomString() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// SafeReturn keeps a return path only when it is a path of this site (never an absolute or
// protocol-relative address, which would make the sign-in an open redirect); else "/".
func SafeReturn(p string) string {
	if p == "" || len(p) > 1000 || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") ||
		strings.ContainsAny(p, "\\\r\n\t") {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return p
}
