package imagefile_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
	"shop/internal/platform/imagefile"
	"shop/internal/platform/imagefile/imagefiletest"
)

func encodePNG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// progressive marks a baseline JPEG's frame as progressive (SOF0 -> SOF2): enough for the
// header, which is all DecodedBytes reads.
func progressive(tb testing.TB, data []byte) []byte {
	tb.Helper()
	out := append([]byte(nil), data...)
	for i := 2; i+1 < len(out); i++ {
		if out[i] == 0xff && out[i+1] == 0xc0 {
			out[i+1] = 0xc2
			return out
		}
	}
	tb.Fatal("no SOF0 marker")
	return nil
}

// TestDecodedBytes: the estimate counts the decoded model's bytes a pixel, bit depth included,
// and the decoder's working copies, and is never below what decoding really allocates.
func TestDecodedBytes(t *testing.T) {
	r := image.Rect(0, 0, 100, 80)
	gray16 := image.NewGray16(r)
	gray16.SetGray16(1, 1, color.Gray16{Y: 0x1234})
	rgba64 := image.NewRGBA64(r)
	rgba64.SetRGBA64(1, 1, color.RGBA64{R: 0x1234, G: 1, B: 2, A: 0xffff})
	nrgba := image.NewNRGBA(r)
	nrgba.SetNRGBA(1, 1, color.NRGBA{R: 1, A: 128})
	baseline := encodeJPEG(t, image.NewRGBA(r)) // Go encodes 4:2:0
	tests := []struct {
		name string
		data []byte
		want int64
	}{
		{"pngGray8", encodePNG(t, image.NewGray(r)), 8000},
		{"pngGray16", encodePNG(t, gray16), 16000},
		{"pngNRGBA8", encodePNG(t, nrgba), 32000},
		{"pngRGBA16", encodePNG(t, rgba64), 64000},
		{"pngRGBA16Uniform", imagefiletest.UniformPNG(t, 100, 80, 16), 64000},
		{"jpegBaseline420", baseline, 132 * 112 * 24 / 16},
		{"jpegProgressive420", progressive(t, baseline), 132*112*24/16 + 132*112*24*4/16},
		{"jpegGray", encodeJPEG(t, image.NewGray(r)), 132 * 112},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, format, err := image.DecodeConfig(bytes.NewReader(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			if got := imagefile.DecodedBytes(tt.data, format, cfg); got != tt.want {
				t.Errorf("DecodedBytes = %d, want %d", got, tt.want)
			}
		})
	}
}

func fieldKey(err error) string {
	e := apperr.As(err)
	if e.Code != apperr.Invalid || len(e.Fields) == 0 {
		return string(e.Code)
	}
	return e.Fields[0].Field + ": " + e.Fields[0].Msg.Key
}

// TestDecoderRefusesOverBudget: a decompression bomb, 16-bit 6324 x 6324 (under the 40 MP cap),
// declares 320 MB decoded: refused from its header under the default budget, nothing decoded.
func TestDecoderRefusesOverBudget(t *testing.T) {
	bomb := imagefiletest.UniformPNG(t, 6324, 6324, 16)
	d := imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)
	called := false
	_, err := d.Read(context.Background(), bytes.NewReader(bomb), "image", func(image.Image) error { called = true; return nil })
	if got := fieldKey(err); got != "image: image.too_large_decoded" || called {
		t.Fatalf("Read of a 320 MB bomb: %s (decoded: %v)", got, called)
	}
}

// heapPeak samples the heap in use until stop is closed and returns the highest value seen.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			default:
				runtime.Gosched()
			}
		}
	}()
	return out
}

// TestDecoderSerialises: ten uploads at once of images that each fit the budget but not two
// together decode one at a time: never two holders of pixels at once, and the heap never
// holds much more than one decoded image (ten at once would be 10 x 36 MB).
func TestDecoderSerialises(t *testing.T) {
	const side, each = 3000, 3000 * 3000 * 4 // 8-bit RGBA: 36 MB decoded
	file := imagefiletest.UniformPNG(t, side, side, 8)
	d := imagefile.NewDecoder(each+each/2, 10) // room for one only; the count would allow all
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	stop := make(chan struct{})
	peak := heapPeak(stop)
	var holders, most atomic.Int32
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = d.Read(context.Background(), bytes.NewReader(file), "image", func(img image.Image) error {
				n := holders.Add(1)
				defer holders.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				runtime.Gosched() // let any other decode that got in run meanwhile
				return nil
			})
		})
	}
	wg.Wait()
	close(stop)
	grown := int64(<-peak) - int64(base.HeapInuse)
	if d := cmp.Diff(make([]error, 10), errs, cmp.Comparer(func(a, b error) bool { return a == b })); d != "" {
		t.Fatalf("errors (-want +got):\n%s", d)
	}
	if most.Load() != 1 {
		t.Errorf("%d decoded images held at once, want 1", most.Load())
	}
	// One image decoded and the garbage of the one before it (the collector runs when the heap
	// has doubled): well under three images, where ten at once would be ten.
	if grown > 3*each {
		t.Errorf("heap grew by %d MB decoding ten %d MB images under a budget of one", grown>>20, each>>20)
	}
}
