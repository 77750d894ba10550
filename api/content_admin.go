package api

import (
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/content"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

// The modules of the content screens (spec table 2.1).
const (
	moduleBanner = "Banner"
	moduleNews   = "News"
	moduleHome   = "Home"
)

// contentAdminRoutes are the back office's content screens: banners (list: any staff;
// create-banner, update-banner, delete-banner), news (list: any staff; create-post,
// update-post, delete-post), the home screen and the static pages (update-home-page,
// module Home).
func contentAdminRoutes(d Deps) []Route {
	if d.Content == nil {
		return nil
	}
	h := contentHandlers{c: d.Content}
	createBanner, updateBanner := []string{identity.PermCreateBanner}, []string{identity.PermUpdateBanner}
	createPost, updatePost := []string{identity.PermCreatePost}, []string{identity.PermUpdatePost}
	home := []string{identity.PermUpdateHomePage}
	return []Route{
		{Method: "GET", Path: "/admin/banners", Handler: h.adminBanners, Auth: true, Staff: true, Module: moduleBanner},
		{Method: "GET", Path: "/admin/banners/:id", Handler: h.adminBanner, Auth: true, Staff: true, Module: moduleBanner},
		{Method: "POST", Path: "/admin/banners", Handler: h.createBanner, Auth: true, Permissions: createBanner, Module: moduleBanner},
		{Method: "PUT", Path: "/admin/banners/:id", Handler: h.updateBanner, Auth: true, Permissions: updateBanner, Module: moduleBanner},
		{Method: "DELETE", Path: "/admin/banners/:id", Handler: h.deleteBanner, Auth: true, Permissions: []string{identity.PermDeleteBanner}, Module: moduleBanner},

		{Method: "GET", Path: "/admin/news", Handler: h.adminNewsList, Auth: true, Staff: true, Module: moduleNews},
		{Method: "GET", Path: "/admin/news/:id", Handler: h.adminNews, Auth: true, Staff: true, Module: moduleNews},
		{Method: "POST", Path: "/admin/news", Handler: h.createNews, Auth: true, Permissions: createPost, Module: moduleNews},
		{Method: "PUT", Path: "/admin/news/:id", Handler: h.updateNews, Auth: true, Permissions: updatePost, Module: moduleNews},
		{Method: "DELETE", Path: "/admin/news/:id", Handler: h.deleteNews, Auth: true, Permissions: []string{identity.PermDeletePost}, Module: moduleNews},

		{Method: "GET", Path: "/admin/home/products", Handler: h.homeProducts, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "PUT", Path: "/admin/home/products", Handler: h.setHomeProducts, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "GET", Path: "/admin/home/categories", Handler: h.homeCategories, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "PUT", Path: "/admin/home/categories", Handler: h.setHomeCategories, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "GET", Path: "/admin/home/sections", Handler: h.sections, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "POST", Path: "/admin/home/sections", Handler: h.createSection, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "GET", Path: "/admin/home/sections/:id", Handler: h.section, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "PUT", Path: "/admin/home/sections/:id", Handler: h.updateSection, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "DELETE", Path: "/admin/home/sections/:id", Handler: h.deleteSection, Auth: true, Permissions: home, Module: moduleHome},

		{Method: "GET", Path: "/admin/pages", Handler: h.adminPages, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "GET", Path: "/admin/pages/:slug", Handler: h.adminPage, Auth: true, Permissions: home, Module: moduleHome},
		{Method: "PUT", Path: "/admin/pages/:slug", Handler: h.savePage, Auth: true, Permissions: home, Module: moduleHome},
	}
}

// ContentProductRef is a product named by a banner, section or the home list (admin pickers).
type ContentProductRef struct {
	ID       uint64  `json:"id"`
	Name     string  `json:"name"`
	SKU      string  `json:"sku"`
	Active   bool    `json:"active"`
	Visible  bool    `json:"visible"`
	ImageURL *string `json:"image_url" extensions:"x-nullable"`
} // @name ContentProductRef

func contentProductRefs(ps []content.ProductRef) []ContentProductRef {
	out := make([]ContentProductRef, len(ps))
	for i, p := range ps {
		out[i] = ContentProductRef{ID: p.ID, Name: p.Name, SKU: p.SKU, Active: p.Active, Visible: p.Visible, ImageURL: optionalMediaURL(p.ImageKey)}
	}
	return out
}

// AdminBannerResponse is a banner in the back office. products is filled on the single banner only.
type AdminBannerResponse struct {
	BannerResponse
	PositionLabel string              `json:"position_label"`
	Order         int                 `json:"order"`
	CategoryID    *uint64             `json:"category_id" extensions:"x-nullable"`
	ProductIDs    []uint64            `json:"product_ids"`
	Products      []ContentProductRef `json:"products,omitempty"`
	CreatedAt     time.Time           `json:"created_at"`
	UpdatedAt     time.Time           `json:"updated_at"`
} // @name AdminBanner

func adminBannerResponse(c *gin.Context, b *content.Banner) AdminBannerResponse {
	return AdminBannerResponse{BannerResponse: bannerResponse(b), PositionLabel: httpx.T(c, "banner.position."+b.Position, nil),
		Order: b.SortOrder, CategoryID: b.CategoryID, ProductIDs: b.ProductIDs, CreatedAt: b.CreatedAt, UpdatedAt: b.UpdatedAt}
}

// adminBanners godoc
//
//	@Summary		Banners (back office)
//	@Description	Any staff member (module Banner). By position, then order. CMS page sizes 20, 50, 100.
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Param			position	query		string	false	"only this position"
//	@Param			search		query		string	false	"name contains"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[AdminBannerResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banners [get]
func (h contentHandlers) adminBanners(c *gin.Context) {
	var f content.BannerFilter
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: 20, MaxSize: 100})
	if !ok {
		return
	}
	rows, total, err := h.c.ListBanners(c.Request.Context(), f, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AdminBannerResponse, len(rows))
	for i := range rows {
		out[i] = adminBannerResponse(c, &rows[i])
	}
	httpx.List(c, out, total, page)
}

func (h contentHandlers) bannerWithProducts(c *gin.Context, b *content.Banner) (AdminBannerResponse, bool) {
	out := adminBannerResponse(c, b)
	ps, err := h.c.ProductRefs(c.Request.Context(), b.ProductIDs)
	if err != nil {
		httpx.Fail(c, err)
		return out, false
	}
	out.Products = contentProductRefs(ps)
	return out, true
}

// adminBanner godoc
//
//	@Summary	A banner with its products (back office)
//	@Tags		content
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"banner id"
//	@Success	200	{object}	httpx.DataResponse[AdminBannerResponse]
//	@Failure	404	{object}	httpx.ErrorResponse	"Izabrani baner ne postoji ili je izbrisan."
//	@Router		/api/v1/admin/banners/{id} [get]
func (h contentHandlers) adminBanner(c *gin.Context) {
	id, ok := pathID(c, "banner")
	if !ok {
		return
	}
	b, err := h.c.GetBanner(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.bannerWithProducts(c, b); ok {
		httpx.Data(c, out)
	}
}

var indexedKey = regexp.MustCompile(`^([a-z_]+)\[(\d*)\]$`)

// contentFormIDs reads a list of ids sent as name=1&name=2, name[]=1 or name[0]=1&name[1]=2 (in
// index order); a value that is not a number is a 422 on name.
func contentFormIDs(form map[string][]string, name string) ([]uint64, error) {
	type item struct {
		idx int
		v   string
	}
	var items []item
	for k, vs := range form {
		switch {
		case k == name:
			for i, v := range vs {
				items = append(items, item{i, v})
			}
		default:
			m := indexedKey.FindStringSubmatch(k)
			if m == nil || m[1] != name {
				continue
			}
			idx, _ := strconv.Atoi(m[2])
			for _, v := range vs {
				items = append(items, item{idx, v})
			}
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].idx < items[j].idx })
	out := make([]uint64, 0, len(items))
	for _, it := range items {
		v := strings.TrimSpace(it.v)
		if v == "" {
			continue
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return nil, apperr.InvalidFields(apperr.Field(name, "validation.number"))
		}
		out = append(out, n)
	}
	return out, nil
}

// formUint reads an optional number field (empty: 0).
func formUint(form map[string][]string, name string) (uint64, error) {
	v := strings.TrimSpace(first(form[name]))
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, apperr.InvalidFields(apperr.Field(name, "validation.number"))
	}
	return n, nil
}

func first(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

func formBool(form map[string][]string, name string) bool {
	switch strings.ToLower(strings.TrimSpace(first(form[name]))) {
	case "1", "true", "on", "yes":
		return true
	}
	return false
}

// optionalFile opens an uploaded file when the form has one (nil when not).
func optionalFile(c *gin.Context, field string) (io.ReadCloser, bool) {
	fh, err := c.FormFile(field)
	if err != nil {
		if err == http.ErrMissingFile {
			return nil, true
		}
		httpx.Fail(c, httpx.FormFileError(err, field))
		return nil, false
	}
	f, err := fh.Open()
	if err != nil {
		httpx.Fail(c, apperr.Wrap(err, "open upload"))
		return nil, false
	}
	return f, true
}

// bannerForm reads the banner form: name, position, order, link, category_id, brand_id,
// product_ids (repeated or indexed), image, mobile_image, remove_mobile_image.
func bannerForm(c *gin.Context) (content.BannerInput, func(), bool) {
	var in content.BannerInput
	closeAll := func() {}
	mf, ok := multipartForm(c)
	if !ok {
		return in, closeAll, false
	}
	form := mf.Value
	in.Name, in.Position, in.Link = first(form["name"]), strings.TrimSpace(first(form["position"])), first(form["link"])
	order, err1 := formUint(form, "order")
	cat, err2 := formUint(form, "category_id")
	brand, err3 := formUint(form, "brand_id")
	products, err4 := contentFormIDs(form, "product_ids")
	if err := apperr.JoinInvalid(err1, err2, err3, err4); err != nil {
		httpx.Fail(c, err)
		return in, closeAll, false
	}
	if order > 1_000_000 {
		order = 1_000_001
	}
	in.SortOrder, in.CategoryID, in.BrandID, in.ProductIDs = int(order), cat, brand, products
	in.RemoveMobileImage = formBool(form, "remove_mobile_image")
	img, ok := optionalFile(c, "image")
	if !ok {
		return in, closeAll, false
	}
	mobile, ok := optionalFile(c, "mobile_image")
	if !ok {
		if img != nil {
			img.Close()
		}
		return in, closeAll, false
	}
	closeAll = func() {
		for _, f := range []io.ReadCloser{img, mobile} {
			if f != nil {
				f.Close()
			}
		}
	}
	if img != nil {
		in.Image = img
	}
	if mobile != nil {
		in.MobileImage = mobile
	}
	return in, closeAll, true
}

// createBanner godoc
//
//	@Summary		Add a banner
//	@Description	Needs create-banner (module Banner). Multipart. name 1-255 required; position required (see banner-positions); image required (JPG, PNG or WEBP, at most 2 MB: 'Maksimalni limit slike je 2MB'); mobile_image optional (shown under 700 px); link: a path on the shop (/...) or http(s) address; category_id, brand_id optional; product_ids (product_ids[n] or repeated) the products it belongs to; order within the position (default 0).
//	@Tags			content
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			name			formData	string	true	"name"
//	@Param			position		formData	string	true	"position key"
//	@Param			order			formData	int		false	"order within the position"
//	@Param			link			formData	string	false	"link"
//	@Param			category_id		formData	int		false	"category"
//	@Param			brand_id		formData	int		false	"brand"
//	@Param			product_ids[0]	formData	int		false	"product ids (n = 0, 1, ...)"
//	@Param			image			formData	file	true	"desktop image"
//	@Param			mobile_image	formData	file	false	"mobile image"
//	@Success		201				{object}	httpx.ChangeResponse[AdminBannerResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		413				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banners [post]
func (h contentHandlers) createBanner(c *gin.Context) {
	in, done, ok := bannerForm(c)
	defer done()
	if !ok {
		return
	}
	b, err := h.c.CreateBanner(c.Request.Context(), in)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.bannerWithProducts(c, b); ok {
		httpx.Changed(c, http.StatusCreated, "banner.created", out)
	}
}

// updateBanner godoc
//
//	@Summary		Edit a banner
//	@Description	Needs update-banner (module Banner). The create form's fields, all replaced; image and mobile_image optional (absent: kept); remove_mobile_image=1 drops the mobile image.
//	@Tags			content
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id					path		int		true	"banner id"
//	@Param			name				formData	string	true	"name"
//	@Param			position			formData	string	true	"position key"
//	@Param			order				formData	int		false	"order within the position"
//	@Param			link				formData	string	false	"link"
//	@Param			category_id			formData	int		false	"category"
//	@Param			brand_id			formData	int		false	"brand"
//	@Param			product_ids[0]		formData	int		false	"product ids (n = 0, 1, ...)"
//	@Param			image				formData	file	false	"new desktop image"
//	@Param			mobile_image		formData	file	false	"new mobile image"
//	@Param			remove_mobile_image	formData	bool	false	"drop the mobile image"
//	@Success		200					{object}	httpx.ChangeResponse[AdminBannerResponse]
//	@Failure		404					{object}	httpx.ErrorResponse	"Izabrani baner ne postoji ili je izbrisan."
//	@Failure		422					{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/banners/{id} [put]
func (h contentHandlers) updateBanner(c *gin.Context) {
	id, ok := pathID(c, "banner")
	if !ok {
		return
	}
	in, done, ok := bannerForm(c)
	defer done()
	if !ok {
		return
	}
	b, err := h.c.UpdateBanner(c.Request.Context(), id, in)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.bannerWithProducts(c, b); ok {
		httpx.Changed(c, http.StatusOK, "banner.updated", out)
	}
}

// deleteBanner godoc
//
//	@Summary		Delete a banner
//	@Description	Needs update-banner (module Banner); its images go too.
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"banner id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		404	{object}	httpx.ErrorResponse	"Izabrani baner ne postoji ili je izbrisan."
//	@Router			/api/v1/admin/banners/{id} [delete]
func (h contentHandlers) deleteBanner(c *gin.Context) {
	id, ok := pathID(c, "banner")
	if !ok {
		return
	}
	if err := h.c.DeleteBanner(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "banner.deleted")
}

// AdminNewsResponse is a news item in the back office (body on the single item only).
type AdminNewsResponse struct {
	ID          uint64    `json:"id"`
	Title       string    `json:"title"`
	Body        string    `json:"body,omitempty"`
	ImageURL    *string   `json:"image_url" extensions:"x-nullable"`
	PublishedAt time.Time `json:"published_at"`
	UpdatedAt   time.Time `json:"updated_at"`
} // @name AdminNews

func adminNewsResponse(n *content.News, body bool) AdminNewsResponse {
	out := AdminNewsResponse{ID: n.ID, Title: n.Title, ImageURL: optionalMediaURL(n.ImageKey), PublishedAt: n.PublishedAt, UpdatedAt: n.UpdatedAt}
	if body {
		out.Body = n.Body
	}
	return out
}

// adminNewsList godoc
//
//	@Summary		News (back office), newest first
//	@Description	Any staff member (module News). CMS page sizes 20, 50, 100.
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Param			search		query		string	false	"title contains"
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[AdminNewsResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/news [get]
func (h contentHandlers) adminNewsList(c *gin.Context) {
	var f content.NewsFilter
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: 20, MaxSize: 100})
	if !ok {
		return
	}
	rows, total, err := h.c.ListNews(c.Request.Context(), f, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AdminNewsResponse, len(rows))
	for i := range rows {
		out[i] = adminNewsResponse(&rows[i], false)
	}
	httpx.List(c, out, total, page)
}

// adminNews godoc
//
//	@Summary	A news item with its body (back office)
//	@Tags		content
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"news id"
//	@Success	200	{object}	httpx.DataResponse[AdminNewsResponse]
//	@Failure	404	{object}	httpx.ErrorResponse	"Vest ne postoji ili je izbrisana."
//	@Router		/api/v1/admin/news/{id} [get]
func (h contentHandlers) adminNews(c *gin.Context) {
	id, ok := pathID(c, "news")
	if !ok {
		return
	}
	n, err := h.c.GetNews(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, adminNewsResponse(n, true))
}

func newsForm(c *gin.Context) (content.NewsInput, func(), bool) {
	var in content.NewsInput
	mf, ok := multipartForm(c)
	if !ok {
		return in, func() {}, false
	}
	form := mf.Value
	in.Title, in.Body, in.RemoveImage = first(form["title"]), first(form["body"]), formBool(form, "remove_image")
	img, ok := optionalFile(c, "image")
	if !ok {
		return in, func() {}, false
	}
	if img == nil {
		return in, func() {}, true
	}
	in.Image = img
	return in, func() { img.Close() }, true
}

// createNews godoc
//
//	@Summary		Add a news item
//	@Description	Needs create-post (module News). Multipart: title required, at most 255; body (the editor's HTML, sanitized) required; image optional (JPG, PNG or WEBP, at most 2 MB).
//	@Tags			content
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			title	formData	string	true	"title"
//	@Param			body	formData	string	true	"body (HTML)"
//	@Param			image	formData	file	false	"image"
//	@Success		201		{object}	httpx.ChangeResponse[AdminNewsResponse]
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/news [post]
func (h contentHandlers) createNews(c *gin.Context) {
	in, done, ok := newsForm(c)
	defer done()
	if !ok {
		return
	}
	n, err := h.c.CreateNews(c.Request.Context(), in)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "news.created", adminNewsResponse(n, true))
}

// updateNews godoc
//
//	@Summary		Edit a news item
//	@Description	Needs update-post (module News). As create; image optional (absent: kept); remove_image=1 drops it.
//	@Tags			content
//	@Accept			multipart/form-data
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path		int		true	"news id"
//	@Param			title			formData	string	true	"title"
//	@Param			body			formData	string	true	"body (HTML)"
//	@Param			image			formData	file	false	"new image"
//	@Param			remove_image	formData	bool	false	"drop the image"
//	@Success		200				{object}	httpx.ChangeResponse[AdminNewsResponse]
//	@Failure		404				{object}	httpx.ErrorResponse	"Vest ne postoji ili je izbrisana."
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/news/{id} [put]
func (h contentHandlers) updateNews(c *gin.Context) {
	id, ok := pathID(c, "news")
	if !ok {
		return
	}
	in, done, ok := newsForm(c)
	defer done()
	if !ok {
		return
	}
	n, err := h.c.UpdateNews(c.Request.Context(), id, in)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "news.updated", adminNewsResponse(n, true))
}

// deleteNews godoc
//
//	@Summary		Delete a news item
//	@Description	Needs update-post (module News).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"news id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		404	{object}	httpx.ErrorResponse	"Vest ne postoji ili je izbrisana."
//	@Router			/api/v1/admin/news/{id} [delete]
func (h contentHandlers) deleteNews(c *gin.Context) {
	id, ok := pathID(c, "news")
	if !ok {
		return
	}
	if err := h.c.DeleteNews(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "news.deleted")
}

// HomeProductsInput replaces the home screen's products, in this order.
type HomeProductsInput struct {
	ProductIDs []uint64 `json:"product_ids"`
} // @name HomeProductsInput

// HomeCategoriesInput replaces the home screen's categories, in this order.
type HomeCategoriesInput struct {
	CategoryIDs []uint64 `json:"category_ids"`
} // @name HomeCategoriesInput

// AdminCategoryRef is a category named by the home screen or a section.
type AdminCategoryRef struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
} // @name AdminCategoryRef

func adminCategoryRefs(cs []content.CategoryLink) []AdminCategoryRef {
	out := make([]AdminCategoryRef, len(cs))
	for i, c := range cs {
		out[i] = AdminCategoryRef{ID: c.ID, Name: c.Name, Slug: c.Slug}
	}
	return out
}

func (h contentHandlers) writeHomeProducts(c *gin.Context, ids []uint64, msg string) {
	ps, err := h.c.ProductRefs(c.Request.Context(), ids)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if msg == "" {
		httpx.Data(c, contentProductRefs(ps))
		return
	}
	httpx.Changed(c, http.StatusOK, msg, contentProductRefs(ps))
}

// homeProducts godoc
//
//	@Summary		The home screen's products, in order
//	@Description	Needs update-home-page (module Home).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]ContentProductRef]
//	@Router			/api/v1/admin/home/products [get]
func (h contentHandlers) homeProducts(c *gin.Context) {
	ids, err := h.c.HomeProductIDs(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.writeHomeProducts(c, ids, "")
}

// setHomeProducts godoc
//
//	@Summary		Replace the home screen's products (the order given is the order shown)
//	@Description	Needs update-home-page (module Home). Repeats are dropped; an unknown product is a 422 on product_ids.
//	@Tags			content
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		HomeProductsInput	true	"product ids in order"
//	@Success		200		{object}	httpx.ChangeResponse[[]ContentProductRef]
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/home/products [put]
func (h contentHandlers) setHomeProducts(c *gin.Context) {
	var in HomeProductsInput
	if !httpx.BindJSON(c, &in) {
		return
	}
	ids, err := h.c.SetHomeProducts(c.Request.Context(), in.ProductIDs)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.writeHomeProducts(c, ids, "home.products_saved")
}

func (h contentHandlers) writeHomeCategories(c *gin.Context, ids []uint64, msg string) {
	cs, err := h.c.AllCategoryLinks(c.Request.Context(), ids)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if msg == "" {
		httpx.Data(c, adminCategoryRefs(cs))
		return
	}
	httpx.Changed(c, http.StatusOK, msg, adminCategoryRefs(cs))
}

// homeCategories godoc
//
//	@Summary		The home screen's categories, in order
//	@Description	Needs update-home-page (module Home).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]AdminCategoryRef]
//	@Router			/api/v1/admin/home/categories [get]
func (h contentHandlers) homeCategories(c *gin.Context) {
	ids, err := h.c.HomeCategoryIDs(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.writeHomeCategories(c, ids, "")
}

// setHomeCategories godoc
//
//	@Summary		Replace the home screen's categories (the order given is the order shown)
//	@Description	Needs update-home-page (module Home). An unknown category is a 422 on category_ids.
//	@Tags			content
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		HomeCategoriesInput	true	"category ids in order"
//	@Success		200		{object}	httpx.ChangeResponse[[]AdminCategoryRef]
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/home/categories [put]
func (h contentHandlers) setHomeCategories(c *gin.Context) {
	var in HomeCategoriesInput
	if !httpx.BindJSON(c, &in) {
		return
	}
	ids, err := h.c.SetHomeCategories(c.Request.Context(), in.CategoryIDs)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.writeHomeCategories(c, ids, "home.categories_saved")
}

// SectionInput is the section form.
type SectionInput struct {
	Name string `json:"name"`
	// Order: the section's place (ascending); absent puts a new section last and keeps an edited one's.
	Order       *int     `json:"order" extensions:"x-nullable"`
	ShowDesktop *bool    `json:"show_desktop" extensions:"x-nullable"`
	ShowMobile  *bool    `json:"show_mobile" extensions:"x-nullable"`
	ProductIDs  []uint64 `json:"product_ids"`
	CategoryIDs []uint64 `json:"category_ids"`
} // @name SectionInput

// AdminSectionResponse is a home section; products and categories on the single section only.
type AdminSectionResponse struct {
	ID          uint64              `json:"id"`
	Name        string              `json:"name"`
	Order       int                 `json:"order"`
	ShowDesktop bool                `json:"show_desktop"`
	ShowMobile  bool                `json:"show_mobile"`
	ProductIDs  []uint64            `json:"product_ids"`
	CategoryIDs []uint64            `json:"category_ids"`
	Products    []ContentProductRef `json:"products,omitempty"`
	Categories  []AdminCategoryRef  `json:"categories,omitempty"`
	UpdatedAt   time.Time           `json:"updated_at"`
} // @name AdminSection

func adminSectionResponse(s *content.Section) AdminSectionResponse {
	return AdminSectionResponse{ID: s.ID, Name: s.Name, Order: s.SortOrder, ShowDesktop: s.ShowDesktop, ShowMobile: s.ShowMobile,
		ProductIDs: s.ProductIDs, CategoryIDs: s.CategoryIDs, UpdatedAt: s.UpdatedAt}
}

func (h contentHandlers) sectionFull(c *gin.Context, s *content.Section) (AdminSectionResponse, bool) {
	out := adminSectionResponse(s)
	ps, err := h.c.ProductRefs(c.Request.Context(), s.ProductIDs)
	if err != nil {
		httpx.Fail(c, err)
		return out, false
	}
	cs, err := h.c.AllCategoryLinks(c.Request.Context(), s.CategoryIDs)
	if err != nil {
		httpx.Fail(c, err)
		return out, false
	}
	out.Products, out.Categories = contentProductRefs(ps), adminCategoryRefs(cs)
	return out, true
}

// sections godoc
//
//	@Summary		The home screen's sections, by order
//	@Description	Needs update-home-page (module Home).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]AdminSectionResponse]
//	@Router			/api/v1/admin/home/sections [get]
func (h contentHandlers) sections(c *gin.Context) {
	rows, err := h.c.Sections(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AdminSectionResponse, len(rows))
	for i := range rows {
		out[i] = adminSectionResponse(&rows[i])
	}
	httpx.Data(c, out)
}

// section godoc
//
//	@Summary	A home section with its products and categories
//	@Tags		content
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"section id"
//	@Success	200	{object}	httpx.DataResponse[AdminSectionResponse]
//	@Failure	404	{object}	httpx.ErrorResponse	"Sekcija ne postoji ili je izbrisana."
//	@Router		/api/v1/admin/home/sections/{id} [get]
func (h contentHandlers) section(c *gin.Context) {
	id, ok := pathID(c, "section")
	if !ok {
		return
	}
	s, err := h.c.GetSection(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.sectionFull(c, s); ok {
		httpx.Data(c, out)
	}
}

func sectionInput(in SectionInput) content.SectionInput {
	out := content.SectionInput{Name: in.Name, Order: in.Order, ShowDesktop: true, ShowMobile: true, ProductIDs: in.ProductIDs, CategoryIDs: in.CategoryIDs}
	if in.ShowDesktop != nil {
		out.ShowDesktop = *in.ShowDesktop
	}
	if in.ShowMobile != nil {
		out.ShowMobile = *in.ShowMobile
	}
	return out
}

// createSection godoc
//
//	@Summary		Add a home section
//	@Description	Needs update-home-page (module Home). name 2-255 required; show_desktop and show_mobile default true; product_ids and category_ids in the order shown.
//	@Tags			content
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		SectionInput	true	"section"
//	@Success		201		{object}	httpx.ChangeResponse[AdminSectionResponse]
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/home/sections [post]
func (h contentHandlers) createSection(c *gin.Context) {
	var in SectionInput
	if !httpx.BindJSON(c, &in) {
		return
	}
	s, err := h.c.CreateSection(c.Request.Context(), sectionInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.sectionFull(c, s); ok {
		httpx.Changed(c, http.StatusCreated, "section.created", out)
	}
}

// updateSection godoc
//
//	@Summary		Edit a home section
//	@Description	Needs update-home-page (module Home). Every field replaced (absent flags: true; absent order: kept).
//	@Tags			content
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			id		path		int				true	"section id"
//	@Param			body	body		SectionInput	true	"section"
//	@Success		200		{object}	httpx.ChangeResponse[AdminSectionResponse]
//	@Failure		404		{object}	httpx.ErrorResponse	"Sekcija ne postoji ili je izbrisana."
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/home/sections/{id} [put]
func (h contentHandlers) updateSection(c *gin.Context) {
	id, ok := pathID(c, "section")
	if !ok {
		return
	}
	var in SectionInput
	if !httpx.BindJSON(c, &in) {
		return
	}
	s, err := h.c.UpdateSection(c.Request.Context(), id, sectionInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if out, ok := h.sectionFull(c, s); ok {
		httpx.Changed(c, http.StatusOK, "section.updated", out)
	}
}

// deleteSection godoc
//
//	@Summary		Delete a home section
//	@Description	Needs update-home-page (module Home).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"section id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		404	{object}	httpx.ErrorResponse	"Sekcija ne postoji ili je izbrisana."
//	@Router			/api/v1/admin/home/sections/{id} [delete]
func (h contentHandlers) deleteSection(c *gin.Context) {
	id, ok := pathID(c, "section")
	if !ok {
		return
	}
	if err := h.c.DeleteSection(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "section.deleted")
}

// AdminPageListItem is a static page in the back office's list; written is false for a page
// with no text yet (the storefront answers 404 for it).
type AdminPageListItem struct {
	Slug      string     `json:"slug"`
	TitleSr   string     `json:"title_sr"`
	TitleEn   string     `json:"title_en"`
	Written   bool       `json:"written"`
	UpdatedAt *time.Time `json:"updated_at" extensions:"x-nullable"`
} // @name AdminPageListItem

// AdminPageResponse is a static page's edit form.
type AdminPageResponse struct {
	Slug      string     `json:"slug"`
	TitleSr   string     `json:"title_sr"`
	TitleEn   string     `json:"title_en"`
	BodySr    string     `json:"body_sr"`
	BodyEn    string     `json:"body_en"`
	UpdatedAt *time.Time `json:"updated_at" extensions:"x-nullable"`
} // @name AdminPage

// PageInput is the static page form: title_sr and body_sr required, the English ones optional.
type PageInput struct {
	TitleSr string `json:"title_sr"`
	TitleEn string `json:"title_en"`
	BodySr  string `json:"body_sr"`
	BodyEn  string `json:"body_en"`
} // @name PageInput

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func adminPageResponse(p *content.Page) AdminPageResponse {
	return AdminPageResponse{Slug: p.Slug, TitleSr: p.TitleSr, TitleEn: p.TitleEn, BodySr: p.BodySr, BodyEn: p.BodyEn, UpdatedAt: optionalTime(p.UpdatedAt)}
}

// adminPages godoc
//
//	@Summary		The static pages staff can edit (every storefront page, written or not)
//	@Description	Needs update-home-page (module Home).
//	@Tags			content
//	@Produce		json
//	@Security		Bearer
//	@Success		200	{object}	httpx.DataResponse[[]AdminPageListItem]
//	@Router			/api/v1/admin/pages [get]
func (h contentHandlers) adminPages(c *gin.Context) {
	rows, err := h.c.Pages(c.Request.Context(), true)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]AdminPageListItem, len(rows))
	for i, p := range rows {
		out[i] = AdminPageListItem{Slug: p.Slug, TitleSr: p.TitleSr, TitleEn: p.TitleEn, Written: p.BodySr != "", UpdatedAt: optionalTime(p.UpdatedAt)}
	}
	httpx.Data(c, out)
}

// adminPage godoc
//
//	@Summary	A static page's texts in both languages
//	@Tags		content
//	@Produce	json
//	@Security	Bearer
//	@Param		slug	path		string	true	"page slug"
//	@Success	200		{object}	httpx.DataResponse[AdminPageResponse]
//	@Failure	404		{object}	httpx.ErrorResponse	"Stranica ne postoji ili je izbrisana."
//	@Router		/api/v1/admin/pages/{slug} [get]
func (h contentHandlers) adminPage(c *gin.Context) {
	p, err := h.c.AdminPage(c.Request.Context(), c.Param("slug"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, adminPageResponse(p))
}

// savePage godoc
//
//	@Summary		Save a static page
//	@Description	Needs update-home-page (module Home). Bodies are the editor's HTML, sanitized; title_sr and body_sr required, titles at most 255.
//	@Tags			content
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			slug	path		string		true	"page slug"
//	@Param			body	body		PageInput	true	"texts"
//	@Success		200		{object}	httpx.ChangeResponse[AdminPageResponse]
//	@Failure		404		{object}	httpx.ErrorResponse	"Stranica ne postoji ili je izbrisana."
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/pages/{slug} [put]
func (h contentHandlers) savePage(c *gin.Context) {
	var in PageInput
	if !httpx.BindJSON(c, &in) {
		return
	}
	p, err := h.c.SavePage(c.Request.Context(), c.Param("slug"), content.PageInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "static_page.saved", adminPageResponse(p))
}
