package demo_test

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/platform/listing"
	"shop/internal/sales"
)

type orderCounts struct {
	Orders, Items, Invoices, InvoiceItems, InternalNotes, CustomerNotes, CartLines int64
	Stock                                                                          int64
}

func countOrders(tb testing.TB, a *app.App) orderCounts {
	tb.Helper()
	var c orderCounts
	for _, q := range []struct {
		dst *int64
		sql string
	}{
		{&c.Orders, "SELECT COUNT(*) FROM orders"},
		{&c.Items, "SELECT COUNT(*) FROM order_items"},
		{&c.Invoices, "SELECT COUNT(*) FROM proforma_invoices"},
		{&c.InvoiceItems, "SELECT COUNT(*) FROM proforma_invoice_items"},
		{&c.InternalNotes, "SELECT COUNT(*) FROM order_notes WHERE kind = 'internal'"},
		{&c.CustomerNotes, "SELECT COUNT(*) FROM order_notes WHERE kind = 'customer'"},
		{&c.CartLines, "SELECT COUNT(*) FROM cart_items"},
		{&c.Stock, "SELECT COALESCE(SUM(stock), 0) FROM products"},
	} {
		if err := a.DB.Raw(q.sql).Scan(q.dst).Error; err != nil {
			tb.Fatalf("%s: %v", q.sql, err)
		}
	}
	return c
}

func stockByProduct(tb testing.TB, a *app.App) map[uint64]int {
	tb.Helper()
	var rows []struct {
		ID    uint64
		Stock int
	}
	if err := a.DB.Raw("SELECT id, stock FROM products").Scan(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[uint64]int{}
	for _, r := range rows {
		out[r.ID] = r.Stock
	}
	return out
}

// TestSeedOrders: the demo seed places a dozen orders through the checkout, in every status
// and payment method, the demo customer's and guests', with notes, dated over the last weeks;
// their stock is taken (and given back for the cancelled ones); a second seed adds nothing.
func TestSeedOrders(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Images: -1}); err != nil {
			t.Fatal(err)
		}
		if c := countOrders(t, a); c.Orders != 0 {
			t.Fatalf("orders without the sales service: %d", c.Orders)
		}
		stockBefore := stockByProduct(t, a)
		start := time.Now()
		created, err := demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Sales: a.Sales})
		if err != nil || !created {
			t.Fatalf("seed with orders: %v %v", created, err)
		}
		t.Logf("demo orders seeded in %v", time.Since(start))

		var orders []sales.Order
		if err := a.DB.Order("created_at").Find(&orders).Error; err != nil {
			t.Fatal(err)
		}
		if len(orders) != demo.DemoOrders {
			t.Fatalf("%d demo orders, want %d", len(orders), demo.DemoOrders)
		}
		kupac, err := a.Identity.FindUserByEmail(ctx, "kupac@demo.local")
		if err != nil || kupac == nil {
			t.Fatal(err)
		}
		statuses, payments := map[string]int{}, map[string]int{}
		customer, guests := 0, 0
		taken := map[uint64]int{}
		now := time.Now()
		for _, o := range orders {
			statuses[o.Status]++
			payments[o.PaymentMethod]++
			if o.UserID != nil && *o.UserID == kupac.ID {
				customer++
			} else if o.UserID == nil {
				guests++
			}
			if age := now.Sub(o.CreatedAt); age < time.Hour || age > 28*24*time.Hour {
				t.Errorf("order %d placed %v ago, want within the last four weeks", o.ID, age)
			}
			if want := sales.OrderNumber(o.CreatedAt, o.ID); o.NumberOf() != want {
				t.Errorf("order %d number %q, want %q", o.ID, o.NumberOf(), want)
			}
			if o.NotifiedAt == nil {
				t.Errorf("order %s not marked notified: the sweep would mail about it", o.NumberOf())
			}
			if o.Status == sales.StatusCancelled && o.CancelReason == "" {
				t.Errorf("order %s cancelled without a reason", o.NumberOf())
			}
			var items []sales.OrderItem
			a.DB.Where("order_id = ?", o.ID).Find(&items)
			var sum int64
			for _, it := range items {
				sum += int64(it.Total)
				if it.Price <= 0 || int64(it.Total) != int64(it.Price)*int64(it.Quantity) {
					t.Errorf("order %s item %+v", o.NumberOf(), it)
				}
				if !strings.HasPrefix(o.Status, sales.StatusCancelled) {
					taken[it.ProductID] += it.Quantity
				}
			}
			if len(items) == 0 || sum != int64(o.Total) {
				t.Errorf("order %s: %d items summing to %d, total %d", o.NumberOf(), len(items), sum, o.Total)
			}
		}
		if orders[len(orders)-1].CreatedAt.Sub(orders[0].CreatedAt) < 20*24*time.Hour {
			t.Errorf("orders from %v to %v, want spread over weeks", orders[0].CreatedAt, orders[len(orders)-1].CreatedAt)
		}
		for _, s := range sales.Statuses {
			if statuses[s] == 0 {
				t.Errorf("no demo order in status %s (%v)", s, statuses)
			}
		}
		for _, p := range sales.PaymentMethods {
			if payments[p] == 0 {
				t.Errorf("no demo order paid by %s (%v)", p, payments)
			}
		}
		if customer != 4 || guests != 8 {
			t.Errorf("%d orders of kupac and %d of guests, want 4 and 8", customer, guests)
		}

		// Stock: taken by each order, given back by the cancelled ones.
		stockAfter := stockByProduct(t, a)
		for id, before := range stockBefore {
			if got, want := stockAfter[id], before-taken[id]; got != want {
				t.Errorf("product %d stock %d, want %d (%d before, %d on live orders)", id, got, want, before, taken[id])
			}
		}

		// The bank transfer has its proforma invoice; kupac sees it and the notes to them.
		var inv sales.ProformaInvoice
		if err := a.DB.Take(&inv).Error; err != nil {
			t.Fatalf("proforma invoice: %v", err)
		}
		mine, total, err := a.Sales.MyOrders(ctx, kupac.ID, listing.Page{Number: 1, Size: 20})
		if err != nil || total != 4 {
			t.Fatalf("kupac's orders: %d (%v)", total, err)
		}
		var bank *sales.Order
		for i := range mine {
			if mine[i].PaymentMethod == sales.PaymentBankTransfer {
				bank = &mine[i]
			}
		}
		if bank == nil || inv.OrderID == nil || *inv.OrderID != bank.ID || inv.Number == nil || *inv.Number != sales.ProformaNumber(bank.NumberOf()) ||
			inv.Total != bank.Total || inv.Address != "Bulevar kralja Aleksandra 73" {
			t.Fatalf("proforma invoice %+v for bank transfer order %+v", inv, bank)
		}
		one, err := a.Sales.MyOrder(ctx, kupac.ID, bank.ID)
		if err != nil || one.ProformaInvoiceID != inv.ID || one.ShippingAddress != "Knez Mihailova 10" {
			t.Fatalf("kupac's bank transfer order: %+v %v", one, err)
		}
		var kinds []string
		for _, n := range one.Notes {
			kinds = append(kinds, n.Kind)
		}
		sort.Strings(kinds)
		if d := cmp.Diff([]string{sales.NoteCustomer, sales.NoteInternal}, kinds); d != "" {
			t.Errorf("notes of the bank transfer order (-want +got):\n%s", d)
		}

		// Nothing is mailed about seeded history.
		if n, err := a.Sales.SweepOrderMails(ctx); err != nil || n != 0 {
			t.Errorf("the mail sweep found %d demo orders (%v), want 0", n, err)
		}

		// Again: nothing new, nothing doubled, no stock taken twice.
		want := countOrders(t, a)
		if want.InternalNotes != 8 || want.CustomerNotes != 4 || want.Invoices != 1 || want.InvoiceItems != 2 || want.CartLines != 0 {
			t.Errorf("after the seed: %+v", want)
		}
		created, err = demo.SeedExclusive(ctx, a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Sales: a.Sales})
		if err != nil || created {
			t.Fatalf("second seed: %v %v; want false, nil", created, err)
		}
		if d := cmp.Diff(want, countOrders(t, a)); d != "" {
			t.Errorf("a second seed changed (-first +second):\n%s", d)
		}
	})
}
