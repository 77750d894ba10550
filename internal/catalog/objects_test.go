package catalog

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"log/slog"
	"strings"
	"testing"

	"gorm.io/gorm"

	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/logtest"
)

// failingDeletes is an object store whose deletes fail (a store that is down or refuses).
type failingDeletes struct{ blob.Store }

func (failingDeletes) Delete(context.Context, string) error {
	return errors.New("store refused the delete")
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
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		local, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		logs := &logtest.Recorder{}
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
		if got := logs.All(); !strings.Contains(got, "could not delete an object") || !strings.Contains(got, "store refused the delete") {
			t.Errorf("replacing a category image with a failing delete logged %q", got)
		}
		logs.Reset()
		if err := svc.DeleteCategory(ctx, c.ID); err != nil {
			t.Fatalf("delete category: %v", err)
		}
		if got := logs.All(); !strings.Contains(got, c.ImageKey) {
			t.Errorf("deleting a category with a failing object delete logged %q, want its image key", got)
		}
	})
}
