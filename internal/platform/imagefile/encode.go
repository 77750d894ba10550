package imagefile

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
)

// JPEGQuality is the quality of every image the shop encodes.
const JPEGQuality = 85

// Encoded is an image the shop encoded itself from decoded pixels: nothing of the uploaded
// file's bytes (metadata, trailing data, anything appended after the image) survives it.
// Every stored upload is one.
type Encoded struct {
	Data        []byte
	ContentType string
	Ext         string // without the dot
}

// Reencode is img scaled to at most side pixels on its longer side and encoded as Encode does.
func Reencode(img image.Image, side int) (Encoded, error) {
	return Encode(Fit(img, side), !Opaque(img))
}

// Fit scales img so its longer side is at most side pixels (Catmull-Rom, good for downscaling
// photos); an image already within the bound is returned as it is (never enlarged).
func Fit(img image.Image, side int) image.Image {
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

// Encode writes img as JPEG (quality JPEGQuality) for photos, which is what the shop's pictures
// are; as PNG only when transparent (a PNG or WebP cut-out on a transparent background),
// because JPEG would paint the background black. WebP sources become JPEG or PNG as well: Go
// has no WebP encoder, and every browser shows both.
func Encode(img image.Image, transparent bool) (Encoded, error) {
	var buf bytes.Buffer
	if transparent {
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, img); err != nil {
			return Encoded{}, err
		}
		return Encoded{Data: buf.Bytes(), ContentType: "image/png", Ext: "png"}, nil
	}
	if err := jpeg.Encode(&buf, flatten(img), &jpeg.Options{Quality: JPEGQuality}); err != nil {
		return Encoded{}, err
	}
	return Encoded{Data: buf.Bytes(), ContentType: "image/jpeg", Ext: "jpg"}, nil
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

// Opaque tells whether every pixel of img is fully opaque.
func Opaque(img image.Image) bool {
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
