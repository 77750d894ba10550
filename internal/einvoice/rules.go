package einvoice

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"shop/internal/platform/money"
	"shop/internal/sales"
)

// Violation is one rule a document breaks.
type Violation struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

func (v Violation) String() string { return v.Rule + ": " + v.Message }

// Rule is one check of the CIUS stated in code. IDs are EN 16931's where the rule is one of
// its business rules, SRB-... where it is the Serbian CIUS's own (or this shop's reading of
// it, docs/einvoice.md).
type Rule struct {
	ID    string
	Text  string
	check func(inv *node) []string // the breaches, each a short detail
}

// Rules lists every rule Validate checks, in the order it reports them.
func Rules() []Rule { return rules }

var (
	decimal2 = regexp.MustCompile(`^-?[0-9]{1,15}(\.[0-9]{1,2})?$`)
	date     = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
	mb       = regexp.MustCompile(`^[0-9]{8}$`)
)

// vatCategories are the Serbian CIUS's VAT category codes: EN 16931's (S, AE, Z, E, O) and
// the Serbian ones (R: other exemptions, OE: not subject to VAT, SS: special procedures,
// N: no VAT calculated).
var vatCategories = map[string]bool{"S": true, "AE": true, "Z": true, "E": true, "O": true, "R": true, "OE": true, "SS": true, "N": true}

// standardRates are Serbia's VAT rates for category S: the general 20 % and the special 10 %.
var standardRates = map[string]bool{"20": true, "10": true}

// vatPoints are the VAT point codes the CIUS takes in InvoicePeriod/DescriptionCode: 3 issue
// date, 35 delivery date, 432 payment date.
var vatPoints = map[string]bool{"3": true, "35": true, "432": true}

// para reads an amount with at most two decimals (ok false: missing or not such a number).
func para(s string) (money.Para, bool) {
	s = strings.TrimSpace(s)
	if !decimal2.MatchString(s) {
		return 0, false
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	n := w*100 + f
	if neg {
		n = -n
	}
	return money.Para(n), true
}

// percentBps reads a percentage (20, 20.00, 10.5) into basis points.
func percentBps(s string) (int64, bool) {
	p, ok := para(s)
	return int64(p), ok
}

func required(path, what string) func(*node) []string {
	return func(inv *node) []string {
		if inv.value(path) == "" {
			return []string{what + " (" + path + ") is missing"}
		}
		return nil
	}
}

func partyRules(role, who, bt string) []Rule {
	p := role + "/cac:Party"
	return []Rule{
		{ID: "BR-" + bt, Text: who + "'s name is given (PartyLegalEntity/RegistrationName)", check: func(inv *node) []string {
			if inv.value(p+"/cac:PartyLegalEntity/cbc:RegistrationName") == "" {
				return []string{who + "'s name is missing"}
			}
			return nil
		}},
		{ID: "SRB-" + strings.ToUpper(who) + "-PIB", Text: who + "'s PIB is the EndpointID with scheme 9948 and a valid check digit", check: func(inv *node) []string {
			e := inv.one(p + "/cbc:EndpointID")
			if e == nil {
				return []string{who + "'s EndpointID is missing"}
			}
			if e.attr("schemeID") != SchemePIB {
				return []string{fmt.Sprintf("%s's EndpointID scheme is %q, not %s", who, e.attr("schemeID"), SchemePIB)}
			}
			if pib := strings.TrimSpace(e.text); !sales.ValidPIB(pib) {
				return []string{fmt.Sprintf("%s's PIB %q is not a valid PIB", who, pib)}
			}
			return nil
		}},
		{ID: "SRB-" + strings.ToUpper(who) + "-VAT", Text: who + "'s VAT identifier is RS and the PIB", check: func(inv *node) []string {
			id := inv.value(p + "/cac:PartyTaxScheme/cbc:CompanyID")
			pib := inv.value(p + "/cbc:EndpointID")
			if id != "RS"+pib || inv.value(p+"/cac:PartyTaxScheme/cac:TaxScheme/cbc:ID") != "VAT" {
				return []string{fmt.Sprintf("%s's VAT identifier %q is not RS%s under the VAT scheme", who, id, pib)}
			}
			return nil
		}},
		{ID: "SRB-" + strings.ToUpper(who) + "-MB", Text: who + "'s company number (matični broj) is eight digits", check: func(inv *node) []string {
			if n := inv.value(p + "/cac:PartyLegalEntity/cbc:CompanyID"); !mb.MatchString(n) {
				return []string{fmt.Sprintf("%s's company number %q is not eight digits", who, n)}
			}
			return nil
		}},
		{ID: "SRB-" + strings.ToUpper(who) + "-ADDRESS", Text: who + "'s postal address has a city and the country code", check: func(inv *node) []string {
			a := p + "/cac:PostalAddress"
			if inv.value(a+"/cbc:CityName") == "" || inv.value(a+"/cac:Country/cbc:IdentificationCode") == "" {
				return []string{who + "'s postal address lacks the city or the country"}
			}
			return nil
		}},
	}
}

// amounts checks that every amount has at most two decimals and the document's currency.
func amounts(inv *node) []string {
	var out []string
	var walk func(n *node, path string)
	walk = func(n *node, path string) {
		for _, c := range n.children {
			p := path + "/" + c.name
			if strings.HasSuffix(c.name, "Amount") && c.name != "cbc:PriceAmount" {
				if _, ok := para(c.text); !ok {
					out = append(out, fmt.Sprintf("%s %q is not an amount with at most two decimals", p, strings.TrimSpace(c.text)))
				}
				if cur := c.attr("currencyID"); cur != inv.value("cbc:DocumentCurrencyCode") {
					out = append(out, fmt.Sprintf("%s is in %q, not the document's currency", p, cur))
				}
			}
			walk(c, p)
		}
	}
	walk(inv, "")
	return out
}

// credit tells a CreditNote from an Invoice: its lines and quantities have their own names.
func credit(inv *node) bool { return inv.name == "CreditNote" }

// lines are the document's lines (InvoiceLine or CreditNoteLine).
func lines(inv *node) []*node {
	if credit(inv) {
		return inv.all("cac:CreditNoteLine")
	}
	return inv.all("cac:InvoiceLine")
}

func quantityPath(inv *node) string {
	if credit(inv) {
		return "cbc:CreditedQuantity"
	}
	return "cbc:InvoicedQuantity"
}

func sumLines(inv *node) (money.Para, bool) {
	var sum money.Para
	for _, l := range lines(inv) {
		v, ok := para(l.value("cbc:LineExtensionAmount"))
		if !ok {
			return 0, false
		}
		sum += v
	}
	return sum, true
}

func total(inv *node, name string) (money.Para, bool) {
	s := inv.value("cac:LegalMonetaryTotal/cbc:" + name)
	if s == "" {
		return 0, true
	}
	return para(s)
}

var rules = []Rule{
	{ID: "SRB-CUSTOMIZATION", Text: "CustomizationID names the Serbian CIUS (srbdt 2022)", check: func(inv *node) []string {
		if v := inv.value("cbc:CustomizationID"); !strings.HasPrefix(v, CustomizationID) {
			return []string{fmt.Sprintf("CustomizationID %q is not %s", v, CustomizationID)}
		}
		return nil
	}},
	{ID: "BR-02", Text: "the invoice has a number", check: required("cbc:ID", "the invoice number")},
	{ID: "BR-03", Text: "the invoice has an issue date (YYYY-MM-DD)", check: func(inv *node) []string {
		if !date.MatchString(inv.value("cbc:IssueDate")) {
			return []string{"IssueDate is missing or not YYYY-MM-DD"}
		}
		return nil
	}},
	{ID: "BR-04", Text: "the invoice type code is 380 (invoice), 381 (credit note), 383 (debit note) or 386 (advance); a CreditNote's is 381", check: func(inv *node) []string {
		if credit(inv) {
			if v := inv.value("cbc:CreditNoteTypeCode"); v != TypeCreditNote {
				return []string{fmt.Sprintf("CreditNoteTypeCode %q is not 381", v)}
			}
			return nil
		}
		switch v := inv.value("cbc:InvoiceTypeCode"); v {
		case "380", "381", "383", "386":
			return nil
		default:
			return []string{fmt.Sprintf("InvoiceTypeCode %q is not 380, 381, 383 or 386", v)}
		}
	}},
	{ID: "SRB-CREDIT-REFERENCE", Text: "a credit note names the invoice it credits: its number and day of issue, not after the credit note's", check: func(inv *node) []string {
		if !credit(inv) {
			return nil
		}
		ref := "cac:BillingReference/cac:InvoiceDocumentReference/"
		id, day := inv.value(ref+"cbc:ID"), inv.value(ref+"cbc:IssueDate")
		if id == "" || !date.MatchString(day) {
			return []string{"BillingReference/InvoiceDocumentReference lacks the invoice's ID or IssueDate (YYYY-MM-DD)"}
		}
		if day > inv.value("cbc:IssueDate") {
			return []string{fmt.Sprintf("the credited invoice's day %s is after the credit note's", day)}
		}
		return nil
	}},
	{ID: "BR-05", Text: "the document currency is given", check: required("cbc:DocumentCurrencyCode", "the currency")},
	{ID: "SRB-CURRENCY", Text: "an invoice in another currency than RSD gives the VAT in RSD (TaxCurrencyCode RSD)", check: func(inv *node) []string {
		if c := inv.value("cbc:DocumentCurrencyCode"); c != "" && c != "RSD" && inv.value("cbc:TaxCurrencyCode") != "RSD" {
			return []string{fmt.Sprintf("the document is in %s without TaxCurrencyCode RSD", c)}
		}
		return nil
	}},
	{ID: "SRB-DUE-DATE", Text: "an invoice's due date is given and is not before the issue date", check: func(inv *node) []string {
		if credit(inv) {
			return nil
		}
		due, issued := inv.value("cbc:DueDate"), inv.value("cbc:IssueDate")
		if !date.MatchString(due) {
			return []string{"DueDate is missing or not YYYY-MM-DD"}
		}
		if due < issued {
			return []string{fmt.Sprintf("DueDate %s is before IssueDate %s", due, issued)}
		}
		return nil
	}},
	{ID: "SRB-VAT-POINT", Text: "an invoice's InvoicePeriod/DescriptionCode says when VAT arises: 3 (issue), 35 (delivery) or 432 (payment)", check: func(inv *node) []string {
		if credit(inv) {
			return nil
		}
		if v := inv.value("cac:InvoicePeriod/cbc:DescriptionCode"); !vatPoints[v] {
			return []string{fmt.Sprintf("InvoicePeriod/DescriptionCode %q is not 3, 35 or 432", v)}
		}
		return nil
	}},
	{ID: "SRB-DELIVERY-DATE", Text: "with the VAT point at delivery (35) the delivery date is given, not after the issue date", check: func(inv *node) []string {
		if inv.value("cac:InvoicePeriod/cbc:DescriptionCode") != "35" {
			return nil
		}
		d := inv.value("cac:Delivery/cbc:ActualDeliveryDate")
		if !date.MatchString(d) {
			return []string{"Delivery/ActualDeliveryDate is missing or not YYYY-MM-DD"}
		}
		if d > inv.value("cbc:IssueDate") {
			return []string{fmt.Sprintf("the delivery date %s is after the issue date", d)}
		}
		return nil
	}},
	{ID: "SRB-PAYMENT-REFERENCE", Text: "a payment reference by model 97 has valid check digits", check: func(inv *node) []string {
		var out []string
		for _, pm := range inv.all("cac:PaymentMeans") {
			id := pm.value("cbc:PaymentID")
			if !strings.HasPrefix(id, "(97)") {
				continue
			}
			ref := "97" + strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimPrefix(id, "(97)"))
			if !sales.ValidModel97(ref) {
				out = append(out, fmt.Sprintf("PaymentID %q fails the model 97 check", id))
			}
		}
		return out
	}},
	{ID: "BR-16", Text: "the invoice has at least one line", check: func(inv *node) []string {
		if len(lines(inv)) == 0 {
			return []string{"no InvoiceLine or CreditNoteLine"}
		}
		return nil
	}},
	{ID: "BR-21..25", Text: "each line has an id, a quantity, a net amount, an item name and a price", check: func(inv *node) []string {
		var out []string
		for i, l := range lines(inv) {
			for _, p := range []string{"cbc:ID", quantityPath(inv), "cbc:LineExtensionAmount", "cac:Item/cbc:Name", "cac:Price/cbc:PriceAmount"} {
				if l.value(p) == "" {
					out = append(out, fmt.Sprintf("line %d lacks %s", i+1, p))
				}
			}
		}
		return out
	}},
	{ID: "SRB-LINE-VAT", Text: "each line's VAT category is a Serbian one; category S has the rate 20 or 10", check: func(inv *node) []string {
		var out []string
		for i, l := range lines(inv) {
			id := l.value("cac:Item/cac:ClassifiedTaxCategory/cbc:ID")
			if !vatCategories[id] {
				out = append(out, fmt.Sprintf("line %d: VAT category %q is not one of the CIUS's", i+1, id))
				continue
			}
			if id == "S" {
				if r := canonPercent(l.value("cac:Item/cac:ClassifiedTaxCategory/cbc:Percent")); !standardRates[r] {
					out = append(out, fmt.Sprintf("line %d: rate %q is not 20 or 10", i+1, r))
				}
			}
		}
		return out
	}},
	{ID: "BR-DEC", Text: "amounts have at most two decimals and the document's currency", check: amounts},
	{ID: "BR-CO-10", Text: "LineExtensionAmount is the sum of the lines' net amounts", check: func(inv *node) []string {
		sum, ok := sumLines(inv)
		got, ok2 := total(inv, "LineExtensionAmount")
		if ok && ok2 && sum != got {
			return []string{fmt.Sprintf("LineExtensionAmount %s, lines add up to %s", got, sum)}
		}
		return nil
	}},
	{ID: "BR-CO-13", Text: "TaxExclusiveAmount is LineExtensionAmount less allowances plus charges", check: func(inv *node) []string {
		le, _ := total(inv, "LineExtensionAmount")
		al, _ := total(inv, "AllowanceTotalAmount")
		ch, _ := total(inv, "ChargeTotalAmount")
		ex, ok := total(inv, "TaxExclusiveAmount")
		if ok && ex != le-al+ch {
			return []string{fmt.Sprintf("TaxExclusiveAmount %s, want %s", ex, le-al+ch)}
		}
		return nil
	}},
	{ID: "BR-CO-14", Text: "the invoice's VAT is the sum of the breakdown's VAT amounts", check: func(inv *node) []string {
		tt := inv.one("cac:TaxTotal")
		if tt == nil {
			return []string{"no TaxTotal"}
		}
		want, ok := para(tt.value("cbc:TaxAmount"))
		var sum money.Para
		for _, st := range tt.all("cac:TaxSubtotal") {
			v, _ := para(st.value("cbc:TaxAmount"))
			sum += v
		}
		if ok && want != sum {
			return []string{fmt.Sprintf("TaxAmount %s, subtotals add up to %s", want, sum)}
		}
		return nil
	}},
	{ID: "BR-CO-15", Text: "TaxInclusiveAmount is TaxExclusiveAmount plus the VAT", check: func(inv *node) []string {
		ex, _ := total(inv, "TaxExclusiveAmount")
		in, ok := total(inv, "TaxInclusiveAmount")
		tax, _ := para(inv.value("cac:TaxTotal/cbc:TaxAmount"))
		if ok && in != ex+tax {
			return []string{fmt.Sprintf("TaxInclusiveAmount %s, want %s", in, ex+tax)}
		}
		return nil
	}},
	{ID: "BR-CO-16", Text: "PayableAmount is TaxInclusiveAmount less the prepaid amount plus the rounding", check: func(inv *node) []string {
		in, _ := total(inv, "TaxInclusiveAmount")
		pre, _ := total(inv, "PrepaidAmount")
		rd, _ := total(inv, "PayableRoundingAmount")
		pay, ok := total(inv, "PayableAmount")
		if inv.value("cac:LegalMonetaryTotal/cbc:PayableAmount") == "" {
			return []string{"PayableAmount is missing"}
		}
		if ok && pay != in-pre+rd {
			return []string{fmt.Sprintf("PayableAmount %s, want %s", pay, in-pre+rd)}
		}
		return nil
	}},
	{ID: "SRB-ROUNDING", Text: "the payable rounding amount is at most 1 dinar either way", check: func(inv *node) []string {
		if rd, ok := total(inv, "PayableRoundingAmount"); ok && (rd > 100 || rd < -100) {
			return []string{fmt.Sprintf("PayableRoundingAmount %s is more than 1.00", rd)}
		}
		return nil
	}},
	{ID: "BR-S-08", Text: "each VAT breakdown's taxable amount is the sum of the net amounts of its lines (same category and rate)", check: func(inv *node) []string {
		byRate := map[string]money.Para{}
		for _, l := range lines(inv) {
			v, _ := para(l.value("cbc:LineExtensionAmount"))
			k := l.value("cac:Item/cac:ClassifiedTaxCategory/cbc:ID") + " " + canonPercent(l.value("cac:Item/cac:ClassifiedTaxCategory/cbc:Percent"))
			byRate[k] += v
		}
		var out []string
		seen := map[string]bool{}
		for _, st := range inv.all("cac:TaxTotal/cac:TaxSubtotal") {
			k := st.value("cac:TaxCategory/cbc:ID") + " " + canonPercent(st.value("cac:TaxCategory/cbc:Percent"))
			seen[k] = true
			v, _ := para(st.value("cbc:TaxableAmount"))
			if v != byRate[k] {
				out = append(out, fmt.Sprintf("breakdown %s %%: taxable %s, lines add up to %s", k, v, byRate[k]))
			}
		}
		for k := range byRate {
			if !seen[k] {
				out = append(out, fmt.Sprintf("lines of %s %% have no VAT breakdown", k))
			}
		}
		return out
	}},
	{ID: "BR-CO-17", Text: "each breakdown's VAT is its taxable amount times its rate, rounded to the para", check: func(inv *node) []string {
		var out []string
		for _, st := range inv.all("cac:TaxTotal/cac:TaxSubtotal") {
			taxable, _ := para(st.value("cbc:TaxableAmount"))
			tax, _ := para(st.value("cbc:TaxAmount"))
			bps, ok := percentBps(st.value("cac:TaxCategory/cbc:Percent"))
			if !ok {
				out = append(out, "a breakdown has no rate")
				continue
			}
			if want := money.Para(roundDiv(int64(taxable)*bps, 10000)); want != tax {
				out = append(out, fmt.Sprintf("breakdown %s %%: VAT %s, want %s", canonPercent(st.value("cac:TaxCategory/cbc:Percent")), tax, want))
			}
		}
		return out
	}},
}

func init() {
	rules = append(rules, partyRules("cac:AccountingSupplierParty", "seller", "06")...)
	rules = append(rules, partyRules("cac:AccountingCustomerParty", "buyer", "07")...)
}

// canonPercent writes a percentage without trailing zeros (20.00 -> 20).
func canonPercent(s string) string {
	s = strings.TrimSpace(s)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// Validate checks a UBL invoice or credit note against every rule; nil means it passes. A
// body that is not XML, or neither an Invoice nor a CreditNote, breaks SRB-XML and nothing
// else is checked.
func Validate(doc []byte) []Violation {
	inv, err := parse(doc)
	if err != nil {
		return []Violation{{Rule: "SRB-XML", Message: err.Error()}}
	}
	if inv.name != "Invoice" && inv.name != "CreditNote" {
		return []Violation{{Rule: "SRB-XML", Message: fmt.Sprintf("the root element is %s, not a UBL 2.1 Invoice or CreditNote", inv.name)}}
	}
	var out []Violation
	for _, r := range rules {
		for _, m := range r.check(inv) {
			out = append(out, Violation{Rule: r.ID, Message: m})
		}
	}
	return out
}
