package catalog

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/draw"
	// WebP is accepted on upload (decode only: nothing in Go's reach encodes it).
	_ "golang.org/x/image/webp"

	"shop/internal/platform/apperr"
)

// Upload limits of the specification and against decompression bombs.
const (
	// ImageMaxBytes is the specification's 2 MB, counted as 2,000,000 bytes.
	ImageMaxBytes = 2_000_000
	// imageMaxPixels refuses a small file that would decode into a huge bitmap (a 2 MB PNG of
	// one colour can claim 100,000 x 100,000 pixels: 40 GB decoded). 40 MP covers any camera.
	imageMaxPixels = 40_000_000

	// The two variants made on upload, by their longer side; a smaller original is never enlarged.
	smallSide = 300
	largeSide = 1200

	jpegQuality = 85
)

// imageFormats are the accepted formats by the decoder's name, with the content type and
// extension an original keeps when stored as it came (stickers).
var imageFormats = map[string]struct{ contentType, ext string }{
	"jpeg": {"image/jpeg", "jpg"},
	"png":  {"image/png", "png"},
	"webp": {"image/webp", "webp"},
}

// upload is a checked image: its bytes, decoder format and dimensions.
type upload struct {
	data   []byte
	format string
	width  int
	height int
	img    image.Image
}

// readImage reads one uploaded file and checks it by its content (never by its name or the
// client's Content-Type): at most ImageMaxBytes, a JPEG, PNG or WebP that really decodes, at
// most imageMaxPixels. Errors are 422 on field. It does not decode the pixels (see decode).
func readImage(r io.Reader, field string) (*upload, error) {
	if r == nil {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.file_required"))
	}
	data, err := io.ReadAll(io.LimitReader(r, ImageMaxBytes+1))
	if err != nil {
		return nil, apperr.Wrap(err, "read upload")
	}
	if len(data) > ImageMaxBytes {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_size"))
	}
	if len(data) == 0 {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.file_required"))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if _, ok := imageFormats[format]; err != nil || !ok {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_type"))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > imageMaxPixels {
		return nil, apperr.InvalidFields(apperr.Field(field, "image.too_many_pixels", "max", imageMaxPixels/1_000_000))
	}
	// The header alone can lie (a JPEG header on garbage): decode the whole image, so a file
	// that is not really an image is refused before anything is stored.
	img, decoded, err := image.Decode(bytes.NewReader(data))
	if err != nil || decoded != format {
		return nil, apperr.InvalidFields(apperr.Field(field, "validation.image_type"))
	}
	return &upload{data: data, format: format, width: cfg.Width, height: cfg.Height, img: img}, nil
}

// variant is one encoded size of a product image.
type variant struct {
	data        []byte
	contentType string
	ext         string
}

// variants makes the small and the large variant of a product image.
//
// Output format: JPEG (quality 85) for photos, which is what product pictures are; PNG only
// when the source has transparent pixels (a PNG or WebP cut-out on a transparent background),
// because JPEG would paint the background black. WebP sources become JPEG or PNG as well:
// Go has no WebP encoder, and every browser shows both.
func (u *upload) variants() (small, large variant, err error) {
	img := u.img
	transparent := !opaque(img)
	small, err = encodeVariant(fit(img, smallSide), transparent)
	if err != nil {
		return variant{}, variant{}, err
	}
	large, err = encodeVariant(fit(img, largeSide), transparent)
	return small, large, err
}

// fit scales img so its longer side is at most side pixels (Catmull-Rom, good for downscaling
// photos); an image already within the bound is returned as it is.
func fit(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return img
	}
	var nw, nh int
	if w >= h {
		nw, nh = side, max(1, int((int64(h)*int64(side)+int64(w)/2)/int64(w)))
	} else {
		nw, nh = max(1, int((int64(w)*int64(side)+int64(h)/2)/int64(h))), side
	}
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

func encodeVariant(img image.Image, transparent bool) (variant, error) {
	var buf bytes.Buffer
	if transparent {
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, img); err != nil {
			return variant{}, err
		}
		return variant{data: buf.Bytes(), contentType: "image/png", ext: "png"}, nil
	}
	if err := jpeg.Encode(&buf, flatten(img), &jpeg.Options{Quality: jpegQuality}); err != nil {
		return variant{}, err
	}
	return variant{data: buf.Bytes(), contentType: "image/jpeg", ext: "jpg"}, nil
}

// flatten gives JPEG an opaque image (an NRGBA with alpha 255 everywhere encodes as is; this
// only matters for sources that carry an alpha channel yet are fully opaque).
func flatten(img image.Image) image.Image {
	switch img.(type) {
	case *image.YCbCr, *image.Gray, *image.CMYK:
		return img
	}
	b := img.Bounds()
	dst := image.NewRGBA(b)
	draw.Draw(dst, b, image.White, image.Point{}, draw.Src)
	draw.Draw(dst, b, img, b.Min, draw.Over)
	return dst
}

// opaque tells whether every pixel of img is fully opaque.
func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}
