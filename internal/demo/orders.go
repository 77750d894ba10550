package demo

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/platform/i18n"
	"shop/internal/sales"
)

// demoOrder is one order of the demo shop's history: who placed it (the demo customer, else
// a guest with the checkout form's data), what (indexes into the picked products, quantity),
// how long ago, and what the staff did with it since.
type demoOrder struct {
	key      string // the checkout's Idempotency-Key: the seed places each order once
	customer bool
	form     sales.CheckoutInput
	lang     i18n.Lang
	lines    [][2]int
	ago      time.Duration
	status   string
	reason   string // a cancelled status's reason
	// Delivery fields of the order screen.
	deliveryStatus, deliveryTime, supplier, replacement string
	internal                                            []string // staff's internal notes
	toCustomer                                          []string // notes to the customer (shown in their order)
}

const day = 24 * time.Hour

// DemoOrders is how many orders the demo shop has (demoOrders).
const DemoOrders = 12

func guest(name, email, phone, address, city, postCode string) sales.CheckoutInput {
	return sales.CheckoutInput{Name: name, Email: email, Phone: phone, Address: address, City: city, PostCode: postCode}
}

// demoOrders: a dozen orders over the last four weeks in every status, each payment method
// (one bank transfer, with its proforma invoice), the demo customer's and guests', with
// internal notes and notes to the customer.
func demoOrders() []demoOrder {
	withPay := func(in sales.CheckoutInput, pay string) sales.CheckoutInput { in.PaymentMethod = pay; return in }
	company := guest("Dragan Tomić", "nabavka@tehnoplus.rs", "011/334-5566", "Bulevar Mihajla Pupina 10", "Novi Beograd", "11070")
	company.CompanyName, company.CompanyNumber, company.CompanyPIB = "Tehno Plus d.o.o.", "21345678", "106523846"
	withNote := guest("Ivana Stojanović", "ivana.stojanovic@example.com", "+381 63 555 1212", "Cara Dušana 21", "Niš", "18000")
	withNote.Note = "Molim vas da me pozovete pre isporuke."
	return []demoOrder{
		{key: "demo-order-01", form: withPay(guest("Marko Marković", "marko.markovic@example.com", "+381 64 111 2233", "Zmaj Jovina 12", "Novi Sad", "21000"), sales.PaymentCashOnDelivery),
			lang: i18n.SR, lines: [][2]int{{0, 1}, {1, 2}}, ago: 27 * day, status: sales.StatusCompleted,
			deliveryStatus: "Isporučeno", deliveryTime: "2 radna dana", internal: []string{"Kupac potvrdio prijem telefonom."}},
		{key: "demo-order-02", customer: true, form: sales.CheckoutInput{PaymentMethod: sales.PaymentCardInShop},
			lang: i18n.SR, lines: [][2]int{{2, 1}}, ago: 24 * day, status: sales.StatusCompleted,
			toCustomer: []string{"Vaša porudžbina je spremna za preuzimanje u prodavnici u Knez Mihailovoj."}},
		{key: "demo-order-03", form: withPay(guest("Jelena Jovanović", "jelena.jovanovic@example.com", "+381 65 222 3344", "Kralja Petra I 5", "Kragujevac", "34000"), sales.PaymentInstalments),
			lang: i18n.SR, lines: [][2]int{{3, 1}}, ago: 21 * day, status: sales.StatusCancelled, reason: "price",
			internal: []string{"Kupac je pronašao nižu cenu u drugoj prodavnici."}},
		{key: "demo-order-04", form: withPay(company, sales.PaymentCashOnDelivery),
			lang: i18n.SR, lines: [][2]int{{4, 2}, {5, 1}, {6, 1}}, ago: 18 * day, status: sales.StatusCancelledDeliveryTime, reason: "delivery_time",
			supplier: "Komtrejd", deliveryTime: "3 nedelje", internal: []string{"Dobavljač ne može da isporuči pre kraja meseca."},
			toCustomer: []string{"Nažalost, rok isporuke je duži od tri nedelje, pa smo porudžbinu otkazali. Izvinjavamo se."}},
		{key: "demo-order-05", customer: true, form: sales.CheckoutInput{PaymentMethod: sales.PaymentCashOnDelivery},
			lang: i18n.SR, lines: [][2]int{{7, 1}}, ago: 15 * day, status: sales.StatusCancelledReturned, reason: "other",
			internal: []string{"Kupac vratio uređaj u zakonskom roku; novac vraćen na račun."}},
		{key: "demo-order-06", form: withPay(guest("Nikola Nikolić", "nikola.nikolic@example.com", "+381 62 333 4455", "Glavna 8", "Subotica", "24000"), sales.PaymentCashOnDelivery),
			lang: i18n.SR, lines: [][2]int{{8, 1}, {9, 1}}, ago: 11 * day, status: sales.StatusOnHold,
			supplier: "Elektro Centar", internal: []string{"Čeka se potvrda dobavljača za drugi proizvod.", "Dobavljač javlja da stiže u ponedeljak."}},
		{key: "demo-order-07", customer: true, form: sales.CheckoutInput{PaymentMethod: sales.PaymentBankTransfer},
			lang: i18n.SR, lines: [][2]int{{10, 1}, {11, 1}}, ago: 8 * day, status: sales.StatusContacted,
			internal:   []string{"Predračun poslat; čeka se uplata."},
			toCustomer: []string{"Poslali smo vam predračun. Porudžbinu šaljemo čim uplata stigne na naš račun."}},
		{key: "demo-order-08", form: withPay(guest("Ana Petrović", "ana.petrovic@example.com", "+381 64 444 5566", "Njegoševa 3", "Čačak", "32000"), sales.PaymentCashOnDelivery),
			lang: i18n.SR, lines: [][2]int{{12, 1}}, ago: 6 * day, status: sales.StatusContacted,
			deliveryStatus: "Poslato kurirskom službom", deliveryTime: "1-2 radna dana"},
		{key: "demo-order-09", form: withPay(guest("Milan Ilić", "milan.ilic@example.com", "+381 60 555 6677", "Vojvode Mišića 14", "Valjevo", "14000"), sales.PaymentCardInShop),
			lang: i18n.SR, lines: [][2]int{{13, 1}}, ago: 4 * day, status: sales.StatusCancelled, reason: "stock",
			replacement: "Sličan model drugog proizvođača, ista cena", internal: []string{"Proizvoda nema ni kod dobavljača."},
			toCustomer: []string{"Proizvod trenutno nije dostupan. Možemo vam ponuditi sličan model po istoj ceni; javite nam se."}},
		{key: "demo-order-10", customer: true, form: sales.CheckoutInput{PaymentMethod: sales.PaymentInstalments},
			lang: i18n.SR, lines: [][2]int{{14, 1}, {15, 1}, {16, 3}}, ago: 2 * day, status: sales.StatusPending},
		{key: "demo-order-11", form: withPay(withNote, sales.PaymentCashOnDelivery),
			lang: i18n.SR, lines: [][2]int{{17, 1}}, ago: 26 * time.Hour, status: sales.StatusPending},
		{key: "demo-order-12", form: withPay(guest("John Smith", "john.smith@example.com", "+381 66 777 8899", "Terazije 23", "Beograd", "11000"), sales.PaymentCashOnDelivery),
			lang: i18n.EN, lines: [][2]int{{18, 1}, {19, 1}}, ago: 3 * time.Hour, status: sales.StatusPending},
	}
}

// demoOrderProducts is how many products the demo orders draw on.
const demoOrderProducts = 20

// SeedOrders places the demo shop's orders (demoOrders) through the checkout (sales.SeedOrder:
// prices, numbers, stock, proforma invoice), dated over the last four weeks, then writes what
// the staff did since: the status (a cancelled order's units back in stock), the delivery
// fields and the notes, in one transaction with marking the order notified, so the sweep sends
// no mail about it and a second run finds every order done. Guest orders come from their own
// carts (demoguest…), the customer's from kupac's cart (left alone when it holds lines). It
// reports whether it placed or finished anything. Without enough purchasable products in
// stock it places nothing.
func SeedOrders(ctx context.Context, gdb *gorm.DB, ids *identity.Service, s *sales.Service) (bool, error) {
	var products []uint64
	err := gdb.WithContext(ctx).Raw(`SELECT p.id FROM products p LEFT JOIN categories c ON c.id = p.main_category_id
		WHERE p.active AND p.visible AND p.stock >= 10 AND p.web_price > 0 AND p.web_price >= COALESCE(c.min_price, 0)
		ORDER BY p.id`).Scan(&products).Error
	if err != nil {
		return false, fmt.Errorf("demo orders: %w", err)
	}
	if len(products) < demoOrderProducts {
		return false, nil
	}
	// Spread over the catalogue rather than its first category.
	picked := make([]uint64, demoOrderProducts)
	for i := range picked {
		picked[i] = products[i*len(products)/demoOrderProducts]
	}
	kupac, err := ids.FindUserByEmail(ctx, Users[2].Email)
	if err != nil || kupac == nil {
		return false, fmt.Errorf("demo orders: the demo customer: %v", err)
	}
	admin, err := ids.FindUserByEmail(ctx, Users[0].Email)
	if err != nil || admin == nil {
		return false, fmt.Errorf("demo orders: the demo admin: %v", err)
	}
	u, err := ids.GetUser(ctx, kupac.ID, true)
	if err != nil {
		return false, err
	}
	var billing, shipping *uint64
	for i := range u.Addresses {
		switch a := &u.Addresses[i]; a.Type {
		case "billing_address":
			billing = &a.ID
		case "shipping_address":
			shipping = &a.ID
		}
	}
	now := time.Now().UTC().Truncate(time.Second)
	changed := false
	for i, d := range demoOrders() {
		lines := map[uint64]int{}
		for _, l := range d.lines {
			lines[picked[l[0]]] += l[1]
		}
		caller, cartID, form := sales.Caller{}, fmt.Sprintf("demoguest%023d", i+1), d.form
		if d.customer {
			caller, cartID = sales.Caller{UserID: kupac.ID}, ""
			form.Name, form.Email, form.BillingAddressID, form.ShippingAddressID = Users[2].Name, Users[2].Email, billing, shipping
		}
		at := now.Add(-d.ago)
		o, created, err := s.SeedOrder(ctx, caller, cartID, lines, form, d.key, d.lang, at)
		if err != nil {
			return changed, fmt.Errorf("demo order %s: %w", d.key, err)
		}
		if o == nil {
			continue
		}
		changed = changed || created
		done, err := finishDemoOrder(ctx, gdb, o, d, admin.ID, at)
		if err != nil {
			return changed, fmt.Errorf("demo order %s: %w", d.key, err)
		}
		changed = changed || done
	}
	return changed, nil
}

// finishDemoOrder writes what the staff did with a placed demo order, once: the statement that
// marks it notified goes first and only a row it changed gets the rest.
func finishDemoOrder(ctx context.Context, gdb *gorm.DB, o *sales.Order, d demoOrder, staffID uint64, at time.Time) (bool, error) {
	done := false
	err := gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		handled := at.Add(3 * time.Hour)
		if d.status == sales.StatusPending {
			handled = at
		}
		res := tx.Model(&sales.Order{}).Where("id = ? AND notified_at IS NULL", o.ID).Updates(map[string]any{
			"status": d.status, "cancel_reason": d.reason, "delivery_status": d.deliveryStatus, "delivery_time": d.deliveryTime,
			"supplier": d.supplier, "replacement_product": d.replacement, "notified_at": at, "updated_at": handled})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		done = true
		if d.status == sales.StatusCancelled || d.status == sales.StatusCancelledDeliveryTime || d.status == sales.StatusCancelledReturned {
			// Stock was taken at checkout; a cancelled order gives it back (as the staff's
			// cancellation does).
			if err := tx.Exec(`UPDATE products SET stock = stock + (SELECT SUM(i.quantity) FROM order_items i WHERE i.order_id = ? AND i.product_id = products.id)
				WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?)`, o.ID, o.ID).Error; err != nil {
				return err
			}
		}
		var notes []sales.OrderNote
		uid := staffID
		for j, body := range d.internal {
			t := at.Add(time.Duration(j+1) * time.Hour)
			notes = append(notes, sales.OrderNote{OrderID: o.ID, Kind: sales.NoteInternal, Body: body, UserID: &uid, CreatedAt: t, UpdatedAt: t})
		}
		for j, body := range d.toCustomer {
			t := at.Add(time.Duration(j+2) * time.Hour)
			notes = append(notes, sales.OrderNote{OrderID: o.ID, Kind: sales.NoteCustomer, Body: body, UserID: &uid, CreatedAt: t, UpdatedAt: t})
		}
		if len(notes) > 0 {
			return tx.Create(&notes).Error
		}
		return nil
	})
	return done, err
}
