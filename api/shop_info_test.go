package api_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/feeds"
)

// TestShopIdentity: the shop's name, address, phones, e-mail and numbers come from one place.
// Before staff write anything, the config's company data; once they change the company data,
// the storefront's GET shop, its page titles, the order mail, the payment QR code, the
// proforma invoice and the Google feed all say the new name.
func TestShopIdentity(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		ctx := context.Background()
		writeStore(t, a, "index.html", storeIndex)

		r := ts.do(req{method: "GET", path: "/api/v1/shop"})
		want := map[string]any{"name": "ElektroMarket", "legal_name": "ElektroMarket d.o.o.", "address": "Bulevar kralja Aleksandra 73, 11000 Beograd",
			"phones": []any{"011 4150 100", "011 4150 200", "060 4150 100"}, "email": "prodaja@elektromarket.rs", "web": data(r)["web"],
			"pib": "100000024", "registration_number": "21234567", "account": "160000000001234595"}
		if diff := cmp.Diff(want, data(r)); r.Status != 200 || diff != "" {
			t.Fatalf("shop before staff wrote anything (-want +got): %d\n%s", r.Status, diff)
		}

		if r := ts.do(req{method: "PUT", path: "/api/v1/admin/invoice-data", token: ts.admin, body: map[string]any{"name": "Tehno Kuća d.o.o.",
			"address": "Knez Mihailova 1, 11000 Beograd", "phone": "011 222 3333, 064 111 2222", "email": "info@tehnokuca.rs", "pib": "100000024",
			"registration_number": "07654321"}}); r.Status != 200 {
			t.Fatalf("invoice data: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/shop"})
		got := data(r)
		if got["name"] != "Tehno Kuća" || got["legal_name"] != "Tehno Kuća d.o.o." || got["email"] != "info@tehnokuca.rs" ||
			!cmp.Equal(got["phones"], []any{"011 222 3333", "064 111 2222"}) || got["registration_number"] != "07654321" {
			t.Errorf("shop after the change: %v", got)
		}
		// The storefront's pages (header, contact page and titles read GET shop; the server's
		// titles the same identity).
		page := ts.do(req{method: "GET", path: "/kontakt"})
		if !strings.Contains(string(page.Raw), "| Tehno Kuća</title>") || strings.Contains(string(page.Raw), "ElektroMarket") {
			t.Errorf("contact page's title:\n%.400s", page.Raw)
		}

		// An order paid by bank transfer: its mail, QR code and proforma invoice.
		laptop := fx.product(t, "Laptop", 1000, 10)
		o, invID := fx.checkoutInvoice(t, map[uint64]int{laptop: 1}, nil)
		pay := o["payment"].(map[string]any)
		if pay["payee"] != "Tehno Kuća d.o.o., Beograd" {
			t.Errorf("QR payee = %v", pay["payee"])
		}
		if err := a.Sales.OrderPlaced(ctx, uint64(o["id"].(float64))); err != nil {
			t.Fatal(err)
		}
		m := mailsTo(t, a)["petar@example.rs"]
		for _, w := range []string{"Tehno Kuća", "info@tehnokuca.rs", "011 222 3333"} {
			if !strings.Contains(m, w) {
				t.Errorf("order mail lacks %q", w)
			}
		}
		if strings.Contains(m, "Prodavnica") || strings.Contains(m, "ElektroMarket") {
			t.Errorf("order mail names another shop:\n%s", m)
		}
		doc, err := a.Sales.ProformaDocument(ctx, invID)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Seller.Name != "Tehno Kuća d.o.o." || doc.Seller.Email != "info@tehnokuca.rs" || doc.Seller.Phone != "011 222 3333, 064 111 2222" ||
			doc.Seller.RegistrationNumber != "07654321" {
			t.Errorf("proforma seller: %+v", doc.Seller)
		}

		var feed bytes.Buffer
		if _, err := a.Feeds.WriteFeed(ctx, feeds.FeedGoogle, &feed); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(feed.String(), "<title>Tehno Kuća</title>") {
			t.Errorf("Google feed's title:\n%.300s", feed.String())
		}
	})
}
