package api

import (
	"bytes"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/voice"
)

// newsletterRoutes: the footer's sign-up with double opt-in, the signed confirm and
// unsubscribe links' calls, and the admin newsletter screen. The screen's
// guard is spelt view_newsletter-product in the route table; the catalogue's other spelling
// (view-newsletter-product) is let in too. Changing the chosen products needs
// update-newsletter-product.
func newsletterRoutes(h voiceHandlers) []Route {
	perm := []string{identity.PermViewNewsletterProductRoute, identity.PermViewNewsletterProduct}
	change := []string{identity.PermUpdateNewsletterProduct}
	return []Route{
		{Method: "POST", Path: "/newsletter/subscribe", Handler: h.newsletterSubscribe},
		{Method: "POST", Path: "/newsletter/confirm", Handler: h.newsletterConfirm},
		{Method: "POST", Path: "/newsletter/unsubscribe", Handler: h.newsletterUnsubscribe},

		{Method: "GET", Path: "/admin/newsletter/subscribers", Handler: h.newsletterSubscribers, Auth: true, Permissions: perm},
		{Method: "GET", Path: "/admin/newsletter/subscribers/export", Handler: h.newsletterExport, Auth: true, Permissions: perm},
		{Method: "GET", Path: "/admin/newsletter/products", Handler: h.newsletterProducts, Auth: true, Permissions: perm},
		{Method: "POST", Path: "/admin/newsletter/products", Handler: h.addNewsletterProduct, Auth: true, Permissions: change},
		{Method: "DELETE", Path: "/admin/newsletter/products/:id", Handler: h.removeNewsletterProduct, Auth: true, Permissions: change},
		{Method: "PUT", Path: "/admin/newsletter/products/order", Handler: h.orderNewsletterProducts, Auth: true, Permissions: change},
	}
}

// NewsletterSubscribeRequest is the footer form (spec 7: {email}); website is the honeypot.
type NewsletterSubscribeRequest struct {
	Email   string `json:"email"`
	Website string `json:"website"`
} // @name NewsletterSubscribeRequest

// newsletterSubscribe godoc
//
//	@Summary		Sign up for the newsletter (double opt-in)
//	@Description	Mails a confirm link (valid 7 days) in the request's language; an address subscribed already gets no mail and the same answer. email required ('E-mail adresa je obavezna') and valid ('Niste uneli pravilnu e-mail adresu.'). Rate-limited per address and e-mail (429).
//	@Tags			newsletter
//	@Accept			json
//	@Produce		json
//	@Param			body	body		NewsletterSubscribeRequest	true	"e-mail"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/newsletter/subscribe [post]
func (h voiceHandlers) newsletterSubscribe(c *gin.Context) {
	var in NewsletterSubscribeRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	if err := h.v.SubscribeNewsletter(c.Request.Context(), h.client(c, in.Website), in.Email); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "newsletter.subscribed")
}

// NewsletterConfirmRequest carries the confirm link's query (the storefront page posts it).
type NewsletterConfirmRequest struct {
	ID        uint64 `json:"id"`
	Expires   int64  `json:"expires"`
	Signature string `json:"signature"`
} // @name NewsletterConfirmRequest

// newsletterConfirm godoc
//
//	@Summary		Confirm a newsletter subscription (the mail's signed link)
//	@Description	A wrong signature, an expired link or one older than the address's unsubscribe: 404 'Link je neispravan ili je istekao.'. Using the link twice is fine.
//	@Tags			newsletter
//	@Accept			json
//	@Produce		json
//	@Param			body	body		NewsletterConfirmRequest	true	"the link's id, expires and signature"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/newsletter/confirm [post]
func (h voiceHandlers) newsletterConfirm(c *gin.Context) {
	var in NewsletterConfirmRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	if err := h.v.ConfirmNewsletter(c.Request.Context(), in.ID, in.Expires, in.Signature); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "newsletter.confirmed")
}

// NewsletterUnsubscribeRequest carries the unsubscribe link's query.
type NewsletterUnsubscribeRequest struct {
	ID        uint64 `json:"id"`
	Signature string `json:"signature"`
} // @name NewsletterUnsubscribeRequest

// newsletterUnsubscribe godoc
//
//	@Summary		Unsubscribe from the newsletter (the mail's signed link)
//	@Description	A wrong signature: 404 'Link je neispravan ili je istekao.'. Using the link twice is fine.
//	@Tags			newsletter
//	@Accept			json
//	@Produce		json
//	@Param			body	body		NewsletterUnsubscribeRequest	true	"the link's id and signature"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/newsletter/unsubscribe [post]
func (h voiceHandlers) newsletterUnsubscribe(c *gin.Context) {
	var in NewsletterUnsubscribeRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	if err := h.v.UnsubscribeNewsletter(c.Request.Context(), in.ID, in.Signature); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "newsletter.unsubscribed")
}

// NewsletterSubscriberResponse is a subscriber in the admin.
type NewsletterSubscriberResponse struct {
	ID             uint64     `json:"id"`
	Email          string     `json:"email"`
	Lang           string     `json:"lang" enums:"sr,en"`
	Status         string     `json:"status" enums:"confirmed,pending,unsubscribed"`
	ConfirmedAt    *time.Time `json:"confirmed_at" extensions:"x-nullable"`
	UnsubscribedAt *time.Time `json:"unsubscribed_at" extensions:"x-nullable"`
	CreatedAt      time.Time  `json:"created_at"`
} // @name NewsletterSubscriber

type subscriberQuery struct {
	Status string `form:"status"`
	Search string `form:"search"`
}

type subscriberExportQuery struct {
	Status string `form:"status"`
	Search string `form:"search"`
	Format string `form:"format"`
}

// newsletterSubscribers godoc
//
//	@Summary		Newsletter subscribers, newest first
//	@Description	Needs view_newsletter-product. status: confirmed (mailed), pending (not confirmed yet), unsubscribed, or all (default); search: part of the address. meta.total is the count.
//	@Tags			newsletter
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"confirmed | pending | unsubscribed | all"
//	@Param			search		query		string	false	"part of the e-mail"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100, 1000, 5000)"
//	@Success		200			{object}	httpx.ListResponse[NewsletterSubscriberResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/subscribers [get]
func (h voiceHandlers) newsletterSubscribers(c *gin.Context) {
	var q subscriberQuery
	page, _, ok := httpx.BindList(c, &q, voiceListSpec)
	if !ok {
		return
	}
	st, ok := statusFilter(c, q.Status, voice.SubscriberConfirmed, voice.SubscriberPending, voice.SubscriberUnsubscribed)
	if !ok {
		return
	}
	rows, total, err := h.v.Subscribers(c.Request.Context(), voice.SubscriberFilter{Status: st, Search: q.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]NewsletterSubscriberResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, NewsletterSubscriberResponse(r))
	}
	httpx.List(c, out, total, page)
}

// newsletterExport godoc
//
//	@Summary		Export the newsletter subscribers (CSV or XLSX)
//	@Description	Needs view_newsletter-product. Columns: email, status, lang, created_at, confirmed_at, unsubscribed_at (UTC, RFC 3339). Same filters as the list (status default all); format csv (default) or xlsx.
//	@Tags			newsletter
//	@Produce		json
//	@Produce		text/csv
//	@Produce		application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
//	@Security		Bearer
//	@Param			format	query		string	false	"csv | xlsx"
//	@Param			status	query		string	false	"confirmed | pending | unsubscribed | all"
//	@Param			search	query		string	false	"part of the e-mail"
//	@Success		200		{file}		file
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/subscribers/export [get]
func (h voiceHandlers) newsletterExport(c *gin.Context) {
	var q subscriberExportQuery
	if _, _, ok := httpx.BindList(c, &q, voiceListSpec); !ok {
		return
	}
	st, ok := statusFilter(c, q.Status, voice.SubscriberConfirmed, voice.SubscriberPending, voice.SubscriberUnsubscribed)
	if !ok {
		return
	}
	format := q.Format
	if format == "" {
		format = voice.ExportCSV
	}
	ct := "text/csv; charset=utf-8"
	if format == voice.ExportXLSX {
		ct = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	// The file is built first, then sent: a failure is still a proper error answer.
	var buf bytes.Buffer
	if err := h.v.ExportSubscribers(c.Request.Context(), voice.SubscriberFilter{Status: st, Search: q.Search}, format, &buf); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="newsletter-subscribers.`+format+`"`)
	c.Header("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, ct, buf.Bytes())
}

// NewsletterProductResponse is a product of the next mailing; active tells whether the
// storefront shows it today (active and visible).
type NewsletterProductResponse struct {
	Product  VoiceProductRef `json:"product"`
	Position int             `json:"position"`
	Active   bool            `json:"active"`
	AddedAt  time.Time       `json:"added_at"`
} // @name NewsletterProduct

func newsletterProductsResponse(ps []voice.NewsletterProduct) []NewsletterProductResponse {
	out := make([]NewsletterProductResponse, 0, len(ps))
	for _, p := range ps {
		out = append(out, NewsletterProductResponse{Product: voiceProduct(p.Product), Position: p.Position, Active: p.Active, AddedAt: p.AddedAt})
	}
	return out
}

// newsletterProducts godoc
//
//	@Summary		The products chosen for the next newsletter mailing, in order
//	@Description	Needs view_newsletter-product.
//	@Tags			newsletter
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]NewsletterProductResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/products [get]
func (h voiceHandlers) newsletterProducts(c *gin.Context) {
	ps, err := h.v.NewsletterProducts(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, newsletterProductsResponse(ps))
}

// NewsletterProductRequest adds a product to the next mailing.
type NewsletterProductRequest struct {
	ProductID uint64 `json:"product_id"`
} // @name NewsletterProductRequest

// addNewsletterProduct godoc
//
//	@Summary		Add a product to the next newsletter mailing (at the end)
//	@Description	Needs view_newsletter-product. A product on the list already stays where it is. At most 100 products. Answers the whole list.
//	@Tags			newsletter
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		NewsletterProductRequest	true	"product"
//	@Success		200		{object}	httpx.ChangeResponse[[]NewsletterProductResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/products [post]
func (h voiceHandlers) addNewsletterProduct(c *gin.Context) {
	var in NewsletterProductRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	ps, err := h.v.AddNewsletterProduct(c.Request.Context(), in.ProductID)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "newsletter.product_added", newsletterProductsResponse(ps))
}

// removeNewsletterProduct godoc
//
//	@Summary		Take a product off the next newsletter mailing
//	@Description	Needs view_newsletter-product. 404 when the product is not on the list. Answers the whole list.
//	@Tags			newsletter
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"product id"
//	@Success		200	{object}	httpx.ChangeResponse[[]NewsletterProductResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/products/{id} [delete]
func (h voiceHandlers) removeNewsletterProduct(c *gin.Context) {
	id, ok := pathID(c, "product")
	if !ok {
		return
	}
	ps, err := h.v.RemoveNewsletterProduct(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "newsletter.product_removed", newsletterProductsResponse(ps))
}

// NewsletterOrderRequest is the list's new order: every product on it, each once.
type NewsletterOrderRequest struct {
	ProductIDs []uint64 `json:"product_ids"`
} // @name NewsletterOrderRequest

// orderNewsletterProducts godoc
//
//	@Summary		Order the products of the next newsletter mailing
//	@Description	Needs view_newsletter-product. product_ids must be exactly the products on the list, each once; otherwise 422 (the list changed meanwhile).
//	@Tags			newsletter
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		NewsletterOrderRequest	true	"the order"
//	@Success		200		{object}	httpx.ChangeResponse[[]NewsletterProductResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/newsletter/products/order [put]
func (h voiceHandlers) orderNewsletterProducts(c *gin.Context) {
	var in NewsletterOrderRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	ps, err := h.v.OrderNewsletterProducts(c.Request.Context(), in.ProductIDs)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "newsletter.products_ordered", newsletterProductsResponse(ps))
}
