package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// voiceFixture: two live products (one inactive, one hidden) in a category with a min price.
type voiceFixture struct {
	*productFixture
	a                        *app.App
	slug, sku                string
	id                       uint64
	inactiveSlug, hiddenSlug string
}

func voiceFixtureNew(t *testing.T, a *app.App) *voiceFixture {
	t.Helper()
	fx := productFixtureNew(t, a)
	vf := &voiceFixture{productFixture: fx, a: a}
	mk := func(sku, name string, set map[string]any) map[string]any {
		t.Helper()
		p := fx.mustCreateProduct(t, fx.product(sku, name, fx.cat1))
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", productIDOf(p)).Updates(set).Error; err != nil {
			t.Fatal(err)
		}
		return p
	}
	live := mk("VC-1", "Frižider Glasni", map[string]any{"active": true, "visible": true, "stock": 3, "web_price": money.Para(100000)})
	vf.slug, vf.sku, vf.id = live["slug"].(string), live["sku"].(string), productIDOf(live)
	vf.inactiveSlug = mk("VC-2", "Frižider Ugašeni", map[string]any{"active": false, "visible": true})["slug"].(string)
	vf.hiddenSlug = mk("VC-3", "Frižider Skriveni", map[string]any{"active": true, "visible": false})["slug"].(string)
	return vf
}

func (vf *voiceFixture) page(t *testing.T) map[string]any {
	t.Helper()
	r := vf.ts.do(req{method: "GET", path: "/api/v1/products/" + vf.slug + "?include=approvedRatings,answeredQuestions.user"})
	if r.Status != 200 {
		t.Fatalf("product page: %d %s", r.Status, r.Raw)
	}
	return data(r)
}

func TestVoiceRatings(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		path := "/api/v1/products/" + vf.slug + "/ratings"
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"rating": 4}}); r.Status != 422 ||
			firstError(r, "name") != "Ime je obavezno" || firstError(r, "email") != "E-mail adresa je obavezna" {
			t.Fatalf("guest rates without name and e-mail: %d %s", r.Status, r.Raw)
		}
		for _, slug := range []string{"nema-ga", vf.inactiveSlug, vf.hiddenSlug} {
			if r := ts.do(req{method: "POST", path: "/api/v1/products/" + slug + "/ratings", token: ts.buyer, body: map[string]any{"rating": 4}}); r.Status != 404 {
				t.Errorf("rate %s: %d, want 404", slug, r.Status)
			}
		}
		if r := ts.do(req{method: "POST", path: path, token: ts.buyer, body: map[string]any{"rating": 6}}); r.Status != 422 || firstError(r, "rating") != "Ocena mora biti od 1 do 5" {
			t.Errorf("rating 6: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path, token: ts.buyer, lang: "en", body: map[string]any{}}); r.Status != 422 || firstError(r, "rating") != "The rating is required" {
			t.Errorf("no rating: %d %s", r.Status, r.Raw)
		}
		r := ts.do(req{method: "POST", path: path, token: ts.buyer, body: map[string]any{"rating": 4, "comment": "<script>alert(1)</script><b>Odličan</b> & tih"}})
		if r.Status != 200 || message(r) == "" {
			t.Fatalf("rate: %d %s", r.Status, r.Raw)
		}
		// The honeypot: accepted, dropped.
		if r := ts.do(req{method: "POST", path: path, token: ts.admin, body: map[string]any{"rating": 1, "website": "http://spam"}}); r.Status != 200 {
			t.Fatalf("honeypot: %d", r.Status)
		}
		if got := vf.page(t)["approvedRatings"].([]any); len(got) != 0 {
			t.Fatalf("an unapproved rating is shown: %v", got)
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/ratings?status=disapproved", token: ts.admin})
		if list.Status != 200 || len(listOf(list)) != 1 {
			t.Fatalf("disapproved ratings: %d %s", list.Status, list.Raw)
		}
		row := listOf(list)[0].(map[string]any)
		if row["comment"] != "alert(1)Odličan & tih" || row["rating"] != 4.0 || row["approved"] != false {
			t.Fatalf("stored rating: %v", row)
		}
		id := fmt.Sprint(row["id"])
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/ratings/" + id + "/approve", token: ts.buyer}); r.Status != 403 {
			t.Fatalf("customer approves: %d", r.Status)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/ratings/" + id + "/approve", token: ts.admin}); r.Status != 200 || data(r)["approved"] != true {
			t.Fatalf("approve: %d %s", r.Status, r.Raw)
		}
		pg := vf.page(t)
		shown := pg["approvedRatings"].([]any)
		if len(shown) != 1 || shown[0].(map[string]any)["user"].(map[string]any)["name"] == "" || pg["rating_average"] != 4.0 || pg["rating_count"] != 1.0 {
			t.Fatalf("approved rating on the page: %v avg %v n %v", shown, pg["rating_average"], pg["rating_count"])
		}
		// A second rating by the same customer edits the first and needs approval again.
		if r := ts.do(req{method: "POST", path: path, token: ts.buyer, body: map[string]any{"rating": 2, "comment": "Ipak bučan"}}); r.Status != 200 {
			t.Fatalf("rate again: %d %s", r.Status, r.Raw)
		}
		all := ts.do(req{method: "GET", path: "/api/v1/admin/ratings", token: ts.admin})
		if len(listOf(all)) != 1 || listOf(all)[0].(map[string]any)["rating"] != 2.0 || listOf(all)[0].(map[string]any)["approved"] != false {
			t.Fatalf("after the edit: %s", all.Raw)
		}
		ts.do(req{method: "PATCH", path: "/api/v1/admin/ratings/" + id + "/approve", token: ts.admin})
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/ratings?status=approved", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("approved filter: %s", r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/ratings?status=maybe", token: ts.admin}); r.Status != 422 {
			t.Fatalf("bad status filter: %d", r.Status)
		}
		// Delete, with undo.
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/ratings/" + id, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if got := vf.page(t)["approvedRatings"].([]any); len(got) != 0 {
			t.Fatalf("a deleted rating is shown")
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/ratings", token: ts.admin}); len(listOf(r)) != 0 {
			t.Fatalf("a deleted rating is listed")
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/ratings/" + id + "/restore", token: ts.admin}); r.Status != 200 || data(r)["deleted"] != false {
			t.Fatalf("restore: %d %s", r.Status, r.Raw)
		}
		if got := vf.page(t)["approvedRatings"].([]any); len(got) != 1 {
			t.Fatalf("a restored rating is not shown")
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/ratings/" + id + "/restore", token: ts.admin}); r.Status != 404 {
			t.Fatalf("restore a live rating: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/ratings/999999", token: ts.admin}); r.Status != 404 || message(r) != "Ocena ne postoji ili je izbrisana." {
			t.Fatalf("unknown rating: %d %s", r.Status, r.Raw)
		}
		var n int64
		a.DB.Table("activity_log").Where("subject_type = ? AND subject_id = ?", "rating", row["id"]).Count(&n)
		if n < 4 {
			t.Errorf("activity entries of the rating: %d, want approve, approve, delete, restore", n)
		}
	})
}

func listOf(r resp) []any { return list(r) }

// TestVoiceGuestRatings: a guest rates with a name and an e-mail, each post a rating of its
// own, approved like a customer's before the product page shows it under the guest's name.
func TestVoiceGuestRatings(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		path := "/api/v1/products/" + vf.slug + "/ratings"
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"rating": 5, "name": "M", "email": "nije-adresa"}}); r.Status != 422 ||
			firstError(r, "name") != "Ime mora sadržati najmanje 2 karaktera" || firstError(r, "email") != "Niste uneli pravilnu e-mail adresu." {
			t.Fatalf("bad name and e-mail: %d %s", r.Status, r.Raw)
		}
		for _, g := range []map[string]any{
			{"rating": 5, "comment": "Tih je", "name": "Milica Gost", "email": "Milica@Primer.rs"},
			{"rating": 3, "name": "Jovan Gost", "email": "jovan@primer.rs"},
		} {
			if r := ts.do(req{method: "POST", path: path, body: g}); r.Status != 200 || message(r) == "" {
				t.Fatalf("guest rates: %d %s", r.Status, r.Raw)
			}
		}
		// A bad token is a guest, not a 401.
		if r := ts.do(req{method: "POST", path: path, token: "nevazeci", body: map[string]any{"rating": 4}}); r.Status != 422 {
			t.Fatalf("a bad token without name: %d %s", r.Status, r.Raw)
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/ratings?status=disapproved", token: ts.admin})
		rows := listOf(list)
		if len(rows) != 2 {
			t.Fatalf("guest ratings waiting for approval: %s", list.Raw)
		}
		var milica map[string]any
		for _, r := range rows {
			if m := r.(map[string]any); m["user"].(map[string]any)["name"] == "Milica Gost" {
				milica = m
			}
		}
		if milica == nil || milica["guest"] != true || milica["user"].(map[string]any)["email"] != "milica@primer.rs" || milica["user"].(map[string]any)["id"] != 0.0 {
			t.Fatalf("a guest's rating in the admin: %v", rows)
		}
		if got := vf.page(t)["approvedRatings"].([]any); len(got) != 0 {
			t.Fatalf("an unapproved guest rating is shown: %v", got)
		}
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/ratings/%v/approve", milica["id"]), token: ts.admin}); r.Status != 200 {
			t.Fatalf("approve: %d %s", r.Status, r.Raw)
		}
		shown := vf.page(t)["approvedRatings"].([]any)
		if len(shown) != 1 {
			t.Fatalf("approved guest ratings shown: %v", shown)
		}
		if got := shown[0].(map[string]any); got["user"].(map[string]any)["name"] != "Milica Gost" || got["comment"] != "Tih je" || strings.Contains(fmt.Sprint(got), "primer.rs") {
			t.Fatalf("the guest's rating on the page (name, no e-mail): %v", got)
		}
		// The same e-mail limit as questions: the 11th rating from one address is refused.
		var last resp
		for i := 0; i < 10; i++ {
			last = ts.do(req{method: "POST", path: path, body: map[string]any{"rating": 1, "name": "Ista Adresa", "email": "jovan@primer.rs"}})
		}
		if last.Status != 429 {
			t.Fatalf("11th rating from one e-mail: %d %s", last.Status, last.Raw)
		}
	})
}

func TestVoiceQuestions(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		path := "/api/v1/products/" + vf.slug + "/questions"
		cases := []struct {
			body        map[string]any
			lang        string
			field, want string
		}{
			{map[string]any{"question": "Da li je tih?"}, "", "name", "Ime je obavezno"},
			{map[string]any{"name": "A", "question": "Da li je tih?"}, "", "name", "Ime mora sadržati najmanje 2 karaktera"},
			{map[string]any{"name": strings.Repeat("a", 51), "question": "Da li je tih?"}, "", "name", "Ime može sadržati najviše 50 karaktera"},
			{map[string]any{"name": "Ana"}, "", "question", "Pitanje je obavezno"},
			{map[string]any{"name": "Ana", "question": "?"}, "", "question", "Pitanje mora sadržati najmanje 2 karaktera"},
			{map[string]any{"name": "Ana", "question": strings.Repeat("a", 1201)}, "", "question", "Pitanje može sadržati najviše 1200 karaktera"},
			{map[string]any{"name": "Ana"}, "en", "question", "The question is required"},
			{map[string]any{"name": "Ana", "question": "Da li je tih?", "email": "nije-adresa"}, "", "email", "Niste uneli pravilnu e-mail adresu."},
		}
		for _, c := range cases {
			r := ts.do(req{method: "POST", path: path, lang: c.lang, body: c.body})
			if r.Status != 422 || firstError(r, c.field) != c.want {
				t.Errorf("%v: %d %s, want %s: %s", c.body, r.Status, r.Raw, c.field, c.want)
			}
		}
		for _, slug := range []string{"nema-ga", vf.inactiveSlug} {
			if r := ts.do(req{method: "POST", path: "/api/v1/products/" + slug + "/questions", body: map[string]any{"name": "Ana", "question": "Ima li?"}}); r.Status != 404 {
				t.Errorf("ask about %s: %d, want 404", slug, r.Status)
			}
		}
		if r := ts.do(req{method: "POST", path: path, lang: "en", body: map[string]any{"name": "Ana <i>", "question": "Da li je <b>tih</b>?", "email": "Ana@Example.com"}}); r.Status != 200 {
			t.Fatalf("guest asks: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path, token: ts.buyer, body: map[string]any{"name": "Kupac", "question": "Koliko troši struje?"}}); r.Status != 200 {
			t.Fatalf("customer asks: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"name": "Bot", "question": "Kupite jeftino", "website": "x"}}); r.Status != 200 {
			t.Fatalf("honeypot: %d", r.Status)
		}
		if got := vf.page(t)["answeredQuestions"].([]any); len(got) != 0 {
			t.Fatalf("unanswered questions shown: %v", got)
		}
		un := ts.do(req{method: "GET", path: "/api/v1/admin/questions?status=unanswered", token: ts.admin})
		if un.Status != 200 || len(listOf(un)) != 2 {
			t.Fatalf("unanswered: %d %s", un.Status, un.Raw)
		}
		var guestQ, buyerQ map[string]any
		for _, q := range listOf(un) {
			m := q.(map[string]any)
			if m["user"] == nil {
				guestQ = m
			} else {
				buyerQ = m
			}
		}
		if guestQ == nil || buyerQ == nil || guestQ["question"] != "Da li je tih?" || guestQ["name"] != "Ana" || guestQ["email"] != "ana@example.com" {
			t.Fatalf("stored questions: %v / %v", guestQ, buyerQ)
		}
		gid, bid := fmt.Sprint(guestQ["id"]), fmt.Sprint(buyerQ["id"])
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/questions/" + gid + "/answer", token: ts.admin, body: map[string]any{}}); r.Status != 422 {
			t.Fatalf("empty answer: %d", r.Status)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/admin/questions/" + gid + "/answer", token: ts.admin, body: map[string]any{"answer": "Jeste, <b>38 dB</b>."}})
		if r.Status != 200 || data(r)["answered"] != true || data(r)["answer"] != "Jeste, 38 dB." {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/questions/" + bid + "/answer", token: ts.admin, body: map[string]any{"answer": "Klasa A."}}); r.Status != 200 {
			t.Fatalf("answer the customer: %d %s", r.Status, r.Raw)
		}
		mails := mailsTo(t, a)
		if m := mails["ana@example.com"]; !strings.Contains(m, "Jeste, 38 dB.") || !strings.Contains(m, "has been answered") {
			t.Errorf("the guest's mail (English): %q", m)
		}
		if m := mails["kupac@demo.local"]; !strings.Contains(m, "Klasa A.") || !strings.Contains(m, "odgovorili smo") {
			t.Errorf("the customer's mail (Serbian): %q (all: %v)", m, mails)
		}
		shown := vf.page(t)["answeredQuestions"].([]any)
		if len(shown) != 2 {
			t.Fatalf("answered questions on the page: %v", shown)
		}
		for _, q := range shown {
			m := q.(map[string]any)
			if m["name"] == "Kupac" && (m["user"] == nil || m["user"].(map[string]any)["name"] == "") {
				t.Errorf("the customer's question without user.name: %v", m)
			}
			if m["name"] == "Ana" && m["user"] != nil {
				t.Errorf("a guest's question with a user: %v", m)
			}
		}
		// Edit, then delete.
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/questions/" + gid, token: ts.admin, body: map[string]any{"name": "A"}}); r.Status != 422 || firstError(r, "name") != "Ime mora sadržati najmanje 2 karaktera" {
			t.Fatalf("edit with a short name: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/questions/" + gid, token: ts.admin, body: map[string]any{"answer": ""}}); r.Status != 200 || data(r)["answered"] != false {
			t.Fatalf("emptying the answer: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/questions?status=answered", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("answered after the edit: %s", r.Raw)
		}
		if r := ts.do(req{method: "DELETE", path: "/api/v1/admin/questions/" + bid, token: ts.admin}); r.Status != 200 {
			t.Fatalf("delete: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/questions/" + bid, token: ts.admin}); r.Status != 404 || message(r) != "Pitanje ne postoji ili je izbrisano." {
			t.Fatalf("deleted question: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/questions", token: ts.staff}); r.Status != 403 {
			t.Fatalf("staff without view-question: %d", r.Status)
		}
	})
}

// mailsTo runs the queued mails into an outbox and answers each recipient's last mail.
func mailsTo(t *testing.T, a *app.App) map[string]string {
	t.Helper()
	tasks := pendingMail(t, a)
	out := map[string]string{}
	for i, body := range deliver(t, a, tasks) {
		var p queue.MailSendPayload
		if err := json.Unmarshal(tasks[i].Payload, &p); err != nil {
			t.Fatal(err)
		}
		out[p.Message.To] = body
	}
	return out
}

func TestVoiceBackInStock(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		ctx := context.Background()
		// Out of stock: the web price (1000) is below the category's min price.
		if err := a.DB.Model(&catalog.Category{}).Where("id = ?", vf.cat1).Update("min_price", money.Para(500000)).Error; err != nil {
			t.Fatal(err)
		}
		path := "/api/v1/products/" + vf.slug + "/available-again/subscribe"
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"product_id": vf.id}}); r.Status != 422 || firstError(r, "email") != "E-mail adresa je obavezna" {
			t.Fatalf("no e-mail: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"product_id": vf.id, "email": "a@b"}}); r.Status != 422 {
			t.Fatalf("bad e-mail: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"product_id": vf.id + 100, "email": "ana@example.com"}}); r.Status != 422 {
			t.Fatalf("another product's id: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/products/" + vf.inactiveSlug + "/available-again/subscribe", body: map[string]any{"email": "ana@example.com"}}); r.Status != 404 {
			t.Fatalf("inactive product: %d", r.Status)
		}
		body := map[string]any{"product_id": vf.id, "product_url": "https://evil.example/phish", "email": "Ana@Example.com"}
		for range 2 { // subscribing twice is one subscription
			if r := ts.do(req{method: "POST", path: path, lang: "en", body: body}); r.Status != 200 {
				t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
			}
		}
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"product_id": vf.id, "email": "marko@example.com"}}); r.Status != 200 {
			t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 0 {
			t.Fatalf("still out of stock: %d mails, %v", n, err)
		}
		// Back in stock: the web price reaches the min price.
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", vf.id).Update("web_price", money.Para(600000)).Error; err != nil {
			t.Fatal(err)
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 2 {
			t.Fatalf("back in stock: %d mails, %v; want 2", n, err)
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 0 {
			t.Fatalf("second run: %d mails, %v; want none (once)", n, err)
		}
		mails := mailsTo(t, a)
		if len(mails) != 2 {
			t.Fatalf("mails: %v", mails)
		}
		en, sr := mails["ana@example.com"], mails["marko@example.com"]
		if !strings.Contains(en, "available to buy again") || strings.Contains(en, "evil.example") || !strings.Contains(en, "/proizvodi/"+vf.slug) {
			t.Errorf("English mail: %q", en)
		}
		if !strings.Contains(sr, "ponovo dostupan") {
			t.Errorf("Serbian mail: %q", sr)
		}
		// The mail links to the storefront's page, which calls the API with the link's query.
		i := strings.Index(en, "/obavestenje-o-dostupnosti/odjava?")
		if i < 0 {
			t.Fatalf("no unsubscribe link: %q", en)
		}
		u, err := url.Parse(strings.Fields(en[i:])[0])
		if err != nil {
			t.Fatal(err)
		}
		u.Path = "/api/v1/available-again/unsubscribe"
		bad := u.Query()
		bad.Set("signature", strings.Repeat("0", 64))
		if r := ts.do(req{method: "GET", path: u.Path + "?" + bad.Encode()}); r.Status != 404 {
			t.Fatalf("forged unsubscribe: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: u.Path + "?" + u.RawQuery}); r.Status != 200 || message(r) == "" {
			t.Fatalf("unsubscribe: %d %s", r.Status, r.Raw)
		}
		var left int64
		a.DB.Table("back_in_stock_subscriptions").Where("email = ?", "ana@example.com").Count(&left)
		if left != 0 {
			t.Fatalf("still subscribed after unsubscribing")
		}
		// Subscribing again after the mail starts a new round.
		if r := ts.do(req{method: "POST", path: path, body: map[string]any{"product_id": vf.id, "email": "marko@example.com"}}); r.Status != 200 {
			t.Fatalf("subscribe again: %d", r.Status)
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 1 {
			t.Fatalf("new round: %d mails, %v; want 1", n, err)
		}
	})
}

func TestVoicePriceOffers(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		ts := vf.ts
		cases := []struct {
			body map[string]any
			lang string
			want string
		}{
			{map[string]any{"product_sku": vf.sku}, "", "Polja su prazna."},
			{map[string]any{"product_sku": vf.sku, "email": "ana@example.com", "price": ""}, "", "Polja su prazna."},
			{map[string]any{"product_sku": vf.sku, "price": 900}, "", "Polja su prazna."},
			{map[string]any{"product_sku": vf.sku, "email": "ana@", "price": 900}, "", "Niste uneli pravilnu e-mail adresu."},
			{map[string]any{"product_sku": vf.sku, "email": "ana@", "price": 900}, "en", "You have not entered a valid e-mail address."},
			{map[string]any{"product_sku": vf.sku, "email": "ana@example.com", "price": 0}, "", "Podaci nisu ispravni."},
		}
		for _, c := range cases {
			r := ts.do(req{method: "POST", path: "/api/v1/priceoffer", lang: c.lang, body: c.body})
			if r.Status != 422 || (c.want != "Podaci nisu ispravni." && message(r) != c.want) {
				t.Errorf("%v: %d %s, want %q", c.body, r.Status, r.Raw, c.want)
			}
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/priceoffer", body: map[string]any{"product_sku": "NEMA", "email": "ana@example.com", "price": 900}}); r.Status != 404 {
			t.Errorf("unknown sku: %d", r.Status)
		}
		r := ts.do(req{method: "POST", path: "/api/v1/priceoffer", body: map[string]any{"product_sku": vf.sku, "email": "ana@example.com", "price": "899,50"}})
		if r.Status != 200 || r.Body["success"] != true || message(r) != "Uspešno ste poslali upit!" {
			t.Fatalf("offer: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/priceoffer", body: map[string]any{"product_sku": vf.sku, "email": "bot@example.com", "price": 1, "website": "x"}}); r.Status != 200 {
			t.Fatalf("honeypot: %d", r.Status)
		}
		list := ts.do(req{method: "GET", path: "/api/v1/admin/price-offers", token: ts.staff})
		if list.Status != 200 || len(listOf(list)) != 1 {
			t.Fatalf("offers (staff with view-order): %d %s", list.Status, list.Raw)
		}
		o := listOf(list)[0].(map[string]any)
		if o["price"] != 899.5 || o["current_price"] != 1000.0 || o["status"] != "pending" || o["product"].(map[string]any)["sku"] != vf.sku {
			t.Fatalf("offer row: %v", o)
		}
		id := fmt.Sprint(o["id"])
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/price-offers/" + id, token: ts.admin, body: map[string]any{"status": "maybe"}}); r.Status != 422 {
			t.Fatalf("bad status: %d", r.Status)
		}
		if r := ts.do(req{method: "PATCH", path: "/api/v1/admin/price-offers/" + id, token: ts.admin, body: map[string]any{"status": "declined"}}); r.Status != 200 || data(r)["status"] != "declined" {
			t.Fatalf("decline: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/price-offers?status=declined", token: ts.admin}); len(listOf(r)) != 1 {
			t.Fatalf("declined filter: %s", r.Raw)
		}
		// The staff who handle orders are told (the super-admin and the demo staff role).
		for _, tok := range []string{ts.admin, ts.staff} {
			uid := uint64(data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: tok}))["id"].(float64))
			ns, _, err := a.Notify.Unread(context.Background(), uid)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, n := range ns {
				if n.Type == "PriceOfferReceived" && strings.Contains(n.Data, vf.sku) {
					found = true
				}
			}
			if !found {
				t.Errorf("user %d got no price offer notification: %v", uid, ns)
			}
		}
	})
}

func TestVoiceRateLimit(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		vf := voiceFixtureNew(t, a)
		path := "/api/v1/products/" + vf.slug + "/questions"
		body := map[string]any{"name": "Ana", "question": "Da li je tih?", "email": "ana@example.com"}
		var last resp
		for i := 0; i < 11; i++ {
			last = vf.ts.do(req{method: "POST", path: path, body: body})
		}
		if last.Status != 429 || last.Header.Get("Retry-After") == "" || !strings.Contains(message(last), "Previše zahteva") {
			t.Fatalf("11th question from one address: %d %s", last.Status, last.Raw)
		}
		var n int64
		a.DB.Table("questions").Count(&n)
		if n != 10 {
			t.Fatalf("questions stored: %d, want 10", n)
		}
	})
}
