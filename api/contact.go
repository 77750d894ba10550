package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/voice"
)

// contactRoutes: the contact page's form and the admin screen where staff read what came in.
func contactRoutes(h voiceHandlers) []Route {
	view := []string{identity.PermViewContactMessage}
	return []Route{
		{Method: "POST", Path: "/contact", Handler: h.contact},

		{Method: "GET", Path: "/admin/contact-messages", Handler: h.contactMessages, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/contact-messages/:id", Handler: h.contactMessage, Auth: true, Permissions: view},
		{Method: "DELETE", Path: "/admin/contact-messages/:id", Handler: h.deleteContactMessage, Auth: true,
			Permissions: []string{identity.PermDeleteContactMessage}},
	}
}

// ContactRequest is the contact page's form: name (2-50), email (required) and message
// (2-1200). website is the honeypot: a person leaves it empty.
type ContactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Message string `json:"message"`
	Website string `json:"website"`
} // @name ContactRequest

// contact godoc
//
//	@Summary		Send a message from the contact page
//	@Description	Kept for staff (admin "Poruke") and mailed to the shop's address with the sender as Reply-To. name: 'Ime je obavezno', 'Ime mora sadržati najmanje 2 karaktera', 'Ime može sadržati najviše 50 karaktera'; email: 'E-mail adresa je obavezna', 'Niste uneli pravilnu e-mail adresu.'; message: 'Poruka je obavezna', 'Poruka mora sadržati najmanje 2 karaktera', 'Poruka može sadržati najviše 1200 karaktera'. Stored as plain text. Rate-limited per address and e-mail like questions (429).
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Param			body	body		ContactRequest	true	"message"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/api/v1/contact [post]
func (h voiceHandlers) contact(c *gin.Context) {
	var in ContactRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	err := h.v.Contact(c.Request.Context(), h.client(c, in.Website), voice.ContactInput{Name: in.Name, Email: in.Email, Message: in.Message})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.contact_sent")
}

// ContactMessageResponse is a contact message in the admin; user is the customer who was
// logged in when writing (null: a guest).
type ContactMessageResponse struct {
	ID        uint64        `json:"id"`
	Name      string        `json:"name"`
	Email     string        `json:"email"`
	Message   string        `json:"message"`
	User      *VoiceUserRef `json:"user" extensions:"x-nullable"`
	CreatedAt time.Time     `json:"created_at"`
} // @name ContactMessage

func contactMessageResponse(m voice.ContactMessage) ContactMessageResponse {
	out := ContactMessageResponse{ID: m.ID, Name: m.Name, Email: m.Email, Message: m.Message, CreatedAt: m.CreatedAt}
	if m.User != nil {
		u := VoiceUserRef(*m.User)
		out.User = &u
	}
	return out
}

type contactQuery struct {
	Search string `form:"search"`
}

// contactMessages godoc
//
//	@Summary		Contact messages, newest first
//	@Description	Needs view-contact-message. search finds the text in the name, e-mail or message.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"text in name, e-mail or message"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100, 1000, 5000)"
//	@Success		200			{object}	httpx.ListResponse[ContactMessageResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/contact-messages [get]
func (h voiceHandlers) contactMessages(c *gin.Context) {
	var q contactQuery
	page, _, ok := httpx.BindList(c, &q, voiceListSpec)
	if !ok {
		return
	}
	rows, total, err := h.v.ContactMessages(c.Request.Context(), voice.ContactFilter{Search: q.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ContactMessageResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, contactMessageResponse(r))
	}
	httpx.List(c, out, total, page)
}

// contactMessage godoc
//
//	@Summary		One contact message
//	@Description	Needs view-contact-message.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"message id"
//	@Success		200	{object}	httpx.DataResponse[ContactMessageResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/contact-messages/{id} [get]
func (h voiceHandlers) contactMessage(c *gin.Context) {
	id, ok := pathID(c, "contact_message")
	if !ok {
		return
	}
	m, err := h.v.GetContactMessage(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, contactMessageResponse(*m))
}

// deleteContactMessage godoc
//
//	@Summary		Delete a contact message
//	@Description	Needs delete-contact-message.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"message id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/contact-messages/{id} [delete]
func (h voiceHandlers) deleteContactMessage(c *gin.Context) {
	id, ok := pathID(c, "contact_message")
	if !ok {
		return
	}
	if err := h.v.DeleteContactMessage(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.contact_deleted")
}
