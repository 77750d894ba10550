package api

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/voice"
)

// voiceRoutes: what customers send from the product page (ratings, questions, back-in-stock
// alerts, price offers) and what staff do with it.
func voiceRoutes(d Deps) []Route {
	if d.Voice == nil {
		return nil
	}
	h := voiceHandlers{v: d.Voice, ids: d.Identity}
	rating := []string{identity.PermViewRating}
	question := []string{identity.PermViewQuestion}
	offer := []string{voice.OfferPermission}
	// seen with the view- permission of each screen, changed with the shop's write permissions
	ratingChange, questionChange := []string{identity.PermUpdateRating}, []string{identity.PermUpdateQuestion}
	return append([]Route{
		{Method: "POST", Path: "/products/:slug/ratings", Handler: h.rate},
		{Method: "POST", Path: "/products/:slug/questions", Handler: h.ask},
		{Method: "POST", Path: "/products/:slug/available-again/subscribe", Handler: h.subscribe},
		{Method: "GET", Path: "/available-again/unsubscribe", Handler: h.unsubscribe},
		{Method: "POST", Path: "/priceoffer", Handler: h.offer},

		{Method: "GET", Path: "/admin/ratings", Handler: h.ratings, Auth: true, Permissions: rating},
		{Method: "GET", Path: "/admin/ratings/:id", Handler: h.rating, Auth: true, Permissions: rating},
		{Method: "PATCH", Path: "/admin/ratings/:id/approve", Handler: h.approve, Auth: true, Permissions: ratingChange},
		{Method: "PATCH", Path: "/admin/ratings/:id/disapprove", Handler: h.disapprove, Auth: true, Permissions: ratingChange},
		{Method: "DELETE", Path: "/admin/ratings/:id", Handler: h.deleteRating, Auth: true, Permissions: []string{identity.PermDeleteRating}},
		{Method: "POST", Path: "/admin/ratings/:id/restore", Handler: h.restoreRating, Auth: true, Permissions: []string{identity.PermDeleteRating}},

		{Method: "GET", Path: "/admin/questions", Handler: h.questions, Auth: true, Permissions: question},
		{Method: "GET", Path: "/admin/questions/:id", Handler: h.question, Auth: true, Permissions: question},
		{Method: "POST", Path: "/admin/questions/:id/answer", Handler: h.answer, Auth: true, Permissions: questionChange},
		{Method: "PATCH", Path: "/admin/questions/:id", Handler: h.updateQuestion, Auth: true, Permissions: questionChange},
		{Method: "DELETE", Path: "/admin/questions/:id", Handler: h.deleteQuestion, Auth: true, Permissions: []string{identity.PermDeleteQuestion}},

		{Method: "GET", Path: "/admin/price-offers", Handler: h.offers, Auth: true, Permissions: offer},
		{Method: "GET", Path: "/admin/price-offers/:id", Handler: h.priceOffer, Auth: true, Permissions: offer},
		{Method: "PATCH", Path: "/admin/price-offers/:id", Handler: h.setOfferStatus, Auth: true, Permissions: []string{identity.PermUpdateOrder}},
	}, append(newsletterRoutes(h), contactRoutes(h)...)...)
}

type voiceHandlers struct {
	v   *voice.Service
	ids *identity.Service
}

// client is who sends a public form: address, language, the customer when a valid token
// comes along (a missing or bad one is a guest), and the honeypot field.
func (h voiceHandlers) client(c *gin.Context, honeypot string) voice.Client {
	cl := voice.Client{IP: c.ClientIP(), Lang: httpx.Lang(c), Honeypot: honeypot}
	if p := principal(c); p != nil {
		cl.UserID = p.UserID
	} else if token := bearer(c, false); token != "" {
		if p, err := h.ids.Authenticate(c.Request.Context(), token); err == nil {
			cl.UserID = p.UserID
		}
	}
	return cl
}

// RatingRequest is the rating modal: rating 1-5 and an optional comment (plain text, at most
// 1200 characters); a guest also sends name (2-50, the question form's rules) and email
// (required), which a logged-in customer's post ignores. website is the honeypot: a person
// leaves it empty.
type RatingRequest struct {
	Rating  int    `json:"rating"`
	Comment string `json:"comment"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Website string `json:"website"`
} // @name RatingRequest

// rate godoc
//
//	@Summary		Rate a product (guests too)
//	@Description	One rating per customer and product: a second post edits the first and sends it back to approval. A guest (no or an invalid token) also sends name ('Ime je obavezno', 'Ime mora sadržati najmanje 2 karaktera', 'Ime može sadržati najviše 50 karaktera') and email ('E-mail adresa je obavezna', 'Niste uneli pravilnu e-mail adresu.'); each guest post is a new rating. Only approved ratings are shown on the product page. Unknown, inactive or hidden products: 404. The comment is stored as plain text (markup removed). Rate-limited per address and e-mail (429).
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			slug	path		string			true	"product slug"
//	@Param			body	body		RatingRequest	true	"rating"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/products/{slug}/ratings [post]
func (h voiceHandlers) rate(c *gin.Context) {
	var in RatingRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	err := h.v.Rate(c.Request.Context(), c.Param("slug"), h.client(c, in.Website),
		voice.RatingInput{Rating: in.Rating, Comment: in.Comment, Name: in.Name, Email: in.Email})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.rated")
}

// QuestionRequest is the question form (spec 5: name 2-50, question 2-1200, both required);
// email is optional (the answer is mailed to it; a logged-in customer's own address otherwise).
// website is the honeypot.
type QuestionRequest struct {
	Name     string `json:"name"`
	Question string `json:"question"`
	Email    string `json:"email"`
	Website  string `json:"website"`
} // @name QuestionRequest

// ask godoc
//
//	@Summary		Ask a question about a product (guests too)
//	@Description	Shown under 'Pitanja i odgovori' once staff answer it. name: 'Ime je obavezno', 'Ime mora sadržati najmanje 2 karaktera', 'Ime može sadržati najviše 50 karaktera'; question: 'Pitanje je obavezno', 'Pitanje mora sadržati najmanje 2 karaktera', 'Pitanje može sadržati najviše 1200 karaktera'. Stored as plain text. Unknown, inactive or hidden products: 404. Rate-limited per address and e-mail (429).
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Param			slug	path		string			true	"product slug"
//	@Param			body	body		QuestionRequest	true	"question"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/products/{slug}/questions [post]
func (h voiceHandlers) ask(c *gin.Context) {
	var in QuestionRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	err := h.v.Ask(c.Request.Context(), c.Param("slug"), h.client(c, in.Website), voice.QuestionInput{Name: in.Name, Question: in.Question, Email: in.Email})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.asked")
}

// SubscribeRequest is the out-of-stock box (spec 3). product_id must be the page's product;
// product_url is accepted for the original client's sake (the mail links to the product's own
// page). website is the honeypot.
type SubscribeRequest struct {
	ProductID  uint64 `json:"product_id"`
	ProductURL string `json:"product_url"`
	Email      string `json:"email"`
	Website    string `json:"website"`
} // @name SubscribeRequest

// subscribe godoc
//
//	@Summary		Ask for a mail when the product can be bought again
//	@Description	The mail goes out once, in the language of this request, with an unsubscribe link. email required and valid ('Niste uneli pravilnu e-mail adresu.'). Unknown, inactive or hidden products: 404. Rate-limited per address and e-mail (429).
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Param			slug	path		string				true	"product slug"
//	@Param			body	body		SubscribeRequest	true	"subscription"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/products/{slug}/available-again/subscribe [post]
func (h voiceHandlers) subscribe(c *gin.Context) {
	var in SubscribeRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	err := h.v.Subscribe(c.Request.Context(), c.Param("slug"), h.client(c, in.Website),
		voice.SubscribeInput{ProductID: in.ProductID, ProductURL: in.ProductURL, Email: in.Email})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.subscribed")
}

// unsubscribe godoc
//
//	@Summary		Cancel a back-in-stock alert (the mail's signed link)
//	@Description	A wrong signature: 404. Using the link twice is fine.
//	@Tags			voice
//	@Produce		json
//	@Param			id			query		int		true	"subscription id"
//	@Param			signature	query		string	true	"the link's signature"
//	@Success		200			{object}	httpx.MessageResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Router			/api/v1/available-again/unsubscribe [get]
func (h voiceHandlers) unsubscribe(c *gin.Context) {
	id, _ := strconv.ParseUint(c.Query("id"), 10, 64)
	if err := h.v.Unsubscribe(c.Request.Context(), id, c.Query("signature")); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.unsubscribed")
}

// PriceOfferRequest is the price-offer form (spec 3). price: a number or a numeric string
// ("1234,50"); empty counts as not sent. website is the honeypot.
type PriceOfferRequest struct {
	ProductSKU string          `json:"product_sku"`
	Email      string          `json:"email"`
	Price      json.RawMessage `json:"price" swaggertype:"number" extensions:"x-nullable"`
	Website    string          `json:"website"`
} // @name PriceOfferRequest

// PriceOfferSent is the price offer's answer: the success flag and the message to show.
type PriceOfferSent struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
} // @name PriceOfferSent

// offer godoc
//
//	@Summary		Send a price offer for a product
//	@Description	email and price both required, else 422 'Polja su prazna.'; a bad e-mail 422 'Niste uneli pravilnu e-mail adresu.'; price above 0. Success: 'Uspešno ste poslali upit!'. Staff holding view-order get a notification. Unknown or unavailable product: 404. Rate-limited per address and e-mail (429).
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Param			body	body		PriceOfferRequest	true	"price offer"
//	@Success		200		{object}	PriceOfferSent
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/priceoffer [post]
func (h voiceHandlers) offer(c *gin.Context) {
	var in PriceOfferRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	var price *money.Para
	if raw := strings.Trim(strings.TrimSpace(string(in.Price)), `"`); raw != "" && raw != "null" {
		n, err := money.Parse(raw)
		if err != nil {
			httpx.Fail(c, apperr.InvalidFields(apperr.Field("price", "validation.number")))
			return
		}
		p := money.Para(n)
		price = &p
	}
	err := h.v.Offer(c.Request.Context(), h.client(c, in.Website), voice.OfferInput{ProductSKU: in.ProductSKU, Email: in.Email, Price: price})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, PriceOfferSent{Success: true, Message: httpx.T(c, "voice.offer_sent", nil)})
}

// StorefrontRating is an approved rating on the product page.
type StorefrontRating struct {
	ID        uint64         `json:"id"`
	Rating    int            `json:"rating"`
	Comment   string         `json:"comment"`
	CreatedAt time.Time      `json:"created_at"`
	User      *VoiceUserName `json:"user" extensions:"x-nullable"`
} // @name StorefrontRating

// StorefrontQuestion is an answered question on the product page (spec 3: id, name,
// question, answer, created_at, user.name); user is null for a guest's question.
type StorefrontQuestion struct {
	ID        uint64         `json:"id"`
	Name      string         `json:"name"`
	Question  string         `json:"question"`
	Answer    string         `json:"answer"`
	CreatedAt time.Time      `json:"created_at"`
	User      *VoiceUserName `json:"user" extensions:"x-nullable"`
} // @name StorefrontQuestion

// VoiceUserName is the name the storefront shows of a customer.
type VoiceUserName struct {
	Name string `json:"name"`
} // @name VoiceUserName

func storefrontRatings(rs []voice.Rating) []StorefrontRating {
	out := make([]StorefrontRating, 0, len(rs))
	for _, r := range rs {
		out = append(out, StorefrontRating{ID: r.ID, Rating: r.Rating, Comment: r.Comment, CreatedAt: r.CreatedAt, User: &VoiceUserName{Name: r.User.Name}})
	}
	return out
}

func storefrontQuestions(qs []voice.Question) []StorefrontQuestion {
	out := make([]StorefrontQuestion, 0, len(qs))
	for _, q := range qs {
		v := StorefrontQuestion{ID: q.ID, Name: q.Name, Question: q.Question, Answer: q.Answer, CreatedAt: q.CreatedAt}
		if q.User != nil {
			v.User = &VoiceUserName{Name: q.User.Name}
		}
		out = append(out, v)
	}
	return out
}
