// Package invoicepdf draws a proforma invoice as a PDF (A4, in Serbian: the document a Serbian
// buyer pays from): the shop's company data and bank accounts, the buyer, the items, VAT per
// rate, the grand total and the NBS IPS QR code. DejaVu Sans is embedded (fonts/, its licence
// beside it) so č ć š đ ž print as they are.
package invoicepdf

import (
	"bytes"
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"shop/internal/platform/clock"
	"shop/internal/platform/money"
)

//go:embed fonts/DejaVuSans.ttf
var fontRegular []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var fontBold []byte

// Seller is the shop's company data (the admin's "invoice data").
type Seller struct {
	Name, Address, Phone, Fax, Email, Web string
	RegistrationNumber, PIB, ActivityCode string
	Bank                                  string
}

// BankAccount is one of the shop's accounts the buyer may pay to.
type BankAccount struct {
	Name, Account string
}

// Buyer is who the invoice is made out to.
type Buyer struct {
	Name, Email, Phone, Address, City, PostCode string
	CompanyName, CompanyNumber, CompanyPIB      string
}

// Line is one product; Price is per unit and, like Total, includes VAT at VatBps.
type Line struct {
	SKU, Name string
	Price     money.Para
	Quantity  int
	Total     money.Para
	VatBps    int
}

// Payment is what the buyer writes on the payment order, and its IPS QR code (PNG; nil: none).
type Payment struct {
	Reference string // model 97 reference, e.g. 97 45 2026000123
	Purpose   string
	QRPNG     []byte
}

// Document is everything on the invoice.
type Document struct {
	Number        string
	IssuedAt      time.Time
	ValidUntil    time.Time // a calendar date: its UTC date is printed
	IssuePlace    string
	PaymentMethod string // its label
	Seller        Seller
	Banks         []BankAccount
	Buyer         Buyer
	Lines         []Line
	Note          string
	Payment       *Payment
	// Compress is off in tests, so the text and the fonts' Unicode maps can be read in the file.
	Compress bool
}

// VATRow is one VAT rate's share of the invoice.
type VATRow struct {
	VatBps int
	Base   money.Para
	VAT    money.Para
	Total  money.Para
}

// VATBreakdown groups the lines by VAT rate (highest first). Prices include VAT, so each rate's
// base is its total × 10000 / (10000 + rate in basis points), rounded half up to the para, and
// its VAT is the rest: base + VAT is the rate's total exactly, and the rates' totals add up to
// the invoice's total (one rounding per rate, not per line).
func VATBreakdown(lines []Line) []VATRow {
	by := map[int]money.Para{}
	for _, l := range lines {
		by[l.VatBps] += l.Total
	}
	out := make([]VATRow, 0, len(by))
	for bps, total := range by {
		base := baseOf(total, bps)
		out = append(out, VATRow{VatBps: bps, Base: base, VAT: total - base, Total: total})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].VatBps > out[j].VatBps })
	return out
}

// baseOf is total without VAT at bps, rounded half away from zero (integer arithmetic only).
func baseOf(total money.Para, bps int) money.Para {
	den := int64(10000 + bps)
	num := int64(total) * 10000
	if num < 0 {
		return -money.Para((-num*2 + den) / (2 * den))
	}
	return money.Para((num*2 + den) / (2 * den))
}

// Total is the sum of the lines.
func Total(lines []Line) money.Para {
	var t money.Para
	for _, l := range lines {
		t += l.Total
	}
	return t
}

// Amount writes para the Serbian way: 1.234,50.
func Amount(p money.Para) string {
	s := money.Format(int64(p))
	neg := strings.HasPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return b.String() + "," + frac
}

// rate writes basis points as a percentage: 2000 -> 20%, 1050 -> 10,5%.
func rate(bps int) string {
	s := fmt.Sprintf("%d", bps/100)
	if r := bps % 100; r != 0 {
		s += strings.TrimRight(fmt.Sprintf(",%02d", r), "0")
	}
	return s + "%"
}

func day(t time.Time) string { return t.In(clock.Zone).Format("02.01.2006.") }

// FormatAccount writes an 18-digit account as banks print it: 160-0000000012345-67.
func FormatAccount(a string) string {
	if len(a) != 18 {
		return a
	}
	return a[:3] + "-" + a[3:16] + "-" + a[16:]
}

const (
	family = "dejavu"
	left   = 15.0
	width  = 180.0 // A4 minus the margins
)

// Render draws the document.
func Render(d Document) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(d.Compress)
	pdf.SetMargins(left, 15, left)
	pdf.SetAutoPageBreak(true, 15)
	pdf.SetCreationDate(d.IssuedAt)
	pdf.SetModificationDate(d.IssuedAt)
	pdf.SetTitle("Profaktura "+d.Number, true)
	pdf.SetAuthor(d.Seller.Name, true)
	pdf.AddUTF8FontFromBytes(family, "", fontRegular)
	pdf.AddUTF8FontFromBytes(family, "B", fontBold)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont(family, "", 7)
		pdf.CellFormat(0, 4, fmt.Sprintf("%s · strana %d/{nb}", d.Number, pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()

	seller(pdf, d)
	title(pdf, d)
	buyer(pdf, d)
	items(pdf, d)
	totals(pdf, d)
	payment(pdf, d)

	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("invoice pdf: %w", err)
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("invoice pdf: %w", err)
	}
	return out.Bytes(), nil
}

// line writes one line of text when it is not empty.
func line(pdf *fpdf.Fpdf, h float64, label, value string) {
	if strings.TrimSpace(value) == "" {
		return
	}
	if label != "" {
		value = label + ": " + value
	}
	pdf.CellFormat(0, h, value, "", 1, "L", false, 0, "")
}

func seller(pdf *fpdf.Fpdf, d Document) {
	s := d.Seller
	pdf.SetFont(family, "B", 12)
	line(pdf, 6, "", s.Name)
	pdf.SetFont(family, "", 8)
	line(pdf, 4, "", s.Address)
	line(pdf, 4, "Tel", strings.Join(nonEmpty(s.Phone, prefixed("faks ", s.Fax)), ", "))
	line(pdf, 4, "", strings.Join(nonEmpty(s.Email, s.Web), " · "))
	line(pdf, 4, "", strings.Join(nonEmpty(prefixed("PIB ", s.PIB), prefixed("MB ", s.RegistrationNumber), prefixed("šifra delatnosti ", s.ActivityCode)), " · "))
	line(pdf, 4, "Banka", s.Bank)
	pdf.Ln(3)
}

func prefixed(p, v string) string {
	if strings.TrimSpace(v) == "" {
		return ""
	}
	return p + v
}

func nonEmpty(vs ...string) []string {
	var out []string
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			out = append(out, v)
		}
	}
	return out
}

func title(pdf *fpdf.Fpdf, d Document) {
	pdf.SetFont(family, "B", 15)
	pdf.CellFormat(0, 9, "PROFAKTURA br. "+d.Number, "B", 1, "L", false, 0, "")
	pdf.SetFont(family, "", 9)
	pdf.Ln(1)
	pdf.CellFormat(0, 5, strings.Join(nonEmpty("Datum izdavanja: "+day(d.IssuedAt), "Važi do: "+d.ValidUntil.UTC().Format("02.01.2006."), prefixed("Mesto izdavanja: ", d.IssuePlace)), "   "),
		"", 1, "L", false, 0, "")
	line(pdf, 5, "Način plaćanja", d.PaymentMethod)
	pdf.Ln(3)
}

func buyer(pdf *fpdf.Fpdf, d Document) {
	b := d.Buyer
	pdf.SetFont(family, "B", 10)
	pdf.CellFormat(0, 6, "Kupac", "", 1, "L", false, 0, "")
	pdf.SetFont(family, "", 9)
	line(pdf, 5, "", b.CompanyName)
	line(pdf, 5, "", strings.Join(nonEmpty(prefixed("PIB ", b.CompanyPIB), prefixed("MB ", b.CompanyNumber)), " · "))
	line(pdf, 5, "", b.Name)
	line(pdf, 5, "", strings.Join(nonEmpty(b.Address, strings.TrimSpace(b.PostCode+" "+b.City)), ", "))
	line(pdf, 5, "", strings.Join(nonEmpty(b.Phone, b.Email), " · "))
	pdf.Ln(3)
}

// columns of the items table: no., SKU, name, quantity, unit price, VAT rate, amount.
var itemCols = []struct {
	head  string
	w     float64
	align string
}{{"R.br.", 10, "C"}, {"Šifra", 24, "L"}, {"Naziv", 70, "L"}, {"Kol.", 12, "R"}, {"Cena sa PDV", 24, "R"}, {"PDV", 14, "R"}, {"Iznos sa PDV", 26, "R"}}

func items(pdf *fpdf.Fpdf, d Document) {
	head := func() {
		pdf.SetFont(family, "B", 8)
		pdf.SetFillColor(235, 235, 235)
		for _, c := range itemCols {
			pdf.CellFormat(c.w, 6, c.head, "1", 0, c.align, true, 0, "")
		}
		pdf.Ln(-1)
		pdf.SetFont(family, "", 8)
	}
	head()
	for i, l := range d.Lines {
		name := pdf.SplitText(l.Name, itemCols[2].w-2)
		h := 5 * float64(max(1, len(name)))
		if pdf.GetY()+h > 270 {
			pdf.AddPage()
			head()
		}
		x, y := pdf.GetXY()
		vals := []string{fmt.Sprintf("%d", i+1), l.SKU, "", fmt.Sprintf("%d", l.Quantity), Amount(l.Price), rate(l.VatBps), Amount(l.Total)}
		for j, c := range itemCols {
			if j == 2 {
				pdf.Rect(x, y, c.w, h, "D")
				pdf.MultiCell(c.w, 5, strings.Join(name, "\n"), "", "L", false)
				pdf.SetXY(x+c.w, y)
			} else {
				pdf.CellFormat(c.w, h, vals[j], "1", 0, c.align, false, 0, "")
			}
			x += c.w
		}
		pdf.SetXY(left, y+h)
	}
	pdf.Ln(4)
}

func totals(pdf *fpdf.Fpdf, d Document) {
	rows := VATBreakdown(d.Lines)
	cols := []float64{30, 35, 35, 35}
	pdf.SetX(left + width - 135)
	pdf.SetFont(family, "B", 8)
	for i, h := range []string{"Stopa PDV", "Osnovica", "PDV", "Ukupno"} {
		pdf.CellFormat(cols[i], 6, h, "1", 0, "R", false, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont(family, "", 8)
	var base, vat money.Para
	for _, r := range rows {
		pdf.SetX(left + width - 135)
		for i, v := range []string{rate(r.VatBps), Amount(r.Base), Amount(r.VAT), Amount(r.Total)} {
			pdf.CellFormat(cols[i], 5, v, "1", 0, "R", false, 0, "")
		}
		pdf.Ln(-1)
		base += r.Base
		vat += r.VAT
	}
	pdf.SetX(left + width - 135)
	pdf.SetFont(family, "B", 8)
	for i, v := range []string{"Svega", Amount(base), Amount(vat), Amount(Total(d.Lines))} {
		pdf.CellFormat(cols[i], 5, v, "1", 0, "R", false, 0, "")
	}
	pdf.Ln(8)
	pdf.SetFont(family, "B", 12)
	pdf.CellFormat(0, 7, "Ukupno za uplatu: "+Amount(Total(d.Lines))+" RSD", "", 1, "R", false, 0, "")
	pdf.Ln(3)
}

func payment(pdf *fpdf.Fpdf, d Document) {
	if pdf.GetY() > 215 {
		pdf.AddPage()
	}
	top := pdf.GetY()
	textW := width
	if d.Payment != nil && len(d.Payment.QRPNG) > 0 {
		textW = width - 50
		pdf.RegisterImageOptionsReader("ips-qr", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(d.Payment.QRPNG))
		pdf.ImageOptions("ips-qr", left+width-45, top, 45, 45, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		pdf.SetXY(left+width-45, top+45)
		pdf.SetFont(family, "", 7)
		pdf.MultiCell(45, 3.5, "NBS IPS QR: skenirajte u aplikaciji banke i platite", "", "C", false)
		pdf.SetXY(left, top)
	}
	pdf.SetFont(family, "B", 10)
	pdf.CellFormat(textW, 6, "Podaci za uplatu", "", 1, "L", false, 0, "")
	pdf.SetFont(family, "", 9)
	payee := d.Seller.Name
	if d.Seller.Address != "" {
		payee += ", " + d.Seller.Address
	}
	pdf.MultiCell(textW, 5, "Primalac: "+payee, "", "L", false)
	for _, b := range d.Banks {
		pdf.MultiCell(textW, 5, "Račun: "+FormatAccount(b.Account)+" ("+b.Name+")", "", "L", false)
	}
	pdf.MultiCell(textW, 5, "Iznos: "+Amount(Total(d.Lines))+" RSD", "", "L", false)
	if d.Payment != nil {
		if d.Payment.Reference != "" {
			ref := d.Payment.Reference
			pdf.MultiCell(textW, 5, "Model: 97   Poziv na broj: "+strings.TrimPrefix(ref, "97"), "", "L", false)
		}
		if d.Payment.Purpose != "" {
			pdf.MultiCell(textW, 5, "Svrha uplate: "+d.Payment.Purpose, "", "L", false)
		}
	}
	if strings.TrimSpace(d.Note) != "" {
		pdf.Ln(2)
		pdf.MultiCell(textW, 5, "Napomena: "+d.Note, "", "L", false)
	}
	pdf.Ln(2)
	pdf.SetFont(family, "", 7)
	pdf.MultiCell(textW, 3.5, "Profaktura nije poreska faktura. Važi do navedenog datuma; isporuka posle uplate. Cene su u dinarima (RSD) sa PDV-om.", "", "L", false)
}
