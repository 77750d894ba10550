package api

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/eoffer"
	"shop/internal/feeds"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

// eofferRoutes: the e-ponuda page (feed membership) and the e-offer import screen (competitor
// file, recalculation, apply, prices overview); the specification guards both with view-product.
func eofferRoutes(d Deps) []Route {
	h := eofferHandlers{eo: d.Eoffer, feeds: d.Feeds}
	view := []string{identity.PermViewProduct}
	// the specification's view-product opens the screens; what changes the feed, the
	// competitor data or the prices needs the shop's update-eponuda
	change := []string{identity.PermUpdateEponuda}
	routes := []Route{
		{Method: "GET", Path: "/admin/eponuda-feed", Handler: h.feed, Auth: true, Permissions: view},
		{Method: "POST", Path: "/admin/eponuda-feed", Handler: h.setFeed, Auth: true, Permissions: change},
		{Method: "POST", Path: "/admin/eponuda", Handler: h.upload, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/eponuda", Handler: h.recalc, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/eponuda-competitors", Handler: h.competitors, Auth: true, Permissions: view},
		{Method: "POST", Path: "/admin/eponuda-update", Handler: h.apply, Auth: true, Permissions: change},
		{Method: "GET", Path: "/admin/eponuda-price", Handler: h.prices, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/eponuda-imports/latest", Handler: h.latestImport, Auth: true, Permissions: view},
		{Method: "GET", Path: "/admin/eponuda-imports/:id", Handler: h.getImport, Auth: true, Permissions: view},
	}
	if d.Feeds != nil {
		routes = append(routes,
			Route{Method: "GET", Path: "/admin/eponuda-feed/status", Handler: h.feedStatus, Auth: true, Permissions: view},
			Route{Method: "POST", Path: "/admin/eponuda-feed/export", Handler: h.exportFeeds, Auth: true, Permissions: change})
	}
	return routes
}

type eofferHandlers struct {
	eo    *eoffer.Service
	feeds *feeds.Feeds
}

// feedStatus godoc
//
//	@Summary		How many marked products the feeds' export writes, why the rest are left out, and the last export's files
//	@Description	The tab counts every product marked for the feed; the export writes only those a shopper can buy (active, visible, with a web price not below the main category's minimum). Each left-out product is counted under its first failing reason.
//	@Tags			eponuda
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[EponudaFeedStatus]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda-feed/status [get]
func (h eofferHandlers) feedStatus(c *gin.Context) {
	st, err := h.feeds.Status(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := EponudaFeedStatus{Marked: st.Marked, Exported: st.Exported, GoogleWithoutImage: st.GoogleWithoutImage,
		LeftOut: EponudaFeedLeftOut(st.LeftOut), Files: make([]EponudaFeedFile, 0, len(st.Files))}
	for _, f := range st.Files {
		out.Files = append(out.Files, EponudaFeedFile{Name: f.Name, Products: f.Products, Size: f.Size, Modified: f.Modified})
	}
	httpx.Data(c, out)
}

// EponudaFeedStatus is the e-ponuda feed at a glance: products marked for the feed, how many the export writes, the rest by
// reason, and the files the last export wrote (empty: never exported).
type EponudaFeedStatus struct {
	Marked             int64              `json:"marked" validate:"required"`
	Exported           int64              `json:"exported" validate:"required"`
	GoogleWithoutImage int64              `json:"google_without_image" validate:"required"`
	LeftOut            EponudaFeedLeftOut `json:"left_out" validate:"required"`
	Files              []EponudaFeedFile  `json:"files" validate:"required"`
} // @name EponudaFeedStatus

// EponudaFeedLeftOut counts the marked products the export leaves out, each by its first reason.
type EponudaFeedLeftOut struct {
	Inactive      int64 `json:"inactive" validate:"required"`
	Hidden        int64 `json:"hidden" validate:"required"`
	NoPrice       int64 `json:"no_price" validate:"required"`
	BelowMinPrice int64 `json:"below_min_price" validate:"required"`
} // @name EponudaFeedLeftOut

// EponudaFeedFile is one written feed: its name, products listed, stored size and time.
type EponudaFeedFile struct {
	Name     string    `json:"name" validate:"required"`
	Products int       `json:"products" validate:"required"`
	Size     int64     `json:"size" validate:"required"`
	Modified time.Time `json:"modified" validate:"required"`
} // @name EponudaFeedFile

// exportFeeds godoc
//
//	@Summary		Export the public feeds now ("Izvezi sada")
//	@Description	Queues the export the schedule runs (feeds.export_cron); one already waiting or running answers the same. The new files are served once it finishes.
//	@Tags			eponuda
//	@Produce		json
//	@Security		Bearer
//	@Success		202	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		503	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda-feed/export [post]
func (h eofferHandlers) exportFeeds(c *gin.Context) {
	if err := h.feeds.QueueExport(c.Request.Context()); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, httpx.MessageResponse{Message: httpx.T(c, "feeds.export_queued", nil)})
}

// feed godoc
//
//	@Summary	Products in the e-ponuda feed (tab E-PONUDA PROIZVODI), with every filter of the product list
//	@Tags		eponuda
//	@Produce	json
//	@Security	Bearer
//	@Param		filter		query		ProductFilterQuery	false	"filters (combined with AND) and sort"
//	@Param		include		query		string				false	"relations: mainCategory, mainImage, categories, brand, supplier"
//	@Param		page		query		int					false	"page (1-based)"
//	@Param		paginate	query		int					false	"page size"	default(20)
//	@Success	200			{object}	httpx.ListResponse[ProductListItem]
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	422			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/eponuda-feed [get]
func (h eofferHandlers) feed(c *gin.Context) {
	var f catalog.ProductFilter
	page, inc, ok := httpx.BindList(c, &f, productListSpec)
	if !ok {
		return
	}
	pi := productIncludes(inc)
	rows, total, err := h.feeds.ListFeed(c.Request.Context(), f, page, pi)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ProductListItem, 0, len(rows))
	for i := range rows {
		out = append(out, productListItem(&rows[i], pi))
	}
	httpx.ListOf(c, out, total, page)
}

// formIDArray reads the ids of a form array sent as name[] or name[n] (or repeated name).
func formIDArray(c *gin.Context, name string) ([]uint64, error) {
	if err := c.Request.ParseMultipartForm(1 << 20); err != nil && err != http.ErrNotMultipart {
		return nil, apperr.InvalidFields(apperr.Field(name, "validation.number"))
	}
	var keys []string
	for k := range c.Request.PostForm {
		if k == name || k == name+"[]" || (strings.HasPrefix(k, name+"[") && strings.HasSuffix(k, "]")) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []uint64
	for _, k := range keys {
		for _, v := range c.Request.PostForm[k] {
			for _, part := range strings.Split(v, ",") {
				if part = strings.TrimSpace(part); part == "" {
					continue
				}
				id, err := strconv.ParseUint(part, 10, 64)
				if err != nil {
					return nil, apperr.InvalidFields(apperr.Field(name, "validation.number"))
				}
				out = append(out, id)
			}
		}
	}
	return out, nil
}

// EponudaFeedResponse says how many products went in and out of the feed.
type EponudaFeedResponse struct {
	Added   int64 `json:"added"`
	Removed int64 `json:"removed"`
} // @name EponudaFeedChange

// setFeed godoc
//
//	@Summary		Put products in the e-ponuda feed (ids_true[]) or take them out (ids_false[])
//	@Description	Form data ids_true[] and/or ids_false[]; unknown ids, an id in both or none at all are a 422. Each product whose flag changes gets an activity entry.
//	@Tags			eponuda
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			ids_true[]	formData	[]int	false	"products to put in the feed"	collectionFormat(multi)
//	@Param			ids_false[]	formData	[]int	false	"products to take out"			collectionFormat(multi)
//	@Success		200			{object}	httpx.ChangeResponse[EponudaFeedResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda-feed [post]
func (h eofferHandlers) setFeed(c *gin.Context) {
	in, err := formIDArray(c, "ids_true")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out, err := formIDArray(c, "ids_false")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	m, err := h.feeds.SetFeedMembership(c.Request.Context(), in, out)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "eoffer.feed_updated", EponudaFeedResponse{Added: m.Added, Removed: m.Removed})
}

// EponudaImportResponse is an uploaded competitor file and its parse; report only once finished.
type EponudaImportResponse struct {
	ID         uint64               `json:"id"`
	FileName   string               `json:"file_name"`
	FileSize   int64                `json:"file_size"`
	Format     string               `json:"format" enums:"csv,xlsx,xls"`
	Status     string               `json:"status" enums:"queued,running,finished,failed"`
	Rows       int                  `json:"rows"`
	Offers     int                  `json:"offers"`
	Rejected   int                  `json:"rejected"`
	Error      string               `json:"error"`
	CreatedAt  time.Time            `json:"created_at"`
	FinishedAt *time.Time           `json:"finished_at" extensions:"x-nullable"`
	Report     *EponudaImportReport `json:"report,omitempty" extensions:"x-nullable"`
} // @name EponudaImport

// EponudaImportReport lists the first 100 rows left out (rejected counts them all) and the counts by reason.
type EponudaImportReport struct {
	RejectedRows []EponudaRejectedRow `json:"rejected_rows"`
	UnknownSKU   int                  `json:"unknown_sku"`
	BadPrice     int                  `json:"bad_price"`
	Other        int                  `json:"other"`
} // @name EponudaImportReport

// EponudaRejectedRow is a row left out: its line in the file, SKU, shop and why.
type EponudaRejectedRow struct {
	Line   int    `json:"line"`
	SKU    string `json:"sku"`
	Shop   string `json:"shop"`
	Reason string `json:"reason"`
} // @name EponudaRejectedRow

func eponudaImportResponse(c *gin.Context, imp *eoffer.Import) EponudaImportResponse {
	out := EponudaImportResponse{ID: imp.ID, FileName: imp.FileName, FileSize: imp.FileSize, Format: imp.Format, Status: imp.Status,
		Rows: imp.Rows, Offers: imp.Offers, Rejected: imp.Rejected, Error: imp.Error, CreatedAt: imp.CreatedAt, FinishedAt: imp.FinishedAt}
	if imp.Status == eoffer.StatusFinished {
		r := imp.ParsedReport().Localized(httpx.Lang(c))
		rep := &EponudaImportReport{RejectedRows: make([]EponudaRejectedRow, 0, len(r.RejectedRows)), UnknownSKU: r.UnknownSKU, BadPrice: r.BadPrice, Other: r.Other}
		for _, rr := range r.RejectedRows {
			rep.RejectedRows = append(rep.RejectedRows, EponudaRejectedRow{Line: rr.Line, SKU: rr.SKU, Shop: rr.Shop, Reason: rr.Reason})
		}
		out.Report = rep
	}
	return out
}

// upload godoc
//
//	@Summary		Upload a competitor price file (CSV with ',' or ';' in UTF-8 or Windows-1250, XLSX or XLS, at most 20 MB); a job parses it
//	@Description	The file is checked by its content before it is stored: binary content, a header without the SKU, shop or price column (a CSV with another delimiter reads as one column), an XLSX unpacking to too much are a 422 on eponudaCSV with the reason. The job ends in ImportFinished (or ImportFailed) to the uploader.
//	@Tags			eponuda
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			eponudaCSV	formData	file	true	"the competitor file"
//	@Success		202			{object}	httpx.ChangeResponse[EponudaImportResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		413			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Failure		503			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda [post]
func (h eofferHandlers) upload(c *gin.Context) {
	fh, err := c.FormFile(eoffer.FileField)
	if err != nil {
		if fe := httpx.FormFileError(err, eoffer.FileField); apperr.Is(fe, apperr.TooLarge) {
			httpx.Fail(c, fe)
			return
		}
		httpx.Fail(c, apperr.InvalidFields(apperr.Field(eoffer.FileField, "validation.file_required")))
		return
	}
	f, err := fh.Open()
	if err != nil {
		httpx.Fail(c, apperr.Wrap(err, "open upload"))
		return
	}
	defer f.Close()
	ctx := eoffer.WithLang(c.Request.Context(), httpx.Lang(c))
	imp, err := h.eo.Upload(ctx, principal(c).UserID, fh.Filename, f, fh.Size)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusAccepted, "eoffer.uploaded", eponudaImportResponse(c, imp))
}

// getImport godoc
//
//	@Summary	One competitor file's import (status, counts, the report once finished)
//	@Tags		eponuda
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"import id"
//	@Success	200	{object}	httpx.DataResponse[EponudaImportResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/eponuda-imports/{id} [get]
func (h eofferHandlers) getImport(c *gin.Context) {
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		httpx.Fail(c, apperr.NotFoundThing("eoffer_import"))
		return
	}
	imp, err := h.eo.GetImport(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, eponudaImportResponse(c, imp))
}

// latestImport godoc
//
//	@Summary		The newest finished competitor file (the one the recalculation reads)
//	@Description	The import screen opens on it, so a file loaded earlier (or by `shopctl eoffer import`) can be recalculated without uploading it again. data is null when no file was processed yet (a screen's normal first state, not an error).
//	@Tags			eponuda
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[EponudaImportResponse]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda-imports/latest [get]
func (h eofferHandlers) latestImport(c *gin.Context) {
	imp, err := h.eo.LatestImport(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if imp == nil {
		httpx.Data[*EponudaImportResponse](c, nil)
		return
	}
	httpx.Data(c, eponudaImportResponse(c, imp))
}

// competitors godoc
//
//	@Summary	Competitor names of the newest competitor file (this shop's own names left out)
//	@Tags		eponuda
//	@Produce	json
//	@Security	Bearer
//	@Success	200	{object}	httpx.DataResponse[[]string]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/eponuda-competitors [get]
func (h eofferHandlers) competitors(c *gin.Context) {
	names, err := h.eo.Competitors(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, names)
}

// EponudaRow is a product of the recalculation: Ime, SKU, UC sa PDV (entry_price), Web cena,
// Min treća cena na EP (eponuda_min), Naša nova cena (created_price), Pozicija, Ime kategorije,
// Ime dobavljača.
type EponudaRow struct {
	ID           uint64     `json:"id"`
	Name         string     `json:"name"`
	SKU          string     `json:"sku"`
	EntryPrice   money.Para `json:"entry_price" swaggertype:"number"`
	WebPrice     money.Para `json:"web_price" swaggertype:"number"`
	EponudaMin   money.Para `json:"eponuda_min" swaggertype:"number"`
	CreatedPrice money.Para `json:"created_price" swaggertype:"number"`
	Position     int        `json:"position"`
	Category     []string   `json:"category"`
	Supplier     *string    `json:"supplier" extensions:"x-nullable"`
} // @name EponudaRow

// EponudaRecalcResponse counts the recalculated products: ok ('U okviru ulazne cene') and nok ('Ispod ulazne cene'); skipped
// counts products with no competitor left (relative to e-ponuda).
type EponudaRecalcResponse struct {
	ImportID uint64       `json:"import_id"`
	OK       []EponudaRow `json:"ok"`
	NOK      []EponudaRow `json:"nok"`
	Skipped  int          `json:"skipped"`
} // @name EponudaRecalc

func eponudaRows(rows []eoffer.Row) []EponudaRow {
	out := make([]EponudaRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, EponudaRow{ID: r.ID, Name: r.Name, SKU: r.SKU, EntryPrice: r.EntryPrice, WebPrice: r.WebPrice, EponudaMin: r.EponudaMin,
			CreatedPrice: r.NewPrice, Position: r.Position, Category: r.Category, Supplier: r.Supplier})
	}
	return out
}

// queryUint reads an optional id of the query (422 on name when not a number).
func queryUint(c *gin.Context, name string) (uint64, error) {
	s := strings.TrimSpace(c.Query(name))
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, apperr.InvalidFields(apperr.Field(name, "validation.number"))
	}
	return v, nil
}

func arrayOf(values map[string][]string, name string) []string {
	var out []string
	var keys []string
	for k := range values {
		if k == name || k == name+"[]" || (strings.HasPrefix(k, name+"[") && strings.HasSuffix(k, "]")) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, values[k]...)
	}
	return out
}

// recalc godoc
//
//	@Summary		Recalculate our prices against the newest competitor file: ok and nok lists
//	@Description	relative_to eponuda: new price = the lowest competitor price (ignored competitors and this shop left out) less the value; entry: the entry price with VAT plus the value; to whole dinars. ok: new price at or above the entry price with VAT. position: 1 + competitors' offers cheaper than the new price.
//	@Tags			eponuda
//	@Produce		json
//	@Security		Bearer
//	@Param			relative_to		query		string		true	"eponuda or entry"	Enums(eponuda, entry)
//	@Param			format			query		string		true	"% or RSD"			Enums(%, RSD)
//	@Param			value			query		string		true	"percent or dinars (at most two decimals)"
//	@Param			irrelevant[]	query		[]string	false	"competitors to ignore"	collectionFormat(multi)
//	@Param			category		query		int			false	"main category id"
//	@Param			supplier		query		int			false	"supplier id"
//	@Param			brand			query		int			false	"brand id"
//	@Success		200				{object}	EponudaRecalcResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda [get]
func (h eofferHandlers) recalc(c *gin.Context) {
	q := c.Request.URL.Query()
	st := eoffer.Settings{RelativeTo: q.Get("relative_to"), Format: q.Get("format"), Value: q.Get("value"), Irrelevant: arrayOf(q, "irrelevant")}
	var scope eoffer.Scope
	var err error
	for _, p := range []struct {
		name string
		v    *uint64
	}{{"category", &scope.Category}, {"supplier", &scope.Supplier}, {"brand", &scope.Brand}} {
		if *p.v, err = queryUint(c, p.name); err != nil {
			httpx.Fail(c, err)
			return
		}
	}
	res, err := h.eo.Recalc(c.Request.Context(), st, scope)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, EponudaRecalcResponse{ImportID: res.ImportID, OK: eponudaRows(res.OK), NOK: eponudaRows(res.NOK), Skipped: res.Skipped})
}

// EponudaApplyResponse says whether the changes were queued (a job applies them and notifies), or done here (changed, missing).
type EponudaApplyResponse struct {
	Queued  bool  `json:"queued"`
	Changed int64 `json:"changed"`
	Missing int   `json:"missing"`
} // @name EponudaApply

// apply godoc
//
//	@Summary		Set the chosen products' web price to their new price (a job, through pricing)
//	@Description	Multipart relative_to, format, value, irrelevant[] and ids[n]. The new prices are computed from the newest file as GET admin/eponuda does; pricing recomputes the products' derived prices; each changed web price is in the activity log; the user gets EponudaPricesApplied.
//	@Tags			eponuda
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			relative_to		formData	string		true	"eponuda or entry"
//	@Param			format			formData	string		true	"% or RSD"
//	@Param			value			formData	string		true	"percent or dinars"
//	@Param			irrelevant[]	formData	[]string	false	"competitors to ignore"	collectionFormat(multi)
//	@Param			ids[]			formData	[]int		true	"the chosen products"	collectionFormat(multi)
//	@Success		202				{object}	httpx.ChangeResponse[EponudaApplyResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/eponuda-update [post]
func (h eofferHandlers) apply(c *gin.Context) {
	ids, err := formIDArray(c, "ids")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	f := c.Request.PostForm
	st := eoffer.Settings{RelativeTo: f.Get("relative_to"), Format: f.Get("format"), Value: f.Get("value"), Irrelevant: arrayOf(f, "irrelevant")}
	ctx := eoffer.WithLang(c.Request.Context(), httpx.Lang(c))
	res, err := h.eo.Apply(ctx, st, ids)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if res.Queued {
		httpx.Changed(c, http.StatusAccepted, "eoffer.apply_queued", EponudaApplyResponse{Queued: true})
		return
	}
	c.JSON(http.StatusAccepted, httpx.ChangeResponse[EponudaApplyResponse]{Message: httpx.T(c, "eoffer.applied", map[string]any{"count": res.Changed}),
		Data: EponudaApplyResponse{Changed: res.Changed, Missing: res.Missing}})
}

// EponudaPriceRow is a row of the prices overview: Ime, Ulazna cena (sa PDV), Web cena, Ime dobavljača.
type EponudaPriceRow struct {
	ID         uint64     `json:"id"`
	Name       string     `json:"name"`
	EntryPrice money.Para `json:"entry_price" swaggertype:"number"`
	WebPrice   money.Para `json:"web_price" swaggertype:"number"`
	Supplier   *string    `json:"supplier" extensions:"x-nullable"`
} // @name EponudaPriceRow

// prices godoc
//
//	@Summary	Prices overview of the newest competitor file's products (tab E-ponuda cene)
//	@Tags		eponuda
//	@Produce	json
//	@Security	Bearer
//	@Success	200	{object}	httpx.DataResponse[[]EponudaPriceRow]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/eponuda-price [get]
func (h eofferHandlers) prices(c *gin.Context) {
	rows, err := h.eo.Prices(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]EponudaPriceRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, EponudaPriceRow{ID: r.ID, Name: r.Name, EntryPrice: r.EntryPrice, WebPrice: r.WebPrice, Supplier: r.Supplier})
	}
	httpx.Data(c, out)
}
