// Package sheet writes the XLSX exports staff download for the accountant: one sheet, a
// header row and rows streamed to it (memory stays flat whatever the count), money as numbers
// in RSD with two decimals so the sheet can sum them.
package sheet

import (
	"github.com/xuri/excelize/v2"

	"shop/internal/platform/money"
)

// Writer streams rows into a one-sheet workbook.
type Writer struct {
	x        *excelize.File
	sw       *excelize.StreamWriter
	row      int
	money    int
	finished bool
}

// New starts a workbook whose only sheet is named title, with the header as its first row.
// Call Discard (deferred) in any case and Finish when every row is written.
func New(title string, header []string) (*Writer, error) {
	w := &Writer{x: excelize.NewFile(), row: 1}
	if err := w.x.SetSheetName("Sheet1", title); err != nil {
		w.Discard()
		return nil, err
	}
	sw, err := w.x.NewStreamWriter(title)
	if err != nil {
		w.Discard()
		return nil, err
	}
	w.sw = sw
	if w.money, err = w.x.NewStyle(&excelize.Style{NumFmt: 4}); err != nil { // #,##0.00
		w.Discard()
		return nil, err
	}
	head := make([]any, len(header))
	for i, h := range header {
		head[i] = h
	}
	if err := sw.SetRow("A1", head); err != nil {
		w.Discard()
		return nil, err
	}
	return w, nil
}

// Money is an amount's cell: RSD as a number with two decimals. The float is only for the
// cell's display; no arithmetic is done on it.
func (w *Writer) Money(p money.Para) excelize.Cell {
	return excelize.Cell{StyleID: w.money, Value: float64(p) / 100}
}

// Row appends one row.
func (w *Writer) Row(vals ...any) error {
	w.row++
	cell, err := excelize.CoordinatesToCellName(1, w.row)
	if err != nil {
		return err
	}
	return w.sw.SetRow(cell, vals)
}

// Finish flushes the rows and hands the workbook over: the caller writes and closes it.
func (w *Writer) Finish() (*excelize.File, error) {
	if err := w.sw.Flush(); err != nil {
		return nil, err
	}
	w.finished = true
	return w.x, nil
}

// Discard closes a workbook that was not finished (an export that failed half-way).
func (w *Writer) Discard() {
	if !w.finished {
		_ = w.x.Close()
	}
}
