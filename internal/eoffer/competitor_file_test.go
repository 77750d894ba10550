package eoffer

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// brief is what a test compares of an offer.
type brief struct {
	SKU, Shop string
	Price     money.Para
	Reject    string
}

func readAll(t *testing.T, b []byte) (FileInfo, []brief, error) {
	t.Helper()
	var got []brief
	info, err := ReadFile(context.Background(), bytes.NewReader(b), int64(len(b)), 1000, func(o Offer) error {
		got = append(got, brief{o.SKU, o.Shop, o.Price, o.Reject})
		return nil
	})
	return info, got, err
}

var wantOffers = []brief{
	{"A-1", "Tehnomanija", 1234500, ""},
	{"A-1", "Šopić", 1250000, ""},
	{"A-2", "WinWin", 99990, ""},
	{"A-3", "Gigatron", 0, RejectBadPrice},
	{"A-4", "", 0, RejectNoShop},
}

const csvRows = "A-1{d}Tehnomanija{d}\"12.345,00\"\nA-1{d}Šopić{d}12500\nA-2{d}WinWin{d}\"999,90\"\nA-3{d}Gigatron{d}abc\nA-4{d}{d}100\n"

func csvFile(header, delim string) string {
	return header + "\n" + string(bytes.ReplaceAll([]byte(csvRows), []byte("{d}"), []byte(delim)))
}

func xlsxFile(t *testing.T) []byte {
	t.Helper()
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"Šifra", "Prodavnica", "Cena"}, {"A-1", "Tehnomanija", 12345}, {"A-1", "Šopić", "12.500,00"},
		{"A-2", "WinWin", 999.9}, {"A-3", "Gigatron", "abc"}, {"A-4", "", 100}}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipBomb is an XLSX-shaped zip whose sheet declares a terabyte unpacked.
func zipBomb(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		w, _ := zw.Create(name)
		w.Write([]byte("<x/>"))
	}
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Store, CompressedSize64: 4, UncompressedSize64: 1 << 40, CRC32: 0})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("<x/>"))
	zw.Close()
	return buf.Bytes()
}

// TestReadFile: every format and encoding the e-ponuda upload takes is read to the same offers
// (rows with an unreadable price or no shop are handed over with their reason, never dropped),
// and the wrong files are refused with a reason.
func TestReadFile(t *testing.T) {
	win1250, err := charmap.Windows1250.NewEncoder().Bytes([]byte(csvFile("sku;prodavnica;cena", ";")))
	if err != nil {
		t.Fatal(err)
	}
	xls, err := os.ReadFile("testdata/competitors.xls")
	if err != nil {
		t.Fatal(err)
	}
	ok := []struct {
		name string
		file []byte
		want FileInfo
		rows []brief
	}{
		{"csvComma", []byte(csvFile("SKU,Shop,Price", ",")), FileInfo{Format: FormatCSV, Delimiter: ",", Encoding: "utf-8", Rows: 5}, nil},
		{"csvSemicolonBOM", append([]byte("\xEF\xBB\xBF"), csvFile("Šifra;Prodavnica;Cena;Naziv", ";")...), FileInfo{Format: FormatCSV, Delimiter: ";", Encoding: "utf-8", Rows: 5}, nil},
		{"csvWindows1250", win1250, FileInfo{Format: FormatCSV, Delimiter: ";", Encoding: "windows-1250", Rows: 5}, nil},
		{"csvCRLF", bytes.ReplaceAll([]byte(csvFile("sku;shop;price", ";")), []byte("\n"), []byte("\r\n")), FileInfo{Format: FormatCSV, Delimiter: ";", Encoding: "utf-8", Rows: 5}, nil},
		{"xlsx", xlsxFile(t), FileInfo{Format: FormatXLSX, Rows: 5}, nil},
		// Written by LibreOffice from SKU;Prodavnica;Cena;Naziv;Pozicija rows.
		{"xls", xls, FileInfo{Format: FormatXLS, Rows: 4}, []brief{{"A-1", "Tehnomanija", 1234500, ""}, {"A-1", "Gigatron", 1250000, ""},
			{"A-2", "WinWin", 99990, ""}, {"A-3", "Gigatron", 0, RejectBadPrice}}},
	}
	for _, tt := range ok {
		t.Run(tt.name, func(t *testing.T) {
			info, got, err := readAll(t, tt.file)
			if err != nil {
				t.Fatalf("ReadFile: %v", err)
			}
			want := tt.rows
			if want == nil {
				want = wantOffers
			}
			if d := cmp.Diff(tt.want, info); d != "" {
				t.Errorf("info (-want +got):\n%s", d)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("offers (-want +got):\n%s", d)
			}
		})
	}
	bad := []struct {
		name string
		file []byte
		key  string
	}{
		{"pipeDelimiter", []byte(csvFile("sku|shop|price", "|")), ErrKeyNoSKU},
		{"noSKUColumn", []byte("naziv;prodavnica;cena\nx;y;1\n"), ErrKeyNoSKU},
		{"noPriceColumn", []byte("sku;prodavnica;naziv\nx;y;z\n"), ErrKeyNoPrice},
		{"binaryRenamedCSV", append([]byte("\x7fELF\x02\x01\x01\x00\x00\x00"), bytes.Repeat([]byte{0, 1, 2, 3}, 100)...), ErrKeyNotText},
		{"pngRenamedCSV", append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0}, 64)...), ErrKeyNotText},
		{"zipBomb", zipBomb(t), ErrKeyUnzipped},
		{"zipNotWorkbook", func() []byte {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			w, _ := zw.Create("a.txt")
			w.Write([]byte("hello"))
			zw.Close()
			return buf.Bytes()
		}(), ErrKeyNotSpreadsht},
		{"oleNotWorkbook", append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte{0xff}, 600)...), ErrKeyCorrupt},
		{"empty", []byte("\n\n"), ErrKeyEmpty},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := readAll(t, tt.file)
			e := apperr.As(err)
			if err == nil || e.Code != apperr.Invalid || len(e.Fields) == 0 || e.Fields[0].Field != FileField || e.Fields[0].Msg.Key != tt.key {
				t.Fatalf("err = %v (%+v), want a 422 on %s with %s", err, e, FileField, tt.key)
			}
		})
	}
}

// TestReadFileTooManyRows: past maxRows the file is refused (not cut short).
func TestReadFileTooManyRows(t *testing.T) {
	b := []byte(csvFile("sku;shop;price", ";"))
	_, err := ReadFile(context.Background(), bytes.NewReader(b), int64(len(b)), 3, func(Offer) error { return nil })
	if e := apperr.As(err); err == nil || e.Msg.Key != ErrKeyTooManyRows {
		t.Fatalf("err = %v, want %s", err, ErrKeyTooManyRows)
	}
}

// TestReadFileWideHeader: a header of millions of columns is refused before its line is read
// (it cost 200 MB), and so is one of a few hundred that fits in the sniffed start.
func TestReadFileWideHeader(t *testing.T) {
	for name, file := range map[string][]byte{
		"millions": append([]byte("sku;shop;price"+strings.Repeat(";", 2_000_000)+"\n"), []byte("EP-1;Shop;100\n")...),
		"hundreds": []byte("sku;shop;price" + strings.Repeat(";x", MaxHeaderColumns) + "\nEP-1;Shop;100\n"),
		"quoted":   []byte(`"sku";"shop";"price"` + strings.Repeat(`;"x"`, MaxHeaderColumns) + "\nEP-1;Shop;100\n"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ReadFile(context.Background(), bytes.NewReader(file), int64(len(file)), 10, func(Offer) error { return nil })
			if e := apperr.As(err); err == nil || e.Msg.Key != ErrKeyTooManyCols {
				t.Fatalf("err = %v, want %s", err, ErrKeyTooManyCols)
			}
		})
	}
	ok := []byte("sku;shop;price" + strings.Repeat(";x", MaxHeaderColumns-3) + "\nEP-1;Shop;100\n")
	n := 0
	if _, err := ReadFile(context.Background(), bytes.NewReader(ok), int64(len(ok)), 10, func(Offer) error { n++; return nil }); err != nil || n != 1 {
		t.Fatalf("a header of %d columns: %v, %d rows", MaxHeaderColumns, err, n)
	}
}
