package pricelist

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
)

// sheetRows is one worksheet of a fixture: rows[i] is line i+1; a nil row is left out of the
// file altogether (a gap in the sheet), an empty one is written with no cells.
type sheetRows struct {
	name string
	rows [][]any
}

// streamXLSX writes sheets with excelize's StreamWriter (inline strings, as our generator and
// many exporters write).
func streamXLSX(tb testing.TB, sheets ...sheetRows) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", s.name); err != nil {
				tb.Fatal(err)
			}
		} else if _, err := f.NewSheet(s.name); err != nil {
			tb.Fatal(err)
		}
		sw, err := f.NewStreamWriter(s.name)
		if err != nil {
			tb.Fatal(err)
		}
		for j, r := range s.rows {
			if r == nil {
				continue
			}
			if err := sw.SetRow(fmt.Sprintf("A%d", j+1), r); err != nil {
				tb.Fatal(err)
			}
		}
		if err := sw.Flush(); err != nil {
			tb.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// sharedXLSX writes one sheet cell by cell: strings go to the shared-strings table, as Excel
// writes them. style, when given, is applied to the cells it names.
func sharedXLSX(tb testing.TB, rows [][]any, style map[string]*excelize.Style, opts ...excelize.Options) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for j, r := range rows {
		for i, v := range r {
			if v == nil {
				continue
			}
			ref, _ := excelize.CoordinatesToCellName(i+1, j+1)
			if err := f.SetCellValue("Sheet1", ref, v); err != nil {
				tb.Fatal(err)
			}
		}
	}
	for ref, st := range style {
		id, err := f.NewStyle(st)
		if err != nil {
			tb.Fatal(err)
		}
		if err := f.SetCellStyle("Sheet1", ref, ref, id); err != nil {
			tb.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf, opts...); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func readAll(tb testing.TB, data []byte, mapping HeaderMapping) (SheetInfo, []Row, error) {
	tb.Helper()
	var rows []Row
	info, err := ReadSheet(context.Background(), bytes.NewReader(data), int64(len(data)), mapping, func(r Row) error {
		rows = append(rows, r)
		return nil
	})
	return info, rows, err
}

func mustRead(tb testing.TB, data []byte, mapping HeaderMapping) (SheetInfo, []Row) {
	tb.Helper()
	info, rows, err := readAll(tb, data, mapping)
	if err != nil {
		tb.Fatalf("ReadSheet: %v", err)
	}
	return info, rows
}

func TestReadSheetHeaderVariants(t *testing.T) {
	data := func(title int, header ...any) []byte {
		rows := [][]any{}
		for i := 0; i < title; i++ {
			rows = append(rows, []any{"Cenovnik za decembar"})
		}
		rows = append(rows, header, []any{"000123", "Miš Logitech M185", "1.234,56", "7"})
		return streamXLSX(t, sheetRows{"Cenovnik", rows})
	}
	want := Row{SKU: "000123", Name: "Miš Logitech M185", Price: 123456, Stock: 7}
	tests := []struct {
		name       string
		file       []byte
		mapping    HeaderMapping
		headerLine int
		header     map[Field]string
	}{
		{"english", data(0, "SKU", "Name", "Price", "Stock"), nil, 1,
			map[Field]string{FieldSKU: "SKU", FieldName: "Name", FieldPrice: "Price", FieldStock: "Stock"}},
		{"serbian", data(0, "Šifra", "Naziv", "Cena", "Stanje"), nil, 1,
			map[Field]string{FieldSKU: "Šifra", FieldName: "Naziv", FieldPrice: "Cena", FieldStock: "Stanje"}},
		{"withoutDiacritics", data(0, "Sifra", "Naziv", "VP cena", "Kolicina"), nil, 1,
			map[Field]string{FieldSKU: "Sifra", FieldName: "Naziv", FieldPrice: "VP cena", FieldStock: "Kolicina"}},
		{"upperCase", data(0, "ŠIFRA", "NAZIV", "CENA", "KOLIČINA"), nil, 1,
			map[Field]string{FieldSKU: "ŠIFRA", FieldName: "NAZIV", FieldPrice: "CENA", FieldStock: "KOLIČINA"}},
		{"notOnTheFirstRow", data(5, "Šifra", "Opis artikla", "Nabavna cena", "Qty"), nil, 6,
			map[Field]string{FieldSKU: "Šifra", FieldName: "Opis artikla", FieldPrice: "Nabavna cena", FieldStock: "Qty"}},
		{"savedMapping", data(2, "Art. br.", "Artikl", "Iznos", "Lager"),
			HeaderMapping{FieldSKU: "Art. br.", FieldName: "Artikl", FieldPrice: "iznos"}, 3,
			map[Field]string{FieldSKU: "Art. br.", FieldName: "Artikl", FieldPrice: "Iznos", FieldStock: "Lager"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info, rows := mustRead(t, tt.file, tt.mapping)
			if info.HeaderLine != tt.headerLine || info.Rows != 1 || info.Sheet != "Cenovnik" {
				t.Errorf("info %+v", info)
			}
			if diff := cmp.Diff(tt.header, info.Header); diff != "" {
				t.Errorf("header (-want +got):\n%s", diff)
			}
			w := want
			w.Line = tt.headerLine + 1
			if diff := cmp.Diff([]Row{w}, rows); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadSheetRows(t *testing.T) {
	file := streamXLSX(t, sheetRows{"List", [][]any{
		{"Dobavljač: Elektro d.o.o."}, // 1
		{"Šifra", "Naziv", "Kategorija", "Brend", "Cena", "MP cena", "Stanje", "EAN"},                // 2
		{"000123", "Miš  Logitech\nM185", "Miševi", "Logitech", 1234.56, 1999, 12, 8600123456789},    // 3: numbers as numbers
		{"0042", "Tastatura", "Tastature", "Genius", "1.234,56 RSD", "2.499,00", "1.500", "0860012"}, // 4: numbers as text
		{nil, "Bez šifre", "Miševi", "", "100"},                                                      // 5
		{"B-1", "Bez cene", "Miševi"},                                                                // 6
		nil,                                                                                          // 7: no row at all
		{"", "  ", ""},                                                                               // 8: blank cells only
		{"B-2", "Loša cena", "", "", "po dogovoru"},                                                  // 9
		{"B-3", "Nula", "", "", "0"},                                                                 // 10
		{"B-4", "Loše stanje", "", "", "10", "", "mnogo"},                                            // 11
		{"B-5", "Loša MP", "", "", "10", "skupo"},                                                    // 12
		{"Šifra", "Naziv", "Kategorija", "Brend", "Cena"},                                            // 13: the header again
		{" SKU-9 ", "Zadnji", "", "", "99,9", "", ">5"},                                              // 14
		{strings.Repeat("x", 256), "Duga šifra", "", "", "1"},                                        // 15
		{}, // 16
		{"", "", "", "", "", "", "", "", "napomena van kolona"}, // 17: outside the list's columns
	}})
	info, rows := mustRead(t, file, nil)
	want := []Row{
		{Line: 3, SKU: "000123", Name: "Miš Logitech M185", Category: "Miševi", Brand: "Logitech", Price: 123456, RecommendedPrice: 199900, Stock: 12, EAN: "8600123456789"},
		{Line: 4, SKU: "0042", Name: "Tastatura", Category: "Tastature", Brand: "Genius", Price: 123456, RecommendedPrice: 249900, Stock: 1500, EAN: "0860012"},
		{Line: 5, Name: "Bez šifre", Category: "Miševi", Price: 10000, Reject: RejectNoSKU},
		{Line: 6, SKU: "B-1", Name: "Bez cene", Category: "Miševi", Reject: RejectNoPrice},
		{Line: 9, SKU: "B-2", Name: "Loša cena", Reject: RejectBadPrice},
		{Line: 10, SKU: "B-3", Name: "Nula", Reject: RejectPriceNotPos},
		{Line: 11, SKU: "B-4", Name: "Loše stanje", Price: 1000, Reject: RejectBadStock},
		{Line: 12, SKU: "B-5", Name: "Loša MP", Price: 1000, Reject: RejectBadRecommended},
		{Line: 14, SKU: "SKU-9", Name: "Zadnji", Price: 9990, Stock: 5},
		{Line: 15, SKU: strings.Repeat("x", 255), Name: "Duga šifra", Price: 100, Reject: RejectSKUTooLong},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if info.HeaderLine != 2 || info.Rows != len(want) || info.Rejected != 7 {
		t.Errorf("info %+v", info)
	}
	for _, r := range rows {
		if r.Reject != "" && (!i18n.Has(r.Reject) || i18n.T(i18n.EN, r.Reject, nil) == i18n.T(i18n.SR, r.Reject, nil)) {
			t.Errorf("reason %q has no Serbian and English text", r.Reject)
		}
	}
}

// Excel writes strings to the shared-strings table and numbers with their formats; a numeric
// SKU shown as 1.23E+07 must come out as its digits.
func TestReadSheetSharedStrings(t *testing.T) {
	file := sharedXLSX(t, [][]any{
		{"ŠIFRA", "NAZIV", "CENA", "KOLIČINA", "BAR KOD"},
		{"00077", "Monitor LG 27\"", 25999.9, 3, 8600123456789},
		{12345678, "Kabl HDMI", "499,00", nil, "0860012345678"},
	}, map[string]*excelize.Style{"A3": {NumFmt: 11}, "E2": {NumFmt: 11}, "C2": {NumFmt: 4}})
	_, rows := mustRead(t, file, nil)
	want := []Row{
		{Line: 2, SKU: "00077", Name: "Monitor LG 27\"", Price: 2599990, Stock: 3, EAN: "8600123456789"},
		{Line: 3, SKU: "12345678", Name: "Kabl HDMI", Price: 49900, EAN: "0860012345678"},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestReadSheetFirstSheetWithHeader(t *testing.T) {
	file := streamXLSX(t,
		sheetRows{"Uputstvo", [][]any{{"Cene su bez PDV-a."}, {"Porudžbine na mail."}}},
		sheetRows{"Prazan", nil},
		sheetRows{"Cenovnik", [][]any{{"SKU", "Price"}, {"A1", 10}}},
		sheetRows{"Drugi", [][]any{{"SKU", "Price"}, {"B1", 20}}},
	)
	info, rows := mustRead(t, file, nil)
	if info.Sheet != "Cenovnik" || len(rows) != 1 || rows[0].SKU != "A1" {
		t.Errorf("info %+v rows %+v", info, rows)
	}
}

func TestReadSheetStops(t *testing.T) {
	rows := [][]any{{"SKU", "Price"}}
	for i := 0; i < 3000; i++ {
		rows = append(rows, []any{fmt.Sprint(i), 10})
	}
	file := streamXLSX(t, sheetRows{"S", rows})
	stop := errors.New("stop")
	n := 0
	_, err := ReadSheet(context.Background(), bytes.NewReader(file), int64(len(file)), nil, func(Row) error {
		if n++; n == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 5 {
		t.Errorf("fn error: %v after %d rows", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n = 0
	_, err = ReadSheet(ctx, bytes.NewReader(file), int64(len(file)), nil, func(Row) error {
		if n++; n == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n >= 3000 {
		t.Errorf("cancelled: %v after %d rows", err, n)
	}
}

// An *os.File is read in place; anything else through a temporary copy. Both read the same.
func TestReadSheetFromFile(t *testing.T) {
	file := streamXLSX(t, sheetRows{"S", [][]any{{"SKU", "Price"}, {"A1", 10}}})
	path := filepath.Join(t.TempDir(), "cenovnik.xlsx")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var got []Row
	if _, err := ReadSheet(context.Background(), fh, int64(len(file)), nil, func(r Row) error { got = append(got, r); return nil }); err != nil || len(got) != 1 {
		t.Errorf("from a file: %v %+v", err, got)
	}
}

func TestReadSheetBadFiles(t *testing.T) {
	good := streamXLSX(t, sheetRows{"S", [][]any{{"SKU", "Price"}, {"A1", 10}}})
	encrypted := sharedXLSX(t, [][]any{{"SKU", "Price"}, {"A1", 10}}, nil, excelize.Options{Password: "tajna"})
	empty := streamXLSX(t, sheetRows{"S", nil})
	var emptyWorkbook bytes.Buffer
	if err := excelize.NewFile().Write(&emptyWorkbook); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		file []byte
		key  string
	}{
		{"textRenamed", []byte("Šifra;Naziv;Cena\n001;Miš;100\n"), ErrKeyNotXLSX},
		{"emptyFile", nil, ErrKeyNotXLSX},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"), ErrKeyNotXLSX},
		{"otherZip", zipOf(t, map[string]string{"readme.txt": "hello", "[Content_Types].xml": "<Types/>"}), ErrKeyNotXLSX},
		{"truncated", good[:len(good)/2], ErrKeyCorrupt},
		{"corruptedEntry", corruptEntry(t, good), ErrKeyCorrupt},
		{"encrypted", encrypted, ErrKeyEncrypted},
		{"oldExcel", oleWithout(t, encrypted), ErrKeyOldExcel},
		{"emptyWorkbook", emptyWorkbook.Bytes(), ErrKeyEmpty},
		{"emptySheet", empty, ErrKeyEmpty},
		{"blankCellsOnly", streamXLSX(t, sheetRows{"S", [][]any{{" ", ""}, nil, {""}}}), ErrKeyEmpty},
		{"noHeader", streamXLSX(t, sheetRows{"S", [][]any{{"Naziv", "Stanje"}, {"Miš", 3}}}), ErrKeyNoHeader},
		{"noSKUColumn", streamXLSX(t, sheetRows{"S", [][]any{{"Naziv", "Cena"}, {"Miš", 3}}}), ErrKeyNoHeaderSKU},
		{"noPriceColumn", streamXLSX(t, sheetRows{"S", [][]any{{"Šifra", "Naziv"}, {"1", "Miš"}}}), ErrKeyNoHeaderPrice},
		{"headerBelowRow20", streamXLSX(t, sheetRows{"S", append(make([][]any, 25), []any{"SKU", "Price"}, []any{"A", 1})}), ErrKeyNoHeader},
		{"declaredBomb", declaredBomb(t, good), ErrKeyUnzippedTooLarge},
		{"lyingBomb", lyingBomb(t, good), ErrKeyCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			_, err := ReadSheet(context.Background(), bytes.NewReader(tt.file), int64(len(tt.file)), nil, func(Row) error { called = true; return nil })
			checkFileError(t, err, tt.key)
			if called {
				t.Error("rows handed over from a bad file")
			}
		})
	}
}

// A sheet that really inflates past the limit (the limit lowered so the test stays small).
func TestReadSheetInflatedSheet(t *testing.T) {
	rows := [][]any{{"SKU", "Price"}}
	for i := 0; i < 20000; i++ {
		rows = append(rows, []any{fmt.Sprintf("SKU-%06d", i), 10})
	}
	file := streamXLSX(t, sheetRows{"S", rows})
	defer func(old int64) { unzipLimit = old }(unzipLimit)
	unzipLimit = 512 << 10
	_, _, err := readAll(t, file, nil)
	checkFileError(t, err, ErrKeyUnzippedTooLarge)
	if e := apperr.As(err); e.Msg.Args["max"] == nil {
		t.Errorf("the message names no limit: %+v", e.Msg)
	}
}

func checkFileError(t *testing.T, err error, key string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Invalid || e.Msg.Key != key {
		t.Fatalf("error %v, want invalid %s", err, key)
	}
	if len(e.Fields) != 1 || e.Fields[0].Field != "file" || e.Fields[0].Msg.Key != key {
		t.Errorf("fields %+v, want file: %s", e.Fields, key)
	}
	sr, en := i18n.T(i18n.SR, key, e.Msg.Args), i18n.T(i18n.EN, key, e.Msg.Args)
	if !i18n.Has(key) || sr == en || strings.Contains(sr, "{") || strings.Contains(en, "{") {
		t.Errorf("texts of %s: %q / %q", key, sr, en)
	}
}

func zipOf(tb testing.TB, files map[string]string) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		io.WriteString(w, body)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// rezip copies good's entries; edit may replace an entry (return true when it wrote it).
func rezip(tb testing.TB, good []byte, edit func(zw *zip.Writer, f *zip.File) bool) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if edit(zw, f) {
			continue
		}
		if err := zw.Copy(f); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// deflated compresses body as a zip entry's raw data.
func deflated(tb testing.TB, body []byte) []byte {
	tb.Helper()
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestCompression)
	fw.Write(body)
	fw.Close()
	return buf.Bytes()
}

// bombSheet is a worksheet XML of n bytes: one valid row, then padding inside sheetData.
func bombSheet(n int) []byte {
	head := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Price</t></is></c></row>`
	tail := `</sheetData></worksheet>`
	return []byte(head + strings.Repeat(" ", n-len(head)-len(tail)) + tail)
}

// declaredBomb: the sheet says it unpacks to a terabyte.
func declaredBomb(tb testing.TB, good []byte) []byte {
	return rezip(tb, good, func(zw *zip.Writer, f *zip.File) bool {
		if f.Name != "xl/worksheets/sheet1.xml" {
			return false
		}
		raw := deflated(tb, bombSheet(1<<20))
		w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate,
			CompressedSize64: uint64(len(raw)), UncompressedSize64: 1 << 40})
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(raw)
		return true
	})
}

// lyingBomb: the sheet says it is 1 KB and inflates to 8 MB; archive/zip stops it.
func lyingBomb(tb testing.TB, good []byte) []byte {
	return rezip(tb, good, func(zw *zip.Writer, f *zip.File) bool {
		if f.Name != "xl/worksheets/sheet1.xml" {
			return false
		}
		raw := deflated(tb, bombSheet(8<<20))
		w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate,
			CompressedSize64: uint64(len(raw)), UncompressedSize64: 1024})
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(raw)
		return true
	})
}

// corruptEntry flips bytes inside the sheet's compressed data (a damaged download).
func corruptEntry(tb testing.TB, good []byte) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			off, err := f.DataOffset()
			if err != nil {
				tb.Fatal(err)
			}
			bad := bytes.Clone(good)
			for i := off + 2; i < off+int64(f.CompressedSize64)-2; i++ {
				bad[i] ^= 0x5a
			}
			return bad
		}
	}
	tb.Fatal("no sheet1.xml")
	return nil
}

// oleWithout turns an encrypted workbook's compound file into one without the encryption
// streams, as an old .xls is: a compound file of other streams.
func oleWithout(tb testing.TB, encrypted []byte) []byte {
	tb.Helper()
	bad := bytes.Clone(encrypted)
	for _, name := range []string{"EncryptionInfo", "EncryptedPackage"} {
		utf16 := make([]byte, 0, 2*len(name))
		for _, r := range name {
			utf16 = append(utf16, byte(r), 0)
		}
		// Rename the directory entries (same length, so the compound file stays valid).
		repl := bytes.Clone(utf16)
		repl[0] = 'W'
		if !bytes.Contains(bad, utf16) {
			tb.Fatalf("no %s entry in the encrypted file", name)
		}
		bad = bytes.ReplaceAll(bad, utf16, repl)
	}
	return bad
}

func TestCheckFile(t *testing.T) {
	good := streamXLSX(t, sheetRows{"S", [][]any{{"SKU", "Price"}, {"A1", 10}}})
	if err := CheckFile(bytes.NewReader(good), int64(len(good))); err != nil {
		t.Errorf("good file: %v", err)
	}
	text := []byte("not a spreadsheet")
	if err := CheckFile(bytes.NewReader(text), int64(len(text))); apperr.As(err).Msg.Key != ErrKeyNotXLSX {
		t.Errorf("text: %v", err)
	}
}
