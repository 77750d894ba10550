package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/voice"
)

// VoiceProductRef is the product a rating, question or price offer is about.
type VoiceProductRef struct {
	ID   uint64 `json:"id"`
	SKU  string `json:"sku"`
	Name string `json:"name"`
	Slug string `json:"slug"`
} // @name VoiceProductRef

// VoiceUserRef is the customer who rated or asked.
type VoiceUserRef struct {
	ID    uint64 `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
} // @name VoiceUserRef

// RatingResponse is a rating in the admin (back-office spec 3 "Rating").
type RatingResponse struct {
	ID        uint64          `json:"id"`
	Product   VoiceProductRef `json:"product"`
	User      VoiceUserRef    `json:"user"`
	Guest     bool            `json:"guest"` // user is the name and e-mail a guest gave (id 0)
	Rating    int             `json:"rating"`
	Comment   string          `json:"comment"`
	Approved  bool            `json:"approved"`
	Deleted   bool            `json:"deleted"`
	CreatedAt time.Time       `json:"created_at"`
	UpdatedAt time.Time       `json:"updated_at"`
} // @name Rating

// QuestionResponse is a question in the admin (back-office spec 3 "Question").
type QuestionResponse struct {
	ID         uint64          `json:"id"`
	Product    VoiceProductRef `json:"product"`
	Name       string          `json:"name"`
	Email      string          `json:"email"`
	Question   string          `json:"question"`
	Answer     string          `json:"answer"`
	Answered   bool            `json:"answered"`
	AnsweredAt *time.Time      `json:"answered_at" extensions:"x-nullable"`
	User       *VoiceUserRef   `json:"user" extensions:"x-nullable"`
	CreatedAt  time.Time       `json:"created_at"`
	UpdatedAt  time.Time       `json:"updated_at"`
} // @name Question

// PriceOfferResponse is a price offer in the admin: the asked price beside the product's
// current (guest) price.
type PriceOfferResponse struct {
	ID           uint64          `json:"id"`
	Product      VoiceProductRef `json:"product"`
	Email        string          `json:"email"`
	Price        money.Para      `json:"price" swaggertype:"number"`
	CurrentPrice money.Para      `json:"current_price" swaggertype:"number"`
	Status       string          `json:"status" enums:"pending,answered,declined"`
	CreatedAt    time.Time       `json:"created_at"`
	UpdatedAt    time.Time       `json:"updated_at"`
} // @name PriceOffer

func voiceProduct(p voice.ProductRef) VoiceProductRef { return VoiceProductRef(p) }

func ratingResponse(r voice.Rating) RatingResponse {
	return RatingResponse{ID: r.ID, Product: voiceProduct(r.Product), User: VoiceUserRef(r.User), Guest: r.Guest, Rating: r.Rating, Comment: r.Comment,
		Approved: r.Approved, Deleted: r.Deleted, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func questionResponse(q voice.Question) QuestionResponse {
	out := QuestionResponse{ID: q.ID, Product: voiceProduct(q.Product), Name: q.Name, Email: q.Email, Question: q.Question, Answer: q.Answer,
		Answered: q.Answered, AnsweredAt: q.AnsweredAt, CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt}
	if q.User != nil {
		u := VoiceUserRef(*q.User)
		out.User = &u
	}
	return out
}

func priceOfferResponse(o voice.PriceOffer) PriceOfferResponse {
	return PriceOfferResponse{ID: o.ID, Product: voiceProduct(o.Product), Email: o.Email, Price: o.Price, CurrentPrice: o.CurrentPrice,
		Status: o.Status, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
}

var voiceListSpec = httpx.ListSpec{DefaultSize: 20}

type ratingQuery struct {
	Status    string `form:"status"`
	ProductID uint64 `form:"product_id"`
}

type questionQuery struct {
	Status    string `form:"status"`
	ProductID uint64 `form:"product_id"`
}

type offerQuery struct {
	Status string `form:"status"`
}

// status checks a list's status filter against its choices ("" and "all": everything).
func statusFilter(c *gin.Context, s string, choices ...string) (string, bool) {
	if s == "" || s == "all" {
		return "", true
	}
	for _, ch := range choices {
		if s == ch {
			return s, true
		}
	}
	httpx.Fail(c, apperr.InvalidFields(apperr.Field("status", "validation.oneof")))
	return "", false
}

// ratings godoc
//
//	@Summary		Ratings, newest first
//	@Description	Needs view-rating. status: approved, disapproved or all (default). Deleted ratings are left out (restore brings one back).
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"approved | disapproved | all"
//	@Param			product_id	query		int		false	"one product"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100, 1000, 5000)"
//	@Success		200			{object}	httpx.ListResponse[RatingResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings [get]
func (h voiceHandlers) ratings(c *gin.Context) {
	var q ratingQuery
	page, _, ok := httpx.BindList(c, &q, voiceListSpec)
	if !ok {
		return
	}
	st, ok := statusFilter(c, q.Status, "approved", "disapproved")
	if !ok {
		return
	}
	rows, total, err := h.v.Ratings(c.Request.Context(), voice.RatingFilter{Status: st, ProductID: q.ProductID, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]RatingResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, ratingResponse(r))
	}
	httpx.List(c, out, total, page)
}

// rating godoc
//
//	@Summary		One rating
//	@Description	Needs view-rating. A deleted rating is answered too (deleted: true), for its undo.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rating id"
//	@Success		200	{object}	httpx.DataResponse[RatingResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings/{id} [get]
func (h voiceHandlers) rating(c *gin.Context) {
	id, ok := pathID(c, "rating")
	if !ok {
		return
	}
	r, err := h.v.GetRating(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, ratingResponse(*r))
}

// approve godoc
//
//	@Summary		Approve a rating (it shows on the product page)
//	@Description	Needs view-rating.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rating id"
//	@Success		200	{object}	httpx.ChangeResponse[RatingResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings/{id}/approve [patch]
func (h voiceHandlers) approve(c *gin.Context) { h.setApproved(c, true, "voice.approved") }

// disapprove godoc
//
//	@Summary		Disapprove a rating (it no longer shows)
//	@Description	Needs view-rating.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rating id"
//	@Success		200	{object}	httpx.ChangeResponse[RatingResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings/{id}/disapprove [patch]
func (h voiceHandlers) disapprove(c *gin.Context) { h.setApproved(c, false, "voice.disapproved") }

func (h voiceHandlers) setApproved(c *gin.Context, approved bool, msg string) {
	id, ok := pathID(c, "rating")
	if !ok {
		return
	}
	r, err := h.v.SetApproved(c.Request.Context(), id, approved)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, msg, ratingResponse(*r))
}

// deleteRating godoc
//
//	@Summary		Delete a rating (undo: POST admin/ratings/{id}/restore)
//	@Description	Needs view-rating.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rating id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings/{id} [delete]
func (h voiceHandlers) deleteRating(c *gin.Context) {
	id, ok := pathID(c, "rating")
	if !ok {
		return
	}
	if err := h.v.DeleteRating(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.rating_deleted")
}

// restoreRating godoc
//
//	@Summary		Undo a rating's delete
//	@Description	Needs view-rating. A rating that is not deleted: 404.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"rating id"
//	@Success		200	{object}	httpx.ChangeResponse[RatingResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/ratings/{id}/restore [post]
func (h voiceHandlers) restoreRating(c *gin.Context) {
	id, ok := pathID(c, "rating")
	if !ok {
		return
	}
	r, err := h.v.RestoreRating(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "voice.rating_restored", ratingResponse(*r))
}

// questions godoc
//
//	@Summary		Questions, newest first
//	@Description	Needs view-question. status: answered, unanswered or all (default).
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"answered | unanswered | all"
//	@Param			product_id	query		int		false	"one product"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"
//	@Success		200			{object}	httpx.ListResponse[QuestionResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/questions [get]
func (h voiceHandlers) questions(c *gin.Context) {
	var q questionQuery
	page, _, ok := httpx.BindList(c, &q, voiceListSpec)
	if !ok {
		return
	}
	st, ok := statusFilter(c, q.Status, "answered", "unanswered")
	if !ok {
		return
	}
	rows, total, err := h.v.Questions(c.Request.Context(), voice.QuestionFilter{Status: st, ProductID: q.ProductID, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]QuestionResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, questionResponse(r))
	}
	httpx.List(c, out, total, page)
}

// question godoc
//
//	@Summary		One question
//	@Description	Needs view-question.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"question id"
//	@Success		200	{object}	httpx.DataResponse[QuestionResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/questions/{id} [get]
func (h voiceHandlers) question(c *gin.Context) {
	id, ok := pathID(c, "question")
	if !ok {
		return
	}
	q, err := h.v.GetQuestion(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, questionResponse(*q))
}

// AnswerRequest is staff's answer (plain text, required, at most 5000 characters).
type AnswerRequest struct {
	Answer string `json:"answer"`
} // @name AnswerRequest

// answer godoc
//
//	@Summary		Answer a question (the asker gets it by mail)
//	@Description	Needs view-question. The answer is mailed, in the asker's language, to the e-mail they left or to the customer's own address. The question then shows on the product page.
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int				true	"question id"
//	@Param			body	body		AnswerRequest	true	"answer"
//	@Success		200		{object}	httpx.ChangeResponse[QuestionResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/questions/{id}/answer [post]
func (h voiceHandlers) answer(c *gin.Context) {
	id, ok := pathID(c, "question")
	if !ok {
		return
	}
	var in AnswerRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	q, err := h.v.AnswerQuestion(c.Request.Context(), id, in.Answer)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "voice.answered", questionResponse(*q))
}

// QuestionUpdateRequest edits a question: each field sent is replaced (an empty answer makes
// it unanswered again). No mail goes out.
type QuestionUpdateRequest struct {
	Name     *string `json:"name" extensions:"x-nullable"`
	Question *string `json:"question" extensions:"x-nullable"`
	Answer   *string `json:"answer" extensions:"x-nullable"`
} // @name QuestionUpdateRequest

// updateQuestion godoc
//
//	@Summary		Edit a question
//	@Description	Needs view-question. The question form's rules apply to name and question.
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"question id"
//	@Param			body	body		QuestionUpdateRequest	true	"fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[QuestionResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/questions/{id} [patch]
func (h voiceHandlers) updateQuestion(c *gin.Context) {
	id, ok := pathID(c, "question")
	if !ok {
		return
	}
	var in QuestionUpdateRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	q, err := h.v.UpdateQuestion(c.Request.Context(), id, voice.QuestionUpdate{Name: in.Name, Question: in.Question, Answer: in.Answer})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "voice.question_updated", questionResponse(*q))
}

// deleteQuestion godoc
//
//	@Summary		Delete a question
//	@Description	Needs view-question.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"question id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/questions/{id} [delete]
func (h voiceHandlers) deleteQuestion(c *gin.Context) {
	id, ok := pathID(c, "question")
	if !ok {
		return
	}
	if err := h.v.DeleteQuestion(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "voice.question_deleted")
}

// offers godoc
//
//	@Summary		Price offers, newest first
//	@Description	Needs view-order. status: pending, answered, declined or all (default). current_price is the product's price for a guest today.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"pending | answered | declined | all"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"
//	@Success		200			{object}	httpx.ListResponse[PriceOfferResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/price-offers [get]
func (h voiceHandlers) offers(c *gin.Context) {
	var q offerQuery
	page, _, ok := httpx.BindList(c, &q, voiceListSpec)
	if !ok {
		return
	}
	st, ok := statusFilter(c, q.Status, voice.OfferPending, voice.OfferAnswered, voice.OfferDeclined)
	if !ok {
		return
	}
	rows, total, err := h.v.PriceOffers(c.Request.Context(), voice.OfferFilter{Status: st, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]PriceOfferResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, priceOfferResponse(r))
	}
	httpx.List(c, out, total, page)
}

// priceOffer godoc
//
//	@Summary		One price offer
//	@Description	Needs view-order.
//	@Tags			voice
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"price offer id"
//	@Success		200	{object}	httpx.DataResponse[PriceOfferResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/price-offers/{id} [get]
func (h voiceHandlers) priceOffer(c *gin.Context) {
	id, ok := pathID(c, "price_offer")
	if !ok {
		return
	}
	o, err := h.v.GetPriceOffer(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, priceOfferResponse(*o))
}

// OfferStatusRequest changes a price offer's status.
type OfferStatusRequest struct {
	Status string `json:"status" enums:"pending,answered,declined"`
} // @name OfferStatusRequest

// setOfferStatus godoc
//
//	@Summary		Mark a price offer answered or declined (or pending again)
//	@Description	Needs view-order.
//	@Tags			voice
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"price offer id"
//	@Param			body	body		OfferStatusRequest	true	"status"
//	@Success		200		{object}	httpx.ChangeResponse[PriceOfferResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/price-offers/{id} [patch]
func (h voiceHandlers) setOfferStatus(c *gin.Context) {
	id, ok := pathID(c, "price_offer")
	if !ok {
		return
	}
	var in OfferStatusRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	o, err := h.v.SetOfferStatus(c.Request.Context(), id, in.Status)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "voice.offer_updated", priceOfferResponse(*o))
}
