package xlsxinline

import (
	"archive/zip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// workbook writes a zip of the given parts and answers its path.
func workbook(t *testing.T, parts map[string]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "book.xlsx")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, body := range parts {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

func part(t *testing.T, path, name string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == name {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			return string(b)
		}
	}
	t.Fatalf("no %s", name)
	return ""
}

const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
	`<si><t>Šifra</t></si><si><r><t>Na</t></r><r><t>ziv</t></r><rPh><t>hint</t></rPh></si><si><t>a &amp; b</t></si></sst>`

// A table above the threshold is made inline (rich-text runs joined, phonetic hints left out,
// escapes kept); one at or below it leaves the workbook as it is.
func TestRewrite(t *testing.T) {
	sheet := `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>` +
		`<c r="C1" t="s"><v> 2 </v></c><c r="D1"><v>7</v></c></row></sheetData></worksheet>`
	path := workbook(t, map[string]string{"xl/worksheets/sheet1.xml": sheet, "xl/sharedStrings.xml": sst, "xl/workbook.xml": "<workbook/>"})
	same, done, err := Rewrite(path, int64(len(sst)), 1<<20)
	done()
	if err != nil || same != path {
		t.Fatalf("small table: %q, %v", same, err)
	}
	out, done, err := Rewrite(path, 1, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	got := part(t, out, "xl/worksheets/sheet1.xml")
	for _, want := range []string{`<c r="A1" t="inlineStr"><is><t xml:space="preserve">Šifra</t></is></c>`,
		`<t xml:space="preserve">Naziv</t>`, `<t xml:space="preserve">a &amp; b</t>`, `<c r="D1"><v>7</v></c>`} {
		if !strings.Contains(got, want) {
			t.Errorf("sheet %s lacks %s", got, want)
		}
	}
	if part(t, out, "xl/workbook.xml") != "<workbook/>" || strings.Contains(part(t, out, "xl/sharedStrings.xml"), "Šifra") {
		t.Error("other parts not as they were, or the table kept")
	}
}

// An index past the table is a damaged workbook; strings repeated past the limit are too large.
func TestRewriteErrors(t *testing.T) {
	bad := workbook(t, map[string]string{"xl/worksheets/sheet1.xml": `<worksheet><c t="s"><v>3</v></c></worksheet>`, "xl/sharedStrings.xml": sst})
	if _, done, err := Rewrite(bad, 1, 1<<20); !errors.Is(err, ErrCorrupt) {
		t.Errorf("index past the table: %v", err)
	} else {
		done()
	}
	cells := strings.Repeat(`<row><c t="s"><v>0</v></c></row>`, 2000)
	bomb := workbook(t, map[string]string{"xl/worksheets/sheet1.xml": `<worksheet>` + cells + `</worksheet>`,
		"xl/sharedStrings.xml": `<sst><si><t>` + strings.Repeat("x", 1000) + `</t></si></sst>`})
	if _, done, err := Rewrite(bomb, 1, 1<<20); !errors.Is(err, ErrTooLarge) {
		t.Errorf("past the limit: %v", err)
	} else {
		done()
	}
}
