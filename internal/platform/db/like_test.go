package db

import "testing"

func TestLikeContains(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"frizider", "%frizider%"},
		{"50%", `%50\%%`},
		{"a_b", `%a\_b%`},
		{`c:\x`, `%c:\\x%`},
	}
	for _, tt := range tests {
		if got := LikeContains(tt.in); got != tt.want {
			t.Errorf("LikeContains(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
