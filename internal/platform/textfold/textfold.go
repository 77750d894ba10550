// Package textfold folds text for search the way Serbian shoppers and staff type it: lower case,
// with the Latin diacritics folded (č, ć → c; š → s; ž → z; đ → dj), so 'frizider' finds
// 'Frižider'. One definition for every capability that searches (the catalogue, the lookups
// of pricing); the SQL twins of the catalogue fold columns the same way.
package textfold

import (
	"strings"
	"unicode"
)

// Fold lower-cases s and folds the Serbian Latin diacritics.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r = unicode.ToLower(r); r {
		case 'č', 'ć':
			b.WriteByte('c')
		case 'š':
			b.WriteByte('s')
		case 'ž':
			b.WriteByte('z')
		case 'đ':
			b.WriteString("dj")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
