package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

func validCategoryInput() CategoryInput {
	b := func(v money.Bps) *money.Bps { return &v }
	p := money.Para(100)
	return CategoryInput{Name: "Računari", Prefix: "rač", Pdv: b(2000), WebMargin: b(1000), RetailMargin: b(1500), DealerMargin: b(500),
		DescriptionTime: "2 dana", MinPrice: &p, AllowedRebate: b(500)}
}

func TestCheckCategory(t *testing.T) {
	t.Parallel()
	bps := func(v money.Bps) *money.Bps { return &v }
	tests := []struct {
		name   string
		change func(in *CategoryInput)
		want   []apperr.FieldError
	}{
		{"valid", func(in *CategoryInput) {}, nil},
		{"boundsJustInside", func(in *CategoryInput) { in.Pdv, in.WebMargin = bps(2), bps(9998) }, nil},
		{"pdvAtLowerBound", func(in *CategoryInput) { in.Pdv = bps(1) }, []apperr.FieldError{apperr.Field("pdv", "validation.gt", "n", "0.01")}},
		{"marginAtUpperBound", func(in *CategoryInput) { in.DealerMargin = bps(9999) }, []apperr.FieldError{apperr.Field("dealer_margin", "validation.lt", "n", "99.99")}},
		{"minPriceOnePara", func(in *CategoryInput) { p := money.Para(1); in.MinPrice = &p }, []apperr.FieldError{apperr.Field("min_price", "validation.gt", "n", "0.01")}},
		{"rebateOne", func(in *CategoryInput) { in.AllowedRebate = bps(100) }, []apperr.FieldError{apperr.Field("allowed_rebate", "validation.gt", "n", "1")}},
		{"rebateJustAboveOne", func(in *CategoryInput) { in.AllowedRebate = bps(101) }, nil},
		{"prefixDigits", func(in *CategoryInput) { in.Prefix = "A1" }, []apperr.FieldError{apperr.Field("prefix", "validation.letters")}},
		{"prefixLong", func(in *CategoryInput) { in.Prefix = "ABCD" }, []apperr.FieldError{apperr.Field("prefix", "validation.max_chars", "n", 3)}},
		{"nameTrimmed", func(in *CategoryInput) { in.Name = "  A " }, []apperr.FieldError{apperr.Field("name", "validation.min_chars", "n", "2")}},
		{"missing", func(in *CategoryInput) { in.Pdv, in.MinPrice = nil, nil }, []apperr.FieldError{
			apperr.Field("min_price", "validation.required"), apperr.Field("pdv", "validation.required")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := validCategoryInput()
			tt.change(&in)
			var got []apperr.FieldError
			if err := checkCategory(&in); err != nil {
				got = apperr.As(err).Fields
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFirstFreeSlug(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		taken []string
		want  string
	}{
		{"free", nil, "tv"},
		{"taken", []string{"tv"}, "tv-2"},
		{"gap", []string{"tv", "tv-2", "tv-4"}, "tv-3"},
		{"onlySuffixTaken", []string{"tv-2"}, "tv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstFreeSlug("tv", tt.taken); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCategoryTreeHelpers(t *testing.T) {
	t.Parallel()
	id := func(v uint64) *uint64 { return &v }
	cats := []*Category{
		{ID: 1, Level: 1, Active: true},
		{ID: 2, ParentID: id(1), Level: 2, Active: false},
		{ID: 3, ParentID: id(2), Level: 3, Active: true},
		{ID: 4, ParentID: id(1), Level: 2, Active: true},
	}
	tr := newCategoryTree(cats)
	if got := tr.subtreeDepth(1); got != 3 {
		t.Errorf("depth %d", got)
	}
	if diff := cmp.Diff([]uint64{2, 3, 4}, tr.descendants(1)); diff != "" {
		t.Errorf("descendants (-want +got):\n%s", diff)
	}
	if tr.visible(tr.byID[3]) || !tr.visible(tr.byID[4]) {
		t.Error("visibility does not follow inactive ancestors")
	}
	n := tr.nest(tr.byID[1], true)
	if len(n.Subcategories) != 1 || n.Subcategories[0].ID != 4 || n.Subcategories[0].Subcategories == nil {
		t.Errorf("active tree: %+v", n.Subcategories)
	}
}
