package pricing

import (
	"time"

	"shop/internal/platform/money"
)

// AuthenticatedCeiling is the most the authenticated price may be below the web price
// (spec/decisions.md "Prices": never more than 20 % off).
const AuthenticatedCeiling money.Bps = 2000

// WebMarginRule is a row of web_margin_rules: a web margin for the products of a main
// category, narrowed by supplier, brand and an entry-price range (nil: any).
type WebMarginRule struct {
	ID uint64 `json:"id"`
	RuleScope
	MarginBps money.Bps `json:"margin"`
	CreatedAt time.Time `json:"created_at"`
}

// RecommendedRule is a row of recommended_prices with its categories (none: every category).
type RecommendedRule struct {
	ID             uint64    `json:"id"`
	Name           string    `json:"name"`
	ManufacturerID uint64    `json:"manufacturer_id"`
	LowerBps       money.Bps `json:"lower"`
	CategoryIDs    []uint64  `json:"category_ids" gorm:"-"`
	CreatedAt      time.Time `json:"created_at"`
}

// AuthenticatedRule is a row of authenticated_discounts (nil fields: any).
type AuthenticatedRule struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
	RuleScope
	DiscountBps money.Bps `json:"discount"`
	CreatedAt   time.Time `json:"created_at"`
}

// Action is a product's discount (discounts row) with its type's flag.
type Action struct {
	ID            uint64     `json:"id"`
	TypeID        uint64     `json:"type_id"`
	TypeName      string     `json:"type"`
	IsPercentage  bool       `json:"is_percentage"`
	Price         money.Para `json:"price"` // the fixed action price (types that are not a percentage)
	PercentageBps money.Bps  `json:"percentage"`
	From          string     `json:"from"` // YYYY-MM-DD, inclusive
	To            string     `json:"to"`
}

// Inputs is everything one product's derived prices depend on: the product's own fields, its
// main category's VAT and margins, and the candidate rules and actions (Evaluate picks the
// matching ones, exactly as the recompute's SQL does).
type Inputs struct {
	Entry          money.Para
	CategoryID     uint64
	SupplierID     *uint64
	BrandID        *uint64
	ManufacturerID *uint64
	Category       Margins
	// Recommended is the connected supplier product's recommended price (with VAT; 0: none).
	Recommended        money.Para
	WebRules           []WebMarginRule
	RecommendedRules   []RecommendedRule
	AuthenticatedRules []AuthenticatedRule
	Actions            []Action
	Today              string // the shop's date, YYYY-MM-DD
	// Eponuda is the web price the e-ponuda apply set (products.eponuda_price; nil: none): it
	// replaces the computed (and capped) web price, before the authenticated discount and the
	// action.
	Eponuda *money.Para
}

// Explanation is how one product's prices came about, every intermediate value included.
type Explanation struct {
	Prices
	Entry     money.Para     `json:"entry_price"`
	Vat       money.Bps      `json:"vat"`
	WebRule   *WebMarginRule `json:"web_margin_rule"` // nil: the category's web margin
	WebMargin money.Bps      `json:"web_margin"`
	// WebBeforeCap is entry × (1 + web margin) × (1 + VAT) to whole dinars.
	WebBeforeCap    money.Para       `json:"web_before_cap"`
	RecommendedRule *RecommendedRule `json:"recommended_rule"`
	Recommended     money.Para       `json:"recommended_price"` // the supplier's, with VAT
	// Cap is the recommended price lowered by the rule's percentage (nil: no cap applies).
	Cap    *money.Para `json:"cap"`
	Capped bool        `json:"capped"`
	// EponudaPrice is the web price e-ponuda set (nil: none), which replaced the one above.
	EponudaPrice    *money.Para        `json:"eponuda_price"`
	AuthRule        *AuthenticatedRule `json:"authenticated_rule"`
	AuthBps         money.Bps          `json:"authenticated_discount"` // applied, after the ceiling
	CeilingApplied  bool               `json:"ceiling_applied"`
	Action          *Action            `json:"discount"` // valid today
	DiscountPrice   *money.Para        `json:"discount_price"`
	GuestPrice      money.Para         `json:"guest_price"`
	CustomerPrice   money.Para         `json:"customer_price"`
	ActiveDiscount  *uint64            `json:"-"`
	CategoryMargins Margins            `json:"-"`
}

// Evaluate is THE formula (spec/decisions.md "Prices", the rendering the SQL of sql.go
// mirrors): web margin from the most specific matching web-margin rule (else the category's),
// web = entry × (1 + margin) × (1 + VAT) to whole dinars, capped at the recommended price
// lowered by the most specific matching recommended-price rule where the supplier gives one;
// authenticated = web less the most specific matching authenticated discount (at most 20 %);
// the action valid today gives the discount price; retail and dealer from the category alone.
func Evaluate(in Inputs) Explanation {
	m := in.Category
	x := Explanation{Entry: in.Entry, Vat: m.Pdv, CategoryMargins: m}
	if r := bestWebRule(in); r != nil {
		x.WebRule = r
		m.Web = r.MarginBps
	}
	x.WebMargin = m.Web
	for _, d := range formula {
		d.set(&x.Prices, byFactors(in.Entry, m, d))
	}
	x.WebBeforeCap = x.Web
	if r := bestRecommendedRule(in); r != nil {
		x.RecommendedRule, x.Recommended = r, in.Recommended
		if in.Recommended > 0 {
			c := lowered(in.Recommended, r.LowerBps)
			x.Cap = &c
			if c < x.Web {
				x.Web, x.Capped = c, true
			}
		}
	}
	if in.Eponuda != nil {
		x.Web, x.EponudaPrice = *in.Eponuda, in.Eponuda
	}
	x.Authenticated = x.Web
	if r := bestAuthRule(in); r != nil {
		x.AuthRule, x.AuthBps = r, r.DiscountBps
		if x.AuthBps > AuthenticatedCeiling {
			x.AuthBps, x.CeilingApplied = AuthenticatedCeiling, true
		}
		x.Authenticated = signed(x.Web, func(v money.Para) money.Para { return lowered(v, x.AuthBps) })
	}
	if a := todaysAction(in); a != nil {
		x.Action, x.ActiveDiscount = a, &a.ID
		p := a.Price
		if a.IsPercentage {
			p = signed(x.Web, func(v money.Para) money.Para { return lowered(v, a.PercentageBps) })
		}
		x.DiscountPrice = &p
	}
	x.GuestPrice, x.CustomerPrice = Shown(x.Web, x.Authenticated, x.DiscountPrice)
	return x
}

// signed applies f to |v| and gives back the sign (half away from zero, like the SQL).
func signed(v money.Para, f func(money.Para) money.Para) money.Para {
	if v < 0 {
		return -f(-v)
	}
	return f(v)
}

func count(ps ...bool) int {
	n := 0
	for _, p := range ps {
		if p {
			n++
		}
	}
	return n
}

// newer orders ties: the newest rule (created_at, then id) first.
func newer(at time.Time, id uint64, bestAt time.Time, bestID uint64) bool {
	if !at.Equal(bestAt) {
		return at.After(bestAt)
	}
	return id > bestID
}

func eqOpt(rule, v *uint64) bool { return rule == nil || (v != nil && *v == *rule) }

// matches tells whether the product falls in the scope: each field nil or the product's.
func (s *RuleScope) matches(in Inputs) bool {
	cat := in.CategoryID
	return eqOpt(s.CategoryID, &cat) && eqOpt(s.SupplierID, in.SupplierID) && eqOpt(s.BrandID, in.BrandID) &&
		(s.PriceFrom == nil || *s.PriceFrom <= in.Entry) && (s.PriceTo == nil || *s.PriceTo >= in.Entry)
}

// specificity is how many of the scope's fields the rule names.
func (s *RuleScope) specificity() int {
	return count(s.CategoryID != nil, s.SupplierID != nil, s.BrandID != nil, s.PriceFrom != nil, s.PriceTo != nil)
}

// mostSpecific is the rule whose scope matches the product and names most of it; ties: the
// newest. A web margin always names its category, so counting the category changes none of
// its choices (the SQL counts the other four).
func mostSpecific[R any](rules []R, in Inputs, of func(*R) (s *RuleScope, at time.Time, id uint64)) *R {
	var best *R
	var bestAt time.Time
	var bestID uint64
	bestSpec := -1
	for i := range rules {
		s, at, id := of(&rules[i])
		if !s.matches(in) {
			continue
		}
		if spec := s.specificity(); spec > bestSpec || (spec == bestSpec && newer(at, id, bestAt, bestID)) {
			best, bestSpec, bestAt, bestID = &rules[i], spec, at, id
		}
	}
	return best
}

// bestWebRule: category = the main category; supplier, brand, price range NULL or matching.
func bestWebRule(in Inputs) *WebMarginRule {
	return mostSpecific(in.WebRules, in, func(r *WebMarginRule) (*RuleScope, time.Time, uint64) { return &r.RuleScope, r.CreatedAt, r.ID })
}

// bestRecommendedRule: manufacturer = the product's; the main category listed, or no category
// listed; listed beats none; ties: the newest.
func bestRecommendedRule(in Inputs) *RecommendedRule {
	if in.ManufacturerID == nil {
		return nil
	}
	var best *RecommendedRule
	bestSpec := -1
	for i := range in.RecommendedRules {
		r := &in.RecommendedRules[i]
		if r.ManufacturerID != *in.ManufacturerID {
			continue
		}
		spec := 0
		if len(r.CategoryIDs) > 0 {
			listed := false
			for _, c := range r.CategoryIDs {
				listed = listed || c == in.CategoryID
			}
			if !listed {
				continue
			}
			spec = 1
		}
		if spec > bestSpec || (spec == bestSpec && newer(r.CreatedAt, r.ID, best.CreatedAt, best.ID)) {
			best, bestSpec = r, spec
		}
	}
	return best
}

// bestAuthRule: like web margins, the category optional too.
func bestAuthRule(in Inputs) *AuthenticatedRule {
	return mostSpecific(in.AuthenticatedRules, in, func(r *AuthenticatedRule) (*RuleScope, time.Time, uint64) {
		return &r.RuleScope, r.CreatedAt, r.ID
	})
}

// todaysAction is the action valid today (from ≤ today ≤ to); two never overlap (the
// discounts refuse it), the latest start wins if they ever did.
func todaysAction(in Inputs) *Action {
	var best *Action
	for i := range in.Actions {
		a := &in.Actions[i]
		if a.From > in.Today || a.To < in.Today {
			continue
		}
		if best == nil || a.From > best.From || (a.From == best.From && a.ID > best.ID) {
			best = a
		}
	}
	return best
}
