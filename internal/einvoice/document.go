// Package einvoice is the shop's side of SEF, the Ministry of Finance's e-invoice system: a
// company buyer's order becomes a UBL 2.1 invoice in the Serbian CIUS, checked against the
// rules that can be stated in code, sent by a job over SEF's public API with a request id
// against duplicates, and followed until the buyer approves or rejects it (docs/einvoice.md).
package einvoice

import (
	"shop/internal/platform/money"
)

// The profile this package writes and checks (docs/einvoice.md names the versions).
const (
	// CustomizationID is the Serbian CIUS of EN 16931 (srbdt 2022).
	CustomizationID = "urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.rs:srbdt:2022"
	// SchemePIB is the EndpointID scheme SEF reads as a Serbian PIB.
	SchemePIB = "9948"
	// TypeInvoice is UNTDID 1001 "commercial invoice".
	TypeInvoice = "380"
	// TypeCreditNote is UNTDID 1001 "credit note" (knjižno odobrenje), written as a UBL
	// CreditNote.
	TypeCreditNote = "381"
	// Currency: the shop sells in dinars only.
	Currency = "RSD"
	// VATPointDelivery is UNTDID 2005 "delivery date": the VAT liability arises when the goods
	// are delivered (the order is completed).
	VATPointDelivery = "35"
	// PaymentCreditTransfer is UNTDID 4461 "credit transfer".
	PaymentCreditTransfer = "30"
	// UnitPiece is UN/ECE rec 20 "piece".
	UnitPiece = "H87"
)

// Party is the seller or the buyer: a Serbian company with its PIB and company number
// (matični broj).
type Party struct {
	Name          string
	Address       string
	City          string
	PostCode      string
	PIB           string
	CompanyNumber string
	Email         string
}

// Line is one order line as sold: the quantity, the line's total with VAT (retail prices
// include VAT) and its VAT rate in basis points (2000 = 20 %).
type Line struct {
	SKU      string
	Name     string
	Quantity int
	Gross    money.Para
	VatBps   int
}

// Document is what an e-invoice is made of: the order's data in the shop's terms.
type Document struct {
	Number       string
	OrderNumber  string
	IssueDate    string // YYYY-MM-DD, the shop's day
	DueDate      string
	DeliveryDate string
	Seller       Party
	Buyer        Party
	Lines        []Line
	// Total is the order's total with VAT: the invoice's payable amount equals it to the para.
	Total money.Para
	// Account is the shop's 18-digit account; Reference the payment's reference by model 97
	// ("97" + check digits + digits), the one the IPS QR code of the order carries.
	Account   string
	Reference string
	Note      string
	// Credits names the invoice a credit note credits; nil makes an invoice.
	Credits *InvoiceRef
}

// InvoiceRef names an invoice as SEF knows it: its number and day of issue.
type InvoiceRef struct {
	Number    string
	IssueDate string
}
