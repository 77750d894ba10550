// Package textfold folds text for search the way Serbian shoppers and staff type it: lower case,
// with the Latin diacritics folded (č, ć → c; š → s; ž → z; đ → dj), so 'frizider' finds
// 'Frižider'. One definition for every capability that searches (the catalogue, the lookups
// of pricing); the SQL twins of the catalogue fold columns the same way.
package textfold

import (
	"strings"
	"unicode"
)

// cyrillic maps Serbian Cyrillic (lower case) to Serbian Latin, already folded: staff type
// 'лаптоп' in the admin as shoppers do in the storefront, and every search folds alike.
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ђ': "dj", 'е': "e", 'ж': "z", 'з': "z",
	'и': "i", 'ј': "j", 'к': "k", 'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'ћ': "c", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c",
	'ч': "c", 'џ': "dz", 'ш': "s",
}

// Fold lower-cases s, transliterates Serbian Cyrillic to Latin and folds the Latin diacritics
// ('Фрижидер', 'Frižider' -> 'frizider').
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
			if l, ok := cyrillic[r]; ok {
				b.WriteString(l)
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
