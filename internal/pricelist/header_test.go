package pricelist

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestHeaderKey(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Šifra", "sifra"},
		{"ŠIFRA", "sifra"},
		{"  Količina ", "kolicina"},
		{"Proizvođač", "proizvodjac"},
		{"Preporučena cena", "preporucena cena"},
		{"Cena (RSD)", "cena rsd"},
		{"Cena bez PDV-a", "cena bez pdv a"},
		{"Bar-kod", "bar kod"},
		{"Шифра", "sifra"},
		{"Цена", "cena"},
		{"Произвођач", "proizvodjac"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := headerKey(tt.in); got != tt.want {
			t.Errorf("headerKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMatchHeader(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		cells   []string
		mapping HeaderMapping
		want    map[Field]int
	}{
		{"english", []string{"SKU", "Name", "Category", "Price", "Recommended price", "Stock", "EAN", "Brand"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldCategory: 2, FieldPrice: 3, FieldRecommended: 4, FieldStock: 5, FieldEAN: 6, FieldBrand: 7}},
		{"serbian", []string{"Šifra", "Naziv", "Kategorija", "Cena", "Preporučena cena", "Stanje", "EAN", "Brend"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldCategory: 2, FieldPrice: 3, FieldRecommended: 4, FieldStock: 5, FieldEAN: 6, FieldBrand: 7}},
		{"serbianWithoutDiacritics", []string{"sifra", "opis artikla", "grupa", "VP cena", "MP cena", "kolicina", "bar kod", "proizvodjac"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldCategory: 2, FieldPrice: 3, FieldRecommended: 4, FieldStock: 5, FieldEAN: 6, FieldBrand: 7}},
		{"upperCase", []string{"ŠIFRA", "NAZIV", "NABAVNA CENA", "KOLIČINA", "PROIZVOĐAČ"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldPrice: 2, FieldStock: 3, FieldBrand: 4}},
		{"otherEnglish", []string{"Code", "Qty", "Barcode", "Manufacturer", "MSRP", "Price"}, nil,
			map[Field]int{FieldSKU: 0, FieldStock: 1, FieldEAN: 2, FieldBrand: 3, FieldRecommended: 4, FieldPrice: 5}},
		{"prefixes", []string{"Šifra artikla", "Naziv proizvoda", "Cena bez PDV-a (RSD)", "MP cena sa PDV", "Količina kom"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldPrice: 2, FieldRecommended: 3, FieldStock: 4}},
		{"exactBeatsPrefix", []string{"Cena sa PDV", "Cena", "Šifra"}, nil,
			map[Field]int{FieldPrice: 1, FieldSKU: 2}},
		{"leftmostOnATie", []string{"Šifra", "Cena", "Cena"}, nil,
			map[Field]int{FieldSKU: 0, FieldPrice: 1}},
		{"categoryCodeIsNoSKU", []string{"Šifra grupe", "Naziv grupe", "Šifra artikla", "Cena"}, nil,
			map[Field]int{FieldCategory: 1, FieldSKU: 2, FieldPrice: 3}},
		{"unknownColumnsIgnored", []string{"Rb.", "Napomena", "Šifra", "", "Cena"}, nil,
			map[Field]int{FieldSKU: 2, FieldPrice: 4}},
		{"cyrillic", []string{"Шифра", "Назив", "Цена", "Стање"}, nil,
			map[Field]int{FieldSKU: 0, FieldName: 1, FieldPrice: 2, FieldStock: 3}},
		{"mappingWins", []string{"Cena", "Art. br.", "Cena sa rabatom", "Šifra"},
			HeaderMapping{FieldSKU: "art. br.", FieldPrice: "CENA SA RABATOM"},
			map[Field]int{FieldSKU: 1, FieldPrice: 2}},
		{"mappingMissesNoFallback", []string{"Šifra", "Cena"},
			HeaderMapping{FieldPrice: "Cena sa rabatom"},
			map[Field]int{FieldSKU: 0}},
		{"emptyMappingFallsBack", []string{"Šifra", "Cena"},
			HeaderMapping{FieldPrice: "", FieldSKU: ""},
			map[Field]int{FieldSKU: 0, FieldPrice: 1}},
		{"mappedColumnIsNoOtherField", []string{"Šifra", "Kod", "Cena"},
			HeaderMapping{FieldEAN: "Kod"},
			map[Field]int{FieldSKU: 0, FieldEAN: 1, FieldPrice: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := matchHeader(tt.cells, tt.mapping)
			if diff := cmp.Diff(tt.want, got.cols); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
			for f, c := range got.cols {
				if got.texts[f] != tt.cells[c] {
					t.Errorf("text of %s = %q, want %q", f, got.texts[f], tt.cells[c])
				}
			}
		})
	}
}

func TestFindHeader(t *testing.T) {
	t.Parallel()
	rows := [][]string{
		{"Cenovnik dobavljača"},
		{"Šifra dobavljača: 123", "Cena transporta: 0"}, // matches by prefixes, with fewer fields
		{},
		{"Šifra", "Naziv", "Cena"},
		{"Šifra", "Naziv", "Cena", "Stanje"}, // more fields: wins
		{"001", "Miš", "100"},
	}
	h, line, ok, _ := findHeader(rows, nil)
	if !ok || line != 4 || len(h.cols) != 4 {
		t.Errorf("findHeader = line %d ok %v cols %v", line, ok, h.cols)
	}
	// The earliest of equals.
	_, line, ok, _ = findHeader([][]string{{"x"}, {"SKU", "Price"}, {"SKU", "Price"}}, nil)
	if !ok || line != 1 {
		t.Errorf("tie: line %d ok %v", line, ok)
	}
	// No required pair: the closest row says what is missing.
	_, _, ok, best := findHeader([][]string{{"Naziv", "Stanje"}, {"Šifra", "Naziv", "Stanje"}}, nil)
	if ok || cmp.Diff([]Field{FieldPrice}, best.missing()) != "" {
		t.Errorf("no header: ok %v missing %v", ok, best.missing())
	}
}
