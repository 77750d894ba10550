// Package apperrtest reads the service errors tests assert on: a 422's fields and an error's
// code, so a rule's test names the field and the message key it expects.
package apperrtest

import (
	"errors"
	"testing"

	"shop/internal/platform/apperr"
)

// Fields answers a 422's message key per field, or fails the test when err is not a 422.
func Fields(t testing.TB, err error) map[string]string {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Invalid {
		t.Fatalf("want a 422, got %v", err)
	}
	out := map[string]string{}
	for _, f := range ae.Fields {
		out[f.Field] = f.Msg.Key
	}
	return out
}

// Code is the code err carries ("" when it is no service error).
func Code(err error) apperr.Code {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae.Code
	}
	return ""
}
