package catalog

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// productFixtureSpec is one seeded product's properties, from which each filter's expected
// ids are computed.
type productFixtureSpec struct {
	id                                     uint64
	name                                   string
	cat, extraCat, brand, man, supplier    uint64
	active, visible, eponuda               bool
	image, attrValue, attrEmpty, connected bool
	entry, web                             money.Para
	discount                               int // 0 none, 1 today type 1 price 500, 2 January 2020 type 2 price 900
}

// productFixtureSeed writes 30 products across 3 categories, 2 brands, 2 manufacturers and
// 2 suppliers, with images, attributes, connections and discounts spread by index.
func productFixtureSeed(t *testing.T, db *gorm.DB) []productFixtureSpec {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	for i := 1; i <= 3; i++ {
		must(db.Create(&Category{ID: uint64(i), Name: fmt.Sprintf("Kategorija %d", i), Slug: fmt.Sprintf("k%d", i), Prefix: "KA", Level: 1,
			PdvBps: 2000, WebMarginBps: 1000, RetailMarginBps: 2500, DealerMarginBps: 500, Active: true}).Error)
	}
	must(db.Create(&[]Brand{{ID: 1, Name: "Gorenje"}, {ID: 2, Name: "HP"}}).Error)
	must(db.Exec("INSERT INTO suppliers (id, name, created_at, updated_at) VALUES (1, 'Dobavljač 1', ?, ?), (2, 'Dobavljač 2', ?, ?)", now, now, now, now).Error)
	must(db.Create(&[]Attribute{{ID: ManufacturerAttributeID, Name: "Proizvođač", Active: true}, {ID: 5, Name: "Boja", Active: true}}).Error)
	must(db.Create(&[]AttributeValue{{ID: 1, AttributeID: ManufacturerAttributeID, Value: "Gorenje d.o.o.", Active: true},
		{ID: 2, AttributeID: ManufacturerAttributeID, Value: "HP Inc.", Active: true}, {ID: 3, AttributeID: 5, Value: "Crna", Active: true}}).Error)

	var specs []productFixtureSpec
	for i := 1; i <= 30; i++ {
		s := productFixtureSpec{id: uint64(i), name: fmt.Sprintf("Proizvod %d", i), cat: uint64((i-1)%3 + 1),
			active: i%3 != 0, visible: i%4 != 0, eponuda: i%5 == 0, image: i%2 == 1, attrValue: i%3 == 1, attrEmpty: i%3 == 2,
			connected: i%6 == 0, entry: money.Para(i * 1000), web: money.Para(i * 2000)}
		switch i {
		case 1:
			s.name = "Frižider Gorenje"
		case 2:
			s.name = "Šporet 50%_off"
		case 3:
			s.name = "Đak torba"
		}
		if i%5 == 0 {
			s.extraCat = 3
		}
		switch {
		case i%2 == 0:
			s.brand = 1
		case i%3 == 0:
			s.brand = 2
		}
		switch i % 4 {
		case 0:
			s.man = 1
		case 1:
			s.man = 2
		}
		if i%7 == 0 {
			s.supplier = 1
		}
		switch i {
		case 10, 13:
			s.discount = 1
		case 11:
			s.discount = 2
		}
		specs = append(specs, s)

		p := Product{ID: s.id, SKU: fmt.Sprintf("SKU%02d", i), Name: s.name, Slug: fmt.Sprintf("p-%d", i), SearchText: searchText(s.name, fmt.Sprintf("SKU%02d", i)),
			Active: s.active, Visible: s.visible, Eponuda: s.eponuda, EntryPrice: s.entry, WebPrice: s.web, MainCategoryID: s.cat,
			CreatedAt: now.Add(time.Duration(i) * time.Hour), UpdatedAt: now.Add(time.Duration(31-i) * time.Hour)}
		if s.brand != 0 {
			p.BrandID = idPtr(s.brand)
		}
		if s.man != 0 {
			p.ManufacturerID = idPtr(s.man)
		}
		if s.supplier != 0 {
			p.SupplierID = idPtr(s.supplier)
		}
		must(db.Create(&p).Error)
		must(db.Create(&ProductCategory{ProductID: s.id, CategoryID: s.cat}).Error)
		if s.extraCat != 0 && s.extraCat != s.cat {
			must(db.Create(&ProductCategory{ProductID: s.id, CategoryID: s.extraCat}).Error)
		}
		if s.image {
			must(db.Exec("INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at) VALUES (?, ?, ?, ?, 0, ?)",
				s.id, true, fmt.Sprintf("images/%d-s.webp", i), fmt.Sprintf("images/%d-l.webp", i), now).Error)
		}
		if s.attrValue {
			must(db.Create(&ProductAttribute{ProductID: s.id, AttributeID: 5, AttributeValueID: idPtr(3), Active: true}).Error)
		}
		if s.attrEmpty {
			must(db.Create(&ProductAttribute{ProductID: s.id, AttributeID: 5, Active: true}).Error)
		}
		if s.connected {
			must(db.Exec("INSERT INTO supplier_products (supplier_id, sku, name, product_id, created_at, updated_at) VALUES (2, ?, ?, ?, ?, ?)",
				fmt.Sprintf("D2-%d", i), s.name, s.id, now, now).Error)
		}
		switch s.discount {
		case 1:
			must(db.Create(&pricing.Discount{ProductID: s.id, DiscountTypeID: 1, Price: 500 * 100, ValidFrom: day("2025-06-14"), ValidTo: day("2025-06-15")}).Error)
		case 2:
			must(db.Create(&pricing.Discount{ProductID: s.id, DiscountTypeID: 2, Price: 900 * 100, ValidFrom: day("2020-01-01"), ValidTo: day("2020-01-31")}).Error)
		}
	}
	// A discount that ended yesterday matches no "today" filter.
	must(db.Create(&pricing.Discount{ProductID: 12, DiscountTypeID: 1, Price: 100, ValidFrom: day("2025-06-01"), ValidTo: day("2025-06-14")}).Error)
	return specs
}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func ptr[T any](v T) *T { return &v }

func TestApplyFilter(t *testing.T) {
	t.Parallel()
	// 22:30 UTC on 14 June is already 00:30 on the 15th in Belgrade: "today" is the 15th, and
	// the discount that ended on the 14th no longer counts (the UTC date would still say 14th).
	at := time.Date(2025, 6, 14, 22, 30, 0, 0, time.UTC)
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		specs := productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(at), nil)
		inCat := func(s productFixtureSpec, c uint64) bool { return s.cat == c || s.extraCat == c }
		tests := []struct {
			name string
			f    ProductFilter
			want func(productFixtureSpec) bool
		}{
			{"all", ProductFilter{}, func(productFixtureSpec) bool { return true }},
			{"searchFolded", ProductFilter{Search: "frizider"}, func(s productFixtureSpec) bool { return s.id == 1 }},
			{"searchDiacritics", ProductFilter{Search: "  FRIŽIDER "}, func(s productFixtureSpec) bool { return s.id == 1 }},
			{"searchDj", ProductFilter{Search: "djak"}, func(s productFixtureSpec) bool { return s.id == 3 }},
			{"searchSku", ProductFilter{Search: "sku1"}, func(s productFixtureSpec) bool { return s.id >= 10 && s.id <= 19 }},
			{"searchPercentLiteral", ProductFilter{Search: "50%"}, func(s productFixtureSpec) bool { return s.id == 2 }},
			{"searchUnderscoreLiteral", ProductFilter{Search: "%_"}, func(s productFixtureSpec) bool { return s.id == 2 }},
			{"categories", ProductFilter{Categories: []uint64{1, 2}}, func(s productFixtureSpec) bool { return inCat(s, 1) || inCat(s, 2) }},
			{"categoryExtra", ProductFilter{Category: 3}, func(s productFixtureSpec) bool { return inCat(s, 3) }},
			{"suppliersViaProduct", ProductFilter{Suppliers: []uint64{1}}, func(s productFixtureSpec) bool { return s.supplier == 1 }},
			{"supplierViaPriceList", ProductFilter{Supplier: 2}, func(s productFixtureSpec) bool { return s.connected }},
			{"brands", ProductFilter{Brands: []uint64{2}}, func(s productFixtureSpec) bool { return s.brand == 2 }},
			{"manufacturers", ProductFilter{Manufacturers: []uint64{1, 2}}, func(s productFixtureSpec) bool { return s.man != 0 }},
			{"active", ProductFilter{Active: true}, func(s productFixtureSpec) bool { return s.active }},
			{"inactive", ProductFilter{Inactive: true}, func(s productFixtureSpec) bool { return !s.active }},
			{"activeAndInactive", ProductFilter{Active: true, Inactive: true}, func(productFixtureSpec) bool { return true }},
			{"withImage", ProductFilter{WithImage: true}, func(s productFixtureSpec) bool { return s.image }},
			{"withoutImage", ProductFilter{WithoutImage: true}, func(s productFixtureSpec) bool { return !s.image }},
			{"withAttributes", ProductFilter{WithAttributes: true}, func(s productFixtureSpec) bool { return s.attrValue }},
			{"withoutAttributes", ProductFilter{WithoutAttributes: true}, func(s productFixtureSpec) bool { return !s.attrValue }},
			{"connected", ProductFilter{Connected: true}, func(s productFixtureSpec) bool { return s.connected }},
			{"disconnected", ProductFilter{Disconnected: true}, func(s productFixtureSpec) bool { return !s.connected }},
			{"live", ProductFilter{Live: true}, func(s productFixtureSpec) bool { return s.visible }},
			{"dead", ProductFilter{Dead: true}, func(s productFixtureSpec) bool { return !s.visible }},
			{"eponudaVariant", ProductFilter{Visible: ptr(true), Active: true, Eponuda: ptr(false)},
				func(s productFixtureSpec) bool { return s.visible && s.active && !s.eponuda }},
			{"inFeed", ProductFilter{Eponuda: ptr(true)}, func(s productFixtureSpec) bool { return s.eponuda }},
			{"webPrice", ProductFilter{WebPriceFrom: ptr(money.Para(10000)), WebPriceTo: ptr(money.Para(20000))},
				func(s productFixtureSpec) bool { return s.web >= 10000 && s.web <= 20000 }},
			{"entryPriceFrom", ProductFilter{EntryPriceFrom: ptr(money.Para(25000))}, func(s productFixtureSpec) bool { return s.entry >= 25000 }},
			{"entryPriceTo", ProductFilter{EntryPriceTo: ptr(money.Para(3000))}, func(s productFixtureSpec) bool { return s.entry <= 3000 }},
			{"discountToday", ProductFilter{Discount: true}, func(s productFixtureSpec) bool { return s.discount == 1 }},
			{"discountDates", ProductFilter{Discount: true, DiscountFrom: "2020-01-15", DiscountTo: "2020-02-10"}, func(s productFixtureSpec) bool { return s.discount == 2 }},
			{"discountFromOnly", ProductFilter{DiscountFrom: "2025-06-14"}, func(s productFixtureSpec) bool { return s.discount == 1 || s.id == 12 }},
			{"discountType", ProductFilter{Discount: true, DiscountType: 1}, func(s productFixtureSpec) bool { return s.discount == 1 }},
			{"discountTypeNoMatch", ProductFilter{DiscountType: 2}, func(productFixtureSpec) bool { return false }},
			{"discountPrice", ProductFilter{DiscountFrom: "2000-01-01", DiscountPriceFrom: ptr(money.Para(60000))}, func(s productFixtureSpec) bool { return s.discount == 2 }},
			{"combined", ProductFilter{Categories: []uint64{1}, Active: true, WithImage: true, Brands: []uint64{1, 2}},
				func(s productFixtureSpec) bool { return inCat(s, 1) && s.active && s.image && s.brand != 0 }},
			{"combinedSearchPrice", ProductFilter{Search: "proizvod", EntryPriceFrom: ptr(money.Para(20000)), Live: true, Disconnected: true},
				func(s productFixtureSpec) bool { return s.id > 3 && s.entry >= 20000 && s.visible && !s.connected }},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				var want []uint64
				for _, s := range specs {
					if tt.want(s) {
						want = append(want, s.id)
					}
				}
				sort.Slice(want, func(i, j int) bool { return want[i] > want[j] })
				rows, total, err := svc.ListProducts(context.Background(), tt.f, listing.Page{Number: 1, Size: 100}, ProductIncludes{})
				if err != nil {
					t.Fatal(err)
				}
				var got []uint64
				for _, r := range rows {
					got = append(got, r.ID)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("ids (-want +got):\n%s", diff)
				}
				if total != (listing.Total{N: int64(len(want))}) {
					t.Errorf("total %+v, want %d", total, len(want))
				}
				// The count with a short page size must agree.
				if len(want) > 2 {
					_, total, err := svc.ListProducts(context.Background(), tt.f, listing.Page{Number: 1, Size: 2}, ProductIncludes{})
					if err != nil || total != (listing.Total{N: int64(len(want))}) {
						t.Errorf("paged total %+v (%v), want %d", total, err, len(want))
					}
				}
			})
		}

		sorts := []struct {
			sort string
			want []uint64
		}{
			{"-web_price", []uint64{30, 29, 28}},
			{"entry_price", []uint64{1, 2, 3}},
			{"-created_at", []uint64{30, 29, 28}},
			{"updated_at", []uint64{30, 29, 28}},
			{"-id", []uint64{30, 29, 28}},
		}
		for _, tt := range sorts {
			rows, _, err := svc.ListProducts(context.Background(), ProductFilter{Sort: tt.sort}, listing.Page{Number: 1, Size: 3}, ProductIncludes{})
			if err != nil {
				t.Fatal(err)
			}
			got := []uint64{rows[0].ID, rows[1].ID, rows[2].ID}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sort %s (-want +got):\n%s", tt.sort, diff)
			}
		}

		bad := []struct {
			name  string
			f     ProductFilter
			field string
		}{
			{"unknownSort", ProductFilter{Sort: "password"}, "sort"},
			{"unknownSortDesc", ProductFilter{Sort: "-search_text"}, "sort"},
			{"discountFromNotDate", ProductFilter{DiscountFrom: "15.06.2025"}, "discount_from"},
			{"discountToNotDate", ProductFilter{Discount: true, DiscountTo: "2025-13-01"}, "discount_to"},
			{"discountDatesReversed", ProductFilter{DiscountFrom: "2025-06-15", DiscountTo: "2025-06-01"}, "discount_to"},
			{"webPriceReversed", ProductFilter{WebPriceFrom: ptr(money.Para(500)), WebPriceTo: ptr(money.Para(100))}, "web_price_to"},
			{"entryPriceReversed", ProductFilter{EntryPriceFrom: ptr(money.Para(500)), EntryPriceTo: ptr(money.Para(100))}, "entry_price_to"},
			{"discountPriceReversed", ProductFilter{DiscountPriceFrom: ptr(money.Para(500)), DiscountPriceTo: ptr(money.Para(100))}, "discount_price_to"},
		}
		for _, tt := range bad {
			_, err := applyFilter(db.Model(&Product{}), tt.f)
			e := apperr.As(err)
			if err == nil || e.Code != apperr.Invalid || len(e.Fields) == 0 || e.Fields[0].Field != tt.field {
				t.Errorf("%s: %v, want invalid on %s", tt.name, err, tt.field)
			}
		}
	})
}

func TestProductFilterIsEmpty(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		f    ProductFilter
		want bool
	}{
		{"zero", ProductFilter{}, true},
		{"sortOnly", ProductFilter{Sort: "-web_price"}, true},
		{"blankSearch", ProductFilter{Search: "   "}, true},
		{"bothSidesOfAPair", ProductFilter{Active: true, Inactive: true, Live: true, Dead: true}, true},
		{"search", ProductFilter{Search: "tv"}, false},
		{"category", ProductFilter{Category: 1}, false},
		{"categories", ProductFilter{Categories: []uint64{1}}, false},
		{"active", ProductFilter{Active: true}, false},
		{"visibleFalse", ProductFilter{Visible: ptr(false)}, false},
		{"priceTo", ProductFilter{WebPriceTo: ptr(money.Para(0))}, false},
		{"discount", ProductFilter{Discount: true}, false},
		{"discountType", ProductFilter{DiscountType: 2}, false},
		{"withoutImage", ProductFilter{WithoutImage: true}, false},
	}
	for _, tt := range tests {
		if got := tt.f.IsEmpty(); got != tt.want {
			t.Errorf("%s: IsEmpty = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestProductFilterOnlyFlags: the filters the list counts from indexes alone are yes/no
// questions (or none), never one that needs a column outside those indexes.
func TestProductFilterOnlyFlags(t *testing.T) {
	tests := []struct {
		name string
		f    ProductFilter
		want bool
	}{
		{"zero", ProductFilter{Sort: "name"}, true},
		{"flags", ProductFilter{Active: true, WithoutImage: true, WithAttributes: true, Dead: true, Visible: ptr(true), Eponuda: ptr(false)}, true},
		{"inactive", ProductFilter{Inactive: true}, true},
		{"search", ProductFilter{Active: true, Search: "tv"}, false},
		{"category", ProductFilter{WithImage: true, Category: 1}, false},
		{"brand", ProductFilter{Active: true, Brands: []uint64{1}}, false},
		{"connected", ProductFilter{Active: true, Connected: true}, true},
		{"disconnected", ProductFilter{Disconnected: true}, true},
		{"price", ProductFilter{Active: true, WebPriceFrom: ptr(money.Para(1))}, false},
		{"discount", ProductFilter{Active: true, Discount: true}, false},
	}
	for _, tt := range tests {
		if got := tt.f.onlyFlags(); got != tt.want {
			t.Errorf("%s: onlyFlags = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestProductFilterOnlyOnePriceRange: the list counts a price range alone from
// product_sort_keys' index; any other condition, or both ranges, goes the usual way.
func TestProductFilterOnlyOnePriceRange(t *testing.T) {
	p := ptr(money.Para(100))
	tests := []struct {
		name string
		f    ProductFilter
		want bool
	}{
		{"webFrom", ProductFilter{WebPriceFrom: p, Sort: "web_price"}, true},
		{"entryRange", ProductFilter{EntryPriceFrom: p, EntryPriceTo: p}, true},
		{"none", ProductFilter{}, false},
		{"both", ProductFilter{WebPriceFrom: p, EntryPriceTo: p}, false},
		{"withFlag", ProductFilter{WebPriceTo: p, Active: true}, false},
	}
	for _, tt := range tests {
		if got := tt.f.onlyOnePriceRange(); got != tt.want {
			t.Errorf("%s: onlyOnePriceRange = %v, want %v", tt.name, got, tt.want)
		}
	}
}
