// Package pricing owns the price formula: one definition of how a product's derived prices
// follow from its entry price and its main category's VAT and margins, rendered as Go (Derive,
// for previews and tests) and as one set-based SQL statement (the recompute, the only writer
// of the derived price columns on products), and the recompute job.
//
// # The arithmetic, worked
//
// Money is an integer number of para (1 dinar = 100 para) and a percentage an integer number
// of basis points (1 % = 100 bps), so a factor (1 + p) is (10⁴ + p) / 10⁴. Neither database
// may see a float or a decimal: SQLite has no decimal type and turns an overflowing integer
// into a float without a word, so the statement (sql.go) keeps every value in int64.
//
// Take an entry price of 1.234,56 RSD (123456 para) in a category with a web margin of 15 %
// (1500 bps), VAT of 20 % (2000 bps) and a dealer margin of 8 % (800 bps).
//
// The web price is entry × 11500/10⁴ × 12000/10⁴ = 170369,28 para, to whole dinars: 1.704 RSD.
// Multiplying both factors first would need entry × 1.38·10⁸, which overflows int64 for large
// prices, so the statement applies one factor a layer and carries the value as q + r/P, an
// integer part q and a remainder r over P = 10⁴ᵏ after k factors. A factor a = 10⁴ + p splits
// q into h·10⁴ + l so that no product exceeds a few times the entry price:
//
//	start:     q0 = 123456, r0 = 0, P = 1
//	× 11500:   h = 12, l = 3456, l·a = 39744000 = 3974·10⁴ + 4000
//	           t  = 4000·1 + 0·11500 = 4000
//	           q1 = 12·11500 + 3974 + t/10⁴ = 141974, r1 = t mod 10⁴ = 4000       (141974,4)
//	× 12000:   h = 14, l = 1974, l·a = 23688000 = 2368·10⁴ + 8000
//	           t  = 8000·10⁴ + 4000·12000 = 128000000
//	           q2 = 14·12000 + 2368 + t/10⁸ = 170369, r2 = t mod 10⁸ = 28000000  (170369,28)
//
// The last layer rounds q + r/P to the price's unit (100 para: whole dinars) half away from
// zero: q/100 = 1703, and 2·((q mod 100)·P + r) = 2·(69·10⁸ + 28·10⁶) ≥ 100·P adds one:
// 1704 × 100 = 170400 para. The sign is taken off before the layers and put back after.
//
// The dealer price has one factor and a unit of one para: 123456 × 10800/10⁴ = 133332,48, so
// q1 = 133332, r1 = 4800, and 2·4800 < 10⁴ rounds down to 133332 para (1.333,32 RSD).
//
// What acts on the web price afterwards (the recommended cap, the authenticated discount, a
// percentage action) is one factor below 10⁴ and rounds at once (lowerSQL): an authenticated
// discount of 5 % (a = 9500) on 170400 para is 17·9500 + (400·9500)/10⁴ = 161880 with no
// remainder, and 80 para of the dinar round up: 161900 para (1.619 RSD).
//
// Evaluate computes the same with big integers; ExampleEvaluate checks these figures and a
// property test holds the statement equal to Evaluate on both databases. The statement itself
// is in testdata/*.golden, laid out one clause a line (go test -run TestStatementGolden -update
// writes them anew after a deliberate change).
package pricing
