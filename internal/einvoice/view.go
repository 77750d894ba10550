package einvoice

import (
	"bytes"
	"context"
	"html/template"
	"strconv"
)

// The printable view of an e-invoice: what its XML says, laid out as an invoice (the browser
// prints it to PDF). In simulator mode it says the e-invoice is a test one.

type viewParty struct{ Name, Address, City, PostCode, PIB, CompanyNumber string }

type viewLine struct{ No, Name, SKU, Quantity, Price, Net, Rate string }

type viewTax struct{ Category, Rate, Taxable, Tax string }

type viewData struct {
	Test                                 bool
	Title, Credits                       string
	Number, Order, Issue, Due, Delivery  string
	Status, SEFID, Comment               string
	Seller, Buyer                        viewParty
	Lines                                []viewLine
	Taxes                                []viewTax
	Net, Tax, WithTax, Rounding, Payable string
	PaymentID, Account                   string
}

func partyView(inv *node, role string) viewParty {
	p := inv.one(role + "/cac:Party")
	return viewParty{Name: p.value("cac:PartyLegalEntity/cbc:RegistrationName"), Address: p.value("cac:PostalAddress/cbc:StreetName"),
		City: p.value("cac:PostalAddress/cbc:CityName"), PostCode: p.value("cac:PostalAddress/cbc:PostalZone"), PIB: p.value("cbc:EndpointID"),
		CompanyNumber: p.value("cac:PartyLegalEntity/cbc:CompanyID")}
}

var viewPage = template.Must(template.New("einvoice").Parse(`<!doctype html>
<html lang="sr"><head><meta charset="utf-8"><title>{{.Title}} {{.Number}}</title>
<style>
body{font:14px/1.4 sans-serif;margin:2em;color:#222}table{border-collapse:collapse;width:100%;margin:1em 0}
th,td{border:1px solid #bbb;padding:4px 6px;text-align:left}td.n{text-align:right}.parties{display:flex;gap:2em}
.parties div{flex:1}.test{background:#fde68a;padding:.5em 1em;font-weight:bold}@media print{.noprint{display:none}}
</style></head><body>
{{if .Test}}<p class="test">TEST – e-faktura poslata SEF simulatoru, nije pravno važeća.</p>{{end}}
<h1>{{.Title}} {{.Number}}</h1>
{{if .Credits}}<p>Porudžbina {{.Order}} · Datum izdavanja {{.Issue}} · Odobrenje po fakturi {{.Credits}}</p>
{{else}}<p>Porudžbina {{.Order}} · Datum izdavanja {{.Issue}} · Datum prometa {{.Delivery}} · Rok plaćanja {{.Due}}</p>{{end}}
<p>Status u SEF-u: <strong>{{.Status}}</strong>{{if .SEFID}} · SEF ID {{.SEFID}}{{end}}{{if .Comment}} · {{.Comment}}{{end}}</p>
<div class="parties">
<div><h2>Prodavac</h2>{{with .Seller}}<p>{{.Name}}<br>{{.Address}}<br>{{.PostCode}} {{.City}}<br>PIB {{.PIB}} · MB {{.CompanyNumber}}</p>{{end}}</div>
<div><h2>Kupac</h2>{{with .Buyer}}<p>{{.Name}}<br>{{.Address}}<br>{{.PostCode}} {{.City}}<br>PIB {{.PIB}} · MB {{.CompanyNumber}}</p>{{end}}</div>
</div>
<table><thead><tr><th>#</th><th>Šifra</th><th>Naziv</th><th>Kol.</th><th>Cena bez PDV</th><th>Iznos bez PDV</th><th>PDV %</th></tr></thead><tbody>
{{range .Lines}}<tr><td>{{.No}}</td><td>{{.SKU}}</td><td>{{.Name}}</td><td class="n">{{.Quantity}}</td><td class="n">{{.Price}}</td><td class="n">{{.Net}}</td><td class="n">{{.Rate}}</td></tr>
{{end}}</tbody></table>
<table><thead><tr><th>Kategorija</th><th>Stopa</th><th>Osnovica</th><th>PDV</th></tr></thead><tbody>
{{range .Taxes}}<tr><td>{{.Category}}</td><td class="n">{{.Rate}} %</td><td class="n">{{.Taxable}}</td><td class="n">{{.Tax}}</td></tr>
{{end}}</tbody></table>
<table><tbody>
<tr><th>Ukupno bez PDV</th><td class="n">{{.Net}}</td></tr>
<tr><th>PDV</th><td class="n">{{.Tax}}</td></tr>
<tr><th>Ukupno sa PDV</th><td class="n">{{.WithTax}}</td></tr>
{{if .Rounding}}<tr><th>Zaokruživanje</th><td class="n">{{.Rounding}}</td></tr>{{end}}
<tr><th>{{if .Credits}}Odobreno kupcu{{else}}Za plaćanje{{end}} (RSD)</th><td class="n"><strong>{{.Payable}}</strong></td></tr>
</tbody></table>
{{if not .Credits}}<p>Uplata na račun {{.Account}}, poziv na broj {{.PaymentID}}</p>{{end}}
<p class="noprint"><button onclick="window.print()">Štampaj / PDF</button></p>
</body></html>
`))

// HTML renders the e-invoice for reading and printing.
func (s *Service) HTML(ctx context.Context, id uint64, statusLabel func(string) string) ([]byte, error) {
	e, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	inv, err := parse([]byte(e.XML))
	if err != nil {
		inv = &node{}
	}
	d := viewData{Test: s.opts.Simulator, Number: e.Number, Order: inv.value("cac:OrderReference/cbc:ID"), Issue: dmy(e.IssueDate),
		Due: dmy(inv.value("cbc:DueDate")), Delivery: dmy(e.DeliveryDate), Status: statusLabel(e.Status), Comment: e.Comment,
		Seller: partyView(inv, "cac:AccountingSupplierParty"), Buyer: partyView(inv, "cac:AccountingCustomerParty"),
		Net: inv.value("cac:LegalMonetaryTotal/cbc:LineExtensionAmount"), Tax: inv.value("cac:TaxTotal/cbc:TaxAmount"),
		WithTax: inv.value("cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount"), Rounding: inv.value("cac:LegalMonetaryTotal/cbc:PayableRoundingAmount"),
		Payable: inv.value("cac:LegalMonetaryTotal/cbc:PayableAmount"), PaymentID: inv.value("cac:PaymentMeans/cbc:PaymentID"),
		Account: inv.value("cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID")}
	if e.SEFInvoiceID != nil {
		d.SEFID = strconv.FormatInt(*e.SEFInvoiceID, 10)
	}
	d.Title = "Faktura"
	if credit(inv) {
		ref := "cac:BillingReference/cac:InvoiceDocumentReference/"
		d.Title, d.Credits = "Knjižno odobrenje", inv.value(ref+"cbc:ID")+" od "+dmy(inv.value(ref+"cbc:IssueDate"))
	}
	for _, l := range lines(inv) {
		d.Lines = append(d.Lines, viewLine{No: l.value("cbc:ID"), Name: l.value("cac:Item/cbc:Name"), SKU: l.value("cac:Item/cac:SellersItemIdentification/cbc:ID"),
			Quantity: l.value(quantityPath(inv)), Price: l.value("cac:Price/cbc:PriceAmount"), Net: l.value("cbc:LineExtensionAmount"),
			Rate: l.value("cac:Item/cac:ClassifiedTaxCategory/cbc:Percent")})
	}
	for _, st := range inv.all("cac:TaxTotal/cac:TaxSubtotal") {
		d.Taxes = append(d.Taxes, viewTax{Category: st.value("cac:TaxCategory/cbc:ID"), Rate: st.value("cac:TaxCategory/cbc:Percent"),
			Taxable: st.value("cbc:TaxableAmount"), Tax: st.value("cbc:TaxAmount")})
	}
	var b bytes.Buffer
	if err := viewPage.Execute(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
