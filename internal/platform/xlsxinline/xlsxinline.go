// Package xlsxinline rewrites an XLSX's shared strings as inline strings, so excelize can
// stream a large workbook in flat memory. excelize keeps a large shared-strings part's index in
// memory (about 40 bytes a string: 300,000 strings of a 100,000-row list saved by Excel cost
// some 20 MB, growing with the rows), and without this an Excel-saved price list of 100,000 rows
// took about 1.4 times the memory of one of 10,000, over the price-list import's goal of 1.3. The
// strings go to a temporary file with an on-disk index of offsets read through a few cached
// blocks, and each worksheet is rewritten token by token with every shared-string cell holding
// its text inline (what excelize's StreamWriter writes).
package xlsxinline

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ErrCorrupt wraps what makes a workbook unreadable (a damaged zip, shared-strings part or
// worksheet, an index past the table).
var ErrCorrupt = errors.New("damaged workbook")

// ErrTooLarge is returned when the rewritten worksheets would unpack past the limit.
var ErrTooLarge = errors.New("unpacked size limit")

func corrupt(err error) error { return fmt.Errorf("%w: %w", ErrCorrupt, err) }

// maxSharedString bounds one shared string (Excel allows 32,767 characters).
const maxSharedString = 256 << 10

// Rewrite returns the path of a workbook excelize can stream in flat memory: path itself when
// its shared-strings part is at most above bytes, else a copy whose worksheets hold their
// strings inline (removed by done). The rewritten worksheets count against unzipLimit, as the
// originals do.
func Rewrite(path string, above, unzipLimit int64) (_ string, done func(), _ error) {
	noop := func() {}
	zr, err := zip.OpenReader(path)
	if err != nil {
		return "", noop, corrupt(err)
	}
	defer zr.Close()
	var sst *zip.File
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, "xl/sharedStrings.xml") {
			sst = f
		}
	}
	if sst == nil || sst.UncompressedSize64 <= uint64(above) {
		return path, noop, nil
	}
	table, err := newStringTable(sst)
	if err != nil {
		return "", noop, err
	}
	defer table.close()
	out, err := os.CreateTemp("", "pricelist-inline-*.xlsx")
	if err != nil {
		return "", noop, err
	}
	done = func() { out.Close(); os.Remove(out.Name()) }
	if err := writeInlined(zr, sst, table, out, unzipLimit); err != nil {
		done()
		return "", noop, err
	}
	return out.Name(), done, nil
}

func writeInlined(zr *zip.ReadCloser, sst *zip.File, table *stringTable, out *os.File, unzipLimit int64) error {
	bw := bufio.NewWriterSize(out, 256<<10)
	zw := zip.NewWriter(bw)
	// The rewritten sheets may be larger than the originals (strings repeated in every cell):
	// they count against the same unpacked-size limit, or a small table read by many cells
	// would be a bomb of its own.
	budget := &limitedWriter{left: unzipLimit}
	for _, f := range zr.File {
		name := strings.ToLower(f.Name)
		switch {
		case f == sst:
			w, err := zw.Create(f.Name)
			if err != nil {
				return err
			}
			if _, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+
				`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>`); err != nil {
				return err
			}
		case strings.HasPrefix(name, "xl/worksheets/") && strings.HasSuffix(name, ".xml") && !strings.Contains(name, "/_rels/"):
			// Stored, not deflated: excelize unpacks it to a temporary file at once anyway.
			w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store})
			if err != nil {
				return err
			}
			rc, err := f.Open()
			if err != nil {
				return corrupt(err)
			}
			budget.w = w
			err = inlineSheet(rc, budget, table)
			rc.Close()
			if err != nil {
				return err
			}
		default:
			if err := zw.Copy(f); err != nil {
				return err
			}
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return nil
}

type limitedWriter struct {
	w    io.Writer
	left int64
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.left -= int64(len(p)); l.left < 0 {
		return 0, ErrTooLarge
	}
	return l.w.Write(p)
}

// stringTable is a shared-strings table on disk: the texts one after another in data, and
// the start of each (8 bytes, little endian) in index, with the end of the last after them.
type stringTable struct {
	data, index           *os.File
	n                     int64
	dataBlock, indexBlock blocks
}

func newStringTable(sst *zip.File) (t *stringTable, err error) {
	t = &stringTable{}
	if t.data, err = os.CreateTemp("", "pricelist-sst-*"); err == nil {
		t.index, err = os.CreateTemp("", "pricelist-sst-index-*")
	}
	if err != nil {
		t.close()
		return nil, err
	}
	if err := t.fill(sst); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

// fill copies the texts of sst's items: an item's own <t>, or the <t> of its rich-text runs
// (<r>), never its phonetic hints (<rPh>); as excelize reads them.
func (t *stringTable) fill(sst *zip.File) error {
	rc, err := sst.Open()
	if err != nil {
		return corrupt(err)
	}
	defer rc.Close()
	data, index := bufio.NewWriterSize(t.data, 64<<10), bufio.NewWriterSize(t.index, 64<<10)
	var offset, start int64
	var inSI, inT bool
	phonetic := 0
	var word [8]byte
	putOffset := func(o int64) {
		binary.LittleEndian.PutUint64(word[:], uint64(o))
		index.Write(word[:])
	}
	dec := xml.NewDecoder(bufio.NewReaderSize(rc, 64<<10))
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return corrupt(fmt.Errorf("shared strings: %w", err))
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "si":
				inSI, start = true, offset
				putOffset(offset)
				t.n++
			case "rPh":
				phonetic++
			case "t":
				inT = inSI && phonetic == 0
			}
		case xml.EndElement:
			switch el.Name.Local {
			case "si":
				inSI = false
			case "rPh":
				phonetic--
			case "t":
				inT = false
			}
		case xml.CharData:
			if inT {
				if offset+int64(len(el))-start > maxSharedString {
					return corrupt(errors.New("shared string too long"))
				}
				data.Write(el)
				offset += int64(len(el))
			}
		}
	}
	putOffset(offset)
	if err := data.Flush(); err != nil {
		return err
	}
	if err := index.Flush(); err != nil {
		return err
	}
	t.dataBlock, t.indexBlock = blocks{f: t.data}, blocks{f: t.index}
	return nil
}

// text is the i-th string; the slice is valid until the next call.
func (t *stringTable) text(i int64) ([]byte, error) {
	if i < 0 || i >= t.n {
		return nil, corrupt(fmt.Errorf("shared string %d of %d", i, t.n))
	}
	w, err := t.indexBlock.read(i*8, 16)
	if err != nil {
		return nil, err
	}
	start, end := int64(binary.LittleEndian.Uint64(w[:8])), int64(binary.LittleEndian.Uint64(w[8:]))
	return t.dataBlock.read(start, int(end-start))
}

// blocks read a file through a few cached blocks, the least recently used replaced. Excel
// numbers its shared strings in the order cells first use them, so a sheet's reads move
// forward through the table while its early strings (categories, brands) recur: a handful of
// blocks serves almost every read.
type blocks struct {
	f    *os.File
	list [8]block
	tick int64
}

type block struct {
	off, used int64
	buf       []byte
}

const blockSize = 64 << 10

func (c *blocks) read(off int64, n int) ([]byte, error) {
	c.tick++
	victim := &c.list[0]
	for i := range c.list {
		b := &c.list[i]
		if off >= b.off && off+int64(n) <= b.off+int64(len(b.buf)) {
			b.used = c.tick
			return b.buf[off-b.off : off-b.off+int64(n)], nil
		}
		if b.used < victim.used {
			victim = b
		}
	}
	size := max(n, blockSize)
	if cap(victim.buf) < size {
		victim.buf = make([]byte, size)
	}
	got, err := c.f.ReadAt(victim.buf[:size], off)
	if got < n {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		victim.buf = victim.buf[:0]
		return nil, err
	}
	victim.off, victim.buf, victim.used = off, victim.buf[:got], c.tick
	return victim.buf[:n], nil
}

func (t *stringTable) close() {
	for _, f := range []*os.File{t.data, t.index} {
		if f != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}
}

// inlineSheet copies a worksheet's XML from r to w, turning every shared-string cell
// (<c t="s"><v>7</v></c>) into an inline one (<c t="inlineStr"><is><t>text</t></is></c>).
// Element prefixes are kept as the writer chose them.
func inlineSheet(r io.Reader, w io.Writer, table *stringTable) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	dec := xml.NewDecoder(bufio.NewReaderSize(r, 64<<10))
	var inShared, inV bool
	var v []byte
	prefix := ""
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return corrupt(fmt.Errorf("worksheet: %w", err))
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch {
			case el.Name.Local == "c":
				inShared = false
				for i, a := range el.Attr {
					if a.Name.Space == "" && a.Name.Local == "t" && a.Value == "s" {
						inShared, prefix = true, el.Name.Space
						el.Attr[i].Value = "inlineStr"
					}
				}
			case inShared && el.Name.Local == "v":
				inV, v = true, v[:0]
				continue
			}
			bw.WriteByte('<')
			writeName(bw, el.Name)
			for _, a := range el.Attr {
				bw.WriteByte(' ')
				writeName(bw, a.Name)
				bw.WriteString(`="`)
				xml.EscapeText(bw, []byte(a.Value))
				bw.WriteByte('"')
			}
			bw.WriteByte('>')
		case xml.EndElement:
			if inV && el.Name.Local == "v" {
				inV = false
				i, err := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64)
				if err != nil {
					return corrupt(fmt.Errorf("shared string index %q", v))
				}
				text, err := table.text(i)
				if err != nil {
					return err
				}
				p := ""
				if prefix != "" {
					p = prefix + ":"
				}
				bw.WriteString("<" + p + "is><" + p + `t xml:space="preserve">`)
				xml.EscapeText(bw, text)
				bw.WriteString("</" + p + "t></" + p + "is>")
				continue
			}
			if el.Name.Local == "c" {
				inShared = false
			}
			if el.Name.Local == "row" {
				// A write error (the size limit) sticks in bw: stop at once, not at the end.
				if _, err := bw.Write(nil); err != nil {
					return err
				}
			}
			bw.WriteString("</")
			writeName(bw, el.Name)
			bw.WriteByte('>')
		case xml.CharData:
			if inV {
				v = append(v, el...)
				continue
			}
			xml.EscapeText(bw, el)
		case xml.ProcInst:
			if el.Target == "xml" {
				// The text is written as UTF-8 whatever the original declared.
				bw.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`)
				continue
			}
			bw.WriteString("<?" + el.Target + " ")
			bw.Write(el.Inst)
			bw.WriteString("?>")
		case xml.Comment:
			bw.WriteString("<!--")
			bw.Write(el)
			bw.WriteString("-->")
		case xml.Directive:
			bw.WriteString("<!")
			bw.Write(el)
			bw.WriteByte('>')
		}
	}
	return bw.Flush()
}

func writeName(w *bufio.Writer, n xml.Name) {
	if n.Space != "" {
		w.WriteString(n.Space)
		w.WriteByte(':')
	}
	w.WriteString(n.Local)
}
