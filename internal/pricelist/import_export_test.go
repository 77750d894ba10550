package pricelist

// WithMergeHook is s calling fn between the merge's statements (fn's error fails the merge
// there).
func WithMergeHook(s *Service, fn func(step string) error) *Service {
	c := *s
	c.opts.mergeHook = fn
	return &c
}

// WithChunkRows is s staging and merging chunks of n rows on both databases (many chunks from
// a small file).
func WithChunkRows(s *Service, n int) *Service {
	c := *s
	c.opts.chunkRows = n
	return &c
}

// CorruptEntry is good with the bytes of its sheet's deflate stream damaged (the zip's
// directory intact): the upload's check passes, the import's reading fails.
var CorruptEntry = corruptEntry

// LyingBomb is good with its sheet declaring 1 KB and inflating to 8 MB.
var LyingBomb = lyingBomb

// EditSheet is good with its first worksheet's XML replaced by edit's answer.
var EditSheet = editSheet

// SheetBreaks are the ways a sheet's XML breaks mid-way (texts: also entities in a text cell).
var SheetBreaks = sheetBreaks
