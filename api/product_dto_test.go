package api_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/api"
	"shop/internal/catalog"
)

// formNames lists the `form` tags of a struct's fields in order.
func formNames(v any) []string {
	t := reflect.TypeOf(v)
	out := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		if name := t.Field(i).Tag.Get("form"); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// TestProductFilterQueryMatchesFilter: the document's filter parameters (ProductFilterQuery, on
// the list and on every mass call) are exactly the ones the handlers bind (catalog.ProductFilter):
// a filter added to one and not the other fails here, not as an untyped call in the admin.
func TestProductFilterQueryMatchesFilter(t *testing.T) {
	t.Parallel()
	if diff := cmp.Diff(formNames(catalog.ProductFilter{}), formNames(api.ProductFilterQuery{})); diff != "" {
		t.Errorf("ProductFilterQuery's parameters differ from catalog.ProductFilter's (-filter +documented):\n%s", diff)
	}
}
