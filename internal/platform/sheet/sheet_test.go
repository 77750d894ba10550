package sheet

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"

	"shop/internal/platform/money"
)

func TestRowsAndMoney(t *testing.T) {
	w, err := New("Računi", []string{"Broj", "Iznos"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Discard()
	for _, r := range [][2]any{{"A-1", money.Para(123456)}, {"A-2", money.Para(5)}} {
		if err := w.Row(r[0], w.Money(r[1].(money.Para))); err != nil {
			t.Fatal(err)
		}
	}
	x, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := x.Write(&b); err != nil {
		t.Fatal(err)
	}
	x.Close()
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Računi", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][1] != "Iznos" || rows[1][0] != "A-1" || rows[1][1] != "1234.56" || rows[2][1] != "0.05" {
		t.Fatalf("rows = %q", rows)
	}
}
