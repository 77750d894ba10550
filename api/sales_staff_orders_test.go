package api_test

import (
	"bytes"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/sales"
)

// placeOrder checks out a guest cart of the lines with the form's extra fields and answers the
// new order's id.
func (fx *salesFixture) placeOrder(t *testing.T, lines map[uint64]int, extra map[string]any, lang string) uint64 {
	t.Helper()
	cart := fx.guestCart(t, lines)
	r := fx.ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, extra), lang: lang})
	if r.Status != 201 {
		t.Fatalf("checkout: %d %s", r.Status, r.Raw)
	}
	return uint64(data(r)["id"].(float64))
}

func (fx *salesFixture) setOrder(t *testing.T, id uint64, cols map[string]any) {
	t.Helper()
	if err := fx.a.DB.Model(&sales.Order{}).Where("id = ?", id).Updates(cols).Error; err != nil {
		t.Fatal(err)
	}
}

func activityTypes(t *testing.T, a *app.App, orderID uint64) []string {
	t.Helper()
	var types []string
	// the staff's entries: the shopper's own order.placed has its own test
	if err := a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ? AND type <> ?", "order", orderID, "order.placed").
		Order("id").Pluck("type", &types).Error; err != nil {
		t.Fatal(err)
	}
	return types
}

func orderPath(id uint64, rest string) string {
	return fmt.Sprintf("/api/v1/admin/orders/%d%s", id, rest)
}

func listNumbers(t *testing.T, ts *testServer, query string) ([]string, map[string]any) {
	t.Helper()
	r := ts.do(req{method: "GET", path: "/api/v1/admin/orders?" + query, token: ts.admin})
	if r.Status != 200 {
		t.Fatalf("list %s: %d %s", query, r.Status, r.Raw)
	}
	var out []string
	for _, it := range list(r) {
		out = append(out, it.(map[string]any)["number"].(string))
	}
	sort.Strings(out)
	return out, r.Body["meta"].(map[string]any)
}

// TestStaffOrdersList: filters by status, payment method, the shop's day and search (number,
// e-mail, name, phone by its digits), with the filtered set's count and sum; bad filters are
// 422; without view-order 403.
func TestStaffOrdersList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 100)
		mouse := fx.product(t, "Miš", 600, 100)
		o1 := fx.placeOrder(t, map[uint64]int{laptop: 1}, map[string]any{"name": "Ana Anić", "email": "Ana@Example.rs", "phone": "064/111-2233"}, "")
		o2 := fx.placeOrder(t, map[uint64]int{mouse: 2}, map[string]any{"name": "Marko Marković", "email": "marko@example.rs", "phone": "+381 65 999 8877",
			"payment_method": "bank_transfer"}, "")
		o3 := fx.placeOrder(t, map[uint64]int{laptop: 1, mouse: 1}, map[string]any{"name": "Jovan 100%_Jovanović", "email": "jovan@example.rs"}, "")
		// o1: 14 Nov 23:30 UTC is already 15 Nov in Belgrade; o2: 15 Nov 12:00; o3: 20 Nov.
		fx.setOrder(t, o1, map[string]any{"created_at": time.Date(2026, 11, 14, 23, 30, 0, 0, time.UTC)})
		fx.setOrder(t, o2, map[string]any{"created_at": time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC), "status": "contacted"})
		fx.setOrder(t, o3, map[string]any{"created_at": time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)})
		num := map[uint64]string{}
		for _, id := range []uint64{o1, o2, o3} {
			num[id] = data(ts.do(req{method: "GET", path: orderPath(id, ""), token: ts.admin}))["number"].(string)
		}
		want := func(ids ...uint64) []string {
			var out []string
			for _, id := range ids {
				out = append(out, num[id])
			}
			sort.Strings(out)
			return out
		}
		for _, c := range []struct {
			name, query string
			ids         []uint64
			sum         float64
		}{
			{"all", "", []uint64{o1, o2, o3}, 1000 + 1200 + 1600},
			{"status", "status=contacted", []uint64{o2}, 1200},
			{"payment", "payment_method=cash_on_delivery", []uint64{o1, o3}, 2600},
			{"belgradeDay", "date_from=2026-11-15&date_to=2026-11-15", []uint64{o1, o2}, 2200},
			{"from", "date_from=2026-11-16", []uint64{o3}, 1600},
			{"to", "date_to=2026-11-14", nil, 0},
			{"number", "search=" + url.QueryEscape(num[o2]), []uint64{o2}, 1200},
			{"emailCase", "search=ana%40example", []uint64{o1}, 1000},
			{"name", "search=markovi%C4%87", []uint64{o2}, 1200},
			{"wildcardsLiteral", "search=" + url.QueryEscape("100%_"), []uint64{o3}, 1600},
			{"phoneDigits", "search=0641112233", []uint64{o1}, 1000},
			{"phoneWritten", "search=" + url.QueryEscape("65 999"), []uint64{o2}, 1200},
			{"combined", "payment_method=cash_on_delivery&date_from=2026-11-15&date_to=2026-11-15", []uint64{o1}, 1000},
		} {
			got, meta := listNumbers(t, ts, c.query)
			if d := cmp.Diff(want(c.ids...), got); d != "" {
				t.Errorf("%s: numbers (-want +got):\n%s", c.name, d)
			}
			if meta["total"].(float64) != float64(len(c.ids)) || meta["total_amount"].(float64) != c.sum {
				t.Errorf("%s: meta %v, want total %d and amount %v", c.name, meta, len(c.ids), c.sum)
			}
		}
		// Newest first, paged by the admin's sizes.
		r := ts.do(req{method: "GET", path: "/api/v1/admin/orders?paginate=20&page=1", token: ts.admin})
		rows := list(r)
		if len(rows) != 3 || rows[0].(map[string]any)["number"] != num[o3] || rows[2].(map[string]any)["number"] != num[o1] ||
			rows[0].(map[string]any)["items_count"].(float64) != 2 || rows[1].(map[string]any)["status_label"] != "Kontaktiran" {
			t.Errorf("page: %s", r.Raw)
		}
		for name, q := range map[string]string{"status": "status=bogus", "payment_method": "payment_method=bitcoin", "date_from": "date_from=15.11.2026",
			"date_to": "date_from=2026-11-20&date_to=2026-11-10", "paginate": "paginate=500", "color": "color=red"} {
			if r := ts.do(req{method: "GET", path: "/api/v1/admin/orders?" + q, token: ts.admin}); r.Status != 422 || firstError(r, name) == "" {
				t.Errorf("%s: %d %s", q, r.Status, r.Raw)
			}
		}
		noOrders := plLogin(t, ts, "bez-porudzbina", identity.PermViewProduct)
		for _, p := range []string{"/api/v1/admin/orders", orderPath(o1, ""), "/api/v1/admin/orders/export"} {
			if r := ts.do(req{method: "GET", path: p, token: noOrders}); r.Status != 403 {
				t.Errorf("%s without view-order: %d", p, r.Status)
			}
		}
		if r := ts.do(req{method: "PATCH", path: orderPath(o1, "/status"), token: noOrders, body: map[string]any{"status": "contacted"}}); r.Status != 403 {
			t.Errorf("status change without view-order: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/orders", token: ts.staff}); r.Status != 200 {
			t.Errorf("staff with view-order: %d", r.Status)
		}
	})
}

// allowedMoves is shared decisions.md "Orders", written out pair by pair.
var allowedMoves = map[[2]string]bool{
	{"pending", "contacted"}: true, {"contacted", "completed"}: true,
	{"on_hold", "pending"}: true, {"on_hold", "contacted"}: true,
	{"pending", "on_hold"}: true, {"contacted", "on_hold"}: true,
	{"pending", "cancelled"}: true, {"pending", "cancelled_delivery_time"}: true, {"pending", "cancelled_returned"}: true,
	{"contacted", "cancelled"}: true, {"contacted", "cancelled_delivery_time"}: true, {"contacted", "cancelled_returned"}: true,
	{"on_hold", "cancelled"}: true, {"on_hold", "cancelled_delivery_time"}: true, {"on_hold", "cancelled_returned"}: true,
}

// TestStaffOrderTransitions walks every pair of statuses: the allowed ones change the order
// (and log it), the others are a 422 naming both statuses and change nothing; the order
// answers the statuses it may go to next.
func TestStaffOrderTransitions(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 1000)
		id := fx.placeOrder(t, map[uint64]int{laptop: 1}, nil, "")
		for _, from := range sales.Statuses {
			var next []string
			for _, to := range sales.Statuses {
				if allowedMoves[[2]string{from, to}] {
					next = append(next, to)
				}
			}
			fx.setOrder(t, id, map[string]any{"status": from, "cancel_reason": "", "stock_returned_at": nil})
			o := data(ts.do(req{method: "GET", path: orderPath(id, ""), token: ts.admin}))
			var got []string
			for _, n := range o["next_statuses"].([]any) {
				got = append(got, n.(map[string]any)["status"].(string))
			}
			sort.Strings(got)
			sort.Strings(next)
			if d := cmp.Diff(next, got); d != "" {
				t.Errorf("next_statuses of %s (-want +got):\n%s", from, d)
			}
			for _, to := range sales.Statuses {
				fx.setOrder(t, id, map[string]any{"status": from, "cancel_reason": "", "stock_returned_at": nil})
				body := map[string]any{"status": to}
				if sales.Cancelled(to) {
					body["cancel_reason"] = "other"
				}
				r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: body})
				var now sales.Order
				a.DB.Where("id = ?", id).Take(&now)
				if allowedMoves[[2]string{from, to}] {
					if r.Status != 200 || data(r)["status"] != to || now.Status != to || message(r) != "Status porudžbine je izmenjen." {
						t.Errorf("%s → %s: %d %s", from, to, r.Status, r.Raw)
					}
				} else if r.Status != 422 || firstError(r, "status") == "" || now.Status != from {
					t.Errorf("%s → %s: %d %s (now %s), want 422", from, to, r.Status, r.Raw, now.Status)
				}
			}
		}
		fx.setOrder(t, id, map[string]any{"status": "completed"})
		r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "pending"}})
		if message(r) != "Porudžbina ne može preći iz statusa Završena u Na čekanju (u obradi)." {
			t.Errorf("refused (sr): %s", r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "pending"}, lang: "en"})
		if message(r) != "The order cannot go from Completed to Pending (in processing)." {
			t.Errorf("refused (en): %s", r.Raw)
		}
		// A cancellation needs a known reason; a reason goes only with a cancellation.
		fx.setOrder(t, id, map[string]any{"status": "pending", "stock_returned_at": nil})
		for name, c := range map[string]struct {
			body  map[string]any
			field string
		}{
			"noReason":       {map[string]any{"status": "cancelled"}, "cancel_reason"},
			"badReason":      {map[string]any{"status": "cancelled_returned", "cancel_reason": "mood"}, "cancel_reason"},
			"reasonNoCancel": {map[string]any{"status": "contacted", "cancel_reason": "price"}, "cancel_reason"},
			"unknownStatus":  {map[string]any{"status": "shipped"}, "status"},
			"emptyStatus":    {map[string]any{}, "status"},
		} {
			r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: c.body})
			if r.Status != 422 || firstError(r, c.field) == "" {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "cancelled"}}); firstError(r, "cancel_reason") != "Razlog otkazivanja je obavezan" {
			t.Errorf("reason message: %s", r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/orders/999999/status", token: ts.admin, body: map[string]any{"status": "contacted"}}); r.Status != 404 {
			t.Errorf("missing order: %d", r.Status)
		}
		types := activityTypes(t, a, id)
		if len(types) != len(allowedMoves) {
			t.Errorf("%d activity entries, want one per allowed move (%d): %v", len(types), len(allowedMoves), types)
		}
	})
}

// TestStaffOrderCancelReturnsStock: a cancellation gives the order's units back exactly once;
// the delivery fields change and are logged.
func TestStaffOrderCancelReturnsStock(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		mouse := fx.product(t, "Miš", 600, 5)
		id := fx.placeOrder(t, map[uint64]int{laptop: 2, mouse: 1}, nil, "")
		if fx.stock(t, laptop) != 8 || fx.stock(t, mouse) != 4 {
			t.Fatalf("stock after checkout: %d %d", fx.stock(t, laptop), fx.stock(t, mouse))
		}
		if r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "contacted"}}); r.Status != 200 {
			t.Fatalf("contacted: %d %s", r.Status, r.Raw)
		}
		if fx.stock(t, laptop) != 8 {
			t.Errorf("stock moved by a non-cancelling change: %d", fx.stock(t, laptop))
		}
		r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "cancelled", "cancel_reason": "stock"}})
		o := data(r)
		if r.Status != 200 || o["stock_returned"] != true || o["cancel_reason"] != "stock" || o["cancel_reason_label"] != "Zalihe" || len(o["next_statuses"].([]any)) != 0 {
			t.Fatalf("cancel: %d %s", r.Status, r.Raw)
		}
		if fx.stock(t, laptop) != 10 || fx.stock(t, mouse) != 5 {
			t.Errorf("stock after cancel: %d %d, want 10 5", fx.stock(t, laptop), fx.stock(t, mouse))
		}
		// A repeat is refused (final), and even an order forced back to pending by hand does not
		// give the units twice: stock_returned_at guards the statement.
		if r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "cancelled", "cancel_reason": "stock"}}); r.Status != 422 {
			t.Errorf("second cancel: %d %s", r.Status, r.Raw)
		}
		fx.setOrder(t, id, map[string]any{"status": "pending"})
		if r := ts.do(req{method: "PATCH", path: orderPath(id, "/status"), token: ts.admin, body: map[string]any{"status": "cancelled_returned", "cancel_reason": "other"}}); r.Status != 409 {
			t.Errorf("cancel after stock returned: %d %s", r.Status, r.Raw)
		}
		if fx.stock(t, laptop) != 10 || fx.stock(t, mouse) != 5 {
			t.Errorf("stock after repeated cancel: %d %d, want 10 5", fx.stock(t, laptop), fx.stock(t, mouse))
		}

		// Delivery fields.
		r = ts.do(req{method: "PATCH", path: orderPath(id, ""), token: ts.admin, body: map[string]any{"delivery_status": "Poslato kurirskom službom",
			"delivery_time": "3 dana", "supplier": "Dobavljač d.o.o.", "replacement_product": "Laptop 2"}})
		o = data(r)
		if r.Status != 200 || o["delivery_status"] != "Poslato kurirskom službom" || o["delivery_time"] != "3 dana" || o["supplier"] != "Dobavljač d.o.o." ||
			o["replacement_product"] != "Laptop 2" || message(r) != "Porudžbina je izmenjena." {
			t.Errorf("delivery: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: orderPath(id, ""), token: ts.admin, body: map[string]any{"supplier": "Drugi"}})
		if data(r)["supplier"] != "Drugi" || data(r)["delivery_time"] != "3 dana" {
			t.Errorf("partial delivery change: %s", r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: orderPath(id, ""), token: ts.admin, body: map[string]any{"delivery_time": strings.Repeat("d", 256)}}); r.Status != 422 || firstError(r, "delivery_time") == "" {
			t.Errorf("long delivery time: %d %s", r.Status, r.Raw)
		}
		if d := cmp.Diff([]string{"order.status_changed", "order.status_changed", "order.updated", "order.updated"}, activityTypes(t, a, id)); d != "" {
			t.Errorf("activity (-want +got):\n%s", d)
		}
	})
}

// TestStaffOrderNotes: internal notes are created, changed and deleted; a note to the customer
// is mailed in the order's language (queued under a stable id) and shown in the customer's
// order, and cannot be changed afterwards; every change is logged.
func TestStaffOrderNotes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		sr := fx.placeOrder(t, map[uint64]int{laptop: 1}, nil, "sr")
		en := fx.placeOrder(t, map[uint64]int{laptop: 1}, map[string]any{"email": "john@example.com"}, "en")
		var buyerID uint64
		a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID)
		fx.setOrder(t, sr, map[string]any{"user_id": buyerID})

		r := ts.do(req{method: "POST", path: orderPath(sr, "/notes"), token: ts.admin, body: map[string]any{"kind": "internal", "body": "Proveriti zalihe"}})
		if r.Status != 201 || message(r) != "Napomena je sačuvana." || data(r)["kind"] != "internal" {
			t.Fatalf("internal note: %d %s", r.Status, r.Raw)
		}
		internal := uint64(data(r)["id"].(float64))
		r = ts.do(req{method: "PATCH", path: orderPath(sr, fmt.Sprintf("/notes/%d", internal)), token: ts.admin, body: map[string]any{"body": "Zalihe proverene"}})
		if r.Status != 200 || data(r)["body"] != "Zalihe proverene" {
			t.Errorf("update note: %d %s", r.Status, r.Raw)
		}
		for name, c := range map[string]struct {
			method, path string
			body         map[string]any
			status       int
			field        string
		}{
			"emptyBody":   {"POST", orderPath(sr, "/notes"), map[string]any{"kind": "internal", "body": "  "}, 422, "body"},
			"longBody":    {"POST", orderPath(sr, "/notes"), map[string]any{"kind": "internal", "body": strings.Repeat("a", 2001)}, 422, "body"},
			"badKind":     {"POST", orderPath(sr, "/notes"), map[string]any{"kind": "secret", "body": "x"}, 422, "kind"},
			"noOrder":     {"POST", "/api/v1/admin/orders/999999/notes", map[string]any{"kind": "internal", "body": "x"}, 404, ""},
			"otherOrders": {"PATCH", orderPath(en, fmt.Sprintf("/notes/%d", internal)), map[string]any{"body": "x"}, 404, ""},
		} {
			r := ts.do(req{method: c.method, path: c.path, token: ts.admin, body: c.body})
			if r.Status != c.status || (c.field != "" && firstError(r, c.field) == "") {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}

		before := len(pendingMail(t, a))
		r = ts.do(req{method: "POST", path: orderPath(sr, "/notes"), token: ts.admin, body: map[string]any{"kind": "customer", "body": "Vaš laptop stiže u petak."}})
		if r.Status != 201 || message(r) != "Poruka kupcu je poslata." {
			t.Fatalf("customer note: %d %s", r.Status, r.Raw)
		}
		custNote := uint64(data(r)["id"].(float64))
		r = ts.do(req{method: "POST", path: orderPath(en, "/notes"), token: ts.admin, body: map[string]any{"kind": "customer", "body": "Your laptop arrives on Friday."}})
		if r.Status != 201 {
			t.Fatalf("customer note (en): %d %s", r.Status, r.Raw)
		}
		tasks := pendingMail(t, a)
		if len(tasks) != before+2 {
			t.Fatalf("%d mail tasks, want %d", len(tasks), before+2)
		}
		ids := map[string]bool{}
		for _, ti := range tasks {
			ids[ti.ID] = true
		}
		if !ids[fmt.Sprintf("order-note-%d", custNote)] {
			t.Errorf("no task order-note-%d among %v", custNote, ids)
		}
		mails := deliver(t, a, tasks[before:])
		byTo := map[string]string{}
		for _, m := range mails {
			for _, to := range []string{"petar@example.rs", "john@example.com"} {
				if strings.Contains(m, "To: "+to) {
					byTo[to] = m
				}
			}
		}
		for to, wants := range map[string][]string{
			"petar@example.rs": {"Subject: =?utf-8?q?Poruka_o_porud=C5=BEbini_", "Vaš laptop stiže u petak.", "text/html", "Pratite porudžbinu"},
			"john@example.com": {"Subject: A message about your order ", "Your laptop arrives on Friday.", "text/html"},
		} {
			for _, w := range wants {
				if !strings.Contains(byTo[to], w) {
					t.Errorf("mail to %s lacks %q:\n%s", to, w, byTo[to])
				}
			}
		}

		// The customer sees the note to them, never the internal one.
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/account/orders/%d", sr), token: ts.buyer})
		notes := data(r)["notes"].([]any)
		if r.Status != 200 || len(notes) != 1 || notes[0].(map[string]any)["body"] != "Vaš laptop stiže u petak." {
			t.Errorf("customer's order notes: %s", r.Raw)
		}
		// Staff see both kinds.
		if n := data(ts.do(req{method: "GET", path: orderPath(sr, ""), token: ts.admin}))["notes"].([]any); len(n) != 2 {
			t.Errorf("staff notes: %v", n)
		}
		// A sent note stays as it was.
		if r := ts.do(req{method: "PATCH", path: orderPath(sr, fmt.Sprintf("/notes/%d", custNote)), token: ts.admin, body: map[string]any{"body": "x"}}); r.Status != 422 {
			t.Errorf("change a sent note: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: orderPath(sr, fmt.Sprintf("/notes/%d", custNote)), token: ts.admin}); r.Status != 422 {
			t.Errorf("delete a sent note: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: orderPath(sr, fmt.Sprintf("/notes/%d", internal)), token: ts.admin}); r.Status != 200 || message(r) != "Napomena je obrisana." {
			t.Errorf("delete note: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: orderPath(sr, fmt.Sprintf("/notes/%d", internal)), token: ts.admin}); r.Status != 404 {
			t.Errorf("delete again: %d", r.Status)
		}
		if d := cmp.Diff([]string{"order_note.created", "order_note.updated", "order_note.sent", "order_note.deleted"}, activityTypes(t, a, sr)); d != "" {
			t.Errorf("activity (-want +got):\n%s", d)
		}
	})
}

// TestStaffOrderAttachments: upload, list, download, delete through the object store; wrong
// types (by name or by content), empty and oversized files are refused; the object is not
// public.
func TestStaffOrderAttachments(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		id := fx.placeOrder(t, map[uint64]int{laptop: 1}, nil, "")
		pdf := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
		body, ct := multipartFile(t, "file", "račun dobavljača.pdf", pdf)
		r := ts.do(req{method: "POST", path: orderPath(id, "/attachments"), token: ts.admin, raw: body, contentType: ct})
		if r.Status != 201 || data(r)["file_name"] != "račun dobavljača.pdf" || data(r)["size"].(float64) != float64(len(pdf)) ||
			data(r)["content_type"] != "application/pdf" || message(r) != "Fajl je dodat." {
			t.Fatalf("upload: %d %s", r.Status, r.Raw)
		}
		att := uint64(data(r)["id"].(float64))
		r = ts.do(req{method: "GET", path: orderPath(id, "/attachments"), token: ts.admin})
		if r.Status != 200 || len(r.Body["data"].([]any)) != 1 {
			t.Errorf("list: %s", r.Raw)
		}
		if n := data(ts.do(req{method: "GET", path: orderPath(id, ""), token: ts.admin}))["attachments"].([]any); len(n) != 1 {
			t.Errorf("order's attachments: %v", n)
		}
		r = ts.do(req{method: "GET", path: orderPath(id, fmt.Sprintf("/attachments/%d", att)), token: ts.admin})
		if r.Status != 200 || !bytes.Equal(r.Raw, pdf) || r.Header.Get("Content-Type") != "application/pdf" ||
			!strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") {
			t.Errorf("download: %d %q %q", r.Status, r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
		}
		var key string
		a.DB.Table("order_attachments").Where("id = ?", att).Pluck("blob_key", &key)
		if r := ts.do(req{method: "GET", path: "/media/" + key}); r.Status != 404 {
			t.Errorf("attachment served publicly: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: orderPath(id, fmt.Sprintf("/attachments/%d", att)), token: ts.buyer}); r.Status != 403 {
			t.Errorf("customer downloads: %d", r.Status)
		}

		for name, c := range map[string]struct {
			file string
			data []byte
		}{
			"exe":       {"program.exe", []byte("MZ\x90\x00binary")},
			"htmlAsPDF": {"invoice.pdf", []byte("<html><script>alert(1)</script></html>")},
			"noExt":     {"README", []byte("text")},
			"empty":     {"empty.txt", nil},
			"tooLarge":  {"big.txt", bytes.Repeat([]byte("a"), sales.MaxAttachmentBytes+1)},
			"pngAsJPG":  {"photo.jpg", []byte("\x89PNG\r\n\x1a\n0000000000")},
		} {
			body, ct := multipartFile(t, "file", c.file, c.data)
			r := ts.do(req{method: "POST", path: orderPath(id, "/attachments"), token: ts.admin, raw: body, contentType: ct})
			if r.Status != 422 || firstError(r, "file") == "" {
				t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "POST", path: orderPath(id, "/attachments"), token: ts.admin, raw: []byte("--x--\r\n"), contentType: "multipart/form-data; boundary=x"}); r.Status != 422 {
			t.Errorf("no file: %d %s", r.Status, r.Raw)
		}
		txt, ct := multipartFile(t, "file", "napomena.txt", []byte("Kupac dolazi lično."))
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/orders/999999/attachments", token: ts.admin, raw: txt, contentType: ct}); r.Status != 404 {
			t.Errorf("missing order: %d", r.Status)
		}
		if n := countRows(t, a, "order_attachments"); n != 1 {
			t.Errorf("%d attachments after refusals, want 1", n)
		}

		if r := ts.do(req{method: "DELETE", path: orderPath(id, fmt.Sprintf("/attachments/%d", att)), token: ts.admin}); r.Status != 200 || message(r) != "Fajl je obrisan." {
			t.Errorf("delete: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: orderPath(id, fmt.Sprintf("/attachments/%d", att)), token: ts.admin}); r.Status != 404 {
			t.Errorf("download deleted: %d", r.Status)
		}
		if _, _, err := a.Blobs.Open(t.Context(), key); err == nil {
			t.Error("the object is still in the store after the delete")
		}
		if d := cmp.Diff([]string{"order_attachment.created", "order_attachment.deleted"}, activityTypes(t, a, id)); d != "" {
			t.Errorf("activity (-want +got):\n%s", d)
		}
	})
}

// TestStaffOrdersExport: the XLSX holds the filtered orders, one row per order, newest first,
// read back with excelize.
func TestStaffOrdersExport(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 100)
		mouse := fx.product(t, "Miš", 600, 100)
		o1 := fx.placeOrder(t, map[uint64]int{laptop: 1, mouse: 2}, map[string]any{"name": "Ana Anić"}, "")
		o2 := fx.placeOrder(t, map[uint64]int{mouse: 1}, map[string]any{"name": "Marko Marković", "payment_method": "bank_transfer"}, "")
		fx.placeOrder(t, map[uint64]int{mouse: 1}, map[string]any{"name": "Jovan Jovanović", "payment_method": "instalments"}, "")
		fx.setOrder(t, o2, map[string]any{"created_at": time.Now().Add(time.Hour)})
		num1 := data(ts.do(req{method: "GET", path: orderPath(o1, ""), token: ts.admin}))["number"].(string)
		num2 := data(ts.do(req{method: "GET", path: orderPath(o2, ""), token: ts.admin}))["number"].(string)

		r := ts.do(req{method: "GET", path: "/api/v1/admin/orders/export?search=ovi%C4%87", token: ts.admin})
		if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), ".xlsx") {
			t.Fatalf("export: %d %s", r.Status, r.Header)
		}
		x, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		rows, err := x.GetRows("Porudžbine")
		if err != nil {
			t.Fatal(err)
		}
		// search "ović" matches Marković and Jovanović (every form's name is set here).
		if len(rows) != 3 {
			t.Fatalf("%d rows, want header + 2: %v", len(rows), rows)
		}
		if rows[0][0] != "Broj" || rows[0][15] != "Ukupno (RSD)" {
			t.Errorf("header: %v", rows[0])
		}
		if rows[1][0] != num2 || rows[1][4] != "Marko Marković" || rows[1][12] != "Uplata na račun (profaktura)" || rows[1][2] != "Na čekanju (u obradi)" {
			t.Errorf("newest row: %v", rows[1])
		}
		total, _ := x.GetCellValue("Porudžbine", "P2", excelize.Options{RawCellValue: true})
		if total != "600" {
			t.Errorf("total cell %q, want 600", total)
		}

		r = ts.do(req{method: "GET", path: "/api/v1/admin/orders/export?search=" + url.QueryEscape(num1), token: ts.admin, lang: "en"})
		x2, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatalf("export en: %d %v", r.Status, err)
		}
		defer x2.Close()
		rows, _ = x2.GetRows("Orders")
		if len(rows) != 2 || rows[0][0] != "Number" || rows[1][0] != num1 || rows[1][14] != "3" || !strings.Contains(rows[1][13], "Miš × 2") {
			t.Errorf("en export: %v", rows)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/orders/export?status=nope", token: ts.admin}); r.Status != 422 {
			t.Errorf("bad filter: %d", r.Status)
		}
	})
}
