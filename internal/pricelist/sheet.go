package pricelist

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/richardlehane/mscfb"
	"github.com/xuri/excelize/v2"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/platform/xlsxinline"
)

// Row is one data row. Line is the 1-based row number in the sheet (as Excel shows it).
// Reject is "" for a good row, else the i18n key of the reason.
type Row struct {
	Line                    int
	SKU, Name, Category     string
	Brand, EAN              string
	Price, RecommendedPrice money.Para
	Stock                   int
	Reject                  string
}

// SheetInfo says what ReadSheet read.
type SheetInfo struct {
	Sheet      string           // the worksheet's name
	Header     map[Field]string // the header text found per field
	HeaderLine int
	Rows       int // data rows seen, empty ones not counted
	Rejected   int // of Rows, those with a Reject reason
}

// Reasons a row is rejected (i18n keys).
const (
	RejectNoSKU          = "pricelist_file.row_no_sku"
	RejectSKUTooLong     = "pricelist_file.row_sku_too_long"
	RejectNoPrice        = "pricelist_file.row_no_price"
	RejectBadPrice       = "pricelist_file.row_bad_price"
	RejectPriceNotPos    = "pricelist_file.row_price_not_positive"
	RejectBadRecommended = "pricelist_file.row_bad_recommended"
	RejectBadStock       = "pricelist_file.row_bad_stock"
)

// Errors about the file as a whole (i18n keys; each comes as a 422 on the field "file").
const (
	ErrKeyNotXLSX          = "pricelist_file.not_xlsx"
	ErrKeyOldExcel         = "pricelist_file.old_excel"
	ErrKeyEncrypted        = "pricelist_file.encrypted"
	ErrKeyCorrupt          = "pricelist_file.corrupt"
	ErrKeyEmpty            = "pricelist_file.empty"
	ErrKeyNoHeader         = "pricelist_file.no_header"
	ErrKeyNoHeaderSKU      = "pricelist_file.no_header_sku"
	ErrKeyNoHeaderPrice    = "pricelist_file.no_header_price"
	ErrKeyUnzippedTooLarge = "pricelist_file.unzipped_too_large"
	ErrKeyTooManyRows      = "pricelist_file.too_many_rows"
	ErrKeyTooManyBlankRows = "pricelist_file.too_many_blank_rows"
)

// Column sizes of supplier_products: longer texts are cut there (an SKU is rejected instead:
// it is the key, and a cut one could meet another product's).
const (
	maxSKU      = 255
	maxName     = 1200
	maxCategory = 255
	maxBrand    = 255
	maxEAN      = 64
)

// MaxUnzippedSize bounds what a price list may unpack to (the zip-bomb guard). A 10 MB XLSX of
// plain rows unpacks to about 100 MB; a bomb declares (or inflates to) far more.
const MaxUnzippedSize int64 = 256 << 20

// Bounds of a sheet's rows: a small file can hold millions of empty or useless rows (a file of
// under a megabyte can expand to millions of empty rows and hold a worker for long), so the read
// stops at DefaultMaxRows lines or after DefaultMaxBlankRun empty or rejected rows in a row
// after the last good one, and the file is refused with the reason.
const (
	DefaultMaxRows     = 1_000_000
	DefaultMaxBlankRun = 10_000
)

// ReadOptions bound a read; a zero field takes its default.
type ReadOptions struct {
	// MaxRows is the last line of a sheet that may be read (DefaultMaxRows).
	MaxRows int
	// MaxBlankRun is how many empty or rejected rows may follow the header or the last good
	// row before the read gives up (DefaultMaxBlankRun).
	MaxBlankRun int

	// unzipLimit is MaxUnzippedSize and inlineAbove xmlMemoryLimit (tests lower them).
	unzipLimit  int64
	inlineAbove int64
}

func (o ReadOptions) maxRows() int     { return cmpOr(o.MaxRows, DefaultMaxRows) }
func (o ReadOptions) maxBlankRun() int { return cmpOr(o.MaxBlankRun, DefaultMaxBlankRun) }
func (o ReadOptions) unzip() int64     { return cmpOr(o.unzipLimit, MaxUnzippedSize) }
func (o ReadOptions) inline() int64    { return cmpOr(o.inlineAbove, xmlMemoryLimit) }

// cmpOr is v, or def when v is not positive.
func cmpOr[T int | int64](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}

// xmlMemoryLimit: excelize keeps a worksheet or shared-strings part in memory below this size
// and in a temporary file above it, and a shared-strings part above it is inlined
// (xlsxinline). Kept small so neither the sheet nor the shared strings (decoded into structs
// and a map when in memory) grow the heap with the rows.
const xmlMemoryLimit int64 = 1 << 20

// checkEvery is how many rows pass between looks at the context.
const checkEvery = 1024

func fileError(key string, args ...any) *apperr.Error {
	return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M(key, args...),
		Fields: []apperr.FieldError{apperr.Field("file", key, args...)}}
}

func fileErrorCause(key string, cause error) *apperr.Error {
	e := fileError(key)
	e.Err = cause
	return e
}

var (
	oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
	zipMagic = []byte("PK\x03\x04")
)

// CheckFile tells whether r looks like a readable XLSX without inflating it: a zip of an Excel
// workbook, not encrypted, not an old .xls, not declaring more than MaxUnzippedSize. The upload
// runs it before storing a file (a quick 422 for the wrong kind of file); whether every entry
// inflates intact is known only when ReadSheet has read it (checkEntries, beside the reading).
func CheckFile(r io.ReaderAt, size int64) error {
	_, err := checkPackage(r, size, MaxUnzippedSize)
	return err
}

// checkPackage is CheckFile, answering the zip for checkEntries.
func checkPackage(r io.ReaderAt, size int64, unzipLimit int64) (*zip.Reader, error) {
	if size < int64(len(zipMagic)) {
		return nil, fileError(ErrKeyNotXLSX)
	}
	head := make([]byte, len(oleMagic))
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	if bytes.Equal(head, oleMagic) {
		return nil, checkOLE(r)
	}
	if !bytes.HasPrefix(head, zipMagic) {
		return nil, fileError(ErrKeyNotXLSX)
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fileErrorCause(ErrKeyCorrupt, err)
	}
	var unzipped uint64
	var contentTypes, workbook bool
	for _, f := range zr.File {
		// archive/zip refuses to inflate past the declared size, so the declared sizes bound
		// what excelize will unpack.
		unzipped += f.UncompressedSize64
		switch strings.ToLower(f.Name) {
		case "[content_types].xml":
			contentTypes = true
		case "xl/workbook.xml":
			workbook = true
		}
	}
	if unzipped > uint64(unzipLimit) {
		return nil, fileError(ErrKeyUnzippedTooLarge, "max", unzipLimit>>20)
	}
	if !contentTypes || !workbook {
		return nil, fileError(ErrKeyNotXLSX)
	}
	return zr, nil
}

// checkEntries inflates every entry of zr once: checksums, sizes and the deflate streams, and
// the worksheets' XML. excelize ignores read errors inside an entry and XML errors inside a
// sheet (it reads a damaged sheet, one cut short, or one with garbage or an unknown entity
// between its rows as a shorter sheet, and would import its first rows as if they were all),
// so a file is only known to be whole after this.
func checkEntries(zr *zip.Reader) error {
	for _, f := range zr.File {
		if err := inflates(f); err != nil {
			return fileErrorCause(ErrKeyCorrupt, fmt.Errorf("%s: %w", f.Name, err))
		}
	}
	return nil
}

func inflates(f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	if isWorksheet(f.Name) {
		return wellFormed(rc)
	}
	_, err = io.Copy(io.Discard, rc)
	return err
}

func isWorksheet(name string) bool {
	name = strings.ToLower(name)
	return strings.HasPrefix(name, "xl/worksheets/") && strings.HasSuffix(name, ".xml") && !strings.Contains(name, "/_rels/")
}

// checkOLE tells an encrypted XLSX (Office wraps those in a compound file) from an old .xls.
func checkOLE(r io.ReaderAt) error {
	doc, err := mscfb.New(r)
	if err != nil {
		return fileErrorCause(ErrKeyCorrupt, err)
	}
	for entry, err := doc.Next(); err == nil; entry, err = doc.Next() {
		if entry.Name == "EncryptionInfo" || entry.Name == "EncryptedPackage" {
			return fileError(ErrKeyEncrypted)
		}
	}
	return fileError(ErrKeyOldExcel)
}

// ReadSheet streams the first worksheet that has a recognisable header; fn is called once per
// non-empty data row, in order, on a goroutine of its own (see parseAside), within opts' bounds.
// Errors are *apperr.Error with i18n keys; an error of fn or of ctx ends the read and is
// returned as it is.
func ReadSheet(ctx context.Context, r io.ReaderAt, size int64, mapping HeaderMapping, opts ReadOptions, fn func(Row) error) (SheetInfo, error) {
	zr, err := checkPackage(r, size, opts.unzip())
	if err != nil {
		return SheetInfo{}, err
	}
	// The entries are inflated (checkEntries) on another goroutine while the rows are read, so
	// on two cores the check costs no time. A damaged entry ends the reading, and the rows
	// handed over until then are of a bad file: callers keep nothing of a read that ends in an
	// error (an import's transaction is rolled back).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	checked := make(chan error, 1)
	go func() {
		err := checkEntries(zr)
		if err != nil {
			cancel()
		}
		checked <- err
	}()
	info, err := readSheet(ctx, r, size, mapping, opts, fn)
	if cerr := <-checked; cerr != nil {
		return SheetInfo{}, cerr
	}
	return info, err
}

// readSheet is ReadSheet once the package is known to be an XLSX.
func readSheet(ctx context.Context, r io.ReaderAt, size int64, mapping HeaderMapping, opts ReadOptions, fn func(Row) error) (SheetInfo, error) {
	unzipLimit := opts.unzip()
	path, done, err := localFile(r, size)
	if err != nil {
		return SheetInfo{}, apperr.Wrap(err, "price list: local copy")
	}
	defer done()
	// A large shared-strings table is inlined first, or excelize's memory would grow with the
	// rows of an Excel-saved list.
	path, inlined, err := xlsxinline.Rewrite(path, opts.inline(), unzipLimit)
	switch {
	case errors.Is(err, xlsxinline.ErrTooLarge):
		return SheetInfo{}, fileError(ErrKeyUnzippedTooLarge, "max", unzipLimit>>20)
	case errors.Is(err, xlsxinline.ErrCorrupt):
		return SheetInfo{}, fileErrorCause(ErrKeyCorrupt, err)
	case err != nil:
		return SheetInfo{}, apperr.Wrap(err, "price list: inline strings")
	}
	defer inlined()
	f, err := excelize.OpenFile(path, excelize.Options{RawCellValue: true,
		UnzipSizeLimit: unzipLimit, UnzipXMLSizeLimit: min(xmlMemoryLimit, unzipLimit)})
	if err != nil {
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return SheetInfo{}, fileError(ErrKeyUnzippedTooLarge, "max", unzipLimit>>20)
		}
		return SheetInfo{}, fileErrorCause(ErrKeyCorrupt, err)
	}
	defer f.Close()

	var closest header
	closestScore, anyData := -1, false
	for _, name := range f.GetSheetList() {
		s := sheetReader{ctx: ctx, f: f, name: name, mapping: mapping, opts: opts, fn: fn}
		info, err := s.read()
		if err != nil {
			return info, err
		}
		if s.found {
			return info, nil
		}
		anyData = anyData || s.nonEmpty
		if s.nonEmpty {
			if score := s.best.score(); score > closestScore {
				closest, closestScore = s.best, score
			}
		}
	}
	if !anyData {
		return SheetInfo{}, fileError(ErrKeyEmpty)
	}
	return SheetInfo{}, noHeaderError(closest)
}

// noHeaderError names the required columns the closest row lacked.
func noHeaderError(h header) error {
	missing := h.missing()
	switch {
	case len(missing) == 1 && missing[0] == FieldSKU:
		return fileError(ErrKeyNoHeaderSKU)
	case len(missing) == 1 && missing[0] == FieldPrice:
		return fileError(ErrKeyNoHeaderPrice)
	default:
		return fileError(ErrKeyNoHeader)
	}
}

// localFile gives excelize a path: the file itself when r is an open file that is still
// there, else a temporary copy (excelize's in-memory reader would hold the whole file).
func localFile(r io.ReaderAt, size int64) (string, func(), error) {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			if named, err := os.Stat(f.Name()); err == nil && os.SameFile(fi, named) {
				return f.Name(), func() {}, nil
			}
		}
	}
	tmp, err := os.CreateTemp("", "pricelist-*.xlsx")
	if err != nil {
		return "", nil, err
	}
	done := func() { tmp.Close(); os.Remove(tmp.Name()) }
	if _, err := io.Copy(tmp, io.NewSectionReader(r, 0, size)); err != nil {
		done()
		return "", nil, err
	}
	if err := tmp.Sync(); err != nil {
		done()
		return "", nil, err
	}
	return tmp.Name(), done, nil
}

// sheetReader reads one worksheet: finds its header, then hands over its rows.
type sheetReader struct {
	ctx     context.Context
	f       *excelize.File
	name    string
	mapping HeaderMapping
	opts    ReadOptions
	fn      func(Row) error

	found    bool   // a header was found (the sheet was read)
	nonEmpty bool   // the sheet has a filled cell
	best     header // the closest row to a header, when none was found
}

func (s *sheetReader) read() (SheetInfo, error) {
	rows, err := s.f.Rows(s.name)
	if err != nil {
		return SheetInfo{}, fileErrorCause(ErrKeyCorrupt, err)
	}
	defer rows.Close()
	// The Rows iterator yields every row number in turn (missing rows as empty), so the
	// count is the line Excel shows.
	line := 0
	next := func() ([]string, bool, error) {
		if !rows.Next() {
			if err := rows.Error(); err != nil {
				return nil, false, fileErrorCause(ErrKeyCorrupt, err)
			}
			return nil, false, nil
		}
		line++
		cells, err := rows.Columns()
		if err != nil {
			return nil, false, fileErrorCause(ErrKeyCorrupt, err)
		}
		return cells, true, nil
	}

	var top [][]string
	for len(top) < headerScanRows {
		cells, ok, err := next()
		if err != nil {
			return SheetInfo{}, err
		}
		if !ok {
			break
		}
		if !blank(cells) {
			s.nonEmpty = true
		}
		top = append(top, cells)
	}
	h, at, ok, best := findHeader(top, s.mapping)
	if !ok {
		s.best = best
		// An empty top does not make an empty sheet: look on for any filled row (as far as
		// a sheet may go).
		for !s.nonEmpty {
			if line > s.opts.maxRows() {
				return SheetInfo{}, fileError(ErrKeyTooManyRows, "max", s.opts.maxRows())
			}
			cells, ok, err := next()
			if err != nil {
				return SheetInfo{}, err
			}
			if !ok {
				break
			}
			s.nonEmpty = !blank(cells)
		}
		return SheetInfo{}, nil
	}
	s.found, s.nonEmpty = true, true
	info := SheetInfo{Sheet: s.name, Header: h.texts, HeaderLine: at + 1}
	p := rowParser{h: h}
	maxRows, maxBlank := s.opts.maxRows(), s.opts.maxBlankRun()
	lastGood := at + 1 // the header's line, then the last good row's
	handle := func(cells []string, line int) error {
		if line > maxRows {
			return fileError(ErrKeyTooManyRows, "max", maxRows)
		}
		row, ok := p.parse(cells, line)
		if ok && row.Reject == "" {
			lastGood = line
		} else if line-lastGood > maxBlank {
			return fileError(ErrKeyTooManyBlankRows, "max", maxBlank, "line", lastGood)
		}
		if !ok {
			return nil
		}
		info.Rows++
		if row.Reject != "" {
			info.Rejected++
		}
		if info.Rows%checkEvery == 0 {
			if err := s.ctx.Err(); err != nil {
				return err
			}
		}
		return s.fn(row)
	}
	for i := at + 1; i < len(top); i++ {
		if err := handle(top[i], i+1); err != nil {
			return info, err
		}
	}
	if err := parseAside(func() ([]string, int, bool, error) {
		cells, ok, err := next()
		return cells, line, ok, err
	}, handle); err != nil {
		return info, err
	}
	return info, s.ctx.Err()
}

// parseBatch is how many rows travel together from the decoding to the parsing goroutine.
const parseBatch = 256

// lineCells are one row's cells and its line.
type lineCells struct {
	cells []string
	line  int
}

// parseAside reads the rows after the header: excelize decodes them (next) on the calling
// goroutine while another goroutine parses them and hands them on (handle), so that on two
// cores the two overlap: the decoding is four fifths of a read's CPU, and the parsing with what
// the caller does with each row (an import's duplicate check and staging) the rest. Rows are
// handled in order; the first error of either side ends both and is returned (the reading's
// first).
func parseAside(next func() (cells []string, line int, ok bool, err error), handle func(cells []string, line int) error) error {
	batches := make(chan []lineCells, 4)
	failed := make(chan struct{}) // closed when handle has failed
	var handleErr error
	parsed := make(chan struct{})
	go func() {
		defer close(parsed)
		for b := range batches {
			if handleErr != nil {
				continue // drain what the reader sent before it saw failed
			}
			for _, r := range b {
				if handleErr = handle(r.cells, r.line); handleErr != nil {
					close(failed)
					break
				}
			}
		}
	}()
	send := func(b []lineCells) bool {
		select {
		case batches <- b:
			return true
		case <-failed:
			return false
		}
	}
	var readErr error
	batch := make([]lineCells, 0, parseBatch)
	for {
		cells, line, ok, err := next()
		if err != nil {
			readErr = err
			break
		}
		if !ok {
			if len(batch) > 0 {
				send(batch)
			}
			break
		}
		batch = append(batch, lineCells{cells, line})
		if len(batch) == parseBatch {
			if !send(batch) {
				break
			}
			batch = make([]lineCells, 0, parseBatch)
		}
	}
	close(batches)
	<-parsed
	if readErr != nil {
		return readErr
	}
	return handleErr
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// rowParser turns a row's cells into a Row by the header's columns.
type rowParser struct {
	h header
}

func (p rowParser) cell(cells []string, f Field) string {
	c, ok := p.h.cols[f]
	if !ok || c >= len(cells) {
		return ""
	}
	return strings.TrimSpace(cells[c])
}

// parse reads one row; ok is false for a row to skip: nothing in the price list's columns, or
// the header repeated (exports that repeat it on every printed page).
func (p rowParser) parse(cells []string, line int) (Row, bool) {
	var vals [len(fieldOrder)]string
	empty := true
	for i, f := range fieldOrder {
		vals[i] = p.cell(cells, f)
		empty = empty && vals[i] == ""
	}
	if empty {
		return Row{}, false
	}
	get := func(f Field) string { return vals[fieldIndex[f]] }
	if headerKey(get(FieldSKU)) == headerKey(p.h.texts[FieldSKU]) &&
		headerKey(get(FieldPrice)) == headerKey(p.h.texts[FieldPrice]) {
		return Row{}, false
	}
	row := Row{Line: line,
		SKU:      cellDigits(get(FieldSKU)),
		Name:     oneLine(get(FieldName), maxName),
		Category: oneLine(get(FieldCategory), maxCategory),
		Brand:    oneLine(get(FieldBrand), maxBrand),
		EAN:      cut(cellDigits(get(FieldEAN)), maxEAN),
	}
	reject := func(key string) {
		if row.Reject == "" {
			row.Reject = key
		}
	}
	switch {
	case row.SKU == "":
		reject(RejectNoSKU)
	case utf8.RuneCountInString(row.SKU) > maxSKU:
		row.SKU = cut(row.SKU, maxSKU)
		reject(RejectSKUTooLong)
	}
	if s := get(FieldPrice); s == "" {
		reject(RejectNoPrice)
	} else if price, ok := ParsePrice(s); !ok {
		reject(RejectBadPrice)
	} else if price <= 0 {
		reject(RejectPriceNotPos)
	} else {
		row.Price = price
	}
	if s := get(FieldRecommended); s != "" {
		if rec, ok := ParsePrice(s); !ok || rec < 0 {
			reject(RejectBadRecommended)
		} else {
			row.RecommendedPrice = rec
		}
	}
	if stock, ok := parseStock(get(FieldStock)); !ok {
		reject(RejectBadStock)
	} else {
		row.Stock = stock
	}
	return row, true
}

// fieldIndex is each field's place in fieldOrder (parse keeps a row's values in an array).
var fieldIndex = func() map[Field]int {
	m := map[Field]int{}
	for i, f := range fieldOrder {
		m[f] = i
	}
	return m
}()

// oneLine folds line breaks and runs of spaces into one space (names typed with Alt+Enter)
// and cuts the text at max characters.
func oneLine(s string, max int) string {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) && r != ' ' }) >= 0 || strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	return cut(s, max)
}

// cut shortens s to at most max characters (runes, as the database counts them).
func cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max {
			return s[:i]
		}
		n++
	}
	return s
}
