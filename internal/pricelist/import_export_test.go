package pricelist

// SetMergeHook makes the import's merge call fn between its statements (fn's error fails the
// merge there); the returned func restores the default.
func SetMergeHook(fn func(step string) error) func() {
	mergeHook = fn
	return func() { mergeHook = nil }
}

// SetChunkRows makes the import stage and merge chunks of n rows on both databases (many
// chunks from a small file); the returned func restores the default.
func SetChunkRows(n int) func() {
	chunkRowsOverride = n
	return func() { chunkRowsOverride = 0 }
}

// CorruptEntry is good with the bytes of its sheet's deflate stream damaged (the zip's
// directory intact): the upload's check passes, the import's reading fails.
var CorruptEntry = corruptEntry

// LyingBomb is good with its sheet declaring 1 KB and inflating to 8 MB.
var LyingBomb = lyingBomb
