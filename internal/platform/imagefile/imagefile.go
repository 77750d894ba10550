// Package imagefile is the one check of an uploaded image, by its content (never its name or
// the client's Content-Type): at most 2,000,000 bytes (the specification's 2 MB), a JPEG, PNG
// or WebP that really decodes, and not a decompression bomb. Avatars, category images,
// product images and stickers all go through one Decoder, which bounds the memory all
// decodes of the process hold at once.
package imagefile

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/jpeg" // decoders for image.Decode
	_ "image/png"
	"io"

	// WebP is accepted on upload (decode only: nothing in Go's reach encodes it).
	_ "golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"

	"shop/internal/platform/apperr"
)

const (
	// MaxBytes is the specification's 2 MB, counted as 2,000,000 bytes.
	MaxBytes = 2_000_000
	// MaxPixels refuses a small file that would decode into a huge bitmap (a 2 MB PNG of one
	// colour can claim 100,000 x 100,000 pixels: 40 GB decoded). 40 MP covers any camera.
	MaxPixels = 40_000_000
)

// formats are the accepted decoder names with the content type and extension of the original.
var formats = map[string]struct{ contentType, ext string }{
	"jpeg": {"image/jpeg", "jpg"},
	"png":  {"image/png", "png"},
	"webp": {"image/webp", "webp"},
}

// Image is a checked upload: its bytes, decoder format and dimensions. The decoded pixels are
// only lent to the caller while their memory is reserved (see Decoder.Read).
type Image struct {
	Data   []byte
	Format string // jpeg | png | webp
	Width  int
	Height int
}

// ContentType is the original's MIME type.
func (i *Image) ContentType() string { return formats[i.Format].contentType }

// Ext is the original's file extension (without the dot).
func (i *Image) Ext() string { return formats[i.Format].ext }

// Decoder decodes uploads under two process-wide bounds from the configuration: at most
// Concurrent decodes at once, and at most Budget bytes of decoded pixels held by all of them
// together, each decode reserving what its header says it will take (width x height x bytes
// per pixel of the decoded form, bit depth and the decoder's working copies included). A file
// whose own reservation exceeds the budget is refused without decoding. One Decoder is shared
// by every caller of a process (app.New builds it).
type Decoder struct {
	budget int64
	bytes  *semaphore.Weighted
	slots  *semaphore.Weighted
}

// The configuration's defaults (images.decode_budget_bytes, images.max_concurrent_decodes), for
// services built without the app (tests, tools).
const (
	DefaultBudget     = 200_000_000
	DefaultConcurrent = 2
)

// NewDecoder bounds decoding to budget bytes and concurrent decodes at once (both at least 1).
func NewDecoder(budget int64, concurrent int) *Decoder {
	budget, concurrent = max(budget, 1), max(concurrent, 1)
	return &Decoder{budget: budget, bytes: semaphore.NewWeighted(budget), slots: semaphore.NewWeighted(int64(concurrent))}
}

// Budget is the byte budget of decoded pixels.
func (d *Decoder) Budget() int64 { return d.budget }

// Read reads one uploaded file and checks it; every refusal is a 422 on field. The whole image
// is decoded (the header alone can lie: a JPEG header on garbage), waiting for a slot and for
// its share of the budget; use, when not nil, gets the pixels while they are reserved and must
// not keep them after it returns.
func (d *Decoder) Read(ctx context.Context, r io.Reader, field string, use func(image.Image) error) (*Image, error) {
	if r == nil {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.file_required"))
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, apperr.Wrap(err, "read upload")
	}
	if len(data) > MaxBytes {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_size"))
	}
	if len(data) == 0 {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.file_required"))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if _, ok := formats[format]; err != nil || !ok {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_type"))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, apperr.InvalidFields(apperr.Field(field, "image.too_many_pixels", "max", MaxPixels/1_000_000))
	}
	need := DecodedBytes(data, format, cfg)
	if need > d.budget {
		return nil, apperr.InvalidFields(apperr.Field(field, "image.too_large_decoded", "max", d.budget/1_000_000))
	}
	if err := d.slots.Acquire(ctx, 1); err != nil {
		return nil, apperr.Wrap(err, "wait for an image decode slot")
	}
	defer d.slots.Release(1)
	if err := d.bytes.Acquire(ctx, need); err != nil {
		return nil, apperr.Wrap(err, "wait for image decode memory")
	}
	defer d.bytes.Release(need)
	img, decoded, err := image.Decode(bytes.NewReader(data))
	if err != nil || decoded != format {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_type"))
	}
	if use != nil {
		if err := use(img); err != nil {
			return nil, err
		}
	}
	return &Image{Data: data, Format: format, Width: cfg.Width, Height: cfg.Height}, nil
}

// DecodedBytes is what decoding data takes at most, from its header: the decoded image plus
// the decoder's own working copies, by format:
//   - PNG: the image in the model its header names (Gray 1 byte a pixel, Gray16 2, RGBA or
//     NRGBA 4, RGBA64 or NRGBA64 8 - a 16-bit PNG decodes to twice the bytes of an 8-bit one;
//     paletted 1), twice over when interlaced (each pass is decoded apart, then merged);
//   - JPEG: one byte per sample of every component at its sampling (4:2:0 YCbCr: 1.5 a pixel),
//     plus, when progressive, the coefficients kept between scans (64 int32 per 8x8 block:
//     4 bytes per sample), plus the CMYK copy of a four-component file;
//   - WebP: lossy YCbCr 1.5 bytes a pixel (rounded up to 2), lossless 8 (the pixels and a
//     transform's copy), lossy with a lossless alpha plane 11.
func DecodedBytes(data []byte, format string, cfg image.Config) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	switch format {
	case "png":
		n := px * int64(pngBytesPerPixel(cfg.ColorModel))
		// IHDR is the first chunk: its interlace method is the 13th byte of its data.
		if len(data) > 28 && data[28] == 1 {
			n *= 2
		}
		return n
	case "jpeg":
		return jpegBytes(data, cfg)
	case "webp":
		switch cfg.ColorModel {
		case color.YCbCrModel:
			return px * 2
		case color.NRGBAModel:
			return px * 8
		default:
			return px * 11
		}
	}
	return px * 16
}

func pngBytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.RGBAModel, color.NRGBAModel:
		return 4
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// jpegBytes reads the frame header (SOF) for the components' sampling and whether the file is
// progressive; a header it cannot read is charged as the worst case (four full-size
// progressive components and the CMYK copy: 24 bytes a pixel).
func jpegBytes(data []byte, cfg image.Config) int64 {
	// MCUs pad the planes to whole 8x8 (up to 32x32 with sampling factors of 4) blocks.
	w, h := int64(cfg.Width)+32, int64(cfg.Height)+32
	sof, progressive, ok := jpegFrame(data)
	if !ok {
		return w * h * 24
	}
	ncomp := int(sof[5])
	if len(sof) < 6+3*ncomp || ncomp == 0 {
		return w * h * 24
	}
	hmax, vmax := 1, 1
	for i := 0; i < ncomp; i++ {
		hv := sof[6+3*i+1]
		hmax, vmax = max(hmax, int(hv>>4)), max(vmax, int(hv&15))
	}
	// samples: bytes per pixel of all planes, in quarters (sampling factors are 1 to 4).
	var samples int64
	for i := 0; i < ncomp; i++ {
		hv := sof[6+3*i+1]
		samples += int64(max(int(hv>>4), 1)*max(int(hv&15), 1)) * 16 / int64(hmax*vmax)
	}
	n := w * h * samples / 16
	if progressive {
		n += w * h * samples * 4 / 16
	}
	if ncomp == 4 {
		n += w * h * 4
	}
	return n
}

// jpegFrame walks the markers before the first scan and returns the SOF segment's data
// (precision, height, width, component count, then 3 bytes a component).
func jpegFrame(data []byte) (sof []byte, progressive, ok bool) {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return nil, false, false
	}
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xff {
			return nil, false, false
		}
		marker := data[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		if marker == 0x01 || marker >= 0xd0 && marker <= 0xd7 { // no length
			i += 2
			continue
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return nil, false, false
		}
		seg := data[i+4 : i+2+n]
		switch marker {
		case 0xc0, 0xc1, 0xc2:
			if len(seg) < 6 {
				return nil, false, false
			}
			return seg, marker == 0xc2, true
		case 0xda, 0xd9: // a scan or the end before any frame
			return nil, false, false
		}
		i += 2 + n
	}
	return nil, false, false
}
