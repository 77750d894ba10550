package api_test

import (
	"fmt"
	"testing"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// salesFixture is a small shop to buy from: one category (min price 500 RSD, VAT 20 %) and
// products made straight in the database with their derived prices.
type salesFixture struct {
	ts  *testServer
	a   *app.App
	cat uint64
	n   int
}

func rsd(n int64) money.Para { return money.Para(n * 100) }

func newSalesFixture(t *testing.T, a *app.App) *salesFixture {
	t.Helper()
	ts := newTestServer(t, a)
	c := catalog.Category{Name: "Laptopovi", Slug: "laptopovi", Prefix: "LA", Level: 1, PdvBps: 2000, WebMarginBps: 1000, RetailMarginBps: 2500,
		DealerMarginBps: 500, Active: true, MinPrice: rsd(500)}
	if err := a.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	return &salesFixture{ts: ts, a: a, cat: c.ID}
}

// product makes an active, visible product at web price web (the customer's price 90 %) with
// stock units.
func (fx *salesFixture) product(t testing.TB, name string, web int64, stock int) uint64 {
	t.Helper()
	fx.n++
	p := catalog.Product{SKU: fmt.Sprintf("SA-%d", fx.n), Name: name, Slug: fmt.Sprintf("sa-%d", fx.n), Active: true, Visible: true,
		WebPrice: rsd(web), AuthPrice: rsd(web * 9 / 10), RetailPrice: rsd(web * 12 / 10), Stock: stock, MainCategoryID: fx.cat}
	if err := fx.a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	if err := fx.a.DB.Create(&catalog.ProductCategory{ProductID: p.ID, CategoryID: fx.cat}).Error; err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// set changes a product's columns (prices, active, stock) as pricing or staff would.
func (fx *salesFixture) set(t testing.TB, id uint64, cols map[string]any) {
	t.Helper()
	if err := fx.a.DB.Model(&catalog.Product{}).Where("id = ?", id).Updates(cols).Error; err != nil {
		t.Fatal(err)
	}
}

// cartOf reads a cart answer's cart (data for GET, cart for changes).
func cartOf(r resp) map[string]any {
	if c, ok := r.Body["cart"].(map[string]any); ok {
		return c
	}
	return data(r)
}

func itemsOf(c map[string]any) []map[string]any {
	var out []map[string]any
	for _, it := range c["items"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// lineOf finds the product's line (nil: not there).
func lineOf(c map[string]any, productID uint64) map[string]any {
	for _, it := range itemsOf(c) {
		if uint64(it["product_id"].(float64)) == productID {
			return it
		}
	}
	return nil
}
