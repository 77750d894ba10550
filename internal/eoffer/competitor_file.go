package eoffer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shakinm/xlsReader/xls"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/pricelist"
)

// FileField is the multipart field of the upload; file errors are 422s on it.
const FileField = "eponudaCSV"

// MaxFileBytes bounds an uploaded competitor file (20 MB: a 100,000-offer CSV is about 4 MB).
const MaxFileBytes = 20_000_000

// MaxUnzippedBytes bounds what an XLSX may unpack to (the zip-bomb guard).
const MaxUnzippedBytes int64 = 256 << 20

// Formats of a competitor file, told by its content (never by its name).
const (
	FormatCSV  = "csv"
	FormatXLSX = "xlsx"
	FormatXLS  = "xls"
)

// Errors about a file as a whole (i18n keys).
const (
	ErrKeyNotText      = "eoffer_file.not_text"
	ErrKeyEmpty        = "eoffer_file.empty"
	ErrKeyNoSKU        = "eoffer_file.no_sku_column"
	ErrKeyNoShop       = "eoffer_file.no_shop_column"
	ErrKeyNoPrice      = "eoffer_file.no_price_column"
	ErrKeyTooLarge     = "eoffer_file.too_large"
	ErrKeyUnzipped     = "eoffer_file.unzipped_too_large"
	ErrKeyCorrupt      = "eoffer_file.corrupt"
	ErrKeyTooManyRows  = "eoffer_file.too_many_rows"
	ErrKeyNotSpreadsht = "eoffer_file.not_a_sheet"
	ErrKeyTooManyCols  = "eoffer_file.too_many_columns"
)

// Reasons a row is left out (i18n keys).
const (
	RejectNoSKU      = "eoffer_file.row_no_sku"
	RejectNoShop     = "eoffer_file.row_no_shop"
	RejectBadPrice   = "eoffer_file.row_bad_price"
	RejectUnknownSKU = "eoffer_file.row_unknown_sku"
)

func fileError(key string, args ...any) *apperr.Error {
	return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M(key, args...),
		Fields: []apperr.FieldError{apperr.Field(FileField, key, args...)}}
}

// Offer is one data row of a competitor file: our SKU, the competitor's shop and price (with
// VAT), and the optional name and position. Line is the row's number in the file (1-based,
// the header included). Reject is "" for a good row, else the i18n key of why it is left out.
type Offer struct {
	Line     int
	SKU      string
	Shop     string
	Price    money.Para
	Name     string
	Position *int
	Reject   string
}

// FileInfo says what ReadFile read.
type FileInfo struct {
	Format    string
	Delimiter string // CSV only
	Encoding  string // CSV only: utf-8 or windows-1250
	Rows      int    // data rows, empty ones not counted
}

type column int

const (
	colSKU column = iota
	colShop
	colPrice
	colName
	colPosition
	nColumns
)

// headerNames are the header texts of each column, folded (lower case, no diacritics, '_' as
// a space): e-ponuda's own export and what people type.
var headerNames = [nColumns][]string{
	colSKU:      {"sku", "sifra", "sifra proizvoda", "nasa sifra", "kod", "kod proizvoda", "code", "product code", "product sku"},
	colShop:     {"shop", "prodavnica", "naziv prodavnice", "ime prodavnice", "prodavac", "trgovac", "konkurent", "competitor", "seller", "store", "shop name"},
	colPrice:    {"price", "cena", "cena sa pdv", "cena konkurenta", "competitor price", "cijena", "min cena"},
	colName:     {"name", "naziv", "ime", "naziv proizvoda", "ime proizvoda", "product", "product name"},
	colPosition: {"position", "pozicija", "rank", "mesto"},
}

var folder = strings.NewReplacer("č", "c", "ć", "c", "š", "s", "ž", "z", "đ", "dj", "_", " ", "\ufeff", "")

func fold(s string) string {
	return strings.Join(strings.Fields(folder.Replace(strings.ToLower(strings.TrimSpace(s)))), " ")
}

// mapHeader finds the columns in a row; found counts the required ones (SKU, shop, price).
func mapHeader(cells []string) (idx [nColumns]int, found int) {
	for i := range idx {
		idx[i] = -1
	}
	for ci, cell := range cells {
		h := fold(cell)
		for c := column(0); c < nColumns; c++ {
			if idx[c] >= 0 {
				continue
			}
			for _, n := range headerNames[c] {
				if h == n {
					idx[c] = ci
					break
				}
			}
		}
	}
	for _, c := range []column{colSKU, colShop, colPrice} {
		if idx[c] >= 0 {
			found++
		}
	}
	return idx, found
}

// headerError says which required column a header row lacks.
func headerError(idx [nColumns]int) error {
	switch {
	case idx[colSKU] < 0:
		return fileError(ErrKeyNoSKU)
	case idx[colShop] < 0:
		return fileError(ErrKeyNoShop)
	default:
		return fileError(ErrKeyNoPrice)
	}
}

// DetectFormat tells a file's format from its first bytes: a zip is an XLSX, an OLE compound
// file an XLS, anything else must be text (CSV).
func DetectFormat(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return FormatXLSX
	case bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return FormatXLS
	}
	return FormatCSV
}

// ReadFile reads a competitor file row by row, handing each data row to fn (rejected rows
// too, with their reason). The header is the first row naming the SKU, shop and price columns
// among the first rows; a file whose first non-empty row is not such a header is refused with
// the missing column (a CSV with another delimiter than ',' or ';' reads as one column and is
// refused for its SKU column). maxRows bounds the data rows.
func ReadFile(ctx context.Context, r io.ReaderAt, size int64, maxRows int, fn func(Offer) error) (FileInfo, error) {
	head := make([]byte, 8)
	n, _ := r.ReadAt(head, 0)
	if n == 0 {
		return FileInfo{}, fileError(ErrKeyEmpty)
	}
	info := FileInfo{Format: DetectFormat(head[:n])}
	var rows rowSource
	switch info.Format {
	case FormatXLSX:
		src, err := openXLSX(r, size)
		if err != nil {
			return info, err
		}
		defer src.close()
		rows = src
	case FormatXLS:
		src, err := openXLS(r, size)
		if err != nil {
			return info, err
		}
		rows = src
	default:
		src, err := openCSV(r, size)
		if err != nil {
			return info, err
		}
		info.Delimiter, info.Encoding = string(src.comma), src.encoding
		rows = src
	}
	return readRows(ctx, rows, info, maxRows, fn)
}

// MaxHeaderColumns bounds the header row: a real competitor file has a dozen columns, and a
// header of millions of empty ones cost 200 MB before it was refused for its missing columns.
const MaxHeaderColumns = 256

// rowSource hands out a file's rows, nil at the end.
type rowSource interface {
	next() ([]string, error)
}

func readRows(ctx context.Context, src rowSource, info FileInfo, maxRows int, fn func(Offer) error) (FileInfo, error) {
	line := 0
	var idx [nColumns]int
	header := false
	for {
		cells, err := src.next()
		if err != nil {
			return info, err
		}
		if cells == nil {
			break
		}
		line++
		if line%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return info, err
			}
		}
		if blank(cells) {
			continue
		}
		if !header {
			if len(cells) > MaxHeaderColumns {
				return info, fileError(ErrKeyTooManyCols, "max", MaxHeaderColumns)
			}
			var found int
			idx, found = mapHeader(cells)
			if found < 3 {
				return info, headerError(idx)
			}
			header = true
			continue
		}
		info.Rows++
		if info.Rows > maxRows {
			return info, fileError(ErrKeyTooManyRows, "max", maxRows)
		}
		if err := fn(rowOffer(cells, idx, line)); err != nil {
			return info, err
		}
	}
	if !header {
		return info, fileError(ErrKeyEmpty)
	}
	return info, nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

func cell(cells []string, i int) string {
	if i < 0 || i >= len(cells) {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(cells[i], "\ufeff"))
}

// rowOffer maps one data row.
func rowOffer(cells []string, idx [nColumns]int, line int) Offer {
	o := Offer{Line: line, SKU: cut(cell(cells, idx[colSKU]), 255), Shop: cut(cell(cells, idx[colShop]), 255), Name: cut(cell(cells, idx[colName]), 255)}
	if p := cell(cells, idx[colPosition]); p != "" {
		if v, err := strconv.Atoi(p); err == nil && v > 0 {
			o.Position = &v
		}
	}
	price, ok := pricelist.ParsePrice(cell(cells, idx[colPrice]))
	switch {
	case o.SKU == "":
		o.Reject = RejectNoSKU
	case o.Shop == "":
		o.Reject = RejectNoShop
	case !ok || price <= 0:
		o.Reject = RejectBadPrice
	default:
		o.Price = price
	}
	return o
}

// csvSource reads a CSV: UTF-8 (a BOM is dropped) or, when the start is not valid UTF-8,
// Windows-1250; the delimiter is the one of ';' and ',' (and tab) whose split of the first
// non-empty line names the most required columns.
type csvSource struct {
	r        *csv.Reader
	comma    rune
	encoding string
}

// sniffBytes is how much of a CSV is looked at for its encoding and whether it is text.
const sniffBytes = 64 << 10

func openCSV(r io.ReaderAt, size int64) (*csvSource, error) {
	sample := make([]byte, min(size, sniffBytes))
	n, err := r.ReadAt(sample, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, apperr.Wrap(err, "e-offer file: read")
	}
	sample = sample[:n]
	if !looksLikeText(sample) {
		return nil, fileError(ErrKeyNotText)
	}
	var body io.Reader = io.NewSectionReader(r, 0, size)
	enc := "utf-8"
	switch {
	case bytes.HasPrefix(sample, []byte("\xEF\xBB\xBF")):
		body = io.NewSectionReader(r, 3, size-3)
		sample = sample[3:]
	case !validUTF8Prefix(sample, int64(n) < size):
		enc = "windows-1250"
		body = charmap.Windows1250.NewDecoder().Reader(body)
		if sample, err = charmap.Windows1250.NewDecoder().Bytes(sample); err != nil {
			return nil, fileError(ErrKeyNotText)
		}
	}
	first := ""
	lines := strings.Split(string(sample), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			first = strings.TrimRight(l, "\r")
			// A header that does not end within the sample is wider than any real one: it is
			// refused before the whole line is read.
			if i == len(lines)-1 && int64(n) < size {
				return nil, fileError(ErrKeyTooManyCols, "max", MaxHeaderColumns)
			}
			break
		}
	}
	if first == "" {
		return nil, fileError(ErrKeyEmpty)
	}
	comma, best := ';', -1
	var bestIdx [nColumns]int
	for _, d := range []rune{';', ',', '\t'} {
		cr := csv.NewReader(strings.NewReader(first))
		cr.Comma, cr.LazyQuotes, cr.FieldsPerRecord = d, true, -1
		cells, _ := cr.Read()
		if len(cells) > MaxHeaderColumns {
			return nil, fileError(ErrKeyTooManyCols, "max", MaxHeaderColumns)
		}
		idx, found := mapHeader(cells)
		if found > best {
			comma, best, bestIdx = d, found, idx
		}
	}
	if best < 3 {
		return nil, headerError(bestIdx)
	}
	cr := csv.NewReader(bufio.NewReaderSize(body, 64<<10))
	cr.Comma, cr.LazyQuotes, cr.FieldsPerRecord, cr.ReuseRecord = comma, true, -1, true
	return &csvSource{r: cr, comma: comma, encoding: enc}, nil
}

func (c *csvSource) next() ([]string, error) {
	rec, err := c.r.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fileError(ErrKeyCorrupt)
		}
		return nil, apperr.Wrap(err, "e-offer file: read csv")
	}
	if rec == nil {
		rec = []string{}
	}
	return rec, nil
}

// looksLikeText refuses binary content renamed .csv: a NUL byte, or more than 1 % control
// characters other than tab, CR and LF.
func looksLikeText(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	ctl := 0
	for _, c := range b {
		switch {
		case c == 0:
			return false
		case c < 0x20 && c != '\t' && c != '\r' && c != '\n' && c != '\f':
			ctl++
		}
	}
	return ctl*100 <= len(b)
}

// validUTF8Prefix is utf8.Valid, forgiving a rune cut at the end of a sample (cut: more follows).
func validUTF8Prefix(b []byte, cut bool) bool {
	if utf8.Valid(b) {
		return true
	}
	if !cut {
		return false
	}
	for i := 1; i <= 3 && i < len(b); i++ {
		if utf8.Valid(b[:len(b)-i]) {
			return true
		}
	}
	return false
}

// xlsxSource streams the first worksheet with a header through excelize's row iterator.
type xlsxSource struct {
	f      *excelize.File
	sheets []string
	rows   *excelize.Rows
}

func openXLSX(r io.ReaderAt, size int64) (*xlsxSource, error) {
	if err := pricelist.CheckFile(r, size); err != nil {
		if e := apperr.As(err); e.Code == apperr.Invalid {
			if len(e.Fields) > 0 && strings.HasSuffix(e.Fields[0].Msg.Key, "unzipped_too_large") {
				return nil, fileError(ErrKeyUnzipped)
			}
			return nil, fileError(ErrKeyNotSpreadsht)
		}
		return nil, err
	}
	f, err := excelize.OpenReader(io.NewSectionReader(r, 0, size), excelize.Options{RawCellValue: true,
		UnzipSizeLimit: MaxUnzippedBytes, UnzipXMLSizeLimit: 1 << 20})
	if err != nil {
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, fileError(ErrKeyUnzipped)
		}
		return nil, fileError(ErrKeyCorrupt)
	}
	return &xlsxSource{f: f, sheets: f.GetSheetList()}, nil
}

// next reads the first sheet only (a competitor file is one table).
func (x *xlsxSource) next() ([]string, error) {
	if x.rows == nil {
		if len(x.sheets) == 0 {
			return nil, nil
		}
		rows, err := x.f.Rows(x.sheets[0])
		if err != nil {
			return nil, fileError(ErrKeyCorrupt)
		}
		x.rows = rows
	}
	if !x.rows.Next() {
		if err := x.rows.Error(); err != nil {
			return nil, fileError(ErrKeyCorrupt)
		}
		return nil, nil
	}
	cols, err := x.rows.Columns()
	if err != nil {
		return nil, fileError(ErrKeyCorrupt)
	}
	if cols == nil {
		cols = []string{}
	}
	return cols, nil
}

func (x *xlsxSource) close() {
	if x.rows != nil {
		x.rows.Close()
	}
	x.f.Close()
}

// xlsSource reads a legacy BIFF8 workbook's first sheet (github.com/shakinm/xlsReader: the
// maintained pure-Go reader of the format; it reads a sheet whole, which the 65,536 rows of an
// XLS and the upload's size bound).
type xlsSource struct {
	rows [][]string
	i    int
}

func openXLS(r io.ReaderAt, size int64) (src *xlsSource, err error) {
	defer func() {
		// The reader panics on some malformed files: that is a bad file, not a crash.
		if p := recover(); p != nil {
			src, err = nil, fileError(ErrKeyCorrupt)
		}
	}()
	wb, err := xls.OpenReader(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, fileError(ErrKeyCorrupt)
	}
	if wb.GetNumberSheets() == 0 {
		return nil, fileError(ErrKeyEmpty)
	}
	sh, err := wb.GetSheet(0)
	if err != nil {
		return nil, fileError(ErrKeyCorrupt)
	}
	out := &xlsSource{}
	for i := 0; i <= sh.GetNumberRows(); i++ {
		row, err := sh.GetRow(i)
		if err != nil {
			out.rows = append(out.rows, []string{})
			continue
		}
		var cells []string
		for _, c := range row.GetCols() {
			cells = append(cells, xlsCell(c.GetString()))
		}
		out.rows = append(out.rows, cells)
	}
	return out, nil
}

// xlsCell turns a numeric cell's text (a float as Go prints it) into what ParsePrice reads.
func xlsCell(s string) string {
	if f, err := strconv.ParseFloat(s, 64); err == nil && strings.ContainsAny(s, "eE") {
		return fmt.Sprintf("%.2f", f)
	}
	return s
}

func (x *xlsSource) next() ([]string, error) {
	if x.i >= len(x.rows) {
		return nil, nil
	}
	x.i++
	return x.rows[x.i-1], nil
}

// cut shortens s to at most n characters (runes).
func cut(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n { // no more bytes than n: no more runes
		return s
	}
	r := []rune(s)
	return string(r[:n])
}
