package catalog

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
)

// failingDeletes is an object store whose deletes fail (a store that is down or refuses).
type failingDeletes struct{ blob.Store }

func (failingDeletes) Delete(context.Context, string) error {
	return errors.New("store refused the delete")
}

// logRecords keeps the messages of the records logged through it.
type logRecords struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logRecords) Enabled(context.Context, slog.Level) bool { return true }
func (l *logRecords) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	b.WriteString(r.Level.String() + " " + r.Message)
	r.Attrs(func(a slog.Attr) bool { b.WriteString(" " + a.String()); return true })
	l.msgs = append(l.msgs, b.String())
	return nil
}
func (l *logRecords) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logRecords) WithGroup(string) slog.Handler      { return l }

func (l *logRecords) all() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.msgs, "\n")
}

func tinyPNG(tb testing.TB) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// TestCategoryObjectDeleteLogged: a category image replaced or deleted while the object store
// refuses deletes leaves the old object as garbage, answers success, and says so in the log
// (the errors were dropped before).
func TestCategoryObjectDeleteLogged(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		local, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		logs := &logRecords{}
		svc := NewService(gdb, failingDeletes{local}, nil, nil, slog.New(logs), clock.System(), nil)
		c, err := svc.CreateCategory(ctx, validCategoryInput())
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if c, err = svc.SetCategoryImage(ctx, c.ID, bytes.NewReader(tinyPNG(t))); err != nil {
				t.Fatalf("set image %d: %v", i, err)
			}
		}
		if got := logs.all(); !strings.Contains(got, "could not delete an object") || !strings.Contains(got, "store refused the delete") {
			t.Errorf("replacing a category image with a failing delete logged %q", got)
		}
		logs.msgs = nil
		if err := svc.DeleteCategory(ctx, c.ID); err != nil {
			t.Fatalf("delete category: %v", err)
		}
		if got := logs.all(); !strings.Contains(got, c.ImageKey) {
			t.Errorf("deleting a category with a failing object delete logged %q, want its image key", got)
		}
	})
}
