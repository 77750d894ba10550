package pricelist

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"

	"golang.org/x/net/html/charset"
)

// wellFormed reads a worksheet's XML to its end with encoding/xml's strict decoder (the one
// excelize reads it with) and tells whether all of it reads: excelize stops at its decoder's
// first error without a word, so a sheet broken mid-way would read as a shorter one. It runs
// beside the rows' reading (ReadSheet), so on two cores it adds little to an import. A DOCTYPE
// or other declaration is refused: no spreadsheet writer puts one in a sheet, and its entities
// are what a hostile file would use.
func wellFormed(r io.Reader) error {
	dec := xml.NewDecoder(r)
	dec.CharsetReader = charset.NewReaderLabel
	roots, depth := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			if roots != 1 {
				return fmt.Errorf("XML with %d root elements", roots)
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
		case xml.Directive:
			line, _ := dec.InputPos()
			return fmt.Errorf("XML line %d: a declaration in a worksheet", line)
		}
	}
}
