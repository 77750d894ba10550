package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/sales"
	"shop/internal/sales/invoicepdf"
)

// salesProformaRoutes: proforma invoices (seen with view-proforma-invoice, made with
// create-proforma-invoice, sent and transferred with update-proforma-invoice) and what they
// print: the company data, banks and invoice e-mail entries (view-proforma-invoice-info to see,
// update-proforma-invoice-info to change).
func salesProformaRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := proformaHandlers{s: d.Sales}
	inv := []string{identity.PermViewProformaInvoice}
	info := []string{identity.PermViewProformaInvoiceInfo}
	infoChange := []string{identity.PermUpdateProformaInvoiceInfo}
	invChange := []string{identity.PermUpdateProformaInvoice}
	return []Route{
		{Method: "GET", Path: "/admin/proforma-invoices", Handler: h.list, Auth: true, Permissions: inv},
		{Method: "POST", Path: "/admin/proforma-invoices", Handler: h.create, Auth: true, Permissions: []string{identity.PermCreateProformaInvoice}},
		{Method: "GET", Path: "/admin/proforma-invoices/:id", Handler: h.get, Auth: true, Permissions: inv},
		{Method: "GET", Path: "/admin/proforma-invoices/:id/pdf", Handler: h.pdf, Auth: true, Permissions: inv},
		{Method: "POST", Path: "/admin/proforma-invoices/:id/send", Handler: h.send, Auth: true, Permissions: invChange},
		{Method: "POST", Path: "/admin/proforma-invoices/:id/transfer", Handler: h.transfer, Auth: true, Permissions: invChange},
		{Method: "GET", Path: "/admin/invoice-data", Handler: h.invoiceData, Auth: true, Permissions: info},
		{Method: "PUT", Path: "/admin/invoice-data", Handler: h.updateInvoiceData, Auth: true, Permissions: infoChange},
		{Method: "GET", Path: "/admin/banks", Handler: h.banks, Auth: true, Permissions: info},
		{Method: "POST", Path: "/admin/banks", Handler: h.createBank, Auth: true, Permissions: infoChange},
		{Method: "GET", Path: "/admin/banks/:id", Handler: h.bank, Auth: true, Permissions: info},
		{Method: "PATCH", Path: "/admin/banks/:id", Handler: h.updateBank, Auth: true, Permissions: infoChange},
		{Method: "DELETE", Path: "/admin/banks/:id", Handler: h.deleteBank, Auth: true, Permissions: infoChange},
		{Method: "GET", Path: "/admin/invoice-emails", Handler: h.emails, Auth: true, Permissions: info},
		{Method: "POST", Path: "/admin/invoice-emails", Handler: h.createEmail, Auth: true, Permissions: infoChange},
		{Method: "GET", Path: "/admin/invoice-emails/:id", Handler: h.email, Auth: true, Permissions: info},
		{Method: "PATCH", Path: "/admin/invoice-emails/:id", Handler: h.updateEmail, Auth: true, Permissions: infoChange},
		{Method: "DELETE", Path: "/admin/invoice-emails/:id", Handler: h.deleteEmail, Auth: true, Permissions: infoChange},
	}
}

type proformaHandlers struct{ s *sales.Service }

// ProformaItemResponse is one product of a proforma invoice (prices include VAT).
type ProformaItemResponse struct {
	ProductID uint64     `json:"product_id"`
	SKU       string     `json:"sku"`
	Name      string     `json:"name"`
	Price     money.Para `json:"price" swaggertype:"number"`
	Quantity  int        `json:"quantity"`
	Total     money.Para `json:"total" swaggertype:"number"`
	VatBps    int        `json:"vat_bps"`
} // @name ProformaInvoiceItem

// ProformaVATResponse is one VAT rate's base, VAT and total (prices include VAT).
type ProformaVATResponse struct {
	VatBps int        `json:"vat_bps"`
	Base   money.Para `json:"base" swaggertype:"number"`
	VAT    money.Para `json:"vat" swaggertype:"number"`
	Total  money.Para `json:"total" swaggertype:"number"`
} // @name ProformaInvoiceVAT

// ProformaInvoiceResponse is a proforma invoice (back-office spec 3 "Proforma invoice"). items
// and vat are filled in the single view only (empty in lists).
type ProformaInvoiceResponse struct {
	ID            uint64                 `json:"id"`
	Number        string                 `json:"number"`
	UserID        *uint64                `json:"user_id" extensions:"x-nullable"`
	Email         string                 `json:"email"`
	Name          string                 `json:"name"`
	Address       string                 `json:"address"`
	City          string                 `json:"city"`
	PostCode      string                 `json:"post_code"`
	Phone         string                 `json:"phone"`
	ValidUntil    string                 `json:"valid_until" example:"2026-03-10"`
	IssuePlace    string                 `json:"issue_place"`
	PaymentMethod string                 `json:"payment_method"`
	CompanyName   string                 `json:"company_name"`
	CompanyNumber string                 `json:"company_number"`
	CompanyPIB    string                 `json:"company_pib"`
	Note          string                 `json:"note"`
	Total         money.Para             `json:"total" swaggertype:"number"`
	OrderID       *uint64                `json:"order_id" extensions:"x-nullable"`
	OrderNumber   *string                `json:"order_number" extensions:"x-nullable"`
	SentAt        *time.Time             `json:"sent_at" extensions:"x-nullable"`
	CreatedAt     time.Time              `json:"created_at"`
	Items         []ProformaItemResponse `json:"items"`
	VAT           []ProformaVATResponse  `json:"vat"`
} // @name ProformaInvoice

func proformaResponse(p sales.ProformaListed) ProformaInvoiceResponse {
	out := ProformaInvoiceResponse{ID: p.ID, UserID: p.UserID, Email: p.Email, Name: p.Name, Address: p.Address, City: p.City,
		PostCode: p.PostCode, Phone: p.Phone, ValidUntil: p.ValidUntil.UTC().Format(time.DateOnly), IssuePlace: p.IssuePlace, PaymentMethod: p.PaymentMethod,
		CompanyName: p.CompanyName, CompanyNumber: p.CompanyNumber, CompanyPIB: p.CompanyPIB, Note: p.Note, Total: p.Total, OrderID: p.OrderID,
		OrderNumber: p.OrderNumber, SentAt: p.SentAt, CreatedAt: p.CreatedAt, Items: []ProformaItemResponse{}, VAT: []ProformaVATResponse{}}
	if p.Number != nil {
		out.Number = *p.Number
	}
	lines := make([]invoicepdf.Line, 0, len(p.Items))
	for _, it := range p.Items {
		out.Items = append(out.Items, ProformaItemResponse{ProductID: it.ProductID, SKU: it.SKU, Name: it.Name, Price: it.Price, Quantity: it.Quantity,
			Total: it.Total, VatBps: it.VatBps})
		lines = append(lines, invoicepdf.Line{Total: it.Total, VatBps: it.VatBps})
	}
	for _, r := range invoicepdf.VATBreakdown(lines) {
		out.VAT = append(out.VAT, ProformaVATResponse{VatBps: r.VatBps, Base: r.Base, VAT: r.VAT, Total: r.Total})
	}
	return out
}

type proformaQuery struct {
	Search   string `form:"search"`
	DateFrom string `form:"date_from"`
	DateTo   string `form:"date_to"`
	Ordered  string `form:"ordered"`
}

// list godoc
//
//	@Summary		Proforma invoices, newest first
//	@Description	Needs view-proforma-invoice. search: in number, e-mail, name and company name; date_from/date_to: the day of issue (YYYY-MM-DD, the shop's days); ordered: yes (linked to an order) or no.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"number, e-mail, name or company"
//	@Param			date_from	query		string	false	"from this day (YYYY-MM-DD)"
//	@Param			date_to		query		string	false	"to this day, inclusive (YYYY-MM-DD)"
//	@Param			ordered		query		string	false	"yes | no"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size (20, 50, 100)"
//	@Success		200			{object}	httpx.ListResponse[ProformaInvoiceResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices [get]
func (h proformaHandlers) list(c *gin.Context) {
	var q proformaQuery
	page, _, ok := httpx.BindList(c, &q, httpx.ListSpec{DefaultSize: 20, MaxSize: 100})
	if !ok {
		return
	}
	rows, total, err := h.s.ProformaInvoices(c.Request.Context(), sales.ProformaFilter{Search: q.Search, DateFrom: q.DateFrom, DateTo: q.DateTo,
		Ordered: q.Ordered, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ProformaInvoiceResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, proformaResponse(r))
	}
	httpx.List(c, out, total, page)
}

// get godoc
//
//	@Summary		One proforma invoice with its products and VAT per rate
//	@Description	Needs view-proforma-invoice.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"invoice id"
//	@Success		200	{object}	httpx.DataResponse[ProformaInvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices/{id} [get]
func (h proformaHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "proforma_invoice")
	if !ok {
		return
	}
	p, err := h.s.ProformaInvoice(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, proformaResponse(*p))
}

// ProformaLineRequest is one product of a new invoice.
type ProformaLineRequest struct {
	ProductID uint64 `json:"product_id"`
	Quantity  int    `json:"quantity"`
} // @name ProformaInvoiceLineRequest

// ProformaRequest is the form of an invoice staff make (see sales.ProformaInput): the buyer
// and the products; prices are the shop's.
type ProformaRequest struct {
	Name          string                `json:"name"`
	Email         string                `json:"email"`
	Phone         string                `json:"phone"`
	Address       string                `json:"address"`
	City          string                `json:"city"`
	PostCode      string                `json:"post_code"`
	CompanyName   string                `json:"company_name"`
	CompanyNumber string                `json:"company_number"`
	CompanyPIB    string                `json:"company_pib"`
	Note          string                `json:"note"`
	Items         []ProformaLineRequest `json:"items"`
} // @name ProformaInvoiceRequest

// create godoc
//
//	@Summary		Make a proforma invoice for a buyer (an offer); it can later be transferred to an order
//	@Description	Needs view-proforma-invoice. Buyer as at checkout: name (2-255), email, phone, address, city, post_code (5 digits), company_name with company_pib (9 digits with its check digit). items: 1-100 products (product_id, quantity 1-99), each purchasable now, priced at the guest's shown price; payment by bank transfer; number PR-<year>-P<id>.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ProformaRequest	true	"buyer and products"
//	@Success		201		{object}	httpx.ChangeResponse[ProformaInvoiceResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices [post]
func (h proformaHandlers) create(c *gin.Context) {
	var in ProformaRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	lines := make([]sales.ProformaLineInput, len(in.Items))
	for i, l := range in.Items {
		lines[i] = sales.ProformaLineInput(l)
	}
	p, err := h.s.CreateProformaInvoice(c.Request.Context(), sales.ProformaInput{Name: in.Name, Email: in.Email, Phone: in.Phone, Address: in.Address,
		City: in.City, PostCode: in.PostCode, CompanyName: in.CompanyName, CompanyNumber: in.CompanyNumber, CompanyPIB: in.CompanyPIB, Note: in.Note,
		Items: lines})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.proforma_created", proformaResponse(*p))
}

// pdf godoc
//
//	@Summary		The proforma invoice as a PDF (download)
//	@Description	Needs view-proforma-invoice. A4 in Serbian: the shop's company data and bank accounts, the buyer, products with VAT rate, base, VAT and total per rate, the grand total, valid until, issue place and the NBS IPS QR code for paying it.
//	@Tags			proforma-invoices
//	@Produce		application/pdf
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path	int	true	"invoice id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices/{id}/pdf [get]
func (h proformaHandlers) pdf(c *gin.Context) {
	id, ok := pathID(c, "proforma_invoice")
	if !ok {
		return
	}
	b, name, err := h.s.ProformaPDF(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, "application/pdf", b)
}

// ProformaSentResponse is a sent invoice and who it went to (the buyer first, then the copies).
type ProformaSentResponse struct {
	Message string                  `json:"message"`
	Data    ProformaInvoiceResponse `json:"data"`
	To      []string                `json:"to"`
} // @name ProformaInvoiceSent

// send godoc
//
//	@Summary		Mail the proforma invoice (PDF attached) to the buyer, with a copy to every invoice e-mail entry
//	@Description	Needs view-proforma-invoice. Each mail is queued (retried while the mail server is down); sent_at is set.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"invoice id"
//	@Success		200	{object}	ProformaSentResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices/{id}/send [post]
func (h proformaHandlers) send(c *gin.Context) {
	id, ok := pathID(c, "proforma_invoice")
	if !ok {
		return
	}
	p, to, err := h.s.SendProformaInvoice(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, ProformaSentResponse{Message: httpx.T(c, "sales.proforma_sent", nil), Data: proformaResponse(*p), To: to})
}

// transfer godoc
//
//	@Summary		Transfer a proforma invoice to an order
//	@Description	Needs view-proforma-invoice. For an invoice without an order (one staff made): the order takes its buyer, products and prices, bank transfer, status pending; stock is taken (not enough: 422, nothing changes); no confirmation mail. An invoice already linked to an order (every checkout invoice): 409.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"invoice id"
//	@Success		200	{object}	httpx.ChangeResponse[ProformaInvoiceResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/proforma-invoices/{id}/transfer [post]
func (h proformaHandlers) transfer(c *gin.Context) {
	id, ok := pathID(c, "proforma_invoice")
	if !ok {
		return
	}
	p, err := h.s.TransferProformaInvoice(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.proforma_transferred", proformaResponse(*p))
}

// InvoiceDataResponse is the shop's company data printed on proforma invoices.
type InvoiceDataResponse struct {
	Name               string    `json:"name"`
	Address            string    `json:"address"`
	Phone              string    `json:"phone"`
	Fax                string    `json:"fax"`
	Email              string    `json:"email"`
	Web                string    `json:"web"`
	RegistrationNumber string    `json:"registration_number"`
	PIB                string    `json:"pib"`
	ActivityCode       string    `json:"activity_code"`
	Bank               string    `json:"bank"`
	UpdatedAt          time.Time `json:"updated_at"`
} // @name InvoiceData

func invoiceDataResponse(d sales.InvoiceData) InvoiceDataResponse {
	return InvoiceDataResponse{Name: d.Name, Address: d.Address, Phone: d.Phone, Fax: d.Fax, Email: d.Email, Web: d.Web,
		RegistrationNumber: d.RegistrationNumber, PIB: d.PIB, ActivityCode: d.ActivityCode, Bank: d.Bank, UpdatedAt: d.UpdatedAt}
}

// InvoiceDataRequest replaces the company data (every field; empty clears it).
type InvoiceDataRequest struct {
	Name               string `json:"name"`
	Address            string `json:"address"`
	Phone              string `json:"phone"`
	Fax                string `json:"fax"`
	Email              string `json:"email"`
	Web                string `json:"web"`
	RegistrationNumber string `json:"registration_number"`
	PIB                string `json:"pib"`
	ActivityCode       string `json:"activity_code"`
	Bank               string `json:"bank"`
} // @name InvoiceDataRequest

// invoiceData godoc
//
//	@Summary		The shop's company data (invoice data)
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[InvoiceDataResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-data [get]
func (h proformaHandlers) invoiceData(c *gin.Context) {
	d, err := h.s.InvoiceData(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, invoiceDataResponse(*d))
}

// updateInvoiceData godoc
//
//	@Summary		Save the shop's company data
//	@Description	Needs view-proforma-invoice-info. All fields optional text up to 255 characters (phone, fax 64; registration number 32; activity code 16); email must be valid and pib 9 digits with its check digit when given.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		InvoiceDataRequest	true	"company data"
//	@Success		200		{object}	httpx.ChangeResponse[InvoiceDataResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-data [put]
func (h proformaHandlers) updateInvoiceData(c *gin.Context) {
	var in InvoiceDataRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	d, err := h.s.UpdateInvoiceData(c.Request.Context(), sales.InvoiceDataInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.invoice_data_updated", invoiceDataResponse(*d))
}

// BankResponse is one of the shop's bank accounts (account: 18 digits; formatted: 3-13-2).
type BankResponse struct {
	ID        uint64    `json:"id"`
	Name      string    `json:"name"`
	Account   string    `json:"account"`
	Formatted string    `json:"formatted" example:"160-0000000012345-67"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name Bank

func bankResponse(b sales.Bank) BankResponse {
	return BankResponse{ID: b.ID, Name: b.Name, Account: b.Account, Formatted: invoicepdf.FormatAccount(b.Account), CreatedAt: b.CreatedAt, UpdatedAt: b.UpdatedAt}
}

// BankRequest is the bank form.
type BankRequest struct {
	Name    string `json:"name"`
	Account string `json:"account"`
} // @name BankRequest

// banks godoc
//
//	@Summary		The shop's bank accounts (printed on every proforma invoice)
//	@Description	Needs view-proforma-invoice-info. All of them, in the order they were added.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size (20, 50, 100)"
//	@Success		200			{object}	httpx.ListResponse[BankResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banks [get]
func (h proformaHandlers) banks(c *gin.Context) {
	page, _, ok := httpx.BindList(c, nil, httpx.ListSpec{DefaultSize: 20, MaxSize: 1000})
	if !ok {
		return
	}
	rows, err := h.s.Banks(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]BankResponse, 0, len(rows))
	for _, r := range pageOf(rows, page.Offset(), page.Size) {
		out = append(out, bankResponse(r))
	}
	httpx.List(c, out, int64(len(rows)), page)
}

// pageOf is one page of a short list kept whole in memory (a shop has a handful of banks and
// e-mail entries).
func pageOf[T any](rows []T, offset, size int) []T {
	if offset >= len(rows) {
		return nil
	}
	return rows[offset:min(len(rows), offset+size)]
}

// bank godoc
//
//	@Summary		One bank account
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"bank id"
//	@Success		200	{object}	httpx.DataResponse[BankResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banks/{id} [get]
func (h proformaHandlers) bank(c *gin.Context) {
	id, ok := pathID(c, "bank")
	if !ok {
		return
	}
	b, err := h.s.Bank(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, bankResponse(*b))
}

// createBank godoc
//
//	@Summary		Add a bank account
//	@Description	Needs view-proforma-invoice-info. name 2-255 required; account required: 18 digits, or written 3-x-2 with dashes (the middle padded with zeros to 13), whose last two digits are the control number (ISO 7064 MOD 97-10); an account already entered: 422.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		BankRequest	true	"bank"
//	@Success		201		{object}	httpx.ChangeResponse[BankResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banks [post]
func (h proformaHandlers) createBank(c *gin.Context) {
	var in BankRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	b, err := h.s.CreateBank(c.Request.Context(), sales.BankInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.bank_created", bankResponse(*b))
}

// updateBank godoc
//
//	@Summary		Change a bank account
//	@Description	Needs view-proforma-invoice-info. The rules of POST admin/banks.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int			true	"bank id"
//	@Param			body	body		BankRequest	true	"bank"
//	@Success		200		{object}	httpx.ChangeResponse[BankResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banks/{id} [patch]
func (h proformaHandlers) updateBank(c *gin.Context) {
	id, ok := pathID(c, "bank")
	if !ok {
		return
	}
	var in BankRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	b, err := h.s.UpdateBank(c.Request.Context(), id, sales.BankInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.bank_updated", bankResponse(*b))
}

// deleteBank godoc
//
//	@Summary		Delete a bank account
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"bank id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banks/{id} [delete]
func (h proformaHandlers) deleteBank(c *gin.Context) {
	id, ok := pathID(c, "bank")
	if !ok {
		return
	}
	if err := h.s.DeleteBank(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "sales.bank_deleted")
}

// InvoiceEmailResponse is an invoice e-mail entry: an address that gets a copy of every
// proforma invoice mailed.
type InvoiceEmailResponse struct {
	ID        uint64    `json:"id"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
} // @name InvoiceEmail

func invoiceEmailResponse(e sales.InvoiceEmail) InvoiceEmailResponse {
	return InvoiceEmailResponse{ID: e.ID, Email: e.Email, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt}
}

// InvoiceEmailRequest is the e-mail entry form.
type InvoiceEmailRequest struct {
	Email string `json:"email"`
} // @name InvoiceEmailRequest

// emails godoc
//
//	@Summary		Invoice e-mail entries (each gets a copy of every proforma invoice mailed)
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size (20, 50, 100)"
//	@Success		200			{object}	httpx.ListResponse[InvoiceEmailResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-emails [get]
func (h proformaHandlers) emails(c *gin.Context) {
	page, _, ok := httpx.BindList(c, nil, httpx.ListSpec{DefaultSize: 20, MaxSize: 1000})
	if !ok {
		return
	}
	rows, err := h.s.InvoiceEmails(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]InvoiceEmailResponse, 0, len(rows))
	for _, r := range pageOf(rows, page.Offset(), page.Size) {
		out = append(out, invoiceEmailResponse(r))
	}
	httpx.List(c, out, int64(len(rows)), page)
}

// email godoc
//
//	@Summary		One invoice e-mail entry
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"entry id"
//	@Success		200	{object}	httpx.DataResponse[InvoiceEmailResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-emails/{id} [get]
func (h proformaHandlers) email(c *gin.Context) {
	id, ok := pathID(c, "invoice_email")
	if !ok {
		return
	}
	e, err := h.s.InvoiceEmail(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, invoiceEmailResponse(*e))
}

// createEmail godoc
//
//	@Summary		Add an invoice e-mail entry
//	@Description	Needs view-proforma-invoice-info. email valid, 1-255, required; an address already entered: 422.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		InvoiceEmailRequest	true	"e-mail"
//	@Success		201		{object}	httpx.ChangeResponse[InvoiceEmailResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-emails [post]
func (h proformaHandlers) createEmail(c *gin.Context) {
	var in InvoiceEmailRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	e, err := h.s.CreateInvoiceEmail(c.Request.Context(), sales.InvoiceEmailInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "sales.invoice_email_created", invoiceEmailResponse(*e))
}

// updateEmail godoc
//
//	@Summary		Change an invoice e-mail entry
//	@Description	Needs view-proforma-invoice-info. The rules of POST admin/invoice-emails.
//	@Tags			proforma-invoices
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"entry id"
//	@Param			body	body		InvoiceEmailRequest	true	"e-mail"
//	@Success		200		{object}	httpx.ChangeResponse[InvoiceEmailResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-emails/{id} [patch]
func (h proformaHandlers) updateEmail(c *gin.Context) {
	id, ok := pathID(c, "invoice_email")
	if !ok {
		return
	}
	var in InvoiceEmailRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	e, err := h.s.UpdateInvoiceEmail(c.Request.Context(), id, sales.InvoiceEmailInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "sales.invoice_email_updated", invoiceEmailResponse(*e))
}

// deleteEmail godoc
//
//	@Summary		Delete an invoice e-mail entry
//	@Description	Needs view-proforma-invoice-info.
//	@Tags			proforma-invoices
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"entry id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/invoice-emails/{id} [delete]
func (h proformaHandlers) deleteEmail(c *gin.Context) {
	id, ok := pathID(c, "invoice_email")
	if !ok {
		return
	}
	if err := h.s.DeleteInvoiceEmail(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "sales.invoice_email_deleted")
}
