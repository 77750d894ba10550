package catalog

import (
	"math/big"

	"shop/internal/platform/money"
)

// Margins are what a product's derived prices depend on until the pricing rules exist: its
// main category's VAT and margins.
type Margins struct {
	Pdv, Web, Retail, Dealer money.Bps
}

// Prices are a product's derived prices.
type Prices struct {
	Web, Retail, Dealer, Authenticated money.Para
}

// DerivePrices computes the derived prices from the entry price (without VAT), exactly, in
// integers, rounding half up (spec/decisions.md "Prices"):
// web = entry × (1 + web margin) × (1 + VAT), to whole dinars; retail likewise with the retail
// margin, to whole dinars (a shelf price with VAT); dealer = entry × (1 + dealer margin),
// without VAT, to the para; authenticated = web until the authenticated-discount rules exist.
// The pricing issue replaces this with the rule-based recompute.
func DerivePrices(entry money.Para, m Margins) Prices {
	web := priceRoundDiv(priceMul(int64(entry), 10000+int64(m.Web), 10000+int64(m.Pdv)), 10000*10000*100) * 100
	retail := priceRoundDiv(priceMul(int64(entry), 10000+int64(m.Retail), 10000+int64(m.Pdv)), 10000*10000*100) * 100
	dealer := priceRoundDiv(priceMul(int64(entry), 10000+int64(m.Dealer)), 10000)
	return Prices{Web: money.Para(web), Retail: money.Para(retail), Dealer: money.Para(dealer), Authenticated: money.Para(web)}
}

func priceMul(fs ...int64) *big.Int {
	p := big.NewInt(1)
	for _, f := range fs {
		p.Mul(p, big.NewInt(f))
	}
	return p
}

// roundDiv is n / d rounded half away from zero (d > 0).
func priceRoundDiv(n *big.Int, d int64) int64 {
	neg := n.Sign() < 0
	a := new(big.Int).Abs(n)
	q, r := new(big.Int).QuoRem(a, big.NewInt(d), new(big.Int))
	if r.Mul(r, big.NewInt(2)).Cmp(big.NewInt(d)) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}
