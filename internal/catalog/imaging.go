package catalog

import (
	"context"
	"image"
	"io"

	"shop/internal/platform/apperr"
	"shop/internal/platform/imagefile"
)

// The two variants made on upload, by their longer side; a smaller original is never enlarged.
const (
	smallSide = 300
	largeSide = 1200
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

// variant is one stored size of a product image.
type variant = imagefile.Encoded

// imageVariants are the two stored sizes of one product image.
type imageVariants struct{ small, large variant }

// variants makes the small and the large variant of a product image (imagefile.Encode says
// in which format).
func variants(img image.Image) (small, large variant, err error) {
	transparent := !imagefile.Opaque(img)
	small, err = imagefile.Encode(imagefile.Fit(img, smallSide), transparent)
	if err != nil {
		return variant{}, variant{}, err
	}
	large, err = imagefile.Encode(imagefile.Fit(img, largeSide), transparent)
	return small, large, err
}
