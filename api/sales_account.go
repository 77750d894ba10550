package api

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/fiscal"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/sales"
)

// salesAccountRoutes: the customer's own orders and addresses (login required, spec 2
// "Login-required routes"), and the QR image of a bank-transfer order.
func salesAccountRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := accountHandlers{s: d.Sales, ids: d.Identity, f: d.Fiscal}
	routes := []Route{
		{Method: "GET", Path: "/account/orders", Handler: h.orders, Auth: true},
		{Method: "GET", Path: "/account/orders/:id", Handler: h.order, Auth: true},
		{Method: "GET", Path: "/account/addresses", Handler: h.addresses, Auth: true},
		{Method: "POST", Path: "/account/addresses", Handler: h.createAddress, Auth: true},
		{Method: "PATCH", Path: "/account/addresses/:id", Handler: h.updateAddress, Auth: true},
		{Method: "DELETE", Path: "/account/addresses/:id", Handler: h.deleteAddress, Auth: true},
		// Public: the customer's token or the signed token of the thank-you page and the mail.
		{Method: "GET", Path: "/orders/:id/qr.png", Handler: h.qr},
	}
	if d.Fiscal != nil {
		routes = append(routes,
			Route{Method: "GET", Path: "/orders/:id/receipts/:receipt/pdf", Handler: h.receiptPDF},
			Route{Method: "GET", Path: "/orders/:id/receipts/:receipt/qr", Handler: h.receiptQR})
	}
	return routes
}

type accountHandlers struct {
	s   *sales.Service
	ids *identity.Service
	f   *fiscal.Service
}

// withReceipts adds the orders' signed fiscal receipts to their responses.
func (h accountHandlers) withReceipts(c *gin.Context, out []OrderResponse) error {
	if h.f == nil || len(out) == 0 {
		return nil
	}
	ids := make([]uint64, len(out))
	for i := range out {
		ids[i] = out[i].ID
	}
	signed, err := h.f.Signed(c.Request.Context(), ids)
	if err != nil {
		return err
	}
	lang := httpx.Lang(c)
	for i := range out {
		for _, r := range signed[out[i].ID] {
			r.OrderNumber = out[i].Number
			links := h.f.LinksOf(&r)
			rr := OrderReceiptResponse{ID: r.ID, Kind: r.Kind, KindLabel: httpx.T(c, "fiscal.kind."+r.Kind, nil), Title: fiscal.Title(lang, &r),
				InvoiceNumber: r.InvoiceNumber, SignedAt: r.SdcTime, VerificationURL: r.VerificationURL, Journal: r.Journal, PDFURL: links.PDF,
				QRURL: links.QR, Test: r.Simulated}
			if r.Simulated {
				rr.TestNotice = httpx.T(c, "fiscal.test_receipt", nil)
			}
			out[i].Receipts = append(out[i].Receipts, rr)
		}
	}
	return nil
}

// orders godoc
//
//	@Summary		My orders, newest first
//	@Description	Login required. Each order with its items, status, the notes to the customer and its signed fiscal receipts (journal, verification URL, PDF; test true for the simulator's). Page size paginate (default 10, at most 100).
//	@Tags			account
//	@Produce		json
//	@Security		Bearer
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"
//	@Success		200			{object}	httpx.ListResponse[OrderResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/orders [get]
func (h accountHandlers) orders(c *gin.Context) {
	page, _, ok := httpx.BindList(c, nil, httpx.ListSpec{DefaultSize: 10, MaxSize: 100})
	if !ok {
		return
	}
	os, total, err := h.s.MyOrders(c.Request.Context(), principal(c).UserID, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]OrderResponse, 0, len(os))
	for i := range os {
		out = append(out, orderResponse(c, h.s, &os[i], false))
	}
	if err := h.withReceipts(c, out); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, out, total, page)
}

// order godoc
//
//	@Summary		One of my orders
//	@Description	Login required. Items, status, delivery status and time, the notes to the customer. Another customer's order is a 404 ('Porudžbina ne postoji ili je izbrisana.').
//	@Tags			account
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"order id"
//	@Success		200	{object}	httpx.DataResponse[OrderResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/orders/{id} [get]
func (h accountHandlers) order(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	o, err := h.s.MyOrder(c.Request.Context(), principal(c).UserID, id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := []OrderResponse{orderResponse(c, h.s, o, false)}
	if err := h.withReceipts(c, out); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, out[0])
}

// AddressRequest is the address form (address_method create or edit).
type AddressRequest struct {
	Type     string `json:"type" enums:"billing_address,shipping_address"`
	Name     string `json:"name"`
	Address  string `json:"address"`
	City     string `json:"city"`
	PostCode string `json:"post_code"`
	Phone    string `json:"phone"`
} // @name AddressRequest

func addressResponse(a *identity.Address) AddressResponse {
	return AddressResponse{ID: a.ID, Type: a.Type, Name: a.Name, Address: a.Address, City: a.City, PostCode: a.PostCode, Phone: a.Phone}
}

// addresses godoc
//
//	@Summary		My addresses
//	@Description	Login required. Oldest first.
//	@Tags			account
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]AddressResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/addresses [get]
func (h accountHandlers) addresses(c *gin.Context) {
	as, err := h.ids.Addresses(c.Request.Context(), principal(c).UserID)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AddressResponse, 0, len(as))
	for i := range as {
		out = append(out, addressResponse(&as[i]))
	}
	httpx.Data(c, out)
}

// createAddress godoc
//
//	@Summary		Save a new address
//	@Description	Login required. type billing_address or shipping_address; name, address, city 2-255; post_code 5 digits; phone required.
//	@Tags			account
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		AddressRequest	true	"address"
//	@Success		201		{object}	httpx.ChangeResponse[AddressResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/addresses [post]
func (h accountHandlers) createAddress(c *gin.Context) {
	var in AddressRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	a, err := h.ids.CreateAddress(c.Request.Context(), principal(c).UserID, identity.AddressInput(in), sales.CheckAddress)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.address_created", addressResponse(a))
}

// updateAddress godoc
//
//	@Summary		Change a saved address
//	@Description	Login required. The whole form as on create. Another user's address is a 404.
//	@Tags			account
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int				true	"address id"
//	@Param			body	body		AddressRequest	true	"address"
//	@Success		200		{object}	httpx.ChangeResponse[AddressResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/addresses/{id} [patch]
func (h accountHandlers) updateAddress(c *gin.Context) {
	id, ok := pathID(c, "address")
	if !ok {
		return
	}
	var in AddressRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	a, err := h.ids.UpdateAddress(c.Request.Context(), principal(c).UserID, id, identity.AddressInput(in), sales.CheckAddress)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.address_updated", addressResponse(a))
}

// deleteAddress godoc
//
//	@Summary		Delete a saved address
//	@Description	Login required. Another user's address is a 404.
//	@Tags			account
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"address id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/account/addresses/{id} [delete]
func (h accountHandlers) deleteAddress(c *gin.Context) {
	id, ok := pathID(c, "address")
	if !ok {
		return
	}
	if err := h.ids.DeleteAddress(c.Request.Context(), principal(c).UserID, id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "sales.address_deleted")
}

// qr godoc
//
//	@Summary		The NBS IPS QR code of a bank-transfer order (PNG)
//	@Description	For the order's customer (Bearer) or with the signed token of the order's qr_url (thank-you page, confirmation mail). Payload: K:PR|V:01|C:1|R:<account>|N:<payee>|I:RSD<amount, decimal comma>|SF:289|S:<purpose and order number>|RO:97<check digits><order number digits>. Any other order, a bad token or another payment method: 404.
//	@Tags			orders
//	@Produce		png
//	@Param			id		path		int		true	"order id"
//	@Param			token	query		string	false	"the signed token of qr_url"
//	@Success		200		{file}		binary
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Router			/api/v1/orders/{id}/qr.png [get]
func (h accountHandlers) qr(c *gin.Context) {
	id, ok := pathID(c, "order")
	if !ok {
		return
	}
	png, err := h.s.QRImage(c.Request.Context(), id, buyer(c, h.ids).UserID, c.Query("token"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, max-age=86400")
	c.Data(http.StatusOK, "image/png", png)
}

// customerReceipt is the path's receipt for the order's customer or the token's holder.
func (h accountHandlers) customerReceipt(c *gin.Context) (*fiscal.Receipt, bool) {
	id, ok := pathID(c, "order")
	if !ok {
		return nil, false
	}
	rid, ok := paramID(c, "receipt", "receipt")
	if !ok {
		return nil, false
	}
	r, err := h.f.CustomerReceipt(c.Request.Context(), id, rid, buyer(c, h.ids).UserID, c.Query("token"))
	if err != nil {
		httpx.Fail(c, err)
		return nil, false
	}
	return r, true
}

// receiptPDF godoc
//
//	@Summary		A signed fiscal receipt as a PDF
//	@Description	For the order's customer (Bearer) or with the signed token of the receipt's pdf_url (Moje porudžbine, the receipt's mail). The journal as the fiscal device signed it, its QR code and the verification link; a receipt the simulator signed says it is a test receipt. Another order, a bad token or a receipt not signed: 404.
//	@Tags			orders
//	@Produce		application/pdf
//	@Param			id		path		int		true	"order id"
//	@Param			receipt	path		int		true	"receipt id"
//	@Param			token	query		string	false	"the signed token of pdf_url"
//	@Success		200		{file}		binary
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Router			/api/v1/orders/{id}/receipts/{receipt}/pdf [get]
func (h accountHandlers) receiptPDF(c *gin.Context) {
	r, ok := h.customerReceipt(c)
	if !ok {
		return
	}
	b, name, err := h.f.PDF(r, httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.Header("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, "application/pdf", b)
}

// receiptQR godoc
//
//	@Summary		A signed fiscal receipt's verification QR code
//	@Description	For the order's customer (Bearer) or with the signed token of the receipt's qr_url (the receipt's mail). The image the fiscal device sent (GIF from a V-SDC, PNG from the simulator). Another order, a bad token or a receipt not signed: 404.
//	@Tags			orders
//	@Produce		png
//	@Param			id		path		int		true	"order id"
//	@Param			receipt	path		int		true	"receipt id"
//	@Param			token	query		string	false	"the signed token of qr_url"
//	@Success		200		{file}		binary
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Router			/api/v1/orders/{id}/receipts/{receipt}/qr [get]
func (h accountHandlers) receiptQR(c *gin.Context) {
	r, ok := h.customerReceipt(c)
	if !ok {
		return
	}
	b, ct, err := h.f.QR(r)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, max-age=86400")
	c.Data(http.StatusOK, ct, b)
}
