// Package listing holds the paging input every list service takes, independent of transport.
package listing

// MaxOffset bounds the rows before a page (the parser refuses a page beyond it): far above any
// list the shop holds, and small enough that no offset arithmetic overflows, in Go or in SQL.
const MaxOffset = 1<<31 - 1

// MaxPage is the highest page number of a given size whose offset stays within MaxOffset.
func MaxPage(size int) int {
	if size <= 0 {
		return 1
	}
	return MaxOffset/size + 1
}

// Page is a 1-based page number and a page size.
type Page struct {
	Number int
	Size   int
}

// Offset is the number of rows before this page.
func (p Page) Offset() int {
	if p.Number < 1 {
		return 0
	}
	return (p.Number - 1) * p.Size
}

// LastPage is the page count for total rows, at least 1.
func (p Page) LastPage(total int64) int {
	if p.Size <= 0 || total == 0 {
		return 1
	}
	return int((total + int64(p.Size) - 1) / int64(p.Size))
}

// Total is a list's number of matches. Bounded: counting stopped at N, there are more than N
// (a count that would read every match of a broad filter is cut off; see docs/catalog.md).
type Total struct {
	N       int64
	Bounded bool
}

// LastPageOf is the page count for t: a bounded total has at least one match more than N.
func (p Page) LastPageOf(t Total) int {
	if t.Bounded {
		return p.LastPage(t.N + 1)
	}
	return p.LastPage(t.N)
}
