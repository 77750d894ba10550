package einvoice

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"

	"shop/internal/platform/money"
)

// UBL 2.1 namespaces.
const (
	nsInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	nsCAC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	nsCBC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
)

// The structs below write an Invoice or a CreditNote in the element order of the UBL 2.1
// schemas (only the elements the shop fills; where the two differ, the other's element is
// left empty and omitted). Element names carry their prefix, declared once on the root, so
// the document reads like SEF's examples.

type ublInvoice struct {
	XMLName         xml.Name
	NS              string       `xml:"xmlns,attr"`
	NSCAC           string       `xml:"xmlns:cac,attr"`
	NSCBC           string       `xml:"xmlns:cbc,attr"`
	CustomizationID string       `xml:"cbc:CustomizationID"`
	ID              string       `xml:"cbc:ID"`
	IssueDate       string       `xml:"cbc:IssueDate"`
	DueDate         string       `xml:"cbc:DueDate,omitempty"`
	TypeCode        string       `xml:"cbc:InvoiceTypeCode,omitempty"`
	CreditTypeCode  string       `xml:"cbc:CreditNoteTypeCode,omitempty"`
	Note            []string     `xml:"cbc:Note,omitempty"`
	Currency        string       `xml:"cbc:DocumentCurrencyCode"`
	Period          *ublPeriod   `xml:"cac:InvoicePeriod"`
	OrderRef        *ublOrderRef `xml:"cac:OrderReference"`
	BillingRef      *ublBilling  `xml:"cac:BillingReference"`
	Supplier        ublPartyRole `xml:"cac:AccountingSupplierParty"`
	Customer        ublPartyRole `xml:"cac:AccountingCustomerParty"`
	Delivery        *ublDelivery `xml:"cac:Delivery"`
	PaymentMeans    *ublPayment  `xml:"cac:PaymentMeans"`
	TaxTotal        ublTaxTotal  `xml:"cac:TaxTotal"`
	Monetary        ublMonetary  `xml:"cac:LegalMonetaryTotal"`
	Lines           []ublLine    `xml:"cac:InvoiceLine"`
	CreditLines     []ublLine    `xml:"cac:CreditNoteLine"`
}

type ublBilling struct {
	Invoice ublDocRef `xml:"cac:InvoiceDocumentReference"`
}

type ublDocRef struct {
	ID        string `xml:"cbc:ID"`
	IssueDate string `xml:"cbc:IssueDate"`
}

type ublPeriod struct {
	DescriptionCode string `xml:"cbc:DescriptionCode"`
}

type ublOrderRef struct {
	ID string `xml:"cbc:ID"`
}

type ublPartyRole struct {
	Party ublParty `xml:"cac:Party"`
}

type ublParty struct {
	Endpoint    ublID          `xml:"cbc:EndpointID"`
	Name        ublName        `xml:"cac:PartyName"`
	Address     ublAddress     `xml:"cac:PostalAddress"`
	TaxScheme   ublPartyTax    `xml:"cac:PartyTaxScheme"`
	LegalEntity ublLegalEntity `xml:"cac:PartyLegalEntity"`
	Contact     *ublContact    `xml:"cac:Contact"`
}

type ublID struct {
	SchemeID string `xml:"schemeID,attr,omitempty"`
	Value    string `xml:",chardata"`
}

type ublName struct {
	Name string `xml:"cbc:Name"`
}

type ublAddress struct {
	Street   string     `xml:"cbc:StreetName,omitempty"`
	City     string     `xml:"cbc:CityName,omitempty"`
	PostCode string     `xml:"cbc:PostalZone,omitempty"`
	Country  ublCountry `xml:"cac:Country"`
}

type ublCountry struct {
	Code string `xml:"cbc:IdentificationCode"`
}

type ublPartyTax struct {
	CompanyID string       `xml:"cbc:CompanyID"`
	TaxScheme ublTaxScheme `xml:"cac:TaxScheme"`
}

type ublTaxScheme struct {
	ID string `xml:"cbc:ID"`
}

type ublLegalEntity struct {
	Name      string `xml:"cbc:RegistrationName"`
	CompanyID string `xml:"cbc:CompanyID"`
}

type ublContact struct {
	Email string `xml:"cbc:ElectronicMail"`
}

type ublDelivery struct {
	Date string `xml:"cbc:ActualDeliveryDate"`
}

type ublPayment struct {
	Code      string      `xml:"cbc:PaymentMeansCode"`
	PaymentID string      `xml:"cbc:PaymentID,omitempty"`
	Account   *ublAccount `xml:"cac:PayeeFinancialAccount"`
}

type ublAccount struct {
	ID string `xml:"cbc:ID"`
}

type ublAmount struct {
	Currency string `xml:"currencyID,attr"`
	Value    string `xml:",chardata"`
}

type ublTaxTotal struct {
	Amount    ublAmount        `xml:"cbc:TaxAmount"`
	Subtotals []ublTaxSubtotal `xml:"cac:TaxSubtotal"`
}

type ublTaxSubtotal struct {
	Taxable  ublAmount      `xml:"cbc:TaxableAmount"`
	Amount   ublAmount      `xml:"cbc:TaxAmount"`
	Category ublTaxCategory `xml:"cac:TaxCategory"`
}

type ublTaxCategory struct {
	ID        string       `xml:"cbc:ID"`
	Percent   string       `xml:"cbc:Percent"`
	TaxScheme ublTaxScheme `xml:"cac:TaxScheme"`
}

type ublMonetary struct {
	LineExtension ublAmount  `xml:"cbc:LineExtensionAmount"`
	TaxExclusive  ublAmount  `xml:"cbc:TaxExclusiveAmount"`
	TaxInclusive  ublAmount  `xml:"cbc:TaxInclusiveAmount"`
	Allowance     ublAmount  `xml:"cbc:AllowanceTotalAmount"`
	Prepaid       ublAmount  `xml:"cbc:PrepaidAmount"`
	Rounding      *ublAmount `xml:"cbc:PayableRoundingAmount"`
	Payable       ublAmount  `xml:"cbc:PayableAmount"`
}

type ublLine struct {
	ID            string    `xml:"cbc:ID"`
	Quantity      *ublQty   `xml:"cbc:InvoicedQuantity"`
	Credited      *ublQty   `xml:"cbc:CreditedQuantity"`
	LineExtension ublAmount `xml:"cbc:LineExtensionAmount"`
	Item          ublItem   `xml:"cac:Item"`
	Price         ublPrice  `xml:"cac:Price"`
}

type ublQty struct {
	Unit  string `xml:"unitCode,attr"`
	Value string `xml:",chardata"`
}

type ublItem struct {
	Name     string         `xml:"cbc:Name"`
	SellerID *ublID         `xml:"cac:SellersItemIdentification>cbc:ID"`
	Tax      ublTaxCategory `xml:"cac:ClassifiedTaxCategory"`
}

type ublPrice struct {
	Amount ublAmount `xml:"cbc:PriceAmount"`
}

func amount(p money.Para) ublAmount {
	return ublAmount{Currency: Currency, Value: money.Format(int64(p))}
}

// percent writes basis points as a percentage without trailing zeros (2000 -> "20").
func percent(bps int) string {
	s := money.Format(int64(bps))
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// unitPrice is a line's net divided by its quantity, with up to four decimals (rounded half
// up): the price is informative, the line's net amount is what adds up.
func unitPrice(net money.Para, qty int) string {
	if qty <= 0 {
		return money.Format(int64(net))
	}
	tenThousandths := roundDiv(int64(net)*100, int64(qty)) // para * 100
	whole := tenThousandths / 10000
	frac := tenThousandths % 10000
	s := strconv.FormatInt(whole, 10) + "." + leftPad(strconv.FormatInt(frac, 10), 4)
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "00"
	} else if i := strings.IndexByte(s, '.'); len(s)-i-1 == 1 {
		s += "0"
	}
	return s
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// PaymentID is how the payment reference is written on the invoice (BT-83): the model in
// parentheses and the reference's check digits and digits, "(97) 53-2026000123".
func PaymentID(reference string) string {
	if len(reference) < 5 || !strings.HasPrefix(reference, "97") {
		return reference
	}
	return "(97) " + reference[2:4] + "-" + reference[4:]
}

func party(p Party) ublParty {
	out := ublParty{
		Endpoint:    ublID{SchemeID: SchemePIB, Value: p.PIB},
		Name:        ublName{Name: p.Name},
		Address:     ublAddress{Street: p.Address, City: p.City, PostCode: p.PostCode, Country: ublCountry{Code: "RS"}},
		TaxScheme:   ublPartyTax{CompanyID: "RS" + p.PIB, TaxScheme: ublTaxScheme{ID: "VAT"}},
		LegalEntity: ublLegalEntity{Name: p.Name, CompanyID: p.CompanyNumber},
	}
	if p.Email != "" {
		out.Contact = &ublContact{Email: p.Email}
	}
	return out
}

// Build writes the document as a UBL 2.1 Invoice in the Serbian CIUS, or as a CreditNote
// when it credits an invoice. A credit note names the invoice (BillingReference) and takes its
// VAT period and delivery from it, so it has no period, delivery, due date or payment means
// of its own: the shop pays the buyer back.
func Build(d Document) ([]byte, Totals, error) {
	t := Compute(d.Lines, d.Total)
	inv := ublInvoice{XMLName: xml.Name{Local: "Invoice"}, NS: nsInvoice, NSCAC: nsCAC, NSCBC: nsCBC, CustomizationID: CustomizationID,
		ID: d.Number, IssueDate: d.IssueDate, Currency: Currency, Supplier: ublPartyRole{party(d.Seller)}, Customer: ublPartyRole{party(d.Buyer)}}
	if d.Note != "" {
		inv.Note = []string{d.Note}
	}
	if d.OrderNumber != "" {
		inv.OrderRef = &ublOrderRef{ID: d.OrderNumber}
	}
	if d.Credits != nil {
		inv.XMLName.Local, inv.NS, inv.CreditTypeCode = "CreditNote", nsCreditNote, TypeCreditNote
		inv.BillingRef = &ublBilling{Invoice: ublDocRef{ID: d.Credits.Number, IssueDate: d.Credits.IssueDate}}
	} else {
		inv.DueDate, inv.TypeCode, inv.Period = d.DueDate, TypeInvoice, &ublPeriod{DescriptionCode: VATPointDelivery}
		if d.DeliveryDate != "" {
			inv.Delivery = &ublDelivery{Date: d.DeliveryDate}
		}
		pm := &ublPayment{Code: PaymentCreditTransfer, PaymentID: PaymentID(d.Reference)}
		if d.Account != "" {
			pm.Account = &ublAccount{ID: d.Account}
		}
		inv.PaymentMeans = pm
	}
	inv.TaxTotal.Amount = amount(t.Tax)
	for _, c := range t.Categories {
		inv.TaxTotal.Subtotals = append(inv.TaxTotal.Subtotals, ublTaxSubtotal{Taxable: amount(c.Taxable), Amount: amount(c.Tax),
			Category: ublTaxCategory{ID: c.ID, Percent: percent(c.VatBps), TaxScheme: ublTaxScheme{ID: "VAT"}}})
	}
	inv.Monetary = ublMonetary{LineExtension: amount(t.LineTotal), TaxExclusive: amount(t.LineTotal), TaxInclusive: amount(t.WithTax),
		Allowance: amount(0), Prepaid: amount(0), Payable: amount(t.Payable)}
	if t.Rounding != 0 {
		r := amount(t.Rounding)
		inv.Monetary.Rounding = &r
	}
	for i, l := range d.Lines {
		qty := &ublQty{Unit: UnitPiece, Value: strconv.Itoa(l.Quantity)}
		line := ublLine{ID: strconv.Itoa(i + 1), LineExtension: amount(t.LineNet[i]),
			Item:  ublItem{Name: l.Name, Tax: ublTaxCategory{ID: "S", Percent: percent(l.VatBps), TaxScheme: ublTaxScheme{ID: "VAT"}}},
			Price: ublPrice{Amount: ublAmount{Currency: Currency, Value: unitPrice(t.LineNet[i], l.Quantity)}}}
		if l.SKU != "" {
			line.Item.SellerID = &ublID{Value: l.SKU}
		}
		if d.Credits != nil {
			line.Credited = qty
			inv.CreditLines = append(inv.CreditLines, line)
			continue
		}
		line.Quantity = qty
		inv.Lines = append(inv.Lines, line)
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(inv); err != nil {
		return nil, t, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), t, nil
}
