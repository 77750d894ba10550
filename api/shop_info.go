package api

import (
	"github.com/gin-gonic/gin"

	"shop/internal/platform/httpx"
	"shop/internal/sales"
)

// shopInfoRoutes: the shop's identity for the storefront's header, footer and contact page
// (public; the same data the proforma invoices, mails and feeds carry).
func shopInfoRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := shopInfoHandlers{s: d.Sales}
	return []Route{{Method: "GET", Path: "/shop", Handler: h.shop}}
}

type shopInfoHandlers struct{ s *sales.Service }

// ShopInfoResponse is the shop's identity: name is what pages show (the registered name
// without its legal form), legal_name what documents print; phones in staff's order (the
// first is the main line).
type ShopInfoResponse struct {
	Name               string   `json:"name" example:"ElektroMarket"`
	LegalName          string   `json:"legal_name" example:"ElektroMarket d.o.o."`
	Address            string   `json:"address" example:"Bulevar kralja Aleksandra 73, 11000 Beograd"`
	Phones             []string `json:"phones" example:"011 4150 100"`
	Email              string   `json:"email" example:"prodaja@elektromarket.rs"`
	Web                string   `json:"web"`
	PIB                string   `json:"pib" example:"100000024"`
	RegistrationNumber string   `json:"registration_number" example:"21234567"`
	Account            string   `json:"account" example:"160000000001234595"`
} // @name ShopInfo

// shop godoc
//
//	@Summary		The shop's identity (public)
//	@Description	Name, address, phones, e-mail, PIB, company number and account: the company data staff keep for proforma invoices, each empty field from config "company". Every page, mail, PDF, QR code and feed shows these.
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	httpx.DataResponse[ShopInfoResponse]
//	@Router			/api/v1/shop [get]
func (h shopInfoHandlers) shop(c *gin.Context) {
	sh, err := h.s.Shop(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, ShopInfoResponse{Name: sh.DisplayName, LegalName: sh.Name, Address: sh.Address, Phones: sh.Phones, Email: sh.Email,
		Web: sh.Web, PIB: sh.PIB, RegistrationNumber: sh.RegistrationNumber, Account: sh.Account})
}
