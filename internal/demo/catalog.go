package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log/slog"
	"math/rand"
	"slices"
	"strings"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
	"shop/internal/pricing"
	"shop/internal/sales"
)

// CatalogOptions is what the demo catalogue may use besides the database. Without Catalog
// (whose object store holds the pictures) and Blobs, the catalogue has no pictures.
type CatalogOptions struct {
	Catalog *catalog.Service
	Blobs   blob.Store
	// Images is how many products get a generated picture (0: every product; -1: none; tests
	// take a few). One picture per kind and brand goes through the images area's upload path
	// (checks, two variants); its products get copies of the stored variants, so every
	// product has its own objects and the first start stays quick.
	Images int
	// Sales, when set, gets the demo orders placed through its checkout (SeedOrders).
	Sales *sales.Service
}

// DemoProducts is the demo catalogue's size, about: at most perLeaf of each leaf, fewer where
// a kind has fewer models and variants (kinds.go).
const DemoProducts = 660

// perLeaf is the most products of one leaf category.
const perLeaf = 66

// demoSeed makes the catalogue the same on every run.
const demoSeed = 20240601

type demoCategory struct {
	name, prefix string
	pdv          int64 // bps
	web          int64 // bps
	minPrice     int64 // para; the category form refuses 0, so every category has one
	children     []demoCategory
	// kind is what a leaf's products are (kinds.go).
	kind *demoKind
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

// lc is a leaf category of kind k with its minimum price (RSD).
func lc(name, prefix string, web, minRSD int64, k *demoKind) demoCategory {
	return demoCategory{name: name, prefix: prefix, pdv: 2000, web: web, minPrice: minRSD * 100, kind: k}
}

// pc is a parent category (its minimum price is its children's lowest).
func pc(name, prefix string, web int64, children ...demoCategory) demoCategory {
	low := children[0].minPrice
	for _, c := range children {
		low = min(low, c.minPrice)
	}
	return demoCategory{name: name, prefix: prefix, pdv: 2000, web: web, minPrice: low, children: children}
}

func demoTree() []demoCategory {
	books := pc("Knjige i edukacija", "KE", 1500, pc("Stručna literatura", "SLI", 1500, lc("IT literatura", "ITL", 1500, 1000, kindBook)))
	// Books carry the reduced VAT rate (10 %).
	books.pdv, books.children[0].pdv, books.children[0].children[0].pdv = 1000, 1000, 1000
	return []demoCategory{
		pc("Računari i komponente", "RK", 1200,
			pc("Laptopovi", "LAP", 1000,
				lc("Gaming laptopovi", "GL", 1000, 60000, kindGamingLaptop),
				lc("Poslovni laptopovi", "PL", 900, 40000, kindBusinessLaptop),
				lc("Ultrabukovi", "UB", 1100, 50000, kindUltrabook)),
			pc("Desktop računari", "DR", 1000,
				lc("Gaming računari", "GR", 1000, 80000, kindGamingPC),
				lc("Kancelarijski računari", "KR", 800, 30000, kindOfficePC)),
			pc("Komponente", "KOM", 800,
				lc("Grafičke kartice", "GK", 700, 20000, kindGPU),
				lc("SSD diskovi", "SSD", 900, 2000, kindSSD),
				lc("Memorije", "MEM", 900, 1500, kindRAM)),
			pc("Monitori", "MON", 1000,
				lc("Gaming monitori", "GM", 1000, 15000, kindGamingMonitor),
				lc("Kancelarijski monitori", "KM", 900, 8000, kindOfficeMonitor))),
		pc("Telefoni i tableti", "TT", 1000,
			pc("Mobilni telefoni", "MT", 1000,
				lc("Android telefoni", "AT", 1000, 8000, kindAndroid),
				lc("iPhone", "IP", 800, 50000, kindIPhone)),
			lc("Tableti", "TB", 1000, 10000, kindTablet),
			lc("Pametni satovi", "PS", 1200, 5000, kindWatch)),
		pc("TV, audio i video", "TV", 1000,
			pc("Televizori", "TEL", 1000,
				lc("LED televizori", "LED", 900, 15000, kindLEDTV),
				lc("OLED televizori", "OLE", 900, 80000, kindOLEDTV)),
			pc("Audio", "AUD", 1200,
				lc("Slušalice", "SL", 1300, 2000, kindHeadphones),
				lc("Zvučnici", "ZV", 1300, 2000, kindSpeaker),
				lc("Soundbar", "SB", 1100, 10000, kindSoundbar))),
		pc("Bela tehnika", "BT", 800,
			pc("Frižideri", "FR", 800,
				lc("Kombinovani frižideri", "KF", 800, 25000, kindFridge),
				lc("Side by side frižideri", "SBS", 800, 70000, kindSideBySide)),
			pc("Veš mašine", "VM", 800,
				lc("Veš mašine sa prednjim punjenjem", "VMP", 800, 25000, kindWasher),
				lc("Mašine za pranje i sušenje", "MPS", 800, 40000, kindWasherDryer)),
			lc("Šporeti", "SP", 800, 20000, kindStove)),
		pc("Mali kućni aparati", "MKA", 1200,
			pc("Usisivači", "US", 1200,
				lc("Štapni usisivači", "SU", 1200, 8000, kindStickVacuum),
				lc("Robot usisivači", "RU", 1200, 12000, kindRobotVacuum)),
			pc("Kuhinjski aparati", "KA", 1300,
				lc("Aparati za kafu", "AK", 1300, 3000, kindCoffee),
				lc("Blenderi", "BL", 1300, 2000, kindBlender))),
		pc("Kancelarijska oprema", "KO", 1000,
			pc("Štampači", "STA", 1000,
				lc("Laserski štampači", "LS", 1000, 8000, kindLaserPrinter),
				lc("Inkjet štampači", "IS", 1000, 4000, kindInkjetPrinter)),
			lc("Skeneri", "SKE", 1000, 5000, kindScanner),
			pc("Potrošni materijal", "PM", 1500,
				lc("Toneri", "TON", 1500, 1000, kindToner),
				lc("Kertridži", "KER", 1500, 1000, kindCartridge))),
		books,
	}
}

// demoSuppliers are invented distributors (names of real ones would mislead).
var demoSuppliers = []string{"Digitalna Distribucija d.o.o.", "ElektroNet Trade d.o.o.", "Tehno Veleprodaja Beograd"}

// SeedCatalog fills an empty catalogue with the demo shop's: a 3-level category tree, brands,
// the manufacturer attribute (24) and others with values, discount and sticker types,
// about DemoProducts products with attributes, a few actions and stickers, pictures (see
// CatalogOptions) and three suppliers with price-list rows, some connected. It does nothing
// (false) when the catalogue has any category or product already. The bulk is set-based, in
// one transaction, and the same on every run (a fixed random seed).
func SeedCatalog(ctx context.Context, gdb *gorm.DB, o CatalogOptions) (bool, error) {
	var n int64
	if err := gdb.WithContext(ctx).Raw("SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM products)").Scan(&n).Error; err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	prices := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
	cat := o.Catalog
	if cat == nil {
		cat = catalog.NewService(gdb, o.Blobs, nil, prices, slog.New(slog.DiscardHandler), clock.System(), nil)
	}
	// The manufacturer attribute keeps its fixed id, so it comes before any other attribute.
	if err := cat.EnsureManufacturerAttribute(ctx); err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	var stickerKeys map[string][2]string
	if o.Blobs != nil {
		var err error
		if stickerKeys, err = storeStickerImages(ctx, o.Blobs); err != nil {
			return false, fmt.Errorf("demo catalogue: sticker images: %w", err)
		}
	}
	var products []productRef
	err := gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		products, err = seedCatalogRows(ctx, tx, prices, time.Now().UTC().Truncate(time.Second), stickerKeys)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	if err := seedLoginDiscounts(ctx, gdb, prices); err != nil {
		return false, fmt.Errorf("demo catalogue: login discounts: %w", err)
	}
	if err := seedLandingPages(ctx, gdb, o.Blobs, time.Now().UTC().Truncate(time.Second)); err != nil {
		return false, fmt.Errorf("demo catalogue: landing pages: %w", err)
	}
	if o.Catalog != nil && o.Blobs != nil && o.Images >= 0 {
		limit := o.Images
		if limit == 0 {
			limit = len(products)
		}
		rows := func(rs []catalog.ProductImage) error {
			if len(rs) == 0 {
				return nil
			}
			return gdb.WithContext(ctx).CreateInBatches(rs, 500).Error
		}
		if err := seedImages(ctx, o.Catalog, o.Blobs, rows, products, limit); err != nil {
			return false, fmt.Errorf("demo catalogue: images: %w", err)
		}
	}
	return true, nil
}

// demoLoginDiscounts are the logged-in customers' discounts (authenticated discount rules):
// by leaf category, or by brand over every category, so the storefront's "log in for an
// extra discount" holds on those products and no other.
var demoLoginDiscounts = []struct {
	name, category, brand string
	bps                   money.Bps
}{
	{"Prijavljeni kupci: gaming laptopovi", "Gaming laptopovi", "", 500},
	{"Prijavljeni kupci: Android telefoni", "Android telefoni", "", 400},
	{"Prijavljeni kupci: slušalice", "Slušalice", "", 800},
	{"Prijavljeni kupci: Philips", "", "Philips", 300},
}

// seedLoginDiscounts adds the rules through pricing's form, as staff would, and prices the
// products they reach.
func seedLoginDiscounts(ctx context.Context, gdb *gorm.DB, prices *pricing.Service) error {
	for _, d := range demoLoginDiscounts {
		in := pricing.AuthDiscountInput{Name: d.name, Discount: &d.bps}
		if d.category != "" {
			var id uint64
			if err := gdb.WithContext(ctx).Raw("SELECT id FROM categories WHERE name = ?", d.category).Scan(&id).Error; err != nil {
				return err
			}
			in.CategoryID = &id
		}
		if d.brand != "" {
			var id uint64
			if err := gdb.WithContext(ctx).Raw("SELECT id FROM brands WHERE name = ?", d.brand).Scan(&id).Error; err != nil {
				return err
			}
			in.BrandID = &id
		}
		if _, err := prices.CreateAuthDiscount(ctx, in); err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
	}
	_, err := prices.RecomputeTx(ctx, gdb.WithContext(ctx), pricing.All())
	return err
}

// productRef is what the picture step needs of a seeded product.
type productRef struct {
	ID       uint64
	Brand    string
	Picture  string // what its picture shows (drawKind)
	Category string
}

func seedCatalogRows(ctx context.Context, tx *gorm.DB, prices *pricing.Service, now time.Time, stickerKeys map[string][2]string) ([]productRef, error) {
	r := rand.New(rand.NewSource(demoSeed))

	// Categories, level by level, so parents have their ids.
	type leaf struct {
		cat *catalog.Category
		def demoCategory
	}
	var leaves []leaf
	var walk func(defs []demoCategory, parent *catalog.Category, level int) error
	walk = func(defs []demoCategory, parent *catalog.Category, level int) error {
		rows := make([]*catalog.Category, len(defs))
		for i, d := range defs {
			c := &catalog.Category{Name: d.name, Slug: catalog.Slugify(d.name), Prefix: d.prefix, Position: i, Level: level,
				PdvBps: money.Bps(d.pdv), WebMarginBps: money.Bps(d.web), RetailMarginBps: money.Bps(d.web + 800), DealerMarginBps: money.Bps(d.web / 2),
				DescriptionTime: "3-5 radnih dana", MinPrice: money.Para(d.minPrice), AllowedRebate: 500,
				DeclarationName: d.name, CountryOfOrigin: "Kina", ConsumerRights: "Potrošač ima pravo na saobraznost robe u skladu sa Zakonom o zaštiti potrošača.",
				Active: true, CreatedAt: now, UpdatedAt: now}
			if parent != nil {
				c.ParentID = &parent.ID
			}
			rows[i] = c
		}
		if err := tx.Create(rows).Error; err != nil {
			return fmt.Errorf("categories: %w", err)
		}
		for i, d := range defs {
			if len(d.children) > 0 {
				if err := walk(d.children, rows[i], level+1); err != nil {
					return err
				}
				continue
			}
			leaves = append(leaves, leaf{rows[i], d})
		}
		return nil
	}
	if err := walk(demoTree(), nil, 1); err != nil {
		return nil, err
	}
	// Every product each leaf's kind can be, in a shuffled order: the shop sells the first
	// ones, suppliers offer the rest.
	specs := make([][]demoSpec, len(leaves))
	for i, l := range leaves {
		specs[i] = l.def.kind.specs(r)
	}

	// Brands and their manufacturer values (attribute 24), one per brand.
	var brandNames []string
	seen := map[string]bool{}
	for _, l := range leaves {
		for _, b := range l.def.kind.brands() {
			if !seen[b] {
				seen[b] = true
				brandNames = append(brandNames, b)
			}
		}
	}
	brands := make([]*catalog.Brand, len(brandNames))
	manufacturers := make([]*catalog.AttributeValue, len(brandNames))
	for i, b := range brandNames {
		brands[i] = &catalog.Brand{Name: b, CreatedAt: now, UpdatedAt: now}
		manufacturers[i] = &catalog.AttributeValue{AttributeID: catalog.ManufacturerAttributeID, Value: b, Position: i, Active: true, CreatedAt: now, UpdatedAt: now}
	}
	if err := tx.Create(brands).Error; err != nil {
		return nil, fmt.Errorf("brands: %w", err)
	}
	if err := tx.Create(manufacturers).Error; err != nil {
		return nil, fmt.Errorf("manufacturers: %w", err)
	}
	brandID, manufacturerID := map[string]uint64{}, map[string]uint64{}
	for i, b := range brandNames {
		brandID[b], manufacturerID[b] = brands[i].ID, manufacturers[i].ID
	}

	// Attributes with their values, linked to the leaf categories that use them.
	// The values are those the products have, in the order the kinds first use them.
	values := map[string][]string{}
	for _, ss := range specs {
		for _, sp := range ss {
			for _, a := range demoAttributeOrder {
				if v, ok := sp.attrs[a]; ok && !slices.Contains(values[a], v) {
					values[a] = append(values[a], v)
				}
			}
		}
	}
	attrID := map[string]uint64{}
	valueID := map[string]map[string]uint64{}
	for i, name := range demoAttributeOrder {
		a := &catalog.Attribute{Name: name, Position: i + 1, Active: true, CreatedAt: now, UpdatedAt: now}
		if err := tx.Omit("Values").Create(a).Error; err != nil {
			return nil, fmt.Errorf("attribute %s: %w", name, err)
		}
		attrID[name] = a.ID
		vals := make([]*catalog.AttributeValue, len(values[name]))
		for j, v := range values[name] {
			vals[j] = &catalog.AttributeValue{AttributeID: a.ID, Value: v, Position: j, Active: true, CreatedAt: now, UpdatedAt: now}
		}
		if err := tx.Create(vals).Error; err != nil {
			return nil, fmt.Errorf("values of %s: %w", name, err)
		}
		valueID[name] = map[string]uint64{}
		for _, v := range vals {
			valueID[name][v.Value] = v.ID
		}
	}
	var links []catalog.CategoryAttribute
	for _, l := range leaves {
		links = append(links, catalog.CategoryAttribute{CategoryID: l.cat.ID, AttributeID: catalog.ManufacturerAttributeID, Position: 0, Active: true})
		for j, a := range l.def.kind.attrs() {
			links = append(links, catalog.CategoryAttribute{CategoryID: l.cat.ID, AttributeID: attrID[a], Position: j + 1, Active: true})
		}
	}
	if err := tx.CreateInBatches(links, 1000).Error; err != nil {
		return nil, fmt.Errorf("category attributes: %w", err)
	}

	// Discount and catalog sticker types.
	discountTypes := []*pricing.DiscountType{
		{Name: "Akcija", IsPercentage: false, Text: "AKCIJA", Color: "#e53935", ShowInShockSale: true, CreatedAt: now, UpdatedAt: now},
		{Name: "Popust %", IsPercentage: true, Text: "POPUST", Color: "#fb8c00", CreatedAt: now, UpdatedAt: now},
		{Name: "Outlet", IsPercentage: true, Text: "OUTLET", Color: "#6d4c41", CreatedAt: now, UpdatedAt: now},
	}
	if err := tx.Create(discountTypes).Error; err != nil {
		return nil, fmt.Errorf("discount types: %w", err)
	}
	var stickerTypes []*catalog.CatalogStickerType
	for _, st := range demoStickers {
		keys := stickerKeys[st.name]
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		from, to := day.AddDate(0, 0, st.from), day.AddDate(0, 0, st.to)
		stickerTypes = append(stickerTypes, &catalog.CatalogStickerType{Name: st.name, Slug: catalog.Slugify(st.name),
			StickerKey: keys[0], DesktopImageKey: keys[1], ValidFrom: &from, ValidTo: &to, CreatedAt: now, UpdatedAt: now})
	}
	if err := tx.Create(stickerTypes).Error; err != nil {
		return nil, fmt.Errorf("sticker types: %w", err)
	}

	// Products: up to DemoProducts/leaves of each leaf's kind (fewer where the kind has fewer
	// models and variants), a few inactive or hidden.
	per := perLeaf
	var products []*catalog.Product
	var productCats []catalog.ProductCategory
	var refs []productRef
	var leafOf []leaf
	var specOf []demoSpec
	// Round-robin over the leaves: the newest products (the lists' first pages) span them all.
	for i := 0; i < per; i++ {
		for li, l := range leaves {
			if i >= len(specs[li]) {
				continue
			}
			sp := specs[li][i]
			brand, name := sp.brand, sp.name
			sku := fmt.Sprintf("%s%05d", l.def.prefix, len(products)+1)
			entry := money.Para(sp.entry * 100)
			p := pricing.Derive(entry, l.cat.Margins()) // what the recompute below stores
			bid, mid := brandID[brand], manufacturerID[brand]
			products = append(products, &catalog.Product{
				SKU: sku, Name: name, Slug: catalog.Slugify(name) + "-" + strings.ToLower(sku),
				Description: demoDescription(name), SearchText: catalog.Fold(name + " " + sku),
				Active: r.Intn(100) >= 5, Visible: r.Intn(100) >= 5, Eponuda: r.Intn(100) < 30,
				EntryPrice: entry, WebPrice: p.Web, RetailPrice: p.Retail, DealerPrice: p.Dealer, AuthPrice: p.Authenticated,
				Stock: r.Intn(40), EAN: demoEAN(r), CountryOfOrigin: pick(r, []string{"Kina", "Južna Koreja", "Tajvan", "Nemačka", "Slovenija", "Turska", "Srbija"}),
				MainCategoryID: l.cat.ID, BrandID: &bid, ManufacturerID: &mid, CreatedAt: now, UpdatedAt: now,
			})
			leafOf = append(leafOf, l)
			specOf = append(specOf, sp)
			refs = append(refs, productRef{Brand: brand, Picture: l.def.kind.picture, Category: l.def.name})
		}
	}
	if err := tx.Omit(pricing.Columns...).CreateInBatches(products, 100).Error; err != nil {
		return nil, fmt.Errorf("products: %w", err)
	}
	// The catalogue was empty: every product is new, priced by pricing's one statement.
	if _, err := prices.RecomputeTx(ctx, tx, pricing.AddedAfter(0)); err != nil {
		return nil, fmt.Errorf("product prices: %w", err)
	}
	var pattrs []catalog.ProductAttribute
	for i, p := range products {
		refs[i].ID = p.ID
		l := leafOf[i]
		productCats = append(productCats, catalog.ProductCategory{ProductID: p.ID, CategoryID: l.cat.ID})
		if l.cat.ParentID != nil && r.Intn(4) == 0 {
			// Some products are listed in the parent category too.
			productCats = append(productCats, catalog.ProductCategory{ProductID: p.ID, CategoryID: *l.cat.ParentID})
		}
		pattrs = append(pattrs, catalog.ProductAttribute{ProductID: p.ID, AttributeID: catalog.ManufacturerAttributeID, AttributeValueID: p.ManufacturerID, Position: 0, Active: true, CreatedAt: now, UpdatedAt: now})
		for j, a := range l.def.kind.attrs() {
			v := valueID[a][specOf[i].attrs[a]]
			pattrs = append(pattrs, catalog.ProductAttribute{ProductID: p.ID, AttributeID: attrID[a], AttributeValueID: &v, Position: j + 1, Active: true, CreatedAt: now, UpdatedAt: now})
		}
	}
	if err := tx.CreateInBatches(productCats, 500).Error; err != nil {
		return nil, fmt.Errorf("product categories: %w", err)
	}
	if err := tx.CreateInBatches(pattrs, 200).Error; err != nil {
		return nil, fmt.Errorf("product attributes: %w", err)
	}

	// Actions on a few products, valid around today; catalog stickers on others.
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	// The products' web prices are pricing's (written by the recompute above, not on the structs).
	webPrice := map[uint64]int64{}
	var priced []struct {
		ID       uint64
		WebPrice int64
	}
	if err := tx.Table("products").Select("id, web_price").Scan(&priced).Error; err != nil {
		return nil, fmt.Errorf("product prices: %w", err)
	}
	for _, p := range priced {
		webPrice[p.ID] = p.WebPrice
	}
	var discounts []pricing.Discount
	var onAction []uint64
	for _, i := range r.Perm(len(products))[:60] {
		p := products[i]
		p.WebPrice = money.Para(webPrice[p.ID])
		onAction = append(onAction, p.ID)
		d := pricing.Discount{ProductID: p.ID, ValidFrom: today.AddDate(0, 0, -r.Intn(10)), ValidTo: today.AddDate(0, 0, 5+r.Intn(30)), CreatedAt: now, UpdatedAt: now}
		if i%2 == 0 {
			d.DiscountTypeID = discountTypes[0].ID
			d.Price = p.WebPrice * 90 / 100 / 100 * 100 // a round action price, 10 % under the web price
		} else {
			d.DiscountTypeID = discountTypes[1].ID
			d.PercentageBps = money.Bps(500 * (1 + r.Intn(4)))
		}
		discounts = append(discounts, d)
	}
	if err := tx.CreateInBatches(discounts, 500).Error; err != nil {
		return nil, fmt.Errorf("discounts: %w", err)
	}
	// their action prices of today
	if _, err := prices.RecomputeTx(ctx, tx, pricing.Products(onAction...)); err != nil {
		return nil, fmt.Errorf("action prices: %w", err)
	}
	var stickerRows [][]any
	for k, i := range r.Perm(len(products))[:120] {
		st := stickerTypes[k%len(stickerTypes)]
		stickerRows = append(stickerRows, []any{products[i].ID, st.ID, today.AddDate(0, 0, -r.Intn(7)), today.AddDate(0, 0, 7+r.Intn(30)), true, now, now})
	}
	if err := insertRows(tx, "product_catalog_stickers", []string{"product_id", "catalog_sticker_type_id", "valid_from", "valid_to", "active", "created_at", "updated_at"}, stickerRows); err != nil {
		return nil, fmt.Errorf("catalog stickers: %w", err)
	}

	// Suppliers: each connects some shop products (a product to one supplier only) and offers
	// rows not (yet) in the shop.
	order := r.Perm(len(products))
	next := 0
	connectedEach := min(250, len(products)/(len(demoSuppliers)+1))
	// What they offer beyond the shop: the kinds' products the shop does not sell.
	type offer struct {
		sp   demoSpec
		leaf string
	}
	var offers []offer
	for li, l := range leaves {
		for _, sp := range specs[li][min(per, len(specs[li])):] {
			offers = append(offers, offer{sp, l.def.name})
		}
	}
	r.Shuffle(len(offers), func(i, j int) { offers[i], offers[j] = offers[j], offers[i] })
	for si, name := range demoSuppliers {
		s := catalog.Supplier{Name: name, CreatedAt: now, UpdatedAt: now.Add(-time.Duration(si*26) * time.Hour)}
		if err := tx.Create(&s).Error; err != nil {
			return nil, fmt.Errorf("supplier %s: %w", name, err)
		}
		var rows []catalog.SupplierProduct
		var connected []uint64
		for k := 0; k < connectedEach; k++ {
			p := products[order[next]]
			next++
			pid := p.ID
			rows = append(rows, catalog.SupplierProduct{SupplierID: s.ID, SKU: fmt.Sprintf("D%d-%06d", si+1, 10000+k), Name: p.Name,
				Category: leafOf[order[next-1]].def.name, Brand: refs[order[next-1]].Brand, EAN: p.EAN, Price: int64(p.EntryPrice),
				RecommendedPrice: int64(p.RetailPrice), Stock: p.Stock, ProductID: &pid, CreatedAt: now, UpdatedAt: now})
			connected = append(connected, p.ID)
		}
		for k := 0; k < 150 && k*len(demoSuppliers)+si < len(offers); k++ {
			o := offers[k*len(demoSuppliers)+si]
			price := o.sp.entry * 100
			rows = append(rows, catalog.SupplierProduct{SupplierID: s.ID, SKU: fmt.Sprintf("D%d-%06d", si+1, 20000+k),
				Name: o.sp.name, Category: o.leaf, Brand: o.sp.brand, EAN: demoEAN(r),
				Price: price, RecommendedPrice: price * 13 / 10 / 100 * 100, Stock: r.Intn(20), CreatedAt: now, UpdatedAt: now})
		}
		if err := tx.CreateInBatches(rows, 1000).Error; err != nil {
			return nil, fmt.Errorf("supplier products: %w", err)
		}
		if err := tx.Model(&catalog.Product{}).Where("id IN ?", connected).Update("supplier_id", s.ID).Error; err != nil {
			return nil, fmt.Errorf("product suppliers: %w", err)
		}
	}
	return refs, nil
}

// insertRows is a set-based INSERT of rows into table (for tables whose model is not this
// package's to use), in batches under SQLite's bound-parameter limit.
func insertRows(tx *gorm.DB, table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(cols)), ",") + ")"
	batch := 30000 / len(cols)
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var args []any
		for _, r := range rows[start:end] {
			args = append(args, r...)
		}
		q := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+",", end-start), ",")
		if err := tx.Exec(q, args...).Error; err != nil {
			return err
		}
	}
	return nil
}

func demoDescription(name string) string {
	return fmt.Sprintf(`{"blocks":[{"type":"paragraph","text":"%s. Garancija 24 meseca. Besplatna dostava za porudžbine preko 5.000 RSD."}]}`,
		strings.ReplaceAll(name, `"`, `\"`))
}

// demoEAN is a 13-digit EAN with its check digit.
func demoEAN(r *rand.Rand) string {
	d := make([]byte, 13)
	d[0], d[1], d[2] = '8', '6', '0' // Serbia's GS1 prefix
	sum := 8*1 + 6*3 + 0*1
	for i := 3; i < 12; i++ {
		n := r.Intn(10)
		d[i] = byte('0' + n)
		if i%2 == 0 {
			sum += n
		} else {
			sum += 3 * n
		}
	}
	d[12] = byte('0' + (10-sum%10)%10)
	return string(d)
}

// demoStickers are the actions; from and to are days from the seeding day: two run now, one
// starts in a few days (the admin's preview).
var demoStickers = []struct {
	name     string
	bg       color.RGBA
	from, to int
}{
	{"Black Friday", color.RGBA{20, 20, 20, 255}, -7, 40},
	{"Novo", color.RGBA{46, 125, 50, 255}, -14, 60},
	{"Super cena", color.RGBA{229, 57, 53, 255}, 5, 35},
}

// storeStickerImages draws each sticker type's card sticker and header image and stores them.
func storeStickerImages(ctx context.Context, blobs blob.Store) (map[string][2]string, error) {
	out := map[string][2]string{}
	for _, st := range demoStickers {
		slug := catalog.Slugify(st.name)
		var keys [2]string
		for i, size := range [][2]int{{160, 60}, {1200, 200}} {
			b, err := drawLabel(size[0], size[1], st.bg, strings.ToUpper(st.name))
			if err != nil {
				return nil, err
			}
			keys[i] = fmt.Sprintf("stickers/demo-%s-%dx%d.png", slug, size[0], size[1])
			if err := blobs.Put(ctx, keys[i], bytes.NewReader(b), int64(len(b)), "image/png"); err != nil {
				return nil, err
			}
		}
		out[st.name] = keys
	}
	return out, nil
}

// brandColor is a stable colour per brand.
func brandColor(brand string) color.RGBA {
	h := uint32(2166136261)
	for i := 0; i < len(brand); i++ {
		h = (h ^ uint32(brand[i])) * 16777619
	}
	return color.RGBA{uint8(60 + h%140), uint8(60 + (h>>8)%140), uint8(60 + (h>>16)%140), 255}
}

// drawLabel is a w×h PNG: a coloured background with text centred, scaled up from the 7×13
// basic font so it reads at a glance.
func drawLabel(w, h int, bg color.RGBA, text string) ([]byte, error) {
	face := basicfont.Face7x13
	tw := font.MeasureString(face, text).Ceil()
	small := image.NewRGBA(image.Rect(0, 0, tw+4, 17))
	draw.Draw(small, small.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	d := &font.Drawer{Dst: small, Src: image.White, Face: face, Dot: fixed.P(2, 13)}
	d.DrawString(text)
	scale := min(w*8/10/small.Bounds().Dx(), h*6/10/small.Bounds().Dy())
	scale = max(scale, 1)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	ox, oy := (w-small.Bounds().Dx()*scale)/2, (h-small.Bounds().Dy()*scale)/2
	for y := 0; y < small.Bounds().Dy()*scale; y++ {
		for x := 0; x < small.Bounds().Dx()*scale; x++ {
			img.SetRGBA(ox+x, oy+y, small.RGBAAt(x/scale, y/scale))
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// BenchSKUPrefix marks the benchmark's products (their SKUs are the prefix and a number).
const BenchSKUPrefix = "BN"

// BenchResult is what SeedBench did.
type BenchResult struct {
	Created  int64 // products added now
	Products int64 // benchmark products in the shop afterwards
}

// SeedBench makes the shop a benchmark catalogue of n products: the demo shop (users and
// catalogue, refusing real users like Seed) plus products BN1..BNn spread over the demo's leaf
// categories and brands, with prices derived by pricing's recompute, categories and the
// manufacturer attribute. Each step is one INSERT ... SELECT over a generated series, so 100k
// products take seconds; a second run adds only what is missing.
func SeedBench(ctx context.Context, gdb *gorm.DB, ids *identity.Service, n int64) (BenchResult, error) {
	var res BenchResult
	err := db.WithLock(ctx, gdb, db.LockDemoSeed, func() error {
		if _, err := Seed(ctx, ids); err != nil {
			return err
		}
		if _, err := SeedCatalog(ctx, gdb, CatalogOptions{Images: -1}); err != nil {
			return err
		}
		return gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var have int64
			if err := tx.Raw("SELECT COUNT(*) FROM products WHERE sku LIKE ?", BenchSKUPrefix+"%").Scan(&have).Error; err != nil {
				return err
			}
			if have >= n {
				res.Products = have
				return nil
			}
			var before uint64
			if err := tx.Raw("SELECT COALESCE(MAX(id), 0) FROM products").Scan(&before).Error; err != nil {
				return err
			}
			series := "WITH RECURSIVE g(n) AS (SELECT CAST(? AS BIGINT) UNION ALL SELECT n + 1 FROM g WHERE n < ?)"
			// The columns the triggers on product_categories and product_attributes keep are
			// written right away on PostgreSQL, so the triggers find nothing to change: their
			// updates of every product cost more than the inserts themselves.
			keptCols, keptVals := "", ""
			if db.IsPostgres(tx) {
				series = "WITH g(n) AS (SELECT generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT)))"
				keptCols, keptVals = ", category_ids, has_attributes", ", ARRAY[p.category_id], p.manufacturer_id IS NOT NULL"
			}
			// Entry prices from 1,000 to 200,999 RSD; the derived prices are pricing's (below).
			q := `INSERT INTO products (sku, name, slug, description, search_text, active, visible, eponuda,
				entry_price, ep_price, stock, ean,
				country_of_origin, main_category_id, brand_id, manufacturer_id, energy_sticker_key, created_at, updated_at` + keptCols + `)
			` + series + `,
			leaves AS (SELECT c.id, c.name, ROW_NUMBER() OVER (ORDER BY c.id) - 1 AS k
				FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id)),
			bs AS (SELECT b.id, b.name, v.id AS manufacturer_id, ROW_NUMBER() OVER (ORDER BY b.id) - 1 AS k
				FROM brands b LEFT JOIN attribute_values v ON v.attribute_id = ? AND v.value = b.name),
			p AS (SELECT g.n, l.id AS category_id, l.name AS category, bs.id AS brand_id, bs.name AS brand, bs.manufacturer_id,
					(100000 + (g.n * 7919) % 20000000) AS entry
				FROM g JOIN leaves l ON l.k = g.n % (SELECT COUNT(*) FROM leaves)
				JOIN bs ON bs.k = (g.n / 7) % (SELECT COUNT(*) FROM bs))
			SELECT ? || p.n, p.category || ' ' || p.brand || ' model ' || p.n, 'bench-' || p.n, '',
				LOWER(p.category || ' ' || p.brand || ' model ' || p.n || ' ' || ? || p.n),
				p.n % 20 <> 0, p.n % 17 <> 0, p.n % 3 = 0,
				p.entry, 0, p.n % 50, '', 'Kina', p.category_id, p.brand_id, p.manufacturer_id, '', ?, ?` + keptVals + `
			FROM p`
			now := time.Now().UTC().Truncate(time.Microsecond)
			ins := tx.Exec(q, have+1, n, catalog.ManufacturerAttributeID, BenchSKUPrefix, BenchSKUPrefix, now, now)
			if ins.Error != nil {
				return fmt.Errorf("bench products: %w", ins.Error)
			}
			res.Created = ins.RowsAffected
			res.Products = have + ins.RowsAffected
			prices := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
			if _, err := prices.RecomputeTx(ctx, tx, pricing.AddedAfter(before)); err != nil {
				return fmt.Errorf("bench prices: %w", err)
			}
			for _, q := range []string{
				`INSERT INTO product_categories (product_id, category_id) SELECT id, main_category_id FROM products WHERE id > ?`,
				`INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, position, active, created_at, updated_at)
					SELECT id, ` + fmt.Sprint(catalog.ManufacturerAttributeID) + `, manufacturer_id, 0, ` + sqlTrue(tx) + `, created_at, updated_at FROM products WHERE id > ?`,
			} {
				if err := tx.Exec(q, before).Error; err != nil {
					return fmt.Errorf("bench products: %w", err)
				}
			}
			return nil
		})
	})
	if err == nil && db.IsPostgres(gdb) {
		// Fresh statistics, so the planner sees 100k rows rather than the empty tables it knew.
		err = gdb.WithContext(ctx).Exec("ANALYZE products, product_categories, product_attributes").Error
	}
	return res, err
}

func sqlTrue(tx *gorm.DB) string {
	if db.IsPostgres(tx) {
		return "TRUE"
	}
	return "1"
}
