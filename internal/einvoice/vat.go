package einvoice

import (
	"sort"

	"shop/internal/platform/money"
)

// Category is one VAT breakdown row: a category and rate with its taxable amount and tax.
type Category struct {
	ID      string // S: standard rate (20 % or 10 %)
	VatBps  int
	Taxable money.Para
	Tax     money.Para
}

// Totals are an invoice's amounts, all in para.
type Totals struct {
	// LineNet is each line's net amount, in the document's line order.
	LineNet    []money.Para
	Categories []Category
	LineTotal  money.Para // sum of line nets (BT-106)
	Tax        money.Para // BT-110
	WithTax    money.Para // BT-112
	Rounding   money.Para // BT-114: what makes the payable amount the order's
	Payable    money.Para // BT-115
}

// roundDiv is a/b rounded half away from zero (b > 0).
func roundDiv(a, b int64) int64 {
	if a < 0 {
		return -roundDiv(-a, b)
	}
	return (2*a + b) / (2 * b)
}

// Compute splits the order's VAT-inclusive lines into net amounts and VAT per rate. Retail
// prices include VAT, so the net of a rate is taken from that rate's gross sum (one rounding
// per rate, not per line), the tax is the net times the rate rounded to the para (EN 16931
// BR-CO-17), and the lines' nets are the rate's net spread over its lines by their gross
// (largest remainder), so they add up to it exactly. What the two roundings leave between the
// tax-inclusive amount and the order's total (at most a para or two per rate) is the payable
// rounding amount: the payable amount is the order's total to the para.
func Compute(lines []Line, total money.Para) Totals {
	t := Totals{LineNet: make([]money.Para, len(lines))}
	byRate := map[int][]int{}
	for i, l := range lines {
		byRate[l.VatBps] = append(byRate[l.VatBps], i)
	}
	rates := make([]int, 0, len(byRate))
	for r := range byRate {
		rates = append(rates, r)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(rates)))
	for _, r := range rates {
		idx := byRate[r]
		var gross int64
		for _, i := range idx {
			gross += int64(lines[i].Gross)
		}
		den := int64(10000 + r)
		net := roundDiv(gross*10000, den)
		spread(lines, idx, den, net, t.LineNet)
		tax := roundDiv(net*int64(r), 10000)
		t.Categories = append(t.Categories, Category{ID: "S", VatBps: r, Taxable: money.Para(net), Tax: money.Para(tax)})
		t.LineTotal += money.Para(net)
		t.Tax += money.Para(tax)
	}
	t.WithTax = t.LineTotal + t.Tax
	t.Payable = total
	t.Rounding = total - t.WithTax
	return t
}

// spread gives each line of one rate its share of net: the floor of its exact net, then one
// para more to the lines with the largest remainders until the shares add up to net.
func spread(lines []Line, idx []int, den, net int64, out []money.Para) {
	type rest struct {
		i   int
		rem int64
	}
	var sum int64
	rests := make([]rest, len(idx))
	for k, i := range idx {
		num := int64(lines[i].Gross) * 10000
		fl := num / den
		if num < 0 && num%den != 0 {
			fl--
		}
		out[i] = money.Para(fl)
		sum += fl
		rests[k] = rest{i, num - fl*den}
	}
	sort.SliceStable(rests, func(a, b int) bool { return rests[a].rem > rests[b].rem })
	for k := 0; sum < net && len(rests) > 0; k = (k + 1) % len(rests) {
		out[rests[k].i]++
		sum++
	}
	for k := len(rests) - 1; sum > net && len(rests) > 0; k = (k - 1 + len(rests)) % len(rests) {
		out[rests[k].i]--
		sum--
	}
}
