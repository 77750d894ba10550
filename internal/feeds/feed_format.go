package feeds

import (
	"bufio"
	"encoding/csv"
	"encoding/xml"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/catalog"
	"shop/internal/platform/clock"
	"shop/internal/platform/money"
)

// feedWriter writes one feed's format: a header, a row per product (false when the format
// leaves the product out), and an end.
type feedWriter interface {
	begin() error
	row(p *feedProduct) (bool, error)
	end() error
}

// writerFor is the format of feed name; shop is the shop's name (the Google feed's title).
func (f *Feeds) writerFor(name string, w *bufio.Writer, shop string) feedWriter {
	switch name {
	case FeedEponudaCSV:
		return &eponudaCSV{f: f, w: csv.NewWriter(w)}
	case FeedGoogle:
		return &googleRSS{f: f, w: w, title: shop}
	default:
		return &eponudaXML{f: f, w: w}
	}
}

// Stock status words of the feeds (Google's availability values).
const (
	inStock    = "in_stock"
	outOfStock = "out_of_stock"
)

func stockStatus(p *feedProduct) string {
	if p.Stock > 0 {
		return inStock
	}
	return outOfStock
}

func (f *Feeds) productURL(p *feedProduct) string {
	return f.publicURL + "/kategorije/" + p.CategorySlug + "/proizvodi/" + p.Slug
}

func (f *Feeds) imageURL(p *feedProduct) string {
	if p.ImageKey == "" {
		return ""
	}
	return f.publicURL + "/media/" + p.ImageKey
}

// EponudaCSVHeader is the e-ponuda CSV's first line.
var EponudaCSVHeader = []string{"sku", "name", "brand", "category", "price", "url", "image_url", "stock_status", "ean"}

type eponudaCSV struct {
	f   *Feeds
	w   *csv.Writer
	rec []string
}

func (e *eponudaCSV) begin() error {
	e.rec = make([]string, len(EponudaCSVHeader))
	return e.w.Write(EponudaCSVHeader)
}

func (e *eponudaCSV) row(p *feedProduct) (bool, error) {
	r := e.rec
	r[0], r[1], r[2], r[3] = p.SKU, p.Name, p.Brand, p.CategoryPath
	r[4], r[5], r[6], r[7], r[8] = money.Format(p.ShownPrice()), e.f.productURL(p), e.f.imageURL(p), stockStatus(p), p.EAN
	return true, e.w.Write(r)
}

func (e *eponudaCSV) end() error {
	e.w.Flush()
	return e.w.Error()
}

// eponudaXML: <products><product><sku/>...</product></products>, the CSV's fields as elements.
type eponudaXML struct {
	f *Feeds
	w *bufio.Writer
}

func (e *eponudaXML) begin() error {
	_, err := e.w.WriteString(xml.Header + "<products>\n")
	return err
}

func (e *eponudaXML) row(p *feedProduct) (bool, error) {
	w := e.w
	w.WriteString("<product>")
	element(w, "sku", p.SKU)
	element(w, "name", p.Name)
	element(w, "brand", p.Brand)
	element(w, "category", p.CategoryPath)
	element(w, "price", money.Format(p.ShownPrice()))
	element(w, "url", e.f.productURL(p))
	element(w, "image_url", e.f.imageURL(p))
	element(w, "stock_status", stockStatus(p))
	element(w, "ean", p.EAN)
	_, err := w.WriteString("</product>\n")
	return true, err
}

func (e *eponudaXML) end() error {
	_, err := e.w.WriteString("</products>\n")
	return err
}

// googleRSS is the Merchant Center feed: RSS 2.0 with the g: namespace. A product without an
// image is left out (image_link is required there).
type googleRSS struct {
	f     *Feeds
	w     *bufio.Writer
	title string
}

// GoogleNamespace is the g: prefix's namespace.
const GoogleNamespace = "http://base.google.com/ns/1.0"

func (g *googleRSS) begin() error {
	w := g.w
	w.WriteString(xml.Header + `<rss version="2.0" xmlns:g="` + GoogleNamespace + `">` + "\n<channel>\n")
	element(w, "title", g.title)
	element(w, "link", g.f.publicURL)
	element(w, "description", "Proizvodi")
	_, err := w.WriteString("\n")
	return err
}

func (g *googleRSS) row(p *feedProduct) (bool, error) {
	img := g.f.imageURL(p)
	if img == "" {
		return false, nil
	}
	w := g.w
	w.WriteString("<item>")
	element(w, "g:id", p.SKU)
	element(w, "g:title", cut(p.Name, 150))
	desc := strings.TrimSpace(p.Description)
	if desc == "" {
		desc = p.Name
	}
	element(w, "g:description", cut(desc, 5000))
	element(w, "g:link", g.f.productURL(p))
	element(w, "g:image_link", img)
	element(w, "g:availability", stockStatus(p))
	element(w, "g:price", money.Format(p.WebPrice)+" RSD")
	if p.OnSale() {
		element(w, "g:sale_price", money.Format(p.DiscountPrice.Int64)+" RSD")
		if p.SaleFrom.Valid && p.SaleTo.Valid {
			element(w, "g:sale_price_effective_date", saleDates(p))
		}
	}
	if p.Brand != "" {
		element(w, "g:brand", p.Brand)
	}
	if gtin := catalog.GTIN(p.EAN); gtin != "" {
		element(w, "g:gtin", gtin)
	} else if p.Brand == "" {
		element(w, "g:identifier_exists", "no")
	}
	element(w, "g:condition", "new")
	element(w, "g:product_type", p.CategoryPath)
	_, err := w.WriteString("</item>\n")
	return true, err
}

func (g *googleRSS) end() error {
	_, err := g.w.WriteString("</channel>\n</rss>\n")
	return err
}

// saleDates is the action's validity in ISO 8601 (start/end), from the first day's midnight
// to the last day's end in the shop's zone.
func saleDates(p *feedProduct) string {
	from := p.SaleFrom.Time
	to := p.SaleTo.Time
	start := clockDay(from.Year(), int(from.Month()), from.Day(), 0, 0)
	end := clockDay(to.Year(), int(to.Month()), to.Day(), 23, 59)
	return start + "/" + end
}

func clockDay(y, m, d, h, min int) string {
	return timeIn(y, m, d, h, min).Format("2006-01-02T15:04-0700")
}

// cut shortens s to at most n characters (runes).
func cut(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n { // no more bytes than n: no more runes
		return s
	}
	r := []rune(s)
	return string(r[:n])
}

// element writes <name>escaped text</name>.
func element(w *bufio.Writer, name, text string) {
	w.WriteByte('<')
	w.WriteString(name)
	w.WriteByte('>')
	escape(w, text)
	w.WriteString("</")
	w.WriteString(name)
	w.WriteByte('>')
}

// escape writes text as XML character data. Most values need nothing done: those are written
// as they are; the rest go through xml.EscapeText (entities, and U+FFFD for what XML forbids).
func escape(w *bufio.Writer, text string) {
	for i := 0; i < len(text); i++ {
		switch b := text[i]; {
		case b < 0x20, b == '<', b == '>', b == '&', b == '\'', b == '"':
			_ = xml.EscapeText(w, []byte(text))
			return
		}
	}
	if !utf8.ValidString(text) || strings.ContainsAny(text, "\uFFFE\uFFFF") {
		_ = xml.EscapeText(w, []byte(text))
		return
	}
	w.WriteString(text)
}

func timeIn(y, m, d, h, min int) time.Time {
	return time.Date(y, time.Month(m), d, h, min, 0, 0, clock.Zone)
}
