package api

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/pricelist"
)

// modulePricelist guards the price-list upload and its imports (spec table 2.1).
const modulePricelist = "Pricelist"

// pricelistRoutes: price-list upload, the imports and a supplier's header mapping.
func pricelistRoutes(d Deps) []Route {
	h := pricelistHandlers{d.Pricelist}
	perm := []string{identity.PermUploadPricelist}
	return []Route{
		{Method: "POST", Path: "/admin/pricelists", Handler: h.upload, Auth: true, Permissions: perm, Module: modulePricelist},
		{Method: "GET", Path: "/admin/pricelists", Handler: h.list, Auth: true, Permissions: perm, Module: modulePricelist},
		{Method: "GET", Path: "/admin/pricelists/:id", Handler: h.get, Auth: true, Permissions: perm, Module: modulePricelist},
		{Method: "GET", Path: "/admin/suppliers/:id/header-mapping", Handler: h.mapping, Auth: true, Permissions: perm, Module: modulePricelist},
		{Method: "PUT", Path: "/admin/suppliers/:id/header-mapping", Handler: h.saveMapping, Auth: true, Permissions: perm, Module: modulePricelist},
	}
}

type pricelistHandlers struct{ pl *pricelist.Service }

// PricelistImportResponse is one uploaded price list and its import. report is only on the
// detail (null until the import has finished); error is the failure's reason ("" otherwise).
type PricelistImportResponse struct {
	ID         uint64                 `json:"id"`
	SupplierID uint64                 `json:"supplier_id"`
	Supplier   string                 `json:"supplier"`
	FileName   string                 `json:"file_name"`
	FileSize   int64                  `json:"file_size"`
	Status     string                 `json:"status" enums:"queued,running,interrupted,retrying,finished,failed"`
	Rows       int                    `json:"rows"`
	Created    int                    `json:"created"`
	Updated    int                    `json:"updated"`
	Unchanged  int                    `json:"unchanged"`
	Rejected   int                    `json:"rejected"`
	Error      string                 `json:"error"`
	CreatedAt  time.Time              `json:"created_at"`
	StartedAt  *time.Time             `json:"started_at" extensions:"x-nullable"`
	FinishedAt *time.Time             `json:"finished_at" extensions:"x-nullable"`
	Report     *PricelistImportReport `json:"report,omitempty" extensions:"x-nullable"`
} // @name PricelistImport

// PricelistImportReport lists the first 100 rejected rows (rejected counts them all), SKUs met on
// more than one row (the first row is imported) and supplier categories with no shop category.
type PricelistImportReport struct {
	RejectedRows       []PricelistRejectedRow  `json:"rejected_rows"`
	DuplicateSKUs      []PricelistDuplicateSKU `json:"duplicate_skus"`
	UnmappedCategories []string                `json:"unmapped_categories"`
} // @name PricelistImportReport

// PricelistRejectedRow is a row left out: its number in the sheet, its SKU and why.
type PricelistRejectedRow struct {
	Row    int    `json:"row"`
	SKU    string `json:"sku"`
	Reason string `json:"reason"`
} // @name PricelistRejectedRow

// PricelistDuplicateSKU is an SKU and the rows it is on (the first one was imported).
type PricelistDuplicateSKU struct {
	SKU  string `json:"sku"`
	Rows []int  `json:"rows"`
} // @name PricelistDuplicateSKU

func pricelistImportResponse(c *gin.Context, v *pricelist.ImportView, withReport bool) PricelistImportResponse {
	lang := httpx.Lang(c)
	out := PricelistImportResponse{ID: v.ID, SupplierID: v.SupplierID, Supplier: v.Supplier, FileName: v.FileName, FileSize: v.FileSize,
		Status: v.Status, Rows: v.Rows, Created: v.Created, Updated: v.Updated, Unchanged: v.Unchanged, Rejected: v.Rejected,
		Error: v.ErrorText(lang), CreatedAt: v.CreatedAt, StartedAt: v.StartedAt, FinishedAt: v.FinishedAt}
	if withReport && v.Report != "" {
		r := v.ParsedReport().Localized(lang)
		rep := &PricelistImportReport{RejectedRows: make([]PricelistRejectedRow, 0, len(r.RejectedRows)),
			DuplicateSKUs: make([]PricelistDuplicateSKU, 0, len(r.DuplicateSKUs)), UnmappedCategories: r.UnmappedCategories}
		for _, rr := range r.RejectedRows {
			rep.RejectedRows = append(rep.RejectedRows, PricelistRejectedRow{Row: rr.Row, SKU: rr.SKU, Reason: rr.Reason})
		}
		for _, d := range r.DuplicateSKUs {
			rep.DuplicateSKUs = append(rep.DuplicateSKUs, PricelistDuplicateSKU{SKU: d.SKU, Rows: d.Rows})
		}
		out.Report = rep
	}
	return out
}

// upload godoc
//
//	@Summary		Upload a supplier's price list (XLSX, at most 10 MB); a job imports it
//	@Description	Needs upload-pricelist (module Pricelist). The file is checked by its content: over 10 MB is a 422 on file 'The maximum file size is 10MB' ('Maksimalna veličina fajla je 10MB'), anything but an XLSX 'The file must be in XLSX format' ('Fajl mora biti u XLSX formatu'); an unknown supplier a 422 on supplier_id. The uploader gets PricelistUploaded at once, then CategoriesNotMapped (when rows name unlinked supplier categories) and ImportFinished, or ImportFailed with the reason.
//	@Tags			pricelists
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			supplier_id	formData	int		true	"supplier id"
//	@Param			file		formData	file	true	"the price list (XLSX)"
//	@Success		202			{object}	httpx.ChangeResponse[PricelistImportResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		413			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Failure		503			{object}	httpx.ErrorResponse	"Redis (the import queue) is unreachable"
//	@Router			/api/v1/admin/pricelists [post]
func (h pricelistHandlers) upload(c *gin.Context) {
	form, err := c.MultipartForm()
	if err != nil {
		if fe := httpx.FormFileError(err, "file"); apperr.Is(fe, apperr.TooLarge) {
			httpx.Fail(c, fe)
			return
		}
	}
	var supplierID uint64
	if s := strings.TrimSpace(c.PostForm("supplier_id")); s != "" {
		if supplierID, err = strconv.ParseUint(s, 10, 64); err != nil {
			httpx.Fail(c, apperr.InvalidFields(apperr.Field("supplier_id", "validation.number")))
			return
		}
	}
	var file io.Reader
	var name string
	size := int64(-1)
	if form != nil && len(form.File["file"]) > 0 {
		fh := form.File["file"][0]
		f, err := fh.Open()
		if err != nil {
			httpx.Fail(c, apperr.Wrap(err, "open upload"))
			return
		}
		defer f.Close()
		file, name, size = f, fh.Filename, fh.Size
	}
	// The uploader's notifications (now and from the worker) are in the request's language.
	ctx := pricelist.WithLang(c.Request.Context(), httpx.Lang(c))
	imp, err := h.pl.Upload(ctx, principal(c).UserID, supplierID, name, file, size)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusAccepted, "pricelist.uploaded", pricelistImportResponse(c, imp, false))
}

type pricelistsFilter struct {
	SupplierID uint64 `form:"supplier_id"`
}

var pricelistsSpec = httpx.ListSpec{DefaultSize: 20}

// list godoc
//
//	@Summary		Price-list imports, newest first
//	@Description	Needs upload-pricelist (module Pricelist). Without the report (the detail has it).
//	@Tags			pricelists
//	@Produce		json
//	@Security		Bearer
//	@Param			supplier_id	query		int	false	"supplier id"
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[PricelistImportResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/pricelists [get]
func (h pricelistHandlers) list(c *gin.Context) {
	var f pricelistsFilter
	page, _, ok := httpx.BindList(c, &f, pricelistsSpec)
	if !ok {
		return
	}
	rows, total, err := h.pl.ListImports(c.Request.Context(), pricelist.ImportFilter{SupplierID: f.SupplierID, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]PricelistImportResponse, 0, len(rows))
	for i := range rows {
		out = append(out, pricelistImportResponse(c, &rows[i], false))
	}
	httpx.List(c, out, total, page)
}

// get godoc
//
//	@Summary		One price-list import with its report
//	@Description	Needs upload-pricelist (module Pricelist). report is null until the import has finished.
//	@Tags			pricelists
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"import id"
//	@Success		200	{object}	httpx.DataResponse[PricelistImportResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/pricelists/{id} [get]
func (h pricelistHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "pricelist_import")
	if !ok {
		return
	}
	imp, err := h.pl.GetImport(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, pricelistImportResponse(c, imp, true))
}

// HeaderMappingBody is a supplier's own header text per column ("" = found by the usual
// Serbian and English names).
type HeaderMappingBody struct {
	SKU              string `json:"sku" example:"Šifra artikla"`
	Name             string `json:"name"`
	Category         string `json:"category"`
	Price            string `json:"price" example:"VP cena bez PDV"`
	RecommendedPrice string `json:"recommended_price"`
	Stock            string `json:"stock"`
	EAN              string `json:"ean"`
	Brand            string `json:"brand"`
} // @name HeaderMapping

func (b HeaderMappingBody) mapping() pricelist.HeaderMapping {
	return pricelist.HeaderMapping{pricelist.FieldSKU: b.SKU, pricelist.FieldName: b.Name, pricelist.FieldCategory: b.Category,
		pricelist.FieldPrice: b.Price, pricelist.FieldRecommended: b.RecommendedPrice, pricelist.FieldStock: b.Stock,
		pricelist.FieldEAN: b.EAN, pricelist.FieldBrand: b.Brand}
}

func headerMappingBody(m pricelist.HeaderMapping) HeaderMappingBody {
	return HeaderMappingBody{SKU: m[pricelist.FieldSKU], Name: m[pricelist.FieldName], Category: m[pricelist.FieldCategory],
		Price: m[pricelist.FieldPrice], RecommendedPrice: m[pricelist.FieldRecommended], Stock: m[pricelist.FieldStock],
		EAN: m[pricelist.FieldEAN], Brand: m[pricelist.FieldBrand]}
}

// mapping godoc
//
//	@Summary		A supplier's header mapping
//	@Description	Needs upload-pricelist (module Pricelist). Every column is present; "" means the column is found by its usual names.
//	@Tags			pricelists
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"supplier id"
//	@Success		200	{object}	httpx.DataResponse[HeaderMappingBody]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/suppliers/{id}/header-mapping [get]
func (h pricelistHandlers) mapping(c *gin.Context) {
	id, ok := pathID(c, "supplier")
	if !ok {
		return
	}
	m, err := h.pl.HeaderMappingOf(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, headerMappingBody(m))
}

// saveMapping godoc
//
//	@Summary		Save a supplier's header mapping
//	@Description	Needs upload-pricelist (module Pricelist). The supplier's next imports look for these header texts (case, diacritics and punctuation folded) before the usual names. A text over 255 characters, or the same text for two columns, is a 422 on that column.
//	@Tags			pricelists
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int					true	"supplier id"
//	@Param			body	body		HeaderMappingBody	true	"header text per column"
//	@Success		200		{object}	httpx.ChangeResponse[HeaderMappingBody]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/suppliers/{id}/header-mapping [put]
func (h pricelistHandlers) saveMapping(c *gin.Context) {
	id, ok := pathID(c, "supplier")
	if !ok {
		return
	}
	var body HeaderMappingBody
	if !httpx.BindJSON(c, &body) {
		return
	}
	m, err := h.pl.SaveHeaderMapping(c.Request.Context(), id, body.mapping())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "pricelist.mapping_saved", headerMappingBody(m))
}
