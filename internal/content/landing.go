package content

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/imagefile"
	"shop/internal/platform/listing"
	"shop/internal/platform/richtext"
)

// Landing pages (back-office-and-shell.md 2.7, 3, 7 "Landing pages"): a page at its own slug on
// the storefront, in one of three layouts (models):
//   - 1: an action (catalog sticker type, whose header image heads the page), a top
//     description, one card, a product list, a 'Pogledaj sve proizvode' link, a bottom description;
//   - 2: a banner image, a top description, four cards, a product list, a link, a bottom description;
//   - 3: a banner image, a top description, a list of categories, a bottom description.
// Descriptions and cards are rich text, stored sanitized.

// Layout ids (spec 9: landing page model ids 1, 2, 3).
const (
	LayoutAction     = 1
	LayoutCards      = 2
	LayoutCategories = 3
)

// Limits of the form.
const (
	MaxNameChars     = 255
	MaxLinkChars     = 2048
	MaxRichTextChars = 100_000
	MaxProducts      = 200
	MaxCategories    = 100
)

// LandingPage is a stored landing page. ProductIDs and CategoryIDs are its lists in order
// (filled when read).
type LandingPage struct {
	ID                   uint64
	Name                 string
	Slug                 string
	ModelID              int
	CatalogStickerTypeID *uint64
	BannerKey            string
	TopDescription       string
	BottomDescription    string
	Card1                string
	Card2                string
	Card3                string
	Card4                string
	Link                 string
	CreatedAt            time.Time
	UpdatedAt            time.Time

	ProductIDs  []uint64 `gorm:"-"`
	CategoryIDs []uint64 `gorm:"-"`
}

func (LandingPage) TableName() string { return "landing_pages" }

// Cards are the page's rich-text cards as its layout shows them (1 for layout 1, 4 for
// layout 2, none for layout 3).
func (p *LandingPage) Cards() []string {
	switch p.ModelID {
	case LayoutAction:
		return []string{p.Card1}
	case LayoutCards:
		return []string{p.Card1, p.Card2, p.Card3, p.Card4}
	}
	return []string{}
}

type landingPageProduct struct {
	LandingPageID uint64
	ProductID     uint64
	Position      int
}

func (landingPageProduct) TableName() string { return "landing_page_products" }

type landingPageCategory struct {
	LandingPageID uint64
	CategoryID    uint64
	Position      int
}

func (landingPageCategory) TableName() string { return "landing_page_categories" }

// LandingForm is the admin's multipart form. ModelID 0 means not sent. Banner nil: none
// uploaded (an update keeps the stored one). Cards are card1..card4.
type LandingForm struct {
	Name                 string
	ModelID              int
	CatalogStickerTypeID uint64
	TopDescription       string
	BottomDescription    string
	Cards                [4]string
	ProductIDs           []uint64
	CategoryIDs          []uint64
	Link                 string
	Banner               io.Reader
}

// LandingService keeps the landing pages.
type LandingService struct {
	db     *gorm.DB
	cat    *catalog.Service
	blobs  blob.Store
	images *imagefile.Decoder
	log    *slog.Logger
	clock  clock.Clock
}

// NewLandingService builds the landing pages' service; cat answers the actions, products and
// categories the pages show; images is the process's image decoder (nil: one of its own).
func NewLandingService(db *gorm.DB, cat *catalog.Service, blobs blob.Store, images *imagefile.Decoder, log *slog.Logger, clk clock.Clock) *LandingService {
	if images == nil {
		images = imagefile.NewDecoder(imagefile.DefaultBudget, imagefile.DefaultConcurrent)
	}
	return &LandingService{db: db, cat: cat, blobs: blobs, images: images, log: log, clock: clk}
}

// LandingFilter is the admin list's query: name or slug contains Search (diacritics folded).
type LandingFilter struct {
	Search string
	Page   listing.Page
}

// List is a page of landing pages, the newest first.
func (s *LandingService) List(ctx context.Context, f LandingFilter) ([]LandingPage, int64, error) {
	q := s.db.WithContext(ctx).Model(&LandingPage{})
	if term := strings.TrimSpace(f.Search); term != "" {
		// Names are short and few: fold in Go's terms on both sides by matching the slug
		// (already folded) or the name as typed.
		like := db.LikeContains(strings.ToLower(term))
		folded := db.LikeContains(catalog.Slugify(term))
		q = q.Where("LOWER(name) LIKE ?"+db.LikeEscape+" OR slug LIKE ?"+db.LikeEscape, like, folded)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count landing pages")
	}
	var out []LandingPage
	if err := q.Order("id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list landing pages")
	}
	return out, total, nil
}

// Get is one landing page with its product and category lists; unknown: 404.
func (s *LandingService) Get(ctx context.Context, id uint64) (*LandingPage, error) {
	return s.find(ctx, s.db.WithContext(ctx).Where("id = ?", id))
}

func (s *LandingService) find(ctx context.Context, q *gorm.DB) (*LandingPage, error) {
	var p LandingPage
	err := q.Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("landing_page")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get landing page")
	}
	db := s.db.WithContext(ctx)
	if err := db.Model(&landingPageProduct{}).Where("landing_page_id = ?", p.ID).Order("position, product_id").
		Pluck("product_id", &p.ProductIDs).Error; err != nil {
		return nil, apperr.Wrap(err, "landing page products")
	}
	if err := db.Model(&landingPageCategory{}).Where("landing_page_id = ?", p.ID).Order("position, category_id").
		Pluck("category_id", &p.CategoryIDs).Error; err != nil {
		return nil, apperr.Wrap(err, "landing page categories")
	}
	return &p, nil
}

// Create adds a landing page; the slug comes from the name (unique).
func (s *LandingService) Create(ctx context.Context, f LandingForm) (*LandingPage, error) {
	return s.save(ctx, nil, f)
}

// Update replaces a landing page's fields with the form (the admin always sends its whole
// form); a banner not uploaded is kept. A changed name gives a new slug.
func (s *LandingService) Update(ctx context.Context, id uint64, f LandingForm) (*LandingPage, error) {
	old, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.save(ctx, old, f)
}

// Delete removes a landing page and its banner.
func (s *LandingService) Delete(ctx context.Context, id uint64) error {
	old, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("landing_page_id = ?", id).Delete(&landingPageProduct{}).Error; err != nil {
			return apperr.Wrap(err, "delete landing page products")
		}
		if err := tx.Where("landing_page_id = ?", id).Delete(&landingPageCategory{}).Error; err != nil {
			return apperr.Wrap(err, "delete landing page categories")
		}
		if err := tx.Delete(&LandingPage{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete landing page")
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityLandingDeleted, SubjectType: subjectLanding, SubjectID: id,
			Old: landingValues(*old)})
	})
	if err != nil {
		return err
	}
	s.deleteObject(ctx, old.BannerKey)
	return nil
}

// check validates the form for its layout and answers the page to store (without id, slug
// and banner) with every field the layout does not use cleared.
func (s *LandingService) check(ctx context.Context, old *LandingPage, f LandingForm) (LandingPage, error) {
	var bad []apperr.FieldError
	p := LandingPage{Name: strings.TrimSpace(f.Name), ModelID: f.ModelID}
	switch n := utf8.RuneCountInString(p.Name); {
	case n == 0:
		bad = append(bad, apperr.Field("name", "validation.required"))
	case n > MaxNameChars:
		bad = append(bad, apperr.Field("name", "validation.max_chars", "n", MaxNameChars))
	}
	if f.ModelID == 0 {
		bad = append(bad, apperr.Field("landing_page_model_id", "validation.required"))
	} else if f.ModelID < LayoutAction || f.ModelID > LayoutCategories {
		bad = append(bad, apperr.Field("landing_page_model_id", "validation.oneof"))
	}
	rich := func(field, html string) string {
		if utf8.RuneCountInString(html) > MaxRichTextChars {
			bad = append(bad, apperr.Field(field, "validation.max_chars", "n", MaxRichTextChars))
			return ""
		}
		return richtext.Sanitize(html)
	}
	p.TopDescription = rich("top_description", f.TopDescription)
	p.BottomDescription = rich("bottom_description", f.BottomDescription)
	link := strings.TrimSpace(f.Link)
	switch {
	case utf8.RuneCountInString(link) > MaxLinkChars:
		bad = append(bad, apperr.Field("link", "validation.max_chars", "n", MaxLinkChars))
	case link != "" && !validLink(link):
		bad = append(bad, apperr.Field("link", "landing.link"))
	}
	usesProducts, usesBanner := f.ModelID == LayoutAction || f.ModelID == LayoutCards, f.ModelID == LayoutCards || f.ModelID == LayoutCategories
	switch f.ModelID {
	case LayoutAction:
		p.Card1 = rich("card1", f.Cards[0])
		p.Link = link
		if f.CatalogStickerTypeID == 0 {
			bad = append(bad, apperr.Field("catalog_sticker_type_id", "catalog_sticker.type_required"))
		} else if _, err := s.cat.GetCatalogStickerType(ctx, f.CatalogStickerTypeID); apperr.Is(err, apperr.NotFound) {
			bad = append(bad, apperr.Field("catalog_sticker_type_id", "catalog_sticker.type_unknown"))
		} else if err != nil {
			return p, err
		} else {
			id := f.CatalogStickerTypeID
			p.CatalogStickerTypeID = &id
		}
	case LayoutCards:
		p.Card1, p.Card2, p.Card3, p.Card4 = rich("card1", f.Cards[0]), rich("card2", f.Cards[1]), rich("card3", f.Cards[2]), rich("card4", f.Cards[3])
		p.Link = link
	case LayoutCategories:
		p.CategoryIDs = dedupe(f.CategoryIDs)
		switch {
		case len(p.CategoryIDs) == 0:
			bad = append(bad, apperr.Field("categories_ids", "landing.categories_required"))
		case len(p.CategoryIDs) > MaxCategories:
			bad = append(bad, apperr.Field("categories_ids", "validation.max", "n", MaxCategories))
		default:
			found, err := s.cat.ExistingCategoryIDs(ctx, p.CategoryIDs)
			if err != nil {
				return p, err
			}
			if len(found) != len(p.CategoryIDs) {
				bad = append(bad, apperr.Field("categories_ids", "landing.category_unknown"))
			}
		}
	}
	if usesProducts {
		p.ProductIDs = dedupe(f.ProductIDs)
		if len(p.ProductIDs) > MaxProducts {
			bad = append(bad, apperr.Field("products_ids", "validation.max", "n", MaxProducts))
		} else if len(p.ProductIDs) > 0 {
			found, err := s.cat.ExistingProductIDs(ctx, p.ProductIDs)
			if err != nil {
				return p, err
			}
			if len(found) != len(p.ProductIDs) {
				bad = append(bad, apperr.Field("products_ids", "landing.product_unknown"))
			}
		}
	}
	if usesBanner && f.Banner == nil && (old == nil || old.BannerKey == "") {
		bad = append(bad, apperr.Field("banner", "validation.file_required"))
	}
	if len(bad) > 0 {
		return p, apperr.InvalidFields(bad...)
	}
	return p, nil
}

// validLink: a path on the shop ('/akcije/...') or an http(s) address.
func validLink(s string) bool {
	if strings.ContainsAny(s, " \t\r\n\"'<>") {
		return false
	}
	return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

func dedupe(ids []uint64) []uint64 {
	out := make([]uint64, 0, len(ids))
	for _, id := range ids {
		if id != 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *LandingService) save(ctx context.Context, old *LandingPage, f LandingForm) (*LandingPage, error) {
	p, err := s.check(ctx, old, f)
	usesBanner := f.ModelID == LayoutCards || f.ModelID == LayoutCategories
	var banner string
	if usesBanner && f.Banner != nil {
		var berr error
		banner, berr = s.putBanner(ctx, f.Banner)
		err = apperr.JoinInvalid(err, berr)
	}
	if err != nil {
		s.deleteObject(ctx, banner)
		return nil, err
	}
	now := s.clock.Now()
	var oldBanner string
	if old != nil {
		p.ID, p.CreatedAt, p.Slug, oldBanner = old.ID, old.CreatedAt, old.Slug, old.BannerKey
		if usesBanner {
			p.BannerKey = old.BannerKey
		}
	} else {
		p.CreatedAt = now
	}
	if banner != "" {
		p.BannerKey = banner
	}
	p.UpdatedAt = now
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if old == nil || old.Name != p.Name {
			slug, err := freeSlug(tx, p.Name, p.ID)
			if err != nil {
				return err
			}
			p.Slug = slug
		}
		if old == nil {
			if err := tx.Create(&p).Error; err != nil {
				return apperr.Wrap(err, "create landing page")
			}
		} else {
			if err := tx.Save(&p).Error; err != nil {
				return apperr.Wrap(err, "update landing page")
			}
			if err := tx.Where("landing_page_id = ?", p.ID).Delete(&landingPageProduct{}).Error; err != nil {
				return apperr.Wrap(err, "clear landing page products")
			}
			if err := tx.Where("landing_page_id = ?", p.ID).Delete(&landingPageCategory{}).Error; err != nil {
				return apperr.Wrap(err, "clear landing page categories")
			}
		}
		if len(p.ProductIDs) > 0 {
			rows := make([]landingPageProduct, len(p.ProductIDs))
			for i, id := range p.ProductIDs {
				rows[i] = landingPageProduct{LandingPageID: p.ID, ProductID: id, Position: i}
			}
			if err := tx.Create(&rows).Error; err != nil {
				return apperr.Wrap(err, "save landing page products")
			}
		}
		if len(p.CategoryIDs) > 0 {
			rows := make([]landingPageCategory, len(p.CategoryIDs))
			for i, id := range p.CategoryIDs {
				rows[i] = landingPageCategory{LandingPageID: p.ID, CategoryID: id, Position: i}
			}
			if err := tx.Create(&rows).Error; err != nil {
				return apperr.Wrap(err, "save landing page categories")
			}
		}
		if old == nil {
			return activity.Record(ctx, tx, activity.Change{Type: ActivityLandingCreated, SubjectType: subjectLanding, SubjectID: p.ID,
				New: landingValues(p)})
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityLandingUpdated, SubjectType: subjectLanding, SubjectID: p.ID,
			Old: landingValues(*old), New: landingValues(p)})
	})
	if err != nil {
		s.deleteObject(ctx, banner)
		return nil, err
	}
	if oldBanner != "" && oldBanner != p.BannerKey {
		s.deleteObject(ctx, oldBanner)
	}
	return s.Get(ctx, p.ID)
}

// freeSlug is the name's slug (Serbian letters folded), with -2, -3, ... when taken.
func freeSlug(tx *gorm.DB, name string, self uint64) (string, error) {
	base := catalog.Slugify(name)
	if base == "" {
		base = "landing"
	}
	var taken []string
	if err := tx.Model(&LandingPage{}).Where("id <> ? AND (slug = ? OR slug LIKE ?"+db.LikeEscape+")", self, base, db.LikeLiteral(base)+"-%").
		Pluck("slug", &taken).Error; err != nil {
		return "", apperr.Wrap(err, "check landing page slug")
	}
	if !slices.Contains(taken, base) {
		return base, nil
	}
	for i := 2; ; i++ {
		if s := base + "-" + strconv.Itoa(i); !slices.Contains(taken, s) {
			return s, nil
		}
	}
}

func (s *LandingService) putBanner(ctx context.Context, r io.Reader) (string, error) {
	img, err := s.images.Read(ctx, r, "banner", nil)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("images/landing-pages/%s.%s", uuid.NewString(), img.Ext())
	if err := s.blobs.Put(ctx, key, bytes.NewReader(img.Data), int64(len(img.Data)), img.ContentType()); err != nil {
		return "", apperr.Wrap(err, "store landing page banner")
	}
	return key, nil
}

func (s *LandingService) deleteObject(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := s.blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		s.log.WarnContext(ctx, "could not delete an object", "key", key, "error", err.Error())
	}
}

// LandingView is a landing page with what it shows: its action, products and categories.
type LandingView struct {
	*LandingPage
	Sticker    *catalog.CatalogStickerType
	Products   []catalog.ProductDetails
	Categories []*catalog.Category
}

// Details is a page with every product and category it names (the admin's form), active or not.
func (s *LandingService) Details(ctx context.Context, id uint64) (*LandingView, error) {
	p, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, false)
}

// Public is the page with this slug as the storefront shows it: only active products visible
// on site and active categories, in the page's order; unknown slug: 404.
func (s *LandingService) Public(ctx context.Context, slug string) (*LandingView, error) {
	p, err := s.find(ctx, s.db.WithContext(ctx).Where("slug = ?", slug))
	if err != nil {
		return nil, err
	}
	return s.view(ctx, p, true)
}

func (s *LandingService) view(ctx context.Context, p *LandingPage, public bool) (*LandingView, error) {
	v := &LandingView{LandingPage: p, Products: []catalog.ProductDetails{}, Categories: []*catalog.Category{}}
	if p.CatalogStickerTypeID != nil {
		t, err := s.cat.GetCatalogStickerType(ctx, *p.CatalogStickerTypeID)
		if err != nil && !apperr.Is(err, apperr.NotFound) {
			return nil, err
		}
		v.Sticker = t
	}
	if len(p.ProductIDs) > 0 {
		ps, err := s.cat.ProductsByID(ctx, p.ProductIDs, catalog.ProductIncludes{MainCategory: true, MainImage: true})
		if err != nil {
			return nil, err
		}
		for _, pd := range ps {
			if !public || pd.Active && pd.Visible {
				v.Products = append(v.Products, pd)
			}
		}
	}
	if len(p.CategoryIDs) > 0 {
		cats, _, err := s.cat.ListCategories(ctx, catalog.CategoryFilter{ActiveOnly: public})
		if err != nil {
			return nil, err
		}
		byID := make(map[uint64]*catalog.Category, len(cats))
		for _, c := range cats {
			byID[c.ID] = c
		}
		for _, id := range p.CategoryIDs {
			if c := byID[id]; c != nil {
				v.Categories = append(v.Categories, c)
			}
		}
	}
	return v, nil
}

// EachPublic streams every landing page's slug and last change in id order (the sitemap's
// landing file: one statement read row by row). Every stored page is public at its slug.
func (s *LandingService) EachPublic(ctx context.Context, fn func(slug string, updated time.Time) error) error {
	rows, err := s.db.WithContext(ctx).Model(&LandingPage{}).Select("slug, updated_at").Order("id").Rows()
	if err != nil {
		return apperr.Wrap(err, "sitemap landing pages")
	}
	defer rows.Close()
	for rows.Next() {
		var r struct {
			Slug      string
			UpdatedAt time.Time
		}
		if err := s.db.ScanRows(rows, &r); err != nil {
			return apperr.Wrap(err, "sitemap landing page")
		}
		if err := fn(r.Slug, r.UpdatedAt); err != nil {
			return err
		}
	}
	return apperr.Wrap(rows.Err(), "sitemap landing pages")
}
