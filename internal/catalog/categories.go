package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/platform/validation"
	"shop/internal/pricing"
)

// MaxCategoryLevel is the deepest level of the category tree (top level is 1).
const MaxCategoryLevel = 4

// Category is a node of the category tree with its VAT, margins, minimum price and the
// declaration printed on products of the category.
type Category struct {
	ID              uint64
	ParentID        *uint64
	Name            string
	Slug            string
	Prefix          string
	Position        int
	Level           int
	PdvBps          money.Bps
	WebMarginBps    money.Bps
	RetailMarginBps money.Bps
	DealerMarginBps money.Bps
	DescriptionTime string
	MinPrice        money.Para
	AllowedRebate   money.Bps
	ImageKey        string
	DeclarationName string
	CountryOfOrigin string
	ConsumerRights  string
	Active          bool
	CreatedAt       time.Time
	UpdatedAt       time.Time

	// Subcategories is filled only when a tree is asked for.
	Subcategories []*Category `gorm:"-"`
	// ProductsCount is filled only when asked for (admin list).
	ProductsCount *int64 `gorm:"-"`
}

func (Category) TableName() string { return "categories" }

// Margins are the category's inputs to the price formula of its products (those whose main
// category it is).
func (c *Category) Margins() pricing.Margins {
	return pricing.Margins{Pdv: c.PdvBps, Web: c.WebMarginBps, Retail: c.RetailMarginBps, Dealer: c.DealerMarginBps}
}

// CategoryInput is a category's form. The numbers are pointers so that a missing one is
// "required" rather than "must be greater than 0.01"; Position nil puts the category last
// among its siblings; Active nil means active.
type CategoryInput struct {
	ParentID        *uint64     `json:"parent_id"`
	Name            string      `json:"name" validate:"required,min=2,max=255"`
	Prefix          string      `json:"prefix" validate:"required"`
	Position        *int        `json:"position" validate:"omitempty,min=0"`
	Pdv             *money.Bps  `json:"pdv" validate:"required"`
	WebMargin       *money.Bps  `json:"web_margin" validate:"required"`
	RetailMargin    *money.Bps  `json:"retail_margin" validate:"required"`
	DealerMargin    *money.Bps  `json:"dealer_margin" validate:"required"`
	DescriptionTime string      `json:"description_time" validate:"required,max=255"`
	MinPrice        *money.Para `json:"min_price" validate:"required"`
	AllowedRebate   *money.Bps  `json:"allowed_rebate" validate:"required"`
	DeclarationName string      `json:"declaration_name" validate:"max=255"`
	CountryOfOrigin string      `json:"country_of_origin" validate:"max=255"`
	ConsumerRights  string      `json:"consumer_rights"`
	Active          *bool       `json:"active"`
}

// CategoryPatch changes only the fields it carries. ParentSet with ParentID nil moves the
// category to the top level.
type CategoryPatch struct {
	ParentSet       bool
	ParentID        *uint64
	Name            *string
	Prefix          *string
	Position        *int
	Pdv             *money.Bps
	WebMargin       *money.Bps
	RetailMargin    *money.Bps
	DealerMargin    *money.Bps
	DescriptionTime *string
	MinPrice        *money.Para
	AllowedRebate   *money.Bps
	DeclarationName *string
	CountryOfOrigin *string
	ConsumerRights  *string
	Active          *bool
}

// CategoryFilter is the category list's query.
type CategoryFilter struct {
	Search       string
	OnlyChildren bool // leaves only
	Main         bool // top level only
	ParentID     *uint64
	// Tree nests every row's subcategories (all levels).
	Tree bool
	// ActiveOnly drops inactive categories and everything under them (the storefront).
	ActiveOnly bool
	// WithProductsCount fills ProductsCount.
	WithProductsCount bool
	Page              listing.Page
}

// Declaration is what the storefront prints on a product of the category.
type Declaration struct {
	Name            string
	CountryOfOrigin string
	ConsumerRights  string
}

// The percentages' bounds: above 0.01 % and below 99.99 %.
const (
	minPercentBps money.Bps = 1
	maxPercentBps money.Bps = 9999
)

// checkCategory applies the back-office rules (spec 5, Categories) beyond the tags.
func checkCategory(in *CategoryInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.Prefix = strings.TrimSpace(in.Prefix)
	in.DescriptionTime = strings.TrimSpace(in.DescriptionTime)
	var fields []apperr.FieldError
	if err := validation.Check(in); err != nil {
		fields = append(fields, apperr.As(err).Fields...)
	}
	has := func(f string) bool {
		return slices.ContainsFunc(fields, func(e apperr.FieldError) bool { return e.Field == f })
	}
	if in.Prefix != "" {
		n := len([]rune(in.Prefix))
		letters := !strings.ContainsFunc(in.Prefix, func(r rune) bool { return !isLetter(r) })
		switch {
		case !letters:
			fields = append(fields, apperr.Field("prefix", "validation.letters"))
		case n < 2:
			fields = append(fields, apperr.Field("prefix", "validation.min_chars", "n", 2))
		case n > 3:
			fields = append(fields, apperr.Field("prefix", "validation.max_chars", "n", 3))
		}
	}
	for _, p := range []struct {
		field string
		v     *money.Bps
	}{{"pdv", in.Pdv}, {"web_margin", in.WebMargin}, {"retail_margin", in.RetailMargin}, {"dealer_margin", in.DealerMargin}} {
		switch {
		case p.v == nil || has(p.field):
		case *p.v <= minPercentBps:
			fields = append(fields, apperr.Field(p.field, "validation.gt", "n", "0.01"))
		case *p.v >= maxPercentBps:
			fields = append(fields, apperr.Field(p.field, "validation.lt", "n", "99.99"))
		}
	}
	if in.MinPrice != nil && *in.MinPrice <= 1 {
		fields = append(fields, apperr.Field("min_price", "validation.gt", "n", "0.01"))
	}
	// "allowed rebate greater than 1" (percent), and a percentage stays below 100.
	if in.AllowedRebate != nil {
		switch {
		case *in.AllowedRebate <= 100:
			fields = append(fields, apperr.Field("allowed_rebate", "validation.gt", "n", "1"))
		case *in.AllowedRebate >= maxPercentBps:
			fields = append(fields, apperr.Field("allowed_rebate", "validation.lt", "n", "99.99"))
		}
	}
	if len(fields) > 0 {
		slices.SortStableFunc(fields, func(a, b apperr.FieldError) int { return strings.Compare(a.Field, b.Field) })
		return apperr.InvalidFields(fields...)
	}
	return nil
}

func isLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune("čćšžđČĆŠŽĐ", r)
}

// allCategories loads the whole tree's rows (categories are few: hundreds), ordered.
func (s *Service) allCategories(ctx context.Context, tx *gorm.DB) ([]*Category, error) {
	var cats []*Category
	if err := tx.WithContext(ctx).Order("position, name, id").Find(&cats).Error; err != nil {
		return nil, apperr.Wrap(err, "load categories")
	}
	return cats, nil
}

// categoryTree indexes loaded rows by id and by parent.
type categoryTree struct {
	byID     map[uint64]*Category
	children map[uint64][]*Category // 0: top level
}

func newCategoryTree(cats []*Category) categoryTree {
	t := categoryTree{byID: make(map[uint64]*Category, len(cats)), children: map[uint64][]*Category{}}
	for _, c := range cats {
		t.byID[c.ID] = c
	}
	for _, c := range cats {
		p := uint64(0)
		if c.ParentID != nil {
			p = *c.ParentID
		}
		t.children[p] = append(t.children[p], c)
	}
	return t
}

// nest returns a copy of c with its subcategories (recursively) attached, skipping inactive
// ones when activeOnly.
func (t categoryTree) nest(c *Category, activeOnly bool) *Category {
	cp := *c
	cp.Subcategories = []*Category{}
	for _, ch := range t.children[c.ID] {
		if activeOnly && !ch.Active {
			continue
		}
		cp.Subcategories = append(cp.Subcategories, t.nest(ch, activeOnly))
	}
	return &cp
}

// visible tells whether c and all its ancestors are active.
func (t categoryTree) visible(c *Category) bool {
	for depth := 0; c != nil && depth <= MaxCategoryLevel+1; depth++ {
		if !c.Active {
			return false
		}
		if c.ParentID == nil {
			return true
		}
		c = t.byID[*c.ParentID]
	}
	return c == nil
}

// subtreeDepth is the number of levels from c down to its deepest descendant (1: a leaf).
func (t categoryTree) subtreeDepth(id uint64) int {
	d := 1
	for _, ch := range t.children[id] {
		d = max(d, 1+t.subtreeDepth(ch.ID))
	}
	return d
}

// descendants are the ids under id, at every level.
func (t categoryTree) descendants(id uint64) []uint64 {
	var out []uint64
	for _, ch := range t.children[id] {
		out = append(out, ch.ID)
		out = append(out, t.descendants(ch.ID)...)
	}
	return out
}

// ListCategories answers a page of categories by position and name. The whole table is read
// in one statement and filtered and nested in memory: categories are few, and the tree needs
// them all anyway.
func (s *Service) ListCategories(ctx context.Context, f CategoryFilter) ([]*Category, int64, error) {
	cats, err := s.allCategories(ctx, s.db)
	if err != nil {
		return nil, 0, err
	}
	t := newCategoryTree(cats)
	term := Fold(strings.TrimSpace(f.Search))
	var rows []*Category
	for _, c := range cats {
		switch {
		case f.ActiveOnly && !t.visible(c),
			f.Main && c.ParentID != nil,
			f.OnlyChildren && len(t.children[c.ID]) > 0,
			f.ParentID != nil && (c.ParentID == nil || *c.ParentID != *f.ParentID),
			term != "" && !strings.Contains(Fold(c.Name), term):
			continue
		}
		rows = append(rows, c)
	}
	total := int64(len(rows))
	from := min(f.Page.Offset(), len(rows))
	to := len(rows)
	if f.Page.Size > 0 {
		to = min(from+f.Page.Size, len(rows))
	}
	rows = rows[from:to]
	out := make([]*Category, len(rows))
	for i, c := range rows {
		if f.Tree {
			out[i] = t.nest(c, f.ActiveOnly)
		} else {
			cp := *c
			out[i] = &cp
		}
	}
	if f.WithProductsCount && len(out) > 0 {
		if err := s.countCategoryProducts(ctx, out); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// countCategoryProducts fills ProductsCount: products whose main category it is or that are
// linked to it, in one grouped statement for the page.
func (s *Service) countCategoryProducts(ctx context.Context, cats []*Category) error {
	ids := make([]uint64, len(cats))
	for i, c := range cats {
		ids[i] = c.ID
	}
	var counts []struct {
		CategoryID uint64
		N          int64
	}
	err := s.db.WithContext(ctx).Raw(`SELECT category_id, COUNT(*) AS n FROM (
		SELECT main_category_id AS category_id, id AS product_id FROM products WHERE main_category_id IN ?
		UNION
		SELECT category_id, product_id FROM product_categories WHERE category_id IN ?) t
		GROUP BY category_id`, ids, ids).Scan(&counts).Error
	if err != nil {
		return apperr.Wrap(err, "count category products")
	}
	n := make(map[uint64]int64, len(counts))
	for _, c := range counts {
		n[c.CategoryID] = c.N
	}
	for _, c := range cats {
		v := n[c.ID]
		c.ProductsCount = &v
	}
	return nil
}

// GetCategory answers one category (without subcategories) or its 404.
func (s *Service) GetCategory(ctx context.Context, id uint64) (*Category, error) {
	return s.getCategory(ctx, s.db, id)
}

func (s *Service) getCategory(ctx context.Context, tx *gorm.DB, id uint64) (*Category, error) {
	var c Category
	err := tx.WithContext(ctx).First(&c, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("category")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get category")
	}
	return &c, nil
}

// CategoryDeclaration answers the declaration of an active category by its slug.
func (s *Service) CategoryDeclaration(ctx context.Context, slug string) (*Declaration, error) {
	var c Category
	err := s.db.WithContext(ctx).Where("slug = ? AND active = ?", slug, true).First(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("category")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get category")
	}
	return &Declaration{Name: c.DeclarationName, CountryOfOrigin: c.CountryOfOrigin, ConsumerRights: c.ConsumerRights}, nil
}

// CreateCategory adds a category under its parent (or at the top level); the slug comes from
// the name, unique; the level is the parent's plus one.
func (s *Service) CreateCategory(ctx context.Context, in CategoryInput) (*Category, error) {
	if err := checkCategory(&in); err != nil {
		return nil, err
	}
	var out *Category
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cats, err := s.allCategories(ctx, tx)
		if err != nil {
			return err
		}
		t := newCategoryTree(cats)
		level := 1
		if in.ParentID != nil && *in.ParentID != 0 {
			p := t.byID[*in.ParentID]
			if p == nil {
				return apperr.InvalidFields(apperr.Field("parent_id", "validation.category_parent"))
			}
			if p.Level+1 > MaxCategoryLevel {
				return apperr.InvalidFields(apperr.Field("parent_id", "validation.category_depth", "n", MaxCategoryLevel))
			}
			level = p.Level + 1
		} else {
			in.ParentID = nil
		}
		slug, err := s.uniqueCategorySlug(ctx, tx, in.Name, 0)
		if err != nil {
			return err
		}
		c := &Category{Slug: slug, Level: level, Active: true}
		applyCategoryInput(c, in)
		if in.Position == nil {
			c.Position = nextPosition(t.children[parentKey(in.ParentID)])
		}
		if err := tx.Create(c).Error; err != nil {
			return apperr.Wrap(err, "create category")
		}
		out = c
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryCreated, SubjectType: activity.SubjectCategory, SubjectID: c.ID,
			New: categoryValues(c)})
	})
	return out, err
}

// categoryValues is a category as the activity log keeps it (the image by whether there is one).
func categoryValues(c *Category) map[string]any {
	return map[string]any{"name": c.Name, "slug": c.Slug, "parent_id": c.ParentID, "prefix": c.Prefix, "position": c.Position,
		"level": c.Level, "pdv": c.PdvBps, "web_margin": c.WebMarginBps, "retail_margin": c.RetailMarginBps, "dealer_margin": c.DealerMarginBps,
		"description_time": c.DescriptionTime, "min_price": c.MinPrice, "allowed_rebate": c.AllowedRebate, "image": c.ImageKey != "",
		"declaration_name": c.DeclarationName, "country_of_origin": c.CountryOfOrigin, "consumer_rights": c.ConsumerRights, "active": c.Active}
}

func parentKey(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}

func nextPosition(siblings []*Category) int {
	n := 0
	for _, c := range siblings {
		n = max(n, c.Position+1)
	}
	return n
}

func applyCategoryInput(c *Category, in CategoryInput) {
	c.ParentID = in.ParentID
	c.Name = in.Name
	c.Prefix = strings.ToUpper(in.Prefix)
	if in.Position != nil {
		c.Position = *in.Position
	}
	c.PdvBps, c.WebMarginBps, c.RetailMarginBps, c.DealerMarginBps = *in.Pdv, *in.WebMargin, *in.RetailMargin, *in.DealerMargin
	c.DescriptionTime = in.DescriptionTime
	c.MinPrice = *in.MinPrice
	c.AllowedRebate = *in.AllowedRebate
	c.DeclarationName = strings.TrimSpace(in.DeclarationName)
	c.CountryOfOrigin = strings.TrimSpace(in.CountryOfOrigin)
	c.ConsumerRights = in.ConsumerRights
	if in.Active != nil {
		c.Active = *in.Active
	}
}

// categoryInputOf is the form of an existing category, for a patch to overlay.
func categoryInputOf(c *Category) CategoryInput {
	pos, pdv, web, retail, dealer, minPrice, rebate, active := c.Position, c.PdvBps, c.WebMarginBps, c.RetailMarginBps, c.DealerMarginBps, c.MinPrice, c.AllowedRebate, c.Active
	return CategoryInput{ParentID: c.ParentID, Name: c.Name, Prefix: c.Prefix, Position: &pos, Pdv: &pdv, WebMargin: &web,
		RetailMargin: &retail, DealerMargin: &dealer, DescriptionTime: c.DescriptionTime, MinPrice: &minPrice, AllowedRebate: &rebate,
		DeclarationName: c.DeclarationName, CountryOfOrigin: c.CountryOfOrigin, ConsumerRights: c.ConsumerRights, Active: &active}
}

func (p CategoryPatch) apply(in *CategoryInput) {
	if p.ParentSet {
		in.ParentID = p.ParentID
	}
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&in.Name, p.Name)
	set(&in.Prefix, p.Prefix)
	set(&in.DescriptionTime, p.DescriptionTime)
	set(&in.DeclarationName, p.DeclarationName)
	set(&in.CountryOfOrigin, p.CountryOfOrigin)
	set(&in.ConsumerRights, p.ConsumerRights)
	if p.Position != nil {
		in.Position = p.Position
	}
	for _, b := range []struct {
		dst **money.Bps
		v   *money.Bps
	}{
		{&in.Pdv, p.Pdv}, {&in.WebMargin, p.WebMargin}, {&in.RetailMargin, p.RetailMargin}, {&in.DealerMargin, p.DealerMargin}, {&in.AllowedRebate, p.AllowedRebate}} {
		if b.v != nil {
			*b.dst = b.v
		}
	}
	if p.MinPrice != nil {
		in.MinPrice = p.MinPrice
	}
	if p.Active != nil {
		in.Active = p.Active
	}
}

// UpdateCategory changes the fields the patch carries. A new name gives a new slug; a new
// parent moves the category with its subtree (levels follow; not under itself; at most
// MaxCategoryLevel deep). A new VAT or margin starts the recompute of the prices of
// the products whose main category it is (pricing's job; the user who changed it is told).
func (s *Service) UpdateCategory(ctx context.Context, id uint64, p CategoryPatch) (*Category, error) {
	var out *Category
	repriced := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cats, err := s.allCategories(ctx, tx)
		if err != nil {
			return err
		}
		t := newCategoryTree(cats)
		cur := t.byID[id]
		if cur == nil {
			return apperr.NotFoundThing("category")
		}
		in := categoryInputOf(cur)
		p.apply(&in)
		if err := checkCategory(&in); err != nil {
			return err
		}
		if in.ParentID != nil && *in.ParentID == 0 {
			in.ParentID = nil
		}
		c := *cur
		level := 1
		if in.ParentID != nil {
			par := t.byID[*in.ParentID]
			if par == nil {
				return apperr.InvalidFields(apperr.Field("parent_id", "validation.category_parent"))
			}
			if par.ID == id || slices.Contains(t.descendants(id), par.ID) {
				return apperr.InvalidFields(apperr.Field("parent_id", "validation.category_cycle"))
			}
			level = par.Level + 1
		}
		if level+t.subtreeDepth(id)-1 > MaxCategoryLevel {
			return apperr.InvalidFields(apperr.Field("parent_id", "validation.category_depth", "n", MaxCategoryLevel))
		}
		moved := parentKey(in.ParentID) != parentKey(cur.ParentID)
		applyCategoryInput(&c, in)
		if moved && p.Position == nil {
			c.Position = nextPosition(t.children[parentKey(in.ParentID)])
		}
		if c.Name != cur.Name {
			if c.Slug, err = s.uniqueCategorySlug(ctx, tx, c.Name, id); err != nil {
				return err
			}
		}
		if delta := level - cur.Level; delta != 0 {
			c.Level = level
			if sub := t.descendants(id); len(sub) > 0 {
				if err := tx.Model(&Category{}).Where("id IN ?", sub).Update("level", gorm.Expr("level + ?", delta)).Error; err != nil {
					return apperr.Wrap(err, "move subcategories")
				}
			}
		}
		c.UpdatedAt = s.now()
		if err := tx.Select("*").Omit("created_at").Save(&c).Error; err != nil {
			return apperr.Wrap(err, "update category")
		}
		out = &c
		repriced = c.Margins() != cur.Margins()
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryUpdated, SubjectType: activity.SubjectCategory, SubjectID: id,
			Old: categoryValues(cur), New: categoryValues(&c)})
	})
	if err != nil || !repriced {
		return out, err
	}
	// The products whose main category this is follow its new VAT and margins (spec/decisions.md
	// "Prices"): a job, started once the change has committed so that it reads the new values.
	return out, s.prices.RecomputeCategory(ctx, out.ID, out.Name)
}

// DeleteCategory removes a category that has no subcategories and no products, with its
// attribute links and image.
func (s *Service) DeleteCategory(ctx context.Context, id uint64) error {
	var imageKey string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, err := s.getCategory(ctx, tx, id)
		if err != nil {
			return err
		}
		imageKey = c.ImageKey
		var n int64
		if err := tx.Model(&Category{}).Where("parent_id = ?", id).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "count subcategories")
		}
		if n > 0 {
			return apperr.New(apperr.Conflict, "category.has_subcategories")
		}
		var used []int
		err = tx.Raw(`SELECT 1 FROM products WHERE main_category_id = ?
			UNION ALL SELECT 1 FROM product_categories WHERE category_id = ? LIMIT 1`, id, id).Scan(&used).Error
		if err != nil {
			return apperr.Wrap(err, "count category products")
		}
		if len(used) > 0 {
			return apperr.New(apperr.Conflict, "category.has_products")
		}
		if err := tx.Where("category_id = ?", id).Delete(&CategoryAttribute{}).Error; err != nil {
			return apperr.Wrap(err, "delete category attributes")
		}
		if err := tx.Delete(&Category{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete category")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryDeleted, SubjectType: activity.SubjectCategory, SubjectID: id,
			Old: categoryValues(c)})
	})
	if err == nil && imageKey != "" {
		s.deleteObjects(ctx, imageKey) // garbage now; a failed delete is logged, nothing visible is lost
	}
	return err
}

// uniqueCategorySlug is the name's slug, with -2, -3, ... when another category has it.
func (s *Service) uniqueCategorySlug(ctx context.Context, tx *gorm.DB, name string, self uint64) (string, error) {
	base := Slugify(name)
	if base == "" {
		base = "kategorija"
	}
	var taken []string
	err := tx.WithContext(ctx).Model(&Category{}).Where("id <> ? AND (slug = ? OR slug LIKE ?"+db.LikeEscape+")", self, base, db.LikeLiteral(base)+"-%").
		Pluck("slug", &taken).Error
	if err != nil {
		return "", apperr.Wrap(err, "check slug")
	}
	return firstFreeSlug(base, taken), nil
}

func firstFreeSlug(base string, taken []string) string {
	used := make(map[string]bool, len(taken))
	for _, t := range taken {
		used[t] = true
	}
	if !used[base] {
		return base
	}
	for i := 2; ; i++ {
		if s := fmt.Sprintf("%s-%d", base, i); !used[s] {
			return s
		}
	}
}

// SetCategoryImage stores a category's image (JPG, PNG or WEBP by content, at most 2 MB)
// under images/categories/ and replaces the previous one.
func (s *Service) SetCategoryImage(ctx context.Context, id uint64, r io.Reader) (*Category, error) {
	c, err := s.GetCategory(ctx, id)
	if err != nil {
		return nil, err
	}
	img, err := s.readImage(ctx, r, "image")
	if err != nil {
		return nil, err
	}
	data, ctype, ext := img.Data, img.ContentType(), img.Ext()
	key := fmt.Sprintf("images/categories/%s.%s", uuid.NewString(), ext)
	if err := s.blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ctype); err != nil {
		return nil, apperr.Wrap(err, "store category image")
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Category{}).Where("id = ?", id).Updates(map[string]any{"image_key": key, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "save category image")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryUpdated, SubjectType: activity.SubjectCategory, SubjectID: id,
			Old: map[string]any{"image": c.ImageKey != ""}, New: map[string]any{"image": true}})
	})
	if err != nil {
		s.deleteObjects(ctx, key)
		return nil, err
	}
	if c.ImageKey != "" {
		s.deleteObjects(ctx, c.ImageKey)
	}
	return s.GetCategory(ctx, id)
}
