package eoffer_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/eoffer"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// refProduct is a product of TestRecalcMatchesReference as the test made it.
type refProduct struct {
	id           uint64
	sku, name    string
	entry        int64 // para, without VAT
	vat          int64 // basis points
	cat          int   // index into the categories
	supplier     bool
	offers       []refOffer
	categoryName string
}

type refOffer struct {
	shop  string
	price int64
}

// roundHalfAway is n / d rounded to the nearest integer, halves away from zero (d > 0).
func roundHalfAway(n, d *big.Int) int64 {
	a := new(big.Int).Abs(n)
	q := new(big.Int).Quo(new(big.Int).Add(new(big.Int).Mul(a, big.NewInt(2)), d), new(big.Int).Mul(d, big.NewInt(2)))
	if n.Sign() < 0 {
		q.Neg(q)
	}
	return q.Int64()
}

// expected is the recalculation of docs/eoffer.md worked out from the test's own data: the
// entry price with VAT, the lowest offer of a shop neither ours nor ignored, the new price to
// whole dinars (≥ 0) and the position; nil when relative to e-ponuda no competitor is left.
func expected(p refProduct, st eoffer.Settings, own []string) *rowBrief {
	is := func(shop string, names []string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, shop) })
	}
	uc := roundHalfAway(big.NewInt(p.entry*(10000+p.vat)), big.NewInt(10000))
	minPrice, found := int64(0), false
	for _, o := range p.offers {
		if !is(o.shop, own) && !is(o.shop, st.Irrelevant) && (!found || o.price < minPrice) {
			minPrice, found = o.price, true
		}
	}
	base, sign := uc, int64(1)
	if st.RelativeTo == eoffer.RelativeEponuda {
		if !found {
			return nil
		}
		base, sign = minPrice, -1
	}
	v, _ := new(big.Rat).SetString(strings.Replace(st.Value, ",", ".", 1))
	var price *big.Rat // in para
	if st.Format == eoffer.FormatPercent {
		price = new(big.Rat).Mul(big.NewRat(base, 1), new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(sign, 100), v)))
	} else {
		price = new(big.Rat).Add(big.NewRat(base, 1), new(big.Rat).Mul(big.NewRat(sign*100, 1), v))
	}
	newPrice := max(roundHalfAway(price.Num(), new(big.Int).Mul(price.Denom(), big.NewInt(100)))*100, 0)
	position := 1
	for _, o := range p.offers {
		if !is(o.shop, own) && o.price < newPrice {
			position++
		}
	}
	supplier := ""
	if p.supplier {
		supplier = "Comtrade"
	}
	return &rowBrief{p.sku, money.Para(uc), 0, money.Para(minPrice), money.Para(newPrice), position, []string{p.categoryName}, supplier}
}

// TestRecalcMatchesReference: Recalc gives, product by product and in the order of name then
// id, what docs/eoffer.md's rules give when worked out here from the test's own random data
// (exact rationals): the entry price with VAT, eponuda_min without the ignored shops and
// ourselves, the new price rounded half away from zero and clamped at 0, the position, and the
// ok/nok/skipped split; for both bases, both formats and values from 0 past 10,000 %, in and
// out of a scope.
func TestRecalcMatchesReference(t *testing.T) {
	t.Parallel()
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		rnd := rand.New(rand.NewPCG(7, 11))
		now := time.Now().UTC()
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		vats := []int64{2000, 1000, 0}
		for i, vat := range vats {
			must(a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
				dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES (?, ?, 'RC', 1, 0, ?, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
				fmt.Sprintf("Kat %d", i), fmt.Sprintf("kat-%d", i), vat, true, now, now).Error)
		}
		must(a.DB.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Comtrade', ?, ?)", now, now).Error)
		var cats []uint64
		must(a.DB.Raw("SELECT id FROM categories ORDER BY id").Scan(&cats).Error)
		var supID uint64
		must(a.DB.Raw("SELECT id FROM suppliers").Scan(&supID).Error)
		shops := []string{"Gigatron", "Tehnomanija", "WinWin", "Naša Radnja", "NASA RADNJA", "Emmi"}
		own := []string{"Naša Radnja", "NASA RADNJA"} // as competitors.own_shops folds "Naša Radnja"
		var products []refProduct
		var b strings.Builder
		b.WriteString("sku;prodavnica;cena\n")
		for i := 1; i <= 60; i++ {
			// Entry prices with odd para, so the VAT's rounding meets halves; names shared
			// (the id breaks the tie).
			p := refProduct{sku: fmt.Sprintf("R%d", i), name: fmt.Sprintf("Proizvod %02d", i%17), entry: int64(rnd.IntN(500000) + 5),
				cat: i % len(cats), supplier: i%3 != 0}
			p.vat, p.categoryName = vats[p.cat], fmt.Sprintf("Kat %d", p.cat)
			var sup *uint64
			if p.supplier {
				sup = &supID
			}
			must(a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, supplier_id, active, visible, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.sku, p.name, fmt.Sprintf("r-%d", i), p.entry, cats[p.cat], sup, true, true, now, now).Error)
			must(a.DB.Raw("SELECT id FROM products WHERE sku = ?", p.sku).Scan(&p.id).Error)
			for _, sh := range shops {
				if rnd.IntN(3) == 0 {
					continue
				}
				// Prices in whole dinars and in para, ties among shops.
				o := refOffer{sh, int64(1000+rnd.IntN(40)*50)*100 + []int64{0, 50, 49, 51}[rnd.IntN(4)]}
				p.offers = append(p.offers, o)
				fmt.Fprintf(&b, "%s;%s;%d,%02d\n", p.sku, sh, o.price/100, o.price%100)
			}
			if len(p.offers) > 0 {
				products = append(products, p)
			}
		}
		// A product outside the file is never a row.
		must(a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, active, visible, created_at, updated_at)
			VALUES ('OUT', 'Proizvod 00', 'out', 100, ?, ?, ?, ?, ?)`, cats[0], true, true, now, now).Error)
		if _, err := a.Pricing.RecomputeTx(ctx, a.DB, pricing.All()); err != nil {
			t.Fatal(err)
		}
		upload(t, a, b.String())
		slices.SortFunc(products, func(x, y refProduct) int {
			if c := strings.Compare(x.name, y.name); c != 0 {
				return c
			}
			return int(x.id) - int(y.id)
		})
		noWeb := func(rows []rowBrief) []rowBrief {
			for i := range rows {
				rows[i].Web = 0 // pricing's, not the recalculation's
			}
			return rows
		}
		for _, st := range []eoffer.Settings{
			{RelativeTo: "eponuda", Format: "%", Value: "2", Irrelevant: []string{"winwin"}},
			{RelativeTo: "eponuda", Format: "%", Value: "0"},
			{RelativeTo: "eponuda", Format: "%", Value: "12.35", Irrelevant: []string{"Gigatron", "Tehnomanija", "Emmi"}},
			{RelativeTo: "eponuda", Format: "%", Value: "150"},
			{RelativeTo: "eponuda", Format: "RSD", Value: "100,50"},
			{RelativeTo: "eponuda", Format: "RSD", Value: "5000"},
			{RelativeTo: "entry", Format: "%", Value: "7.5", Irrelevant: []string{"WinWin"}},
			{RelativeTo: "entry", Format: "%", Value: "0"},
			{RelativeTo: "entry", Format: "%", Value: "10001.01"},
			{RelativeTo: "entry", Format: "RSD", Value: "0.5"},
			{RelativeTo: "entry", Format: "RSD", Value: "250"},
			{RelativeTo: "entry", Format: "RSD", Value: "123456789.99"},
		} {
			for _, scope := range []eoffer.Scope{{}, {Category: cats[1]}, {Supplier: supID}} {
				var ok, nok []rowBrief
				skipped := 0
				for _, p := range products {
					if scope.Category != 0 && cats[p.cat] != scope.Category || scope.Supplier != 0 && !p.supplier {
						continue
					}
					switch r := expected(p, st, own); {
					case r == nil:
						skipped++
					case r.New >= r.Entry:
						ok = append(ok, *r)
					default:
						nok = append(nok, *r)
					}
				}
				if len(ok)+len(nok) == 0 {
					t.Fatalf("%+v %+v: nothing to compare", st, scope)
				}
				res, err := a.Eoffer.Recalc(ctx, st, scope)
				if err != nil {
					t.Fatal(err)
				}
				want := [][]rowBrief{ok, nok}
				got := [][]rowBrief{noWeb(briefs(res.OK)), noWeb(briefs(res.NOK))}
				if d := cmp.Diff(want, got, cmp.Transformer("nil", func(r []rowBrief) []rowBrief {
					if r == nil {
						return []rowBrief{}
					}
					return r
				})); d != "" || res.Skipped != skipped {
					t.Fatalf("%+v %+v: skipped %d, want %d; lists (-want +got):\n%s", st, scope, res.Skipped, skipped, d)
				}
			}
		}
	})
}
