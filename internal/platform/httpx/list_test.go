package httpx

import (
	"net/url"
	"shop/internal/platform/money"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// testFilter has a field of every kind filters use.
type testFilter struct {
	Search     string   `form:"search"`
	Active     bool     `form:"active"`
	Visible    *bool    `form:"visible"`
	Category   uint64   `form:"category"`
	Supplier   *uint64  `form:"supplier"`
	Categories []uint64 `form:"categories"`
	Brands     []string `form:"brands"`
	MinPrice   float64  `form:"min_price"`
	Stock      int      `form:"stock"`
	Hidden     string   `form:"-"`
	Untagged   string
}

func ptr[T any](v T) *T { return &v }

func TestParseList(t *testing.T) {
	spec := ListSpec{DefaultSize: 20, MaxSize: 100, Includes: []string{"brand", "images", "category.parent"}}
	tests := []struct {
		name     string
		query    string
		spec     *ListSpec
		page     listing.Page
		includes Includes
		filter   testFilter
		errors   []apperr.FieldError
	}{
		{name: "defaults", query: "",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{}},
		{name: "zeroSpecDefaults", query: "", spec: &ListSpec{},
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{}},
		{name: "zeroSpecMax5000", query: "paginate=5000", spec: &ListSpec{},
			page: listing.Page{Number: 1, Size: 5000}, includes: Includes{}},
		{name: "pageAndSize", query: "page=3&paginate=50",
			page: listing.Page{Number: 3, Size: 50}, includes: Includes{}},
		{name: "maxSize", query: "paginate=100",
			page: listing.Page{Number: 1, Size: 100}, includes: Includes{}},
		{name: "overMaxSize", query: "paginate=101",
			errors: []apperr.FieldError{apperr.Field("paginate", "validation.max", "n", 100)}},
		{name: "zeroSize", query: "paginate=0",
			errors: []apperr.FieldError{apperr.Field("paginate", "validation.min", "n", 1)}},
		{name: "sizeNotNumber", query: "paginate=ten",
			errors: []apperr.FieldError{apperr.Field("paginate", "validation.number")}},
		{name: "pageNotNumber", query: "page=1.5",
			errors: []apperr.FieldError{apperr.Field("page", "validation.number")}},
		{name: "pageNegative", query: "page=-2",
			errors: []apperr.FieldError{apperr.Field("page", "validation.min", "n", 1)}},
		{name: "pageBeyondInt", query: "page=9223372036854775807",
			errors: []apperr.FieldError{apperr.Field("page", "validation.max", "n", listing.MaxPage(20))}},
		{name: "pageFarBeyondInt", query: "page=99999999999999999999999",
			errors: []apperr.FieldError{apperr.Field("page", "validation.max", "n", listing.MaxPage(20))}},
		{name: "pageFarBelowInt", query: "page=-99999999999999999999999",
			errors: []apperr.FieldError{apperr.Field("page", "validation.min", "n", 1)}},
		{name: "pageOverflowsWithSize", query: "page=21474838&paginate=100",
			errors: []apperr.FieldError{apperr.Field("page", "validation.max", "n", listing.MaxPage(100))}},
		{name: "lastPageWithinOffset", query: "page=21474837&paginate=100",
			page: listing.Page{Number: 21474837, Size: 100}, includes: Includes{}},
		{name: "emptyValuesAreDefaults", query: "page=&paginate=&include=",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{}},
		{name: "includes", query: "include=brand,%20category.parent,,images",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{"brand": true, "category.parent": true, "images": true}},
		{name: "unknownInclude", query: "include=brand,owner,category",
			errors: []apperr.FieldError{apperr.Field("include", "validation.include", "name", "owner"),
				apperr.Field("include", "validation.include", "name", "category")}},
		{name: "filters", query: "search=iphone&active=1&visible=false&category=7&supplier=3&categories=1,2,%203&categories=4&brands=apple,samsung&min_price=10,5&stock=-1",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{},
			filter: testFilter{Search: "iphone", Active: true, Visible: ptr(false), Category: 7, Supplier: ptr[uint64](3),
				Categories: []uint64{1, 2, 3, 4}, Brands: []string{"apple", "samsung"}, MinPrice: 10.5, Stock: -1}},
		{name: "boolForms", query: "active=true&visible=1",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{},
			filter: testFilter{Active: true, Visible: ptr(true)}},
		{name: "boolFalseForms", query: "active=false&visible=0",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{},
			filter: testFilter{Active: false, Visible: ptr(false)}},
		{name: "emptyValuesUnset", query: "search=&active=&visible=&category=&supplier=&categories=&min_price=&stock=",
			page: listing.Page{Number: 1, Size: 20}, includes: Includes{}},
		{name: "lastValueWins", query: "search=a&search=b&page=1&page=2",
			page: listing.Page{Number: 2, Size: 20}, includes: Includes{},
			filter: testFilter{Search: "b"}},
		{name: "badValues", query: "active=yes&visible=maybe&category=x&supplier=-1&categories=1,a&min_price=abc&stock=1e3",
			errors: []apperr.FieldError{
				apperr.Field("active", "validation.type"),
				apperr.Field("categories", "validation.number"),
				apperr.Field("category", "validation.number"),
				apperr.Field("min_price", "validation.number"),
				apperr.Field("stock", "validation.number"),
				apperr.Field("supplier", "validation.number"),
				apperr.Field("visible", "validation.type"),
			}},
		{name: "unknownFields", query: "colour=red&Untagged=x&-=1&Hidden=y&search=ok",
			errors: []apperr.FieldError{
				apperr.Field("-", "validation.unknown_field"),
				apperr.Field("Hidden", "validation.unknown_field"),
				apperr.Field("Untagged", "validation.unknown_field"),
				apperr.Field("colour", "validation.unknown_field"),
			}},
		{name: "everythingWrongSorted", query: "page=0&zzz=1&include=x&paginate=1000",
			errors: []apperr.FieldError{
				apperr.Field("include", "validation.include", "name", "x"),
				apperr.Field("page", "validation.min", "n", 1),
				apperr.Field("paginate", "validation.max", "n", 100),
				apperr.Field("zzz", "validation.unknown_field"),
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			s := spec
			if tt.spec != nil {
				s = *tt.spec
			}
			var f testFilter
			page, inc, err := parseList(q, &f, s)
			if tt.errors != nil {
				e, ok := err.(*apperr.Error)
				if !ok || e.Code != apperr.Invalid {
					t.Fatalf("error %v, want invalid fields", err)
				}
				if diff := cmp.Diff(tt.errors, e.Fields); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.page, page); diff != "" {
				t.Errorf("page (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.includes, inc); diff != "" {
				t.Errorf("includes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.filter, f); diff != "" {
				t.Errorf("filter (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseListWithoutFilter: lists without filters accept only the paging parameters.
func TestParseListWithoutFilter(t *testing.T) {
	q, _ := url.ParseQuery("paginate=1000&search=x")
	_, _, err := parseList(q, nil, ListSpec{DefaultSize: 1000})
	e, ok := err.(*apperr.Error)
	if !ok {
		t.Fatalf("error %v", err)
	}
	if diff := cmp.Diff([]apperr.FieldError{apperr.Field("search", "validation.unknown_field")}, e.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	q, _ = url.ParseQuery("paginate=1000")
	page, _, err := parseList(q, nil, ListSpec{DefaultSize: 1000})
	if err != nil || page != (listing.Page{Number: 1, Size: 1000}) {
		t.Errorf("page %v, err %v", page, err)
	}
}

func TestParseListMoney(t *testing.T) {
	var f struct {
		From *money.Para `form:"web_price_from"`
		To   money.Para  `form:"web_price_to"`
	}
	if _, _, err := parseList(map[string][]string{"web_price_from": {"1.234,56"}, "web_price_to": {"2000.5"}}, &f, ListSpec{}); err != nil {
		t.Fatal(err)
	}
	if f.From == nil || *f.From != 123456 || f.To != 200050 {
		t.Fatalf("parsed %v %v", f.From, f.To)
	}
	if _, _, err := parseList(map[string][]string{"web_price_to": {"abc"}}, &f, ListSpec{}); err == nil {
		t.Fatal("abc accepted as a price")
	}
}

// TestParseListEmbeddedFilter: a filter embedding another's (the search's {q} + the category
// page's filters) reads the embedded fields and still refuses unknown ones.
func TestParseListEmbeddedFilter(t *testing.T) {
	type inner struct {
		Brands []uint64 `form:"brands"`
		Sort   string   `form:"sort"`
	}
	var f struct {
		Q string `form:"q"`
		inner
	}
	if _, _, err := parseList(map[string][]string{"q": {"frizider"}, "brands": {"3,7"}, "sort": {"price"}}, &f, ListSpec{}); err != nil {
		t.Fatal(err)
	}
	if f.Q != "frizider" || f.Sort != "price" || !cmp.Equal(f.Brands, []uint64{3, 7}) {
		t.Errorf("parsed %+v", f)
	}
	_, _, err := parseList(map[string][]string{"boja": {"1"}}, &f, ListSpec{})
	if e, ok := err.(*apperr.Error); !ok || !cmp.Equal(e.Fields, []apperr.FieldError{apperr.Field("boja", "validation.unknown_field")}) {
		t.Errorf("unknown field: %v", err)
	}
}
