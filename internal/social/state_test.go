package social

import (
	"testing"
	"time"
)

func TestSafeReturn(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "/",
		"/":                              "/",
		"/korpa?x=1#top":                 "/korpa?x=1#top",
		"/kategorije/laptopovi":          "/kategorije/laptopovi",
		"//evil.example/x":               "/",
		"/\\evil.example":                "/",
		"https://evil.example/":          "/",
		"javascript:alert(1)":            "/",
		"korpa":                          "/",
		"/a\r\nSet-Cookie: x=1":          "/",
		"/" + string(make([]byte, 1000)): "/",
	} {
		if got := SafeReturn(in); got != want {
			t.Errorf("SafeReturn(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSealedState(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := newSealer([]byte("0123456789abcdef0123456789abcdef"))
	st := flowState{Provider: Google, State: "s", Nonce: "n", Verifier: "v", Return: "/korpa", Expires: now.Add(StateTTL).Unix()}
	c := s.seal(st)
	got, err := s.open(c, now)
	if err != nil || got != st {
		t.Fatalf("open(seal) = %+v, %v", got, err)
	}
	if _, err := s.open(c, now.Add(StateTTL+time.Second)); err == nil {
		t.Error("an expired state opened")
	}
	other := newSealer([]byte("another secret, another key......"))
	if _, err := other.open(c, now); err == nil {
		t.Error("a state sealed under another secret opened")
	}
	b := []byte(c)
	b[len(b)/2] ^= 1
	if _, err := s.open(string(b), now); err == nil {
		t.Error("a tampered state opened")
	}
	if _, err := s.open("", now); err == nil {
		t.Error("an empty cookie opened")
	}
}
