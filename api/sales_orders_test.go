package api_test

import (
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/config"
)

var orderNumberShape = regexp.MustCompile(`^20[0-9]{2}-[0-9]{6,}$`)

// guestCart makes a guest cart holding the products (quantity each) and returns its id.
func (fx *salesFixture) guestCart(t testing.TB, lines map[uint64]int) string {
	t.Helper()
	id := data(fx.ts.do(req{method: "GET", path: "/api/v1/cart"}))["id"].(string)
	for p, q := range lines {
		if r := fx.ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": id, "product_id": p, "quantity": q}}); r.Status != 200 {
			t.Fatalf("add %d: %d %s", p, r.Status, r.Raw)
		}
	}
	return id
}

func checkoutForm(cartID string, extra map[string]any) map[string]any {
	f := map[string]any{"cart_id": cartID, "name": "Petar Petrović", "email": "petar@example.rs", "phone": "+381 64 123 4567",
		"address": "Nemanjina 4", "city": "Beograd", "post_code": "11000", "payment_method": "cash_on_delivery", "note": "Pozvati pre isporuke"}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

func (fx *salesFixture) stock(t testing.TB, id uint64) int {
	t.Helper()
	var p catalog.Product
	if err := fx.a.DB.Where("id = ?", id).Take(&p).Error; err != nil {
		t.Fatal(err)
	}
	return p.Stock
}

func countRows(t testing.TB, a *app.App, table string) int64 {
	t.Helper()
	var n int64
	if err := a.DB.Table(table).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCheckoutGuest: the cart becomes one order at the server's prices, stock is taken, the
// cart is emptied; a retry with the same Idempotency-Key answers the same order, another body
// with that key is a 409; bad forms and unbuyable or missing stock are 422 with nothing ordered.
func TestCheckoutGuest(t *testing.T) {
	t.Parallel()
	// One e-mail tries many orders here: the checkout limits have their own test.
	runWith(t, func(cfg *config.Config) {
		cfg.Sales.GuestOrdersPerIPPerHour, cfg.Sales.GuestOrdersPerEmailPerHour = 0, 0
	}, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		mouse := fx.product(t, "Miš", 600, 3)
		cart := fx.guestCart(t, map[uint64]int{laptop: 2, mouse: 1})
		// The price changes after the add: the order takes the price of its moment.
		fx.set(t, laptop, map[string]any{"web_price": rsd(1200)})

		// Bad forms first: nothing is ordered.
		for name, c := range map[string]struct {
			extra map[string]any
			field string
		}{
			"noName":      {map[string]any{"name": ""}, "name"},
			"badEmail":    {map[string]any{"email": "petar@"}, "email"},
			"badPhone":    {map[string]any{"phone": "zovi me"}, "phone"},
			"badPostCode": {map[string]any{"post_code": "110"}, "post_code"},
			"badPayment":  {map[string]any{"payment_method": "bitcoin"}, "payment_method"},
			"noPayment":   {map[string]any{"payment_method": ""}, "payment_method"},
			"badPIB":      {map[string]any{"company_name": "Firma d.o.o.", "company_pib": "100002888"}, "company_pib"},
			"shortPIB":    {map[string]any{"company_name": "Firma d.o.o.", "company_pib": "10000288"}, "company_pib"},
			"pibNoName":   {map[string]any{"company_pib": "100002887"}, "company_name"},
			"nameNoPIB":   {map[string]any{"company_name": "Firma d.o.o."}, "company_pib"},
			"halfShip":    {map[string]any{"shipping_address": "Druga 1"}, "shipping_city"},
			"guestSaved":  {map[string]any{"billing_address_id": 1}, "billing_address_id"},
			"noCart":      {map[string]any{"cart_id": ""}, "cart_id"},
		} {
			r := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, c.extra)})
			if r.Status != 422 || firstError(r, c.field) == "" {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		r := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, map[string]any{"company_name": "Firma d.o.o.", "company_pib": "10000288A"})})
		if firstError(r, "company_pib") != "PIB mora imati 9 cifara sa ispravnom kontrolnom cifrom" {
			t.Errorf("PIB message: %s", r.Raw)
		}
		if n := countRows(t, a, "orders"); n != 0 {
			t.Fatalf("%d orders after refused forms", n)
		}

		form := checkoutForm(cart, map[string]any{"company_name": "Telekom Srbija a.d.", "company_pib": "100002887", "total": 1, "price": 1})
		key := map[string]string{"Idempotency-Key": "attempt-1"}
		r = ts.do(req{method: "POST", path: "/api/v1/orders", body: form, header: key})
		if r.Status != 201 || message(r) != "Porudžbina je primljena. Hvala na kupovini!" {
			t.Fatalf("checkout: %d %s", r.Status, r.Raw)
		}
		o := data(r)
		if !orderNumberShape.MatchString(o["number"].(string)) || o["status"] != "pending" || o["total"].(float64) != 3000 ||
			len(o["items"].([]any)) != 2 || o["qr_url"] != nil || o["shipping"].(map[string]any)["city"] != "Beograd" {
			t.Fatalf("order = %s", r.Raw)
		}
		for _, it := range o["items"].([]any) {
			it := it.(map[string]any)
			if uint64(it["product_id"].(float64)) == laptop && (it["price"].(float64) != 1200 || it["quantity"].(float64) != 2 || it["total"].(float64) != 2400) {
				t.Errorf("laptop line = %v", it)
			}
		}
		if fx.stock(t, laptop) != 8 || fx.stock(t, mouse) != 2 {
			t.Errorf("stock after order: %d, %d", fx.stock(t, laptop), fx.stock(t, mouse))
		}
		if items := itemsOf(data(ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + cart}))); len(items) != 0 {
			t.Errorf("cart after order: %v", items)
		}

		// The double click: same key, same body: the same order, no second one.
		r2 := ts.do(req{method: "POST", path: "/api/v1/orders", body: form, header: key})
		if r2.Status != 200 || data(r2)["id"] != o["id"] || data(r2)["number"] != o["number"] {
			t.Fatalf("retry: %d %s", r2.Status, r2.Raw)
		}
		// Same key, another body: refused.
		r3 := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, map[string]any{"name": "Neko Drugi"}), header: key})
		if r3.Status != 409 {
			t.Fatalf("same key, other body: %d %s", r3.Status, r3.Raw)
		}
		// No key and an empty cart: nothing to order.
		if r := ts.do(req{method: "POST", path: "/api/v1/orders", body: form}); r.Status != 422 || message(r) != "Nema proizvoda u korpi." {
			t.Errorf("empty cart: %d %s", r.Status, r.Raw)
		}
		if n := countRows(t, a, "orders"); n != 1 {
			t.Fatalf("%d orders, want 1", n)
		}
		// The cart filled again, the first key once more (a late retry): still the first order
		// (the key's unique index), and the new line stays in the cart, its stock untouched.
		if r := ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": cart, "product_id": mouse, "quantity": 1}}); r.Status >= 300 {
			t.Fatalf("refill: %d %s", r.Status, r.Raw)
		}
		if r4 := ts.do(req{method: "POST", path: "/api/v1/orders", body: form, header: key}); r4.Status != 200 || data(r4)["id"] != o["id"] {
			t.Fatalf("retry with a refilled cart: %d %s", r4.Status, r4.Raw)
		}
		if items := itemsOf(data(ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + cart}))); len(items) != 1 || fx.stock(t, mouse) != 2 {
			t.Errorf("after the late retry: cart %v, mouse stock %d", items, fx.stock(t, mouse))
		}
		if n := countRows(t, a, "orders"); n != 1 {
			t.Fatalf("%d orders after the late retry, want 1", n)
		}

		// A product that stopped being purchasable is named; one short of stock too.
		phone := fx.product(t, "Telefon Samsung", 2000, 1)
		cart2 := fx.guestCart(t, map[uint64]int{laptop: 1, phone: 2})
		fx.set(t, phone, map[string]any{"active": false})
		r = ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart2, nil)})
		if r.Status != 422 || message(r) != "Proizvod trenutno nije moguće kupiti: Telefon Samsung" {
			t.Errorf("unbuyable: %d %s", r.Status, r.Raw)
		}
		fx.set(t, phone, map[string]any{"active": true})
		r = ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart2, nil), lang: "en"})
		if r.Status != 422 || message(r) != "Not enough in stock: Telefon Samsung" {
			t.Errorf("out of stock: %d %s", r.Status, r.Raw)
		}
		if n := countRows(t, a, "orders"); n != 1 || fx.stock(t, laptop) != 8 {
			t.Errorf("after refused orders: %d orders, laptop stock %d", n, fx.stock(t, laptop))
		}
		if n := countRows(t, a, "order_items"); n != 2 {
			t.Errorf("%d order items, want 2", n)
		}
	})
}

// TestCheckoutCustomerBankTransfer: a customer orders from saved addresses at the customer
// price, by bank transfer: the proforma invoice is made with the order's lines.
func TestCheckoutCustomerBankTransfer(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		var buyerID uint64
		a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID)
		var addrs []struct {
			ID   uint64
			Type string
		}
		a.DB.Table("addresses").Where("user_id = ?", buyerID).Order("id").Scan(&addrs)
		own := strconv.FormatUint(buyerID, 10)
		ts.do(req{method: "POST", path: "/api/v1/cart/items", token: ts.buyer, body: map[string]any{"cart_id": own, "product_id": laptop, "quantity": 3}})

		form := map[string]any{"cart_id": own, "email": "kupac@demo.local", "billing_address_id": addrs[0].ID, "shipping_address_id": addrs[1].ID,
			"payment_method": "bank_transfer"}
		// Another user's address is not the caller's to name.
		var adminID uint64
		a.DB.Table("users").Where("email = ?", "admin@demo.local").Pluck("id", &adminID)
		if r := ts.do(req{method: "POST", path: "/api/v1/orders", token: ts.admin, body: map[string]any{"cart_id": strconv.FormatUint(adminID, 10),
			"email": "a@b.rs", "billing_address_id": addrs[0].ID, "payment_method": "bank_transfer"}}); r.Status != 422 || firstError(r, "billing_address_id") == "" {
			t.Errorf("someone else's address: %d %s", r.Status, r.Raw)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/orders", token: ts.buyer, body: form, header: map[string]string{"Idempotency-Key": "k1"}})
		if r.Status != 201 {
			t.Fatalf("checkout: %d %s", r.Status, r.Raw)
		}
		o := data(r)
		if o["total"].(float64) != 2700 || o["address"] != "Bulevar kralja Aleksandra 73" || o["shipping"].(map[string]any)["address"] != "Knez Mihailova 10" ||
			o["name"] != "Demo Kupac" || o["proforma_invoice_id"] == nil || o["qr_url"] == nil || o["payment_method_label"] != "Uplata na račun (profaktura)" {
			t.Fatalf("order = %s", r.Raw)
		}
		var inv struct {
			Number, Email, IssuePlace string
			Total                     int64
			OrderID                   uint64
		}
		a.DB.Table("proforma_invoices").Where("id = ?", uint64(o["proforma_invoice_id"].(float64))).Scan(&inv)
		if inv.Number != "PR-"+o["number"].(string) || inv.Total != 270000 || inv.OrderID != uint64(o["id"].(float64)) || inv.IssuePlace != "Beograd" {
			t.Errorf("proforma invoice = %+v", inv)
		}
		if n := countRows(t, a, "proforma_invoice_items"); n != 1 {
			t.Errorf("%d invoice items", n)
		}
	})
}

// TestCheckoutRace: 50 checkouts at once against 10 units end in exactly 10 orders and stock 0.
func TestCheckoutRace(t *testing.T) {
	t.Parallel()
	// Fifty guests from the one test address: the checkout limits are not what this tests.
	runWith(t, func(cfg *config.Config) {
		cfg.Sales.GuestOrdersPerIPPerHour, cfg.Sales.GuestOrdersPerEmailPerHour = 0, 0
	}, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		tv := fx.product(t, "Televizor", 5000, 10)
		const buyers = 50
		carts := make([]string, buyers)
		for i := range carts {
			carts[i] = fx.guestCart(t, map[uint64]int{tv: 1})
		}
		var wg sync.WaitGroup
		statuses := make([]int, buyers)
		for i := range carts {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				r := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(carts[i], nil),
					header: map[string]string{"Idempotency-Key": fmt.Sprintf("race-%d", i)}})
				statuses[i] = r.Status
			}(i)
		}
		wg.Wait()
		created, refused := 0, 0
		for _, s := range statuses {
			switch s {
			case 201:
				created++
			case 422:
				refused++
			default:
				t.Errorf("status %d", s)
			}
		}
		if created != 10 || refused != 40 || fx.stock(t, tv) != 0 || countRows(t, a, "orders") != 10 {
			t.Fatalf("created %d, refused %d, stock %d, orders %d", created, refused, fx.stock(t, tv), countRows(t, a, "orders"))
		}
	})
}
