package money

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  bool
	}{
		{"0", 0, false}, {"1234.5", 123450, false}, {"1234.56", 123456, false}, {"1234,56", 123456, false},
		{"1.234,56", 123456, false}, {"12.345.678,9", 1234567890, false}, {"-3", -300, false}, {".5", 50, false},
		{"0.01", 1, false}, {"99.99", 9999, false}, {"+7", 700, false},
		{"", 0, true}, {"abc", 0, true}, {"1.234", 0, true}, {"1,234.5", 0, true}, {"1e3", 0, true}, {"-", 0, true},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if (err != nil) != tt.err || (!tt.err && got != tt.want) {
			t.Errorf("Parse(%q) = %d, %v; want %d (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestJSON(t *testing.T) {
	var v struct {
		Price Para `json:"price"`
		Pdv   Bps  `json:"pdv"`
	}
	if err := json.Unmarshal([]byte(`{"price": 1234.5, "pdv": 20}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.Price != 123450 || v.Pdv != 2000 {
		t.Fatalf("decoded %+v", v)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"price":1234.50,"pdv":20.00}` {
		t.Fatalf("encoded %s", b)
	}
	var te *json.UnmarshalTypeError
	if err := json.Unmarshal([]byte(`{"price": 0.001}`), &v); !errors.As(err, &te) || te.Field != "price" {
		t.Errorf("three decimals: %v, want a type error on price", err)
	}
	if Format(-5) != "-0.05" {
		t.Errorf("Format(-5) = %s", Format(-5))
	}
}
