package api

import (
	"fmt"
	"mime"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/einvoice"
	"shop/internal/identity"
	"shop/internal/platform/clock"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// einvoiceRoutes: the SEF e-invoices of company orders, for the staff who handle orders
// (view-order): the list with its XLSX export, one e-invoice with its XML and printable view,
// an order's e-invoice; issuing, retry, cancel and storno change the order (update-order).
func einvoiceRoutes(d Deps) []Route {
	if d.Einvoice == nil {
		return nil
	}
	h := einvoiceHandlers{d.Einvoice}
	p, change := []string{identity.PermViewOrder}, []string{identity.PermUpdateOrder}
	return []Route{
		{Method: "GET", Path: "/admin/einvoices", Handler: h.list, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/einvoices/export", Handler: h.export, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/einvoices/:id", Handler: h.get, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/einvoices/:id/xml", Handler: h.xml, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/einvoices/:id/html", Handler: h.html, Auth: true, Permissions: p},
		{Method: "POST", Path: "/admin/einvoices/:id/retry", Handler: h.retry, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/einvoices/:id/cancel", Handler: h.cancel, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/einvoices/:id/storno", Handler: h.storno, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/orders/:id/einvoice", Handler: h.byOrder, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/orders/:id/credit-notes", Handler: h.creditNotes, Auth: true, Permissions: p},
		{Method: "POST", Path: "/admin/orders/:id/einvoice", Handler: h.issue, Auth: true, Permissions: change},
	}
}

type einvoiceHandlers struct{ s *einvoice.Service }

// EinvoiceResponse is an order's SEF e-invoice or one of its credit notes (kind invoice |
// credit_note; a credit note's return_id is the item return it credits). status is the shop's (invalid, queued,
// refused) before SEF has it, then SEF's (Sent, Approved, Rejected, Cancelled, Storno, ...);
// error says why it is invalid, refused or still queued; comment is the buyer's reason of a
// rejection or the shop's of a cancel or storno; test is true when SEF is the simulator.
type EinvoiceResponse struct {
	ID                 uint64     `json:"id"`
	OrderID            uint64     `json:"order_id"`
	OrderNumber        string     `json:"order_number"`
	Kind               string     `json:"kind" enums:"invoice,credit_note"`
	ReturnID           uint64     `json:"return_id"`
	Number             string     `json:"number"`
	BuyerName          string     `json:"buyer_name"`
	BuyerPIB           string     `json:"buyer_pib"`
	BuyerCompanyNumber string     `json:"buyer_company_number"`
	IssueDate          string     `json:"issue_date" example:"2026-03-10"`
	DeliveryDate       string     `json:"delivery_date" example:"2026-03-10"`
	Total              money.Para `json:"total" swaggertype:"number"`
	Status             string     `json:"status"`
	StatusLabel        string     `json:"status_label"`
	SEFInvoiceID       *int64     `json:"sef_invoice_id" extensions:"x-nullable"`
	Comment            string     `json:"comment"`
	Error              string     `json:"error"`
	Attempts           int        `json:"attempts"`
	SentAt             *time.Time `json:"sent_at" extensions:"x-nullable"`
	CreatedAt          time.Time  `json:"created_at"`
	UpdatedAt          time.Time  `json:"updated_at"`
	Test               bool       `json:"test"`
} // @name Einvoice

func (h einvoiceHandlers) response(c *gin.Context, e *einvoice.Einvoice) EinvoiceResponse {
	return EinvoiceResponse{ID: e.ID, OrderID: e.OrderID, OrderNumber: e.OrderNumber(), Kind: e.Kind, ReturnID: e.ReturnID, Number: e.Number, BuyerName: e.BuyerName, BuyerPIB: e.BuyerPIB,
		BuyerCompanyNumber: e.BuyerCompanyNumber, IssueDate: e.IssueDate, DeliveryDate: e.DeliveryDate, Total: e.Total, Status: e.Status,
		StatusLabel: einvoice.StatusLabel(httpx.Lang(c), e.Status), SEFInvoiceID: e.SEFInvoiceID, Comment: e.Comment, Error: e.Error,
		Attempts: e.Attempts, SentAt: e.SentAt, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt, Test: h.s.Simulator()}
}

// responses maps a list of e-invoices; never nil, so an empty list is [].
func (h einvoiceHandlers) responses(c *gin.Context, rows []einvoice.Einvoice) []EinvoiceResponse {
	out := make([]EinvoiceResponse, 0, len(rows))
	for i := range rows {
		out = append(out, h.response(c, &rows[i]))
	}
	return out
}

type einvoiceQuery struct {
	Status   string `form:"status"`
	Kind     string `form:"kind"`
	DateFrom string `form:"date_from"`
	DateTo   string `form:"date_to"`
	Buyer    string `form:"buyer"`
}

func (q einvoiceQuery) filter() einvoice.Filter {
	return einvoice.Filter{Status: q.Status, Kind: q.Kind, DateFrom: q.DateFrom, DateTo: q.DateTo, Buyer: q.Buyer}
}

var einvoiceListSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 100}

// list godoc
//
//	@Summary		E-invoices, newest first
//	@Description	Needs view-order. Invoices and credit notes. status: invalid | queued | refused | Sent | Approved | Rejected | Cancelled | Storno; kind: invoice | credit_note; date_from/date_to: the day of issue (YYYY-MM-DD); buyer: in the buyer's name, PIB or the invoice number.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"invalid | queued | refused | Sent | Approved | Rejected | Cancelled | Storno"
//	@Param			kind		query		string	false	"invoice | credit_note"
//	@Param			date_from	query		string	false	"from this day of issue (YYYY-MM-DD)"
//	@Param			date_to		query		string	false	"to this day of issue, inclusive (YYYY-MM-DD)"
//	@Param			buyer		query		string	false	"buyer's name, PIB or invoice number"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100)"
//	@Success		200			{object}	httpx.ListResponse[EinvoiceResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices [get]
func (h einvoiceHandlers) list(c *gin.Context) {
	var q einvoiceQuery
	page, _, ok := httpx.BindList(c, &q, einvoiceListSpec)
	if !ok {
		return
	}
	f := q.filter()
	f.Page = page
	rows, total, err := h.s.List(c.Request.Context(), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, h.responses(c, rows), total, page)
}

// export godoc
//
//	@Summary		The filtered e-invoices as XLSX, for the accountant
//	@Description	Needs view-order. The list's filters (no paging); one row per e-invoice, newest first, headers in the request's language, totals as numbers. More than 50000: 422 (narrow the filters).
//	@Tags			einvoices
//	@Produce		application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query	string	false	"as the list"
//	@Param			kind		query	string	false	"as the list"
//	@Param			date_from	query	string	false	"as the list"
//	@Param			date_to		query	string	false	"as the list"
//	@Param			buyer		query	string	false	"as the list"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/export [get]
func (h einvoiceHandlers) export(c *gin.Context) {
	var q einvoiceQuery
	if _, _, ok := httpx.BindList(c, &q, einvoiceListSpec); !ok {
		return
	}
	x, err := h.s.Export(c.Request.Context(), q.filter(), httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer x.Close()
	name := fmt.Sprintf("e-fakture-%s.xlsx", time.Now().In(clock.Zone).Format("2006-01-02-1504"))
	c.Header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.Status(http.StatusOK)
	_ = x.Write(c.Writer)
}

// get godoc
//
//	@Summary		One e-invoice
//	@Description	Needs view-order.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"e-invoice id"
//	@Success		200	{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id} [get]
func (h einvoiceHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	e, err := h.s.Get(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// xml godoc
//
//	@Summary		The e-invoice's UBL 2.1 XML, as sent to SEF
//	@Description	Needs view-order.
//	@Tags			einvoices
//	@Produce		application/xml
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path	int	true	"e-invoice id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id}/xml [get]
func (h einvoiceHandlers) xml(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	e, err := h.s.Get(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": e.Number + ".xml"}))
	c.Header("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, "application/xml; charset=utf-8", []byte(e.XML))
}

// html godoc
//
//	@Summary		The e-invoice as a printable page
//	@Description	Needs view-order. What the XML says, laid out as an invoice in Serbian (print to PDF from the browser); in simulator mode it says it is a test e-invoice.
//	@Tags			einvoices
//	@Produce		html
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path	int	true	"e-invoice id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id}/html [get]
func (h einvoiceHandlers) html(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	lang := httpx.Lang(c)
	b, err := h.s.HTML(c.Request.Context(), id, func(st string) string { return einvoice.StatusLabel(lang, st) })
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, "text/html; charset=utf-8", b)
}

// retry godoc
//
//	@Summary		Make an invalid or refused e-invoice again and send it
//	@Description	Needs view-order. Rebuilt from the order's and the shop's current data; a queued one is queued again. One SEF already has: 409.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"e-invoice id"
//	@Success		200	{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id}/retry [post]
func (h einvoiceHandlers) retry(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	e, err := h.s.Retry(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// EinvoiceCommentRequest is the reason of a cancel or storno (required).
type EinvoiceCommentRequest struct {
	Comment string `json:"comment"`
} // @name EinvoiceComment

// cancel godoc
//
//	@Summary		Cancel a sent e-invoice the buyer has not answered
//	@Description	Needs view-order. Only an invoice with status Sent (else 409; a credit note is withdrawn in SEF's portal); comment required (422). SEF's refusal: 409 with its reason.
//	@Tags			einvoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"e-invoice id"
//	@Param			body	body		EinvoiceCommentRequest	true	"the reason"
//	@Success		200		{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		409		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id}/cancel [post]
func (h einvoiceHandlers) cancel(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	var in EinvoiceCommentRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	e, err := h.s.Cancel(c.Request.Context(), id, in.Comment)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// storno godoc
//
//	@Summary		Reverse (storno) a sent or approved e-invoice
//	@Description	Needs view-order. Only an invoice with status Sent or Approved (else 409; a credit note is withdrawn in SEF's portal); comment required (422). SEF's refusal: 409 with its reason.
//	@Tags			einvoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"e-invoice id"
//	@Param			body	body		EinvoiceCommentRequest	true	"the reason"
//	@Success		200		{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		409		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/einvoices/{id}/storno [post]
func (h einvoiceHandlers) storno(c *gin.Context) {
	id, ok := pathID(c, "einvoice")
	if !ok {
		return
	}
	var in EinvoiceCommentRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	e, err := h.s.Storno(c.Request.Context(), id, in.Comment)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// byOrder godoc
//
//	@Summary		An order's e-invoice
//	@Description	Needs view-order. 404 when the order has none (not a company order, or not completed yet). The proforma screen asks by its order's id.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/einvoice [get]
func (h einvoiceHandlers) byOrder(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	e, err := h.s.ByOrder(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// issue godoc
//
//	@Summary		Make a completed company order's e-invoice now
//	@Description	Needs view-order. Completing a company order makes it by itself; this is for an order whose making was missed. Answers the existing one if there is one. No PIB, or not completed: 422.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[EinvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/einvoice [post]
func (h einvoiceHandlers) issue(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	e, err := h.s.Issue(c.Request.Context(), id, "")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, e))
}

// creditNotes godoc
//
//	@Summary		An order's credit notes
//	@Description	Needs view-order. One per item return recorded after SEF had the order's invoice, oldest first; empty when there are none.
//	@Tags			einvoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[[]EinvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/credit-notes [get]
func (h einvoiceHandlers) creditNotes(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	rows, err := h.s.CreditNotes(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.responses(c, rows))
}
