package api

import (
	"fmt"
	"mime"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/clock"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// salesStaffOrderRoutes: the staff's order handling. view-order (the specification's guard)
// sees orders, their notes and attachments; every change (status, fields, notes, attachments)
// needs the shop's update-order.
func salesStaffOrderRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := staffOrderHandlers{s: d.Sales}
	p := []string{identity.PermViewOrder}
	change := []string{identity.PermUpdateOrder}
	return []Route{
		{Method: "GET", Path: "/admin/orders", Handler: h.list, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/orders/export", Handler: h.export, Auth: true, Permissions: p},
		{Method: "GET", Path: "/admin/orders/:id", Handler: h.get, Auth: true, Permissions: p},
		{Method: "PATCH", Path: "/admin/orders/:id", Handler: h.update, Auth: true, Permissions: change},
		{Method: "PATCH", Path: "/admin/orders/:id/status", Handler: h.status, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/orders/:id/notes", Handler: h.addNote, Auth: true, Permissions: change},
		{Method: "PATCH", Path: "/admin/orders/:id/notes/:noteId", Handler: h.updateNote, Auth: true, Permissions: change},
		{Method: "DELETE", Path: "/admin/orders/:id/notes/:noteId", Handler: h.deleteNote, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/orders/:id/attachments", Handler: h.attachments, Auth: true, Permissions: p},
		{Method: "POST", Path: "/admin/orders/:id/attachments", Handler: h.upload, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/orders/:id/attachments/:attachmentId", Handler: h.download, Auth: true, Permissions: p},
		{Method: "DELETE", Path: "/admin/orders/:id/attachments/:attachmentId", Handler: h.deleteAttachment, Auth: true, Permissions: change},
	}
}

type staffOrderHandlers struct{ s *sales.Service }

// StaffOrderRow is one line of the orders list.
type StaffOrderRow struct {
	ID                 uint64     `json:"id"`
	Number             string     `json:"number"`
	Date               time.Time  `json:"date"`
	Status             string     `json:"status"`
	StatusLabel        string     `json:"status_label"`
	CancelReason       string     `json:"cancel_reason"`
	Name               string     `json:"name"`
	Email              string     `json:"email"`
	Phone              string     `json:"phone"`
	City               string     `json:"city"`
	CompanyName        string     `json:"company_name"`
	PaymentMethod      string     `json:"payment_method"`
	PaymentMethodLabel string     `json:"payment_method_label"`
	Total              money.Para `json:"total" swaggertype:"number"`
	ItemsCount         int        `json:"items_count"`
	DeliveryStatus     string     `json:"delivery_status"`
} // @name StaffOrderRow

// OrderListMeta is the list's paging plus the filtered set's totals: total is the number of
// orders, total_amount the sum of their totals (RSD).
type OrderListMeta struct {
	Total        int64      `json:"total"`
	TotalBounded bool       `json:"total_bounded"`
	PerPage      int        `json:"per_page"`
	CurrentPage  int        `json:"current_page"`
	LastPage     int        `json:"last_page"`
	TotalAmount  money.Para `json:"total_amount" swaggertype:"number"`
} // @name OrderListMeta

// OrderListResponse is `{data, meta}` of the orders list.
type OrderListResponse struct {
	Data []StaffOrderRow `json:"data"`
	Meta OrderListMeta   `json:"meta"`
} // @name OrderListResponse

// OrderStatusOption is a status the order may go to, with its label.
type OrderStatusOption struct {
	Status string `json:"status"`
	Label  string `json:"label"`
} // @name OrderStatusOption

// OrderAttachmentResponse is a file on an order (download: GET .../attachments/{id}).
type OrderAttachmentResponse struct {
	ID          uint64    `json:"id"`
	FileName    string    `json:"file_name"`
	ContentType string    `json:"content_type"`
	Size        int64     `json:"size"`
	CreatedAt   time.Time `json:"created_at"`
} // @name OrderAttachment

// StaffOrderResponse is an order as staff see it: the customer's view plus the delivery
// fields, both kinds of notes, the files, and the statuses it may go to next (empty: final).
type StaffOrderResponse struct {
	OrderResponse
	UserID             *uint64   `json:"user_id" extensions:"x-nullable"`
	CancelReasonLabel  string    `json:"cancel_reason_label"`
	Supplier           string    `json:"supplier"`
	ReplacementProduct string    `json:"replacement_product"`
	StockReturned      bool      `json:"stock_returned"`
	UpdatedAt          time.Time `json:"updated_at"`
	// PaidAt is when staff (or the bank-statement import) recorded the payment; null: unpaid.
	PaidAt       *time.Time                `json:"paid_at" extensions:"x-nullable"`
	NextStatuses []OrderStatusOption       `json:"next_statuses"`
	Attachments  []OrderAttachmentResponse `json:"attachments"`
} // @name StaffOrder

func attachmentResponse(a sales.Attachment) OrderAttachmentResponse {
	return OrderAttachmentResponse{ID: a.ID, FileName: a.FileName, ContentType: a.ContentType, Size: a.Size, CreatedAt: a.CreatedAt}
}

func (h staffOrderHandlers) response(c *gin.Context, o *sales.Order) StaffOrderResponse {
	out := StaffOrderResponse{OrderResponse: orderResponse(c, h.s, o, true), UserID: o.UserID, Supplier: o.Supplier,
		ReplacementProduct: o.ReplacementProduct, StockReturned: o.StockReturnedAt != nil, UpdatedAt: o.UpdatedAt, PaidAt: o.PaidAt,
		NextStatuses: []OrderStatusOption{}, Attachments: []OrderAttachmentResponse{}}
	if o.CancelReason != "" {
		out.CancelReasonLabel = httpx.T(c, "sales.cancel_reason."+o.CancelReason, nil)
	}
	for _, st := range sales.NextStatuses(o.Status) {
		out.NextStatuses = append(out.NextStatuses, OrderStatusOption{Status: st, Label: httpx.T(c, "sales.status."+st, nil)})
	}
	for _, a := range o.Attachments {
		out.Attachments = append(out.Attachments, attachmentResponse(a))
	}
	return out
}

// orderFilter is the list's and the export's query.
type orderFilter struct {
	Status        string `form:"status"`
	PaymentMethod string `form:"payment_method"`
	DateFrom      string `form:"date_from"`
	DateTo        string `form:"date_to"`
	Search        string `form:"search"`
}

func (f orderFilter) filter() sales.OrderFilter {
	return sales.OrderFilter{Status: f.Status, PaymentMethod: f.PaymentMethod, DateFrom: f.DateFrom, DateTo: f.DateTo, Search: f.Search}
}

// The orders list pages by 20, 50 or 100, as the admin's other lists.
var orderListSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 100}

// list godoc
//
//	@Summary		Orders, newest first, with the filtered set's totals
//	@Description	Needs view-order. Filters: status, payment_method, date_from/date_to (days in the shop's zone, Europe/Belgrade, both inclusive, YYYY-MM-DD), search (order number, e-mail, name or phone; a phone matches by its digits too). meta.total is the number of orders the filters select, meta.total_amount the sum of their totals.
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			status			query		string	false	"pending | contacted | completed | cancelled | cancelled_delivery_time | cancelled_returned | on_hold"
//	@Param			payment_method	query		string	false	"cash_on_delivery | bank_transfer | instalments | card_in_shop"
//	@Param			date_from		query		string	false	"from this day (YYYY-MM-DD)"
//	@Param			date_to			query		string	false	"to this day (YYYY-MM-DD), inclusive"
//	@Param			search			query		string	false	"order number, e-mail, name or phone"
//	@Param			page			query		int		false	"page (1-based)"
//	@Param			paginate		query		int		false	"page size (20, 50, 100)"	default(20)
//	@Success		200				{object}	OrderListResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders [get]
func (h staffOrderHandlers) list(c *gin.Context) {
	var f orderFilter
	page, _, ok := httpx.BindList(c, &f, orderListSpec)
	if !ok {
		return
	}
	q := f.filter()
	q.Page = page
	rows, totals, err := h.s.StaffOrders(c.Request.Context(), q)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]StaffOrderRow, 0, len(rows))
	for _, o := range rows {
		n := 0
		for _, it := range o.Items {
			n += it.Quantity
		}
		out = append(out, StaffOrderRow{ID: o.ID, Number: o.NumberOf(), Date: o.CreatedAt, Status: o.Status, StatusLabel: httpx.T(c, "sales.status."+o.Status, nil),
			CancelReason: o.CancelReason, Name: o.Name, Email: o.Email, Phone: o.Phone, City: o.City, CompanyName: o.CompanyName,
			PaymentMethod: o.PaymentMethod, PaymentMethodLabel: httpx.T(c, "sales.payment."+o.PaymentMethod, nil), Total: o.Total,
			ItemsCount: n, DeliveryStatus: o.DeliveryStatus})
	}
	c.JSON(http.StatusOK, OrderListResponse{Data: out, Meta: OrderListMeta{Total: totals.Count, PerPage: page.Size, CurrentPage: page.Number,
		LastPage: page.LastPage(totals.Count), TotalAmount: totals.Sum}})
}

// export godoc
//
//	@Summary		The filtered orders as XLSX
//	@Description	Needs view-order. The list's filters (no paging); one row per order, newest first, headers in the request's language; the items of an order are summed up in one cell. More than 50000 orders: 422 (narrow the filters).
//	@Tags			orders
//	@Produce		application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
//	@Produce		json
//	@Security		Bearer
//	@Param			status			query	string	false	"as the list"
//	@Param			payment_method	query	string	false	"as the list"
//	@Param			date_from		query	string	false	"as the list"
//	@Param			date_to			query	string	false	"as the list"
//	@Param			search			query	string	false	"as the list"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/export [get]
func (h staffOrderHandlers) export(c *gin.Context) {
	var f orderFilter
	if _, _, ok := httpx.BindList(c, &f, orderListSpec); !ok {
		return
	}
	x, err := h.s.ExportOrders(c.Request.Context(), f.filter(), httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer x.Close()
	name := fmt.Sprintf("porudzbine-%s.xlsx", time.Now().In(clock.Zone).Format("2006-01-02-1504"))
	c.Header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.Status(http.StatusOK)
	// Written straight to the response; a failure half way can only cut the download short.
	_ = x.Write(c.Writer)
}

// get godoc
//
//	@Summary		One order for staff
//	@Description	Needs view-order. Items, buyer, shipping and company data, delivery fields, internal notes and notes to the customer, files, and next_statuses: the statuses the order may go to (empty when final).
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[StaffOrderResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id} [get]
func (h staffOrderHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	o, err := h.s.StaffOrder(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, h.response(c, o))
}

// OrderStatusRequest is the transition control: the next status, and for a cancelled status
// the reason.
type OrderStatusRequest struct {
	Status       string `json:"status" enums:"pending,contacted,completed,cancelled,cancelled_delivery_time,cancelled_returned,on_hold"`
	CancelReason string `json:"cancel_reason" enums:"price,stock,delivery_time,other"`
} // @name OrderStatusRequest

// status godoc
//
//	@Summary		Change an order's status
//	@Description	Needs view-order. Allowed: pending → contacted → completed; any non-final status → on_hold or a cancelled status (cancelled, cancelled_delivery_time, cancelled_returned: cancel_reason price, stock, delivery_time or other is required); on_hold → pending or contacted. Completed and cancelled are final. Anything else: 422 on status naming both statuses. A cancellation returns the order's units to stock (once). Logged in the activity log.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"order id"
//	@Param			body	body		OrderStatusRequest	true	"the next status"
//	@Success		200		{object}	httpx.ChangeResponse[StaffOrderResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		409		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/status [patch]
func (h staffOrderHandlers) status(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	var in OrderStatusRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	o, err := h.s.ChangeStatus(c.Request.Context(), id, sales.StatusChange{Status: in.Status, CancelReason: in.CancelReason})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.order_status_changed", h.response(c, o))
}

// OrderDeliveryRequest changes the order screen's delivery fields (each at most 255
// characters); a field left out stays as it is.
type OrderDeliveryRequest struct {
	DeliveryStatus     *string `json:"delivery_status" extensions:"x-nullable"`
	DeliveryTime       *string `json:"delivery_time" extensions:"x-nullable"`
	Supplier           *string `json:"supplier" extensions:"x-nullable"`
	ReplacementProduct *string `json:"replacement_product" extensions:"x-nullable"`
} // @name OrderDeliveryRequest

// update godoc
//
//	@Summary		Change an order's delivery status, delivery time, supplier or replacement product
//	@Description	Needs view-order. Each field at most 255 characters; fields left out stay. Logged in the activity log.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"order id"
//	@Param			body	body		OrderDeliveryRequest	true	"the fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[StaffOrderResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id} [patch]
func (h staffOrderHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	var in OrderDeliveryRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	o, err := h.s.UpdateDelivery(c.Request.Context(), id, sales.DeliveryChange(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.order_updated", h.response(c, o))
}

// OrderNoteRequest is a new note: kind internal (staff only) or customer (mailed to the
// customer in the order's language and shown in their order); body 1-2000 characters.
type OrderNoteRequest struct {
	Kind string `json:"kind" enums:"internal,customer"`
	Body string `json:"body"`
} // @name OrderNoteRequest

// OrderNoteUpdateRequest is an internal note's new text.
type OrderNoteUpdateRequest struct {
	Body string `json:"body"`
} // @name OrderNoteUpdateRequest

func noteResponse(n *sales.OrderNote) OrderNoteResponse {
	return OrderNoteResponse{ID: n.ID, Kind: n.Kind, Body: n.Body, CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt}
}

// addNote godoc
//
//	@Summary		Add an internal note, or send a note to the customer
//	@Description	Needs view-order. kind internal or customer; body 1-2000 characters. A note to the customer is mailed (through the queue; the queue down: 503, nothing stored) and shown in the customer's order; it cannot be changed or deleted afterwards. Logged in the activity log.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"order id"
//	@Param			body	body		OrderNoteRequest	true	"the note"
//	@Success		201		{object}	httpx.ChangeResponse[OrderNoteResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		503		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/notes [post]
func (h staffOrderHandlers) addNote(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	var in OrderNoteRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	n, err := h.s.AddNote(c.Request.Context(), id, in.Kind, in.Body)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	msg := "sales.note_created"
	if n.Kind == sales.NoteCustomer {
		msg = "sales.customer_note_sent"
	}
	httpx.Changed(c, http.StatusCreated, msg, noteResponse(n))
}

// updateNote godoc
//
//	@Summary		Change an internal note
//	@Description	Needs view-order. body 1-2000 characters. A note to the customer was mailed: 422. Logged in the activity log.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"order id"
//	@Param			noteId	path		int						true	"note id"
//	@Param			body	body		OrderNoteUpdateRequest	true	"the new text"
//	@Success		200		{object}	httpx.ChangeResponse[OrderNoteResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/notes/{noteId} [patch]
func (h staffOrderHandlers) updateNote(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	noteID, ok := paramID(c, "noteId", "order_note")
	if !ok {
		return
	}
	var in OrderNoteUpdateRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	n, err := h.s.UpdateNote(c.Request.Context(), id, noteID, in.Body)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.note_updated", noteResponse(n))
}

// deleteNote godoc
//
//	@Summary		Delete an internal note
//	@Description	Needs view-order. A note to the customer was mailed: 422. Logged in the activity log.
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int	true	"order id"
//	@Param			noteId	path		int	true	"note id"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/notes/{noteId} [delete]
func (h staffOrderHandlers) deleteNote(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	noteID, ok := paramID(c, "noteId", "order_note")
	if !ok {
		return
	}
	if err := h.s.DeleteNote(c.Request.Context(), id, noteID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "sales.note_deleted")
}

// attachments godoc
//
//	@Summary		An order's files
//	@Description	Needs view-order. Oldest first.
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[[]OrderAttachmentResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/attachments [get]
func (h staffOrderHandlers) attachments(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	if _, err := h.s.Order(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	rows, err := h.s.Attachments(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]OrderAttachmentResponse, 0, len(rows))
	for _, a := range rows {
		out = append(out, attachmentResponse(a))
	}
	httpx.Data(c, out)
}

// upload godoc
//
//	@Summary		Attach a file to an order
//	@Description	Needs view-order. Multipart with field file: PDF, JPG, PNG, WEBP, XLSX, DOCX, TXT or CSV (by extension and by content), at most 10 MB, at most 50 files per order. Kept in the object store, never public. Logged in the activity log.
//	@Tags			orders
//	@Accept			mpfd
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int		true	"order id"
//	@Param			file	formData	file	true	"the file"
//	@Success		201		{object}	httpx.ChangeResponse[OrderAttachmentResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		413		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/attachments [post]
func (h staffOrderHandlers) upload(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	form, ok := multipartForm(c)
	if !ok {
		return
	}
	fhs := form.File["file"]
	if len(fhs) == 0 {
		httpx.Fail(c, httpx.FormFileError(nil, "file"))
		return
	}
	f, err := fhs[0].Open()
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer f.Close()
	a, err := h.s.AddAttachment(c.Request.Context(), id, fhs[0].Filename, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.attachment_created", attachmentResponse(*a))
}

// download godoc
//
//	@Summary		Download an order's file
//	@Description	Needs view-order. Always as a download (Content-Disposition: attachment) with the type stored at upload.
//	@Tags			orders
//	@Produce		application/octet-stream
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path	int	true	"order id"
//	@Param			attachmentId	path	int	true	"file id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/attachments/{attachmentId} [get]
func (h staffOrderHandlers) download(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	aid, ok := paramID(c, "attachmentId", "order_attachment")
	if !ok {
		return
	}
	a, rc, err := h.s.OpenAttachment(c.Request.Context(), id, aid)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer rc.Close()
	c.DataFromReader(http.StatusOK, a.Size, a.ContentType, rc,
		map[string]string{"Content-Disposition": mime.FormatMediaType("attachment", map[string]string{"filename": a.FileName})})
}

// deleteAttachment godoc
//
//	@Summary		Delete an order's file
//	@Description	Needs view-order. Logged in the activity log.
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path		int	true	"order id"
//	@Param			attachmentId	path		int	true	"file id"
//	@Success		200				{object}	httpx.MessageResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		404				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/attachments/{attachmentId} [delete]
func (h staffOrderHandlers) deleteAttachment(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	aid, ok := paramID(c, "attachmentId", "order_attachment")
	if !ok {
		return
	}
	if err := h.s.DeleteAttachment(c.Request.Context(), id, aid); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "sales.attachment_deleted")
}
