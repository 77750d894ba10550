// Package imagefile is the one check of an uploaded image, by its content (never its name or
// the client's Content-Type): at most 2,000,000 bytes (the specification's 2 MB), a JPEG, PNG
// or WebP that really decodes, and not a decompression bomb. Avatars, category images,
// product images and stickers all go through it.
package imagefile

import (
	"bytes"
	"image"
	_ "image/jpeg" // decoders for image.Decode
	_ "image/png"
	"io"

	// WebP is accepted on upload (decode only: nothing in Go's reach encodes it).
	_ "golang.org/x/image/webp"

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

// Image is a checked upload: its bytes, decoder format, dimensions and decoded pixels.
type Image struct {
	Data   []byte
	Format string // jpeg | png | webp
	Width  int
	Height int
	Pixels image.Image
}

// ContentType is the original's MIME type; Ext its file extension (without the dot).
func (i *Image) ContentType() string { return formats[i.Format].contentType }
func (i *Image) Ext() string         { return formats[i.Format].ext }

// Read reads one uploaded file and checks it; every refusal is a 422 on field.
func Read(r io.Reader, field string) (*Image, error) {
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
	// The header alone can lie (a JPEG header on garbage): decode the whole image, so a file
	// that is not really an image is refused before anything is stored.
	img, decoded, err := image.Decode(bytes.NewReader(data))
	if err != nil || decoded != format {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_type"))
	}
	return &Image{Data: data, Format: format, Width: cfg.Width, Height: cfg.Height, Pixels: img}, nil
}
