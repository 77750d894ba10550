package pricing

import (
	"math/big"

	"shop/internal/platform/money"
)

// Margins are a main category's VAT and margins (the web margin is the category's, which a
// web-margin rule may replace).
type Margins struct {
	Pdv, Web, Retail, Dealer money.Bps
}

// Prices are a product's derived prices.
type Prices struct {
	Web, Retail, Dealer, Authenticated money.Para
}

// input is one percentage of the formula: where Go reads it and which column of the product's
// main category holds it.
type input struct {
	name   string // the SQL alias of 10000 + the percentage
	column string // categories' column
	of     func(Margins) money.Bps
}

var (
	vat          = input{"f_vat", "pdv_bps", func(m Margins) money.Bps { return m.Pdv }}
	webMargin    = input{"f_web", "web_margin_bps", func(m Margins) money.Bps { return m.Web }}
	retailMargin = input{"f_retail", "retail_margin_bps", func(m Margins) money.Bps { return m.Retail }}
	dealerMargin = input{"f_dealer", "dealer_margin_bps", func(m Margins) money.Bps { return m.Dealer }}
	inputs       = []input{vat, webMargin, retailMargin, dealerMargin}
)

// derived is one derived price: entry × (1 + f₁) × (1 + f₂) ..., rounded half away from zero
// to a multiple of unit para.
type derived struct {
	column  string // products' column
	factors []input
	unit    int64 // 100: whole dinars; 1: the para
	set     func(*Prices, money.Para)
}

// formula is THE definition (spec/decisions.md "Prices"): web = entry × (1 + web margin) ×
// (1 + VAT) to whole dinars; retail likewise with the retail margin (a shelf price with VAT);
// dealer = entry × (1 + dealer margin), without VAT, to the para. Both renderings (derive and
// the SQL of sql.go) are built from it.
var formula = []derived{
	{"web_price", []input{webMargin, vat}, 100, func(p *Prices, v money.Para) { p.Web = v }},
	{"retail_price", []input{retailMargin, vat}, 100, func(p *Prices, v money.Para) { p.Retail = v }},
	{"dealer_price", []input{dealerMargin}, 1, func(p *Prices, v money.Para) { p.Dealer = v }},
}

// Columns are the derived price columns of products, which only this package writes (others
// leave them out of their INSERTs and UPDATEs and ask for a recompute).
var Columns = func() []string {
	var out []string
	for _, d := range formula {
		out = append(out, d.column)
	}
	return append(out, "authenticated_price", "discount_price", "active_discount_id")
}()

// bpsScale is 100 %: a percentage p in basis points multiplies by (bpsScale + p) / bpsScale.
const bpsScale = 10000

// DeriveWithEponuda is Derive for a product whose web price e-ponuda set (nil: none).
func DeriveWithEponuda(entry money.Para, m Margins, eponuda *money.Para) Prices {
	return Evaluate(Inputs{Entry: entry, Category: m, Eponuda: eponuda}).Prices
}

// Derive computes the derived prices from the entry price (without VAT) and the main
// category's VAT and margins alone (no pricing rule matching), exactly, in integers, as the
// recompute stores them for such a product: for previews (a price shown before it is saved)
// and the activity log. Rounding is half away from zero. Evaluate is the whole formula.
func Derive(entry money.Para, m Margins) Prices {
	return Evaluate(Inputs{Entry: entry, Category: m}).Prices
}

// byFactors is entry × (1 + f₁) × (1 + f₂) ... of d, rounded half away from zero to d.unit.
func byFactors(entry money.Para, m Margins, d derived) money.Para {
	n := big.NewInt(int64(entry))
	den := big.NewInt(d.unit)
	for _, f := range d.factors {
		n.Mul(n, big.NewInt(bpsScale+int64(f.of(m))))
		den.Mul(den, big.NewInt(bpsScale))
	}
	return money.Para(roundDiv(n, den) * d.unit)
}

// lowered is x × (1 − pct) to whole dinars, half away from zero: the recommended cap, the
// authenticated discount and a percentage action.
func lowered(x money.Para, pct money.Bps) money.Para {
	n := new(big.Int).Mul(big.NewInt(int64(x)), big.NewInt(bpsScale-int64(pct)))
	return money.Para(roundDiv(n, big.NewInt(bpsScale*100)) * 100)
}

// roundDiv is n / d rounded half away from zero (d > 0).
func roundDiv(n, d *big.Int) int64 {
	neg := n.Sign() < 0
	a := new(big.Int).Abs(n)
	q, r := new(big.Int).QuoRem(a, d, new(big.Int))
	if r.Mul(r, big.NewInt(2)).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}
