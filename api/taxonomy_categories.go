package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
)

type categoryHandlers struct{ cat *catalog.Service }

// CategoryResponse is a category as the back office sees it (percentages and money with two
// decimals). subcategories appear with include=all_subcategories; products_count with
// include=products_count.
type CategoryResponse struct {
	ID              uint64              `json:"id"`
	ParentID        *uint64             `json:"parent_id" extensions:"x-nullable"`
	Name            string              `json:"name"`
	Slug            string              `json:"slug"`
	Prefix          string              `json:"prefix"`
	Position        int                 `json:"position"`
	Level           int                 `json:"level"`
	Pdv             money.Bps           `json:"pdv" swaggertype:"number" example:"20.00"`
	WebMargin       money.Bps           `json:"web_margin" swaggertype:"number"`
	RetailMargin    money.Bps           `json:"retail_margin" swaggertype:"number"`
	DealerMargin    money.Bps           `json:"dealer_margin" swaggertype:"number"`
	DescriptionTime string              `json:"description_time"`
	MinPrice        money.Para          `json:"min_price" swaggertype:"number"`
	AllowedRebate   money.Bps           `json:"allowed_rebate" swaggertype:"number"`
	Image           *string             `json:"image" extensions:"x-nullable"`
	Declaration     DeclarationResponse `json:"declaration"`
	Active          bool                `json:"active"`
	ProductsCount   *int64              `json:"products_count,omitempty"`
	Subcategories   []CategoryResponse  `json:"subcategories,omitzero" validate:"optional"`
} // @name Category

// DeclarationResponse is the declaration printed on a category's products.
type DeclarationResponse struct {
	Name            string `json:"name"`
	CountryOfOrigin string `json:"country_of_origin"`
	ConsumerRights  string `json:"consumer_rights"`
} // @name CategoryDeclaration

// StoreCategoryResponse is a category on the storefront (active ones only).
type StoreCategoryResponse struct {
	ID            uint64                  `json:"id"`
	Name          string                  `json:"name"`
	Slug          string                  `json:"slug"`
	Subcategories []StoreCategoryResponse `json:"subcategories,omitzero" validate:"optional"`
} // @name StoreCategory

func categoryResponse(c *catalog.Category) CategoryResponse {
	r := CategoryResponse{ID: c.ID, ParentID: c.ParentID, Name: c.Name, Slug: c.Slug, Prefix: c.Prefix, Position: c.Position,
		Level: c.Level, Pdv: c.PdvBps, WebMargin: c.WebMarginBps, RetailMargin: c.RetailMarginBps, DealerMargin: c.DealerMarginBps,
		DescriptionTime: c.DescriptionTime, MinPrice: c.MinPrice, AllowedRebate: c.AllowedRebate, Image: optionalMediaURL(c.ImageKey),
		Declaration: DeclarationResponse{Name: c.DeclarationName, CountryOfOrigin: c.CountryOfOrigin, ConsumerRights: c.ConsumerRights},
		Active:      c.Active, ProductsCount: c.ProductsCount}
	if c.Subcategories != nil {
		r.Subcategories = make([]CategoryResponse, 0, len(c.Subcategories))
		for _, s := range c.Subcategories {
			r.Subcategories = append(r.Subcategories, categoryResponse(s))
		}
	}
	return r
}

func storeCategoryResponse(c *catalog.Category) StoreCategoryResponse {
	r := StoreCategoryResponse{ID: c.ID, Name: c.Name, Slug: c.Slug}
	if c.Subcategories != nil {
		r.Subcategories = make([]StoreCategoryResponse, 0, len(c.Subcategories))
		for _, s := range c.Subcategories {
			r.Subcategories = append(r.Subcategories, storeCategoryResponse(s))
		}
	}
	return r
}

// categoryFilter is the admin category list's query.
type categoryFilter struct {
	Search       string  `form:"search"`
	OnlyChildren bool    `form:"only_children"`
	Main         bool    `form:"main"`
	ParentID     *uint64 `form:"parent_id"`
}

// storeCategoryFilter is the storefront category list's query.
type storeCategoryFilter struct {
	Main     bool    `form:"main"`
	ParentID *uint64 `form:"parent_id"`
}

var (
	categoryListSpec      = httpx.ListSpec{DefaultSize: 20, Includes: []string{"all_subcategories", "products_count"}}
	storeCategoryListSpec = httpx.ListSpec{DefaultSize: 1000, Includes: []string{"all_subcategories"}}
)

// list godoc
//
//	@Summary		Categories, by position and name
//	@Description	Needs view-category or view-product (the product filter's category picker), or a pricing rule's create/update permission (its form's picker). The lookup reads paginate=1000.
//	@Tags			categories
//	@Produce		json
//	@Security		Bearer
//	@Param			search			query		string	false	"name contains (diacritics folded: racunari finds Računari)"
//	@Param			only_children	query		bool	false	"leaf categories only"
//	@Param			main			query		bool	false	"top level only"
//	@Param			parent_id		query		int		false	"direct subcategories of this category"
//	@Param			include			query		string	false	"all_subcategories (the nested tree under each row), products_count"
//	@Param			page			query		int		false	"page (1-based)"
//	@Param			paginate		query		int		false	"page size"	default(20)
//	@Success		200				{object}	httpx.ListResponse[CategoryResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories [get]
func (h categoryHandlers) list(c *gin.Context) {
	var f categoryFilter
	page, inc, ok := httpx.BindList(c, &f, categoryListSpec)
	if !ok {
		return
	}
	cats, total, err := h.cat.ListCategories(c.Request.Context(), catalog.CategoryFilter{Search: f.Search, OnlyChildren: f.OnlyChildren,
		Main: f.Main, ParentID: f.ParentID, Tree: inc.Has("all_subcategories"), WithProductsCount: inc.Has("products_count"), Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]CategoryResponse, 0, len(cats))
	for _, cat := range cats {
		out = append(out, categoryResponse(cat))
	}
	httpx.List(c, out, total, page)
}

// storeList godoc
//
//	@Summary		Storefront categories (active ones; an inactive category hides its subtree)
//	@Description	The storefront reads categories?include=all_subcategories&main=1.
//	@Tags			storefront
//	@Produce		json
//	@Param			main		query		bool	false	"top level only"
//	@Param			parent_id	query		int		false	"direct subcategories of this category"
//	@Param			include		query		string	false	"all_subcategories"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(1000)
//	@Success		200			{object}	httpx.ListResponse[StoreCategoryResponse]
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/categories [get]
func (h categoryHandlers) storeList(c *gin.Context) {
	var f storeCategoryFilter
	page, inc, ok := httpx.BindList(c, &f, storeCategoryListSpec)
	if !ok {
		return
	}
	cats, total, err := h.cat.ListCategories(c.Request.Context(), catalog.CategoryFilter{Main: f.Main, ParentID: f.ParentID,
		Tree: inc.Has("all_subcategories"), ActiveOnly: true, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]StoreCategoryResponse, 0, len(cats))
	for _, cat := range cats {
		out = append(out, storeCategoryResponse(cat))
	}
	httpx.List(c, out, total, page)
}

// declaration godoc
//
//	@Summary	A category's declaration (name and type of goods, country of origin, consumer rights)
//	@Tags		storefront
//	@Produce	json
//	@Param		slug	path		string	true	"category slug"
//	@Success	200		{object}	httpx.DataResponse[DeclarationResponse]
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Router		/api/v1/categories/{slug}/declaration [get]
func (h categoryHandlers) declaration(c *gin.Context) {
	d, err := h.cat.CategoryDeclaration(c.Request.Context(), c.Param("slug"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, DeclarationResponse{Name: d.Name, CountryOfOrigin: d.CountryOfOrigin, ConsumerRights: d.ConsumerRights})
}

// get godoc
//
//	@Summary	One category
//	@Tags		categories
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"category id"
//	@Success	200	{object}	httpx.DataResponse[CategoryResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	422	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/categories/{id} [get]
func (h categoryHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	if _, ok := httpx.BindIncludes(c); !ok {
		return
	}
	cat, err := h.cat.GetCategory(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, categoryResponse(cat))
}

// createCategoryRequest is the category form. Percentages and money as numbers with up to two
// decimals; parent_id null or absent for a top-level category; position absent puts it last
// among its siblings; active absent means active. The slug comes from the name.
type createCategoryRequest struct {
	ParentID        *uint64     `json:"parent_id" extensions:"x-nullable"`
	Name            string      `json:"name" example:"Računari"`
	Prefix          string      `json:"prefix" example:"RAC"`
	Position        *int        `json:"position" extensions:"x-nullable"`
	Pdv             *money.Bps  `json:"pdv" swaggertype:"number" example:"20" extensions:"x-nullable"`
	WebMargin       *money.Bps  `json:"web_margin" swaggertype:"number" example:"12.5" extensions:"x-nullable"`
	RetailMargin    *money.Bps  `json:"retail_margin" swaggertype:"number" example:"18" extensions:"x-nullable"`
	DealerMargin    *money.Bps  `json:"dealer_margin" swaggertype:"number" example:"6" extensions:"x-nullable"`
	DescriptionTime string      `json:"description_time" example:"3-5 radnih dana"`
	MinPrice        *money.Para `json:"min_price" swaggertype:"number" example:"1000" extensions:"x-nullable"`
	AllowedRebate   *money.Bps  `json:"allowed_rebate" swaggertype:"number" example:"5" extensions:"x-nullable"`
	DeclarationName string      `json:"declaration_name"`
	CountryOfOrigin string      `json:"country_of_origin"`
	ConsumerRights  string      `json:"consumer_rights"`
	Active          *bool       `json:"active" extensions:"x-nullable"`
} // @name CreateCategoryRequest

// create godoc
//
//	@Summary		Add a category
//	@Description	Validation (back-office spec 5): name 2-255; prefix 2-3 letters; pdv and the three margins above 0.01 and below 99.99; description time; min price above 0.01; allowed rebate greater than 1; the parent must exist and the tree has at most 4 levels.
//	@Tags			categories
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		createCategoryRequest	true	"category"
//	@Success		201		{object}	httpx.ChangeResponse[CategoryResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories [post]
func (h categoryHandlers) create(c *gin.Context) {
	var req createCategoryRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	cat, err := h.cat.CreateCategory(c.Request.Context(), catalog.CategoryInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "category.created", categoryResponse(cat))
}

// updateCategoryRequest changes only the fields sent. parent_id null (or 0) moves the category
// to the top level; a new name gives a new slug.
type updateCategoryRequest struct {
	ParentID        optionalID  `json:"parent_id" swaggertype:"integer" extensions:"x-nullable"`
	Name            *string     `json:"name" extensions:"x-nullable"`
	Prefix          *string     `json:"prefix" extensions:"x-nullable"`
	Position        *int        `json:"position" extensions:"x-nullable"`
	Pdv             *money.Bps  `json:"pdv" swaggertype:"number" extensions:"x-nullable"`
	WebMargin       *money.Bps  `json:"web_margin" swaggertype:"number" extensions:"x-nullable"`
	RetailMargin    *money.Bps  `json:"retail_margin" swaggertype:"number" extensions:"x-nullable"`
	DealerMargin    *money.Bps  `json:"dealer_margin" swaggertype:"number" extensions:"x-nullable"`
	DescriptionTime *string     `json:"description_time" extensions:"x-nullable"`
	MinPrice        *money.Para `json:"min_price" swaggertype:"number" extensions:"x-nullable"`
	AllowedRebate   *money.Bps  `json:"allowed_rebate" swaggertype:"number" extensions:"x-nullable"`
	DeclarationName *string     `json:"declaration_name" extensions:"x-nullable"`
	CountryOfOrigin *string     `json:"country_of_origin" extensions:"x-nullable"`
	ConsumerRights  *string     `json:"consumer_rights" extensions:"x-nullable"`
	Active          *bool       `json:"active" extensions:"x-nullable"`
} // @name UpdateCategoryRequest

// update godoc
//
//	@Summary		Change a category (only the fields sent)
//	@Description	Needs create-category (the specification names no update permission). The same validation as create, on the resulting category; a move takes the subtree along (at most 4 levels, not under itself).
//	@Tags			categories
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int						true	"category id"
//	@Param			body	body		updateCategoryRequest	true	"fields to change"
//	@Success		200		{object}	httpx.ChangeResponse[CategoryResponse]
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories/{id} [patch]
func (h categoryHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	var req updateCategoryRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	cat, err := h.cat.UpdateCategory(c.Request.Context(), id, catalog.CategoryPatch{ParentSet: req.ParentID.Set, ParentID: req.ParentID.ID,
		Name: req.Name, Prefix: req.Prefix, Position: req.Position, Pdv: req.Pdv, WebMargin: req.WebMargin, RetailMargin: req.RetailMargin,
		DealerMargin: req.DealerMargin, DescriptionTime: req.DescriptionTime, MinPrice: req.MinPrice, AllowedRebate: req.AllowedRebate,
		DeclarationName: req.DeclarationName, CountryOfOrigin: req.CountryOfOrigin, ConsumerRights: req.ConsumerRights, Active: req.Active})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "category.updated", categoryResponse(cat))
}

// delete godoc
//
//	@Summary		Delete a category without subcategories and products
//	@Description	Needs create-category. A category with subcategories or products is refused with 409 and a message saying which.
//	@Tags			categories
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"category id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Failure		409	{object}	httpx.ErrorResponse
//	@Failure		422	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/categories/{id} [delete]
func (h categoryHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	if err := h.cat.DeleteCategory(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "category.deleted")
}

// image godoc
//
//	@Summary	Upload a category's image (JPG, PNG or WEBP by content, at most 2 MB)
//	@Tags		categories
//	@Accept		multipart/form-data
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int		true	"category id"
//	@Param		image	formData	file	true	"image"
//	@Success	200		{object}	httpx.ChangeResponse[CategoryResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	413		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/categories/{id}/image [post]
func (h categoryHandlers) image(c *gin.Context) {
	id, ok := pathID(c, "category")
	if !ok {
		return
	}
	f, ok := httpx.FormFile(c, "image")
	if !ok {
		return
	}
	defer f.Close()
	cat, err := h.cat.SetCategoryImage(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "category.image_updated", categoryResponse(cat))
}
