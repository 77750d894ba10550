package api_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/imagefile/imagefiletest"
)

// TestImageBombsParallel: a decompression bomb (a 16-bit 6324 x 6324 PNG, under the 40 MP cap, a
// few hundred KB that decode to 320 MB) uploaded ten times at once through every upload that
// decodes an image (product main and extra images, energy sticker, avatar, category image) is
// refused from its header, and the server's heap stays far below what even one decode would
// take. Before the budget each upload decoded it (six at once took a server to 3.8 GB).
func TestImageBombsParallel(t *testing.T) {
	// Not t.Parallel: it measures the process's heap, which other tests' work would grow
	// (Go runs the serial tests before releasing the parallel ones).
	bomb := imagefiletest.UniformPNG(t, 6324, 6324, 16)
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "BOMB-1", true)
		cat := taxonomyFixtureCategory(t, a, "Bombe", nil)
		uploads := []struct{ path, field string }{
			{fmt.Sprintf("/api/v1/admin/products/%d/main-images", pid), "image"},
			{fmt.Sprintf("/api/v1/admin/products/%d/images", pid), "images[]"},
			{fmt.Sprintf("/api/v1/admin/products/%d/energy-sticker", pid), "sticker"},
			{"/api/v1/admin/users/2/avatar", "image"},
			{fmt.Sprintf("/api/v1/admin/categories/%d/image", cat.ID), "image"},
		}
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		stop := make(chan struct{})
		peak := make(chan uint64, 1)
		go func() {
			var most uint64
			var ms runtime.MemStats
			for {
				runtime.ReadMemStats(&ms)
				most = max(most, ms.HeapInuse)
				select {
				case <-stop:
					peak <- most
					return
				default:
					runtime.Gosched()
				}
			}
		}()
		res := make([]resp, 10)
		var wg sync.WaitGroup
		for i := range res {
			u := uploads[i%len(uploads)]
			wg.Go(func() {
				res[i] = ts.mediaUpload(u.path, ts.admin, []mediaFile{{u.field, "bomba.png", bomb}}, nil)
			})
		}
		wg.Wait()
		close(stop)
		grown := int64(<-peak) - int64(base.HeapInuse)
		for i, r := range res {
			u := uploads[i%len(uploads)]
			want := "Slika je prevelika za obradu: dekodirana bi zauzela više od 200 MB"
			field := u.field
			if field == "images[]" {
				field = "images"
			}
			if r.Status != 422 || firstError(r, field) != want {
				t.Errorf("POST %s: %d %s", u.path, r.Status, r.Raw)
			}
		}
		// Ten requests of a few hundred KB each and their multipart copies: tens of MB at most;
		// one decode alone would be 320 MB.
		if grown > 100<<20 {
			t.Errorf("heap grew by %d MB refusing ten image bombs", grown>>20)
		}
	})
}
