package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strings"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"shop/internal/catalog"
	"shop/internal/platform/blob"
)

// The demo's product pictures: a drawing of the product's kind (a laptop, a phone, a
// fridge, ...) in its brand's colour with the brand's name under it, made here with the
// standard image package (no downloads).

type canvas struct{ *image.RGBA }

func (c canvas) rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.RGBA, image.Rect(x0, y0, x1, y1), &image.Uniform{col}, image.Point{}, draw.Over)
}

func (c canvas) circle(cx, cy, r int, col color.Color) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r {
				c.Set(x, y, col)
			}
		}
	}
}

// text writes s centred at y, scaled from the 7×13 basic font.
func (c canvas) text(s string, y, scale int, col color.Color) {
	face := basicfont.Face7x13
	w := font.MeasureString(face, s).Ceil()
	small := image.NewRGBA(image.Rect(0, 0, w+2, 16))
	d := &font.Drawer{Dst: small, Src: &image.Uniform{col}, Face: face, Dot: fixed.P(1, 12)}
	d.DrawString(s)
	for scale > 1 && (w+2)*scale > c.Bounds().Dx()*9/10 {
		scale--
	}
	ox := (c.Bounds().Dx() - (w+2)*scale) / 2
	for yy := 0; yy < 16*scale; yy++ {
		for xx := 0; xx < (w+2)*scale; xx++ {
			if px := small.RGBAAt(xx/scale, yy/scale); px.A > 0 {
				c.Set(ox+xx, y+yy, px)
			}
		}
	}
}

var (
	picDark  = color.RGBA{38, 50, 56, 255}
	picGlass = color.RGBA{144, 202, 249, 255}
	picLight = color.RGBA{236, 239, 241, 255}
	picWhite = color.RGBA{250, 250, 250, 255}
)

// drawKind is a 600×600 PNG of a product of the kind in the brand's colour.
func drawKind(kind, brand string) ([]byte, error) {
	img := canvas{image.NewRGBA(image.Rect(0, 0, 600, 600))}
	img.rect(0, 0, 600, 600, picWhite)
	b := brandColor(brand)
	switch kind {
	case "laptop":
		img.rect(130, 120, 470, 340, b)
		img.rect(145, 135, 455, 325, picGlass)
		img.rect(90, 340, 510, 370, b)
		img.rect(260, 345, 340, 352, picDark)
	case "desktop":
		img.rect(90, 130, 370, 320, picDark)
		img.rect(102, 142, 358, 308, picGlass)
		img.rect(215, 320, 245, 370, picDark)
		img.rect(170, 370, 290, 382, picDark)
		img.rect(400, 120, 500, 382, b)
		img.circle(450, 160, 12, picLight)
		img.rect(415, 220, 485, 226, picLight)
		img.rect(415, 240, 485, 246, picLight)
	case "card":
		img.rect(100, 170, 500, 330, b)
		img.circle(210, 250, 55, picDark)
		img.circle(390, 250, 55, picDark)
		img.circle(210, 250, 12, picLight)
		img.circle(390, 250, 12, picLight)
		for x := 120; x < 480; x += 24 {
			img.rect(x, 330, x+14, 355, color.RGBA{212, 175, 55, 255})
		}
	case "monitor", "tv":
		w := 380
		if kind == "tv" {
			w = 440
		}
		x0 := 300 - w/2
		img.rect(x0, 110, x0+w, 350, picDark)
		img.rect(x0+12, 122, x0+w-12, 338, b)
		img.rect(x0+12, 122, x0+w/2, 230, color.RGBA{255, 255, 255, 60})
		img.rect(285, 350, 315, 385, picDark)
		img.rect(220, 385, 380, 395, picDark)
	case "phone", "tablet":
		w, h := 170, 320
		if kind == "tablet" {
			w, h = 300, 330
		}
		x0, y0 := 300-w/2, 70
		img.rect(x0, y0, x0+w, y0+h, picDark)
		img.rect(x0+10, y0+20, x0+w-10, y0+h-20, b)
		img.circle(300, y0+h-10, 5, picLight)
	case "watch":
		img.rect(250, 70, 350, 400, picDark)
		img.circle(300, 235, 95, picDark)
		img.circle(300, 235, 80, b)
		img.rect(298, 170, 303, 240, picWhite)
		img.rect(298, 235, 350, 240, picWhite)
	case "headphones":
		for a := 0; a < 180; a++ {
			for t := 0; t < 22; t++ {
				x, y := arc(300, 250, 150-t, a)
				img.Set(x, y, picDark)
			}
		}
		img.rect(130, 240, 190, 370, b)
		img.rect(410, 240, 470, 370, b)
	case "speaker":
		img.rect(170, 90, 430, 400, b)
		img.circle(300, 300, 75, picDark)
		img.circle(300, 300, 25, picLight)
		img.circle(300, 160, 35, picDark)
	case "fridge":
		img.rect(190, 50, 410, 420, b)
		img.rect(190, 190, 410, 196, picDark)
		img.rect(380, 90, 392, 160, picLight)
		img.rect(380, 220, 392, 320, picLight)
	case "washer", "stove":
		img.rect(150, 90, 450, 410, b)
		img.rect(150, 90, 450, 140, picLight)
		if kind == "washer" {
			img.circle(300, 280, 100, picDark)
			img.circle(300, 280, 80, picGlass)
		} else {
			img.rect(190, 200, 410, 380, picDark)
			img.rect(205, 215, 395, 365, color.RGBA{255, 183, 77, 255})
		}
		for x := 190; x < 430; x += 60 {
			img.circle(x, 115, 12, picDark)
		}
	case "vacuum":
		img.rect(290, 60, 310, 340, picDark)
		img.rect(260, 90, 340, 230, b)
		img.rect(200, 340, 400, 380, b)
	case "robot":
		img.circle(300, 240, 170, b)
		img.circle(300, 240, 150, picDark)
		img.circle(300, 240, 140, b)
		img.circle(300, 150, 30, picLight)
	case "coffee", "blender":
		img.rect(190, 70, 410, 120, b)
		img.rect(200, 120, 400, 330, b)
		img.rect(190, 330, 410, 400, picDark)
		if kind == "coffee" {
			img.rect(260, 250, 340, 330, picWhite)
			img.rect(300, 120, 310, 240, picDark)
		} else {
			img.rect(230, 130, 370, 320, picGlass)
		}
	case "printer", "scanner":
		img.rect(120, 170, 480, 360, b)
		img.rect(160, 130, 440, 170, picLight)
		if kind == "printer" {
			img.rect(180, 330, 420, 400, picWhite)
			img.rect(180, 330, 420, 336, picDark)
		} else {
			img.rect(140, 190, 460, 210, picDark)
		}
		img.circle(440, 200, 8, picGlass)
	case "cartridge":
		img.rect(200, 110, 400, 380, b)
		img.rect(240, 150, 360, 250, picLight)
		img.rect(270, 380, 330, 410, picDark)
	case "book":
		img.rect(180, 70, 420, 410, b)
		img.rect(180, 70, 205, 410, picDark)
		img.rect(230, 130, 390, 150, picLight)
		img.rect(230, 170, 360, 182, picLight)
	default:
		img.rect(150, 120, 450, 380, b)
	}
	img.text(strings.ToUpper(brand), 450, 5, picDark)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img.RGBA); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// arc is the point of a half circle of radius r over (cx, cy), at degree a (0 left, 180 right).
func arc(cx, cy, r, a int) (int, int) {
	rad := float64(180-a) * math.Pi / 180
	return cx + int(float64(r)*math.Cos(rad)), cy - int(float64(r)*math.Sin(rad))
}

// seedImages gives the newest limit products a picture of their kind: for each kind and brand,
// the first product's picture goes through the images area's upload path (checks, variants);
// the others get copies of its stored objects, under their own keys, so deleting one product's
// picture leaves the others'.
func seedImages(ctx context.Context, cat *catalog.Service, blobs blob.Store, gdbRows func([]catalog.ProductImage) error, products []productRef, limit int) error {
	limit = min(limit, len(products))
	newest := products[len(products)-limit:]
	first := map[string]*catalog.ProductImage{}
	var rows []catalog.ProductImage
	now := time.Now().UTC()
	for _, p := range newest {
		group := p.Picture + "|" + p.Brand
		src, ok := first[group]
		if !ok {
			png, err := drawKind(p.Picture, p.Brand)
			if err != nil {
				return err
			}
			img, err := cat.AddProductImage(ctx, p.ID, bytes.NewReader(png), true)
			if err != nil {
				return fmt.Errorf("product %d: %w", p.ID, err)
			}
			first[group] = img
			continue
		}
		row := catalog.ProductImage{ProductID: p.ID, Main: true, CreatedAt: now}
		for _, k := range []struct {
			from string
			to   *string
		}{{src.SmallKey, &row.SmallKey}, {src.LargeKey, &row.LargeKey}} {
			if k.from == "" {
				continue
			}
			*k.to = copyKey(k.from, p.ID)
			if err := copyBlob(ctx, blobs, k.from, *k.to); err != nil {
				return fmt.Errorf("product %d: %w", p.ID, err)
			}
		}
		rows = append(rows, row)
	}
	return gdbRows(rows)
}

// copyKey is a copy's key beside the original: its name with the product's id.
func copyKey(key string, productID uint64) string {
	dir, name := "", key
	if i := strings.LastIndex(key, "/"); i >= 0 {
		dir, name = key[:i+1], key[i+1:]
	}
	return fmt.Sprintf("%sdemo-%d-%s", dir, productID, name)
}

func copyBlob(ctx context.Context, blobs blob.Store, from, to string) error {
	rc, info, err := blobs.Open(ctx, from)
	if err != nil {
		return err
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		return err
	}
	return blobs.Put(ctx, to, bytes.NewReader(b), int64(len(b)), info.ContentType)
}
