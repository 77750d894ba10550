package pricelist

import (
	"strings"
	"unicode"

	"shop/internal/catalog"
)

// Field is a column of a price list the import reads.
type Field string

// The fields, as the header mapping names them.
const (
	FieldSKU         Field = "sku"
	FieldName        Field = "name"
	FieldCategory    Field = "category"
	FieldPrice       Field = "price"
	FieldRecommended Field = "recommended_price"
	FieldStock       Field = "stock"
	FieldEAN         Field = "ean"
	FieldBrand       Field = "brand"
)

// fieldOrder is every field, in the order the header mapping lists them.
var fieldOrder = [...]Field{FieldSKU, FieldName, FieldCategory, FieldPrice, FieldRecommended, FieldStock, FieldEAN, FieldBrand}

// Fields are the columns a price list may have, in the order the header mapping lists them.
func Fields() []Field { return append([]Field(nil), fieldOrder[:]...) }

// requiredFields must be in a header for it to count as one.
var requiredFields = []Field{FieldSKU, FieldPrice}

// HeaderMapping is a supplier's own header text per field (saved per supplier); empty entries
// fall back to the aliases.
type HeaderMapping map[Field]string

// headerScanRows is how many rows from the top of a sheet may hold the header (suppliers put
// their name, address and a date above it).
const headerScanRows = 20

// aliases are the header texts each field is known by, Serbian and English, written as
// headerKey leaves them (lower case, diacritics folded, punctuation as single spaces).
var aliases = map[Field][]string{
	FieldSKU: {"sifra", "sku", "kod", "code", "artikal sifra", "sifra artikla", "sifra proizvoda",
		"product code", "item code", "kataloski broj", "part number", "id artikla"},
	FieldName: {"naziv", "name", "opis artikla", "naziv artikla", "naziv proizvoda", "artikal",
		"proizvod", "product name", "product", "item name", "description", "opis"},
	FieldCategory: {"kategorija", "category", "grupa", "grupa artikala", "grupa proizvoda", "podgrupa",
		"product group", "naziv kategorije", "naziv grupe", "kategorija artikla"},
	FieldPrice: {"cena", "price", "vp cena", "vpc", "veleprodajna cena", "nabavna cena", "cena bez pdv",
		"cena bez pdv a", "wholesale price", "purchase price", "net price", "dealer price"},
	FieldRecommended: {"preporucena cena", "preporucena mp cena", "preporucena maloprodajna cena",
		"mp cena", "mpc", "pmc", "maloprodajna cena", "recommended price", "recommended retail price",
		"rrp", "msrp", "retail price"},
	FieldStock: {"stanje", "kolicina", "stock", "qty", "quantity", "zaliha", "zalihe", "lager",
		"raspolozivo", "na stanju", "dostupno", "availability"},
	FieldEAN: {"ean", "barcode", "bar kod", "barkod", "bar code", "ean kod", "ean code", "gtin"},
	FieldBrand: {"brend", "brand", "proizvodjac", "proizvodac", "manufacturer", "marka", "vendor",
		"robna marka", "naziv proizvodjaca"},
}

// notFields are header texts that start like an alias but name something else: a category's
// code is not the SKU.
var notFields = []string{"sifra grupe", "sifra kategorije", "kod grupe", "kod kategorije", "category code"}

// aliasField maps an alias to its field (built once from aliases).
var aliasField = func() map[string]Field {
	m := map[string]Field{}
	for f, list := range aliases {
		for _, a := range list {
			if _, dup := m[a]; dup {
				panic("pricelist: header alias listed twice: " + a)
			}
			m[a] = f
		}
	}
	for _, a := range notFields {
		m[a] = ""
	}
	return m
}()

// cyrillic is Serbian Cyrillic in Latin (folded), so "Шифра" and "Цена" are headers too.
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ђ': "dj", 'е': "e", 'ж': "z", 'з': "z",
	'и': "i", 'ј': "j", 'к': "k", 'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'ћ': "c", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c",
	'ч': "c", 'џ': "dz", 'ш': "s",
}

// headerKey is how header texts are compared: case and Serbian diacritics folded (Cyrillic
// transliterated), every run of other characters than letters and digits one space.
func headerKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range catalog.Fold(s) {
		if lat, ok := cyrillic[r]; ok {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(lat)
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}

// header is a recognised header row: the column of each field found, and its text.
type header struct {
	cols  map[Field]int
	texts map[Field]string
}

// missing lists the required fields the header lacks.
func (h header) missing() []Field {
	var out []Field
	for _, f := range requiredFields {
		if _, ok := h.cols[f]; !ok {
			out = append(out, f)
		}
	}
	return out
}

// score ranks rows that are not a header by how close they come: the required fields first.
func (h header) score() int { return 3*(len(requiredFields)-len(h.missing())) + len(h.cols) }

// matchHeader finds the fields in one row. The supplier's saved mapping wins: a field it names
// is only ever that column, and that column is no other field. Then aliases: an exact alias
// before one that only starts the text ("Cena bez PDV-a" is a price, "MP cena sa PDV" a
// recommended price: the longest alias that starts the text wins); the leftmost column on a tie.
func matchHeader(cells []string, mapping HeaderMapping) header {
	h := header{cols: map[Field]int{}, texts: map[Field]string{}}
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = headerKey(c)
	}
	taken := map[int]bool{}
	mapped := map[Field]bool{}
	for _, f := range fieldOrder {
		want := headerKey(mapping[f])
		if want == "" {
			continue
		}
		mapped[f] = true
		for i, k := range keys {
			if k == want && !taken[i] {
				h.cols[f], h.texts[f], taken[i] = i, strings.TrimSpace(cells[i]), true
				break
			}
		}
	}
	// quality: 2 for an exact alias, 1 for a prefix, per column.
	type match struct {
		col, quality, length int
	}
	best := map[Field]match{}
	for i, k := range keys {
		if k == "" || taken[i] {
			continue
		}
		f, q, l := aliasMatch(k)
		if q == 0 || mapped[f] {
			continue
		}
		cur, seen := best[f]
		if !seen || q > cur.quality || q == cur.quality && l > cur.length {
			best[f] = match{i, q, l}
		}
	}
	for f, m := range best {
		h.cols[f], h.texts[f] = m.col, strings.TrimSpace(cells[m.col])
	}
	return h
}

// aliasMatch tells which field a header key names: exactly (quality 2) or by its first words
// (quality 1, the longest alias), with the alias length to rank prefixes. A key that starts
// with one of notFields names no field.
func aliasMatch(k string) (Field, int, int) {
	if f, ok := aliasField[k]; ok {
		if f == "" {
			return "", 0, 0
		}
		return f, 2, len(k)
	}
	var best Field
	bestLen := 0
	// Try each word boundary from the longest prefix down.
	for i := len(k); i > 0; i-- {
		if i < len(k) && k[i] != ' ' {
			continue
		}
		if f, ok := aliasField[k[:i]]; ok {
			if f == "" {
				return "", 0, 0
			}
			best, bestLen = f, i
			break
		}
	}
	if bestLen == 0 {
		return "", 0, 0
	}
	return best, 1, bestLen
}

// findHeader picks the header among the first rows of a sheet: the row where the most fields
// are found, among those with every required field; the earliest on a tie. ok is false when no
// row has the required fields; best is then the row that came closest (for the message).
func findHeader(rows [][]string, mapping HeaderMapping) (h header, line int, ok bool, best header) {
	bestScore := -1
	for i, cells := range rows {
		m := matchHeader(cells, mapping)
		if len(m.missing()) == 0 {
			if !ok || len(m.cols) > len(h.cols) {
				h, line, ok = m, i, true
			}
		}
		if score := m.score(); score > bestScore {
			best, bestScore = m, score
		}
	}
	return h, line, ok, best
}
