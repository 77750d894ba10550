package pricing

import (
	"testing"

	"shop/internal/platform/money"
)

// TestShownChange: the report's change is what a guest sees move: an action starting with the web
// price unchanged is a change, a web price moving under a running action is not.
func TestShownChange(t *testing.T) {
	p := func(v money.Para) *money.Para { return &v }
	for _, tc := range []struct {
		name string
		c    Change
		want money.Para
	}{
		{"web price", Change{OldWeb: 1000, NewWeb: 1200}, 200},
		{"action starts", Change{OldWeb: 1000, NewWeb: 1000, NewDiscount: p(900)}, -100},
		{"action ends", Change{OldWeb: 1000, NewWeb: 1000, OldDiscount: p(900)}, 100},
		{"web moves under the action", Change{OldWeb: 1000, NewWeb: 1100, OldDiscount: p(900), NewDiscount: p(900)}, 0},
	} {
		if got := tc.c.ShownChange(); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
