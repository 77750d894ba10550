// Package blob stores the shop's objects (images, price lists, feeds): a local folder in the
// embedded set-up, S3 or any S3-compatible store in production.
package blob

import (
	"context"
	"errors"
	"io"
	"mime"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// ErrNotFound is returned by Open and Stat for a key that does not exist.
var ErrNotFound = errors.New("blob: not found")

// Info is what the store knows of an object.
type Info struct {
	Size        int64
	ContentType string
	ModTime     time.Time
}

// Store keeps objects by key; Local and S3 implement it.
type Store interface {
	// Put writes r (size bytes, or -1 when unknown) under key, replacing what was there.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open reads the object under key (ErrNotFound when there is none).
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// Delete removes the object under key; a missing one is no error.
	Delete(ctx context.Context, key string) error
	// Ping tells whether the store answers (readiness).
	Ping(ctx context.Context) error
}

// CleanKey rejects keys that would climb out of the store ("..", absolute paths).
func CleanKey(key string) (string, bool) {
	k := path.Clean("/" + key)[1:]
	if k == "" || k != key || strings.Contains(key, "\\") {
		return "", false
	}
	return k, true
}

// Local keeps objects as files under a folder.
type Local struct{ Root string }

// NewLocal keeps objects under root, creating the folder.
func NewLocal(root string) (*Local, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	return &Local{Root: root}, nil
}

func (l *Local) path(key string) (string, error) {
	k, ok := CleanKey(key)
	if !ok {
		return "", ErrNotFound
	}
	return filepath.Join(l.Root, filepath.FromSlash(k)), nil
}

// Put writes the object as a file, replacing what was there.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, _ int64, _ string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	// A missing root is a missing mount, not a folder to recreate: writing
	// on the bare disk under it would hide the fault from readiness.
	if err := l.Ping(ctx); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	// Write beside and rename, so a reader never sees half a file.
	tmp, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return err
	}
	if _, err := io.Copy(tmp, r); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// Open reads the object's file.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, Info{}, ErrNotFound
	}
	return f, Info{Size: st.Size(), ContentType: mime.TypeByExtension(path.Ext(key)), ModTime: st.ModTime()}, nil
}

// Delete removes the object's file.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// Ping tells whether the folder is there.
func (l *Local) Ping(context.Context) error {
	_, err := os.Stat(l.Root)
	return err
}
