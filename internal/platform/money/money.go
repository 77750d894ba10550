// Package money is exact money and percentages: integer para (1 RSD = 100 para) and integer
// basis points (1 % = 100 bps). On the wire both are JSON numbers with two decimals
// (1234.50); parsing never goes through a float.
package money

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
)

// Para is an amount of RSD in para.
type Para int64

// Bps is a percentage in basis points (12.50 % = 1250).
type Bps int64

// ErrFormat is a text that is not an amount.
var ErrFormat = errors.New("money: not a number with at most two decimals")

// Parse reads "1234.5", "1234,50", "-3" or "1.234,56" (Serbian grouping) into hundredths.
// More than two decimals is an error rather than a silent rounding.
func Parse(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrFormat
	}
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		s = s[1:]
	}
	// Serbian format: '.' groups thousands and ',' is the decimal mark when a comma is present.
	if strings.Contains(s, ",") {
		s = strings.ReplaceAll(s, ".", "")
		s = strings.Replace(s, ",", ".", 1)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || len(frac) > 2 {
		return 0, ErrFormat
	}
	for len(frac) < 2 {
		frac += "0"
	}
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.ParseUint(whole, 10, 62)
	if err != nil {
		return 0, ErrFormat
	}
	f, err := strconv.ParseUint(frac, 10, 8)
	if err != nil {
		return 0, ErrFormat
	}
	n := int64(w)*100 + int64(f)
	if neg {
		n = -n
	}
	return n, nil
}

// Format writes hundredths as a decimal with two places: 123450 -> "1234.50".
func Format(n int64) string {
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	return sign + strconv.FormatInt(n/100, 10) + "." + twoDigits(n%100)
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

func (p Para) MarshalJSON() ([]byte, error) { return []byte(Format(int64(p))), nil }

// UnmarshalJSON accepts a number or a numeric string; anything else is a type error that
// encoding/json attributes to the field, so the API answers 422 naming it.
func (p *Para) UnmarshalJSON(b []byte) error {
	n, err := Parse(strings.Trim(string(b), `"`))
	if err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(p).Elem()}
	}
	*p = Para(n)
	return nil
}

func (p Para) String() string { return Format(int64(p)) }

func (b Bps) MarshalJSON() ([]byte, error) { return []byte(Format(int64(b))), nil }

// UnmarshalJSON reads a number or a string ("12.5", "12,50").
func (b *Bps) UnmarshalJSON(raw []byte) error {
	n, err := Parse(strings.Trim(string(raw), `"`))
	if err != nil {
		return &json.UnmarshalTypeError{Value: string(raw), Type: reflect.TypeOf(b).Elem()}
	}
	*b = Bps(n)
	return nil
}

func (b Bps) String() string { return Format(int64(b)) }

// UnmarshalText reads query parameters and form fields ("1234,50" or "1234.50").
func (p *Para) UnmarshalText(b []byte) error {
	n, err := Parse(string(b))
	if err != nil {
		return err
	}
	*p = Para(n)
	return nil
}

// UnmarshalText reads query parameters and form fields ("12,50" or "12.50").
func (b *Bps) UnmarshalText(raw []byte) error {
	n, err := Parse(string(raw))
	if err != nil {
		return err
	}
	*b = Bps(n)
	return nil
}
