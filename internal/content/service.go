package content

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/imagefile"
)

// Service keeps banners, news, the home screen and the static pages.
type Service struct {
	db     *gorm.DB
	cat    *catalog.Service
	blobs  blob.Store
	images *imagefile.Decoder
	log    *slog.Logger
	clk    clock.Clock
}

// NewService builds the content service over the catalogue (products and categories named
// by banners and the home screen) and the object store (banner and news images).
func NewService(db *gorm.DB, cat *catalog.Service, blobs blob.Store, images *imagefile.Decoder, log *slog.Logger, clk clock.Clock) *Service {
	if images == nil {
		images = imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, cat: cat, blobs: blobs, images: images, log: log, clk: clk}
}

func (s *Service) now() time.Time { return s.clk.Now().UTC().Truncate(time.Second) }

// Today is the shop's date (YYYY-MM-DD).
func (s *Service) Today() string { return s.clk.Today() }

// storeImage checks an uploaded image (JPG, PNG or WEBP by content, at most 2 MB; a 422 on
// field otherwise) and stores it as it is under prefix; it answers the object key.
func (s *Service) storeImage(ctx context.Context, r io.Reader, field, prefix string) (string, error) {
	img, err := s.images.Read(ctx, r, field, nil)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("images/%s/%s.%s", prefix, uuid.NewString(), img.Ext())
	if err := s.blobs.Put(ctx, key, bytes.NewReader(img.Data), int64(len(img.Data)), img.ContentType()); err != nil {
		return "", apperr.Wrap(err, "store "+prefix+" image")
	}
	return key, nil
}

// deleteObjects removes objects no row names any more; a failure only leaves an orphan.
func (s *Service) deleteObjects(ctx context.Context, keys ...string) {
	for _, k := range keys {
		if k == "" {
			continue
		}
		if err := s.blobs.Delete(ctx, k); err != nil {
			s.log.WarnContext(ctx, "delete content object", "key", k, "error", err)
		}
	}
}

// uniqueIDs drops zeros and repeats, keeping the first occurrence's order.
func uniqueIDs(ids []uint64) []uint64 {
	out := make([]uint64, 0, len(ids))
	seen := map[uint64]bool{}
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// MaxListed bounds the products or categories one banner, section or home list names.
const MaxListed = 200

// checkProducts answers a 422 on field when ids name a product that does not exist.
func (s *Service) checkProducts(ctx context.Context, field string, ids []uint64) error {
	if len(ids) > MaxListed {
		return apperr.InvalidFields(apperr.Field(field, "validation.max", "n", MaxListed))
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := s.cat.ExistingProductIDs(ctx, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if !found[id] {
			return apperr.InvalidFields(apperr.Field(field, "content.product_unknown", "id", id))
		}
	}
	return nil
}

// checkCategories answers a 422 on field when ids name a category that does not exist.
func (s *Service) checkCategories(ctx context.Context, field string, ids []uint64) error {
	if len(ids) > MaxListed {
		return apperr.InvalidFields(apperr.Field(field, "validation.max", "n", MaxListed))
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := s.cat.CategoryNames(ctx, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, ok := found[id]; !ok {
			return apperr.InvalidFields(apperr.Field(field, "content.category_unknown", "id", id))
		}
	}
	return nil
}

// CategoryLink is a category as the storefront links it (home, sections, landing pages).
type CategoryLink struct {
	ID       uint64
	Name     string
	Slug     string
	ImageKey string
}

// CategoryLinks are the active categories among ids (a category under an inactive one is
// hidden too), in ids' order. Categories are few: the catalogue reads them all at once.
func (s *Service) CategoryLinks(ctx context.Context, ids []uint64) ([]CategoryLink, error) {
	if len(ids) == 0 {
		return []CategoryLink{}, nil
	}
	cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	by := make(map[uint64]*catalog.Category, len(cats))
	for _, c := range cats {
		by[c.ID] = c
	}
	out := make([]CategoryLink, 0, len(ids))
	for _, id := range ids {
		if c := by[id]; c != nil {
			key := c.ImageKey
			if key == "" {
				if key, err = s.productPicture(ctx, c.ID, cats); err != nil {
					return nil, err
				}
			}
			out = append(out, CategoryLink{ID: c.ID, Name: c.Name, Slug: c.Slug, ImageKey: key})
		}
	}
	return out, nil
}

// productPicture is the main picture of a product a shopper can see in the category or below
// it: a category tile without a picture of its own shows what the category sells rather than
// an empty circle. "" when no such product has a picture.
func (s *Service) productPicture(ctx context.Context, categoryID uint64, cats []*catalog.Category) (string, error) {
	within := map[uint64]bool{categoryID: true}
	for grew := true; grew; {
		grew = false
		for _, c := range cats {
			if c.ParentID != nil && within[*c.ParentID] && !within[c.ID] {
				within[c.ID], grew = true, true
			}
		}
	}
	ids := make([]uint64, 0, len(within))
	for id := range within {
		ids = append(ids, id)
	}
	return s.cat.LiveProductPicture(ctx, ids)
}

// ShownProducts are the products among ids a shopper may see (active and visible on site),
// in ids' order, with their main category and main image (what a card needs).
func (s *Service) ShownProducts(ctx context.Context, ids []uint64) ([]catalog.ProductDetails, error) {
	if len(ids) == 0 {
		return []catalog.ProductDetails{}, nil
	}
	rows, err := s.cat.ProductsByID(ctx, ids, catalog.ProductIncludes{MainCategory: true, MainImage: true})
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(rows, func(p catalog.ProductDetails) bool { return !p.Active || !p.Visible }), nil
}

// ProductRef is a product as the admin's pickers show it (any product, shown or not).
type ProductRef struct {
	ID       uint64
	Name     string
	SKU      string
	Active   bool
	Visible  bool
	ImageKey string
}

// ProductRefs are the products among ids, in ids' order.
func (s *Service) ProductRefs(ctx context.Context, ids []uint64) ([]ProductRef, error) {
	if len(ids) == 0 {
		return []ProductRef{}, nil
	}
	rows, err := s.cat.ProductsByID(ctx, ids, catalog.ProductIncludes{MainImage: true})
	if err != nil {
		return nil, err
	}
	out := make([]ProductRef, len(rows))
	for i, p := range rows {
		out[i] = ProductRef{ID: p.ID, Name: p.Name, SKU: p.SKU, Active: p.Active, Visible: p.Visible}
		if p.MainImage != nil {
			out[i].ImageKey = p.MainImage.SmallKey
		}
	}
	return out, nil
}

// AllCategoryLinks are the given categories whether active or not (the admin's pickers).
func (s *Service) AllCategoryLinks(ctx context.Context, ids []uint64) ([]CategoryLink, error) {
	if len(ids) == 0 {
		return []CategoryLink{}, nil
	}
	cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{})
	if err != nil {
		return nil, err
	}
	by := make(map[uint64]*catalog.Category, len(cats))
	for _, c := range cats {
		by[c.ID] = c
	}
	out := make([]CategoryLink, 0, len(ids))
	for _, id := range ids {
		if c := by[id]; c != nil {
			out = append(out, CategoryLink{ID: c.ID, Name: c.Name, Slug: c.Slug, ImageKey: c.ImageKey})
		}
	}
	return out, nil
}
