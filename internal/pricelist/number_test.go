package pricelist

import (
	"strconv"
	"testing"

	"shop/internal/platform/money"
)

func TestParsePrice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     money.Para
		ok       bool
	}{
		{"integer", "1234", 123400, true},
		{"numberCell", "1234.56", 123456, true},
		{"numberCellOneDecimal", "1234.5", 123450, true},
		{"floatArtifactRoundsDown", "1234.5599999999999", 123456, true},
		{"floatArtifactRoundsUp", "0.10000000000000001", 10, true},
		{"roundHalfUp", "10.0050", 1001, true},
		{"singleDotThreeDigitsAfterTwoDigits", "10.005", 1000500, true},
		{"serbianGrouped", "1.234,56", 123456, true},
		{"serbianMillions", "1.234.567,8", 123456780, true},
		{"serbianComma", "1234,56", 123456, true},
		{"serbianCommaOneDecimal", "1234,5", 123450, true},
		{"spacesGrouped", "1 234,56", 123456, true},
		{"nonBreakingSpace", "1\u00a0234,56", 123456, true},
		{"narrowNoBreakSpace", "12\u202f345,00", 1234500, true},
		{"rsdSuffix", "1.234,56 RSD", 123456, true},
		{"rsdLowerNoSpace", "1234,56rsd", 123456, true},
		{"dinSuffix", "1.234,56 din.", 123456, true},
		{"dinNoDot", "999 din", 99900, true},
		{"rsdPrefix", "RSD 1.234,56", 123456, true},
		{"dinaraSuffix", "15.000 dinara", 1500000, true},
		{"singleDotThreeDigitsGroups", "1.234", 123400, true},
		{"singleDotTwoDecimals", "12.34", 1234, true},
		{"leadingZeroIsAFraction", "0.125", 13, true},
		{"longWholeWithDot3IsDecimal", "12345.678", 1234568, true},
		{"dotsGroupOnly", "1.234.567", 123456700, true},
		{"englishGrouped", "1,234.56", 123456, true},
		{"englishGroupsOnly", "1,234,567", 123456700, true},
		{"commaThreeDecimalsIsSerbianDecimal", "1,234", 123, true},
		{"leadingComma", ",5", 50, true},
		{"trailingDot", "5.", 500, true},
		{"exponent", "1.2345E3", 123450, true},
		{"exponentPlus", "1.5E+2", 15000, true},
		{"exponentNegative", "1.5E-1", 15, true},
		{"negative", "-12,50", -1250, true},
		{"plusSign", "+12", 1200, true},
		{"surroundingSpaces", "  99,90  ", 9990, true},

		{"empty", "", 0, false},
		{"spacesOnly", "   ", 0, false},
		{"text", "po dogovoru", 0, false},
		{"currencyOnly", "RSD", 0, false},
		{"signOnly", "-", 0, false},
		{"dotOnly", ".", 0, false},
		{"badGroups", "1.23.4", 0, false},
		{"badGroupsComma", "12,34,5", 0, false},
		{"twoDecimalMarks", "1,234,56.7,8", 0, false},
		{"lettersInside", "12a34", 0, false},
		{"hugeExponent", "1E999999999", 0, false},
		{"exponentWithComma", "1,5E3", 0, false},
		{"tooLarge", "99999999999999999999999", 0, false},
		{"percent", "12%", 0, false},
		{"euro", "12 EUR", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParsePrice(tt.in)
			if ok != tt.ok || got != tt.want {
				t.Errorf("ParsePrice(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseStock(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"", 0, true},
		{"  ", 0, true},
		{"12", 12, true},
		{"12.0", 12, true},
		{"12,00", 12, true},
		{"1.234", 1234, true},
		{"1 500", 1500, true},
		{">10", 10, true},
		{"10+", 10, true},
		{"-3", 0, true},
		{"0", 0, true},
		{"12,5", 0, false},
		{"mnogo", 0, false},
		{"da", 0, false},
		{"99999999999", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseStock(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("parseStock(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCellDigits(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"00012345", "00012345"},
		{"12345678", "12345678"},
		{"1.2345678E7", "12345678"},
		{"1.2345678E+7", "12345678"},
		{"8.6001234567890005E+12", "8.6001234567890005E+12"}, // not whole: left alone
		{"8.600123456789E+12", "8600123456789"},
		{"12345678.0", "12345678"},
		{"12E4", "12E4"},     // a text code, not a writer's number
		{"3E10", "3E10"},     // likewise
		{"1.5E3X", "1.5E3X"}, // text
		{"AB-1.2E3", "AB-1.2E3"},
		{"12.5", "12.5"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := cellDigits(tt.in); got != tt.want {
			t.Errorf("cellDigits(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The fast path reads every string of its form as the general rules do, and leaves every
// other string to them.
func TestPlainHundredthsMatchesGeneral(t *testing.T) {
	t.Parallel()
	ins := []string{"0", "7", "10", "0123", "1234", "999999999999999", "1234567890123456", "1,5", "1.5", "12,34",
		"12.34", "0,05", "0.99", "1.234", "1,234", "1.2345", "1,", "1.", ",5", ".5", "1,2,3", "1.2.3", "1 234", " 12", "12 ",
		"-12", "+12", "12e3", "12E3", "12,3a", "12a", "", "1.234,56", "12,345", "00,00"}
	for i := 0; i < 3000; i++ {
		ins = append(ins, strconv.Itoa(i*7919%100000)+string(",."[i%2])+strconv.Itoa(i%100))
	}
	for _, in := range ins {
		fast, fastOK := plainHundredths(in)
		general, generalOK := generalHundredths(in)
		if fastOK && (!generalOK || fast != general) {
			t.Errorf("%q: fast path %d, general %d (%v)", in, fast, general, generalOK)
		}
		if got, ok := parseHundredths(in); ok != generalOK || got != general {
			t.Errorf("%q: %d %v, general %d %v", in, got, ok, general, generalOK)
		}
	}
	if _, ok := plainHundredths("1234,56"); !ok {
		t.Error("the common form misses the fast path")
	}
}
