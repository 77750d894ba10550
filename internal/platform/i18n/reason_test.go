package i18n

import (
	"errors"
	"testing"

	"shop/internal/platform/apperr"
)

func TestReason(t *testing.T) {
	server := T(EN, "error.server", nil)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"internal cause is not shown", errors.New("pq: relation missing"), server},
		{"outage is the server error", apperr.Unreachable(errors.New("dial tcp"), "redis"), server},
		{"first field's message", apperr.InvalidFields(apperr.Field("email", "validation.required")), T(EN, "validation.required", nil)},
		{"a known error's message", apperr.New(apperr.Forbidden, "error.forbidden"), T(EN, "error.forbidden", nil)},
	}
	for _, tt := range tests {
		if got := Reason(EN, tt.err); got != tt.want || got == "" {
			t.Errorf("%s: Reason = %q, want %q", tt.name, got, tt.want)
		}
	}
}
