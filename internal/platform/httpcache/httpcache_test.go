package httpcache

import (
	"net/http"
	"testing"
)

func TestMatches(t *testing.T) {
	tag := ETag([]byte(`{"data":1}`))
	for h, want := range map[string]bool{tag: true, tag[2:]: true, `W/"x", ` + tag: true, "*": true, `W/"x"`: false, "": false} {
		if got := Matches(h, tag); got != want {
			t.Errorf("Matches(%q) = %v", h, got)
		}
	}
	if ETag([]byte("a")) == ETag([]byte("b")) {
		t.Error("one tag for two bodies")
	}
}

func TestCompressibleAndAccepts(t *testing.T) {
	for ct, want := range map[string]bool{"application/json; charset=utf-8": true, "text/html; charset=utf-8": true, "text/event-stream": false,
		"image/png": false, "application/gzip": false, "image/svg+xml": true, "text/javascript; charset=utf-8": true, "application/xml": true} {
		if got := Compressible(ct); got != want {
			t.Errorf("Compressible(%q) = %v", ct, got)
		}
	}
	for ae, want := range map[string]bool{"gzip, deflate, br": true, "br;q=1.0, gzip;q=0.8": true, "gzip;q=0": false, "identity": false, "": false} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", ae)
		if got := AcceptsGzip(r); got != want {
			t.Errorf("AcceptsGzip(%q) = %v", ae, got)
		}
	}
}
