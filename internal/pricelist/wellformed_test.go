package pricelist

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html/charset"
)

// xmlReads is the reference: encoding/xml's strict decoder (excelize's) reads doc to its end.
func xmlReads(doc []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.CharsetReader = charset.NewReaderLabel
	roots, depth := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if roots != 1 {
				return fmt.Errorf("%d roots", roots)
			}
			return nil
		}
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}

func sheetXML(tb testing.TB, file []byte) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			rc, _ := f.Open()
			defer rc.Close()
			b, _ := io.ReadAll(rc)
			return b
		}
	}
	tb.Fatal("no sheet")
	return nil
}

// TestWellFormedAgreesWithEncodingXML: on sheets damaged at random (cut, bytes inserted,
// replaced or removed), the scan refuses every document encoding/xml cannot read to its end
// (which excelize would read as a shorter sheet), and accepts the ones it reads but those with
// a declaration.
func TestWellFormedAgreesWithEncodingXML(t *testing.T) {
	t.Parallel()
	rows := [][]any{{"Šifra", "Naziv", "Cena"}}
	for i := range 60 {
		rows = append(rows, []any{fmt.Sprintf("S%04d", i), fmt.Sprintf("Proizvod \"%d\" & <ćš> ž", i), 100 + i})
	}
	sheets := [][]byte{sheetXML(t, streamXLSX(t, sheetRows{"S", rows})), sheetXML(t, sharedXLSX(t, rows, nil)),
		[]byte("<?xml version='1.0' encoding='utf-8'?>\r\n<!-- napomena -->\n<x:worksheet xmlns:x=\"urn:x\"><x:sheetData>" +
			"<x:row r='1'><x:c t=\"inlineStr\"><x:is><x:t><![CDATA[a < b & ć]]></x:t></x:is></x:c></x:row><?obrada da?>" +
			"<x:row r=\"2\"><x:c t='inlineStr'><x:is><x:t>&#x107;&#263;&lt;&gt;&amp;&apos;&quot;</x:t></x:is></x:c></x:row>" +
			"</x:sheetData></x:worksheet>\n")}
	for _, doc := range sheets {
		if err := wellFormed(bytes.NewReader(doc)); err != nil {
			t.Fatalf("a whole sheet refused: %v", err)
		}
	}
	// Bytes a broken file holds: markup, entities, control characters, broken UTF-8.
	alphabet := []string{"<", ">", "&", ";", "/", "\"", "'", "=", " ", "\x00", "\x1f", "\xff", "\xc4", "č", "&amp;", "&#0;",
		"&#x41;", "&foo;", "<!--", "-->", "<![CDATA[", "]]>", "<?", "?>", "</row>", "<row>", "</c>", "<c r=\"A1\">", "a", "1", "\n"}
	rnd := rand.New(rand.NewPCG(27, 1))
	refused, disagree := 0, 0
	for n := range 5000 {
		doc := bytes.Clone(sheets[n%len(sheets)])
		at := rnd.IntN(len(doc))
		switch n % 4 {
		case 0:
			doc = doc[:at]
		case 1:
			ins := alphabet[rnd.IntN(len(alphabet))] + alphabet[rnd.IntN(len(alphabet))]
			doc = append(doc[:at], append([]byte(ins), doc[at:]...)...)
		case 2:
			doc[at] = alphabet[rnd.IntN(len(alphabet))][0]
		case 3:
			doc = append(doc[:at], doc[min(len(doc), at+1+rnd.IntN(8)):]...)
		}
		want, got := xmlReads(doc), wellFormed(bytes.NewReader(doc))
		if want != nil {
			refused++
		}
		if want != nil && got == nil {
			t.Errorf("accepted a document encoding/xml stops in (%v):\n%s", want, around(doc, at))
		}
		// A declaration (<!DOCTYPE and the like) is refused on purpose.
		if want == nil && got != nil && !strings.Contains(got.Error(), "a declaration in a worksheet") {
			disagree++
			if disagree < 5 {
				t.Errorf("refused a document encoding/xml reads (%v):\n%s", got, around(doc, at))
			}
		}
	}
	if refused < 1200 {
		t.Errorf("only %d of the damaged documents are broken for encoding/xml", refused)
	}
}

func around(doc []byte, at int) string {
	return fmt.Sprintf("%q", doc[max(0, at-60):min(len(doc), at+60)])
}
