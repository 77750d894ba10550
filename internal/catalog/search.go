package catalog

import (
	"strings"
	"unicode"

	"shop/internal/platform/textfold"
)

// Fold lower-cases s and folds the Serbian Latin diacritics (č ć -> c, š -> s, ž -> z,
// đ -> dj), so 'Frižider' and 'frizider' meet. products.search_text is Fold(name + " " + sku),
// and the search term is folded the same way.
func Fold(s string) string { return textfold.Fold(s) }

// searchText is what products.search_text holds for a product.
func searchText(name, sku string) string {
	return Fold(strings.TrimSpace(name) + " " + strings.TrimSpace(sku))
}

// SearchDescription is what products.search_description holds: the text a reader sees of the
// rich-text description, folded, so the storefront search never matches the markup's keys.
func SearchDescription(description string) string {
	return Fold(strings.Join(strings.Fields(DescriptionText(description)), " "))
}

// Slugify turns a name into a URL slug: folded, letters and digits kept, every other run
// of characters one '-'.
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range Fold(name) {
		if unicode.IsLetter(r) && r < unicode.MaxASCII || unicode.IsDigit(r) && r < unicode.MaxASCII {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}
