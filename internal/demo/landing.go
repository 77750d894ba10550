package demo

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"time"

	"gorm.io/gorm"

	"shop/internal/content"
	"shop/internal/platform/blob"
)

// seedLandingPages adds one landing page of each layout over the demo catalogue: the running
// Black Friday action with its products (layout 1), a banner with four cards and the newest
// products (layout 2), a banner with the main categories (layout 3). Banners are drawn when
// there is an object store.
func seedLandingPages(ctx context.Context, gdb *gorm.DB, blobs blob.Store, now time.Time) error {
	db := gdb.WithContext(ctx)
	var action struct{ ID uint64 }
	if err := db.Table("catalog_sticker_types").Select("id").Where("slug = ?", "black-friday").Take(&action).Error; err != nil {
		return err
	}
	var actionProducts, newest, mains []uint64
	if err := db.Table("products p").Joins("JOIN product_catalog_stickers pcs ON pcs.product_id = p.id").
		Where("pcs.catalog_sticker_type_id = ? AND p.active = ? AND p.visible = ?", action.ID, true, true).
		Order("p.id").Limit(8).Pluck("p.id", &actionProducts).Error; err != nil {
		return err
	}
	if err := db.Table("products").Where("active = ? AND visible = ?", true, true).Order("id DESC").Limit(8).Pluck("id", &newest).Error; err != nil {
		return err
	}
	if err := db.Table("categories").Where("parent_id IS NULL AND active = ?", true).Order("position, id").Limit(6).Pluck("id", &mains).Error; err != nil {
		return err
	}
	banner := func(name string, bg color.RGBA, text string) (string, error) {
		if blobs == nil {
			return "", nil
		}
		b, err := drawLabel(1200, 300, bg, text)
		if err != nil {
			return "", err
		}
		key := fmt.Sprintf("images/landing-pages/demo-%s.png", name)
		return key, blobs.Put(ctx, key, bytes.NewReader(b), int64(len(b)), "image/png")
	}
	cardsBanner, err := banner("opremanje-doma", color.RGBA{30, 136, 229, 255}, "OPREMITE DOM")
	if err != nil {
		return err
	}
	catsBanner, err := banner("sve-kategorije", color.RGBA{67, 160, 71, 255}, "SVE KATEGORIJE")
	if err != nil {
		return err
	}
	id := action.ID
	pages := []struct {
		page       content.LandingPage
		products   []uint64
		categories []uint64
	}{
		{content.LandingPage{Name: "Black Friday ponuda", Slug: "black-friday-ponuda", ModelID: content.LayoutAction, CatalogStickerTypeID: &id,
			TopDescription:    `<h2 style="text-align: center">Black Friday je stigao</h2><p style="text-align: center">Najniže cene godine na izabrane proizvode, dok traju zalihe.</p>`,
			Card1:             `<h3>Besplatna dostava</h3><p>Za sve porudžbine tokom akcije dostava na teritoriji Srbije je besplatna.</p>`,
			BottomDescription: `<p>Akcijske cene važe za online porudžbine u periodu trajanja akcije.</p>`, Link: "/akcije/black-friday"}, actionProducts, nil},
		{content.LandingPage{Name: "Opremanje doma", Slug: "opremanje-doma-ponuda", ModelID: content.LayoutCards, BannerKey: cardsBanner,
			TopDescription:    `<h2>Sve za vaš dom na jednom mestu</h2><p>Izaberite uređaje koji štede vreme i energiju.</p>`,
			Card1:             `<h3>Kuhinja</h3><p>Frižideri, šporeti i mali kućni aparati.</p>`,
			Card2:             `<h3>Dnevna soba</h3><p>Televizori i audio oprema.</p>`,
			Card3:             `<h3>Radni kutak</h3><p>Laptopovi, monitori i štampači.</p>`,
			Card4:             `<h3>Na rate</h3><p>Plaćanje do 24 rate bez kamate.</p>`,
			BottomDescription: `<p>Pozovite nas za savet pri izboru.</p>`, Link: "/opremanje-doma"}, newest, nil},
		{content.LandingPage{Name: "Sve kategorije", Slug: "sve-kategorije", ModelID: content.LayoutCategories, BannerKey: catsBanner,
			TopDescription:    `<h2 style="text-align: center">Pronađite ono što vam treba</h2>`,
			BottomDescription: `<p>Ne nalazite proizvod? Pišite nam.</p>`}, nil, mains},
	}
	for _, p := range pages {
		p.page.CreatedAt, p.page.UpdatedAt = now, now
		if err := db.Create(&p.page).Error; err != nil {
			return err
		}
		var rows [][]any
		for i, pid := range p.products {
			rows = append(rows, []any{p.page.ID, pid, i})
		}
		if err := insertRows(db, "landing_page_products", []string{"landing_page_id", "product_id", "position"}, rows); err != nil {
			return err
		}
		rows = nil
		for i, cid := range p.categories {
			rows = append(rows, []any{p.page.ID, cid, i})
		}
		if err := insertRows(db, "landing_page_categories", []string{"landing_page_id", "category_id", "position"}, rows); err != nil {
			return err
		}
	}
	return nil
}
