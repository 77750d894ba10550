package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
)

// TestContactMessages: the contact page's form is checked with the question form's rules,
// kept for staff with view-contact-message, mailed to the shop's company e-mail with the
// sender to reply to, limited per e-mail like questions, and deleted with its own permission.
func TestContactMessages(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		if err := a.DB.Table("invoice_data").Where("id = 1").Update("email", "prodaja@radnja.rs").Error; err != nil {
			t.Fatal(err)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/contact", body: map[string]any{}})
		if r.Status != 422 || firstError(r, "name") != "Ime je obavezno" || firstError(r, "email") != "E-mail adresa je obavezna" ||
			firstError(r, "message") != "Poruka je obavezna" {
			t.Fatalf("empty form: %d %s", r.Status, r.Raw)
		}
		long := strings.Repeat("a", 1201)
		r = ts.do(req{method: "POST", path: "/api/v1/contact", body: map[string]any{"name": "Ana", "email": "nije", "message": long}})
		if r.Status != 422 || firstError(r, "email") != "Niste uneli pravilnu e-mail adresu." || firstError(r, "message") != "Poruka može sadržati najviše 1200 karaktera" {
			t.Fatalf("bad e-mail, long message: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "POST", path: "/api/v1/contact", body: map[string]any{"name": "Ana Anić", "email": "Ana@Primer.rs", "message": "Da li radite <b>nedeljom</b>?"}})
		if r.Status != 200 || !strings.Contains(message(r), "Hvala na poruci") {
			t.Fatalf("send: %d %s", r.Status, r.Raw)
		}
		// The honeypot: answered as a success, nothing kept.
		if r := ts.do(req{method: "POST", path: "/api/v1/contact", body: map[string]any{"name": "Bot", "email": "bot@primer.rs", "message": "kupi", "website": "x"}}); r.Status != 200 {
			t.Fatalf("honeypot: %d", r.Status)
		}
		mails := mailsTo(t, a)
		m := mails["prodaja@radnja.rs"]
		if !strings.Contains(m, "Reply-To: ana@primer.rs") || !strings.Contains(m, "nedeljom") {
			t.Fatalf("the shop's mail: %q (all: %v)", m, mails)
		}

		list := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages", token: ts.admin})
		if list.Status != 200 || len(listOf(list)) != 1 {
			t.Fatalf("admin list: %d %s", list.Status, list.Raw)
		}
		row := listOf(list)[0].(map[string]any)
		if row["name"] != "Ana Anić" || row["email"] != "ana@primer.rs" || row["message"] != "Da li radite nedeljom?" || row["user"] != nil {
			t.Fatalf("kept message: %v", row)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages?search=NEDELJ", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("search: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages?search=subotom", token: ts.admin}); len(listOf(r)) != 0 {
			t.Fatalf("search finds what is not there: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages", token: ts.buyer}); r.Status != 403 {
			t.Fatalf("a customer reads the messages: %d", r.Status)
		}
		id := fmt.Sprint(row["id"])
		// A role that may read the messages may not delete them.
		reader := staffWith(t, a, ts, "citac-poruka", identity.PermViewContactMessage)
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages/" + id, token: reader}); r.Status != 200 || data(r)["email"] != "ana@primer.rs" {
			t.Fatalf("reader opens the message: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/contact-messages/" + id, token: reader}); r.Status != 403 {
			t.Fatalf("reader deletes: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/contact-messages/" + id, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/contact-messages/" + id, token: ts.admin}); r.Status != 404 || message(r) != "Poruka ne postoji ili je izbrisana." {
			t.Fatalf("deleted message: %d %s", r.Status, r.Raw)
		}
		if types := subjectActivity(t, a, "contact_message", uint64(row["id"].(float64))); len(types) != 1 || types[0] != "contact_message.deleted" {
			t.Errorf("activity of the message: %v", types)
		}
		// The limit per e-mail (as questions): the 11th message from one address is refused.
		var last resp
		for i := 0; i < 10; i++ {
			last = ts.do(req{method: "POST", path: "/api/v1/contact", body: map[string]any{"name": "Ana Anić", "email": "ana@primer.rs", "message": "Još jedno pitanje"}})
		}
		if last.Status != 429 {
			t.Fatalf("11th message from one e-mail: %d %s", last.Status, last.Raw)
		}
	})
}

// staffWith logs in a new member of staff whose role holds only perms.
func staffWith(t *testing.T, a *app.App, ts *testServer, role string, perms ...string) string {
	t.Helper()
	ctx := context.Background()
	if _, err := a.Identity.EnsureRole(ctx, role, perms); err != nil {
		t.Fatal(err)
	}
	email := role + "@test.local"
	if _, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Test " + role, Email: email,
		Password: "password1", PasswordConfirmation: "password1", Role: role}); err != nil {
		t.Fatal(err)
	}
	return ts.login(email, "password1")
}
