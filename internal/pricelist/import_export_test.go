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
