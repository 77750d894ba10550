package api

import (
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/partners"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// partnerRoutes: API clients (seen under upload-pricelist, changed with create-api-client and
// update-api-client) and the products export (map-products-import).
func partnerRoutes(d Deps) []Route {
	if d.Partners == nil {
		return nil
	}
	h := partnerHandlers{d.Partners}
	perm := []string{identity.PermUploadPricelist}
	change := []string{identity.PermUpdateAPIClient}
	exp := []string{identity.PermMapProductsImport}
	return []Route{
		{Method: "GET", Path: "/api-clients", Handler: h.list, Auth: true, Permissions: perm},
		{Method: "GET", Path: "/api-client-categories", Handler: h.categories, Auth: true, Permissions: perm},
		{Method: "POST", Path: "/api-clients", Handler: h.create, Auth: true, Permissions: []string{identity.PermCreateAPIClient}},
		{Method: "PUT", Path: "/api-clients/:id", Handler: h.update, Auth: true, Permissions: change},
		{Method: "PATCH", Path: "/api-client-status/:id", Handler: h.status, Auth: true, Permissions: change},
		{Method: "POST", Path: "/api-clients/:id/rotate", Handler: h.rotate, Auth: true, Permissions: change},

		{Method: "GET", Path: "/admin/products-exports", Handler: h.exports, Auth: true, Permissions: exp, Module: moduleProductImport},
		{Method: "POST", Path: "/admin/products-exports", Handler: h.createExport, Auth: true, Permissions: exp, Module: moduleProductImport},
		{Method: "GET", Path: "/admin/products-exports/:id", Handler: h.export, Auth: true, Permissions: exp, Module: moduleProductImport},
		{Method: "GET", Path: "/admin/products-exports/:id/file", Handler: h.exportFile, Auth: true, Permissions: exp, Module: moduleProductImport},
		{Method: "GET", Path: "/admin/products-export-categories", Handler: h.categories, Auth: true, Permissions: exp, Module: moduleProductImport},
	}
}

type partnerHandlers struct{ p *partners.Service }

// APIClientResponse is an API client (spec 3 "API client"). api_url is its secret feed URL
// (JSON; the same URL ending in .csv gives CSV).
type APIClientResponse struct {
	ID                      uint64                      `json:"id"`
	Name                    string                      `json:"name"`
	Active                  bool                        `json:"active"`
	APIURL                  string                      `json:"api_url"`
	LabelText               string                      `json:"label_text"`
	CategoriesAndPercentage []APIClientCategoryResponse `json:"categoriesAndPercentage"`
} // @name APIClient

// APIClientCategoryResponse is one category of a client and its percentage (e.g. 12.5).
type APIClientCategoryResponse struct {
	ID         uint64    `json:"id"`
	Name       string    `json:"name"`
	Percentage money.Bps `json:"percentage" swaggertype:"number"`
} // @name APIClientCategory

// ClientCategoryResponse is a category a client can get a percentage for.
type ClientCategoryResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name ClientCategory

func apiClientResponse(cl *partners.Client) APIClientResponse {
	out := APIClientResponse{ID: cl.ID, Name: cl.Name, Active: cl.Active, APIURL: cl.APIURL, LabelText: cl.LabelText,
		CategoriesAndPercentage: make([]APIClientCategoryResponse, 0, len(cl.Categories))}
	for _, c := range cl.Categories {
		out.CategoriesAndPercentage = append(out.CategoriesAndPercentage, APIClientCategoryResponse{ID: c.ID, Name: c.Name, Percentage: c.Percentage})
	}
	return out
}

// list godoc
//
//	@Summary		API clients (partners), by id
//	@Description	Needs upload-pricelist. The whole list (the screen pages it, 20 a page).
//	@Tags			api-clients
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]APIClientResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-clients [get]
func (h partnerHandlers) list(c *gin.Context) {
	cls, err := h.p.List(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]APIClientResponse, 0, len(cls))
	for i := range cls {
		out = append(out, apiClientResponse(&cls[i]))
	}
	httpx.Data(c, out)
}

// categories godoc
//
//	@Summary		Categories a client (or a products export) can name, each once, by name
//	@Description	Needs upload-pricelist (GET api-client-categories) or map-products-import (GET admin/products-export-categories).
//	@Tags			api-clients
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]ClientCategoryResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-client-categories [get]
//	@Router			/api/v1/admin/products-export-categories [get]
func (h partnerHandlers) categories(c *gin.Context) {
	cats, err := h.p.Categories(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ClientCategoryResponse, 0, len(cats))
	for _, ct := range cats {
		out = append(out, ClientCategoryResponse{ID: ct.ID, Name: ct.Name})
	}
	httpx.Data(c, out)
}

var categoryKey = regexp.MustCompile(`^categories\[(\d+)\]\[(id|percentage)\]$`)

// create godoc
//
//	@Summary		Add an API client with a new secret feed URL
//	@Description	Needs upload-pricelist. Multipart (or url-encoded) name and categories[n][id], categories[n][percentage]; a category with an empty or 0 percentage is left out. name: required, 2-255 ('Polje je obavezno', 'Polje mora sadržati minimum 2 karaktera', 'Polje može sadržati maksimum 255 karaktera'); a percentage above 0 ('Broj mora biti veći od 0') and below 100 ('Broj mora biti manji od 100').
//	@Tags			api-clients
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			name						formData	string	true	"client name"
//	@Param			categories[0][id]			formData	int		false	"category id (n = 0, 1, ...)"
//	@Param			categories[0][percentage]	formData	number	false	"its percentage"
//	@Success		201							{object}	httpx.ChangeResponse[APIClientResponse]
//	@Failure		401							{object}	httpx.ErrorResponse
//	@Failure		403							{object}	httpx.ErrorResponse
//	@Failure		422							{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-clients [post]
func (h partnerHandlers) create(c *gin.Context) {
	if err := c.Request.ParseMultipartForm(1 << 20); err != nil && err != http.ErrNotMultipart {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("name", "validation.required")))
		return
	}
	form := c.Request.PostForm
	type pair struct {
		id, pct string
	}
	byIndex := map[int]*pair{}
	for k, vs := range form {
		m := categoryKey.FindStringSubmatch(k)
		if m == nil || len(vs) == 0 {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		if byIndex[i] == nil {
			byIndex[i] = &pair{}
		}
		if m[2] == "id" {
			byIndex[i].id = vs[0]
		} else {
			byIndex[i].pct = vs[0]
		}
	}
	idx := make([]int, 0, len(byIndex))
	for i := range byIndex {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var cats []partners.CategoryPercentage
	var fields []apperr.FieldError
	for _, i := range idx {
		p := byIndex[i]
		field := "categories." + strconv.Itoa(i)
		id, err := strconv.ParseUint(strings.TrimSpace(p.id), 10, 64)
		if err != nil {
			fields = append(fields, apperr.Field(field+".id", "validation.number"))
			continue
		}
		var pct money.Bps
		if s := strings.TrimSpace(p.pct); s != "" {
			if err := pct.UnmarshalText([]byte(s)); err != nil {
				fields = append(fields, apperr.Field(field+".percentage", "validation.number"))
				continue
			}
		}
		cats = append(cats, partners.CategoryPercentage{ID: id, Percentage: pct})
	}
	if len(fields) > 0 {
		httpx.Fail(c, apperr.InvalidFields(fields...))
		return
	}
	cl, err := h.p.Create(c.Request.Context(), form.Get("name"), cats)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "api_client.created", apiClientResponse(cl))
}

// APIClientUpdateRequest replaces a client's categories (only those with a percentage are
// kept); name and label_text change when given.
type APIClientUpdateRequest struct {
	Name       *string                    `json:"name" extensions:"x-nullable"`
	LabelText  *string                    `json:"label_text" extensions:"x-nullable"`
	Categories []APIClientCategoryRequest `json:"categories"`
} // @name APIClientUpdateRequest

// APIClientCategoryRequest is one category and its percentage (e.g. 12.5).
type APIClientCategoryRequest struct {
	ID         uint64    `json:"id"`
	Percentage money.Bps `json:"percentage" swaggertype:"number"`
} // @name APIClientCategoryRequest

// update godoc
//
//	@Summary		Change an API client's categories and percentages
//	@Description	Needs upload-pricelist. The categories sent replace the client's; one with 0 is removed. The response message is shown.
//	@Tags			api-clients
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"client id"
//	@Param			body	body		APIClientUpdateRequest	true	"categories"
//	@Success		200		{object}	httpx.ChangeResponse[APIClientResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-clients/{id} [put]
func (h partnerHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "api_client")
	if !ok {
		return
	}
	var req APIClientUpdateRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	cats := make([]partners.CategoryPercentage, 0, len(req.Categories))
	for _, ct := range req.Categories {
		cats = append(cats, partners.CategoryPercentage{ID: ct.ID, Percentage: ct.Percentage})
	}
	cl, err := h.p.Update(c.Request.Context(), id, req.Name, req.LabelText, cats)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "api_client.updated", apiClientResponse(cl))
}

// status godoc
//
//	@Summary		Switch an API client on (active=1) or off (active=0)
//	@Description	Needs upload-pricelist. An inactive client's feed URL answers 403. The message is shown.
//	@Tags			api-clients
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int	true	"client id"
//	@Param			active	query		int	true	"1 on, 0 off"	Enums(0, 1)
//	@Success		200		{object}	httpx.ChangeResponse[APIClientResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-client-status/{id} [patch]
func (h partnerHandlers) status(c *gin.Context) {
	id, ok := pathID(c, "api_client")
	if !ok {
		return
	}
	var active bool
	switch c.Query("active") {
	case "1":
		active = true
	case "0":
	default:
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("active", "validation.oneof")))
		return
	}
	cl, err := h.p.SetActive(c.Request.Context(), id, active)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	msg := "api_client.deactivated"
	if active {
		msg = "api_client.activated"
	}
	httpx.Changed(c, http.StatusOK, msg, apiClientResponse(cl))
}

// rotate godoc
//
//	@Summary		Give an API client a new secret feed URL (the old one stops working)
//	@Description	Needs upload-pricelist.
//	@Tags			api-clients
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"client id"
//	@Success		200	{object}	httpx.ChangeResponse[APIClientResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/api-clients/{id}/rotate [post]
func (h partnerHandlers) rotate(c *gin.Context) {
	id, ok := pathID(c, "api_client")
	if !ok {
		return
	}
	cl, err := h.p.Rotate(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "api_client.rotated", apiClientResponse(cl))
}

// partnerFeed godoc
//
//	@Summary		An API client's product feed, at its secret URL (JSON or CSV)
//	@Description	No login: the URL is the secret. The client's categories' active, visible products priced entry price × (1 + the client's percentage) × (1 + VAT). An inactive client gets 403, one past partners.requests_per_minute 429 with Retry-After, an unknown URL 404.
//	@Tags			api-clients
//	@Produce		json
//	@Produce		plain
//	@Param			file	path		string	true	"<token>.json or <token>.csv"
//	@Success		200		{object}	PartnerFeedResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		429		{object}	httpx.ErrorResponse
//	@Router			/partner-feeds/{file} [get]
func (h partnerHandlers) feed(c *gin.Context) {
	token, format, ok := partners.FeedFile(c.Param("file"))
	if !ok {
		httpx.Fail(c, apperr.NotFoundThing("api_client"))
		return
	}
	id, err := h.p.ClientByToken(c.Request.Context(), token)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	ct := "application/json; charset=utf-8"
	if format == partners.FormatCSV {
		ct = "text/csv; charset=utf-8"
	}
	c.Header("Content-Type", ct)
	c.Header("Cache-Control", "private, no-store")
	c.Status(http.StatusOK)
	// Streamed: a failure after the first bytes can only cut the answer short (and is logged).
	if _, err := h.p.WriteFeed(c.Request.Context(), id, format, c.Writer); err != nil {
		_ = c.Error(err)
	}
}

// PartnerFeedResponse is the JSON feed: {data: [products]} (written by partners.WriteFeed;
// this type documents it).
type PartnerFeedResponse struct {
	Data []PartnerFeedProduct `json:"data"`
} // @name PartnerFeed

// PartnerFeedProduct is one product of a client's feed; price with VAT, RSD.
type PartnerFeedProduct struct {
	SKU      string  `json:"sku"`
	Name     string  `json:"name"`
	Brand    string  `json:"brand"`
	Category string  `json:"category"`
	EAN      string  `json:"ean"`
	Stock    int     `json:"stock"`
	Price    float64 `json:"price"`
	URL      string  `json:"url"`
	ImageURL string  `json:"image_url"`
} // @name PartnerFeedProduct

// ProductsExportResponse is a named products export and its job's progress.
type ProductsExportResponse struct {
	ID         uint64                   `json:"id"`
	Name       string                   `json:"name"`
	Status     string                   `json:"status" enums:"queued,running,finished,failed"`
	Total      int                      `json:"total"`
	Done       int                      `json:"done"`
	FileSize   int64                    `json:"file_size"`
	Error      string                   `json:"error"`
	CreatedAt  time.Time                `json:"created_at"`
	FinishedAt *time.Time               `json:"finished_at" extensions:"x-nullable"`
	Categories []ClientCategoryResponse `json:"categories"`
} // @name ProductsExport

func productsExportResponse(c *gin.Context, e *partners.Export) ProductsExportResponse {
	out := ProductsExportResponse{ID: e.ID, Name: e.Name, Status: e.Status, Total: e.Total, Done: e.Done, FileSize: e.FileSize,
		CreatedAt: e.CreatedAt, FinishedAt: e.FinishedAt, Categories: make([]ClientCategoryResponse, 0, len(e.Categories))}
	if e.Status == partners.ExportFailed {
		// The cause is in the log; the user gets the server-error text.
		out.Error = httpx.T(c, "error.server", nil)
	}
	for _, ct := range e.Categories {
		out.Categories = append(out.Categories, ClientCategoryResponse{ID: ct.ID, Name: ct.Name})
	}
	return out
}

// exports godoc
//
//	@Summary		Products exports, newest first (the last 200)
//	@Description	Needs map-products-import (module ProductImport).
//	@Tags			products-export
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]ProductsExportResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products-exports [get]
func (h partnerHandlers) exports(c *gin.Context) {
	list, err := h.p.Exports(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ProductsExportResponse, 0, len(list))
	for i := range list {
		out = append(out, productsExportResponse(c, &list[i]))
	}
	httpx.Data(c, out)
}

// ProductsExportRequest names an export and its categories (both required).
type ProductsExportRequest struct {
	Name       string   `json:"name"`
	Categories []uint64 `json:"categories"`
} // @name ProductsExportRequest

// createExport godoc
//
//	@Summary		Start a named products export (XLSX, made by a job)
//	@Description	Needs map-products-import (module ProductImport). name and categories required ('Polje je obavezno'). The user gets ProductsExportFinished (or ProductsExportFailed) at the end; the row shows the progress meanwhile.
//	@Tags			products-export
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		ProductsExportRequest	true	"export"
//	@Success		202		{object}	httpx.ChangeResponse[ProductsExportResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Failure		503		{object}	httpx.ErrorResponse	"Redis (the queue) is unreachable"
//	@Router			/api/v1/admin/products-exports [post]
func (h partnerHandlers) createExport(c *gin.Context) {
	var req ProductsExportRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	e, err := h.p.CreateExport(c.Request.Context(), principal(c).UserID, req.Name, req.Categories)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusAccepted, "products_export.queued", productsExportResponse(c, e))
}

// export godoc
//
//	@Summary		One products export and its progress
//	@Description	Needs map-products-import (module ProductImport).
//	@Tags			products-export
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"export id"
//	@Success		200	{object}	httpx.DataResponse[ProductsExportResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products-exports/{id} [get]
func (h partnerHandlers) export(c *gin.Context) {
	id, ok := pathID(c, "products_export")
	if !ok {
		return
	}
	e, err := h.p.GetExport(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, productsExportResponse(c, e))
}

// exportFile godoc
//
//	@Summary		Download a finished products export (XLSX)
//	@Description	Needs map-products-import (module ProductImport). Not finished yet: 409.
//	@Tags			products-export
//	@Produce		application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path	int	true	"export id"
//	@Success		200
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/products-exports/{id}/file [get]
func (h partnerHandlers) exportFile(c *gin.Context) {
	id, ok := pathID(c, "products_export")
	if !ok {
		return
	}
	rc, name, size, err := h.p.OpenExport(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer rc.Close()
	c.DataFromReader(http.StatusOK, size, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", rc,
		map[string]string{"Content-Disposition": `attachment; filename="` + name + `"`})
}
