package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/platform/validation"
	"shop/internal/pricing"
)

// Product is a shop product (table products). Its JSON form is what the activity log keeps.
type Product struct {
	ID          uint64 `json:"id"`
	SKU         string `gorm:"column:sku" json:"sku"`
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	SearchText  string `json:"-"`
	// SearchDescription is the description's plain text folded (the storefront search's).
	SearchDescription string     `json:"-"`
	Active            bool       `json:"active"`
	Visible           bool       `json:"visible"`
	Eponuda           bool       `json:"eponuda"`
	EntryPrice        money.Para `json:"entry_price"`
	WebPrice          money.Para `json:"web_price"`
	RetailPrice       money.Para `json:"retail_price"`
	DealerPrice       money.Para `json:"dealer_price"`
	AuthPrice         money.Para `gorm:"column:authenticated_price" json:"authenticated_price"`
	// DiscountPrice and ActiveDiscountID are today's action (derived by pricing; nil: none).
	DiscountPrice    *money.Para `json:"discount_price"`
	ActiveDiscountID *uint64     `json:"active_discount_id"`
	EpPrice          money.Para  `json:"ep_price"`
	Stock            int         `json:"stock"`
	EAN              string      `gorm:"column:ean" json:"ean"`
	CountryOfOrigin  string      `json:"country_of_origin"`
	MainCategoryID   uint64      `json:"main_category_id"`
	BrandID          *uint64     `json:"brand_id"`
	ManufacturerID   *uint64     `json:"manufacturer_id"`
	SupplierID       *uint64     `json:"supplier_id"`
	EnergyStickerKey string      `json:"energy_sticker_key"`
	CreatedAt        time.Time   `json:"created_at"`
	UpdatedAt        time.Time   `json:"updated_at"`
}

func (Product) TableName() string { return "products" }

// ProductCategory links a product to one of its categories (the main one among them).
type ProductCategory struct {
	ProductID  uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID uint64 `gorm:"primaryKey;autoIncrement:false"`
}

func (ProductCategory) TableName() string { return "product_categories" }

// ProductIncludes are the relations a product answer may carry.
type ProductIncludes struct {
	MainCategory, MainImage, Categories, Brand, Supplier, Images, Attributes bool
	// stickersLoaded: the caller reads the catalog stickers itself (a single product, whose
	// stickers are read whole once for both views), so MainImage does not load card stickers.
	stickersLoaded bool
}

// ProductCategoryRef is a category as a product shows it.
type ProductCategoryRef struct {
	ID       uint64     `json:"id"`
	Name     string     `json:"name"`
	Slug     string     `json:"slug"`
	MinPrice money.Para `json:"min_price"`
}

// ProductImageRef is an image of a product with its two variants' object keys.
type ProductImageRef struct {
	ID        uint64
	ProductID uint64
	Main      bool
	SmallKey  string
	LargeKey  string
	Position  int
}

// ProductRef is a named thing a product points at (brand, supplier).
type ProductRef struct {
	ID   uint64
	Name string
}

// ProductValueRef is an attribute value a product points at (manufacturer, attribute value).
type ProductValueRef struct {
	ID    uint64
	Value string
}

// ProductStickerView is one catalog sticker of a product as the product answer shows it, with
// the type's sticker image key.
type ProductStickerView struct {
	ID                   uint64
	CatalogStickerTypeID uint64
	StickerKey           string
	ValidFrom            time.Time
	ValidTo              time.Time
	Active               bool
}

// ProductDetails is a product with the relations asked for. Brand, manufacturer and the
// supplier connection are always loaded (the list shows them); the rest by includes.
type ProductDetails struct {
	Product
	MainCategorySlug  string
	MainCategory      *ProductCategoryRef // MainCategory included
	MainImage         *ProductImageRef    // MainImage included; nil: none
	Brand             *ProductRef
	Manufacturer      *ProductValueRef
	Supplier          *ProductRef // Supplier included
	SupplierProductID *uint64     // the connected price-list product
	Categories        []ProductCategoryRef
	Images            []ProductImageRef
	Attributes        []ProductAttributeView
	CatalogStickers   []ProductStickerView    // single product only
	CardStickers      []CardSticker           // today's catalog stickers; loaded with MainImage (product cards)
	Discount          *pricing.ActiveDiscount // today's action, nil: none
}

// ShownPrices are what a guest and a logged-in customer pay (pricing's shown-price rule).
func (p *ProductDetails) ShownPrices() (guest, customer money.Para) {
	return pricing.Shown(p.WebPrice, p.AuthPrice, p.DiscountPrice)
}

// Buyable is product_summaries.buyable (the storefront's cart rule) on a loaded product: live,
// in stock, priced (a web price of 0 is a missing price, not a free product) and not below its
// main category's min price (p must carry its main category; without one that never blocks).
// Stock is part of the rule so a product nobody can deliver shows the out-of-stock box (and its
// back-in-stock form) instead of a cart button that only the checkout would refuse.
func (p *ProductDetails) Buyable() bool {
	if !p.Active || !p.Visible || p.Stock <= 0 || p.WebPrice <= 0 {
		return false
	}
	return p.MainCategory == nil || p.WebPrice >= p.MainCategory.MinPrice
}

// Connected tells whether a supplier price-list product is linked to the product.
func (p *ProductDetails) Connected() bool { return p.SupplierProductID != nil }

// productListColumns: everything the list shows (not the description nor the search text).
const productListColumns = "products.id, products.sku, products.name, products.slug, products.active, products.visible, " +
	"products.eponuda, products.entry_price, products.web_price, products.retail_price, products.dealer_price, " +
	"products.authenticated_price, products.discount_price, products.active_discount_id, products.ep_price, products.stock, products.ean, products.country_of_origin, " +
	"products.main_category_id, products.brand_id, products.manufacturer_id, products.supplier_id, " +
	"products.energy_sticker_key, products.created_at, products.updated_at"

// productCountBound is where the product list stops counting: a filter matching more is
// "more than 10,000" (docs/catalog.md: an exact count of a broad filter reads every match). A
// variable for the tests.
const productCountBound = 10_000

// ListProducts is a page of the products matching f, with the total.
//
// One statement reads the matches' ids and sort keys, at most bound+1 of them (bound: 10,000,
// or the end of the page when that is further), counts them and orders them: when that many
// or fewer match, it has the page and the exact total in one pass over the matches. When more
// match, the total is bounded ("more than bound") and the page is read again in order, which
// a broad filter answers from an index walk that stops after the page (the sort's index on
// products, or product_sort_keys'). The page's rows are then read by id. With no filter, or
// one of yes/no columns alone (usually broad), the count to the bound comes first from an index
// alone (products_list_flags_idx), and above the bound the page is the index walk. The plans
// count on the database's planner settings for the shop (migration 0051).
func (s *Service) ListProducts(ctx context.Context, f ProductFilter, page listing.Page, inc ProductIncludes) ([]ProductDetails, listing.Total, error) {
	f.today = s.Today()
	srt, err := parseProductSort(f.Sort)
	if err != nil {
		return nil, listing.Total{}, err
	}
	// No transaction: on SQLite one would take the write lock (immediate), and the
	// statements need no common snapshot (a total a moment older than its page is harmless).
	rows, total, err := s.productPage(ctx, s.db, f, srt, page)
	if err != nil {
		return nil, listing.Total{}, err
	}
	out, err := s.productDetails(ctx, rows, inc)
	return out, total, err
}

// productPage is ListProducts' page of rows and total inside tx.
func (s *Service) productPage(ctx context.Context, tx *gorm.DB, f ProductFilter, srt productSort, page listing.Page) ([]Product, listing.Total, error) {
	db := tx.WithContext(ctx)
	bound := productCountBound
	if s.countBound > 0 {
		bound = s.countBound
	}
	bound = max(bound, page.Offset()+page.Size)
	broad, err := narrowPriceRanges(db, &f, bound)
	if err != nil {
		return nil, listing.Total{}, err
	}
	if broad && f.onlyOnePriceRange() {
		// The range alone is the filter, and its keys (counted from product_sort_keys' index)
		// are more than the bound: so are the matches, and the page is the index walk.
		rows, err := sortedPage(db, f, page)
		return rows, listing.Total{N: int64(bound), Bounded: true}, err
	}
	if f.onlyFlags() {
		// No filter, or only yes/no columns: counting to the bound needs no sort key, only an
		// index (products_list_flags_idx, or the smallest one for no filter), where the one pass
		// below would read products' wide rows (half-empty pages: 0006). Such a filter usually
		// matches more than the bound, and its page is then an index walk; when it does not,
		// the pass below follows.
		c, err := applyWhere(db.Model(&Product{}).Select("1"), f)
		if err != nil {
			return nil, listing.Total{}, err
		}
		var n int64
		if err := db.Raw("SELECT COUNT(*) FROM (?) m", c.Limit(bound+1)).Scan(&n).Error; err != nil {
			return nil, listing.Total{}, apperr.Wrap(err, "count products")
		}
		if n > int64(bound) {
			rows, err := sortedPage(db, f, page)
			return rows, listing.Total{N: int64(bound), Bounded: true}, err
		}
	}
	m, err := applyWhere(db.Model(&Product{}).Select("products.id, products."+srt.col+" AS sort_key"), f)
	if err != nil {
		return nil, listing.Total{}, err
	}
	m = m.Limit(bound + 1)
	// The page's rows are read in the statement that orders and counts the matches (a round
	// trip less than reading them by id after it).
	var hits []struct {
		Product
		N int64
	}
	err = db.Raw("SELECT "+productListColumns+", w.n FROM (SELECT m.id, m.sort_key, COUNT(*) OVER () AS n FROM (?) m ORDER BY "+
		srt.order("m.sort_key", "m.id")+" LIMIT ? OFFSET ?) w JOIN products ON products.id = w.id ORDER BY "+srt.order("w.sort_key", "w.id"),
		m, page.Size, page.Offset()).Scan(&hits).Error
	if err != nil {
		return nil, listing.Total{}, apperr.Wrap(err, "list products")
	}
	var total listing.Total
	switch {
	case len(hits) > 0:
		total.N = hits[0].N
	case page.Offset() > 0: // past the last page: the count alone
		if err := db.Raw("SELECT COUNT(*) FROM (?) m", m).Scan(&total.N).Error; err != nil {
			return nil, listing.Total{}, apperr.Wrap(err, "count products")
		}
	}
	var rows []Product
	if total.N > int64(bound) {
		rows, err = sortedPage(db, f, page)
		return rows, listing.Total{N: int64(bound), Bounded: true}, err
	} else if len(hits) > 0 {
		rows = make([]Product, len(hits))
		for i, h := range hits {
			rows[i] = h.Product
		}
	}
	return rows, total, nil
}

// narrowPriceRanges marks the price ranges of f that product_sort_keys' index finds at most
// bound keys in (counted from the index alone), so that the list looks them up there; it
// answers whether a range was counted and found over the bound. A range alone is always
// counted.
func narrowPriceRanges(db *gorm.DB, f *ProductFilter, bound int) (broad bool, err error) {
	for _, r := range []struct {
		col      string
		from, to *money.Para
	}{{"web_price", f.WebPriceFrom, f.WebPriceTo}, {"entry_price", f.EntryPriceFrom, f.EntryPriceTo}} {
		if r.from == nil && r.to == nil {
			continue
		}
		q := db.Table("product_sort_keys").Select("1")
		if r.from != nil {
			q = q.Where(r.col+" >= ?", int64(*r.from))
		}
		if r.to != nil {
			q = q.Where(r.col+" <= ?", int64(*r.to))
		}
		var n int64
		if err := db.Raw("SELECT COUNT(*) FROM (?) k", q.Limit(bound+1)).Scan(&n).Error; err != nil {
			return false, apperr.Wrap(err, "list products: price range")
		}
		if n <= int64(bound) {
			if f.keyedRanges == nil {
				f.keyedRanges = map[string]bool{}
			}
			f.keyedRanges[r.col] = true
		} else {
			broad = true
		}
	}
	return broad, nil
}

// sortedPage reads a page of the products matching f in f's order: a broad filter's page, which
// an index walk in that order answers after the page's rows.
func sortedPage(db *gorm.DB, f ProductFilter, page listing.Page) ([]Product, error) {
	q, err := applyFilter(db.Model(&Product{}), f)
	if err != nil {
		return nil, err
	}
	var rows []Product
	if err := q.Select(productListColumns).Offset(page.Offset()).Limit(page.Size).Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list products")
	}
	return rows, nil
}

// productsInOrder reads the list's columns of the products ids names, in that order.
func productsInOrder(db *gorm.DB, ids []uint64) ([]Product, error) {
	var found []Product
	if err := db.Model(&Product{}).Select(productListColumns).Where("products.id IN ?", ids).Find(&found).Error; err != nil {
		return nil, apperr.Wrap(err, "list products")
	}
	byID := make(map[uint64]*Product, len(found))
	for i := range found {
		byID[found[i].ID] = &found[i]
	}
	rows := make([]Product, 0, len(ids))
	for _, id := range ids {
		if p := byID[id]; p != nil { // deleted between the two reads: left out
			rows = append(rows, *p)
		}
	}
	return rows, nil
}

// GetProduct is one product with the relations asked for, its energy sticker and catalog stickers.
func (s *Service) GetProduct(ctx context.Context, id uint64, inc ProductIncludes) (*ProductDetails, error) {
	d, _, err := s.getProduct(ctx, s.db.WithContext(ctx).Where("id = ?", id), inc, nil)
	return d, err
}

// LiveProductBySlug is GetProduct of the active product visible on site with this slug (the
// storefront's product page; anything else is not found), with up to related related products
// (relatedCards) loaded in the same statements as the product's own relations.
func (s *Service) LiveProductBySlug(ctx context.Context, slug string, inc ProductIncludes, related int) (*ProductDetails, []ProductDetails, error) {
	cards := func(p *Product) *gorm.DB { return relatedCards(s.db, p, related) }
	return s.getProduct(ctx, s.db.WithContext(ctx).Where("slug = ? AND active = ? AND visible = ?", slug, true, true), inc, cards)
}

// relatedCards chooses the newest other active, visible products of p's main category (its
// product_categories rows, as the category filter reads them). One index walk of
// (category_id, product_id) backwards that stops after limit live rows, reading their rows as
// it goes: the product list's machinery (counting up to its bound) read thousands of rows for
// these few.
func relatedCards(db *gorm.DB, p *Product, limit int) *gorm.DB {
	if p.MainCategoryID == 0 || limit <= 0 {
		return nil
	}
	return db.Table("product_categories pc").Joins("JOIN products ON products.id = pc.product_id").
		Where("pc.category_id = ? AND pc.product_id <> ? AND products.active = ? AND products.visible = ?", p.MainCategoryID, p.ID, true, true).
		Order("pc.product_id DESC").Limit(limit)
}

func (s *Service) getProduct(ctx context.Context, where *gorm.DB, inc ProductIncludes, cards func(*Product) *gorm.DB) (*ProductDetails, []ProductDetails, error) {
	var p Product
	if err := where.Limit(1).Find(&p).Error; err != nil {
		return nil, nil, apperr.Wrap(err, "find product")
	}
	if p.ID == 0 {
		return nil, nil, apperr.NotFoundThing("product")
	}
	rows := []Product{p}
	if cards != nil {
		if q := cards(&p); q != nil {
			more, err := ProductRows(q.WithContext(ctx))
			if err != nil {
				return nil, nil, err
			}
			rows = append(rows, more...)
		}
	}
	// One statement per relation for the product and its cards together; the main category
	// comes with the product's other references (its slug is always shown).
	all := inc
	all.MainCategory = true
	all.MainImage = inc.MainImage || len(rows) > 1
	all.Attributes = false
	all.stickersLoaded = true
	out, err := s.productDetails(ctx, rows, all)
	if err != nil {
		return nil, nil, err
	}
	d, related := &out[0], out[1:]
	if d.MainCategory != nil {
		d.MainCategorySlug = d.MainCategory.Slug
	}
	if !inc.MainCategory {
		d.MainCategory = nil
	}
	if !inc.MainImage && !inc.Images {
		d.MainImage = nil
	}
	for i := range related { // a card has what ProductsDetails of MainCategory and MainImage gives it
		related[i].Categories, related[i].Images, related[i].Supplier = nil, nil, nil
	}
	// One read of the stickers serves the product's sticker list and today's for the cards.
	ids := make([]uint64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	var stickers []struct {
		ProductStickerView
		ProductID      uint64
		TypeName, Slug string
	}
	err = s.db.WithContext(ctx).Table("product_catalog_stickers pcs").
		Select("pcs.id, pcs.product_id, pcs.catalog_sticker_type_id, cst.sticker_key, pcs.valid_from, pcs.valid_to, pcs.active, cst.name AS type_name, cst.slug").
		Joins("JOIN catalog_sticker_types cst ON cst.id = pcs.catalog_sticker_type_id").
		Where("pcs.product_id IN ?", ids).Order("pcs.product_id, pcs.valid_from, pcs.id").Scan(&stickers).Error
	if err != nil {
		return nil, nil, apperr.Wrap(err, "product catalog stickers")
	}
	byID := make(map[uint64]*ProductDetails, len(out))
	for i := range out {
		byID[out[i].ID] = &out[i]
		if i > 0 || inc.MainImage {
			out[i].CardStickers = []CardSticker{}
		}
	}
	d.CatalogStickers = []ProductStickerView{}
	today := s.Today()
	for _, st := range stickers {
		x := byID[st.ProductID]
		if x == d {
			d.CatalogStickers = append(d.CatalogStickers, st.ProductStickerView)
		}
		ps := ProductCatalogSticker{Active: st.Active, ValidFrom: st.ValidFrom, ValidTo: st.ValidTo}
		if x.CardStickers != nil && ps.shownOn(today) {
			x.CardStickers = append(x.CardStickers, CardSticker{ID: st.CatalogStickerTypeID, Name: st.TypeName, Slug: st.Slug, StickerKey: st.StickerKey})
		}
	}
	if inc.Attributes {
		if d.Attributes, err = s.productAttributes(ctx, &p); err != nil {
			return nil, nil, err
		}
	}
	return d, related, nil
}

func (s *Service) findProduct(ctx context.Context, tx *gorm.DB, id uint64) (*Product, error) {
	var p Product
	err := tx.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&p).Error
	if err != nil {
		return nil, apperr.Wrap(err, "find product")
	}
	if p.ID == 0 {
		return nil, apperr.NotFoundThing("product")
	}
	return &p, nil
}

// productDetails loads the relations of a page of products: the one-to-one ones in one
// statement (productRefs), each one-to-many relation asked for in one more.
func (s *Service) productDetails(ctx context.Context, rows []Product, inc ProductIncludes) ([]ProductDetails, error) {
	out := make([]ProductDetails, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	byID := make(map[uint64]*ProductDetails, len(rows))
	var discountIDs []uint64
	for i := range rows {
		out[i].Product = rows[i]
		ids[i] = rows[i].ID
		byID[rows[i].ID] = &out[i]
		if rows[i].ActiveDiscountID != nil {
			discountIDs = append(discountIDs, *rows[i].ActiveDiscountID)
		}
	}
	db := s.db.WithContext(ctx)
	wrap := func(err error, what string) error { return apperr.Wrap(err, "product "+what) }

	if err := s.productRefs(ctx, out, ids, inc); err != nil {
		return nil, err
	}
	if len(discountIDs) > 0 {
		ds, err := s.prices.ActiveDiscounts(ctx, uniqIDs(discountIDs))
		if err != nil {
			return nil, err
		}
		for i := range out {
			if id := out[i].ActiveDiscountID; id != nil {
				if d, ok := ds[*id]; ok {
					out[i].Discount = &d
				}
			}
		}
	}
	if inc.Categories {
		var cs []struct {
			ProductID uint64
			ProductCategoryRef
		}
		err := db.Table("product_categories pc").Select("pc.product_id, c.id, c.name, c.slug, c.min_price").
			Joins("JOIN categories c ON c.id = pc.category_id").Where("pc.product_id IN ?", ids).
			Order("c.level, c.position, c.id").Scan(&cs).Error
		if err != nil {
			return nil, wrap(err, "categories")
		}
		for i := range out {
			out[i].Categories = []ProductCategoryRef{}
		}
		for _, c := range cs {
			byID[c.ProductID].Categories = append(byID[c.ProductID].Categories, c.ProductCategoryRef)
		}
	}
	if inc.Images {
		var imgs []ProductImageRef
		if err := db.Table("product_images").Select("id, product_id, main, small_key, large_key, position").
			Where("product_id IN ?", ids).Order("main DESC, position, id").Scan(&imgs).Error; err != nil {
			return nil, wrap(err, "images")
		}
		for i := range out {
			out[i].Images = []ProductImageRef{}
		}
		for _, im := range imgs {
			d := byID[im.ProductID]
			if im.Main && d.MainImage == nil {
				img := im
				d.MainImage = &img
			}
			d.Images = append(d.Images, im)
		}
	}
	if inc.MainImage && !inc.stickersLoaded {
		if err := s.cardStickers(ctx, out, ids); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func uniqIDs(ids []uint64) []uint64 {
	seen := make(map[uint64]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func idOf(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}

// ProductInput is the product form. On update SKU must be absent or unchanged. Brand and
// manufacturer are always taken (null: none); the other optional fields, when absent, keep
// their values (create: active and visible default to true).
type ProductInput struct {
	SKU             string      `json:"sku" validate:"omitempty,max=15"`
	Name            string      `json:"name" validate:"required,min=2,max=1200"`
	EntryPrice      *money.Para `json:"entry_price"`
	Description     *string     `json:"description"` // rich text; 2-1200 characters of text (checkDescription)
	Categories      []uint64    `json:"categories"`
	MainCategoryID  *uint64     `json:"main_category_id"`
	Active          *bool       `json:"active"`
	Visible         *bool       `json:"visible"`
	BrandID         *uint64     `json:"brand_id"`
	ManufacturerID  *uint64     `json:"manufacturer_id"`
	CountryOfOrigin *string     `json:"country_of_origin" validate:"omitempty,max=255"`
	EAN             *string     `json:"ean" validate:"omitempty,max=64"`
	Stock           *int        `json:"stock" validate:"omitempty,min=0"`
}

// checkProductInput applies the form's rules (spec section 5) and the references' existence.
func (s *Service) checkProductInput(ctx context.Context, tx *gorm.DB, in *ProductInput, create bool) error {
	in.SKU = strings.TrimSpace(in.SKU)
	in.Name = strings.TrimSpace(in.Name)
	var fields []apperr.FieldError
	if err := validation.Check(*in); err != nil {
		e := apperr.As(err)
		if e.Code != apperr.Invalid {
			return err
		}
		fields = append(fields, e.Fields...)
	}
	if create && in.SKU == "" {
		fields = append(fields, apperr.Field("sku", "validation.required"))
	}
	if in.Description != nil {
		if fe := checkDescription("description", *in.Description, false); fe != nil {
			fields = append(fields, *fe)
		}
	}
	switch {
	case in.EntryPrice == nil:
		fields = append(fields, apperr.Field("entry_price", "validation.required"))
	case *in.EntryPrice < 1:
		fields = append(fields, apperr.Field("entry_price", "product.entry_price_min"))
	}
	in.Categories = uniqIDs(in.Categories)
	if in.MainCategoryID == nil && len(in.Categories) > 0 {
		main := in.Categories[0]
		in.MainCategoryID = &main
	}
	if in.MainCategoryID != nil && !containsID(in.Categories, *in.MainCategoryID) {
		in.Categories = append([]uint64{*in.MainCategoryID}, in.Categories...)
	}
	db := tx.WithContext(ctx)
	if len(in.Categories) == 0 {
		fields = append(fields, apperr.Field("categories", "validation.required"))
	} else {
		var n int64
		if err := db.Table("categories").Where("id IN ?", in.Categories).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "check categories")
		}
		if int(n) != len(in.Categories) {
			field := "categories"
			if n == int64(len(in.Categories))-1 && !rowExists(db, "categories", "id = ?", *in.MainCategoryID) {
				field = "main_category_id"
			}
			fields = append(fields, apperr.Field(field, "product.unknown_id"))
		}
	}
	if in.BrandID != nil && *in.BrandID != 0 && !rowExists(db, "brands", "id = ?", *in.BrandID) {
		fields = append(fields, apperr.Field("brand_id", "product.unknown_id"))
	}
	if in.ManufacturerID != nil && *in.ManufacturerID != 0 &&
		!rowExists(db, "attribute_values", "id = ? AND attribute_id = ?", *in.ManufacturerID, ManufacturerAttributeID) {
		fields = append(fields, apperr.Field("manufacturer_id", "product.unknown_id"))
	}
	if create && in.SKU != "" && len([]rune(in.SKU)) <= 15 && rowExists(db, "products", "sku = ?", in.SKU) {
		fields = append(fields, apperr.Field("sku", "product.sku_taken"))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	return nil
}

func containsID(ids []uint64, id uint64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// exists tells whether table has a row matching the condition (a failed query counts as no).
func rowExists(db *gorm.DB, table, cond string, args ...any) bool {
	var n int64
	db.Table(table).Where(cond, args...).Limit(1).Count(&n)
	return n > 0
}

// applyProductInput copies the form onto p and derives search text and prices.
func (s *Service) applyProductInput(ctx context.Context, tx *gorm.DB, p *Product, in ProductInput) error {
	p.Name = in.Name
	p.SearchText = searchText(p.Name, p.SKU)
	p.EntryPrice = *in.EntryPrice
	p.MainCategoryID = *in.MainCategoryID
	if in.Description != nil {
		p.Description = *in.Description
		p.SearchDescription = SearchDescription(p.Description)
	}
	if in.Active != nil {
		p.Active = *in.Active
	}
	if in.Visible != nil {
		p.Visible = *in.Visible
	}
	// The form always sends both references; null (or absent) means none.
	p.BrandID = idPtr(idOf(in.BrandID))
	p.ManufacturerID = idPtr(idOf(in.ManufacturerID))
	if in.CountryOfOrigin != nil {
		p.CountryOfOrigin = strings.TrimSpace(*in.CountryOfOrigin)
	}
	if in.EAN != nil {
		p.EAN = strings.TrimSpace(*in.EAN)
	}
	if in.Stock != nil {
		p.Stock = *in.Stock
	}
	var c Category
	if err := tx.WithContext(ctx).Where("id = ?", p.MainCategoryID).Take(&c).Error; err != nil {
		return apperr.Wrap(err, "main category")
	}
	// What the recompute will store (pricing writes the columns; the struct shows them to the
	// activity log).
	pr := pricing.Derive(p.EntryPrice, c.Margins())
	p.WebPrice, p.RetailPrice, p.DealerPrice, p.AuthPrice = pr.Web, pr.Retail, pr.Dealer, pr.Authenticated
	return nil
}

func idPtr(id uint64) *uint64 {
	if id == 0 {
		return nil
	}
	return &id
}

// CreateProduct adds a product with its categories; prices are derived from the main category.
func (s *Service) CreateProduct(ctx context.Context, in ProductInput) (*ProductDetails, error) {
	var id uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkProductInput(ctx, tx, &in, true); err != nil {
			return err
		}
		p := Product{SKU: in.SKU, Active: true, Visible: true}
		if err := s.applyProductInput(ctx, tx, &p, in); err != nil {
			return err
		}
		slug, err := s.freeProductSlug(ctx, tx, p.Name, p.SKU)
		if err != nil {
			return err
		}
		p.Slug = slug
		if err := tx.Omit(pricing.Columns...).Create(&p).Error; err != nil {
			if rowExists(tx, "products", "sku = ?", p.SKU) {
				return apperr.InvalidFields(apperr.Field("sku", "product.sku_taken"))
			}
			return apperr.Wrap(err, "create product")
		}
		id = p.ID
		if _, err := s.prices.RecomputeTx(ctx, tx, pricing.Products(p.ID)); err != nil {
			return err
		}
		if err := setProductCategories(tx, p.ID, in.Categories); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductCreated, SubjectType: "product", SubjectID: p.ID,
			New: productLog{p, in.Categories}})
	})
	if err != nil {
		return nil, err
	}
	return s.GetProduct(ctx, id, ProductIncludes{MainCategory: true, Categories: true})
}

// productLog is a product as the activity log keeps it.
type productLog struct {
	Product
	Categories []uint64 `json:"categories"`
}

// UpdateProduct changes a product's form fields (not its SKU nor its slug: links stay valid).
func (s *Service) UpdateProduct(ctx context.Context, id uint64, in ProductInput) (*ProductDetails, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		p, err := s.findProduct(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.checkProductInput(ctx, tx, &in, false); err != nil {
			return err
		}
		if in.SKU != "" && in.SKU != p.SKU {
			return apperr.InvalidFields(apperr.Field("sku", "product.sku_immutable"))
		}
		var oldCats []uint64
		if err := tx.Table("product_categories").Where("product_id = ?", id).Order("category_id").Pluck("category_id", &oldCats).Error; err != nil {
			return apperr.Wrap(err, "product categories")
		}
		old := *p
		if err := s.applyProductInput(ctx, tx, p, in); err != nil {
			return err
		}
		if err := tx.Omit(pricing.Columns...).Save(p).Error; err != nil {
			return apperr.Wrap(err, "update product")
		}
		if _, err := s.prices.RecomputeTx(ctx, tx, pricing.Products(id)); err != nil {
			return err
		}
		if err := tx.Where("product_id = ?", id).Delete(&ProductCategory{}).Error; err != nil {
			return apperr.Wrap(err, "clear product categories")
		}
		if err := setProductCategories(tx, id, in.Categories); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: id,
			Old: productLog{old, oldCats}, New: productLog{*p, in.Categories}})
	})
	if err != nil {
		return nil, err
	}
	return s.GetProduct(ctx, id, ProductIncludes{MainCategory: true, Categories: true})
}

func setProductCategories(tx *gorm.DB, productID uint64, cats []uint64) error {
	rows := make([]ProductCategory, 0, len(cats))
	for _, c := range cats {
		rows = append(rows, ProductCategory{ProductID: productID, CategoryID: c})
	}
	if len(rows) == 0 {
		return nil
	}
	if err := tx.Create(&rows).Error; err != nil {
		return apperr.Wrap(err, "set product categories")
	}
	return nil
}

// freeProductSlug is the name's slug, with -2, -3, ... when taken.
func (s *Service) freeProductSlug(ctx context.Context, tx *gorm.DB, name, sku string) (string, error) {
	base := Slugify(name)
	if base == "" {
		base = Slugify(sku)
	}
	if base == "" {
		base = "proizvod"
	}
	if len(base) > 1280 {
		base = strings.TrimRight(base[:1280], "-")
	}
	var taken []string
	err := tx.WithContext(ctx).Table("products").Where(`slug = ? OR slug LIKE ?`+db.LikeEscape, base, db.LikeLiteral(base)+"-%").
		Pluck("slug", &taken).Error
	if err != nil {
		return "", apperr.Wrap(err, "product slugs")
	}
	used := make(map[string]bool, len(taken))
	for _, t := range taken {
		used[t] = true
	}
	if !used[base] {
		return base, nil
	}
	for n := 2; ; n++ {
		if c := fmt.Sprintf("%s-%d", base, n); !used[c] {
			return c, nil
		}
	}
}

// DeleteProduct removes a product and what hangs on it; its price-list product is disconnected,
// and its image and sticker objects are removed from the store after the commit.
func (s *Service) DeleteProduct(ctx context.Context, id uint64) error {
	var keys []string
	var old Product
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		p, err := s.findProduct(ctx, tx, id)
		if err != nil {
			return err
		}
		old = *p
		var imgs []struct{ SmallKey, LargeKey string }
		if err := tx.Table("product_images").Select("small_key, large_key").Where("product_id = ?", id).Scan(&imgs).Error; err != nil {
			return apperr.Wrap(err, "product images")
		}
		for _, im := range imgs {
			keys = append(keys, im.SmallKey, im.LargeKey)
		}
		for _, t := range []string{"product_categories", "product_attributes", "product_images", "product_catalog_stickers", "discounts"} {
			if err := tx.Exec("DELETE FROM "+t+" WHERE product_id = ?", id).Error; err != nil {
				return apperr.Wrap(err, "delete product's "+t)
			}
		}
		if err := tx.Exec("UPDATE supplier_products SET product_id = NULL WHERE product_id = ?", id).Error; err != nil {
			return apperr.Wrap(err, "disconnect product")
		}
		if err := tx.Delete(&Product{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete product")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProductDeleted, SubjectType: "product", SubjectID: id, Old: p})
	})
	if err != nil {
		return err
	}
	// One energy label object may be shared by many products (mass upload): only its last user takes it along.
	if k := old.EnergyStickerKey; k != "" && !rowExists(s.db.WithContext(ctx), "products", "energy_sticker_key = ?", k) {
		keys = append(keys, k)
	}
	for _, k := range keys {
		if k == "" {
			continue
		}
		if err := s.blobs.Delete(ctx, k); err != nil {
			s.log.WarnContext(ctx, "delete product object", "key", k, "error", err)
		}
	}
	return nil
}

// MaxSelectedIDs bounds an explicit selection (SQLite binds at most 32,766 parameters).
const MaxSelectedIDs = 10000

// selection is the subquery of the products a mass change touches: the ids when given, else
// the filter; neither is refused with emptyKey on field.
func (s *Service) selection(ctx context.Context, ids []uint64, f ProductFilter, field, emptyKey string) (*gorm.DB, error) {
	return selectionOf(s.db.WithContext(ctx), ids, f, field, emptyKey, s.Today())
}

// selectionOf is a query of the ids (one column id) of the products ids name, or (none) the
// filter f on the day today.
func selectionOf(conn *gorm.DB, ids []uint64, f ProductFilter, field, emptyKey, today string) (*gorm.DB, error) {
	q := conn.Model(&Product{}).Select("products.id")
	switch {
	case len(ids) > MaxSelectedIDs:
		return nil, apperr.InvalidFields(apperr.Field(field, "product.too_many", "n", MaxSelectedIDs))
	case len(ids) > 0:
		return q.Where("products.id IN ?", uniqIDs(ids)), nil
	case f.IsEmpty():
		return nil, apperr.InvalidFields(apperr.Field(field, emptyKey))
	}
	f.today = today
	return applyWhere(q, f)
}

// MassDescriptionInput is the mass description change: the ids, or (none) the filter.
type MassDescriptionInput struct {
	Description string   `json:"description"` // rich text; 2-1200 characters of text, required
	IDs         []uint64 `json:"ids"`
}

// MassUpdateDescription sets the description of the selected products in one statement and
// logs one product.updated entry per product (one INSERT ... SELECT).
func (s *Service) MassUpdateDescription(ctx context.Context, in MassDescriptionInput, f ProductFilter) (int64, error) {
	if fe := checkDescription("description", in.Description, true); fe != nil {
		return 0, apperr.InvalidFields(*fe)
	}
	sel, err := s.selection(ctx, in.IDs, f, "ids", "product.select_first")
	if err != nil {
		return 0, err
	}
	var n int64
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		now := s.now()
		if err := activity.RecordBulkTx(ctx, tx, activity.ProductUpdated, "product", sel, map[string]any{"description": in.Description}, now); err != nil {
			return err
		}
		res := tx.Exec("UPDATE products SET description = ?, search_description = ?, updated_at = ? WHERE id IN (?)",
			in.Description, SearchDescription(in.Description), now, sel)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "mass update description")
		}
		n = res.RowsAffected
		return nil
	})
	return n, err
}

// typedParam is a bound parameter in a SELECT list of an INSERT ... SELECT: PostgreSQL cannot
// infer its type there (it would take text), SQLite needs no cast (and would mangle some).
func typedParam(db *gorm.DB, pgType string) string {
	if db.Dialector.Name() == "postgres" {
		return "CAST(? AS " + pgType + ")"
	}
	return "?"
}

// ProductRows are the product list's columns of the products a query selects, in its order
// (q: a query over products that may join, filter, order and limit). The storefront reads a
// page of cards this way in the statement that chooses it.
func ProductRows(q *gorm.DB) ([]Product, error) {
	var rows []Product
	if err := q.Select(productListColumns).Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list products")
	}
	return rows, nil
}

// ProductsDetails are these products with the relations asked for (ProductRows' rows).
func (s *Service) ProductsDetails(ctx context.Context, rows []Product, inc ProductIncludes) ([]ProductDetails, error) {
	return s.productDetails(ctx, rows, inc)
}

// ProductsByID are these products in this order (missing ones left out), with the relations
// asked for: the storefront's pages, whose ids it selects itself.
func (s *Service) ProductsByID(ctx context.Context, ids []uint64, inc ProductIncludes) ([]ProductDetails, error) {
	rows, err := productsInOrder(s.db.WithContext(ctx), ids)
	if err != nil {
		return nil, err
	}
	return s.productDetails(ctx, rows, inc)
}
