package pricelist

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"

	"shop/internal/platform/money"
)

// ParsePrice reads a price cell: a number as the sheet stores it ("1234.56", "1.2345E3") or
// text as people type it in Serbia ("1.234,56", "1234,56", "1 234,56", "1234.56"), with or
// without "RSD" / "din". A single dot followed by exactly three digits after one to three
// leading digits groups thousands ("1.234" is 1234, as a Serbian reader means it); a comma
// alone is the decimal mark. Digits past the para are rounded half up, because Excel stores
// 1234.56 as 1234.5599999999999. The arithmetic is on the digits, never on a float.
func ParsePrice(s string) (money.Para, bool) {
	n, ok := parseHundredths(s)
	return money.Para(n), ok
}

// parseStock reads a stock cell: a whole number, "" for none. ">10" and "10+" (suppliers'
// "more than ten") count as 10; a negative stock (back-ordered) counts as none.
func parseStock(s string) (int, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimLeft(s, ">≥=")
	s = strings.TrimRight(s, "+")
	if strings.TrimSpace(s) == "" {
		return 0, true
	}
	n, ok := parseHundredths(s)
	if !ok || n%100 != 0 || n/100 > math.MaxInt32 {
		return 0, false
	}
	if n < 0 {
		return 0, true
	}
	return int(n / 100), true
}

// currencyWords are stripped from either end of a number (after spaces are removed, lower case).
var currencyWords = []string{"dinara", "din.", "din", "rsd", "дин.", "дин"}

// parseHundredths reads a number into hundredths (para), see ParsePrice for the formats.
func parseHundredths(s string) (int64, bool) {
	if n, ok := plainHundredths(s); ok {
		return n, true
	}
	return generalHundredths(s)
}

// generalHundredths is parseHundredths for every form ParsePrice takes.
func generalHundredths(s string) (int64, bool) {
	s = compactNumber(s)
	if s == "" {
		return 0, false
	}
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n int64
	var ok bool
	if strings.ContainsAny(s, "eE") {
		n, ok = parseExponent(s)
	} else {
		n, ok = parsePlain(s)
	}
	if !ok {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// plainHundredths is parseHundredths' fast path for the form nearly every cell has: digits,
// then optionally one '.' or ',' and one or two digits ("1234", "1234,5", "1234.56"). None of
// the general rules changes such a string (no spaces, words, sign or grouping: a grouping dot
// has three digits after it), and the general path's copies and mapping cost about ten times
// the digits' arithmetic in a 100,000-row competitor file. False: not that form (the general
// path decides).
func plainHundredths(s string) (int64, bool) {
	var n int64
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int64(s[i]-'0')
	}
	if i == 0 || i > 15 {
		return 0, false
	}
	n *= 100
	switch rest := s[i:]; {
	case rest == "":
	case len(rest) == 2 && (rest[0] == '.' || rest[0] == ',') && rest[1] >= '0' && rest[1] <= '9':
		n += int64(rest[1]-'0') * 10
	case len(rest) == 3 && (rest[0] == '.' || rest[0] == ',') && rest[1] >= '0' && rest[1] <= '9' && rest[2] >= '0' && rest[2] <= '9':
		n += int64(rest[1]-'0')*10 + int64(rest[2]-'0')
	default:
		return 0, false
	}
	return n, true
}

// compactNumber drops spaces of any kind (grouping: "1 234,56", non-breaking or thin spaces
// included) and a currency word at either end.
func compactNumber(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\u202f' || r == '\u2009' {
			return -1
		}
		return r
	}, s)
	lower := strings.ToLower(s)
	for _, w := range currencyWords {
		if strings.HasSuffix(lower, w) {
			s, lower = s[:len(s)-len(w)], lower[:len(lower)-len(w)]
			break
		}
	}
	for _, w := range currencyWords {
		if strings.HasPrefix(lower, w) {
			s = s[len(w):]
			break
		}
	}
	return s
}

// parsePlain reads digits with '.' and ',' as grouping or decimal marks, unsigned.
func parsePlain(s string) (int64, bool) {
	dots, commas := strings.Count(s, "."), strings.Count(s, ",")
	var whole, frac string
	ok := true
	switch {
	case dots > 0 && commas > 0:
		// Both marks: the last one is the decimal mark ("1.234,56" or "1,234.56").
		dec, grp := ",", "."
		if strings.LastIndex(s, ".") > strings.LastIndex(s, ",") {
			dec, grp = ".", ","
		}
		if strings.Count(s, dec) != 1 {
			return 0, false
		}
		whole, frac, _ = strings.Cut(s, dec)
		whole, ok = ungroup(whole, grp)
	case commas == 1:
		whole, frac, _ = strings.Cut(s, ",")
	case commas > 1:
		whole, ok = ungroup(s, ",")
	case dots == 1:
		whole, frac, _ = strings.Cut(s, ".")
		if len(frac) == 3 && groupLead(whole) {
			whole, frac = whole+frac, ""
		}
	case dots > 1:
		whole, ok = ungroup(s, ".")
	default:
		whole = s
	}
	if !ok || whole == "" && frac == "" || !digits(whole) || !digits(frac) {
		return 0, false
	}
	roundUp := false
	if len(frac) > 2 {
		roundUp = frac[2] >= '5'
		frac = frac[:2]
	}
	// money.Parse turns "1234.5" into 123450 exactly; the string has no marks of its own now.
	n, err := money.Parse(whole + "." + frac)
	if whole == "" && frac == "" || err != nil {
		return 0, false
	}
	if roundUp {
		n++
	}
	return n, true
}

// parseExponent reads a number in scientific notation ("1.2345E3", as some writers store
// numbers), exactly, rounding half up to hundredths.
func parseExponent(s string) (int64, bool) {
	mant, exp, _ := strings.Cut(strings.ToLower(s), "e")
	e, err := strconv.Atoi(exp)
	// A bounded exponent: big.Rat would happily build 10^999999999.
	if err != nil || e < -30 || e > 30 || strings.Contains(mant, ",") || mant == "" {
		return 0, false
	}
	whole, frac, _ := strings.Cut(mant, ".")
	if !digits(whole) || !digits(frac) || whole == "" && frac == "" {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, big.NewRat(100, 1))
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if m.Mul(m, big.NewInt(2)).Cmp(r.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() || q.Int64() > 1<<62 {
		return 0, false
	}
	return q.Int64(), true
}

// groupLead tells whether s can open a thousands-grouped number: one to three digits, not a
// leading zero ("0.125" is a fraction, "1.234" a thousand).
func groupLead(s string) bool {
	return len(s) >= 1 && len(s) <= 3 && s[0] != '0' && digits(s)
}

// ungroup removes the grouping mark sep from s after checking the groups (1-3 digits, then
// threes), so "1.23.4" is not quietly read as 1234.
func ungroup(s, sep string) (string, bool) {
	parts := strings.Split(s, sep)
	if !groupLead(parts[0]) {
		return "", false
	}
	for _, p := range parts[1:] {
		if len(p) != 3 || !digits(p) {
			return "", false
		}
	}
	return strings.Join(parts, ""), true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cellDigits turns a numeric cell that holds a code (SKU, EAN) into its digits: a writer may
// store 12345678 as "1.2345678E7" or "12345678.0". Anything else is returned as it is.
func cellDigits(s string) string {
	if s == "" || !(s[0] >= '0' && s[0] <= '9') {
		return s
	}
	if !strings.ContainsAny(s, "eE.") || strings.ContainsAny(s, ", ") {
		return s
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if !hasExp {
		// "12345678.0": a whole number written with a zero fraction.
		whole, frac, _ := strings.Cut(s, ".")
		if digits(whole) && frac != "" && strings.Trim(frac, "0") == "" {
			return whole
		}
		return s
	}
	// Only the normalised form writers use ("1.2345678E7", "1.2345678E+7"): a text code like
	// "12E4" stays as it is.
	e, err := strconv.Atoi(exp)
	whole, frac, _ := strings.Cut(mant, ".")
	if err != nil || e < 0 || e > 30 || len(whole) != 1 || whole == "0" || frac == "" || !digits(whole) || !digits(frac) {
		return s
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || !r.IsInt() {
		return s
	}
	return r.Num().String()
}
