package pricelist

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"
)

// wellFormed reads a worksheet's XML to its end and tells whether encoding/xml's strict decoder
// (excelize's) would read all of it: elements closed by their own end tags, one root, names and
// attributes of XML's form, no entity but XML's five and character references, no character
// XML forbids, UTF-8. excelize stops at the first error of its decoder without a word, so a sheet
// broken mid-way would read as a shorter one. A hand-written scan, because decoding the sheet a
// second time with encoding/xml costs about as much as excelize's reading; this one runs at
// memory speed beside it. A DOCTYPE is refused (no spreadsheet writer puts one in a sheet, and
// its entities are what a hostile file would use).
func wellFormed(r io.Reader) error {
	s := xmlScan{r: r, buf: make([]byte, 64<<10), checkUTF8: true}
	return s.run()
}

type xmlScan struct {
	r         io.Reader
	buf       []byte
	i, n      int
	eof       bool
	line      int
	checkUTF8 bool

	names []byte // the open elements' names, one after another
	ends  []int  // where each open element's name starts in names
	roots int
}

var errUnexpectedEOF = errors.New("unexpected end of the XML")

func (s *xmlScan) fail(format string, args ...any) error {
	return fmt.Errorf("XML line %d: %s", s.line+1, fmt.Sprintf(format, args...))
}

// fill keeps the unread bytes and reads more; false at the end of the input.
func (s *xmlScan) fill() (bool, error) {
	if s.eof {
		return false, nil
	}
	copy(s.buf, s.buf[s.i:s.n])
	s.n -= s.i
	s.i = 0
	for s.n < len(s.buf) {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err == io.EOF {
			s.eof = true
			break
		}
		if err != nil {
			return false, err
		}
		if m > 0 {
			break
		}
	}
	return s.n > 0, nil
}

// peek is the next byte without taking it; ok is false at the end of the input.
func (s *xmlScan) peek() (byte, bool, error) {
	if s.i >= s.n {
		more, err := s.fill()
		if err != nil || !more {
			return 0, false, err
		}
	}
	return s.buf[s.i], true, nil
}

// next takes one character (a whole UTF-8 sequence for a non-ASCII one) and answers its first
// byte; a character XML forbids is an error.
func (s *xmlScan) next() (byte, error) {
	b, ok, err := s.peek()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, errUnexpectedEOF
	}
	switch {
	case b == '\n':
		s.line++
	case b < 0x20 && b != '\t' && b != '\r':
		return 0, s.fail("control character %#x", b)
	case b >= utf8.RuneSelf && s.checkUTF8:
		if !utf8.FullRune(s.buf[s.i:s.n]) && !s.eof {
			if _, err := s.fill(); err != nil {
				return 0, err
			}
		}
		r, size := utf8.DecodeRune(s.buf[s.i:s.n])
		if r == utf8.RuneError && size <= 1 {
			return 0, s.fail("invalid UTF-8")
		}
		if r == 0xFFFE || r == 0xFFFF {
			return 0, s.fail("character %U", r)
		}
		s.i += size
		return b, nil
	}
	s.i++
	return b, nil
}

func (s *xmlScan) run() error {
	for {
		b, ok, err := s.peek()
		if err != nil {
			return err
		}
		if !ok {
			if len(s.ends) > 0 || s.roots != 1 {
				return s.fail("ends with %d elements open", len(s.ends))
			}
			return nil
		}
		if b == '<' {
			s.i++
			if err := s.markup(); err != nil {
				return err
			}
			continue
		}
		if err := s.text(); err != nil {
			return err
		}
	}
}

// text reads character data up to the next '<'. Text outside the root element is let be, as
// encoding/xml lets it be.
func (s *xmlScan) text() error {
	for {
		// A run of plain ASCII text is passed at once.
		j := s.i
		for j < s.n {
			c := s.buf[j]
			if c == '<' || c == '&' || c == ']' || c < 0x20 || c >= utf8.RuneSelf {
				break
			}
			j++
		}
		s.i = j
		b, ok, err := s.peek()
		if err != nil || !ok {
			return err
		}
		switch b {
		case '<':
			return nil
		case '&':
			s.i++
			if err := s.reference(); err != nil {
				return err
			}
		case ']':
			if err := s.bracket(); err != nil {
				return err
			}
		default:
			if _, err := s.next(); err != nil {
				return err
			}
		}
	}
}

// bracket takes a run of ']' in text: "]]>" outside a CDATA section is an error.
func (s *xmlScan) bracket() error {
	n := 0
	for {
		c, ok, err := s.peek()
		if err != nil || !ok {
			return err
		}
		switch {
		case c == ']':
			n++
		case c == '>' && n >= 2:
			return s.fail("]]> in text")
		default:
			return nil
		}
		s.i++
	}
}

// reference reads an entity or character reference after its '&'.
func (s *xmlScan) reference() error {
	var name [12]byte
	k := 0
	for {
		c, err := s.next()
		if err != nil {
			return err
		}
		if c == ';' {
			break
		}
		if k == len(name) {
			return s.fail("entity reference too long")
		}
		name[k] = c
		k++
	}
	ref := name[:k]
	switch string(ref) {
	case "amp", "lt", "gt", "apos", "quot":
		return nil
	}
	if len(ref) < 2 || ref[0] != '#' {
		return s.fail("entity &%s;", ref)
	}
	base, digits := 10, ref[1:]
	if digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	if len(digits) == 0 || len(digits) > 8 {
		return s.fail("character reference &%s;", ref)
	}
	v := 0
	for _, d := range digits {
		var x int
		switch {
		case d >= '0' && d <= '9':
			x = int(d - '0')
		case base == 16 && d >= 'a' && d <= 'f':
			x = int(d-'a') + 10
		case base == 16 && d >= 'A' && d <= 'F':
			x = int(d-'A') + 10
		default:
			return s.fail("character reference &%s;", ref)
		}
		v = v*base + x
	}
	if !xmlChar(rune(v)) {
		return s.fail("character reference &%s;", ref)
	}
	return nil
}

// xmlChar is XML 1.0's Char production.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// markup reads what follows a '<'.
func (s *xmlScan) markup() error {
	b, ok, err := s.peek()
	if err != nil {
		return err
	}
	if !ok {
		return errUnexpectedEOF
	}
	switch b {
	case '?':
		s.i++
		return s.procInst()
	case '!':
		s.i++
		return s.bang()
	case '/':
		s.i++
		return s.endTag()
	}
	return s.startTag()
}

// until reads up to and including end (two or three bytes) and answers the first bytes read;
// checked: its characters are checked (encoding/xml checks those of CDATA, not those of a
// comment or a processing instruction).
func (s *xmlScan) until(end string, checked bool) ([]byte, error) {
	var head []byte
	var last [3]byte
	for {
		c, ok, err := s.peek()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errUnexpectedEOF
		}
		if checked {
			if c, err = s.next(); err != nil {
				return nil, err
			}
		} else if s.i++; c == '\n' {
			s.line++
		}
		if len(head) < 256 {
			head = append(head, c)
		}
		last[0], last[1], last[2] = last[1], last[2], c
		if string(last[3-len(end):]) == end {
			return head, nil
		}
	}
}

func (s *xmlScan) procInst() error {
	target, err := s.name(nil)
	if err != nil {
		return err
	}
	body, err := s.until("?>", false)
	if err != nil {
		return err
	}
	if string(target) != "xml" {
		return nil
	}
	// The declaration, read as encoding/xml reads it: version 1.0, and an encoding excelize's
	// charset reader knows (then the bytes are that encoding's, not necessarily UTF-8).
	if v, ok := declParam(body, "version"); ok && v != "" && v != "1.0" {
		return s.fail("XML version %q", v)
	}
	if enc, ok := declParam(body, "encoding"); ok && !strings.EqualFold(enc, "utf-8") {
		e, _ := charset.Lookup(enc)
		if e == nil {
			return s.fail("encoding %q", enc)
		}
		s.checkUTF8 = e == encoding.Nop || e == xunicode.UTF8
	}
	return nil
}

// declParam is encoding/xml's reading of a parameter of the XML declaration: the quoted value
// after the first "name=" followed by a quote.
func declParam(decl []byte, name string) (string, bool) {
	s, param := string(decl), name+"="
	for i := 0; i < len(s); {
		k := strings.Index(s[i:], param)
		if k < 0 || i+k+len(param) >= len(s) {
			return "", false
		}
		i += k + len(param)
		if q := s[i]; q == '"' || q == '\'' {
			j := strings.IndexByte(s[i+1:], q)
			if j < 0 {
				return "", false
			}
			return s[i+1 : i+1+j], true
		}
	}
	return "", false
}

// comment reads a comment after its "<!--": "--" may only end it.
func (s *xmlScan) comment() error {
	var last [2]byte
	for {
		c, ok, err := s.peek()
		if err != nil {
			return err
		}
		if !ok {
			return errUnexpectedEOF
		}
		if s.i++; c == '\n' {
			s.line++
		}
		if last == [2]byte{'-', '-'} {
			if c != '>' {
				return s.fail("-- in a comment")
			}
			return nil
		}
		last[0], last[1] = last[1], c
	}
}

func (s *xmlScan) bang() error {
	var head [7]byte
	for k := range 2 {
		c, err := s.next()
		if err != nil {
			return err
		}
		head[k] = c
	}
	if string(head[:2]) == "--" {
		return s.comment()
	}
	for k := 2; k < 7; k++ {
		c, err := s.next()
		if err != nil {
			return err
		}
		head[k] = c
	}
	if string(head[:]) == "[CDATA[" {
		if len(s.ends) == 0 {
			return s.fail("CDATA outside the root element")
		}
		_, err := s.until("]]>", true)
		return err
	}
	return s.fail("<!%s: a declaration in a worksheet", head[:])
}

func nameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || c >= utf8.RuneSelf
}

func nameByte(c byte) bool {
	return nameStart(c) || c >= '0' && c <= '9' || c == '-' || c == '.'
}

// name reads a name into dst. As encoding/xml reads one, every non-ASCII byte belongs to the
// name, which must then be valid UTF-8 of letters (and, past the first, digits and marks).
func (s *xmlScan) name(dst []byte) ([]byte, error) {
	for first := true; ; first = false {
		c, ok, err := s.peek()
		if err != nil {
			return dst, err
		}
		if !ok {
			return dst, errUnexpectedEOF
		}
		if c < utf8.RuneSelf {
			if first && !nameStart(c) {
				return dst, s.fail("%q where a name begins", c)
			}
			if !nameByte(c) {
				return dst, nil
			}
			s.i++
			dst = append(dst, c)
			continue
		}
		if !utf8.FullRune(s.buf[s.i:s.n]) && !s.eof {
			if _, err := s.fill(); err != nil {
				return dst, err
			}
		}
		r, size := utf8.DecodeRune(s.buf[s.i:s.n])
		if r == utf8.RuneError && size <= 1 || !unicode.IsLetter(r) && (first || !unicode.IsDigit(r) && !unicode.IsMark(r) && r != 0xB7) {
			return dst, s.fail("invalid name")
		}
		dst = append(dst, s.buf[s.i:s.i+size]...)
		s.i += size
	}
}

func space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *xmlScan) skipSpace() (byte, error) {
	for {
		c, ok, err := s.peek()
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, errUnexpectedEOF
		}
		if !space(c) {
			return c, nil
		}
		if _, err := s.next(); err != nil {
			return 0, err
		}
	}
}

func (s *xmlScan) startTag() error {
	if len(s.ends) == 0 {
		if s.roots++; s.roots > 1 {
			return s.fail("a second root element")
		}
	}
	start := len(s.names)
	var err error
	if s.names, err = s.name(s.names); err != nil {
		return err
	}
	var attr [64]byte
	for {
		c, err := s.skipSpace()
		if err != nil {
			return err
		}
		switch c {
		case '>':
			s.i++
			s.ends = append(s.ends, start)
			return nil
		case '/':
			s.i++
			if c, err := s.next(); err != nil {
				return err
			} else if c != '>' {
				return s.fail("'/' not followed by '>' in a tag")
			}
			s.names = s.names[:start]
			return nil
		}
		if _, err := s.name(attr[:0]); err != nil {
			return err
		}
		if c, err := s.skipSpace(); err != nil {
			return err
		} else if c != '=' {
			return s.fail("attribute without a value")
		}
		s.i++
		q, err := s.skipSpace()
		if err != nil {
			return err
		}
		if q != '"' && q != '\'' {
			return s.fail("attribute value without quotes")
		}
		s.i++
		if err := s.attrValue(q); err != nil {
			return err
		}
	}
}

func (s *xmlScan) attrValue(q byte) error {
	for {
		c, err := s.next()
		if err != nil {
			return err
		}
		switch c {
		case q:
			return nil
		case '<':
			return s.fail("'<' in an attribute value")
		case '&':
			if err := s.reference(); err != nil {
				return err
			}
		}
	}
}

func (s *xmlScan) endTag() error {
	if len(s.ends) == 0 {
		return s.fail("an end tag outside the root element")
	}
	top := s.ends[len(s.ends)-1]
	mark := len(s.names)
	var err error
	if s.names, err = s.name(s.names); err != nil {
		return err
	}
	if !bytes.Equal(s.names[mark:], s.names[top:mark]) {
		return s.fail("</%s> closes <%s>", s.names[mark:], s.names[top:mark])
	}
	if c, err := s.skipSpace(); err != nil {
		return err
	} else if c != '>' {
		return s.fail("%q in an end tag", c)
	}
	s.i++
	s.names, s.ends = s.names[:top], s.ends[:len(s.ends)-1]
	return nil
}
