package blob

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
)

func TestCleanKey(t *testing.T) {
	tests := []struct {
		key  string
		want string
		ok   bool
	}{
		{"images/a.jpg", "images/a.jpg", true},
		{"a", "a", true},
		{"feeds/2026/eponuda.xml", "feeds/2026/eponuda.xml", true},
		{"", "", false},
		{"../x", "", false},
		{"images/../../x", "", false},
		{"images/../x", "", false},
		{"/abs", "", false},
		{"a\\b", "", false},
		{"..\\x", "", false},
		{"a//b", "", false},
		{"a/./b", "", false},
		{"a/", "", false},
		{".", "", false},
	}
	for _, tt := range tests {
		got, ok := CleanKey(tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("CleanKey(%q) = %q, %v; want %q, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
}

// newS3 starts an in-process S3-compatible server (plain http, path-style) and returns a
// store on a fresh bucket that does not exist yet.
func newS3(tb testing.TB) *S3 {
	tb.Helper()
	fake := gofakes3.New(s3mem.New(), gofakes3.WithLogger(gofakes3.DiscardLog()))
	srv := httptest.NewServer(fake.Server())
	tb.Cleanup(srv.Close)
	return NewS3(config.S3Config{Endpoint: srv.URL, Region: "us-east-1", Bucket: "shop-test",
		AccessKey: "test", SecretKey: "test-secret", PathStyle: true})
}

func newLocal(tb testing.TB) *Local {
	tb.Helper()
	l, err := NewLocal(filepath.Join(tb.TempDir(), "objects"))
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

// stores runs the same behaviour on every implementation.
func stores(t *testing.T) map[string]Store {
	t.Helper()
	s3 := newS3(t)
	if err := s3.EnsureBucket(context.Background()); err != nil {
		t.Fatalf("EnsureBucket: %v", err)
	}
	return map[string]Store{"local": newLocal(t), "s3": s3}
}

func mustPut(tb testing.TB, s Store, key string, r io.Reader, size int64, ctype string) {
	tb.Helper()
	if err := s.Put(context.Background(), key, r, size, ctype); err != nil {
		tb.Fatalf("Put(%q): %v", key, err)
	}
}

func mustRead(tb testing.TB, s Store, key string) ([]byte, Info) {
	tb.Helper()
	rc, info, err := s.Open(context.Background(), key)
	if err != nil {
		tb.Fatalf("Open(%q): %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		tb.Fatalf("read %q: %v", key, err)
	}
	return b, info
}

// nonSeekable hides every method but Read, like an upload stream or a pipe.
type nonSeekable struct{ r io.Reader }

func (n nonSeekable) Read(p []byte) (int, error) { return n.r.Read(p) }

func TestStore(t *testing.T) {
	big := bytes.Repeat([]byte("cenovnik;šifra;cena\n"), 200_000) // 4 MB, more than one read buffer
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if err := s.Ping(ctx); err != nil {
				t.Fatalf("Ping: %v", err)
			}

			t.Run("put and open", func(t *testing.T) {
				mustPut(t, s, "images/p/1.png", bytes.NewReader([]byte("png-bytes")), 9, "image/png")
				got, info := mustRead(t, s, "images/p/1.png")
				if string(got) != "png-bytes" || info.Size != 9 || info.ContentType != "image/png" {
					t.Errorf("got %q %+v", got, info)
				}
			})
			t.Run("put replaces", func(t *testing.T) {
				mustPut(t, s, "feeds/x.xml", strings.NewReader("<old/>"), 6, "application/xml")
				mustPut(t, s, "feeds/x.xml", strings.NewReader("<new/>"), 6, "application/xml")
				if got, _ := mustRead(t, s, "feeds/x.xml"); string(got) != "<new/>" {
					t.Errorf("got %q", got)
				}
			})
			t.Run("non-seekable stream of unknown size", func(t *testing.T) {
				mustPut(t, s, "pricelists/big.csv", nonSeekable{iotest.HalfReader(bytes.NewReader(big))}, -1, "text/csv")
				got, info := mustRead(t, s, "pricelists/big.csv")
				if !bytes.Equal(got, big) || info.Size != int64(len(big)) {
					t.Errorf("got %d bytes (info %d), want %d", len(got), info.Size, len(big))
				}
			})
			t.Run("non-seekable stream of known size", func(t *testing.T) {
				pr, pw := io.Pipe()
				go func() {
					_, err := pw.Write([]byte("piped"))
					pw.CloseWithError(err)
				}()
				mustPut(t, s, "pricelists/piped.csv", pr, 5, "text/csv")
				if got, _ := mustRead(t, s, "pricelists/piped.csv"); string(got) != "piped" {
					t.Errorf("got %q", got)
				}
			})
			t.Run("seekable file of unknown size", func(t *testing.T) {
				p := filepath.Join(t.TempDir(), "f.bin")
				if err := os.WriteFile(p, []byte("from a file"), 0o600); err != nil {
					t.Fatal(err)
				}
				f, err := os.Open(p)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				mustPut(t, s, "images/f.bin", f, -1, "")
				if got, _ := mustRead(t, s, "images/f.bin"); string(got) != "from a file" {
					t.Errorf("got %q", got)
				}
			})
			t.Run("empty object", func(t *testing.T) {
				mustPut(t, s, "images/empty", strings.NewReader(""), 0, "")
				if got, info := mustRead(t, s, "images/empty"); len(got) != 0 || info.Size != 0 {
					t.Errorf("got %q %+v", got, info)
				}
			})
			t.Run("missing key", func(t *testing.T) {
				_, _, err := s.Open(ctx, "images/none.png")
				if !errors.Is(err, ErrNotFound) {
					t.Errorf("Open missing: %v, want ErrNotFound", err)
				}
			})
			t.Run("delete", func(t *testing.T) {
				mustPut(t, s, "images/del.png", strings.NewReader("x"), 1, "image/png")
				if err := s.Delete(ctx, "images/del.png"); err != nil {
					t.Fatalf("Delete: %v", err)
				}
				if _, _, err := s.Open(ctx, "images/del.png"); !errors.Is(err, ErrNotFound) {
					t.Errorf("Open after Delete: %v, want ErrNotFound", err)
				}
				if err := s.Delete(ctx, "images/del.png"); err != nil {
					t.Errorf("Delete of a missing key: %v, want nil", err)
				}
			})
			t.Run("bad keys are refused", func(t *testing.T) {
				for _, k := range []string{"../x", "/abs", "a\\b", ""} {
					if err := s.Put(ctx, k, strings.NewReader("x"), 1, ""); err == nil {
						t.Errorf("Put(%q) succeeded", k)
					}
				}
			})
		})
	}
}

func TestLocalStaysInsideRoot(t *testing.T) {
	dir := t.TempDir()
	l, err := NewLocal(filepath.Join(dir, "objects"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_ = l.Put(ctx, "../escaped", strings.NewReader("x"), 1, "")
	if _, err := os.Stat(filepath.Join(dir, "escaped")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was written outside the root: %v", err)
	}
	if _, _, err := l.Open(ctx, "../objects/x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(../objects/x): %v, want ErrNotFound", err)
	}
}

func TestLocalFailedPutKeepsOldObject(t *testing.T) {
	l := newLocal(t)
	ctx := context.Background()
	mustPut(t, l, "images/a.jpg", strings.NewReader("old"), 3, "")
	broken := io.MultiReader(strings.NewReader("half"), iotest.ErrReader(errors.New("connection reset")))
	if err := l.Put(ctx, "images/a.jpg", broken, -1, ""); err == nil {
		t.Fatal("Put with a failing reader succeeded")
	}
	if got, _ := mustRead(t, l, "images/a.jpg"); string(got) != "old" {
		t.Errorf("after a failed Put: %q, want the old object", got)
	}
	entries, err := os.ReadDir(filepath.Join(l.Root, "images"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if d := cmp.Diff([]string{"a.jpg"}, names); d != "" {
		t.Errorf("leftover files (-want +got):\n%s", d)
	}
}

func TestLocalOpenDirectoryIsNotFound(t *testing.T) {
	l := newLocal(t)
	mustPut(t, l, "images/a/b.jpg", strings.NewReader("x"), 1, "")
	if _, _, err := l.Open(context.Background(), "images/a"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(folder): %v, want ErrNotFound", err)
	}
}

func TestLocalPingFailsWithoutRoot(t *testing.T) {
	l := newLocal(t)
	if err := os.RemoveAll(l.Root); err != nil {
		t.Fatal(err)
	}
	if err := l.Ping(context.Background()); err == nil {
		t.Error("Ping succeeded with the folder gone")
	}
	if err := l.Put(context.Background(), "a/b.txt", strings.NewReader("x"), 1, "text/plain"); err == nil {
		t.Error("Put succeeded with the folder gone")
	}
	if _, err := os.Stat(l.Root); err == nil {
		t.Error("Put recreated the missing folder")
	}
}

func TestS3EnsureBucket(t *testing.T) {
	s := newS3(t)
	ctx := context.Background()
	if err := s.Ping(ctx); err == nil {
		t.Fatal("Ping succeeded before the bucket exists")
	}
	if err := s.Put(ctx, "images/a.png", strings.NewReader("x"), 1, ""); err == nil {
		t.Error("Put succeeded before the bucket exists")
	}
	if err := s.EnsureBucket(ctx); err != nil {
		t.Fatalf("EnsureBucket: %v", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping after EnsureBucket: %v", err)
	}
	mustPut(t, s, "images/a.png", strings.NewReader("x"), 1, "image/png")
	// A second start against the same store keeps the bucket and its objects.
	if err := s.EnsureBucket(ctx); err != nil {
		t.Fatalf("EnsureBucket again: %v", err)
	}
	if got, _ := mustRead(t, s, "images/a.png"); string(got) != "x" {
		t.Errorf("after EnsureBucket again: %q", got)
	}
}

func TestS3UnreachableIsNotNotFound(t *testing.T) {
	srv := httptest.NewServer(nil)
	url := srv.URL
	srv.Close()
	s := NewS3(config.S3Config{Endpoint: url, Region: "us-east-1", Bucket: "b", AccessKey: "a", SecretKey: "s", PathStyle: true})
	// The SDK retries a refused connection with backoff; the deadline only keeps the test short.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, _, err := s.Open(ctx, "images/a.png"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Open against a closed server: %v, want a connection error (not ErrNotFound)", err)
	}
}

// A store that accepts the connection and never answers (a dead route, a hung proxy) fails an
// upload after the store's time-outs, as an outage, instead of holding the request forever.
func TestS3UnansweredFailsInTime(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the store's time-outs")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(io.Discard, c) }() // read the request, never answer
		}
	}()
	s := NewS3(config.S3Config{Endpoint: "http://" + ln.Addr().String(), Region: "us-east-1", Bucket: "b", AccessKey: "a", SecretKey: "s", PathStyle: true})
	start := time.Now()
	err = s.Put(context.Background(), "images/a.png", bytes.NewReader([]byte("x")), 1, "image/png")
	took := time.Since(start)
	if err == nil {
		t.Fatal("Put to a store that never answers succeeded")
	}
	if limit := S3Attempts*S3AnswerTimeout + 3*time.Second; took > limit {
		t.Errorf("Put took %v, want within %v", took, limit)
	}
	if !apperr.IsOutage(err) {
		t.Errorf("the failure is not an outage (503): %v", err)
	}
}
