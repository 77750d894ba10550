package pricing

// Scope kinds of the discounts' scopes (queued by Schedule like the others).
const (
	KindDiscountType = "discount_type"
	KindMassRun      = "mass_run"
)

// DiscountTypeProducts are the products that have a discount of the type (its percentage-or-
// price flag changed, so their action prices follow).
func DiscountTypeProducts(typeID uint64) Scope {
	return Scope{cond: "p.id IN (SELECT d.product_id FROM discounts d WHERE d.discount_type_id = ?)", args: []any{typeID},
		kind: KindDiscountType, ids: []uint64{typeID}}
}

// MassRunProducts are the products a mass discount run gave an action (any number of them,
// without binding their ids).
func MassRunProducts(runID uint64) Scope {
	return Scope{cond: "p.id IN (SELECT d.product_id FROM discounts d WHERE d.mass_run_id = ?)", args: []any{runID},
		kind: KindMassRun, ids: []uint64{runID}}
}
