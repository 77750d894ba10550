package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/fiscal"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// salesReturnRoutes: item returns of a paid order. Seeing them needs view-order; recording one
// changes the order (stock, a refund receipt), so it needs update-order as the order's other
// changes do.
func salesReturnRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := returnHandlers{s: d.Sales, f: d.Fiscal}
	return []Route{
		{Method: "GET", Path: "/admin/orders/:id/returns", Handler: h.list, Auth: true, Permissions: []string{identity.PermViewOrder}},
		{Method: "POST", Path: "/admin/orders/:id/returns", Handler: h.create, Auth: true, Permissions: []string{identity.PermUpdateOrder}},
	}
}

type returnHandlers struct {
	s *sales.Service
	f *fiscal.Service
}

// OrderReturnLineRequest is one order line given back and how many of its units.
type OrderReturnLineRequest struct {
	OrderItemID uint64 `json:"order_item_id"`
	Quantity    int    `json:"quantity"`
} // @name OrderReturnLineRequest

// OrderReturnRequest is a return to record: the lines and quantities given back, and why.
type OrderReturnRequest struct {
	Reason string                   `json:"reason" maxLength:"500"`
	Items  []OrderReturnLineRequest `json:"items"`
} // @name OrderReturnRequest

// OrderReturnItemResponse is a returned quantity of one order line, at the line's price.
type OrderReturnItemResponse struct {
	OrderItemID uint64     `json:"order_item_id"`
	ProductID   uint64     `json:"product_id"`
	SKU         string     `json:"sku"`
	Name        string     `json:"name"`
	Quantity    int        `json:"quantity"`
	Price       money.Para `json:"price" swaggertype:"number"`
	Total       money.Para `json:"total" swaggertype:"number"`
} // @name OrderReturnItem

// OrderReturnResponse is one return of the order: its number among the order's returns, the
// lines and the total refunded, and its refund receipt (null until the job made it, or when
// the shop keeps no fiscal receipts).
type OrderReturnResponse struct {
	ID        uint64                    `json:"id"`
	Number    int                       `json:"number"`
	Reason    string                    `json:"reason"`
	Total     money.Para                `json:"total" swaggertype:"number"`
	CreatedAt time.Time                 `json:"created_at"`
	Items     []OrderReturnItemResponse `json:"items"`
	Receipt   *FiscalReceiptResponse    `json:"receipt" extensions:"x-nullable"`
} // @name OrderReturn

func (h returnHandlers) responses(c *gin.Context, orderID uint64, list []sales.OrderReturn) ([]OrderReturnResponse, error) {
	o, err := h.s.OrderWithItems(c.Request.Context(), orderID)
	if err != nil {
		return nil, err
	}
	lines := map[uint64]sales.OrderItem{}
	for _, it := range o.Items {
		lines[it.ID] = it
	}
	receipts := map[uint64]*fiscal.Receipt{}
	if h.f != nil {
		all, err := h.f.ForOrder(c.Request.Context(), orderID)
		if err != nil {
			return nil, err
		}
		for i := range all {
			if all[i].ReturnID != 0 {
				all[i].OrderNumber = o.NumberOf()
				receipts[all[i].ReturnID] = &all[i]
			}
		}
	}
	out := make([]OrderReturnResponse, 0, len(list))
	for _, r := range list {
		rr := OrderReturnResponse{ID: r.ID, Number: r.Seq, Reason: r.Reason, Total: r.Total, CreatedAt: r.CreatedAt, Items: []OrderReturnItemResponse{}}
		for _, it := range r.Items {
			l := lines[it.OrderItemID]
			rr.Items = append(rr.Items, OrderReturnItemResponse{OrderItemID: it.OrderItemID, ProductID: it.ProductID, SKU: l.SKU, Name: l.Name,
				Quantity: it.Quantity, Price: it.Price, Total: it.Total})
		}
		if rc := receipts[r.ID]; rc != nil {
			resp := receiptResponse(c, rc)
			rr.Receipt = &resp
		}
		out = append(out, rr)
	}
	return out, nil
}

// list godoc
//
//	@Summary		An order's item returns
//	@Description	Needs view-order. The returns of the order, oldest first: number, lines and quantities given back, total refunded, and each one's refund receipt (null while the job has not made it).
//	@Tags			orders
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[[]OrderReturnResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/returns [get]
func (h returnHandlers) list(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	list, err := h.s.Returns(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out, err := h.responses(c, id, list)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, out)
}

// create godoc
//
//	@Summary		Record an item return of a paid order
//	@Description	Needs update-order. Some lines and quantities of a paid, not cancelled order come back: each order_item_id once, quantity at least 1 and at most what was bought less earlier returns (422 on items[i].quantity, naming how many are left); an unpaid or cancelled order: 422 on items. The units go back to stock, the return is logged in the order's activity, and its refund receipt (only these lines, referring to the sale's receipt) is signed by the fiscal device in the background.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"order id"
//	@Param			body	body		OrderReturnRequest	true	"the lines given back"
//	@Success		201		{object}	httpx.ChangeResponse[OrderReturnResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/orders/{id}/returns [post]
func (h returnHandlers) create(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	var in OrderReturnRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	si := sales.ReturnInput{Reason: in.Reason}
	for _, l := range in.Items {
		si.Items = append(si.Items, sales.ReturnLine{OrderItemID: l.OrderItemID, Quantity: l.Quantity})
	}
	r, err := h.s.CreateReturn(c.Request.Context(), id, si)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out, err := h.responses(c, id, []sales.OrderReturn{*r})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.return_created", out[0])
}
