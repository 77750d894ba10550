package voice_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/apperr/apperrtest"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/mail"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/voice"
)

var firstPage = listing.Page{Number: 1, Size: 50}

// product makes a product in a category of its own; stock 0 makes it unavailable, visible
// false hides it from the storefront.
func product(t *testing.T, a *app.App, sku string, stock int, visible bool) *catalog.Product {
	t.Helper()
	slug := strings.ToLower(sku)
	cat := catalog.Category{Name: "Kategorija " + sku, Slug: "kat-" + slug, Prefix: "K", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&cat).Error; err != nil {
		t.Fatal(err)
	}
	p := catalog.Product{SKU: sku, Name: "Proizvod " + sku, Slug: slug, Active: true, Visible: visible,
		WebPrice: money.Para(100000), Stock: stock, MainCategoryID: cat.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	return &p
}

// mailsTo answers the voice mails waiting on the queue for an address, oldest first.
func mailsTo(t *testing.T, a *app.App, to string) []mail.Message {
	t.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	tasks, err := insp.ListPendingTasks(queue.QueueCritical, asynq.PageSize(1000))
	if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, tk := range tasks {
		var p queue.MailSendPayload
		if tk.Type == queue.TypeMailSend && json.Unmarshal(tk.Payload, &p) == nil && p.Message.To == to {
			out = append(out, p.Message)
		}
	}
	return out
}

var sr = voice.Client{IP: "192.0.2.1", Lang: i18n.SR}

// TestQuestionShownOnlyOnceAnswered: a question waits unseen until staff answer it; the
// asker gets the answer by mail; emptying the answer hides the question again.
func TestQuestionShownOnlyOnceAnswered(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "Q-1", 3, true)
		if err := a.Voice.Ask(ctx, p.Slug, sr, voice.QuestionInput{Name: "Mira", Question: "Da li je tih?", Email: "Mira@Primer.rs"}); err != nil {
			t.Fatal(err)
		}
		shown, err := a.Voice.AnsweredQuestions(ctx, p.ID)
		if err != nil || len(shown) != 0 {
			t.Fatalf("an unanswered question is shown: %v %+v", err, shown)
		}
		all, _, err := a.Voice.Questions(ctx, voice.QuestionFilter{Status: "unanswered", Page: firstPage})
		if err != nil || len(all) != 1 || all[0].Email != "mira@primer.rs" {
			t.Fatalf("staff's unanswered list: %v %+v", err, all)
		}
		if _, err := a.Voice.AnswerQuestion(ctx, all[0].ID, "  "); apperrtest.Fields(t, err)["answer"] == "" {
			t.Fatalf("an empty answer: %v", err)
		}
		q, err := a.Voice.AnswerQuestion(ctx, all[0].ID, "Jeste, <b>37 dB</b>.")
		if err != nil || !q.Answered || q.Answer != "Jeste, 37 dB." {
			t.Fatalf("answer: %v %+v", err, q)
		}
		shown, _ = a.Voice.AnsweredQuestions(ctx, p.ID)
		if len(shown) != 1 {
			t.Fatalf("the answered question is not shown: %+v", shown)
		}
		if m := mailsTo(t, a, "mira@primer.rs"); len(m) != 1 || !strings.Contains(m[0].Body, "37 dB") {
			t.Fatalf("answer mail to the asker: %+v", m)
		}
		empty := ""
		if q, err = a.Voice.UpdateQuestion(ctx, q.ID, voice.QuestionUpdate{Answer: &empty}); err != nil || q.Answered {
			t.Fatalf("an emptied answer: %v %+v", err, q)
		}
		if shown, _ = a.Voice.AnsweredQuestions(ctx, p.ID); len(shown) != 0 {
			t.Fatalf("a question whose answer was emptied is shown: %+v", shown)
		}
	})
}

// TestQuestionFormRules: the name takes 2 to 50 characters, the question 2 to 1200, the
// optional e-mail must be an address; markup is dropped before counting.
func TestQuestionFormRules(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "Q-2", 3, true)
		for _, tc := range []struct {
			in   voice.QuestionInput
			want map[string]string
		}{
			{voice.QuestionInput{}, map[string]string{"name": "voice.name_required", "question": "voice.question_required"}},
			{voice.QuestionInput{Name: "M", Question: "<i>?</i>"}, map[string]string{"name": "voice.name_min", "question": "voice.question_min"}},
			{voice.QuestionInput{Name: strings.Repeat("a", voice.NameMax+1), Question: strings.Repeat("b", voice.TextMax+1)},
				map[string]string{"name": "voice.name_max", "question": "voice.question_max"}},
			{voice.QuestionInput{Name: "Mira", Question: "Ima li?", Email: "mira@"}, map[string]string{"email": "voice.email_invalid"}},
		} {
			got := apperrtest.Fields(t, a.Voice.Ask(ctx, p.Slug, sr, tc.in))
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("%+v: %v, want %v", tc.in, got, tc.want)
			}
		}
		if _, n, _ := a.Voice.Questions(ctx, voice.QuestionFilter{Page: firstPage}); n != 0 {
			t.Fatalf("%d invalid questions stored", n)
		}
	})
}

// TestFormsOnlyAboutShownProducts: a hidden or unknown product takes no question, rating or
// subscription (a 404, as its page).
func TestFormsOnlyAboutShownProducts(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		hidden := product(t, a, "H-1", 3, false)
		for _, slug := range []string{hidden.Slug, "nema-ga"} {
			errs := []error{
				a.Voice.Ask(ctx, slug, sr, voice.QuestionInput{Name: "Mira", Question: "Ima li?"}),
				a.Voice.Rate(ctx, slug, voice.Client{UserID: 1}, voice.RatingInput{Rating: 5}),
				a.Voice.Subscribe(ctx, slug, sr, voice.SubscribeInput{Email: "mira@primer.rs"}),
			}
			for i, err := range errs {
				if apperrtest.Code(err) != apperr.NotFound {
					t.Errorf("%s form %d: %v, want a 404", slug, i, err)
				}
			}
		}
	})
}

// TestHoneypotAnswersSuccessAndKeepsNothing: a filled honeypot gets the success answer, and
// nothing is stored or mailed.
func TestHoneypotAnswersSuccessAndKeepsNothing(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "B-1", 3, true)
		bot := voice.Client{IP: "192.0.2.9", Honeypot: "http://spam"}
		if err := a.Voice.Ask(ctx, p.Slug, bot, voice.QuestionInput{Name: "Bot", Question: "Kupi jeftino", Email: "bot@spam.rs"}); err != nil {
			t.Fatal(err)
		}
		if err := a.Voice.SubscribeNewsletter(ctx, bot, "bot@spam.rs"); err != nil {
			t.Fatal(err)
		}
		price := money.Para(100)
		if err := a.Voice.Offer(ctx, bot, voice.OfferInput{ProductSKU: p.SKU, Email: "bot@spam.rs", Price: &price}); err != nil {
			t.Fatal(err)
		}
		_, nq, _ := a.Voice.Questions(ctx, voice.QuestionFilter{Page: firstPage})
		_, ns, _ := a.Voice.Subscribers(ctx, voice.SubscriberFilter{Page: firstPage})
		_, no, _ := a.Voice.PriceOffers(ctx, voice.OfferFilter{Page: firstPage})
		if nq+ns+no != 0 || len(mailsTo(t, a, "bot@spam.rs")) != 0 {
			t.Fatalf("a bot's forms kept: %d questions, %d subscribers, %d offers", nq, ns, no)
		}
	})
}

// TestFormsLimitedPerEmailPerHour: one address sends a form at most PerEmailPerHour times an
// hour whatever client it comes from; past it the answer is a 429.
func TestFormsLimitedPerEmailPerHour(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "L-1", 3, true)
		in := voice.QuestionInput{Name: "Mira", Question: "Ima li?", Email: "mira@primer.rs"}
		const perEmail = 10 // voice.Options' default
		for i := range perEmail {
			c := voice.Client{IP: "198.51.100." + strconv.Itoa(i+1)}
			if err := a.Voice.Ask(ctx, p.Slug, c, in); err != nil {
				t.Fatalf("question %d: %v", i+1, err)
			}
		}
		err := a.Voice.Ask(ctx, p.Slug, voice.Client{IP: "203.0.113.1"}, in)
		if apperrtest.Code(err) != apperr.TooManyRequests {
			t.Fatalf("question %d from a new address: %v, want a 429", perEmail+1, err)
		}
		in.Email = "drugi@primer.rs"
		if err := a.Voice.Ask(ctx, p.Slug, voice.Client{IP: "203.0.113.1"}, in); err != nil {
			t.Fatalf("another e-mail is not limited: %v", err)
		}
	})
}

// TestPriceOfferRules: e-mail and price are both required, the price above 0, the product
// known by its SKU; a stored offer is pending, staff move it between the three statuses.
func TestPriceOfferRules(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "O-1", 3, true)
		zero, price := money.Para(0), money.Para(85000)
		if got := apperrtest.Fields(t, a.Voice.Offer(ctx, sr, voice.OfferInput{ProductSKU: p.SKU})); got["email"] != "voice.offer_empty" || got["price"] != "voice.offer_empty" {
			t.Errorf("empty offer: %v", got)
		}
		if got := apperrtest.Fields(t, a.Voice.Offer(ctx, sr, voice.OfferInput{ProductSKU: p.SKU, Email: "mira", Price: &price})); got["email"] != "voice.offer_email" {
			t.Errorf("bad e-mail: %v", got)
		}
		if got := apperrtest.Fields(t, a.Voice.Offer(ctx, sr, voice.OfferInput{ProductSKU: p.SKU, Email: "mira@primer.rs", Price: &zero})); got["price"] != "voice.offer_price" {
			t.Errorf("a price of 0: %v", got)
		}
		if err := a.Voice.Offer(ctx, sr, voice.OfferInput{ProductSKU: "NEMA", Email: "mira@primer.rs", Price: &price}); apperrtest.Code(err) != apperr.NotFound {
			t.Errorf("unknown SKU: %v", err)
		}
		if err := a.Voice.Offer(ctx, sr, voice.OfferInput{ProductSKU: " " + p.SKU + " ", Email: "Mira@primer.rs", Price: &price}); err != nil {
			t.Fatal(err)
		}
		rows, _, err := a.Voice.PriceOffers(ctx, voice.OfferFilter{Status: voice.OfferPending, Page: firstPage})
		if err != nil || len(rows) != 1 || rows[0].Price != price || rows[0].CurrentPrice != p.WebPrice || rows[0].Email != "mira@primer.rs" {
			t.Fatalf("the pending offer: %v %+v", err, rows)
		}
		if _, err := a.Voice.SetOfferStatus(ctx, rows[0].ID, "accepted"); apperrtest.Fields(t, err)["status"] == "" {
			t.Errorf("an unknown status: %v", err)
		}
		o, err := a.Voice.SetOfferStatus(ctx, rows[0].ID, voice.OfferDeclined)
		if err != nil || o.Status != voice.OfferDeclined {
			t.Fatalf("declined: %v %+v", err, o)
		}
		if rows, _, _ = a.Voice.PriceOffers(ctx, voice.OfferFilter{Status: voice.OfferPending, Page: firstPage}); len(rows) != 0 {
			t.Fatalf("a declined offer listed as pending: %+v", rows)
		}
	})
}

// TestBackInStockMailedOnceWhenPurchasable: a subscriber is mailed when the product can be
// bought again, once; subscribing again after the mail starts a new round.
func TestBackInStockMailedOnceWhenPurchasable(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "S-1", 0, true)
		other := product(t, a, "S-2", 0, true)
		in := voice.SubscribeInput{ProductID: p.ID, Email: "Mira@primer.rs"}
		if got := apperrtest.Fields(t, a.Voice.Subscribe(ctx, p.Slug, sr, voice.SubscribeInput{ProductID: other.ID, Email: "x"})); got["product_id"] != "voice.product_mismatch" || got["email"] != "voice.email_invalid" {
			t.Errorf("another product's id and a bad e-mail: %v", got)
		}
		for range 2 { // twice: still one subscription
			if err := a.Voice.Subscribe(ctx, p.Slug, sr, in); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 0 {
			t.Fatalf("out of stock, mailed %d: %v", n, err)
		}
		if err := a.DB.Model(&catalog.Product{}).Where("id = ?", p.ID).Update("stock", 4).Error; err != nil {
			t.Fatal(err)
		}
		if n, err := a.Voice.MailBackInStock(ctx); err != nil || n != 1 {
			t.Fatalf("back in stock, mailed %d: %v", n, err)
		}
		if n, _ := a.Voice.MailBackInStock(ctx); n != 0 {
			t.Fatalf("mailed again: %d", n)
		}
		m := mailsTo(t, a, "mira@primer.rs")
		if len(m) != 1 || !strings.Contains(m[0].Body, "/proizvodi/"+p.Slug) {
			t.Fatalf("the mail: %+v", m)
		}
		if err := a.Voice.Subscribe(ctx, p.Slug, sr, in); err != nil {
			t.Fatal(err)
		}
		if n, _ := a.Voice.MailBackInStock(ctx); n != 1 {
			t.Fatalf("a new round after the mail: mailed %d", n)
		}
	})
}

// TestUnsubscribeLinkNeedsItsSignature: a back-in-stock subscription ends only through its own
// signed link; a forged one is a 404 and removes nothing.
func TestUnsubscribeLinkNeedsItsSignature(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := product(t, a, "U-1", 0, true)
		if err := a.Voice.Subscribe(ctx, p.Slug, sr, voice.SubscribeInput{Email: "mira@primer.rs"}); err != nil {
			t.Fatal(err)
		}
		var row voice.SubscriptionRow
		if err := a.DB.Take(&row).Error; err != nil {
			t.Fatal(err)
		}
		link, err := url.Parse(a.Voice.UnsubscribeURL(row.ID))
		if err != nil {
			t.Fatal(err)
		}
		sig := link.Query().Get("signature")
		if err := a.Voice.Unsubscribe(ctx, row.ID+1, sig); apperrtest.Code(err) != apperr.NotFound {
			t.Fatalf("another id with this signature: %v", err)
		}
		if err := a.Voice.Unsubscribe(ctx, row.ID, strings.Repeat("0", len(sig))); apperrtest.Code(err) != apperr.NotFound {
			t.Fatalf("a forged signature: %v", err)
		}
		var n int64
		a.DB.Model(&voice.SubscriptionRow{}).Count(&n)
		if n != 1 {
			t.Fatalf("a forged link removed the subscription")
		}
		if err := a.Voice.Unsubscribe(ctx, row.ID, strings.ToUpper(sig)); err != nil {
			t.Fatal(err)
		}
		a.DB.Model(&voice.SubscriptionRow{}).Count(&n)
		if n != 0 {
			t.Fatalf("the signed link left the subscription")
		}
	})
}

// TestNewsletterNeedsConfirmation: a new address is pending until its mailed link confirms
// it; a second sign-up within a day mails nothing; an unsubscribe link ends it, and the old
// confirm link does not undo that.
func TestNewsletterNeedsConfirmation(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		const to = "mira@primer.rs"
		if err := a.Voice.SubscribeNewsletter(ctx, sr, " MIRA@primer.rs"); err != nil {
			t.Fatal(err)
		}
		if err := a.Voice.SubscribeNewsletter(ctx, sr, to); err != nil {
			t.Fatal(err)
		}
		mails := mailsTo(t, a, to)
		if len(mails) != 1 {
			t.Fatalf("%d confirm mails, want 1", len(mails))
		}
		subs, _, err := a.Voice.Subscribers(ctx, voice.SubscriberFilter{Status: voice.SubscriberPending, Page: firstPage})
		if err != nil || len(subs) != 1 {
			t.Fatalf("pending: %v %+v", err, subs)
		}
		confirm, _ := url.Parse(a.Voice.NewsletterConfirmURL(subs[0].ID, a.Clock.Now().Add(voice.ConfirmLinkTTL)))
		if !strings.Contains(mails[0].Body, confirm.String()) {
			t.Fatalf("the mail has no confirm link %s:\n%s", confirm, mails[0].Body)
		}
		exp, _ := strconv.ParseInt(confirm.Query().Get("expires"), 10, 64)
		sig := confirm.Query().Get("signature")
		if err := a.Voice.ConfirmNewsletter(ctx, subs[0].ID, exp+1, sig); apperrtest.Code(err) != apperr.NotFound {
			t.Fatalf("a changed expiry: %v", err)
		}
		if err := a.Voice.ConfirmNewsletter(ctx, subs[0].ID, exp, sig); err != nil {
			t.Fatal(err)
		}
		if subs, _, _ = a.Voice.Subscribers(ctx, voice.SubscriberFilter{Status: voice.SubscriberConfirmed, Page: firstPage}); len(subs) != 1 {
			t.Fatalf("confirmed: %+v", subs)
		}
		unsub, _ := url.Parse(a.Voice.NewsletterUnsubscribeURL(subs[0].ID))
		if err := a.Voice.UnsubscribeNewsletter(ctx, subs[0].ID, unsub.Query().Get("signature")); err != nil {
			t.Fatal(err)
		}
		if err := a.Voice.ConfirmNewsletter(ctx, subs[0].ID, exp, sig); apperrtest.Code(err) != apperr.NotFound {
			t.Fatalf("the old confirm link after an unsubscribe: %v", err)
		}
		if subs, _, _ = a.Voice.Subscribers(ctx, voice.SubscriberFilter{Status: voice.SubscriberUnsubscribed, Page: firstPage}); len(subs) != 1 {
			t.Fatalf("unsubscribed: %+v", subs)
		}
	})
}

// TestContactMessageKeptAndMailedToShop: a contact message is kept for staff and mailed to
// the shop's address with the sender to reply to.
func TestContactMessageKeptAndMailedToShop(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if got := apperrtest.Fields(t, a.Voice.Contact(ctx, sr, voice.ContactInput{Name: "M", Message: "x"})); len(got) != 3 {
			t.Fatalf("short name, no e-mail, short message: %v", got)
		}
		if err := a.Voice.Contact(ctx, sr, voice.ContactInput{Name: "Mira", Email: "mira@primer.rs", Message: "Kada stiže?"}); err != nil {
			t.Fatal(err)
		}
		rows, _, err := a.Voice.ContactMessages(ctx, voice.ContactFilter{Page: firstPage})
		if err != nil || len(rows) != 1 {
			t.Fatalf("kept: %v %+v", err, rows)
		}
		shop, err := a.Sales.Shop(ctx)
		if err != nil || shop.Email == "" {
			t.Fatalf("the shop's e-mail: %v %+v", err, shop)
		}
		m := mailsTo(t, a, shop.Email)
		if len(m) != 1 || m[0].ReplyTo != "mira@primer.rs" || !strings.Contains(m[0].Body, "Kada stiže?") {
			t.Fatalf("the mail to the shop: %+v", m)
		}
	})
}
