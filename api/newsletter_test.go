package api_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// linkIn finds the link of a storefront page in a mail and answers its query.
func linkIn(t *testing.T, mail, page string) url.Values {
	t.Helper()
	i := strings.Index(mail, page+"?")
	if i < 0 {
		t.Fatalf("no %s link in %q", page, mail)
	}
	u, err := url.Parse(strings.Fields(mail[i:])[0])
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

func confirmBody(q url.Values) map[string]any {
	var id, exp int64
	fmt.Sscan(q.Get("id"), &id)
	fmt.Sscan(q.Get("expires"), &exp)
	return map[string]any{"id": id, "expires": exp, "signature": q.Get("signature")}
}

// TestNewsletterDoubleOptIn: the footer form, the confirm mail and its link, the unsubscribe
// link, forged and stale links refused.
func TestNewsletterDoubleOptIn(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		sub := "/api/v1/newsletter/subscribe"
		if r := ts.do(req{method: "POST", path: sub, body: map[string]any{"email": ""}}); r.Status != 422 || firstError(r, "email") != "E-mail adresa je obavezna" {
			t.Fatalf("no e-mail: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: sub, lang: "en", body: map[string]any{"email": "ana@"}}); r.Status != 422 || firstError(r, "email") != "You have not entered a valid e-mail address." {
			t.Fatalf("bad e-mail: %d %s", r.Status, r.Raw)
		}
		// the honeypot: answered as a success, nothing stored, no mail
		if r := ts.do(req{method: "POST", path: sub, body: map[string]any{"email": "bot@example.com", "website": "x"}}); r.Status != 200 {
			t.Fatalf("honeypot: %d", r.Status)
		}
		r := ts.do(req{method: "POST", path: sub, lang: "en", body: map[string]any{"email": "Ana@Example.com"}})
		if r.Status != 200 || message(r) != "Check your e-mail and confirm your newsletter subscription." {
			t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
		}
		var n int64
		a.DB.Table("newsletter_subscribers").Count(&n)
		if n != 1 {
			t.Fatalf("subscribers stored: %d, want 1 (the bot's dropped)", n)
		}
		mails := mailsTo(t, a)
		if len(mails) != 1 || !strings.Contains(mails["ana@example.com"], "confirm your newsletter subscription") {
			t.Fatalf("confirm mail: %v", mails)
		}
		confirm := linkIn(t, mails["ana@example.com"], "/newsletter/potvrda")
		unsub := linkIn(t, mails["ana@example.com"], "/newsletter/odjava")

		// pending until the link is used
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?status=confirmed", token: ts.admin}); len(listOf(r)) != 0 {
			t.Fatalf("confirmed before the link: %s", r.Raw)
		}
		forged := confirmBody(confirm)
		forged["signature"] = strings.Repeat("0", 64)
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/confirm", body: forged}); r.Status != 404 || message(r) != "Link je neispravan ili je istekao." {
			t.Fatalf("forged confirm: %d %s", r.Status, r.Raw)
		}
		longer := confirmBody(confirm)
		longer["expires"] = longer["expires"].(int64) + 86400 // a signed expiry cannot be moved
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/confirm", body: longer}); r.Status != 404 {
			t.Fatalf("moved expiry: %d", r.Status)
		}
		for range 2 { // a second use is fine
			if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/confirm", body: confirmBody(confirm)}); r.Status != 200 || message(r) != "Uspešno ste se prijavili na newsletter." {
				t.Fatalf("confirm: %d %s", r.Status, r.Raw)
			}
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?status=confirmed", token: ts.admin})
		if rows := listOf(list); len(rows) != 1 || rows[0].(map[string]any)["email"] != "ana@example.com" || rows[0].(map[string]any)["lang"] != "en" {
			t.Fatalf("confirmed: %s", list.Raw)
		}
		// subscribed already: no new mail
		queued := len(pendingMail(t, a))
		ts.do(req{method: "POST", path: sub, body: map[string]any{"email": "ana@example.com"}})
		if n := len(pendingMail(t, a)); n != queued {
			t.Fatalf("a confirmed address was mailed again: %d mails queued, were %d", n, queued)
		}
		// an expired link, even correctly signed
		var id uint64
		fmt.Sscan(confirm.Get("id"), &id)
		old, _ := url.Parse(a.Voice.NewsletterConfirmURL(id, time.Now().Add(-time.Minute)))
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/confirm", body: confirmBody(old.Query())}); r.Status != 404 {
			t.Fatalf("expired link: %d %s", r.Status, r.Raw)
		}

		badUnsub := map[string]any{"id": id, "signature": strings.Repeat("a", 64)}
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/unsubscribe", body: badUnsub}); r.Status != 404 {
			t.Fatalf("forged unsubscribe: %d", r.Status)
		}
		for range 2 {
			r := ts.do(req{method: "POST", path: "/api/v1/newsletter/unsubscribe", body: map[string]any{"id": id, "signature": unsub.Get("signature")}})
			if r.Status != 200 || message(r) != "Uspešno ste se odjavili sa newsletter-a." {
				t.Fatalf("unsubscribe: %d %s", r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?status=unsubscribed", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("unsubscribed: %s", r.Raw)
		}
		// the old confirm link does not undo the unsubscribe
		if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/confirm", body: confirmBody(confirm)}); r.Status != 404 {
			t.Fatalf("confirm link after unsubscribing: %d", r.Status)
		}
		// signing up again starts over with a new confirm mail
		if r := ts.do(req{method: "POST", path: sub, body: map[string]any{"email": "ana@example.com"}}); r.Status != 200 {
			t.Fatalf("subscribe again: %d", r.Status)
		}
		if n := len(pendingMail(t, a)); n != queued+1 {
			t.Fatalf("signing up again: %d mails queued, want %d", n, queued+1)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?status=pending", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("pending again: %s", r.Raw)
		}
		// one pending confirmation per address: asking again mails nothing (whoever asks)
		for range 3 {
			r := ts.do(req{method: "POST", path: sub, body: map[string]any{"email": "ana@example.com"}})
			if r.Status != 200 {
				t.Fatalf("asked again while pending: %d %s", r.Status, r.Raw)
			}
		}
		if n := len(pendingMail(t, a)); n != queued+1 {
			t.Fatalf("a pending address was mailed again: %d mails queued, want %d", n, queued+1)
		}
	})
}

func TestNewsletterRateLimit(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		var last resp
		for i := 0; i < 11; i++ {
			last = ts.do(req{method: "POST", path: "/api/v1/newsletter/subscribe", body: map[string]any{"email": "ana@example.com"}})
		}
		if last.Status != 429 || last.Header.Get("Retry-After") == "" {
			t.Fatalf("11th sign-up of one address: %d %s", last.Status, last.Raw)
		}
	})
}

// TestNewsletterAdmin: subscribers (list, count, filters, CSV and XLSX) and the next mailing's
// products (add, order, remove, with the activity log), guarded by view_newsletter-product.
func TestNewsletterAdmin(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		for _, e := range []string{"prvi@example.com", "drugi@example.com", "treci@example.org"} {
			if r := ts.do(req{method: "POST", path: "/api/v1/newsletter/subscribe", body: map[string]any{"email": e}}); r.Status != 200 {
				t.Fatalf("subscribe %s: %d", e, r.Status)
			}
		}
		for _, path := range []string{"/api/v1/admin/newsletter/subscribers", "/api/v1/admin/newsletter/products"} {
			if r := ts.do(req{method: "GET", path: path, token: ts.staff}); r.Status != 403 {
				t.Fatalf("staff without view_newsletter-product: %s %d", path, r.Status)
			}
		}
		r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?search=example.com&paginate=20", token: ts.admin})
		if r.Status != 200 || len(listOf(r)) != 2 || r.Body["meta"].(map[string]any)["total"] != 2.0 {
			t.Fatalf("search: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?status=maybe", token: ts.admin}); r.Status != 422 {
			t.Fatalf("bad status: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers?nope=1", token: ts.admin}); r.Status != 422 {
			t.Fatalf("unknown parameter: %d", r.Status)
		}

		csvr := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers/export?format=csv", token: ts.admin})
		if csvr.Status != 200 || !strings.HasPrefix(csvr.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("csv: %d %s", csvr.Status, csvr.Raw)
		}
		recs, err := csv.NewReader(bytes.NewReader(csvr.Raw)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var emails []string
		for _, rec := range recs {
			emails = append(emails, rec[0]+"/"+rec[1])
		}
		if d := cmp.Diff([]string{"email/status", "prvi@example.com/pending", "drugi@example.com/pending", "treci@example.org/pending"}, emails); d != "" {
			t.Errorf("csv rows (-want +got):\n%s", d)
		}
		xr := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers/export?format=xlsx&search=treci", token: ts.admin})
		if xr.Status != 200 {
			t.Fatalf("xlsx: %d %s", xr.Status, xr.Raw)
		}
		x, err := excelize.OpenReader(bytes.NewReader(xr.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := x.GetRows("Newsletter")
		if err != nil || len(rows) != 2 || rows[1][0] != "treci@example.org" {
			t.Fatalf("xlsx rows: %v %v", rows, err)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/subscribers/export?format=pdf", token: ts.admin}); r.Status != 422 {
			t.Fatalf("bad format: %d", r.Status)
		}

		// the next mailing's products
		p2 := productIDOf(vf.mustCreateProduct(t, vf.product("NL-2", "Šporet", vf.cat1)))
		p3 := productIDOf(vf.mustCreateProduct(t, vf.product("NL-3", "Mikrotalasna", vf.cat1)))
		add := func(id uint64) resp {
			return ts.do(req{method: "POST", path: "/api/v1/admin/newsletter/products", token: ts.admin, body: map[string]any{"product_id": id}})
		}
		order := func(r resp) []uint64 {
			var out []uint64
			for _, it := range r.Body["data"].([]any) {
				out = append(out, uint64(it.(map[string]any)["product"].(map[string]any)["id"].(float64)))
			}
			return out
		}
		if r := add(999999); r.Status != 422 || firstError(r, "product_id") == "" {
			t.Fatalf("unknown product: %d %s", r.Status, r.Raw)
		}
		for _, id := range []uint64{vf.id, p2, p3, p2} {
			if r := add(id); r.Status != 200 || message(r) == "" {
				t.Fatalf("add %d: %d %s", id, r.Status, r.Raw)
			}
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/newsletter/products", token: ts.admin})
		if d := cmp.Diff([]uint64{vf.id, p2, p3}, order(list)); d != "" {
			t.Fatalf("list (-want +got):\n%s", d)
		}
		put := func(ids ...uint64) resp {
			return ts.do(req{method: "PUT", path: "/api/v1/admin/newsletter/products/order", token: ts.admin, body: map[string]any{"product_ids": ids}})
		}
		if r := put(p3, vf.id); r.Status != 422 {
			t.Fatalf("an order missing a product: %d", r.Status)
		}
		if r := put(p3, vf.id, p3); r.Status != 422 {
			t.Fatalf("an order naming a product twice: %d", r.Status)
		}
		r = put(p3, vf.id, p2)
		if d := cmp.Diff([]uint64{p3, vf.id, p2}, order(r)); r.Status != 200 || d != "" {
			t.Fatalf("order: %d %s", r.Status, d)
		}
		r = ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/newsletter/products/%d", vf.id), token: ts.admin})
		if d := cmp.Diff([]uint64{p3, p2}, order(r)); r.Status != 200 || d != "" {
			t.Fatalf("remove: %d %s", r.Status, d)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/admin/newsletter/products/%d", vf.id), token: ts.admin}); r.Status != 404 {
			t.Fatalf("remove twice: %d", r.Status)
		}
		got := activityOf(t, a, "newsletter_product", vf.id)
		if len(got) != 2 || got[0].Type != "newsletter_product.added" || got[1].Type != "newsletter_product.removed" {
			t.Fatalf("activity of the product: %v", got)
		}
		if got := activityOf(t, a, "newsletter_product", 0); len(got) != 1 || got[0].Type != "newsletter_product.reordered" ||
			!strings.Contains(got[0].New, fmt.Sprintf("[%d,%d,%d]", p3, vf.id, p2)) {
			t.Fatalf("activity of the order: %v", got)
		}
	})
}
