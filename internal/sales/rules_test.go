package sales_test

import (
	"context"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/apperr/apperrtest"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

func product(t *testing.T, a *app.App, sku string, stock int, price money.Para) *catalog.Product {
	t.Helper()
	slug := strings.ToLower(sku)
	c := catalog.Category{Name: "Kategorija " + sku, Slug: "kat-" + slug, Prefix: "K", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	p := catalog.Product{SKU: sku, Name: "Proizvod " + sku, Slug: slug, Active: true, Visible: true,
		WebPrice: price, AuthPrice: price, RetailPrice: price, Stock: stock, MainCategoryID: c.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	return &p
}

func stockOf(t *testing.T, a *app.App, id uint64) int {
	t.Helper()
	var p catalog.Product
	if err := a.DB.Select("stock").Take(&p, id).Error; err != nil {
		t.Fatal(err)
	}
	return p.Stock
}

func qty(n int) *int { return &n }

var guest = sales.Caller{IP: "192.0.2.1"}

// form is a valid guest checkout of cart id.
func form(cartID string) sales.CheckoutInput {
	return sales.CheckoutInput{CartID: cartID, Name: "Mira Kupac", Email: "mira@primer.rs", Phone: "0641234567",
		Address: "Knez Mihailova 1", City: "Beograd", PostCode: "11000", PaymentMethod: sales.PaymentCashOnDelivery}
}

// fill puts each product's quantity in a new guest cart and answers its id.
func fill(t *testing.T, a *app.App, lines map[uint64]int) string {
	t.Helper()
	id := ""
	for pid, n := range lines {
		c, err := a.Sales.AddItem(context.Background(), guest, sales.ItemInput{CartID: id, ProductID: pid, Quantity: qty(n), Instance: sales.InstanceCart})
		if err != nil {
			t.Fatal(err)
		}
		id = c.ID
	}
	return id
}

// TestCartLineAtMost99Units: a cart line holds 1 to 99 units; adding past 99 is a 422 and
// leaves the line as it was.
func TestCartLineAtMost99Units(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "C-1", 500, 100000)
		id := fill(t, a, map[uint64]int{p.ID: 60})
		_, err := a.Sales.AddItem(ctx, guest, sales.ItemInput{CartID: id, ProductID: p.ID, Quantity: qty(40), Instance: sales.InstanceCart})
		if apperrtest.Fields(t, err)["quantity"] != "validation.max" {
			t.Fatalf("60 + 40 units: %v", err)
		}
		if _, err := a.Sales.SetItem(ctx, guest, sales.ItemInput{CartID: id, ProductID: p.ID, Quantity: qty(0), Instance: sales.InstanceCart}); apperrtest.Fields(t, err)["quantity"] == "" {
			t.Fatalf("0 units: %v", err)
		}
		c, err := a.Sales.Cart(ctx, guest, sales.InstanceCart, id)
		if err != nil || len(c.Items) != 1 || c.Items[0].Quantity != 60 || c.Total != 60*100000 || c.Count != 60 {
			t.Fatalf("cart after refused changes: %v %+v", err, c)
		}
	})
}

// TestWishlistHoldsAProductOnce: the heart is idempotent, and a wish list takes a product
// the cart refuses (out of stock is fine, hidden is not).
func TestWishlistHoldsAProductOnce(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "W-1", 0, 100000)
		hidden := product(t, a, "W-2", 5, 100000)
		if err := a.DB.Model(hidden).Update("visible", false).Error; err != nil {
			t.Fatal(err)
		}
		var w *sales.Cart
		var err error
		for range 2 {
			if w, err = a.Sales.AddItem(ctx, guest, sales.ItemInput{CartID: idOf(w), ProductID: p.ID, Quantity: qty(3), Instance: sales.InstanceWishlist}); err != nil {
				t.Fatal(err)
			}
		}
		if len(w.Items) != 1 || w.Items[0].Quantity != 1 {
			t.Fatalf("wish list: %+v", w.Items)
		}
		_, err = a.Sales.AddItem(ctx, guest, sales.ItemInput{CartID: w.ID, ProductID: hidden.ID, Instance: sales.InstanceWishlist})
		if apperrtest.Fields(t, err)["product_id"] != "validation.product_unknown" {
			t.Fatalf("a hidden product: %v", err)
		}
	})
}

func idOf(c *sales.Cart) string {
	if c == nil {
		return ""
	}
	return c.ID
}

// TestCartRefusesWhatCannotBeBought: a product below its category's minimum price is not
// purchasable and stays out of the cart.
func TestCartRefusesWhatCannotBeBought(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "M-1", 5, 100000)
		if err := a.DB.Model(&catalog.Category{}).Where("id = ?", p.MainCategoryID).Update("min_price", 200000).Error; err != nil {
			t.Fatal(err)
		}
		_, err := a.Sales.AddItem(ctx, guest, sales.ItemInput{ProductID: p.ID, Instance: sales.InstanceCart})
		if apperrtest.Fields(t, err)["product_id"] != "sales.not_purchasable" {
			t.Fatalf("below the minimum price: %v", err)
		}
	})
}

// TestCheckoutTakesStockAllOrNothing: an order takes every line's units or, when one is
// short, none (a 422, the cart kept); a placed order empties the cart.
func TestCheckoutTakesStockAllOrNothing(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		plenty, short := product(t, a, "K-1", 10, 100000), product(t, a, "K-2", 2, 50000)
		id := fill(t, a, map[uint64]int{plenty.ID: 3, short.ID: 2})
		if err := a.DB.Model(short).Update("stock", 1).Error; err != nil { // sold meanwhile
			t.Fatal(err)
		}
		if _, err := a.Sales.Checkout(ctx, guest, form(id), "", i18n.SR); apperrtest.Code(err) != apperr.Invalid {
			t.Fatalf("a short line: %v, want a 422", err)
		}
		if stockOf(t, a, plenty.ID) != 10 || stockOf(t, a, short.ID) != 1 {
			t.Fatalf("stock taken by a refused order: %d, %d", stockOf(t, a, plenty.ID), stockOf(t, a, short.ID))
		}
		if _, err := a.Sales.SetItem(ctx, guest, sales.ItemInput{CartID: id, ProductID: short.ID, Quantity: qty(1), Instance: sales.InstanceCart}); err != nil {
			t.Fatal(err)
		}
		placed, err := a.Sales.Checkout(ctx, guest, form(id), "", i18n.SR)
		if err != nil || !placed.Created || placed.Order.Total != 3*100000+50000 || placed.Order.Status != sales.StatusPending {
			t.Fatalf("checkout: %v %+v", err, placed)
		}
		if stockOf(t, a, plenty.ID) != 7 || stockOf(t, a, short.ID) != 0 {
			t.Fatalf("stock after the order: %d, %d", stockOf(t, a, plenty.ID), stockOf(t, a, short.ID))
		}
		if c, _ := a.Sales.Cart(ctx, guest, sales.InstanceCart, id); len(c.Items) != 0 {
			t.Fatalf("the cart after the order: %+v", c.Items)
		}
		if _, err := a.Sales.Checkout(ctx, guest, form(id), "", i18n.SR); apperrtest.Code(err) != apperr.Invalid {
			t.Fatalf("a second submit without a key: %v, want the empty cart's 422", err)
		}
	})
}

// TestCheckoutKeyAnswersTheFirstOrder: the same Idempotency-Key with the same form answers the
// first order (not a second one); with another form it is a 409.
func TestCheckoutKeyAnswersTheFirstOrder(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "I-1", 10, 100000)
		id := fill(t, a, map[uint64]int{p.ID: 1})
		first, err := a.Sales.Checkout(ctx, guest, form(id), "kljuc-1", i18n.SR)
		if err != nil {
			t.Fatal(err)
		}
		again, err := a.Sales.Checkout(ctx, guest, form(id), "kljuc-1", i18n.SR)
		if err != nil || again.Created || again.Order.ID != first.Order.ID {
			t.Fatalf("the same key and form: %v %+v", err, again)
		}
		other := form(id)
		other.City = "Novi Sad"
		if _, err := a.Sales.Checkout(ctx, guest, other, "kljuc-1", i18n.SR); apperrtest.Code(err) != apperr.Conflict {
			t.Fatalf("the same key, another form: %v, want a 409", err)
		}
		if stockOf(t, a, p.ID) != 9 {
			t.Fatalf("stock %d, want one unit taken once", stockOf(t, a, p.ID))
		}
	})
}

// TestCheckoutFormRules: a company needs both its name and a valid PIB, the payment method is
// one of the shop's, and a guest cannot name a saved address.
func TestCheckoutFormRules(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "F-1", 10, 100000)
		id := fill(t, a, map[uint64]int{p.ID: 1})
		in := form(id)
		in.CompanyName, in.PaymentMethod, in.PostCode = "Firma d.o.o.", "card_online", "11"
		got := apperrtest.Fields(t, func() error { _, err := a.Sales.Checkout(ctx, guest, in, "", i18n.SR); return err }())
		if got["company_pib"] != "validation.required" || got["payment_method"] != "validation.oneof" || got["post_code"] != "validation.post_code" {
			t.Fatalf("fields: %v", got)
		}
		addr := uint64(1)
		in = form(id)
		in.BillingAddressID = &addr
		if got := apperrtest.Fields(t, func() error { _, err := a.Sales.Checkout(ctx, guest, in, "", i18n.SR); return err }()); got["billing_address_id"] != "validation.address_unknown" {
			t.Fatalf("a guest's saved address: %v", got)
		}
		if stockOf(t, a, p.ID) != 10 {
			t.Fatal("a refused form took stock")
		}
	})
}

// TestGuestCheckoutsLimitedPerEmail: a guest e-mail places at most
// sales.guest_orders_per_email_per_hour orders an hour; the next is a 429.
func TestGuestCheckoutsLimitedPerEmail(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "G-1", 100, 100000)
		limit := a.Config.Sales.GuestOrdersPerEmailPerHour
		if limit <= 0 || limit > 20 {
			t.Fatalf("the configured limit %d", limit)
		}
		for i := range limit + 1 {
			c := sales.Caller{IP: "198.51.100." + string(rune('1'+i%9))}
			_, err := a.Sales.Checkout(ctx, c, form(fill(t, a, map[uint64]int{p.ID: 1})), "", i18n.SR)
			switch {
			case i < limit && err != nil:
				t.Fatalf("order %d: %v", i+1, err)
			case i == limit && apperrtest.Code(err) != apperr.TooManyRequests:
				t.Fatalf("order %d: %v, want a 429", i+1, err)
			}
		}
		if stockOf(t, a, p.ID) != 100-limit {
			t.Fatalf("stock %d after %d orders", stockOf(t, a, p.ID), limit)
		}
	})
}

// TestCancelReturnsStockOnceWithAReason: cancelling needs a reason, gives the units back,
// and a cancelled order moves no further.
func TestCancelReturnsStockOnceWithAReason(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "X-1", 5, 100000)
		placed, err := a.Sales.Checkout(ctx, guest, form(fill(t, a, map[uint64]int{p.ID: 2})), "", i18n.SR)
		if err != nil {
			t.Fatal(err)
		}
		id := placed.Order.ID
		if _, err := a.Sales.ChangeStatus(ctx, id, sales.StatusChange{Status: sales.StatusCancelled}); apperrtest.Fields(t, err)["cancel_reason"] != "validation.cancel_reason" {
			t.Fatalf("a cancellation without a reason: %v", err)
		}
		if _, err := a.Sales.ChangeStatus(ctx, id, sales.StatusChange{Status: sales.StatusCompleted}); apperrtest.Fields(t, err)["status"] != "sales.transition_refused" {
			t.Fatalf("pending to completed: %v", err)
		}
		o, err := a.Sales.ChangeStatus(ctx, id, sales.StatusChange{Status: sales.StatusCancelled, CancelReason: sales.CancelReasons[0]})
		if err != nil || o.Status != sales.StatusCancelled || stockOf(t, a, p.ID) != 5 {
			t.Fatalf("cancelled: %v %+v, stock %d", err, o, stockOf(t, a, p.ID))
		}
		if _, err := a.Sales.ChangeStatus(ctx, id, sales.StatusChange{Status: sales.StatusCancelledReturned, CancelReason: sales.CancelReasons[0]}); apperrtest.Code(err) != apperr.Invalid {
			t.Fatalf("a cancelled order cancelled again: %v", err)
		}
		if stockOf(t, a, p.ID) != 5 {
			t.Fatalf("stock returned twice: %d", stockOf(t, a, p.ID))
		}
	})
}
