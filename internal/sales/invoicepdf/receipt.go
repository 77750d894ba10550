package invoicepdf

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Receipt is a fiscal receipt as the customer downloads it: the device's journal exactly as
// signed, its verification QR code and link. Test marks one the simulator signed.
type Receipt struct {
	Title           string // e.g. "Fiskalni račun 2026-000123"
	InvoiceNumber   string
	SignedAt        time.Time
	Journal         string
	QR              []byte // PNG or GIF as the device sent it
	VerificationURL string
	Test            string // the test notice ("": a real receipt)
	Compress        bool
}

// journalCell is one character's width: the journal is laid out in fixed columns (40 on the
// device's paper), and DejaVu Sans is proportional, so each character gets its own cell.
const journalCell = 2.3

// RenderReceipt draws the receipt on A4: the journal in its columns, the QR code under it and
// the verification link.
func RenderReceipt(r Receipt) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(r.Compress)
	pdf.SetMargins(left, 15, left)
	pdf.SetAutoPageBreak(true, 15)
	pdf.SetCreationDate(r.SignedAt)
	pdf.SetModificationDate(r.SignedAt)
	pdf.SetTitle(r.Title, true)
	pdf.AddUTF8FontFromBytes(family, "", fontRegular)
	pdf.AddUTF8FontFromBytes(family, "B", fontBold)
	pdf.AddPage()
	pdf.SetFont(family, "B", 13)
	pdf.MultiCell(0, 7, r.Title, "", "L", false)
	if r.Test != "" {
		pdf.SetTextColor(180, 0, 0)
		pdf.SetFont(family, "B", 11)
		pdf.MultiCell(0, 6, r.Test, "", "L", false)
		pdf.SetTextColor(0, 0, 0)
	}
	pdf.Ln(3)
	pdf.SetFont(family, "", 8.5)
	x0 := left + 20
	for _, ln := range strings.Split(strings.ReplaceAll(r.Journal, "\r\n", "\n"), "\n") {
		pdf.SetX(x0)
		for _, ch := range ln {
			pdf.CellFormat(journalCell, 3.8, string(ch), "", 0, "C", false, 0, "")
		}
		pdf.Ln(3.8)
	}
	if len(r.QR) > 0 {
		kind := "PNG"
		if http.DetectContentType(r.QR) == "image/gif" {
			kind = "GIF"
		}
		if pdf.GetY() > 230 {
			pdf.AddPage()
		}
		y := pdf.GetY() + 3
		pdf.RegisterImageOptionsReader("receipt-qr", fpdf.ImageOptions{ImageType: kind}, bytes.NewReader(r.QR))
		pdf.ImageOptions("receipt-qr", x0+(40*journalCell-45)/2, y, 45, 45, false, fpdf.ImageOptions{ImageType: kind}, 0, "")
		pdf.SetY(y + 48)
	}
	if r.VerificationURL != "" {
		pdf.SetFont(family, "", 8)
		pdf.SetTextColor(0, 0, 180)
		pdf.SetX(left)
		pdf.MultiCell(0, 4, "Provera računa: "+r.VerificationURL, "", "L", false)
		pdf.LinkString(left, pdf.GetY()-4, width, 4, r.VerificationURL)
		pdf.SetTextColor(0, 0, 0)
	}
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("receipt pdf: %w", err)
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("receipt pdf: %w", err)
	}
	return out.Bytes(), nil
}
