package fiscalsim

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/money"
)

// The limits the simulator holds a request to (docs/fiscal.md lists them with their codes).
const (
	maxItems       = 1000
	maxPayments    = 10
	maxNameRunes   = 2048
	maxCashier     = 50
	maxQuantity    = 1_000_000_000 // thousandths: a million units
	maxAmountPara  = 100_000_000_000
	quantityDigits = 3
)

type line struct {
	name     string
	qtyMilli int64
	unit     money.Para
	total    money.Para
	labels   []string
	// unread: a number did not decode (its format error is reported; no rule checks it more).
	unread bool
}

// request is a decoded Create Invoice body; errs holds what decoding already found wrong.
type request struct {
	invoiceType, transactionType string
	cashier, buyerID             string
	refNumber, refDT             string
	payments                     []vsdc.Payment
	items                        []line
	errs                         errorList
}

func (r *request) total() money.Para {
	var t money.Para
	for _, it := range r.items {
		t += it.total
	}
	return t
}

type rawItem struct {
	GTIN        string      `json:"gtin"`
	Name        string      `json:"name"`
	Quantity    json.Number `json:"quantity"`
	UnitPrice   json.Number `json:"unitPrice"`
	Labels      []string    `json:"labels"`
	TotalAmount json.Number `json:"totalAmount"`
	Discount    json.Number `json:"discount"`
}

type rawPayment struct {
	Amount      json.Number `json:"amount"`
	PaymentType string      `json:"paymentType"`
}

type rawRequest struct {
	DateAndTimeOfIssue     string       `json:"dateAndTimeOfIssue"`
	Cashier                string       `json:"cashier"`
	BuyerID                string       `json:"buyerId"`
	BuyerCostCenterID      string       `json:"buyerCostCenterId"`
	InvoiceType            string       `json:"invoiceType"`
	TransactionType        string       `json:"transactionType"`
	Payment                []rawPayment `json:"payment"`
	InvoiceNumber          string       `json:"invoiceNumber"`
	ReferentDocumentNumber string       `json:"referentDocumentNumber"`
	ReferentDocumentDT     string       `json:"referentDocumentDT"`
	Items                  []rawItem    `json:"items"`
}

// decode reads the body; a body that is not the request's JSON is refused whole, a number
// that is not one (or has too many decimals) is an invalid format on its property.
func decode(raw []byte) (*request, *vsdc.ErrorResponse) {
	var in rawRequest
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, &vsdc.ErrorResponse{Message: "Bad Request: " + err.Error()}
	}
	r := &request{invoiceType: in.InvoiceType, transactionType: in.TransactionType, cashier: in.Cashier, buyerID: in.BuyerID,
		refNumber: in.ReferentDocumentNumber, refDT: in.ReferentDocumentDT}
	for i, p := range in.Payment {
		prop := fmt.Sprintf("payment[%d]", i)
		amt, ok := amount(p.Amount)
		if !ok {
			r.errs.add(prop+".amount", vsdc.CodeInvalidFormat)
		}
		r.payments = append(r.payments, vsdc.Payment{Amount: amt, PaymentType: p.PaymentType})
	}
	for i, it := range in.Items {
		prop := fmt.Sprintf("items[%d]", i)
		l := line{name: it.Name, labels: it.Labels}
		var ok bool
		if l.qtyMilli, ok = quantity(it.Quantity); !ok {
			r.errs.add(prop+".quantity", vsdc.CodeInvalidFormat)
			l.unread = true
		}
		if l.unit, ok = amount(it.UnitPrice); !ok {
			r.errs.add(prop+".unitPrice", vsdc.CodeInvalidFormat)
			l.unread = true
		}
		if l.total, ok = amount(it.TotalAmount); !ok {
			r.errs.add(prop+".totalAmount", vsdc.CodeInvalidFormat)
			l.unread = true
		}
		if it.Discount != "" {
			// Discounts are folded into the unit price by the shop; the simulator does not
			// model the discount fields, and says so rather than signing a wrong total.
			r.errs.add(prop+".discount", vsdc.CodeInvalidValue)
		}
		r.items = append(r.items, l)
	}
	return r, nil
}

// amount reads a JSON number with at most two decimals into para.
func amount(n json.Number) (money.Para, bool) {
	s := string(n)
	if s == "" || strings.ContainsAny(s, "eE,") {
		return 0, false
	}
	v, err := money.Parse(s)
	if err != nil {
		return 0, false
	}
	return money.Para(v), true
}

// quantity reads a JSON number with at most three decimals into thousandths.
func quantity(n json.Number) (int64, bool) {
	s := string(n)
	if s == "" || strings.ContainsAny(s, "eE,+") {
		return 0, false
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > quantityDigits {
		return 0, false
	}
	for len(frac) < quantityDigits {
		frac += "0"
	}
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

var pibRe = regexp.MustCompile(`^[0-9]{9}$`)
var jmbgRe = regexp.MustCompile(`^[0-9]{13}$`)

// validate holds the request to the published rules (each names its property and code).
func validate(r *request, errs *errorList) {
	switch {
	case r.invoiceType == "":
		errs.add("invoiceType", vsdc.CodeFieldRequired)
	case !oneOf(r.invoiceType, vsdc.InvoiceTypes):
		errs.add("invoiceType", vsdc.CodeInvalidValue)
	}
	switch {
	case r.transactionType == "":
		errs.add("transactionType", vsdc.CodeFieldRequired)
	case !oneOf(r.transactionType, vsdc.TransactionTypes):
		errs.add("transactionType", vsdc.CodeInvalidValue)
	}
	if utf8.RuneCountInString(r.cashier) > maxCashier {
		errs.add("cashier", vsdc.CodeFieldTooLong)
	}
	if r.buyerID != "" {
		code, id, _ := strings.Cut(r.buyerID, ":")
		switch {
		case code == "10" && pibRe.MatchString(id): // a legal entity's PIB
		case code == "11" && jmbgRe.MatchString(id): // a person's JMBG
		default:
			errs.add("buyerId", vsdc.CodeInvalidValue)
		}
	}
	switch {
	case len(r.items) == 0:
		errs.add("items", vsdc.CodeListTooShort)
	case len(r.items) > maxItems:
		errs.add("items", vsdc.CodeListTooLong)
	}
	for i, it := range r.items {
		prop := fmt.Sprintf("items[%d]", i)
		switch n := utf8.RuneCountInString(strings.TrimSpace(it.name)); {
		case n == 0:
			errs.add(prop+".name", vsdc.CodeFieldRequired)
		case n > maxNameRunes:
			errs.add(prop+".name", vsdc.CodeFieldTooLong)
		}
		if !it.unread && (it.qtyMilli <= 0 || it.qtyMilli > maxQuantity) {
			errs.add(prop+".quantity", vsdc.CodeFieldOutOfRange)
		}
		if it.unit < 0 || it.unit > maxAmountPara {
			errs.add(prop+".unitPrice", vsdc.CodeFieldOutOfRange)
		}
		// The line's total is its quantity times its unit price, to the para.
		if !it.unread && it.qtyMilli > 0 && it.total != lineTotal(it.qtyMilli, it.unit) {
			errs.add(prop+".totalAmount", vsdc.CodeInvalidValue)
		}
		if len(it.labels) == 0 {
			errs.add(prop+".labels", vsdc.CodeFieldRequired)
		}
		for _, l := range it.labels {
			if _, ok := vsdc.RateOf(l); !ok {
				errs.add(prop+".labels", vsdc.CodeInvalidTaxLabels)
				break
			}
		}
	}
	switch {
	case len(r.payments) == 0:
		errs.add("payment", vsdc.CodeListTooShort)
	case len(r.payments) > maxPayments:
		errs.add("payment", vsdc.CodeListTooLong)
	}
	var paid money.Para
	for i, p := range r.payments {
		prop := fmt.Sprintf("payment[%d]", i)
		switch {
		case p.PaymentType == "":
			errs.add(prop+".paymentType", vsdc.CodeFieldRequired)
		case !oneOf(p.PaymentType, vsdc.PaymentTypes):
			errs.add(prop+".paymentType", vsdc.CodeInvalidValue)
		}
		if p.Amount < 0 || p.Amount > maxAmountPara {
			errs.add(prop+".amount", vsdc.CodeFieldOutOfRange)
		}
		paid += p.Amount
	}
	// The payments pay the invoice: their sum is its total (an online shop gives no change).
	if len(r.payments) > 0 && paid != r.total() {
		errs.add("payment", vsdc.CodeInvalidValue)
	}
}

// lineTotal is quantity (thousandths) times unit price, rounded half up to the para.
func lineTotal(qtyMilli int64, unit money.Para) money.Para {
	n := qtyMilli * int64(unit)
	q, r := n/1000, n%1000
	if r >= 500 {
		q++
	}
	return money.Para(q)
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

// errorList gathers property:code pairs into the answer's modelState.
type errorList []vsdc.ModelError

func (l *errorList) add(property, code string) {
	for i := range *l {
		if (*l)[i].Property == property {
			(*l)[i].Errors = append((*l)[i].Errors, code)
			return
		}
	}
	*l = append(*l, vsdc.ModelError{Property: property, Errors: []string{code}})
}

func (l errorList) list() []vsdc.ModelError {
	out := append([]vsdc.ModelError{}, l...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Property < out[j].Property })
	return out
}

func randInt(n int) (int, error) {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		return 0, err
	}
	return int(v.Int64()), nil
}
