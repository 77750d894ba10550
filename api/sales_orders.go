package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// salesOrderRoutes: checkout (public: guests buy too).
func salesOrderRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := orderHandlers{s: d.Sales, ids: d.Identity}
	return []Route{
		{Method: "POST", Path: "/orders", Handler: h.create},
	}
}

type orderHandlers struct {
	s   *sales.Service
	ids *identity.Service
}

// CheckoutRequest is the purchase-completion form (see sales.CheckoutInput). Never a price or
// a product: the order is the cart's, priced on the server.
type CheckoutRequest struct {
	CartID            string  `json:"cart_id"`
	Name              string  `json:"name"`
	Email             string  `json:"email"`
	Phone             string  `json:"phone"`
	Address           string  `json:"address"`
	City              string  `json:"city"`
	PostCode          string  `json:"post_code"`
	BillingAddressID  *uint64 `json:"billing_address_id" extensions:"x-nullable"`
	ShippingName      string  `json:"shipping_name"`
	ShippingAddress   string  `json:"shipping_address"`
	ShippingCity      string  `json:"shipping_city"`
	ShippingPostCode  string  `json:"shipping_post_code"`
	ShippingPhone     string  `json:"shipping_phone"`
	ShippingAddressID *uint64 `json:"shipping_address_id" extensions:"x-nullable"`
	Note              string  `json:"note"`
	CompanyName       string  `json:"company_name"`
	CompanyNumber     string  `json:"company_number"`
	CompanyPIB        string  `json:"company_pib"`
	PaymentMethod     string  `json:"payment_method" enums:"cash_on_delivery,bank_transfer,instalments,card_in_shop"`
} // @name CheckoutRequest

// OrderItemResponse is one line of an order, at the price of the moment it was made.
type OrderItemResponse struct {
	// ID is the order line's (an item return names it).
	ID        uint64     `json:"id"`
	ProductID uint64     `json:"product_id"`
	SKU       string     `json:"sku"`
	Name      string     `json:"name"`
	Price     money.Para `json:"price" swaggertype:"number"`
	Quantity  int        `json:"quantity"`
	Total     money.Para `json:"total" swaggertype:"number"`
} // @name OrderItem

// OrderNoteResponse is a note on an order (kind internal or customer).
type OrderNoteResponse struct {
	ID   uint64 `json:"id"`
	Kind string `json:"kind" enums:"internal,customer"`
	Body string `json:"body"`
	// Author is the staff member who wrote the note (staff only; empty for the customer).
	Author    string    `json:"author,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name OrderNote

// OrderShippingResponse is where the order goes.
type OrderShippingResponse struct {
	Name     string `json:"name"`
	Address  string `json:"address"`
	City     string `json:"city"`
	PostCode string `json:"post_code"`
	Phone    string `json:"phone"`
} // @name OrderShipping

// OrderPaymentResponse is the payment order of a bank-transfer order, the same data its IPS QR
// code carries, for the thank-you page to show beside the code (a customer paying by hand).
type OrderPaymentResponse struct {
	Account     string     `json:"account"`
	Payee       string     `json:"payee"`
	Amount      money.Para `json:"amount" swaggertype:"number"`
	PaymentCode string     `json:"payment_code"`
	Purpose     string     `json:"purpose"`
	Model       string     `json:"model"`
	Reference   string     `json:"reference"`
} // @name OrderPayment

// OrderResponse is an order as its customer sees it (staff answers add to it). status is one
// of pending, contacted, completed, cancelled, cancelled_delivery_time, cancelled_returned,
// on_hold (status_label in the request's language); notes are the notes to the customer. For
// bank transfer, qr_url is the NBS IPS QR code's PNG (a signed link, valid without login) and
// payment the data to pay by hand (null for other payment methods).
type OrderResponse struct {
	ID                 uint64                `json:"id"`
	Number             string                `json:"number"`
	Date               time.Time             `json:"date"`
	Status             string                `json:"status"`
	StatusLabel        string                `json:"status_label"`
	CancelReason       string                `json:"cancel_reason"`
	Total              money.Para            `json:"total" swaggertype:"number"`
	Email              string                `json:"email"`
	Name               string                `json:"name"`
	Phone              string                `json:"phone"`
	Address            string                `json:"address"`
	City               string                `json:"city"`
	PostCode           string                `json:"post_code"`
	Shipping           OrderShippingResponse `json:"shipping"`
	Note               string                `json:"note"`
	CompanyName        string                `json:"company_name"`
	CompanyNumber      string                `json:"company_number"`
	CompanyPIB         string                `json:"company_pib"`
	PaymentMethod      string                `json:"payment_method"`
	PaymentMethodLabel string                `json:"payment_method_label"`
	DeliveryStatus     string                `json:"delivery_status"`
	DeliveryTime       string                `json:"delivery_time"`
	ProformaInvoiceID  *uint64               `json:"proforma_invoice_id" extensions:"x-nullable"`
	QRURL              *string               `json:"qr_url" extensions:"x-nullable"`
	Payment            *OrderPaymentResponse `json:"payment" extensions:"x-nullable"`
	Items              []OrderItemResponse   `json:"items"`
	Notes              []OrderNoteResponse   `json:"notes"`
	// Receipts are the order's signed fiscal receipts (its customer's own order only; empty
	// elsewhere).
	Receipts []OrderReceiptResponse `json:"receipts"`
} // @name Order

// OrderReceiptResponse is a signed fiscal receipt as its customer sees it: the journal text as
// the fiscal device signed it, the verification link, the PDF and the QR image (links that
// carry the order's signed token). test: signed by the simulator, no fiscal receipt; every page
// showing it says so.
type OrderReceiptResponse struct {
	ID              uint64     `json:"id"`
	Kind            string     `json:"kind" enums:"normal,refund,proforma"`
	KindLabel       string     `json:"kind_label"`
	Title           string     `json:"title"`
	InvoiceNumber   string     `json:"invoice_number"`
	SignedAt        *time.Time `json:"signed_at" extensions:"x-nullable"`
	VerificationURL string     `json:"verification_url"`
	Journal         string     `json:"journal"`
	PDFURL          string     `json:"pdf_url"`
	QRURL           string     `json:"qr_url"`
	Test            bool       `json:"test"`
	TestNotice      string     `json:"test_notice"`
} // @name OrderReceipt

func orderResponse(c *gin.Context, s *sales.Service, o *sales.Order, staff bool) OrderResponse {
	out := OrderResponse{ID: o.ID, Number: o.NumberOf(), Date: o.CreatedAt, Status: o.Status, StatusLabel: httpx.T(c, "sales.status."+o.Status, nil),
		CancelReason: o.CancelReason, Total: o.Total, Email: o.Email, Name: o.Name, Phone: o.Phone, Address: o.Address, City: o.City, PostCode: o.PostCode,
		Shipping: OrderShippingResponse{Name: o.ShippingName, Address: o.ShippingAddress, City: o.ShippingCity, PostCode: o.ShippingPostCode, Phone: o.ShippingPhone},
		Note:     o.Note, CompanyName: o.CompanyName, CompanyNumber: o.CompanyNumber, CompanyPIB: o.CompanyPIB, PaymentMethod: o.PaymentMethod,
		PaymentMethodLabel: httpx.T(c, "sales.payment."+o.PaymentMethod, nil), DeliveryStatus: o.DeliveryStatus, DeliveryTime: o.DeliveryTime,
		Items: make([]OrderItemResponse, 0, len(o.Items)), Notes: []OrderNoteResponse{}, Receipts: []OrderReceiptResponse{}}
	if o.ProformaInvoiceID != 0 {
		id := o.ProformaInvoiceID
		out.ProformaInvoiceID = &id
	}
	if u := s.QRPath(o); u != "" {
		out.QRURL = &u
		// The company data unreadable: the order still shows, without its payment order.
		if p, err := s.IPSFor(c.Request.Context(), o); err == nil {
			// The reference is written as the banks' forms ask: model (97) apart from the number.
			out.Payment = &OrderPaymentResponse{Account: p.Account, Payee: p.Payee, Amount: p.Amount, PaymentCode: p.PaymentCode,
				Purpose: p.Purpose, Model: p.Reference[:2], Reference: p.Reference[2:]}
		}
	}
	for _, it := range o.Items {
		out.Items = append(out.Items, OrderItemResponse{ID: it.ID, ProductID: it.ProductID, SKU: it.SKU, Name: it.Name, Price: it.Price, Quantity: it.Quantity, Total: it.Total})
	}
	for _, n := range o.Notes {
		if n.Kind == sales.NoteCustomer || staff {
			note := OrderNoteResponse{ID: n.ID, Kind: n.Kind, Body: n.Body, CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt}
			if staff {
				note.Author = n.Author
			}
			out.Notes = append(out.Notes, note)
		}
	}
	return out
}

// create godoc
//
//	@Summary		Complete the purchase: the cart becomes an order
//	@Description	Public (guest or logged in; a customer may name saved addresses by billing_address_id / shipping_address_id). The items are the caller's cart (cart_id as for GET cart), priced now on the server; delivery is free across Serbia. Required: name (2-255), email, phone, address, city, post_code (5 digits), payment_method (cash_on_delivery, bank_transfer, instalments, card_in_shop). Company: company_name with company_pib (9 digits, ISO 7064 MOD 11,10 check digit). Shipping: the shipping_* fields, else the billing address. A product that is not purchasable or not in stock: 422 naming it, nothing ordered. Bank transfer also makes the proforma invoice (proforma_invoice_id, and qr_url: the payment QR code). Send an Idempotency-Key header (any unique string up to 200 characters per attempt): the same key with the same body answers the first order again (200) instead of a second order; with another body 409. The cart is emptied.
//	@Tags			orders
//	@Accept			json
//	@Produce		json
//	@Param			Idempotency-Key	header		string			false	"unique per purchase attempt"
//	@Param			body			body		CheckoutRequest	true	"the form"
//	@Success		201				{object}	httpx.ChangeResponse[OrderResponse]	"the new order"
//	@Success		200				{object}	httpx.ChangeResponse[OrderResponse]	"the order an earlier call with this key made"
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		409				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/orders [post]
func (h orderHandlers) create(c *gin.Context) {
	var in CheckoutRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	p, err := h.s.Checkout(c.Request.Context(), buyer(c, h.ids), sales.CheckoutInput(in), c.GetHeader("Idempotency-Key"), httpx.Lang(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	status := http.StatusCreated
	if !p.Created {
		status = http.StatusOK
	}
	httpx.Changed(c, status, "sales.order_created", orderResponse(c, h.s, p.Order, false))
}
