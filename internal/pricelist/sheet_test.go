package pricelist

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
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
	return readWith(tb, data, mapping, ReadOptions{})
}

func readWith(tb testing.TB, data []byte, mapping HeaderMapping, opts ReadOptions) (SheetInfo, []Row, error) {
	tb.Helper()
	var rows []Row
	info, err := ReadSheet(context.Background(), bytes.NewReader(data), int64(len(data)), mapping, opts, func(r Row) error {
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	rows := [][]any{{"SKU", "Price"}}
	for i := 0; i < 3000; i++ {
		rows = append(rows, []any{fmt.Sprint(i), 10})
	}
	file := streamXLSX(t, sheetRows{"S", rows})
	stop := errors.New("stop")
	n := 0
	_, err := ReadSheet(context.Background(), bytes.NewReader(file), int64(len(file)), nil, ReadOptions{}, func(Row) error {
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
	_, err = ReadSheet(ctx, bytes.NewReader(file), int64(len(file)), nil, ReadOptions{}, func(Row) error {
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
	t.Parallel()
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
	if _, err := ReadSheet(context.Background(), fh, int64(len(file)), nil, ReadOptions{}, func(r Row) error { got = append(got, r); return nil }); err != nil || len(got) != 1 {
		t.Errorf("from a file: %v %+v", err, got)
	}
}

func TestReadSheetBadFiles(t *testing.T) {
	t.Parallel()
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
			_, err := ReadSheet(context.Background(), bytes.NewReader(tt.file), int64(len(tt.file)), nil, ReadOptions{}, func(Row) error { called = true; return nil })
			checkFileError(t, err, tt.key)
			if called {
				t.Error("rows handed over from a bad file")
			}
		})
	}
}

// A sheet that really inflates past the limit (the limit lowered so the test stays small).
func TestReadSheetInflatedSheet(t *testing.T) {
	t.Parallel()
	rows := [][]any{{"SKU", "Price"}}
	for i := 0; i < 20000; i++ {
		rows = append(rows, []any{fmt.Sprintf("SKU-%06d", i), 10})
	}
	file := streamXLSX(t, sheetRows{"S", rows})
	_, _, err := readWith(t, file, nil, ReadOptions{unzipLimit: 512 << 10})
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
	t.Parallel()
	good := streamXLSX(t, sheetRows{"S", [][]any{{"SKU", "Price"}, {"A1", 10}}})
	if err := CheckFile(bytes.NewReader(good), int64(len(good))); err != nil {
		t.Errorf("good file: %v", err)
	}
	text := []byte("not a spreadsheet")
	if err := CheckFile(bytes.NewReader(text), int64(len(text))); apperr.As(err).Msg.Key != ErrKeyNotXLSX {
		t.Errorf("text: %v", err)
	}
}

// The shared-strings table in memory (small) and in a temporary file (over xmlMemoryLimit).
func TestReadSheetSharedStringsTable(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3000, 20000} {
		var buf bytes.Buffer
		if err := WriteExcelSample(&buf, n); err != nil {
			t.Fatal(err)
		}
		info, rows := mustRead(t, buf.Bytes(), nil)
		if info.Rows != n || info.Rejected != 0 || info.Sheet != "Cenovnik" {
			t.Fatalf("%d: info %+v", n, info)
		}
		for i, got := range rows {
			want := Row{Line: i + 2, SKU: fmt.Sprintf("%08d", i+1), Name: fmt.Sprintf(`Laptop Lenovo IdeaPad %d 15.6" FHD i5 16GB 512GB SSD`, i),
				Category: fmt.Sprintf("Kategorija %d", i%20), Brand: fmt.Sprintf("Brend %d", i%10), Price: money.Para((1000+i)*100 + i%100),
				RecommendedPrice: money.Para((2000 + i) * 100), Stock: i % 40, EAN: fmt.Sprintf("86%011d", i)}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%d rows: row %d (-want +got):\n%s", n, i, diff)
			}
		}
	}
}

// TestReadSheetMemory measures the peak memory of reading n and 10n rows, each in a child
// process of its own, for a StreamWriter file (inline strings) and an Excel-like one (shared
// strings), and checks that ten times the rows cost at most 1.3 times the memory: a ratio, so
// the check holds on any machine at any speed. make test runs it with 3,000 and 30,000 rows
// (a few seconds); SHOP_PRICELIST_MEMORY=1 measures 10,000 and 100,000 (half a minute).
func TestReadSheetMemory(t *testing.T) {
	t.Parallel()
	sizes := []int{3_000, 30_000}
	if os.Getenv("SHOP_PRICELIST_MEMORY") == "1" {
		sizes = []int{10_000, 100_000}
	}
	dir := t.TempDir()
	measure := func(path string) memoryFigures {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReadSheetMemoryChild$", "-test.v")
		cmd.Env = append(os.Environ(), "PRICELIST_MEMORY_FILE="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		_, js, ok := strings.Cut(string(out), "FIGURES ")
		js, _, _ = strings.Cut(js, "\n")
		var m memoryFigures
		if !ok || json.Unmarshal([]byte(js), &m) != nil {
			t.Fatalf("child said:\n%s", out)
		}
		return m
	}
	for _, kind := range []string{"inline", "shared"} {
		var figs [2]memoryFigures
		for i, n := range sizes {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.xlsx", kind, n))
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if kind == "inline" {
				err = WriteSample(f, n, SampleOptions{Seed: 1})
			} else {
				err = WriteExcelSample(f, n)
			}
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			figs[i] = measure(path)
			if figs[i].Rows != n {
				t.Fatalf("%s %d: read %d rows", kind, n, figs[i].Rows)
			}
			t.Logf("%s %7d rows: peak RSS %6.1f MB, peak heap in use %6.1f MB, %.1f s", kind, n,
				float64(figs[i].PeakRSS)/(1<<20), float64(figs[i].PeakHeap)/(1<<20), figs[i].Seconds)
		}
		if figs[1].PeakRSS*10 > figs[0].PeakRSS*13 {
			t.Errorf("%s: peak RSS %d at %d rows is over 1.3 x %d at %d", kind, figs[1].PeakRSS, sizes[1], figs[0].PeakRSS, sizes[0])
		}
	}
}

type memoryFigures struct {
	Rows     int
	PeakRSS  int64
	PeakHeap int64
	Seconds  float64
}

// TestReadSheetMemoryChild is the measured process of TestReadSheetMemory.
func TestReadSheetMemoryChild(t *testing.T) {
	path := os.Getenv("PRICELIST_MEMORY_FILE")
	if path == "" {
		t.Skip("run by TestReadSheetMemory")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	var peakHeap int64
	sample := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peakHeap = max(peakHeap, int64(ms.HeapInuse))
	}
	start := time.Now()
	n := 0
	_, err = ReadSheet(context.Background(), f, fi.Size(), nil, ReadOptions{}, func(Row) error {
		if n++; n%1000 == 0 {
			sample()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sample()
	status, _ := os.ReadFile("/proc/self/status")
	var hwm int64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), " kB"), &hwm)
		}
	}
	js, _ := json.Marshal(memoryFigures{Rows: n, PeakRSS: hwm << 10, PeakHeap: peakHeap, Seconds: time.Since(start).Seconds()})
	fmt.Printf("FIGURES %s\n", js)
}

// packageOf builds a one-sheet workbook from its sheet and shared-strings XML.
func packageOf(tb testing.TB, sheet, sst string) []byte {
	tb.Helper()
	return zipOf(tb, map[string]string{
		"[Content_Types].xml":        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
		"_rels/.rels":                `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
		"xl/workbook.xml":            `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cenovnik" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		"xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
		"xl/worksheets/sheet1.xml":   sheet,
		"xl/sharedStrings.xml":       sst,
	})
}

// The same workbook reads alike with its shared strings kept by excelize and inlined by us:
// rich text runs, phonetic hints, escapes, prefixed elements (as the .NET SDK writes them).
func TestReadSheetInlinedStrings(t *testing.T) {
	t.Parallel()
	sst := `<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="7" uniqueCount="7">` +
		`<x:si><x:t>Šifra</x:t></x:si>` +
		`<x:si><x:r><x:rPr><x:b/></x:rPr><x:t>Na</x:t></x:r><x:r><x:t>ziv</x:t></x:r></x:si>` +
		`<x:si><x:t>Cena</x:t><x:rPh sb="0" eb="1"><x:t>phonetic</x:t></x:rPh></x:si>` +
		`<x:si><x:t xml:space="preserve"> 000123 </x:t></x:si>` +
		`<x:si><x:t>Kabl &amp; adapter &lt;USB-C&gt; "1m"</x:t></x:si>` +
		`<x:si><x:t>1.234,56 RSD</x:t></x:si>` +
		`<x:si><x:t>Red_x000D_ dva</x:t></x:si>` +
		`</x:sst>`
	sheet := `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
		`<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row>` +
		`<!-- a comment --><x:row r="2"><x:c r="A2" t="s"><x:v>3</x:v></x:c><x:c r="B2" t="s"><x:v>4</x:v></x:c><x:c r="C2" t="s"><x:v>5</x:v></x:c></x:row>` +
		`<x:row r="4"><x:c r="A4" t="s"><x:v> 6 </x:v></x:c><x:c r="B4" t="inlineStr"><x:is><x:t>inline</x:t></x:is></x:c><x:c r="C4"><x:v>99.5</x:v></x:c></x:row>` +
		`</x:sheetData></x:worksheet>`
	file := packageOf(t, sheet, sst)
	want := []Row{
		{Line: 2, SKU: "000123", Name: `Kabl & adapter <USB-C> "1m"`, Price: 123456},
		{Line: 4, SKU: "Red\r dva", Name: "inline", Price: 9950},
	}
	for _, inline := range []bool{false, true} {
		func() {
			opts := ReadOptions{}
			if inline {
				opts.inlineAbove = 1 // every table is inlined
			}
			info, rows, err := readWith(t, file, nil, opts)
			if err != nil {
				t.Fatalf("inline=%v: %v", inline, err)
			}
			if diff := cmp.Diff(want, rows); diff != "" {
				t.Errorf("inline=%v: rows (-want +got):\n%s", inline, diff)
			}
			if info.Header[FieldName] != "Naziv" || info.Header[FieldPrice] != "Cena" {
				t.Errorf("inline=%v: header %v", inline, info.Header)
			}
		}()
	}

	inlined := ReadOptions{inlineAbove: 1}
	// An index past the table is a damaged file.
	bad := packageOf(t, strings.Replace(sheet, "<x:v> 6 </x:v>", "<x:v>70</x:v>", 1), sst)
	_, _, err := readWith(t, bad, nil, inlined)
	checkFileError(t, err, ErrKeyCorrupt)
	// A small table read by many cells must not inflate past the limit.
	long := `<si><t>` + strings.Repeat("x", 30000) + `</t></si>`
	var cells strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&cells, `<row r="%d"><c r="A%d" t="s"><v>0</v></c></row>`, i+1, i+1)
	}
	bomb := packageOf(t, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+cells.String()+`</sheetData></worksheet>`,
		`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+long+`</sst>`)
	inlined.unzipLimit = 8 << 20
	_, _, err = readWith(t, bomb, nil, inlined)
	checkFileError(t, err, ErrKeyUnzippedTooLarge)
}

// The decoding and the parsing run on two goroutines: rows still arrive in order, and the
// first error of either side ends the read and is the one returned.
func TestParseAside(t *testing.T) {
	t.Parallel()
	const total = 3 * parseBatch
	source := func(failAt int) func() ([]string, int, bool, error) {
		line := 0
		return func() ([]string, int, bool, error) {
			if line == total {
				return nil, line, false, nil
			}
			line++
			if line == failAt {
				return nil, line, false, errors.New("damaged")
			}
			return []string{strconv.Itoa(line)}, line, true, nil
		}
	}
	var seen []int
	collect := func(cells []string, line int) error {
		if cells[0] != strconv.Itoa(line) {
			t.Fatalf("line %d got cells %v", line, cells)
		}
		seen = append(seen, line)
		return nil
	}
	if err := parseAside(source(0), collect); err != nil || len(seen) != total || seen[total-1] != total {
		t.Fatalf("all rows: err %v, %d rows", err, len(seen))
	}

	seen = nil
	stop := errors.New("stop")
	err := parseAside(source(0), func(cells []string, line int) error {
		if line == 3 {
			return stop
		}
		return collect(cells, line)
	})
	if err != stop || len(seen) != 2 {
		t.Errorf("handle failing at line 3: err %v, %d rows handled", err, len(seen))
	}

	seen = nil
	err = parseAside(source(parseBatch+10), collect)
	if err == nil || err.Error() != "damaged" || len(seen) > parseBatch+9 {
		t.Errorf("reading failing at line %d: err %v, %d rows handled", parseBatch+10, err, len(seen))
	}
}

// inlineRow is a sheet row of inline strings.
func inlineRow(line int, cells ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<row r="%d">`, line)
	for i, c := range cells {
		fmt.Fprintf(&b, `<c r="%c%d" t="inlineStr"><is><t>%s</t></is></c>`, 'A'+i, line, c)
	}
	b.WriteString(`</row>`)
	return b.String()
}

func sheetOf(rows ...string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		strings.Join(rows, "") + `</sheetData></worksheet>`
}

const emptySST = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>`

// TestReadSheetRowBounds: a small file may unpack to millions of empty or
// useless rows; the read stops after MaxBlankRun empty or rejected rows in a row past the last
// good one, or past MaxRows, and the file is refused with a reason naming the bound.
func TestReadSheetRowBounds(t *testing.T) {
	t.Parallel()
	header := inlineRow(1, "SKU", "Price")
	good := func(line int) string { return inlineRow(line, fmt.Sprintf("S%d", line), "10") }
	bad := func(line int) string { return inlineRow(line, fmt.Sprintf("S%d", line), "abc") }

	// A runaway file: a few rows, then an empty row far below (every row up to it counts).
	far := packageOf(t, sheetOf(header, good(2), good(3), `<row r="1000000"/>`), emptySST)
	_, _, err := readAll(t, far, nil)
	checkFileError(t, err, ErrKeyTooManyBlankRows)
	if e := apperr.As(err); e.Msg.Args["max"] != DefaultMaxBlankRun || e.Msg.Args["line"] != 3 {
		t.Errorf("the message's args %v, want max %d after line 3", e.Msg.Args, DefaultMaxBlankRun)
	}

	// Empty and rejected rows count alike; a good row starts the count again.
	var rows []string
	rows = append(rows, header, good(2))
	for l := 3; l <= 6; l++ {
		rows = append(rows, bad(l))
	}
	rows = append(rows, good(10)) // lines 7-9 are missing: empty
	opts := ReadOptions{MaxBlankRun: 8}
	info, got, err := readWith(t, packageOf(t, sheetOf(rows...), emptySST), nil, opts)
	if err != nil || len(got) != 6 || info.Rejected != 4 {
		t.Fatalf("7 empty or rejected rows under a bound of 8: %v, %d rows, %d rejected", err, len(got), info.Rejected)
	}
	rows = append(rows, bad(11), bad(12), good(20))
	_, _, err = readWith(t, packageOf(t, sheetOf(rows...), emptySST), nil, opts)
	checkFileError(t, err, ErrKeyTooManyBlankRows)

	// Past the row limit, even with good rows.
	_, _, err = readWith(t, packageOf(t, sheetOf(header, good(2), good(3), good(4)), emptySST), nil, ReadOptions{MaxRows: 3})
	checkFileError(t, err, ErrKeyTooManyRows)
	if e := apperr.As(err); e.Msg.Args["max"] != 3 {
		t.Errorf("the message's args %v, want max 3", e.Msg.Args)
	}
	// A sheet without a header is not read on for ever looking for a filled row.
	_, _, err = readWith(t, packageOf(t, sheetOf(`<row r="1000000"><c r="A1000000" t="inlineStr"><is><t>x</t></is></c></row>`), emptySST), nil, ReadOptions{MaxRows: 1000})
	checkFileError(t, err, ErrKeyTooManyRows)
}

// editSheet is good with its first worksheet's XML replaced by edit's answer (the zip itself
// whole: the damage is in the sheet's text, as a writer that crashed or a bad converter leaves it).
func editSheet(tb testing.TB, good []byte, edit func(sheet []byte) []byte) []byte {
	tb.Helper()
	return rezip(tb, good, func(zw *zip.Writer, f *zip.File) bool {
		if f.Name != "xl/worksheets/sheet1.xml" {
			return false
		}
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		sheet, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatal(err)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(edit(sheet))
		return true
	})
}

// sheetBreaks break a sheet's XML mid-way in the ways a file breaks: cut in half (mid-tag, and
// between two rows), garbage between two rows, an undefined entity in a row's text, and an
// entity declared in a DOCTYPE (the last two only for a sheet holding its texts).
func sheetBreaks(tb testing.TB, texts bool) map[string]func([]byte) []byte {
	tb.Helper()
	midRow := func(sheet []byte) int { // the end of a row near the middle
		i := bytes.Index(sheet[len(sheet)/2:], []byte("</row>"))
		if i < 0 {
			tb.Fatal("no row in the second half of the sheet")
		}
		return len(sheet)/2 + i + len("</row>")
	}
	insert := func(sheet []byte, at int, s string) []byte {
		return append(append(append([]byte{}, sheet[:at]...), s...), sheet[at:]...)
	}
	inText := func(sheet []byte, s string) []byte {
		at := midRow(sheet)
		i := bytes.Index(sheet[at:], []byte("</t>"))
		if i < 0 {
			tb.Fatal("no text cell after the middle row")
		}
		return insert(sheet, at+i, s)
	}
	breaks := map[string]func([]byte) []byte{
		"cutInHalf":   func(s []byte) []byte { return s[:len(s)/2] },
		"cutAtRowEnd": func(s []byte) []byte { return s[:midRow(s)] },
		"garbage":     func(s []byte) []byte { return insert(s, midRow(s), "\x00\x13<<PK garbage>>&&") },
	}
	if texts {
		breaks["entityInRow"] = func(s []byte) []byte { return inText(s, "&nepoznat;") }
		breaks["declaredEntity"] = func(s []byte) []byte {
			s = insert(s, bytes.Index(s, []byte("<worksheet")), `<!DOCTYPE worksheet [<!ENTITY cena "1">]>`)
			return inText(s, "&cena;")
		}
	}
	return breaks
}

type brokenFile struct {
	file []byte
	opts ReadOptions
}

// TestReadSheetBrokenMidway: a sheet whose XML breaks after some good rows (excelize stops
// there without a word) is a damaged file, not a shorter list; both as written by streaming
// exporters (inline strings) and by Excel (shared strings, read directly or inlined first).
func TestReadSheetBrokenMidway(t *testing.T) {
	t.Parallel()
	rows := [][]any{{"Šifra", "Naziv", "Cena"}}
	for i := range 400 {
		rows = append(rows, []any{fmt.Sprintf("S%04d", i), fmt.Sprintf("Proizvod %d", i), 100 + i})
	}
	files := map[string]brokenFile{}
	inline := streamXLSX(t, sheetRows{"S", rows})
	for name, edit := range sheetBreaks(t, true) {
		files["inline/"+name] = brokenFile{editSheet(t, inline, edit), ReadOptions{}}
	}
	shared := sharedXLSX(t, rows, nil)
	for name, edit := range sheetBreaks(t, false) {
		bad := editSheet(t, shared, edit)
		files["shared/"+name] = brokenFile{bad, ReadOptions{}}
		files["sharedInlined/"+name] = brokenFile{bad, ReadOptions{inlineAbove: 1}}
	}
	for _, tt := range []brokenFile{{inline, ReadOptions{}}, {shared, ReadOptions{}}, {shared, ReadOptions{inlineAbove: 1}}} {
		if _, got, err := readWith(t, tt.file, nil, tt.opts); err != nil || len(got) != 400 {
			t.Fatalf("the whole file: %d rows, %v", len(got), err)
		}
	}
	for name, tt := range files {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n := 0
			_, err := ReadSheet(context.Background(), bytes.NewReader(tt.file), int64(len(tt.file)), nil, tt.opts, func(Row) error { n++; return nil })
			if err == nil {
				t.Fatalf("read as a list of %d rows, want the damaged-file error", n)
			}
			checkFileError(t, err, ErrKeyCorrupt)
		})
	}
}
