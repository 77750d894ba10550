package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"slices"
	"strings"

	"golang.org/x/sync/singleflight"

	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/imagefile"
)

// ImageWidths are the widths the storefront's srcset offers of a stored image (cards at 240,
// two-column phones and the gallery at 480, the desktop gallery at 960). A width variant is made
// on its first request from the stored large variant, under the process's image decode budget,
// and kept in the object store; a source narrower than the width is not enlarged.
var ImageWidths = []int{240, 480, 960}

// widthSources are the stored objects width variants are made of: product images, stickers'
// and banners' images (public, raster, written by the shop's own upload checks).
var widthSources = []string{"images/", "banners/", "stickers/"}

// WidthKey is the object key of a source's width variant.
func WidthKey(key string, width int) string { return fmt.Sprintf("widths/%d/%s", width, key) }

var widthGroup singleflight.Group

// ImageWidth answers the width variant of a stored image (a reader over the object, its
// type), making and keeping it on the first request. Not found: an unknown width, a key
// outside the image prefixes, or a missing source.
func (s *Service) ImageWidth(ctx context.Context, key string, width int) (io.ReadCloser, blob.Info, error) {
	if !slices.Contains(ImageWidths, width) || !widthSource(key) {
		return nil, blob.Info{}, apperr.NotFoundThing("object")
	}
	wk := WidthKey(key, width)
	if rc, info, err := s.blobs.Open(ctx, wk); err == nil {
		return rc, info, nil
	} else if !errors.Is(err, blob.ErrNotFound) {
		return nil, blob.Info{}, apperr.Wrap(err, "open image width")
	}
	// Many first requests of one variant (a page of cards) make it once.
	_, err, _ := widthGroup.Do(wk, func() (any, error) { return nil, s.makeWidth(ctx, key, wk, width) })
	if err != nil {
		return nil, blob.Info{}, err
	}
	rc, info, err := s.blobs.Open(ctx, wk)
	if err != nil {
		return nil, blob.Info{}, apperr.Wrap(err, "open image width")
	}
	return rc, info, nil
}

func widthSource(key string) bool {
	if _, ok := blob.CleanKey(key); !ok {
		return false
	}
	for _, p := range widthSources {
		if strings.HasPrefix(key, p) && len(key) > len(p) {
			return true
		}
	}
	return false
}

func (s *Service) makeWidth(ctx context.Context, key, wk string, width int) error {
	rc, _, err := s.blobs.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return apperr.NotFoundThing("object")
	}
	if err != nil {
		return apperr.Wrap(err, "open image")
	}
	defer rc.Close()
	var v variant
	_, err = s.images.Read(ctx, io.LimitReader(rc, ImageMaxBytes+1), "image", func(img image.Image) error {
		var err error
		v, err = imagefile.Encode(fitWidth(img, width), !imagefile.Opaque(img))
		return err
	})
	if err != nil {
		// A stored object that no longer decodes (or exceeds the budget) has no variants.
		if apperr.As(err).Code == apperr.Invalid {
			return apperr.NotFoundThing("object")
		}
		return err
	}
	return apperr.Wrap(s.blobs.Put(ctx, wk, bytes.NewReader(v.Data), int64(len(v.Data)), v.ContentType), "store image width")
}

// fitWidth scales img to width pixels wide (height in proportion); a narrower image is kept.
func fitWidth(img image.Image, width int) image.Image {
	b := img.Bounds()
	if b.Dx() <= width {
		return img
	}
	side := width
	if b.Dy() > b.Dx() { // fit works on the longer side
		side = max(1, int((int64(b.Dy())*int64(width)+int64(b.Dx())/2)/int64(b.Dx())))
	}
	return imagefile.Fit(img, side)
}
