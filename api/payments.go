package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/payments"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// paymentRoutes: the bank-statement import. It records orders' payments, so it needs
// update-order as recording one payment does.
func paymentRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := paymentHandlers{payments.NewService(d.Sales)}
	return []Route{
		{Method: "POST", Path: "/admin/payments/import", Handler: h.importStatement, Auth: true, Permissions: []string{identity.PermUpdateOrder}},
	}
}

type paymentHandlers struct{ s *payments.Service }

// PaymentLineResponse is one entry of an imported statement and what became of it.
type PaymentLineResponse struct {
	Row          int        `json:"row"`
	Amount       money.Para `json:"amount" swaggertype:"number"`
	Currency     string     `json:"currency"`
	Credit       bool       `json:"credit"`
	BookedOn     string     `json:"booked_on"`
	Reference    string     `json:"reference"`
	Payer        string     `json:"payer"`
	Outcome      string     `json:"outcome" enums:"matched,already_paid,mismatched,unmatched,skipped"`
	OutcomeLabel string     `json:"outcome_label"`
	OrderID      uint64     `json:"order_id"`
	OrderNumber  string     `json:"order_number"`
	Reason       string     `json:"reason"`
} // @name PaymentLine

// PaymentImportResponse is an imported statement: its id and account, the counts per outcome
// and every entry.
type PaymentImportResponse struct {
	Statement string                `json:"statement"`
	Account   string                `json:"account"`
	Counts    map[string]int        `json:"counts" validate:"required"`
	Lines     []PaymentLineResponse `json:"lines"`
} // @name PaymentImport

// importStatement godoc
//
//	@Summary		Import a bank statement: record the bank-transfer payments it shows
//	@Description	Needs update-order. The statement as the bank exports it in ISO 20022 camt.053 XML (field file). Each credit in RSD is matched by its model 97 reference (control digits checked) and amount to an unpaid bank-transfer order, whose payment is recorded (logged and fiscalised as when staff record it). Every entry is answered: matched, already_paid, mismatched, unmatched or skipped, with the reason. Importing a statement twice records nothing twice. No file, not a camt.053 statement, an amount that is not a number: 422 on file.
//	@Tags			orders
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			file	formData	file	true	"camt.053 XML statement"
//	@Success		200		{object}	httpx.ChangeResponse[PaymentImportResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		413		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/payments/import [post]
func (h paymentHandlers) importStatement(c *gin.Context) {
	form, ok := multipartForm(c)
	if !ok {
		return
	}
	f, err := formFile(form, "file")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if f == nil {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("file", "payments.no_file")))
		return
	}
	defer f.Close()
	st, err := payments.ReadCamt053(f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	rep, err := h.s.Import(c.Request.Context(), st)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := PaymentImportResponse{Statement: rep.Statement, Account: rep.Account, Counts: rep.Counts, Lines: []PaymentLineResponse{}}
	for _, r := range rep.Results {
		l := PaymentLineResponse{Row: r.Row, Amount: r.Amount, Currency: r.Currency, Credit: r.Credit, BookedOn: r.BookedOn, Reference: r.Reference,
			Payer: r.Payer, Outcome: r.Outcome, OutcomeLabel: httpx.T(c, "payments.outcome."+r.Outcome, nil), OrderID: r.OrderID, OrderNumber: r.OrderNumber}
		if r.Reason != "" {
			l.Reason = httpx.T(c, r.Reason, r.Args)
		}
		out.Lines = append(out.Lines, l)
	}
	counts := map[string]any{}
	for k, v := range rep.Counts {
		counts[k] = v
	}
	c.JSON(http.StatusOK, httpx.ChangeResponse[PaymentImportResponse]{Message: httpx.T(c, "payments.imported", counts), Data: out})
}
