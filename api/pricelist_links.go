package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/pricelist"
)

// moduleProductImport guards the products import (spec table 2.1).
const moduleProductImport = "ProductImport"

// pricelistLinkRoutes: category linking, product linking and the products import.
func pricelistLinkRoutes(d Deps) []Route {
	h := pricelistLinkHandlers{d.Pricelist}
	category := []string{identity.PermConnectCategory}
	product := []string{identity.PermConnectProduct}
	imports := []string{identity.PermMapProductsImport}
	return []Route{
		{Method: "GET", Path: "/admin/supplier-categories", Handler: h.supplierCategories, Auth: true, Permissions: category},
		{Method: "POST", Path: "/admin/category-links", Handler: h.linkCategory, Auth: true, Permissions: category},
		{Method: "DELETE", Path: "/admin/category-links/:id", Handler: h.unlinkCategory, Auth: true, Permissions: category},
		{Method: "GET", Path: "/admin/pricelist-products", Handler: h.products, Auth: true, Permissions: product},
		{Method: "POST", Path: "/admin/pricelist-products/:id/connect", Handler: h.connect, Auth: true, Permissions: product},
		{Method: "POST", Path: "/admin/products-import/category", Handler: h.importCategory, Auth: true, Permissions: imports, Module: moduleProductImport},
		{Method: "POST", Path: "/admin/products-import/products", Handler: h.importProducts, Auth: true, Permissions: imports, Module: moduleProductImport},
	}
}

type pricelistLinkHandlers struct{ pl *pricelist.Service }

// LinkCategoryRef is the shop category a supplier category is linked to.
type LinkCategoryRef struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name LinkCategoryRef

// SupplierCategoryResponse is one of a supplier's category names: its product count, and its
// link with the shop category (both null while unlinked).
type SupplierCategoryResponse struct {
	SupplierCategory string           `json:"supplier_category"`
	Products         int64            `json:"products"`
	LinkID           *uint64          `json:"link_id" extensions:"x-nullable"`
	Category         *LinkCategoryRef `json:"category" extensions:"x-nullable"`
} // @name SupplierCategory

type supplierCategoriesFilter struct {
	SupplierID uint64 `form:"supplier_id"`
}

// A supplier has tens of category names, rarely hundreds: one page holds them all by default.
var supplierCategoriesSpec = httpx.ListSpec{DefaultSize: 5000, MaxSize: 5000}

// supplierCategories godoc
//
//	@Summary		A supplier's category names with product counts and their links to shop categories
//	@Description	Needs connect-category. Names carried by the supplier's price-list products, and names linked before any product carried them (count 0), by name. supplier_id is required (422).
//	@Tags			category-links
//	@Produce		json
//	@Security		Bearer
//	@Param			supplier_id	query		int	true	"supplier id"
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"	default(5000)
//	@Success		200			{object}	httpx.ListResponse[SupplierCategoryResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/supplier-categories [get]
func (h pricelistLinkHandlers) supplierCategories(c *gin.Context) {
	var f supplierCategoriesFilter
	page, _, ok := httpx.BindList(c, &f, supplierCategoriesSpec)
	if !ok {
		return
	}
	rows, total, err := h.pl.SupplierCategories(c.Request.Context(), f.SupplierID, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]SupplierCategoryResponse, 0, len(rows))
	for _, r := range rows {
		sc := SupplierCategoryResponse{SupplierCategory: r.Name, Products: r.Products, LinkID: r.LinkID}
		if r.Category != nil {
			sc.Category = &LinkCategoryRef{ID: r.Category.ID, Name: r.Category.Name}
		}
		out = append(out, sc)
	}
	httpx.List(c, out, total, page)
}

// CategoryLinkRequest links a supplier's category name to a shop category.
type CategoryLinkRequest struct {
	SupplierID       uint64 `json:"supplier_id" example:"1"`
	SupplierCategory string `json:"supplier_category" example:"Laptopovi"`
	CategoryID       uint64 `json:"category_id" example:"12"`
} // @name CategoryLinkRequest

// CategoryLinkResponse is a new link; products is how many supplier products it placed.
type CategoryLinkResponse struct {
	ID               uint64          `json:"id"`
	SupplierID       uint64          `json:"supplier_id"`
	SupplierCategory string          `json:"supplier_category"`
	CategoryID       uint64          `json:"category_id"`
	Category         LinkCategoryRef `json:"category"`
	Products         int64           `json:"products"`
} // @name CategoryLink

// linkCategory godoc
//
//	@Summary		Link a supplier category to a shop category
//	@Description	Needs connect-category. The supplier category's price-list products are placed in the shop category at once. A supplier category already linked is a 422 on supplier_category ('Kategorije su već povezane' / 'The categories are already connected').
//	@Tags			category-links
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		CategoryLinkRequest	true	"link"
//	@Success		201		{object}	httpx.ChangeResponse[CategoryLinkResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/category-links [post]
func (h pricelistLinkHandlers) linkCategory(c *gin.Context) {
	var req CategoryLinkRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	l, err := h.pl.LinkCategory(c.Request.Context(), pricelist.CategoryLinkInput{SupplierID: req.SupplierID,
		SupplierCategory: req.SupplierCategory, CategoryID: req.CategoryID})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "category_link.created", CategoryLinkResponse{ID: l.ID, SupplierID: l.SupplierID,
		SupplierCategory: l.SupplierCategory, CategoryID: l.CategoryID, Category: LinkCategoryRef{ID: l.Category.ID, Name: l.Category.Name},
		Products: l.Placed})
}

// unlinkCategory godoc
//
//	@Summary		Remove a category link
//	@Description	Needs connect-category. The supplier category's price-list products leave the shop category.
//	@Tags			category-links
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"link id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/category-links/{id} [delete]
func (h pricelistLinkHandlers) unlinkCategory(c *gin.Context) {
	id, ok := pathID(c, "category_link")
	if !ok {
		return
	}
	if err := h.pl.UnlinkCategory(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "category_link.deleted")
}

// PricelistProductResponse is a supplier product on the product linking screen; product is
// the shop product it is connected to (null when unconnected), category_id the shop category
// it is placed in through its supplier category's link (null when unlinked).
type PricelistProductResponse struct {
	ID               uint64                  `json:"id"`
	SupplierID       uint64                  `json:"supplier_id"`
	Supplier         string                  `json:"supplier"`
	SKU              string                  `json:"sku"`
	Name             string                  `json:"name"`
	Category         string                  `json:"category"`
	CategoryID       *uint64                 `json:"category_id" extensions:"x-nullable"`
	Price            money.Para              `json:"price" swaggertype:"number"`
	RecommendedPrice money.Para              `json:"recommended_price" swaggertype:"number"`
	Stock            int                     `json:"stock"`
	Product          *SupplierProductProduct `json:"product" extensions:"x-nullable"`
} // @name PricelistProduct

type pricelistProductsFilter struct {
	SupplierID uint64 `form:"supplier_id"`
	CategoryID uint64 `form:"category_id"`
	Connected  *bool  `form:"connected"`
	Search     string `form:"search"`
}

var pricelistProductsSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 5000}

// products godoc
//
//	@Summary		Supplier products for product linking, by SKU
//	@Description	Needs connect-product. supplier_id or category_id (the shop category the products are placed in) is required: otherwise a 422 on supplier_id, 'Prvo izaberite dobavljača ili kategoriju' / 'First select a supplier or category'. search matches SKU or name (case and Serbian diacritics folded).
//	@Tags			product-links
//	@Produce		json
//	@Security		Bearer
//	@Param			supplier_id	query		int		false	"supplier id"
//	@Param			category_id	query		int		false	"shop category id"
//	@Param			connected	query		int		false	"1: connected only, 0: unconnected only"	Enums(0, 1)
//	@Param			search		query		string	false	"SKU or name contains"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[PricelistProductResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/pricelist-products [get]
func (h pricelistLinkHandlers) products(c *gin.Context) {
	var f pricelistProductsFilter
	page, _, ok := httpx.BindList(c, &f, pricelistProductsSpec)
	if !ok {
		return
	}
	rows, total, err := h.pl.ListLinkProducts(c.Request.Context(), pricelist.LinkProductFilter{SupplierID: f.SupplierID,
		CategoryID: f.CategoryID, Connected: f.Connected, Search: f.Search}, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]PricelistProductResponse, 0, len(rows))
	for _, r := range rows {
		p := PricelistProductResponse{ID: r.ID, SupplierID: r.SupplierID, Supplier: r.Supplier, SKU: r.SKU, Name: r.Name,
			Category: r.Category, CategoryID: r.CategoryID, Price: money.Para(r.Price), RecommendedPrice: money.Para(r.RecommendedPrice),
			Stock: r.Stock}
		if r.ProductID != nil {
			p.Product = &SupplierProductProduct{ID: *r.ProductID, SKU: r.ProductSKU, Name: r.ProductName}
		}
		out = append(out, p)
	}
	httpx.List(c, out, total, page)
}

// ConnectProductRequest names the shop product to connect a supplier product to.
type ConnectProductRequest struct {
	ProductID uint64 `json:"product_id" example:"42"`
} // @name ConnectProductRequest

// connect godoc
//
//	@Summary		Connect a supplier product to a shop product
//	@Description	Needs connect-product. The shop product takes the supplier's price as its entry price, its stock and supplier; its derived prices are recomputed. Either side already connected elsewhere is a 409; an unknown product_id a 422.
//	@Tags			product-links
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"supplier product id"
//	@Param			body	body		ConnectProductRequest	true	"shop product"
//	@Success		200		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		409		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/pricelist-products/{id}/connect [post]
func (h pricelistLinkHandlers) connect(c *gin.Context) {
	id, ok := pathID(c, "supplier_product")
	if !ok {
		return
	}
	var req ConnectProductRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	if err := h.pl.ConnectProduct(c.Request.Context(), id, req.ProductID); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "product_link.connected")
}

// ProductsImportCategoryRequest imports a supplier category's unconnected products into a
// shop category.
type ProductsImportCategoryRequest struct {
	SupplierID       uint64 `json:"supplier_id" example:"1"`
	SupplierCategory string `json:"supplier_category" example:"Laptopovi"`
	CategoryID       uint64 `json:"category_id" example:"12"`
} // @name ProductsImportCategoryRequest

// ProductsImportProductsRequest imports the supplier's unconnected products with these SKUs
// into a shop category.
type ProductsImportProductsRequest struct {
	SupplierID uint64   `json:"supplier_id" example:"1"`
	SKUs       []string `json:"skus" example:"LNV-001,LNV-002"`
	CategoryID uint64   `json:"category_id" example:"12"`
} // @name ProductsImportProductsRequest

// importCategory godoc
//
//	@Summary		Import a supplier category's unconnected products as shop products (a job)
//	@Description	Needs map-products-import and the ProductImport module. Answers 202 at once; the job creates the products, connects them to their supplier products and notifies the user (ImportFinished with counts.created, or ImportFailed). A supplier category with no unconnected products is a 422.
//	@Tags			products-import
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ProductsImportCategoryRequest	true	"selection"
//	@Success		202		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse	"module off"
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products-import/category [post]
func (h pricelistLinkHandlers) importCategory(c *gin.Context) {
	var req ProductsImportCategoryRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	if err := h.pl.ImportSupplierCategory(c.Request.Context(), pricelist.CategoryImportInput{SupplierID: req.SupplierID,
		SupplierCategory: req.SupplierCategory, CategoryID: req.CategoryID}); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, httpx.MessageResponse{Message: httpx.T(c, "products_import.queued", nil)})
}

// importProducts godoc
//
//	@Summary		Import chosen unconnected supplier products as shop products (a job)
//	@Description	Needs map-products-import and the ProductImport module. skus: required, at most 10000, each 1-255 characters (errors on skus.N). Answers 202 at once; the job creates the products, connects them and notifies the user (ImportFinished with counts.created, or ImportFailed). SKUs already connected are skipped.
//	@Tags			products-import
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ProductsImportProductsRequest	true	"selection"
//	@Success		202		{object}	httpx.MessageResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse	"module off"
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products-import/products [post]
func (h pricelistLinkHandlers) importProducts(c *gin.Context) {
	var req ProductsImportProductsRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	if err := h.pl.ImportSupplierProducts(c.Request.Context(), pricelist.ProductsImportInput{SupplierID: req.SupplierID,
		SKUs: req.SKUs, CategoryID: req.CategoryID}); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, httpx.MessageResponse{Message: httpx.T(c, "products_import.queued", nil)})
}
