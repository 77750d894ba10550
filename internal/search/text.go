// Package search is the storefront's product search and autocomplete: Serbian-aware (Latin
// diacritics folded both ways, Cyrillic transliterated to Latin), SKU and EAN exact hits
// first, typo tolerant (pg_trgm on PostgreSQL, edit distance on SQLite), and the popular
// searches learned from what shoppers search (table search_queries).
package search

import (
	"html"
	"strings"
	"unicode"

	"shop/internal/platform/ctrlchar"
	"shop/internal/platform/textfold"
)

// MaxQueryRunes bounds a query: longer input is cut (search never fails on its input).
const MaxQueryRunes = 100

// maxTokens bounds the words of a query that each narrow the search.
const maxTokens = 6

// cyrillic maps Serbian Cyrillic (lower case) to Serbian Latin.
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ђ': "đ", 'е': "e", 'ж': "ž", 'з': "z",
	'и': "i", 'ј': "j", 'к': "k", 'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'ћ': "ć", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c",
	'ч': "č", 'џ': "dž", 'ш': "š",
}

// Transliterate turns Serbian Cyrillic into Serbian Latin (lower-cased where it was Cyrillic);
// anything else is kept.
func Transliterate(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if l, ok := cyrillic[unicode.ToLower(r)]; ok {
			b.WriteString(l)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldRune is what one rune becomes in the normalized text.
func foldRune(r rune) string {
	if l, ok := cyrillic[unicode.ToLower(r)]; ok {
		return textfold.Fold(l)
	}
	return textfold.Fold(string(r))
}

// Clean strips control characters, collapses white space and cuts s at MaxQueryRunes.
func Clean(s string) string {
	s = strings.Join(strings.Fields(ctrlchar.Strip(s)), " ")
	if r := []rune(s); len(r) > MaxQueryRunes {
		s = strings.TrimSpace(string(r[:MaxQueryRunes]))
	}
	return s
}

// Normalize is the form a query is matched in: cleaned, Cyrillic transliterated to Latin,
// lower-cased and the Latin diacritics folded ('Фрижидер', 'Frižider' -> 'frizider').
func Normalize(s string) string { return textfold.Fold(Transliterate(Clean(s))) }

// tokens are the distinct words of a normalized query (at most maxTokens).
func tokens(term string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(term) {
		if !seen[w] && len(out) < maxTokens {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// Highlight is name, HTML-escaped, with every place a word of the query matches (after
// transliteration and folding) wrapped in <strong>.
func Highlight(name, query string) string {
	rs := []rune(name)
	var folded strings.Builder
	var owner []int // owner[i]: the rune of name that byte i of folded comes from
	for i, r := range rs {
		f := foldRune(r)
		folded.WriteString(f)
		for range len(f) {
			owner = append(owner, i)
		}
	}
	fs := folded.String()
	mark := make([]bool, len(rs))
	for _, w := range tokens(Normalize(query)) {
		for from := 0; from < len(fs); {
			i := strings.Index(fs[from:], w)
			if i < 0 {
				break
			}
			for j := from + i; j < from+i+len(w); j++ {
				mark[owner[j]] = true
			}
			from += i + len(w)
		}
	}
	var b strings.Builder
	for i, r := range rs {
		if mark[i] && (i == 0 || !mark[i-1]) {
			b.WriteString("<strong>")
		}
		b.WriteString(html.EscapeString(string(r)))
		if mark[i] && (i == len(rs)-1 || !mark[i+1]) {
			b.WriteString("</strong>")
		}
	}
	return b.String()
}

// distance is the edit distance of a and b in runes (insertions, deletions, substitutions
// and transpositions of neighbours: 'skrinaj' is one edit from 'skrinja').
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j-1]+c, d[i-1][j]+1, d[i][j-1]+1)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// allowedTypos is how many edits a query word of n runes may carry and still match.
func allowedTypos(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 8:
		return 1
	default:
		return 2
	}
}

// fuzzyContains tells whether every query word is within its allowed edits of some word of
// text (or of a prefix of it as long as the query word, so 'frizder' finds 'friziderski').
func fuzzyContains(text string, words []string) bool {
	tw := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for _, w := range words {
		n := len([]rune(w))
		k := allowedTypos(n)
		ok := false
		for _, t := range tw {
			if strings.Contains(t, w) {
				ok = true
				break
			}
			if k == 0 {
				continue
			}
			if distance(w, t) <= k {
				ok = true
				break
			}
			if rt := []rune(t); len(rt) > n+k && distance(w, string(rt[:n])) <= k {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
