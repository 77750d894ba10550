// Package csvcell writes CSV files that people open in a spreadsheet: a cell a spreadsheet would
// run as a formula (it starts with = + - @, a tab or a carriage return) gets a leading apostrophe,
// so a subscriber's address or a product's name cannot run a command or leak the sheet on the
// reader's machine. Numbers stay as they are: a negative number runs nothing.
package csvcell

import (
	"encoding/csv"
	"io"
	"strconv"
)

// Escape returns s as a spreadsheet shows it as text.
func Escape(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
	default:
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '=' && s[0] != '@' {
		return s
	}
	return "'" + s
}

// Writer is a csv.Writer whose every cell goes through Escape.
type Writer struct {
	*csv.Writer
	rec []string
}

// NewWriter writes escaped records to w.
func NewWriter(w io.Writer) *Writer { return &Writer{Writer: csv.NewWriter(w)} }

// Write writes one record, escaped; rec itself is left as it was.
func (w *Writer) Write(rec []string) error {
	w.rec = w.rec[:0]
	for _, c := range rec {
		w.rec = append(w.rec, Escape(c))
	}
	return w.Writer.Write(w.rec)
}
