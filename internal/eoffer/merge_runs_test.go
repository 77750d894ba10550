package eoffer

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMergeRuns: keys sorted in runs (the last one shorter, odd run counts included) come out
// in one order, the same as a full sort's, whatever the remainder of a pair's merge is.
func TestMergeRuns(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 7, 8, 9, 31, 100, 257} {
		for _, run := range []int{1, 2, 3, 4, 16} {
			keys := make([]sortKey, n)
			for i := range keys {
				keys[i] = sortKey{name: fmt.Sprintf("p%02d", rng.IntN(20)), id: uint64(rng.IntN(1000))}
			}
			for lo := 0; lo < n; lo += run {
				slices.SortFunc(keys[lo:min(lo+run, n)], compareKeys)
			}
			want := slices.Clone(keys)
			slices.SortFunc(want, compareKeys)
			if got := mergeRuns(keys, run); !slices.Equal(got, want) {
				t.Fatalf("n=%d run=%d: mergeRuns = %v, want %v", n, run, got, want)
			}
		}
	}
}
