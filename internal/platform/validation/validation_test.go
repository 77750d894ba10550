package validation

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
)

type line struct {
	Qty int `json:"qty" validate:"min=1"`
}

type sample struct {
	Name     string   `json:"name" validate:"required,min=2,max=255"`
	Email    string   `json:"email" validate:"required,email,max=255"`
	Password string   `json:"password" validate:"required,min=8"`
	Confirm  string   `json:"password_confirmation" validate:"required,eqfield=Password"`
	Margin   float64  `json:"margin" validate:"gt=0.01,lt=99.99"`
	Lower    float64  `json:"lower" validate:"gte=0,lte=100"`
	Prefix   string   `json:"prefix" validate:"omitempty,gte=2,lte=3"`
	Qty      int      `json:"qty" validate:"min=1,max=10"`
	Kind     string   `json:"kind" validate:"omitempty,oneof=cash card"`
	Tags     []string `json:"tags" validate:"max=2"`
	Note     string   `json:"note" validate:"required_with=Kind"`
	Code     string   `json:"-" validate:"omitempty,min=3"`
	Address  struct {
		City string `json:"city" validate:"required"`
	} `json:"address"`
	Lines []line `json:"lines" validate:"dive"`
}

func valid() sample {
	s := sample{Name: "Ana", Email: "ana@example.rs", Password: "lozinka1", Confirm: "lozinka1", Margin: 10, Lower: 0, Qty: 1}
	s.Address.City = "Beograd"
	return s
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *sample)
		want   []apperr.FieldError
	}{
		{"valid", func(s *sample) {}, nil},
		{"required", func(s *sample) { s.Name, s.Email = "", "" }, []apperr.FieldError{
			apperr.Field("name", "validation.required"), apperr.Field("email", "validation.required")}},
		{"minChars", func(s *sample) { s.Name = "A" }, []apperr.FieldError{apperr.Field("name", "validation.min_chars", "n", "2")}},
		{"minCharsCountsLetters", func(s *sample) { s.Name = "Šđ" }, nil},
		{"maxChars", func(s *sample) { s.Name = strings.Repeat("ž", 256) }, []apperr.FieldError{apperr.Field("name", "validation.max_chars", "n", "255")}},
		{"email", func(s *sample) { s.Email = "ana@" }, []apperr.FieldError{apperr.Field("email", "validation.email")}},
		{"passwordMatch", func(s *sample) { s.Confirm = "lozinka2" }, []apperr.FieldError{apperr.Field("password_confirmation", "validation.password_match")}},
		{"firstFailurePerField", func(s *sample) { s.Password, s.Confirm = "kratka", "" }, []apperr.FieldError{
			apperr.Field("password", "validation.min_chars", "n", "8"), apperr.Field("password_confirmation", "validation.required")}},
		{"gtLt", func(s *sample) { s.Margin = 0 }, []apperr.FieldError{apperr.Field("margin", "validation.gt", "n", "0.01")}},
		{"lt", func(s *sample) { s.Margin = 100 }, []apperr.FieldError{apperr.Field("margin", "validation.lt", "n", "99.99")}},
		{"gteNumber", func(s *sample) { s.Lower = -1 }, []apperr.FieldError{apperr.Field("lower", "validation.min", "n", "0")}},
		{"lteNumber", func(s *sample) { s.Lower = 101 }, []apperr.FieldError{apperr.Field("lower", "validation.max", "n", "100")}},
		{"gteString", func(s *sample) { s.Prefix = "A" }, []apperr.FieldError{apperr.Field("prefix", "validation.min_chars", "n", "2")}},
		{"lteString", func(s *sample) { s.Prefix = "ABCD" }, []apperr.FieldError{apperr.Field("prefix", "validation.max_chars", "n", "3")}},
		{"minNumber", func(s *sample) { s.Qty = 0 }, []apperr.FieldError{apperr.Field("qty", "validation.min", "n", "1")}},
		{"maxNumber", func(s *sample) { s.Qty = 11 }, []apperr.FieldError{apperr.Field("qty", "validation.max", "n", "10")}},
		{"oneof", func(s *sample) { s.Kind, s.Note = "cheque", "x" }, []apperr.FieldError{apperr.Field("kind", "validation.oneof")}},
		{"maxItems", func(s *sample) { s.Tags = []string{"a", "b", "c"} }, []apperr.FieldError{apperr.Field("tags", "validation.max", "n", "2")}},
		{"requiredWith", func(s *sample) { s.Kind = "cash" }, []apperr.FieldError{apperr.Field("note", "validation.required")}},
		{"untaggedUsesGoName", func(s *sample) { s.Code = "ab" }, []apperr.FieldError{apperr.Field("Code", "validation.min_chars", "n", "3")}},
		{"nested", func(s *sample) { s.Address.City = "" }, []apperr.FieldError{apperr.Field("address.city", "validation.required")}},
		{"dive", func(s *sample) { s.Lines = []line{{Qty: 1}, {Qty: 0}} }, []apperr.FieldError{apperr.Field("lines[1].qty", "validation.min", "n", "1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid()
			tt.change(&s)
			err := Check(s)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("unexpected: %v", err)
				}
				return
			}
			e, ok := err.(*apperr.Error)
			if !ok || e.Code != apperr.Invalid {
				t.Fatalf("error %v, want invalid", err)
			}
			if diff := cmp.Diff(tt.want, e.Fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckNotAStruct: a programming error is internal, not the user's 422.
func TestCheckNotAStruct(t *testing.T) {
	if err := Check("text"); !apperr.Is(err, apperr.Internal) {
		t.Errorf("Check(string) = %v, want an internal error", err)
	}
}
