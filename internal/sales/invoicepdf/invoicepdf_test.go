package invoicepdf

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/money"
)

func TestVATBreakdown(t *testing.T) {
	lines := []Line{
		{Total: 12000_00, VatBps: 2000}, // 10.000,00 + 2.000,00
		{Total: 1_00, VatBps: 2000},     // joins the 20 % rate: 12.001,00 -> base 10.000,833.. -> 10.000,83
		{Total: 110_00, VatBps: 1000},   // 100,00 + 10,00
		{Total: 5_55, VatBps: 1000},     // 115,55 at 10 % -> 105,045.. -> 105,05
		{Total: 300_00, VatBps: 0},
	}
	got := VATBreakdown(lines)
	want := []VATRow{
		{VatBps: 2000, Base: 10000_83, VAT: 2000_17, Total: 12001_00},
		{VatBps: 1000, Base: 105_05, VAT: 10_50, Total: 115_55},
		{VatBps: 0, Base: 300_00, VAT: 0, Total: 300_00},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("breakdown (-want +got):\n%s", d)
	}
	var sum money.Para
	for _, r := range got {
		if r.Base+r.VAT != r.Total {
			t.Errorf("rate %d: base %d + VAT %d != total %d", r.VatBps, r.Base, r.VAT, r.Total)
		}
		sum += r.Total
	}
	if sum != Total(lines) {
		t.Errorf("rates add up to %d, the invoice is %d", sum, Total(lines))
	}
	// Half up: 1,20 at 20 % is exactly 1,00 + 0,20; 0,03 at 20 % is 0,025 -> 0,03 base.
	for _, c := range []struct {
		total, base money.Para
		bps         int
	}{{120, 100, 2000}, {3, 3, 2000}, {1, 1, 2000}, {-120, -100, 2000}, {0, 0, 2000}} {
		if b := baseOf(c.total, c.bps); b != c.base {
			t.Errorf("baseOf(%d, %d) = %d, want %d", c.total, c.bps, b, c.base)
		}
	}
}

func TestAmountAndAccount(t *testing.T) {
	for in, want := range map[money.Para]string{0: "0,00", 5: "0,05", 123456789: "1.234.567,89", -100050: "-1.000,50"} {
		if got := Amount(in); got != want {
			t.Errorf("Amount(%d) = %q, want %q", in, got, want)
		}
	}
	if got := FormatAccount("160000000001234567"); got != "160-0000000012345-67" {
		t.Errorf("FormatAccount: %q", got)
	}
	if got := rate(1050); got != "10,5%" {
		t.Errorf("rate(1050) = %q", got)
	}
}

func sample() Document {
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	return Document{
		Number: "PR-2026-000042", IssuedAt: at, ValidUntil: at.AddDate(0, 0, 8), IssuePlace: "Beograd", PaymentMethod: "Uplata na račun",
		Seller: Seller{Name: "Računari Đorđević d.o.o.", Address: "Kneza Miloša 12, Beograd", Phone: "011 123 4567", Email: "prodaja@example.rs",
			PIB: "100000024", RegistrationNumber: "07654321", ActivityCode: "4791", Bank: "Banka Intesa"},
		Banks: []BankAccount{{Name: "Banka Intesa", Account: "160000000001234567"}},
		Buyer: Buyer{Name: "Čedomir Šćekić", Email: "ceda@example.rs", Address: "Žička 5", City: "Niš", PostCode: "18000", CompanyName: "Žućkasti đak d.o.o.",
			CompanyPIB: "100000049"},
		Lines: []Line{
			{SKU: "LA-1", Name: "Laptop Lenovo čćšđž ČĆŠĐŽ", Price: 60000_00, Quantity: 2, Total: 120000_00, VatBps: 2000},
			{SKU: "KN-7", Name: "Knjiga o đacima", Price: 1100_00, Quantity: 1, Total: 1100_00, VatBps: 1000},
		},
		Payment: &Payment{Reference: "97452026000042", Purpose: "Uplata po profakturi PR-2026-000042"},
	}
}

// TestRenderText: the PDF opens (header, a page), and its text, read back the way a PDF reader
// does (each string's codes through the font's identity ToUnicode map), carries the Serbian
// letters, the totals and the per-rate VAT; each of č ć š đ ž has a glyph in the embedded subset.
func TestRenderText(t *testing.T) {
	d := sample()
	raw, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte("%PDF-")) || !bytes.Contains(raw, []byte("%%EOF")) {
		t.Fatal("not a PDF file")
	}
	d.Compress = false
	raw, err = Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`/Type /Page\b`).Match(raw) {
		t.Fatal("no page")
	}
	if !bytes.Contains(raw, []byte("/CMapName /Adobe-Identity-UCS")) || !bytes.Contains(raw, []byte("<0000> <FFFF> <0000>")) {
		t.Fatal("the font has no identity ToUnicode map: its codes would not read back as text")
	}
	text := pdfText(raw)
	for _, want := range []string{
		"Računari Đorđević d.o.o.", "PROFAKTURA br. PR-2026-000042", "Čedomir Šćekić", "Žućkasti đak d.o.o.", "Laptop Lenovo čćšđž ČĆŠĐŽ",
		"Važi do: 10.03.2026.", "Mesto izdavanja: Beograd", "PIB 100000049",
		"120.000,00", "100.000,00", "20.000,00", // 20 %: total, base, VAT
		"1.100,00", "1.000,00", "100,00", // 10 %
		"Ukupno za uplatu: 121.100,00 RSD", "Račun: 160-0000000012345-67 (Banka Intesa)", "Poziv na broj: 452026000042",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q", want)
		}
	}
	gids := cidToGID(t, raw)
	for _, r := range "čćšđžČĆŠĐŽ" {
		if int(r)*2+1 >= len(gids) || gids[int(r)*2] == 0 && gids[int(r)*2+1] == 0 {
			t.Errorf("U+%04X has no glyph in the embedded font", r)
		}
	}
}

func TestRenderQR(t *testing.T) {
	d := sample()
	// A 1x1 PNG stands in for the QR code: the layout must place it.
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x00\x00\x00\x00:~\x9bU\x00\x00\x00\nIDATx\x9cc\xfa\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
	d.Payment.QRPNG = png
	raw, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("/Subtype /Image")) {
		t.Error("no image in the PDF")
	}
}

var tj = regexp.MustCompile(`\(((?:\\.|[^\\)])*)\)\s*Tj`)

// pdfText reads every shown string of the uncompressed content streams: PDF string escapes
// undone, then the two-byte codes as UTF-16 (the identity ToUnicode map), one line each.
func pdfText(raw []byte) string {
	var out strings.Builder
	for _, m := range tj.FindAllSubmatch(raw, -1) {
		b := unescape(m[1])
		u := make([]uint16, 0, len(b)/2)
		for i := 0; i+1 < len(b); i += 2 {
			u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
		}
		out.WriteString(string(utf16.Decode(u)))
		out.WriteByte('\n')
	}
	return out.String()
}

func unescape(s []byte) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(string(s[i:j]), 8, 8)
			out = append(out, byte(n))
			i = j - 1
		default:
			out = append(out, c)
		}
	}
	return out
}

// cidToGID inflates the regular font's CIDToGIDMap (not the bold one's: fpdf writes the fonts
// in map order): two bytes of glyph id per code.
func cidToGID(t *testing.T, raw []byte) []byte {
	t.Helper()
	m := regexp.MustCompile(`/Subtype /CIDFontType2\s*/BaseFont /utf8dejavu\s[^>]*?/CIDToGIDMap (\d+) 0 R`).FindSubmatch(raw)
	if m == nil {
		t.Fatal("no CIDToGIDMap of the regular font")
	}
	obj := []byte("\n" + string(m[1]) + " 0 obj")
	i := bytes.Index(raw, obj)
	if i < 0 {
		t.Fatal("CIDToGIDMap object missing")
	}
	rest := raw[i:]
	s := bytes.Index(rest, []byte("stream\n")) + len("stream\n")
	e := bytes.Index(rest, []byte("\nendstream"))
	zr, err := zlib.NewReader(bytes.NewReader(rest[s:e]))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRenderManyLines: a long invoice breaks onto more pages, the table's head repeated, and
// every line and the total are still there.
func TestRenderManyLines(t *testing.T) {
	d := sample()
	d.Lines = nil
	for i := 0; i < 80; i++ {
		d.Lines = append(d.Lines, Line{SKU: "S-" + strconv.Itoa(i), Name: "Proizvod broj " + strconv.Itoa(i), Price: 100_00, Quantity: 1, Total: 100_00, VatBps: 2000})
	}
	raw, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`/Type /Page\b`).FindAll(raw, -1)); n < 2 {
		t.Fatalf("%d pages for 80 lines", n)
	}
	text := pdfText(raw)
	if strings.Count(text, "Cena sa PDV") < 2 || !strings.Contains(text, "Proizvod broj 79") || !strings.Contains(text, "Ukupno za uplatu: 8.000,00 RSD") {
		t.Error("a page lacks the table head, the last line or the total")
	}
}
