package einvoice_test

import (
	"math/rand"
	"strings"
	"testing"

	"shop/internal/einvoice"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// sample is a two-rate order of a company buyer.
func sample() einvoice.Document {
	return einvoice.Document{
		Number: "F-2026-000123", OrderNumber: "2026-000123", IssueDate: "2026-03-10", DueDate: "2026-03-18", DeliveryDate: "2026-03-10",
		Seller: einvoice.Party{Name: "Prodavnica d.o.o.", Address: "Bulevar 1", City: "Beograd", PostCode: "11000", PIB: "101134702",
			CompanyNumber: "07042701", Email: "office@example.rs"},
		Buyer: einvoice.Party{Name: "Kupac d.o.o.", Address: "Ulica 2", City: "Novi Sad", PostCode: "21000", PIB: "100002887",
			CompanyNumber: "08762724"},
		Lines: []einvoice.Line{
			{SKU: "TV-55", Name: "Televizor 55\"", Quantity: 2, Gross: 2 * 5999900, VatBps: 2000},
			{SKU: "BK-1", Name: "Knjiga", Quantity: 3, Gross: 3 * 129999, VatBps: 1000},
			{SKU: "KB-2", Name: "Kabl HDMI", Quantity: 1, Gross: 99900, VatBps: 2000},
		},
		Total:   2*5999900 + 3*129999 + 99900,
		Account: "160000000001234595", Reference: sales.Model97("2026000123"),
	}
}

func build(t *testing.T, d einvoice.Document) (string, einvoice.Totals) {
	t.Helper()
	b, tot, err := einvoice.Build(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), tot
}

// The sample's XML carries the CIUS's fields and passes every rule.
func TestBuildSample(t *testing.T) {
	xml, tot := build(t, sample())
	ref := sales.Model97("2026000123")
	if v := einvoice.Validate([]byte(xml)); v != nil {
		t.Fatalf("violations: %v\n%s", v, xml)
	}
	for _, want := range []string{
		`<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.rs:srbdt:2022</cbc:CustomizationID>`,
		`<cbc:EndpointID schemeID="9948">101134702</cbc:EndpointID>`,
		`<cbc:EndpointID schemeID="9948">100002887</cbc:EndpointID>`,
		`<cbc:CompanyID>RS100002887</cbc:CompanyID>`,
		`<cbc:CompanyID>08762724</cbc:CompanyID>`,
		`<cbc:DescriptionCode>35</cbc:DescriptionCode>`,
		`<cbc:ActualDeliveryDate>2026-03-10</cbc:ActualDeliveryDate>`,
		`<cbc:PaymentID>(97) ` + ref[2:4] + `-2026000123</cbc:PaymentID>`,
		`<cbc:PayableAmount currencyID="RSD">124896.97</cbc:PayableAmount>`,
		`<cbc:Percent>20</cbc:Percent>`, `<cbc:Percent>10</cbc:Percent>`,
	} {
		if !strings.Contains(xml, want) {
			t.Errorf("missing %s", want)
		}
	}
	// 20 %: gross 120997.00 -> net 100830.83, VAT 20166.17; 10 %: gross 3899.97 -> net 3545.43, VAT 354.54.
	if len(tot.Categories) != 2 || tot.Categories[0].Taxable != 10083083 || tot.Categories[0].Tax != 2016617 ||
		tot.Categories[1].Taxable != 354543 || tot.Categories[1].Tax != 35454 {
		t.Errorf("categories %+v", tot.Categories)
	}
	if tot.Payable != sample().Total || tot.Rounding != tot.Payable-tot.WithTax {
		t.Errorf("totals %+v", tot)
	}
}

// Random carts: the payable amount is the order's total to the para, the rounding is at most a
// para or two, and every rule holds.
func TestTotalsProperty(t *testing.T) {
	r := rand.New(rand.NewSource(28))
	for n := 0; n < 2000; n++ {
		d := sample()
		d.Lines = nil
		d.Total = 0
		for i := 0; i < 1+r.Intn(30); i++ {
			q := 1 + r.Intn(99)
			price := money.Para(1 + r.Int63n(50_000_000))
			rate := 2000
			if r.Intn(3) == 0 {
				rate = 1000
			}
			d.Lines = append(d.Lines, einvoice.Line{Name: "P", Quantity: q, Gross: price * money.Para(q), VatBps: rate})
			d.Total += price * money.Para(q)
		}
		xml, tot := build(t, d)
		if tot.Payable != d.Total {
			t.Fatalf("payable %s, order %s", tot.Payable, d.Total)
		}
		if tot.Rounding > 2 || tot.Rounding < -2 {
			t.Fatalf("rounding %s", tot.Rounding)
		}
		if v := einvoice.Validate([]byte(xml)); v != nil {
			t.Fatalf("cart %d: %v", n, v)
		}
	}
}

// Each rule rejects a document broken the way it describes, naming itself.
func TestRules(t *testing.T) {
	good, _ := build(t, sample())
	cases := []struct {
		rule string
		old  string
		new  string
	}{
		{"SRB-CUSTOMIZATION", "urn:mfin.gov.rs:srbdt:2022", "urn:fdc:peppol.eu:2017"},
		{"BR-02", "<cbc:ID>F-2026-000123</cbc:ID>", "<cbc:ID></cbc:ID>"},
		{"BR-03", "<cbc:IssueDate>2026-03-10</cbc:IssueDate>", "<cbc:IssueDate>10.03.2026</cbc:IssueDate>"},
		{"BR-04", "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>"},
		{"SRB-CURRENCY", `<cbc:DocumentCurrencyCode>RSD</cbc:DocumentCurrencyCode>`, `<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>`},
		{"SRB-DUE-DATE", "<cbc:DueDate>2026-03-18</cbc:DueDate>", "<cbc:DueDate>2026-03-01</cbc:DueDate>"},
		{"SRB-VAT-POINT", "<cbc:DescriptionCode>35</cbc:DescriptionCode>", "<cbc:DescriptionCode>7</cbc:DescriptionCode>"},
		{"SRB-DELIVERY-DATE", "<cbc:ActualDeliveryDate>2026-03-10</cbc:ActualDeliveryDate>", "<cbc:ActualDeliveryDate>2026-04-10</cbc:ActualDeliveryDate>"},
		{"SRB-PAYMENT-REFERENCE", "-2026000123</cbc:PaymentID>", "-2026000124</cbc:PaymentID>"},
		{"BR-21..25", "<cbc:Name>Knjiga</cbc:Name>", "<cbc:Name></cbc:Name>"},
		{"SRB-LINE-VAT", "<cbc:Percent>10</cbc:Percent>", "<cbc:Percent>8</cbc:Percent>"},
		{"BR-DEC", `<cbc:TaxExclusiveAmount currencyID="RSD">104376.26</cbc:TaxExclusiveAmount>`, `<cbc:TaxExclusiveAmount currencyID="RSD">104376.260</cbc:TaxExclusiveAmount>`},
		{"BR-CO-10", `<cbc:LineExtensionAmount currencyID="RSD">104376.26</cbc:LineExtensionAmount>`, `<cbc:LineExtensionAmount currencyID="RSD">104376.27</cbc:LineExtensionAmount>`},
		{"BR-CO-13", `<cbc:TaxExclusiveAmount currencyID="RSD">104376.26</cbc:TaxExclusiveAmount>`, `<cbc:TaxExclusiveAmount currencyID="RSD">104376.20</cbc:TaxExclusiveAmount>`},
		{"BR-CO-14", `<cbc:TaxAmount currencyID="RSD">20520.71</cbc:TaxAmount>`, `<cbc:TaxAmount currencyID="RSD">20520.72</cbc:TaxAmount>`},
		{"BR-CO-15", `<cbc:TaxInclusiveAmount currencyID="RSD">124896.97</cbc:TaxInclusiveAmount>`, `<cbc:TaxInclusiveAmount currencyID="RSD">124896.96</cbc:TaxInclusiveAmount>`},
		{"BR-CO-16", `<cbc:PayableAmount currencyID="RSD">124896.97</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="RSD">124896.98</cbc:PayableAmount>`},
		{"BR-S-08", `<cbc:TaxableAmount currencyID="RSD">3545.43</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="RSD">3545.44</cbc:TaxableAmount>`},
		{"BR-CO-17", `<cbc:TaxAmount currencyID="RSD">354.54</cbc:TaxAmount>`, `<cbc:TaxAmount currencyID="RSD">354.55</cbc:TaxAmount>`},
		{"BR-06", "<cbc:RegistrationName>Prodavnica d.o.o.</cbc:RegistrationName>", "<cbc:RegistrationName></cbc:RegistrationName>"},
		{"SRB-SELLER-PIB", `<cbc:EndpointID schemeID="9948">101134702</cbc:EndpointID>`, `<cbc:EndpointID schemeID="9948">101134703</cbc:EndpointID>`},
		{"SRB-SELLER-VAT", "<cbc:CompanyID>RS101134702</cbc:CompanyID>", "<cbc:CompanyID>101134702</cbc:CompanyID>"},
		{"SRB-SELLER-MB", "<cbc:CompanyID>07042701</cbc:CompanyID>", "<cbc:CompanyID>7042701</cbc:CompanyID>"},
		{"SRB-SELLER-ADDRESS", "<cbc:CityName>Beograd</cbc:CityName>", ""},
		{"BR-07", "<cbc:RegistrationName>Kupac d.o.o.</cbc:RegistrationName>", "<cbc:RegistrationName></cbc:RegistrationName>"},
		{"SRB-BUYER-PIB", `<cbc:EndpointID schemeID="9948">100002887</cbc:EndpointID>`, `<cbc:EndpointID schemeID="0088">100002887</cbc:EndpointID>`},
		{"SRB-BUYER-VAT", "<cbc:CompanyID>RS100002887</cbc:CompanyID>", "<cbc:CompanyID>RS100002888</cbc:CompanyID>"},
		{"SRB-BUYER-MB", "<cbc:CompanyID>08762724</cbc:CompanyID>", "<cbc:CompanyID></cbc:CompanyID>"},
		{"SRB-BUYER-ADDRESS", "<cbc:CityName>Novi Sad</cbc:CityName>", ""},
		{"SRB-XML", "</Invoice>", ""},
	}
	covered := map[string]bool{"BR-05": true, "BR-16": true, "SRB-CREDIT-REFERENCE": true} // the credit note's: TestBuildCreditNote
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			if !strings.Contains(good, c.old) {
				t.Fatalf("sample lacks %q", c.old)
			}
			n := 1
			if c.rule == "SRB-LINE-VAT" {
				n = -1 // the breakdown's rate too, so only the line rule speaks
			}
			v := einvoice.Validate([]byte(strings.Replace(good, c.old, c.new, n)))
			found := false
			for _, x := range v {
				found = found || x.Rule == c.rule
			}
			if !found {
				t.Errorf("want %s, got %v", c.rule, v)
			}
		})
		covered[c.rule] = true
	}
	t.Run("BR-16", func(t *testing.T) {
		d := sample()
		d.Lines, d.Total = nil, 0
		x, _ := build(t, d)
		if v := einvoice.Validate([]byte(x)); len(v) == 0 || v[0].Rule != "BR-16" {
			t.Errorf("want BR-16, got %v", v)
		}
	})
	t.Run("SRB-ROUNDING", func(t *testing.T) {
		d := sample()
		d.Total += 500 // five dinars more than the lines: no rounding covers that
		x, _ := build(t, d)
		v := einvoice.Validate([]byte(x))
		if len(v) != 1 || v[0].Rule != "SRB-ROUNDING" {
			t.Errorf("want SRB-ROUNDING alone, got %v", v)
		}
	})
	covered["SRB-ROUNDING"] = true
	t.Run("BR-05", func(t *testing.T) {
		v := einvoice.Validate([]byte(strings.Replace(good, "<cbc:DocumentCurrencyCode>RSD</cbc:DocumentCurrencyCode>", "", 1)))
		found := false
		for _, x := range v {
			found = found || x.Rule == "BR-05"
		}
		if !found {
			t.Errorf("want BR-05, got %v", v)
		}
	})
	for _, r := range einvoice.Rules() {
		if !covered[r.ID] {
			t.Errorf("rule %s has no test", r.ID)
		}
	}
}

// creditSample credits two lines of the sample's invoice.
func creditSample() einvoice.Document {
	d := sample()
	d.Number, d.IssueDate = "KO-2026-000123-1", "2026-03-20"
	d.Credits = &einvoice.InvoiceRef{Number: "F-2026-000123", IssueDate: "2026-03-10"}
	d.Lines = []einvoice.Line{d.Lines[0], d.Lines[1]}
	d.Lines[0].Quantity, d.Lines[0].Gross = 1, 5999900
	d.Total = 5999900 + 3*129999
	return d
}

// A credit note is a UBL CreditNote (381) naming the invoice, its lines credited quantities,
// its payable the returned lines' total; it passes every rule, and the credit note's own rules
// refuse what they describe.
func TestBuildCreditNote(t *testing.T) {
	d := creditSample()
	xml, tot := build(t, d)
	if v := einvoice.Validate([]byte(xml)); v != nil {
		t.Fatalf("violations: %v\n%s", v, xml)
	}
	for _, want := range []string{
		`<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"`,
		`<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>`,
		"<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:ID>F-2026-000123</cbc:ID>\n      <cbc:IssueDate>2026-03-10</cbc:IssueDate>",
		`<cac:CreditNoteLine>`, `<cbc:CreditedQuantity unitCode="H87">1</cbc:CreditedQuantity>`,
		`<cbc:PayableAmount currencyID="RSD">63898.97</cbc:PayableAmount>`,
	} {
		if !strings.Contains(xml, want) {
			t.Errorf("missing %s", want)
		}
	}
	for _, absent := range []string{"InvoiceTypeCode", "cbc:DueDate", "InvoicePeriod", "PaymentMeans", "<cac:InvoiceLine>", "InvoicedQuantity"} {
		if strings.Contains(xml, absent) {
			t.Errorf("a credit note has %s", absent)
		}
	}
	if tot.Payable != d.Total {
		t.Errorf("payable %s, returned %s", tot.Payable, d.Total)
	}
	for _, c := range []struct{ rule, old, new string }{
		{"BR-04", "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>"},
		{"SRB-CREDIT-REFERENCE", "<cbc:ID>F-2026-000123</cbc:ID>", "<cbc:ID></cbc:ID>"},
		{"SRB-CREDIT-REFERENCE", "<cbc:IssueDate>2026-03-10</cbc:IssueDate>", "<cbc:IssueDate>2026-03-21</cbc:IssueDate>"},
		{"BR-21..25", `<cbc:CreditedQuantity unitCode="H87">1</cbc:CreditedQuantity>`, ""},
		{"BR-CO-10", `<cbc:LineExtensionAmount currencyID="RSD">53544.60</cbc:LineExtensionAmount>`, `<cbc:LineExtensionAmount currencyID="RSD">53544.61</cbc:LineExtensionAmount>`},
	} {
		if !strings.Contains(xml, c.old) {
			t.Fatalf("credit note lacks %q\n%s", c.old, xml)
		}
		found := false
		for _, x := range einvoice.Validate([]byte(strings.Replace(xml, c.old, c.new, 1))) {
			found = found || x.Rule == c.rule
		}
		if !found {
			t.Errorf("%s not reported for %q", c.rule, c.new)
		}
	}
}
