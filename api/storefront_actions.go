package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/listing"
	"shop/internal/storefront"
)

// storefrontActionRoutes are the storefront's actions pages (spec 2: all actions, action
// preview, single action; spec 7: catalog-stickers): public.
func storefrontActionRoutes(d Deps) []Route {
	if d.Storefront == nil {
		return nil
	}
	h := storefrontHandlers{sf: d.Storefront, ids: d.Identity}
	return []Route{
		{Method: "GET", Path: "/catalog-stickers", Handler: h.actions},
		{Method: "GET", Path: "/catalog-stickers/preview/:id", Handler: h.actionPreview},
		{Method: "GET", Path: "/catalog-stickers/:slug", Handler: h.action},
	}
}

// actionPreviewers may preview an action that is not running today: those who manage actions
// and stickers, and the landing pages' editors (their form previews an action's products).
var actionPreviewers = []string{identity.PermViewCategoryDiscountDisplay, identity.PermViewProduct, identity.PermUploadPricelist}

// StorefrontStickerType is an action as the storefront shows it. image_url is the action's
// header image (its sticker when it has none); sticker_url the small sticker of product cards.
type StorefrontStickerType struct {
	ID         uint64  `json:"id"`
	Name       string  `json:"name"`
	Slug       string  `json:"slug"`
	ImageURL   *string `json:"image_url" extensions:"x-nullable"`
	StickerURL *string `json:"sticker_url" extensions:"x-nullable"`
	From       string  `json:"from" example:"2026-11-01"`
	To         string  `json:"to" example:"2026-11-30"`
} // @name StorefrontStickerType

func storefrontStickerType(t *catalog.CatalogStickerType) StorefrontStickerType {
	out := StorefrontStickerType{ID: t.ID, Name: t.Name, Slug: t.Slug, ImageURL: optionalMediaURL(t.DesktopImageKey), StickerURL: optionalMediaURL(t.StickerKey)}
	if out.ImageURL == nil {
		out.ImageURL = out.StickerURL
	}
	if t.ValidFrom != nil {
		out.From = t.ValidFrom.Format(time.DateOnly)
	}
	if t.ValidTo != nil {
		out.To = t.ValidTo.Format(time.DateOnly)
	}
	return out
}

// actions godoc
//
//	@Summary		The actions running today (public)
//	@Description	Catalog sticker types whose from..to covers today's date in Belgrade, the latest start first.
//	@Tags			storefront
//	@Produce		json
//	@Success		200	{object}	httpx.DataResponse[[]StorefrontStickerType]
//	@Router			/api/v1/catalog-stickers [get]
func (h storefrontHandlers) actions(c *gin.Context) {
	ts, err := h.sf.Actions(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]StorefrontStickerType, len(ts))
	for i := range ts {
		out[i] = storefrontStickerType(&ts[i])
	}
	httpx.Data(c, out)
}

// StorefrontAction is an action with a page of its products.
type StorefrontAction struct {
	Sticker  StorefrontStickerType   `json:"sticker"`
	Products []StorefrontProductCard `json:"products"`
} // @name StorefrontAction

// StorefrontActionPage is `{data: {sticker, products}, meta}`.
type StorefrontActionPage struct {
	Data StorefrontAction `json:"data"`
	Meta httpx.Meta       `json:"meta"`
} // @name StorefrontActionPage

// storefrontActionQuery is the action page's query besides page and paginate.
type storefrontActionQuery struct {
	Sort string `form:"sort"`
}

func (h storefrontHandlers) writeAction(c *gin.Context, load func(sort string, page listing.Page, loggedIn bool) (*storefront.ActionPage, error)) {
	var f storefrontActionQuery
	page, _, ok := httpx.BindList(c, &f, httpx.ListSpec{DefaultSize: storefront.DefaultPageSize, MaxSize: storefront.MaxPageSize})
	if !ok {
		return
	}
	loggedIn := h.loggedIn(c)
	res, err := load(f.Sort, page, loggedIn)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	page.Size, _ = storefront.PageSize(page.Size)
	out := StorefrontActionPage{Data: StorefrontAction{Sticker: storefrontStickerType(res.Action), Products: make([]StorefrontProductCard, len(res.Products))},
		Meta: httpx.Meta{Total: res.Total, PerPage: page.Size, CurrentPage: page.Number, LastPage: page.LastPageOf(listing.Total{N: res.Total})}}
	for i := range res.Products {
		out.Data.Products[i] = storefrontCard(&res.Products[i], loggedIn)
	}
	c.JSON(200, out)
}

// action godoc
//
//	@Summary		One running action with its products (public)
//	@Description	The action (catalog sticker type) with this slug, when it runs today, and a page of the active, visible products whose sticker of it shows today, as product cards with the caller's shown price. Sorted like a category page. An unknown slug or an action not running today: 404.
//	@Tags			storefront
//	@Produce		json
//	@Param			slug		path		string	true	"action slug"
//	@Param			sort		query		string	false	"order"	Enums(newest, price, -price, name, -name)	default(newest)
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	Enums(24, 48, 72, 96)	default(24)
//	@Success		200			{object}	StorefrontActionPage
//	@Failure		404			{object}	httpx.ErrorResponse	"Akcija ne postoji ili je izbrisana."
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/catalog-stickers/{slug} [get]
func (h storefrontHandlers) action(c *gin.Context) {
	h.writeAction(c, func(sort string, page listing.Page, loggedIn bool) (*storefront.ActionPage, error) {
		return h.sf.Action(c.Request.Context(), c.Param("slug"), sort, page, loggedIn)
	})
}

// actionPreview godoc
//
//	@Summary		Preview an action by id
//	@Description	An action running today is public (a product banner links to its preview). One that is not (upcoming, ended, undated) needs a token of staff holding view_category-discount-display, view-product or upload-pricelist; to anyone else it is a 404, as an unknown id. The preview lists every product whose sticker of the action is switched on, whatever the sticker's dates.
//	@Tags			storefront
//	@Produce		json
//	@Param			id			path		int		true	"action (catalog sticker type) id"
//	@Param			sort		query		string	false	"order"	Enums(newest, price, -price, name, -name)	default(newest)
//	@Param			page		query		int		false	"page (1-based)"
//	@Param			paginate	query		int		false	"page size"	Enums(24, 48, 72, 96)	default(24)
//	@Success		200			{object}	StorefrontActionPage
//	@Failure		404			{object}	httpx.ErrorResponse	"Akcija ne postoji ili je izbrisana."
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/catalog-stickers/preview/{id} [get]
func (h storefrontHandlers) actionPreview(c *gin.Context) {
	id, ok := pathID(c, "action")
	if !ok {
		return
	}
	running, err := h.sf.ActionRunning(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if !running && !h.may(c, actionPreviewers...) {
		httpx.Fail(c, apperr.NotFoundThing("action"))
		return
	}
	h.writeAction(c, func(sort string, page listing.Page, loggedIn bool) (*storefront.ActionPage, error) {
		return h.sf.ActionPreview(c.Request.Context(), id, sort, page, loggedIn)
	})
}

// may tells whether the request carries a valid token of a user holding any of perms.
func (h storefrontHandlers) may(c *gin.Context, perms ...string) bool {
	token := bearer(c, false)
	if token == "" {
		return false
	}
	p, err := h.ids.Authenticate(c.Request.Context(), token)
	return err == nil && p.CanAny(perms...)
}
