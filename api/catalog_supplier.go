package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// supplierRoutes: suppliers and their price-list products (connected, unconnected, disconnect).
//
// The specification puts "our suppliers" behind no permission, but supplier names, prices and
// counts are back-office data: the lists need a login and any of view-product, connect-product
// or upload-pricelist (the product filter's supplier list is read by whoever lists products).
// Disconnecting needs connect-product.
func supplierRoutes(d Deps) []Route {
	h := supplierHandlers{d.Catalog}
	view := []string{identity.PermViewProduct, identity.PermConnectProduct, identity.PermUploadPricelist}
	return []Route{
		// the pricing rules' forms pick a supplier from this list too
		{Method: "GET", Path: "/admin/suppliers", Handler: h.list, Auth: true, Permissions: withRuleEditors(view...)},
		{Method: "GET", Path: "/admin/suppliers-connected/:id", Handler: h.connected, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/suppliers-unconnected/:id", Handler: h.unconnected, Auth: true, Permissions: view},
		{Method: "DELETE", Path: "/admin/pricelist-products/:id/connect", Handler: h.disconnect, Auth: true, Permissions: []string{identity.PermConnectProduct}},
	}
}

type supplierHandlers struct{ cat *catalog.Service }

// SupplierResponse is a supplier in the "our suppliers" list; updated_at is its last import.
type SupplierResponse struct {
	ID                  uint64    `json:"id"`
	Name                string    `json:"name"`
	ConnectedProducts   int64     `json:"connected_products"`
	UnconnectedProducts int64     `json:"unconnected_products"`
	UpdatedAt           time.Time `json:"updated_at"`
} // @name Supplier

// SupplierProductResponse is one row of a supplier's price list; product is the shop product
// it is connected to (null when unconnected).
type SupplierProductResponse struct {
	ID               uint64                  `json:"id"`
	SKU              string                  `json:"sku"`
	Name             string                  `json:"name"`
	Category         string                  `json:"category"`
	Price            money.Para              `json:"price" swaggertype:"number"`
	RecommendedPrice money.Para              `json:"recommended_price" swaggertype:"number"`
	ProductID        *uint64                 `json:"product_id" extensions:"x-nullable"`
	Product          *SupplierProductProduct `json:"product" extensions:"x-nullable"`
} // @name SupplierProduct

// SupplierProductProduct is the shop product a supplier product is connected to.
type SupplierProductProduct struct {
	ID   uint64 `json:"id"`
	SKU  string `json:"sku"`
	Name string `json:"name"`
} // @name SupplierProductProduct

type supplierFilter struct {
	Search string `form:"search"`
}

var supplierListSpec = httpx.ListSpec{DefaultSize: 20}

// The specification lists a supplier's products without pagination. A supplier may send
// 100k rows, so the server answers at most 5000 (the largest admin page size) per call:
// meta.total tells a client that there is more, and page=2... reaches it.
var supplierProductListSpec = httpx.ListSpec{DefaultSize: 5000, MaxSize: 5000}

// list godoc
//
//	@Summary		Our suppliers, by name, with connected and unconnected product counts
//	@Description	Needs any of view-product, connect-product, upload-pricelist, or a pricing rule's create/update permission (its form's picker). updated_at is the supplier's last price-list import.
//	@Tags			suppliers
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"name contains"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[SupplierResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/suppliers [get]
func (h supplierHandlers) list(c *gin.Context) {
	var f supplierFilter
	page, _, ok := httpx.BindList(c, &f, supplierListSpec)
	if !ok {
		return
	}
	rows, total, err := h.cat.ListSuppliers(c.Request.Context(), catalog.SupplierFilter{Search: f.Search, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]SupplierResponse, 0, len(rows))
	for _, r := range rows {
		out = append(out, SupplierResponse{ID: r.ID, Name: r.Name, ConnectedProducts: r.Connected,
			UnconnectedProducts: r.Unconnected, UpdatedAt: r.UpdatedAt})
	}
	httpx.List(c, out, total, page)
}

// connected godoc
//
//	@Summary		A supplier's products connected to shop products, by SKU
//	@Description	No pagination in the specification; at most 5000 rows per call (meta.total tells when there are more; page reaches them).
//	@Tags			suppliers
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int	true	"supplier id"
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"	default(5000)
//	@Success		200			{object}	httpx.ListResponse[SupplierProductResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/suppliers-connected/{id} [get]
func (h supplierHandlers) connected(c *gin.Context) { h.products(c, true) }

// unconnected godoc
//
//	@Summary		A supplier's products not connected to any shop product, by SKU
//	@Description	No pagination in the specification; at most 5000 rows per call (meta.total tells when there are more; page reaches them).
//	@Tags			suppliers
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int	true	"supplier id"
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"	default(5000)
//	@Success		200			{object}	httpx.ListResponse[SupplierProductResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/suppliers-unconnected/{id} [get]
func (h supplierHandlers) unconnected(c *gin.Context) { h.products(c, false) }

func (h supplierHandlers) products(c *gin.Context, connected bool) {
	id, ok := pathID(c, "supplier")
	if !ok {
		return
	}
	page, _, ok := httpx.BindList(c, nil, supplierProductListSpec)
	if !ok {
		return
	}
	rows, total, err := h.cat.ListSupplierProducts(c.Request.Context(), catalog.SupplierProductsFilter{SupplierID: id, Connected: connected, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, supplierProductsResponse(rows), total, page)
}

func supplierProductsResponse(rows []catalog.SupplierProductRow) []SupplierProductResponse {
	out := make([]SupplierProductResponse, 0, len(rows))
	for _, r := range rows {
		sp := SupplierProductResponse{ID: r.ID, SKU: r.SKU, Name: r.Name, Category: r.Category,
			Price: money.Para(r.Price), RecommendedPrice: money.Para(r.RecommendedPrice), ProductID: r.ProductID}
		if r.ProductID != nil {
			sp.Product = &SupplierProductProduct{ID: *r.ProductID, SKU: r.ProductSKU, Name: r.ProductName}
		}
		out = append(out, sp)
	}
	return out
}

// disconnect godoc
//
//	@Summary	Disconnect a supplier product from its shop product (only the link is removed)
//	@Tags		suppliers
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"supplier product id"
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	422	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/pricelist-products/{id}/connect [delete]
func (h supplierHandlers) disconnect(c *gin.Context) {
	id, ok := pathID(c, "supplier_product")
	if !ok {
		return
	}
	if err := h.cat.DisconnectSupplierProduct(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "supplier.disconnected")
}
