package sales_test

import (
	"testing"
	"time"

	"shop/internal/sales"
)

func TestProformaValidUntil(t *testing.T) {
	t.Parallel()
	// 23:30 UTC on 1 March is already 2 March in Belgrade.
	got := sales.ProformaValidUntil(time.Date(2026, 3, 1, 23, 30, 0, 0, time.UTC), 8)
	if want := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("ProformaValidUntil = %v, want %v", got, want)
	}
}

func TestNormalizeAccount(t *testing.T) {
	t.Parallel()
	//nolint:gocritic // mapKey: keys with spaces are the input under test
	for in, want := range map[string]string{
		"160000000001234595":    "160000000001234595",
		"160-0000000012345-95":  "160000000001234595",
		"160-12345-95":          "160000000001234595",
		" 160 0000000012345 95": "160000000001234595",
		"160000000001234596":    "", // control digits wrong
		"160-12345-9":           "", // two control digits
		"16-12345-95":           "", // three bank digits
		"160-12345678901234-95": "", // middle over 13
		"160-1234a-95":          "",
		"":                      "",
	} {
		got, ok := sales.NormalizeAccount(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeAccount(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
