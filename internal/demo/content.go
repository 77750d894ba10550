package demo

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"log/slog"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/platform/clock"
	"shop/internal/pricing"
)

// SeedContent gives the demo shop its storefront content: every static page (only pages not
// written yet), and, when the shop has none yet, banners for the home, search, category and
// product positions, four news items and the home screen (products, categories, two
// sections). Banners and news images need the object store (o.Blobs); without it only the
// pages and the home screen are seeded. It answers whether anything was created.
func SeedContent(ctx context.Context, gdb *gorm.DB, o CatalogOptions) (bool, error) {
	cat := o.Catalog
	if cat == nil {
		prices := pricing.NewService(gdb, nil, nil, nil, slog.New(slog.DiscardHandler), clock.System(), pricing.Options{})
		cat = catalog.NewService(gdb, o.Blobs, nil, prices, slog.New(slog.DiscardHandler), clock.System(), nil)
	}
	svc := content.NewService(gdb, cat, o.Blobs, nil, nil, clock.System())
	n, err := svc.SeedPages(ctx, DemoPages())
	if err != nil {
		return false, fmt.Errorf("demo pages: %w", err)
	}
	created := n > 0
	var counts struct{ Banners, News, Sections, Home int64 }
	if err := gdb.WithContext(ctx).Raw(`SELECT (SELECT COUNT(*) FROM banners) AS banners, (SELECT COUNT(*) FROM news) AS news,
		(SELECT COUNT(*) FROM home_sections) AS sections, (SELECT COUNT(*) FROM home_products) AS home`).Scan(&counts).Error; err != nil {
		return created, fmt.Errorf("demo content: %w", err)
	}
	// The newest shown products (those have pictures) and the top categories.
	var products []uint64
	if err := gdb.WithContext(ctx).Raw(`SELECT id FROM products WHERE active = ? AND visible = ? ORDER BY created_at DESC, id DESC LIMIT 24`,
		true, true).Scan(&products).Error; err != nil {
		return created, fmt.Errorf("demo content: %w", err)
	}
	var cats []uint64
	if err := gdb.WithContext(ctx).Raw(`SELECT id FROM categories WHERE parent_id IS NULL AND active = ? ORDER BY position, name, id LIMIT 6`,
		true).Scan(&cats).Error; err != nil {
		return created, fmt.Errorf("demo content: %w", err)
	}
	part := func(from, to int) []uint64 { return products[min(from, len(products)):min(to, len(products))] }
	if counts.Home == 0 && len(products) > 0 {
		if _, err := svc.SetHomeProducts(ctx, part(0, 8)); err != nil {
			return created, fmt.Errorf("demo home products: %w", err)
		}
		if _, err := svc.SetHomeCategories(ctx, cats); err != nil {
			return created, fmt.Errorf("demo home categories: %w", err)
		}
		created = true
	}
	if counts.Sections == 0 && len(products) > 0 {
		for i, s := range []content.SectionInput{
			{Name: "Izdvajamo iz ponude", ShowDesktop: true, ShowMobile: true, ProductIDs: part(8, 16), CategoryIDs: cats[:min(3, len(cats))]},
			{Name: "Najnovije u ponudi", ShowDesktop: true, ShowMobile: false, ProductIDs: part(16, 24)},
		} {
			order := i
			s.Order = &order
			if _, err := svc.CreateSection(ctx, s); err != nil {
				return created, fmt.Errorf("demo section: %w", err)
			}
		}
		created = true
	}
	if o.Blobs == nil {
		return created, nil
	}
	if counts.Banners == 0 {
		for i, b := range demoBanners {
			// The slider's and the home's banners are tall; the category and product pages' are
			// strips above or between content (the pages show them 1240×240).
			w, h := 1200, 360
			if b.position == content.PositionCategory || b.position == content.PositionProduct {
				w, h = 1240, 240
			}
			desktop, err := drawLabel(w, h, b.bg, b.text)
			if err != nil {
				return created, err
			}
			in := content.BannerInput{Name: b.name, Position: b.position, SortOrder: i, Link: b.link, Image: bytes.NewReader(desktop)}
			if b.position == content.PositionHomeSlider {
				mobile, err := drawLabel(700, 400, b.bg, b.text)
				if err != nil {
					return created, err
				}
				in.MobileImage = bytes.NewReader(mobile)
			}
			if b.position == content.PositionCategory && len(cats) > 0 {
				in.CategoryID = cats[0]
			}
			if _, err := svc.CreateBanner(ctx, in); err != nil {
				return created, fmt.Errorf("demo banner %s: %w", b.name, err)
			}
		}
		created = true
	}
	if counts.News == 0 {
		for _, n := range demoNews {
			img, err := drawLabel(800, 450, n.bg, n.label)
			if err != nil {
				return created, err
			}
			if _, err := svc.CreateNews(ctx, content.NewsInput{Title: n.title, Body: n.body, Image: bytes.NewReader(img)}); err != nil {
				return created, fmt.Errorf("demo news: %w", err)
			}
		}
		created = true
	}
	return created, nil
}

var demoBanners = []struct {
	name, position, link, text string
	bg                         color.RGBA
}{
	{"Besplatna dostava", content.PositionHomeSlider, "/uslovi-isporuke", "BESPLATNA DOSTAVA", color.RGBA{21, 101, 192, 255}},
	{"Akcije nedelje", content.PositionHomeSlider, "/akcije", "AKCIJE NEDELJE", color.RGBA{229, 57, 53, 255}},
	{"Kupovina na rate", content.PositionHomeSlider, "/placanje-na-rate", "KUPOVINA NA RATE", color.RGBA{46, 125, 50, 255}},
	{"Opremanje kancelarija", content.PositionHomeMiddle, "/opremanje-kancelarija", "OPREMANJE KANCELARIJA", color.RGBA{69, 90, 100, 255}},
	{"Pretraga: akcije", content.PositionSearchTop, "/akcije", "AKCIJE", color.RGBA{251, 140, 0, 255}},
	{"Pretraga: servis", content.PositionSearchBottom, "/servis", "SERVIS", color.RGBA{94, 53, 177, 255}},
	{"Kategorija: popust", content.PositionCategory, "/akcije", "DODATNI POPUST", color.RGBA{0, 131, 143, 255}},
	{"Proizvod: web kredit", content.PositionProduct, "/web-kredit", "WEB KREDIT", color.RGBA{121, 85, 72, 255}},
}

var demoNews = []struct {
	title, body, label string
	bg                 color.RGBA
}{
	{"Nova radnja na Novom Beogradu", `<p>Od ponedeljka vas čekamo u novoj radnji u Bulevaru Mihajla Pupina 10 na Novom Beogradu. Radno vreme je radnim danima od 08 do 17, subotom od 09 do 15 časova.</p><p>U radnji možete preuzeti porudžbine sa sajta i platiti karticom.</p>`, "NOVA RADNJA", color.RGBA{21, 101, 192, 255}},
	{"Besplatna dostava za sve porudžbine", `<p>Dostava na teritoriji cele Srbije je <strong>besplatna</strong>, bez obzira na iznos porudžbine. Pošiljke isporučuje kurirska služba u roku od 2 do 5 radnih dana.</p>`, "DOSTAVA", color.RGBA{46, 125, 50, 255}},
	{"Kupovina na do 24 rate bez kamate", `<p>Uz platne kartice banaka partnera laptopove, televizore i belu tehniku možete platiti na do <strong>24 mesečne rate bez kamate</strong>. Detalje pogledajte na stranici <a href="/placanje-na-rate">Plaćanje na rate</a>.</p>`, "NA RATE", color.RGBA{229, 57, 53, 255}},
	{"Servis računara i laptopova", `<p>Naš servis popravlja laptopove, računare, štampače i monitore svih proizvođača. Dijagnostika je besplatna kada prihvatite popravku.</p><ul><li><p>zamena ekrana i tastature</p></li><li><p>čišćenje i zamena termalne paste</p></li><li><p>instalacija operativnog sistema</p></li></ul>`, "SERVIS", color.RGBA{94, 53, 177, 255}},
}
