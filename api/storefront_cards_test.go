package api_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// TestStorefrontCardStickers: a product card (category page, related products) carries the
// actions' stickers shown today by the shop's clock (active, today within from..to; Belgrade's
// date at 23:30 UTC) with the type's id, name, slug and image, and the energy label's URL (null
// without one).
func TestStorefrontCardStickers(t *testing.T) {
	t.Parallel()
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) { // Belgrade: 2026-11-24
		fx := productFixtureNew(t, a)
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		day := func(s string) time.Time {
			d, err := time.Parse(time.DateOnly, s)
			must(err)
			return d
		}
		mk := func(name string, set map[string]any) uint64 {
			t.Helper()
			p := fx.mustCreateProduct(t, fx.product("CS-"+name[:3], name, fx.cat2))
			set["active"], set["visible"], set["web_price"] = true, true, money.Para(100000)
			must(a.DB.Model(&catalog.Product{}).Where("id = ?", productIDOf(p)).Updates(set).Error)
			return productIDOf(p)
		}
		withAll := mk("Alfa sa stikerima", map[string]any{"energy_sticker_key": "stickers/energija-a.png", "created_at": time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)})
		plain := mk("Beta bez stikera", map[string]any{"created_at": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})

		black := catalog.CatalogStickerType{Name: "Crni petak", Slug: "crni-petak", StickerKey: "stickers/crni-petak.png"}
		over := catalog.CatalogStickerType{Name: "Leto", Slug: "leto", StickerKey: "stickers/leto.png"}
		off := catalog.CatalogStickerType{Name: "Ugašena", Slug: "ugasena"}
		later := catalog.CatalogStickerType{Name: "Od sutra", Slug: "od-sutra"}
		for _, st := range []*catalog.CatalogStickerType{&black, &over, &off, &later} {
			must(a.DB.Create(st).Error)
		}
		put := func(product uint64, st catalog.CatalogStickerType, from, to string, active bool) {
			t.Helper()
			must(a.DB.Create(&catalog.ProductCatalogSticker{ProductID: product, CatalogStickerTypeID: st.ID, ValidFrom: day(from), ValidTo: day(to), Active: active}).Error)
		}
		put(withAll, black, "2026-11-24", "2026-11-30", true) // starts today in Belgrade (UTC is still the 23rd)
		put(withAll, over, "2026-06-01", "2026-11-23", true)  // ended yesterday in Belgrade
		put(withAll, off, "2026-01-01", "2026-12-31", false)  // switched off
		put(withAll, later, "2026-11-25", "2026-12-31", true) // not yet
		put(plain, over, "2026-06-01", "2026-11-23", true)

		r := fx.ts.do(req{method: "GET", path: "/api/v1/categories/televizori/products"})
		if r.Status != 200 {
			t.Fatalf("category products: %d %s", r.Status, r.Raw)
		}
		var body struct {
			Data []struct {
				Name             string            `json:"name"`
				CatalogStickers  []json.RawMessage `json:"catalog_stickers"`
				EnergyStickerURL *string           `json:"energy_sticker_url"`
			} `json:"data"`
		}
		must(json.Unmarshal(r.Raw, &body))
		if len(body.Data) != 2 {
			t.Fatalf("cards: %s", r.Raw)
		}
		a0, b0 := body.Data[0], body.Data[1]
		if a0.Name != "Alfa sa stikerima" || len(a0.CatalogStickers) != 1 {
			t.Fatalf("first card: %s", r.Raw)
		}
		want := `{"id":` + jsonNum(black.ID) + `,"name":"Crni petak","slug":"crni-petak","image_url":"/media/stickers/crni-petak.png"}`
		if string(a0.CatalogStickers[0]) != want {
			t.Errorf("sticker: %s, want %s", a0.CatalogStickers[0], want)
		}
		if a0.EnergyStickerURL == nil || *a0.EnergyStickerURL != "/media/stickers/energija-a.png" {
			t.Errorf("energy sticker: %v", a0.EnergyStickerURL)
		}
		if b0.CatalogStickers == nil || len(b0.CatalogStickers) != 0 || b0.EnergyStickerURL != nil {
			t.Errorf("a card without stickers: %s", r.Raw)
		}
		if !jsonHas(r.Raw, `"catalog_stickers":[]`) || !jsonHas(r.Raw, `"energy_sticker_url":null`) {
			t.Errorf("empty stickers must be [] and null: %s", r.Raw)
		}

		// The product page's related cards carry them too.
		var slug string
		must(a.DB.Model(&catalog.Product{}).Where("id = ?", plain).Pluck("slug", &slug).Error)
		p := fx.ts.do(req{method: "GET", path: "/api/v1/products/" + slug})
		if p.Status != 200 || !jsonHas(p.Raw, `"slug":"crni-petak"`) {
			t.Errorf("related cards: %d %s", p.Status, p.Raw)
		}
	})
}

func jsonNum(n uint64) string { return strconv.FormatUint(n, 10) }

func jsonHas(raw []byte, part string) bool { return bytes.Contains(raw, []byte(part)) }
