package pricelist

// SetMergeHook makes the import's merge call fn between its statements (fn's error fails the
// merge there); the returned func restores the default.
func SetMergeHook(fn func(step string) error) func() {
	mergeHook = fn
	return func() { mergeHook = nil }
}
