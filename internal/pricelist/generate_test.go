package pricelist

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/money"
)

func sample(tb testing.TB, n int, opts SampleOptions) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteSample(&buf, n, opts); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func TestWriteSampleReadsBack(t *testing.T) {
	t.Parallel()
	for _, serbian := range []bool{false, true} {
		file := sample(t, 2000, SampleOptions{Seed: 7, FirstSKU: 40, Serbian: serbian})
		info, rows := mustRead(t, file, nil)
		if info.Rows != 2000 || info.Rejected != 0 || len(info.Header) != 8 || info.HeaderLine != 1 {
			t.Fatalf("serbian=%v: info %+v", serbian, info)
		}
		if serbian && info.Header[FieldSKU] != "Šifra" || !serbian && info.Header[FieldSKU] != "SKU" {
			t.Errorf("serbian=%v: header %v", serbian, info.Header)
		}
		if rows[0].SKU != "00000040" || rows[1999].SKU != "00002039" || rows[0].Line != 2 || rows[1999].Line != 2001 {
			t.Errorf("first %+v last %+v", rows[0], rows[1999])
		}
		categories, brands, withRec, withEAN, withStock := map[string]bool{}, map[string]bool{}, 0, 0, 0
		ean := regexp.MustCompile(`^86\d{11}$`)
		for _, r := range rows {
			if r.Price <= 0 || r.Name == "" || r.Category == "" {
				t.Fatalf("row %+v", r)
			}
			categories[r.Category], brands[r.Brand] = true, true
			if r.RecommendedPrice > 0 {
				withRec++
				if r.RecommendedPrice <= r.Price {
					t.Errorf("recommended below price: %+v", r)
				}
			}
			if r.EAN != "" {
				withEAN++
				if !ean.MatchString(r.EAN) {
					t.Errorf("EAN %q", r.EAN)
				}
			}
			if r.Stock > 0 {
				withStock++
			}
		}
		if len(categories) < 18 || len(brands) < 30 || withRec < 1000 || withRec > 1700 || withEAN < 1200 || withStock < 1500 {
			t.Errorf("variety: %d categories, %d brands, %d recommended, %d EAN, %d in stock", len(categories), len(brands), withRec, withEAN, withStock)
		}
	}
}

// Text prices in Serbian format and number cells read as the same amounts the generator meant.
func TestWriteSamplePriceCells(t *testing.T) {
	t.Parallel()
	opts := SampleOptions{Seed: 11, FirstSKU: 1}
	_, rows := mustRead(t, sample(t, 3000, opts), nil)
	rng := newSampleRands(opts)
	values := make([]any, len(sampleColumns))
	text := 0
	for i, r := range rows {
		price, rec := sampleRow(rng, opts, opts.FirstSKU+i, sampleColumns, values)
		if _, ok := values[4].(string); ok {
			text++
		}
		if r.Price != money.Para(price) || r.RecommendedPrice != money.Para(rec) {
			t.Fatalf("line %d: read %d / %d, meant %d / %d (cells %v, %v)", r.Line, r.Price, r.RecommendedPrice, price, rec, values[4], values[5])
		}
	}
	if text < 600 || text > 1200 {
		t.Errorf("%d text prices of 3000", text)
	}

	if got := serbianAmount(123456789, true); got != "1.234.567,89 RSD" {
		t.Errorf("serbianAmount = %q", got)
	}
	if got := serbianAmount(99, false); got != "0,99" {
		t.Errorf("serbianAmount = %q", got)
	}
	if got := numberCell(123450); got != 1234.5 {
		t.Errorf("numberCell = %v", got)
	}
}

func TestWriteSampleSeed(t *testing.T) {
	t.Parallel()
	_, a := mustRead(t, sample(t, 300, SampleOptions{Seed: 1}), nil)
	_, b := mustRead(t, sample(t, 300, SampleOptions{Seed: 1}), nil)
	_, c := mustRead(t, sample(t, 300, SampleOptions{Seed: 2}), nil)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("same seed, other rows:\n%s", diff)
	}
	if cmp.Equal(a, c) {
		t.Error("another seed wrote the same rows")
	}
}

// A later day of a seed has the same products with new prices and stock.
func TestWriteSampleDay(t *testing.T) {
	t.Parallel()
	_, a := mustRead(t, sample(t, 500, SampleOptions{Seed: 4}), nil)
	_, b := mustRead(t, sample(t, 500, SampleOptions{Seed: 4, Day: 1}), nil)
	newPrice := 0
	for i := range a {
		if a[i].SKU != b[i].SKU || a[i].Name != b[i].Name || a[i].Category != b[i].Category || a[i].Brand != b[i].Brand || a[i].EAN != b[i].EAN {
			t.Fatalf("line %d: another product on day 1:\n%+v\n%+v", a[i].Line, a[i], b[i])
		}
		if a[i].Price != b[i].Price {
			newPrice++
		}
	}
	if newPrice < 490 {
		t.Errorf("%d of 500 prices changed on day 1", newPrice)
	}
}

func TestWriteSampleOptions(t *testing.T) {
	t.Parallel()
	file := sample(t, 1000, SampleOptions{Seed: 3, BadPercent: 20, TitleRows: 4,
		Headers: HeaderMapping{FieldPrice: "Cena sa rabatom", FieldEAN: "-"}})
	info, rows := mustRead(t, file, HeaderMapping{FieldPrice: "cena sa rabatom"})
	if info.HeaderLine != 5 || info.Rows != 1000 || info.Header[FieldPrice] != "Cena sa rabatom" || info.Header[FieldEAN] != "" {
		t.Fatalf("info %+v", info)
	}
	reasons := map[string]int{}
	for _, r := range rows {
		if r.Reject != "" {
			reasons[r.Reject]++
		}
	}
	if info.Rejected < 150 || info.Rejected > 250 || reasons[RejectNoSKU] == 0 || reasons[RejectNoPrice] == 0 ||
		reasons[RejectBadPrice] == 0 || reasons[RejectBadStock] == 0 {
		t.Errorf("%d rejected: %v", info.Rejected, reasons)
	}
	if err := WriteSample(&bytes.Buffer{}, -1, SampleOptions{}); err == nil {
		t.Error("negative rows accepted")
	}
}
