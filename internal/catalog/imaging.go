package catalog

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/draw"

	"shop/internal/platform/apperr"
	"shop/internal/platform/imagefile"
)

// The two variants made on upload, by their longer side; a smaller original is never enlarged.
const (
	smallSide = 300
	largeSide = 1200

	jpegQuality = 85
)

// ImageMaxBytes is the upload limit of product images and stickers (the platform's one check).
const ImageMaxBytes = imagefile.MaxBytes

// upload is a checked image (see imagefile.Decoder.Read).
type upload = imagefile.Image

// readImage checks one uploaded file by its content, decoded under the process's image
// budget; errors are 422 on field.
func (s *Service) readImage(ctx context.Context, r io.Reader, field string) (*upload, error) {
	return s.images.Read(ctx, r, field, nil)
}

// readVariants checks one uploaded product image and makes its two variants while the decoded
// pixels are reserved, so only the small encoded variants outlive the decode.
func (s *Service) readVariants(ctx context.Context, r io.Reader, field string) (imageVariants, error) {
	var v imageVariants
	_, err := s.images.Read(ctx, r, field, func(img image.Image) error {
		var err error
		if v.small, v.large, err = variants(img); err != nil {
			return apperr.Wrap(err, "image variants")
		}
		return nil
	})
	return v, err
}

type variant struct {
	data        []byte
	contentType string
	ext         string
}

// imageVariants are the two stored sizes of one product image.
type imageVariants struct{ small, large variant }

// variants makes the small and the large variant of a product image.
//
// Output format: JPEG (quality 85) for photos, which is what product pictures are; PNG only
// when the source has transparent pixels (a PNG or WebP cut-out on a transparent background),
// because JPEG would paint the background black. WebP sources become JPEG or PNG as well:
// Go has no WebP encoder, and every browser shows both.
func variants(img image.Image) (small, large variant, err error) {
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
