package api

import (
	"fmt"
	"mime"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/fiscal"
	"shop/internal/identity"
	"shop/internal/platform/clock"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// fiscalRoutes: recording an order's payment (which queues its fiscal receipt), the receipts
// on the order screen and the list of receipts with its XLSX export. Reading needs view-order; recording a payment and retrying a
// receipt change the order, so they need update-order, as the order's other changes do.
func fiscalRoutes(d Deps) []Route {
	if d.Sales == nil || d.Fiscal == nil {
		return nil
	}
	h := fiscalHandlers{f: d.Fiscal, orders: staffOrderHandlers{s: d.Sales}}
	view, change := []string{identity.PermViewOrder}, []string{identity.PermUpdateOrder}
	return []Route{
		{Method: "POST", Path: "/admin/orders/:id/payment", Handler: h.payment, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/orders/:id/receipts", Handler: h.orderReceipts, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/fiscal-receipts", Handler: h.list, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/fiscal-receipts/export", Handler: h.export, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/fiscal-receipts/:id/pdf", Handler: h.pdf, Auth: true, Permissions: view},
		{Method: "POST", Path: "/admin/fiscal-receipts/:id/retry", Handler: h.retry, Auth: true, Permissions: change},
	}
}

type fiscalHandlers struct {
	f      *fiscal.Service
	orders staffOrderHandlers
}

// FiscalReceiptResponse is one fiscal receipt of an order: pending until the fiscal device
// signs it (sent), failed with the reason. test is true for a receipt the simulator signed:
// no fiscal receipt, and every page showing it says so.
type FiscalReceiptResponse struct {
	ID          uint64 `json:"id"`
	OrderID     uint64 `json:"order_id"`
	OrderNumber string `json:"order_number"`
	Kind        string `json:"kind" enums:"normal,refund,proforma"`
	// ReturnID is the item return a refund is for (0: the whole order's cancellation).
	ReturnID        uint64     `json:"return_id"`
	KindLabel       string     `json:"kind_label"`
	Status          string     `json:"status" enums:"pending,sent,failed"`
	StatusLabel     string     `json:"status_label"`
	Reason          string     `json:"reason"`
	Attempts        int        `json:"attempts"`
	PaymentType     string     `json:"payment_type"`
	BuyerPIB        string     `json:"buyer_pib"`
	BuyerName       string     `json:"buyer_name"`
	Total           money.Para `json:"total" swaggertype:"number"`
	InvoiceNumber   string     `json:"invoice_number"`
	InvoiceCounter  string     `json:"invoice_counter"`
	ReferentNumber  string     `json:"referent_number"`
	SignedAt        *time.Time `json:"signed_at" extensions:"x-nullable"`
	VerificationURL string     `json:"verification_url"`
	Journal         string     `json:"journal"`
	Test            bool       `json:"test"`
	CreatedAt       time.Time  `json:"created_at"`
} // @name FiscalReceipt

func receiptResponse(c *gin.Context, r *fiscal.Receipt) FiscalReceiptResponse {
	return FiscalReceiptResponse{ID: r.ID, OrderID: r.OrderID, OrderNumber: r.OrderNumber, Kind: r.Kind, ReturnID: r.ReturnID, KindLabel: httpx.T(c, "fiscal.kind."+r.Kind, nil),
		Status: r.Status, StatusLabel: httpx.T(c, "fiscal.status."+r.Status, nil), Reason: r.Reason, Attempts: r.Attempts, PaymentType: r.PaymentType,
		BuyerPIB: r.BuyerPIB, BuyerName: r.BuyerName, Total: r.Total, InvoiceNumber: r.InvoiceNumber, InvoiceCounter: r.InvoiceCounter,
		ReferentNumber: r.ReferentNumber, SignedAt: r.SdcTime, VerificationURL: r.VerificationURL, Journal: r.Journal, Test: r.Simulated, CreatedAt: r.CreatedAt}
}

// payment godoc
//
//	@Summary		Record that an order is paid
//	@Description	Needs update-order. Cash on delivery: the courier delivered and collected the money; bank transfer: the money is on the account. Sets paid_at (recording it again changes nothing) and queues the order's fiscal receipt, signed by the fiscal device in the background. A cancelled order: 422 on paid. Logged in the activity log.
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.ChangeResponse[StaffOrderResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/payment [post]
func (h fiscalHandlers) payment(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	o, err := h.orders.s.RecordPayment(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.payment_recorded", h.orders.response(c, o))
}

// orderReceipts godoc
//
//	@Summary		An order's fiscal receipts
//	@Description	Needs view-order. The sale, refund and proforma receipts of the order, oldest first, with status (pending, sent, failed and why), the signed invoice's number, counter, verification URL and journal.
//	@Tags			fiscal
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[[]FiscalReceiptResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/receipts [get]
func (h fiscalHandlers) orderReceipts(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	o, err := h.orders.s.StaffOrder(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	list, err := h.f.ForOrder(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]FiscalReceiptResponse, 0, len(list))
	for i := range list {
		list[i].OrderNumber = o.NumberOf()
		out = append(out, receiptResponse(c, &list[i]))
	}
	httpx.Data(c, out)
}

// retry godoc
//
//	@Summary		Send a failed fiscal receipt again
//	@Description	Needs update-order. Puts a failed receipt back to pending and queues it. It keeps its RequestId: if an earlier attempt reached the fiscal device, that invoice is found instead of a second one. A receipt that is not failed: 422 on status.
//	@Tags			fiscal
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"receipt id"
//	@Success		200	{object}	httpx.ChangeResponse[FiscalReceiptResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/fiscal-receipts/{id}/retry [post]
func (h fiscalHandlers) retry(c *gin.Context) {
	id, ok := pathID(c, "receipt")
	if !ok {
		return
	}
	r, err := h.f.Retry(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "fiscal.retried", receiptResponse(c, r))
}

type fiscalQuery struct {
	Status   string `form:"status"`
	Kind     string `form:"kind"`
	DateFrom string `form:"date_from"`
	DateTo   string `form:"date_to"`
	Buyer    string `form:"buyer"`
}

func (q fiscalQuery) filter() fiscal.Filter {
	return fiscal.Filter{Status: q.Status, Kind: q.Kind, DateFrom: q.DateFrom, DateTo: q.DateTo, Buyer: q.Buyer}
}

var fiscalListSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 100}

// list godoc
//
//	@Summary		Fiscal receipts, newest first
//	@Description	Needs view-order. status: pending | sent | failed; kind: normal | refund | proforma; date_from/date_to: the day the receipt was made (YYYY-MM-DD, Belgrade); buyer: in the buyer's name or PIB, the signed invoice number or the order number.
//	@Tags			fiscal
//	@Produce		json
//	@Security		Bearer
//	@Param			status		query		string	false	"pending | sent | failed"
//	@Param			kind		query		string	false	"normal | refund | proforma"
//	@Param			date_from	query		string	false	"from this day (YYYY-MM-DD)"
//	@Param			date_to		query		string	false	"to this day, inclusive (YYYY-MM-DD)"
//	@Param			buyer		query		string	false	"buyer's name or PIB, invoice number or order number"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100)"
//	@Success		200			{object}	httpx.ListResponse[FiscalReceiptResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/fiscal-receipts [get]
func (h fiscalHandlers) list(c *gin.Context) {
	var q fiscalQuery
	page, _, ok := httpx.BindList(c, &q, fiscalListSpec)
	if !ok {
		return
	}
	f := q.filter()
	f.Page = page
	rows, total, err := h.f.List(c.Request.Context(), f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]FiscalReceiptResponse, 0, len(rows))
	for i := range rows {
		out = append(out, receiptResponse(c, &rows[i]))
	}
	httpx.List(c, out, total, page)
}

// export godoc
//
//	@Summary		The filtered fiscal receipts as XLSX, for the accountant
//	@Description	Needs view-order. The list's filters (no paging); one row per receipt, newest first, headers in the request's language, totals as numbers, test receipts marked. More than 50000: 422 (narrow the filters).
//	@Tags			fiscal
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
//	@Router			/api/v1/admin/fiscal-receipts/export [get]
func (h fiscalHandlers) export(c *gin.Context) {
	var q fiscalQuery
	if _, _, ok := httpx.BindList(c, &q, fiscalListSpec); !ok {
		return
	}
	x, err := h.f.Export(c.Request.Context(), q.filter(), httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer x.Close()
	name := fmt.Sprintf("fiskalni-racuni-%s.xlsx", time.Now().In(clock.Zone).Format("2006-01-02-1504"))
	c.Header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.Status(http.StatusOK)
	_ = x.Write(c.Writer)
}

// pdf godoc
//
//	@Summary		A signed fiscal receipt as a PDF
//	@Description	Needs view-order. The customer's PDF: the journal, the QR code, the verification link; a test receipt says so. A receipt not signed: 404.
//	@Tags			fiscal
//	@Produce		application/pdf
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path	int	true	"receipt id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/fiscal-receipts/{id}/pdf [get]
func (h fiscalHandlers) pdf(c *gin.Context) {
	id, ok := pathID(c, "receipt")
	if !ok {
		return
	}
	r, err := h.f.SignedReceipt(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	b, name, err := h.f.PDF(r, httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": name}))
	c.Data(http.StatusOK, "application/pdf", b)
}
