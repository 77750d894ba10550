package catalog

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
	"shop/internal/platform/imagefile"
)

// imagingPNG encodes a w x h PNG of one colour.
func imagingPNG(tb testing.TB, w, h int, c color.NRGBA) []byte {
	tb.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func imagingJPEG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// imagingWebP builds a lossless WebP (VP8L) of one colour by hand, as Go has no WebP encoder:
// no transforms, no colour cache, and five prefix codes of a single symbol each (green, red,
// blue, alpha, distance), so every pixel takes zero bits and any size is a few bytes.
func imagingWebP(w, h int, c color.NRGBA) []byte {
	var bw struct {
		buf  []byte
		acc  uint64
		nacc uint
	}
	put := func(v uint64, n uint) { // least significant bit first, as VP8L reads
		bw.acc |= v << bw.nacc
		bw.nacc += n
		for bw.nacc >= 8 {
			bw.buf = append(bw.buf, byte(bw.acc))
			bw.acc >>= 8
			bw.nacc -= 8
		}
	}
	put(0x2f, 8)
	put(uint64(w-1), 14)
	put(uint64(h-1), 14)
	alpha := uint64(0)
	if c.A != 255 {
		alpha = 1
	}
	put(alpha, 1)
	put(0, 3) // version
	put(0, 1) // no transform
	put(0, 1) // no colour cache
	put(0, 1) // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} {
		put(1, 1) // simple code
		put(0, 1) // one symbol
		put(1, 1) // of 8 bits
		put(uint64(sym), 8)
	}
	if bw.nacc > 0 {
		bw.buf = append(bw.buf, byte(bw.acc))
	}
	payload := bw.buf
	var out bytes.Buffer
	pad := len(payload) % 2
	out.WriteString("RIFF")
	binary.Write(&out, binary.LittleEndian, uint32(4+8+len(payload)+pad))
	out.WriteString("WEBPVP8L")
	binary.Write(&out, binary.LittleEndian, uint32(len(payload)))
	out.Write(payload)
	if pad == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// pngHeaderClaiming is a PNG signature and IHDR that claim w x h pixels, with no pixel data:
// what a decompression bomb looks like to DecodeConfig.
func pngHeaderClaiming(tb testing.TB, w, h int) []byte {
	tb.Helper()
	full := imagingPNG(tb, 1, 1, color.NRGBA{A: 255})
	b := append([]byte(nil), full...)
	binary.BigEndian.PutUint32(b[16:], uint32(w))
	binary.BigEndian.PutUint32(b[20:], uint32(h))
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29])) // IHDR's type and data
	return b
}

// imaging is a catalogue with nothing but the image decoder (default bounds).
var imaging = &Service{images: imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)}

func readImage(r io.Reader, field string) (*upload, error) {
	return imaging.readImage(context.Background(), r, field)
}

func fieldKey(err error) string {
	e := apperr.As(err)
	if e.Code != apperr.Invalid || len(e.Fields) == 0 {
		return string(e.Code)
	}
	return e.Fields[0].Field + ": " + e.Fields[0].Msg.Key
}

func TestReadImage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		data   []byte
		want   string // field error, or the format when accepted
		width  int
		height int
	}{
		{"png", imagingPNG(t, 40, 20, color.NRGBA{R: 255, A: 255}), "png", 40, 20},
		{"jpeg", imagingJPEG(t, 64, 48), "jpeg", 64, 48},
		{"webpOpaque", imagingWebP(30, 10, color.NRGBA{R: 10, G: 200, B: 30, A: 255}), "webp", 30, 10},
		{"webpTransparent", imagingWebP(5, 7, color.NRGBA{R: 1, G: 2, B: 3, A: 0}), "webp", 5, 7},
		{"empty422", nil, "image: validation.file_required", 0, 0},
		{"text422", []byte("this is not an image at all"), "image: validation.image_type", 0, 0},
		{"truncatedJPEG422", imagingJPEG(t, 64, 48)[:200], "image: validation.image_type", 0, 0},
		{"gif422", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "image: validation.image_type", 0, 0},
		{"tooLarge422", append(imagingPNG(t, 1, 1, color.NRGBA{A: 255}), make([]byte, ImageMaxBytes)...), "image: validation.image_size", 0, 0},
		{"bomb422", pngHeaderClaiming(t, 100000, 100000), "image: image.too_many_pixels", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := readImage(bytes.NewReader(tt.data), "image")
			var got []any
			if err != nil {
				got = []any{fieldKey(err), 0, 0}
			} else {
				got = []any{u.Format, u.Width, u.Height}
			}
			if d := cmp.Diff([]any{tt.want, tt.width, tt.height}, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestImageExactlyAtLimit(t *testing.T) {
	t.Parallel()
	// Bytes after a PNG's end are ignored by decoders: a file of exactly the limit passes.
	data := imagingPNG(t, 2, 2, color.NRGBA{G: 255, A: 255})
	data = append(data, make([]byte, ImageMaxBytes-len(data))...)
	if _, err := readImage(bytes.NewReader(data), "image"); err != nil {
		t.Fatalf("an image of exactly %d bytes: %v", ImageMaxBytes, err)
	}
}

func TestVariants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		data []byte
		// want: format and size of small, then large
		want []any
	}{
		{"landscapeJPEG", imagingJPEG(t, 2400, 1200), []any{"jpg", 300, 150, "jpg", 1200, 600}},
		{"portraitOpaquePNGBecomesJPEG", imagingPNG(t, 600, 1800, color.NRGBA{B: 255, A: 255}), []any{"jpg", 100, 300, "jpg", 400, 1200}},
		{"smallNotEnlarged", imagingPNG(t, 200, 100, color.NRGBA{B: 255, A: 255}), []any{"jpg", 200, 100, "jpg", 200, 100}},
		{"transparentPNGKept", imagingPNG(t, 1500, 1500, color.NRGBA{R: 255, A: 128}), []any{"png", 300, 300, "png", 1200, 1200}},
		{"webpToJPEG", imagingWebP(1600, 400, color.NRGBA{R: 9, G: 9, B: 9, A: 255}), []any{"jpg", 300, 75, "jpg", 1200, 300}},
		{"transparentWebPToPNG", imagingWebP(10, 10, color.NRGBA{A: 0}), []any{"png", 10, 10, "png", 10, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := imaging.readVariants(context.Background(), bytes.NewReader(tt.data), "image")
			if err != nil {
				t.Fatal(err)
			}
			small, large := v.small, v.large
			var got []any
			for _, v := range []variant{small, large} {
				cfg, format, err := image.DecodeConfig(bytes.NewReader(v.Data))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(v.ContentType, format) {
					t.Errorf("content type %s for a %s", v.ContentType, format)
				}
				got = append(got, v.Ext, cfg.Width, cfg.Height)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("variants (-want +got):\n%s", d)
			}
		})
	}
}
