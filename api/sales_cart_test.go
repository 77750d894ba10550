package api_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

var guestIDShape = regexp.MustCompile(`^[0-9a-f]{64}$`)

// TestCartGuest: a guest gets a server-issued id, adds, changes and removes lines; prices are
// the current shown price with the old one noted after a change; bad input is refused with
// nothing changed; a user's id is out of a guest's reach.
func TestCartGuest(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop Lenovo IdeaPad 5 Pro 16 inča sa dugim imenom koje se seče", 1000, 10)
		cheap := fx.product(t, "Miš ispod minimalne cene", 400, 10) // below the category's min price: not purchasable
		hidden := fx.product(t, "Skriveni proizvod", 1000, 10)
		soldOut := fx.product(t, "Rasprodat proizvod", 1000, 0) // nothing on stock: not purchasable
		fx.set(t, hidden, map[string]any{"visible": false})

		// GET without an id issues one.
		r := ts.do(req{method: "GET", path: "/api/v1/cart?instance=cart"})
		if r.Status != 200 {
			t.Fatalf("GET cart: %d %s", r.Status, r.Raw)
		}
		id, _ := data(r)["id"].(string)
		if !guestIDShape.MatchString(id) || len(itemsOf(data(r))) != 0 {
			t.Fatalf("new guest cart = %s", r.Raw)
		}
		r2 := ts.do(req{method: "GET", path: "/api/v1/cart"})
		if data(r2)["id"] == id {
			t.Fatal("two guests got the same id")
		}

		add := func(body map[string]any) resp {
			t.Helper()
			return ts.do(req{method: "POST", path: "/api/v1/cart/items", body: body})
		}
		r = add(map[string]any{"cart_id": id, "product_id": laptop, "quantity": 2, "instance": "cart"})
		if r.Status != 200 || message(r) != "Proizvod dodat u korpu!" {
			t.Fatalf("add: %d %s", r.Status, r.Raw)
		}
		l := lineOf(cartOf(r), laptop)
		if l == nil || l["quantity"].(float64) != 2 || l["price"].(float64) != 1000 || l["line_total"].(float64) != 2000 ||
			cartOf(r)["total"].(float64) != 2000 || l["price_at_add"] != nil || l["price_changed"] != false {
			t.Fatalf("line after add = %s", r.Raw)
		}
		if p := l["product"].(map[string]any); p["slug"] == "" || p["mainCategory"].(map[string]any)["slug"] != "laptopovi" {
			t.Fatalf("line product = %v", p)
		}
		// Adding again adds up; a price sent by the client is ignored.
		r = add(map[string]any{"cart_id": id, "product_id": laptop, "quantity": 1, "price": 1})
		if l := lineOf(cartOf(r), laptop); r.Status != 200 || l["quantity"].(float64) != 3 || cartOf(r)["total"].(float64) != 3000 {
			t.Fatalf("add again: %d %s", r.Status, r.Raw)
		}

		// Refused, and the cart is as it was.
		for name, c := range map[string]struct {
			body  map[string]any
			field string
		}{
			"zero":        {map[string]any{"cart_id": id, "product_id": laptop, "quantity": 0}, "quantity"},
			"negative":    {map[string]any{"cart_id": id, "product_id": laptop, "quantity": -5}, "quantity"},
			"huge":        {map[string]any{"cart_id": id, "product_id": laptop, "quantity": 1000000000000}, "quantity"},
			"overflow":    {map[string]any{"cart_id": id, "product_id": laptop, "quantity": 1e30}, "quantity"},
			"over99InAll": {map[string]any{"cart_id": id, "product_id": laptop, "quantity": 97}, "quantity"},
			"text":        {map[string]any{"cart_id": id, "product_id": laptop, "quantity": "dva"}, "quantity"},
			"unknown":     {map[string]any{"cart_id": id, "product_id": 999999, "quantity": 1}, "product_id"},
			"negativeId":  {map[string]any{"cart_id": id, "product_id": -1, "quantity": 1}, "product_id"},
			"hidden":      {map[string]any{"cart_id": id, "product_id": hidden, "quantity": 1}, "product_id"},
			"notBuyable":  {map[string]any{"cart_id": id, "product_id": cheap, "quantity": 1}, "product_id"},
			"soldOut":     {map[string]any{"cart_id": id, "product_id": soldOut, "quantity": 1}, "product_id"},
			"badInstance": {map[string]any{"cart_id": id, "product_id": laptop, "instance": "korpa"}, "instance"},
			"badCartID":   {map[string]any{"cart_id": "abc", "product_id": laptop}, "cart_id"},
			"noProduct":   {map[string]any{"cart_id": id}, "product_id"},
		} {
			r := add(c.body)
			if r.Status != 422 || len(errorsOf(r)[c.field].([]any)) == 0 {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		r = ts.do(req{method: "POST", path: "/api/v1/cart/items", lang: "sr", body: map[string]any{"cart_id": id, "product_id": cheap}})
		if want := "Proizvod trenutno nije moguće kupiti: Miš ispod minimalne cene"; message(r) != want {
			t.Errorf("not purchasable message = %q, want %q", message(r), want)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + id})
		if items := itemsOf(data(r)); len(items) != 1 || items[0]["quantity"].(float64) != 3 {
			t.Fatalf("cart changed by refused calls: %s", r.Raw)
		}

		// A user's id (the demo customer's) is not a guest's to use.
		var buyerID uint64
		if err := a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID).Error; err != nil {
			t.Fatal(err)
		}
		if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/cart?cart_id=%d", buyerID)}); r.Status != 403 {
			t.Errorf("guest reading a user's cart: %d %s", r.Status, r.Raw)
		}
		if r := add(map[string]any{"cart_id": strconv.FormatUint(buyerID, 10), "product_id": laptop}); r.Status != 403 {
			t.Errorf("guest adding to a user's cart: %d %s", r.Status, r.Raw)
		}

		// PATCH sets the quantity; bounds as for add.
		r = ts.do(req{method: "PATCH", path: "/api/v1/cart/items", body: map[string]any{"cart_id": id, "product_id": laptop, "quantity": 5}})
		if l := lineOf(cartOf(r), laptop); r.Status != 200 || l["quantity"].(float64) != 5 {
			t.Fatalf("patch: %d %s", r.Status, r.Raw)
		}
		for _, q := range []any{0, 100, nil} {
			r := ts.do(req{method: "PATCH", path: "/api/v1/cart/items", body: map[string]any{"cart_id": id, "product_id": laptop, "quantity": q}})
			if r.Status != 422 {
				t.Errorf("patch quantity %v: %d %s", q, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/cart/items", body: map[string]any{"cart_id": id, "product_id": cheap, "quantity": 1}}); r.Status != 422 {
			t.Errorf("patch a product not in the cart: %d %s", r.Status, r.Raw)
		}

		// The price changes: the line shows the current one and the one it was added at.
		fx.set(t, laptop, map[string]any{"web_price": rsd(1100)})
		r = ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + id})
		l = lineOf(data(r), laptop)
		if l["price"].(float64) != 1100 || l["price_at_add"] != float64(1000) || l["price_changed"] != true || data(r)["total"].(float64) != 5500 {
			t.Fatalf("after a price change: %s", r.Raw)
		}
		// An inactive product stays on the line but leaves the total.
		fx.set(t, laptop, map[string]any{"active": false})
		r = ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + id})
		if l := lineOf(data(r), laptop); l["purchasable"] != false || data(r)["total"].(float64) != 0 || data(r)["count"].(float64) != 0 {
			t.Fatalf("inactive line: %s", r.Raw)
		}
		fx.set(t, laptop, map[string]any{"active": true})

		// DELETE a line, then the cart.
		other := fx.product(t, "Tastatura", 600, 5)
		add(map[string]any{"cart_id": id, "product_id": other})
		r = ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/cart/items?cart_id=%s&product_id=%d&instance=cart", id, laptop)})
		if r.Status != 200 || lineOf(cartOf(r), laptop) != nil || lineOf(cartOf(r), other) == nil {
			t.Fatalf("delete line: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/cart/items?cart_id=%s&product_id=%d", id, laptop)}); r.Status != 422 {
			t.Errorf("delete a line not there: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/cart/items?cart_id=%s&product_id=x", id)}); r.Status != 422 {
			t.Errorf("delete with a bad product id: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "DELETE", path: "/api/v1/cart?instance=cart&cart_id=" + id, lang: "en"})
		if r.Status != 200 || len(itemsOf(cartOf(r))) != 0 || message(r) != "The cart has been emptied." {
			t.Fatalf("clear: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/cart?instance=cart"}); r.Status != 422 {
			t.Errorf("clear without an id: %d %s", r.Status, r.Raw)
		}
	})
}

// TestCartUserAndTransfer: a logged-in customer's list is theirs (their id, the customer
// price); another id is a 403; on login the guest's cart and wish list move over, once.
func TestCartUserAndTransfer(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		monitor := fx.product(t, "Monitor", 2000, 10)
		var buyerID, adminID uint64
		a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID)
		a.DB.Table("users").Where("email = ?", "admin@demo.local").Pluck("id", &adminID)
		own := strconv.FormatUint(buyerID, 10)

		// The buyer already has one laptop.
		r := ts.do(req{method: "POST", path: "/api/v1/cart/items", token: ts.buyer, body: map[string]any{"cart_id": own, "product_id": laptop}})
		if r.Status != 200 || cartOf(r)["id"] != own || lineOf(cartOf(r), laptop)["price"].(float64) != 900 {
			t.Fatalf("buyer add: %d %s", r.Status, r.Raw)
		}
		for _, bad := range []string{strconv.FormatUint(adminID, 10), "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"} {
			if r := ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + bad, token: ts.buyer}); r.Status != 403 {
				t.Errorf("buyer reading cart %s: %d %s", bad, r.Status, r.Raw)
			}
		}

		// A guest fills a cart and a wish list.
		cart := data(ts.do(req{method: "GET", path: "/api/v1/cart?instance=cart"}))["id"].(string)
		wish := data(ts.do(req{method: "GET", path: "/api/v1/cart?instance=wishlist"}))["id"].(string)
		ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": cart, "product_id": laptop, "quantity": 2}})
		r = ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": wish, "product_id": monitor, "instance": "wishlist"}})
		if r.Status != 200 || message(r) != "Proizvod dodat u listu želja!" || cartOf(r)["instance"] != "wishlist" {
			t.Fatalf("wish list add: %d %s", r.Status, r.Raw)
		}

		if r := ts.do(req{method: "POST", path: "/api/v1/cart/transfer", body: map[string]any{"cart_id": cart}}); r.Status != 401 {
			t.Errorf("transfer without login: %d", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/cart/transfer", token: ts.buyer, body: map[string]any{"cart_id": strconv.FormatUint(adminID, 10)}}); r.Status != 403 {
			t.Errorf("transfer of a user's cart: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/cart/transfer", token: ts.buyer, body: map[string]any{"cart_id": cart, "wishlist_id": wish}})
		if r.Status != 200 {
			t.Fatalf("transfer: %d %s", r.Status, r.Raw)
		}
		c, w := r.Body["cart"].(map[string]any), r.Body["wishlist"].(map[string]any)
		if l := lineOf(c, laptop); l == nil || l["quantity"].(float64) != 3 || l["price"].(float64) != 900 || lineOf(w, monitor) == nil {
			t.Fatalf("after transfer: %s", r.Raw)
		}
		// The guest's lists are empty; a second transfer changes nothing.
		if items := itemsOf(data(ts.do(req{method: "GET", path: "/api/v1/cart?cart_id=" + cart}))); len(items) != 0 {
			t.Errorf("guest cart after transfer: %v", items)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/cart/transfer", token: ts.buyer, body: map[string]any{"cart_id": cart, "wishlist_id": wish}})
		if l := lineOf(r.Body["cart"].(map[string]any), laptop); r.Status != 200 || l["quantity"].(float64) != 3 {
			t.Fatalf("second transfer: %d %s", r.Status, r.Raw)
		}
	})
}

// TestWishlistToCart: inactive products are left out of the wish list's total and, when all
// moves to the cart, stay behind in the unavailable list; the single move refuses them.
func TestWishlistToCart(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		monitor := fx.product(t, "Monitor", 2000, 10)
		phone := fx.product(t, "Telefon", 3000, 10)
		cart := data(ts.do(req{method: "GET", path: "/api/v1/cart"}))["id"].(string)
		wish := data(ts.do(req{method: "GET", path: "/api/v1/cart?instance=wishlist"}))["id"].(string)
		for _, p := range []uint64{laptop, monitor, phone} {
			if r := ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": wish, "product_id": p, "instance": "wishlist"}}); r.Status != 200 {
				t.Fatalf("wish: %d %s", r.Status, r.Raw)
			}
		}
		// The heart twice keeps one.
		r := ts.do(req{method: "POST", path: "/api/v1/cart/items", body: map[string]any{"cart_id": wish, "product_id": laptop, "instance": "wishlist", "quantity": 5}})
		if l := lineOf(cartOf(r), laptop); l["quantity"].(float64) != 1 {
			t.Fatalf("wish twice: %s", r.Raw)
		}
		fx.set(t, monitor, map[string]any{"active": false})
		r = ts.do(req{method: "GET", path: "/api/v1/cart?instance=wishlist&cart_id=" + wish})
		if data(r)["total"].(float64) != 4000 || lineOf(data(r), monitor)["active"] != false {
			t.Fatalf("wish list total leaves the inactive out: %s", r.Raw)
		}

		r = ts.do(req{method: "POST", path: "/api/v1/wishlist-to-cart/single", body: map[string]any{"cart_id": cart, "wishlist_id": wish, "product_id": monitor}})
		if r.Status != 422 {
			t.Fatalf("single move of an inactive product: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/wishlist-to-cart/single", body: map[string]any{"cart_id": cart, "wishlist_id": wish, "product_id": phone}})
		if r.Status != 200 || lineOf(r.Body["cart"].(map[string]any), phone) == nil || lineOf(r.Body["wishlist"].(map[string]any), phone) != nil {
			t.Fatalf("single move: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/wishlist-to-cart", body: map[string]any{"cart_id": cart, "wishlist_id": wish}})
		if r.Status != 200 {
			t.Fatalf("move all: %d %s", r.Status, r.Raw)
		}
		c, w, un := r.Body["cart"].(map[string]any), r.Body["wishlist"].(map[string]any), r.Body["unavailable"].([]any)
		if lineOf(c, laptop) == nil || lineOf(c, monitor) != nil || c["total"].(float64) != 4000 {
			t.Errorf("cart after move all: %v", c)
		}
		if len(un) != 1 || uint64(un[0].(map[string]any)["product_id"].(float64)) != monitor || lineOf(w, monitor) == nil || len(itemsOf(w)) != 1 {
			t.Errorf("unavailable after move all: %v / %v", un, w)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/wishlist-to-cart/single", body: map[string]any{"cart_id": cart, "wishlist_id": wish, "product_id": laptop}}); r.Status != 422 {
			t.Errorf("single move of a product no longer in the wish list: %d", r.Status)
		}
	})
}
