package sales_test

import (
	"testing"

	"shop/internal/platform/money"
	"shop/internal/sales"
)

// Real PIBs of Serbian companies pass; one changed digit, a wrong length or a letter fail.
func TestValidPIB(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pib  string
		want bool
	}{
		{"100002887", true}, // Telekom Srbija
		{"104052135", true}, // NIS
		{"103920327", true}, // EPS
		{"100001159", true},
		{"101134702", true},
		{"100002888", false}, // check digit off by one
		{"104052136", false},
		{"103920372", false}, // last two swapped
		{"10000288", false},  // eight digits
		{"1000028870", false},
		{"10000288A", false},
		{"", false},
	} {
		if got := sales.ValidPIB(c.pib); got != c.want {
			t.Errorf("ValidPIB(%q) = %v, want %v", c.pib, got, c.want)
		}
	}
}

func TestValidPhoneAndPostCode(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{"+381 64 123 4567": true, "011/123-4567": true, "064123456": true, "12345": false, "064 abc": false, "": false} {
		if sales.ValidPhone(p) != want {
			t.Errorf("ValidPhone(%q) = %v", p, !want)
		}
	}
	for p, want := range map[string]bool{"11000": true, "21000": true, "1100": false, "110000": false, "11 000": false} {
		if sales.ValidPostCode(p) != want {
			t.Errorf("ValidPostCode(%q) = %v", p, !want)
		}
	}
}

// The IPS payload: fields in order, decimal comma, model-97 reference, account control digits.
func TestIPSPayload(t *testing.T) {
	t.Parallel()
	p := sales.IPSPayload{Account: "160000000001234595", Payee: "Prodavnica d.o.o.|Beograd", Amount: money.Para(12345050), PaymentCode: "289",
		Purpose: "Uplata po porudžbini 2026-000123", Reference: sales.Model97("2026000123")}
	want := "K:PR|V:01|C:1|R:160000000001234595|N:Prodavnica d.o.o. Beograd|I:RSD123450,50|SF:289|S:Uplata po porudžbini 2026-000123|RO:97" +
		p.Reference[2:]
	if got := p.String(); got != want {
		t.Errorf("payload\n got %s\nwant %s", got, want)
	}
	if ref := sales.Model97("2026000123"); !sales.ValidModel97(ref) || ref[:2] != "97" || ref[4:] != "2026000123" {
		t.Errorf("Model97 = %s", ref)
	}
	// Worked example: 2026000123 × 100 mod 97 = 60, check digits 98 − 60 = 38.
	if ref := sales.Model97("2026000123"); ref != "97382026000123" {
		t.Errorf("Model97(2026000123) = %s, want 97382026000123", ref)
	}
	if sales.ValidModel97("97882026000123") {
		t.Error("a wrong check digit passed")
	}
	for a, want := range map[string]bool{"160000000001234595": true, "160000000001234596": false, "16000000000123459": false, "265000000000000146": false} {
		if sales.ValidAccount(a) != want {
			t.Errorf("ValidAccount(%s) = %v", a, !want)
		}
	}
}
