package pricing

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/money"
)

func TestDerive(t *testing.T) {
	std := Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500}
	tests := []struct {
		name  string
		entry money.Para
		m     Margins
		want  Prices
	}{
		// 1000 × 1.10 × 1.20 = 1320; × 1.25 × 1.2 = 1500; × 1.05 = 1050.
		{"wholeNumbers", 100000, std, Prices{Web: 132000, Retail: 150000, Dealer: 105000, Authenticated: 132000}},
		// 99.99 × 1.1 × 1.2 = 131.9868 -> 132; retail 149.982 -> 150; dealer 104.9895 -> 104.99.
		{"roundsUp", 9999, std, Prices{Web: 13200, Retail: 15000, Dealer: 10499, Authenticated: 13200}},
		// 0.01 × 1.1 × 1.2 = 0.0132 -> 0 dinars; dealer 0.0105 -> 0.01.
		{"tiny", 1, std, Prices{Web: 0, Retail: 0, Dealer: 1, Authenticated: 0}},
		// Exactly half a dinar rounds up: 125 × 1.0 × 1.2 = 150; 1.25 × 1.2 = 1.5 -> 2.
		{"halfUp", 125, Margins{Pdv: 2000}, Prices{Web: 200, Retail: 200, Dealer: 125, Authenticated: 200}},
		// Just under a half rounds down: 1.24 × 1.2 = 1.488 -> 1.
		{"underHalfDown", 124, Margins{Pdv: 2000}, Prices{Web: 100, Retail: 100, Dealer: 124, Authenticated: 100}},
		// Dealer half para: 0.10 × 1.05 = 0.105 -> 0.11.
		{"dealerHalfPara", 10, Margins{Dealer: 500}, Prices{Web: 0, Retail: 0, Dealer: 11, Authenticated: 0}},
		// Fractional percentages: 12345.67 × 1.1234 × 1.1 = 15256.2... -> 15256.
		{"fractionalBps", 1234567, Margins{Pdv: 1000, Web: 1234, Retail: 1234, Dealer: 1234}, Prices{Web: 1525600, Retail: 1525600, Dealer: 1386913, Authenticated: 1525600}},
		// Large amounts do not overflow: 10 billion dinars.
		{"large", 1_000_000_000_000, std, Prices{Web: 1_320_000_000_000, Retail: 1_500_000_000_000, Dealer: 1_050_000_000_000, Authenticated: 1_320_000_000_000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Derive(tt.entry, tt.m)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
