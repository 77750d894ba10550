// Package vsdc is the wire of the Tax Administration's virtual fiscal device (V-SDC, TaxCore's
// "Create Invoice" command, POST /api/v3/invoices): the request and result shapes, the tax
// labels of Serbia's VAT rates, the error answer, and a client that speaks it (docs/fiscal.md).
// The simulator (fiscalsim) and the shop's client share these types, so they cannot drift.
package vsdc

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"shop/internal/platform/money"
)

// Invoice types and transaction types as the API spells them.
const (
	InvoiceNormal   = "Normal"
	InvoiceProforma = "Proforma"
	InvoiceCopy     = "Copy"
	InvoiceTraining = "Training"
	InvoiceAdvance  = "Advance"

	TransactionSale   = "Sale"
	TransactionRefund = "Refund"
)

// InvoiceTypes and TransactionTypes list the known values.
var (
	InvoiceTypes     = []string{InvoiceNormal, InvoiceProforma, InvoiceCopy, InvoiceTraining, InvoiceAdvance}
	TransactionTypes = []string{TransactionSale, TransactionRefund}
)

// Payment types. The shop sends Cash for cash on delivery and WireTransfer for a bank
// transfer; Card is there for card payments to come.
const (
	PaymentOther        = "Other"
	PaymentCash         = "Cash"
	PaymentCard         = "Card"
	PaymentCheck        = "Check"
	PaymentWireTransfer = "WireTransfer"
	PaymentVoucher      = "Voucher"
	PaymentMobileMoney  = "MobileMoney"
)

// PaymentTypes lists the known payment types.
var PaymentTypes = []string{PaymentOther, PaymentCash, PaymentCard, PaymentCheck, PaymentWireTransfer, PaymentVoucher, PaymentMobileMoney}

// Rate is one tax label of the Serbian VAT group: the label an item carries, its rate in
// basis points and the category name the receipt prints.
type Rate struct {
	Label string
	Bps   int
	Name  string
}

// Serbian labels (Cyrillic, as the published tax group names them): Ђ the general 20 % rate,
// Е the special 10 % rate, Г exempt (0 %), А not subject to VAT (0 %).
const (
	LabelGeneral    = "Ђ"
	LabelSpecial    = "Е"
	LabelExempt     = "Г"
	LabelNotSubject = "А"
)

// Rates is the tax group the shop and the simulator use.
var Rates = []Rate{
	{LabelGeneral, 2000, "О-ПДВ"},
	{LabelSpecial, 1000, "П-ПДВ"},
	{LabelExempt, 0, "Г-ПДВ"},
	{LabelNotSubject, 0, "Н-ПДВ"},
}

// RateOf is the label's rate (false: not a known label).
func RateOf(label string) (Rate, bool) {
	for _, r := range Rates {
		if r.Label == label {
			return r, true
		}
	}
	return Rate{}, false
}

// LabelFor is the label of a VAT rate in basis points (false: the shop sells at no such rate).
// A 0 % line is exempt (Г): the shop's catalogue has no goods outside VAT.
func LabelFor(vatBps int) (string, bool) {
	switch vatBps {
	case 2000:
		return LabelGeneral, true
	case 1000:
		return LabelSpecial, true
	case 0:
		return LabelExempt, true
	}
	return "", false
}

// BuyerPIBPrefix is the buyer identification code of a Serbian legal entity by its PIB:
// buyerId is "10:" followed by the nine-digit PIB.
const BuyerPIBPrefix = "10:"

// MaxRequestID is the longest RequestId header the API takes.
const MaxRequestID = 32

// InvoiceRequest is the body of Create Invoice.
type InvoiceRequest struct {
	DateAndTimeOfIssue     string    `json:"dateAndTimeOfIssue,omitempty"`
	Cashier                string    `json:"cashier,omitempty"`
	BuyerID                string    `json:"buyerId,omitempty"`
	BuyerCostCenterID      string    `json:"buyerCostCenterId,omitempty"`
	InvoiceType            string    `json:"invoiceType"`
	TransactionType        string    `json:"transactionType"`
	Payment                []Payment `json:"payment"`
	InvoiceNumber          string    `json:"invoiceNumber,omitempty"`
	ReferentDocumentNumber string    `json:"referentDocumentNumber,omitempty"`
	ReferentDocumentDT     string    `json:"referentDocumentDT,omitempty"`
	Items                  []Item    `json:"items"`
}

// Payment is one payment of the invoice.
type Payment struct {
	Amount      money.Para `json:"amount"`
	PaymentType string     `json:"paymentType"`
}

// Item is one line: its total is the quantity times the unit price, VAT included.
type Item struct {
	GTIN        string     `json:"gtin,omitempty"`
	Name        string     `json:"name"`
	Quantity    int        `json:"quantity"`
	UnitPrice   money.Para `json:"unitPrice"`
	Labels      []string   `json:"labels"`
	TotalAmount money.Para `json:"totalAmount"`
}

// Total is the sum of the items' totals.
func (r *InvoiceRequest) Total() money.Para {
	var t money.Para
	for _, it := range r.Items {
		t += it.TotalAmount
	}
	return t
}

// TaxItem is the tax of one label on the signed invoice.
type TaxItem struct {
	CategoryType int        `json:"categoryType"`
	Label        string     `json:"label"`
	Amount       money.Para `json:"amount"`
	Rate         money.Bps  `json:"rate"`
	CategoryName string     `json:"categoryName"`
}

// InvoiceResult is Create Invoice's answer: the signed invoice.
type InvoiceResult struct {
	RequestedBy             string     `json:"requestedBy"`
	SignedBy                string     `json:"signedBy"`
	SdcDateTime             string     `json:"sdcDateTime"`
	InvoiceCounter          string     `json:"invoiceCounter"`
	InvoiceCounterExtension string     `json:"invoiceCounterExtension"`
	InvoiceNumber           string     `json:"invoiceNumber"`
	TaxItems                []TaxItem  `json:"taxItems"`
	VerificationURL         string     `json:"verificationUrl"`
	VerificationQRCode      string     `json:"verificationQRCode"`
	Journal                 string     `json:"journal"`
	Messages                string     `json:"messages"`
	EncryptedInternalData   string     `json:"encryptedInternalData"`
	Signature               string     `json:"signature"`
	TotalCounter            int64      `json:"totalCounter"`
	TransactionTypeCounter  int64      `json:"transactionTypeCounter"`
	TotalAmount             money.Para `json:"totalAmount"`
	TaxGroupRevision        int        `json:"taxGroupRevision"`
	BusinessName            string     `json:"businessName"`
	TIN                     string     `json:"tin"`
	LocationName            string     `json:"locationName"`
	Address                 string     `json:"address"`
	District                string     `json:"district"`
	MRC                     string     `json:"mrc"`
}

// Validation codes of the API's error answer.
const (
	CodeFieldRequired    = "2800"
	CodeFieldTooLong     = "2801"
	CodeFieldOutOfRange  = "2804"
	CodeInvalidValue     = "2805"
	CodeInvalidFormat    = "2806"
	CodeListTooShort     = "2807"
	CodeListTooLong      = "2808"
	CodeInvalidLength    = "2803"
	CodeInvalidTaxLabels = "2310"
)

// ModelError is one field's error codes.
type ModelError struct {
	Property string   `json:"property"`
	Errors   []string `json:"errors"`
}

// ErrorResponse is the 400 answer to a request the V-SDC refuses.
type ErrorResponse struct {
	Message    string       `json:"message"`
	ModelState []ModelError `json:"modelState"`
}

// Codes lists every property:code pair, sorted (tests and reasons read it).
func (e *ErrorResponse) Codes() []string {
	var out []string
	for _, m := range e.ModelState {
		for _, c := range m.Errors {
			out = append(out, m.Property+":"+c)
		}
	}
	sort.Strings(out)
	return out
}

// RejectedError is a request the V-SDC refused: sending it again gets the same answer.
type RejectedError struct {
	Status int
	Body   ErrorResponse
}

func (e *RejectedError) Error() string {
	return fmt.Sprintf("V-SDC refused the invoice (%d %s): %s", e.Status, e.Body.Message, strings.Join(e.Body.Codes(), ", "))
}

// decodeError reads an error answer; a body that is not one keeps its text as the message.
func decodeError(status int, b []byte) *RejectedError {
	var body ErrorResponse
	if err := json.Unmarshal(b, &body); err != nil || (body.Message == "" && len(body.ModelState) == 0) {
		body = ErrorResponse{Message: strings.TrimSpace(string(b))}
	}
	return &RejectedError{Status: status, Body: body}
}
