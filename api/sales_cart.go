package api

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// salesCartRoutes are the cart and wish-list calls (spec 7 "Cart and wish list"): public; a
// valid token makes the caller the user (their own list, the customer price).
func salesCartRoutes(d Deps) []Route {
	if d.Sales == nil {
		return nil
	}
	h := cartHandlers{s: d.Sales, ids: d.Identity}
	return []Route{
		{Method: "GET", Path: "/cart", Handler: h.get},
		{Method: "POST", Path: "/cart/items", Handler: h.add},
		{Method: "PATCH", Path: "/cart/items", Handler: h.set},
		{Method: "DELETE", Path: "/cart/items", Handler: h.remove},
		{Method: "DELETE", Path: "/cart", Handler: h.clear},
		{Method: "POST", Path: "/wishlist-to-cart/single", Handler: h.wishlistToCartSingle},
		{Method: "POST", Path: "/wishlist-to-cart", Handler: h.wishlistToCart},
		{Method: "POST", Path: "/cart/transfer", Handler: h.transfer, Auth: true},
	}
}

type cartHandlers struct {
	s   *sales.Service
	ids *identity.Service
}

// buyer is the caller of a public sales call: the user of a valid token, else a guest. A bad
// or expired token is a guest (as on the storefront's other public calls).
func buyer(c *gin.Context, ids *identity.Service) sales.Caller {
	caller := identifyBuyer(c, ids)
	caller.IP = c.ClientIP()
	return caller
}

func identifyBuyer(c *gin.Context, ids *identity.Service) sales.Caller {
	if p := principal(c); p != nil {
		return sales.Caller{UserID: p.UserID}
	}
	token := bearer(c, false)
	if token == "" {
		return sales.Caller{}
	}
	p, err := ids.Authenticate(c.Request.Context(), token)
	if err != nil {
		return sales.Caller{}
	}
	return sales.Caller{UserID: p.UserID}
}

// CartProductResponse is the product of a cart line (spec 3: main_image, slug, mainCategory with slug).
type CartProductResponse struct {
	ID               uint64          `json:"id"`
	Slug             string          `json:"slug"`
	SKU              string          `json:"sku"`
	MainImage        *string         `json:"main_image" extensions:"x-nullable"`
	MainCategorySlug string          `json:"main_category_slug"`
	MainCategory     CartCategoryRef `json:"mainCategory"`
} // @name CartProduct

// CartCategoryRef is the main category's slug (the product's link).
type CartCategoryRef struct {
	Slug string `json:"slug"`
} // @name CartCategoryRef

// CartLineResponse is one line. price is the CURRENT shown price for this caller; when it
// differs from the price the line was added at, price_changed is set and price_at_add holds the
// old one (null otherwise). active (= purchasable) false: left out of the total, refused at checkout.
type CartLineResponse struct {
	ID           uint64              `json:"id"`
	ProductID    uint64              `json:"product_id"`
	Name         string              `json:"name"`
	Quantity     int                 `json:"quantity"`
	Price        money.Para          `json:"price" swaggertype:"number"`
	PriceAtAdd   *money.Para         `json:"price_at_add" swaggertype:"number" extensions:"x-nullable"`
	PriceChanged bool                `json:"price_changed"`
	LineTotal    money.Para          `json:"line_total" swaggertype:"number"`
	Purchasable  bool                `json:"purchasable"`
	Active       bool                `json:"active"`
	InStock      bool                `json:"in_stock"`
	Product      CartProductResponse `json:"product"`
} // @name CartLine

// CartResponse is a cart or a wish list. id is what the client keeps (cookie user_id for the
// cart, favorite_user_id for the wish list; the user's id when logged in). total sums the
// purchasable lines; count their units.
type CartResponse struct {
	ID       string             `json:"id"`
	Instance string             `json:"instance" enums:"cart,wishlist"`
	Items    []CartLineResponse `json:"items"`
	Total    money.Para         `json:"total" swaggertype:"number"`
	Count    int                `json:"count"`
} // @name Cart

// CartChangeResponse answers a change: the message to show and the list after it.
type CartChangeResponse struct {
	Message string       `json:"message"`
	Cart    CartResponse `json:"cart"`
} // @name CartChange

// WishlistMoveResponse answers the wish-list-to-cart and transfer calls: both lists, and the
// wish list's lines that could not move (not purchasable; they stay in the wish list).
type WishlistMoveResponse struct {
	Message     string             `json:"message"`
	Cart        CartResponse       `json:"cart"`
	Wishlist    CartResponse       `json:"wishlist"`
	Unavailable []CartLineResponse `json:"unavailable"`
} // @name WishlistMove

// CartItemRequest names a line. quantity: 1-99 (add: 1 when absent; never trusted beyond that);
// instance: cart (default) or wishlist; cart_id: the cookie id, or the user's id when logged in.
type CartItemRequest struct {
	CartID    string `json:"cart_id"`
	ProductID uint64 `json:"product_id"`
	Quantity  *int   `json:"quantity" extensions:"x-nullable"`
	Instance  string `json:"instance" enums:"cart,wishlist"`
} // @name CartItemRequest

// WishlistToCartRequest names the two lists (and for /single the product).
type WishlistToCartRequest struct {
	CartID     string `json:"cart_id"`
	WishlistID string `json:"wishlist_id"`
	ProductID  uint64 `json:"product_id"`
} // @name WishlistToCartRequest

// CartTransferRequest carries the guest's cookie ids (user_id, favorite_user_id) at login.
type CartTransferRequest struct {
	CartID     string `json:"cart_id"`
	WishlistID string `json:"wishlist_id"`
} // @name CartTransferRequest

func cartLineResponse(l sales.Line) CartLineResponse {
	out := CartLineResponse{ID: l.ProductID, ProductID: l.ProductID, Name: l.Name, Quantity: l.Quantity, Price: l.Price,
		PriceChanged: l.PriceChanged, LineTotal: l.LineTotal, Purchasable: l.Purchasable, Active: l.Purchasable, InStock: l.InStock,
		Product: CartProductResponse{ID: l.ProductID, Slug: l.Slug, SKU: l.SKU, MainImage: optionalMediaURL(l.MainImageKey),
			MainCategorySlug: l.MainCategorySlug, MainCategory: CartCategoryRef{Slug: l.MainCategorySlug}}}
	if l.PriceChanged {
		p := l.PriceAtAdd
		out.PriceAtAdd = &p
	}
	return out
}

func cartLines(ls []sales.Line) []CartLineResponse {
	out := make([]CartLineResponse, 0, len(ls))
	for _, l := range ls {
		out = append(out, cartLineResponse(l))
	}
	return out
}

func cartResponse(ct *sales.Cart) CartResponse {
	return CartResponse{ID: ct.ID, Instance: ct.Instance, Items: cartLines(ct.Items), Total: ct.Total, Count: ct.Count}
}

func movedResponse(c *gin.Context, key string, m *sales.Moved) WishlistMoveResponse {
	return WishlistMoveResponse{Message: httpx.T(c, key, nil), Cart: cartResponse(m.Cart), Wishlist: cartResponse(m.Wishlist),
		Unavailable: cartLines(m.Unavailable)}
}

// instanceKey picks the message of a change by the list it changed.
func instanceKey(instance, cart, wishlist string) string {
	if instance == sales.InstanceWishlist {
		return wishlist
	}
	return cart
}

// get godoc
//
//	@Summary		The caller's cart or wish list
//	@Description	Public. Logged in (Bearer): the user's own list; cart_id, when sent, must be the user's id (else 403). Guest: cart_id is the cookie id; without one a new random id is issued in data.id (keep it in the cookie user_id, or favorite_user_id for the wish list). A user's id sent by a guest is a 403; a malformed id a 422. Each line's price is the current shown price for this caller.
//	@Tags			cart
//	@Produce		json
//	@Param			instance	query		string	false	"cart (default) or wishlist"	Enums(cart, wishlist)
//	@Param			cart_id		query		string	false	"cookie id, or the user's id"
//	@Success		200			{object}	httpx.DataResponse[CartResponse]
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart [get]
func (h cartHandlers) get(c *gin.Context) {
	ct, err := h.s.Cart(c.Request.Context(), buyer(c, h.ids), c.Query("instance"), c.Query("cart_id"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, cartResponse(ct))
}

// add godoc
//
//	@Summary		Add a product to the cart or the wish list
//	@Description	Public (see GET cart for the ids; a guest without cart_id gets a new id in cart.id). Cart: quantity (1-99, default 1) adds to the line already there, at most 99 in all; only purchasable products ('Proizvod trenutno nije moguće kupiti: …'). Wish list: any product the storefront shows, once ('Proizvod dodat u listu želja!'). Unknown product, bad quantity, more than 100 lines: 422 and nothing changes.
//	@Tags			cart
//	@Accept			json
//	@Produce		json
//	@Param			body	body		CartItemRequest	true	"the line"
//	@Success		200		{object}	CartChangeResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart/items [post]
func (h cartHandlers) add(c *gin.Context) {
	var in CartItemRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	ct, err := h.s.AddItem(c.Request.Context(), buyer(c, h.ids), sales.ItemInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, CartChangeResponse{Message: httpx.T(c, instanceKey(ct.Instance, "sales.cart_added", "sales.wishlist_added"), nil), Cart: cartResponse(ct)})
}

// set godoc
//
//	@Summary		Set a line's quantity
//	@Description	Public. quantity 1-99 (required); the product must be on the list (422 otherwise, nothing changes).
//	@Tags			cart
//	@Accept			json
//	@Produce		json
//	@Param			body	body		CartItemRequest	true	"the line"
//	@Success		200		{object}	CartChangeResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart/items [patch]
func (h cartHandlers) set(c *gin.Context) {
	var in CartItemRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	ct, err := h.s.SetItem(c.Request.Context(), buyer(c, h.ids), sales.ItemInput(in))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, CartChangeResponse{Message: httpx.T(c, instanceKey(ct.Instance, "sales.cart_updated", "sales.wishlist_updated"), nil), Cart: cartResponse(ct)})
}

// queryProductID reads product_id from the query (a bad one is a 422 on it).
func queryProductID(c *gin.Context) (uint64, bool) {
	raw := c.Query("product_id")
	if raw == "" {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("product_id", "validation.required")))
		return 0, false
	}
	id, err := strconv.ParseUint(raw, 10, 64)
	if err != nil {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("product_id", "validation.number")))
		return 0, false
	}
	return id, true
}

// remove godoc
//
//	@Summary		Remove a product from the cart or the wish list
//	@Description	Public. Not on the list: 422.
//	@Tags			cart
//	@Produce		json
//	@Param			cart_id		query		string	true	"cookie id, or the user's id"
//	@Param			product_id	query		int		true	"product"
//	@Param			instance	query		string	false	"cart (default) or wishlist"	Enums(cart, wishlist)
//	@Success		200			{object}	CartChangeResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart/items [delete]
func (h cartHandlers) remove(c *gin.Context) {
	id, ok := queryProductID(c)
	if !ok {
		return
	}
	ct, err := h.s.RemoveItem(c.Request.Context(), buyer(c, h.ids), sales.ItemInput{CartID: c.Query("cart_id"), Instance: c.Query("instance"), ProductID: id})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, CartChangeResponse{Message: httpx.T(c, instanceKey(ct.Instance, "sales.cart_item_removed", "sales.wishlist_item_removed"), nil), Cart: cartResponse(ct)})
}

// clear godoc
//
//	@Summary		Empty the cart or the wish list
//	@Description	Public.
//	@Tags			cart
//	@Produce		json
//	@Param			cart_id		query		string	true	"cookie id, or the user's id"
//	@Param			instance	query		string	false	"cart (default) or wishlist"	Enums(cart, wishlist)
//	@Success		200			{object}	CartChangeResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart [delete]
func (h cartHandlers) clear(c *gin.Context) {
	ct, err := h.s.Clear(c.Request.Context(), buyer(c, h.ids), c.Query("instance"), c.Query("cart_id"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, CartChangeResponse{Message: httpx.T(c, instanceKey(ct.Instance, "sales.cart_cleared", "sales.wishlist_cleared"), nil), Cart: cartResponse(ct)})
}

// wishlistToCartSingle godoc
//
//	@Summary		Move one product from the wish list to the cart
//	@Description	Public. One unit is added to the cart (one more if it is there already, at most 99) and the product leaves the wish list. Not purchasable or not in the wish list: 422, nothing changes.
//	@Tags			cart
//	@Accept			json
//	@Produce		json
//	@Param			body	body		WishlistToCartRequest	true	"lists and product"
//	@Success		200		{object}	WishlistMoveResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/wishlist-to-cart/single [post]
func (h cartHandlers) wishlistToCartSingle(c *gin.Context) {
	var in WishlistToCartRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	if in.ProductID == 0 {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("product_id", "validation.required")))
		return
	}
	m, err := h.s.WishlistToCart(c.Request.Context(), buyer(c, h.ids), in.CartID, in.WishlistID, in.ProductID)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, movedResponse(c, "sales.wishlist_moved_single", m))
}

// wishlistToCart godoc
//
//	@Summary		Move the whole wish list to the cart
//	@Description	Public. Every purchasable product moves (one unit each); the others stay in the wish list and are listed in unavailable.
//	@Tags			cart
//	@Accept			json
//	@Produce		json
//	@Param			body	body		WishlistToCartRequest	true	"lists (product_id is ignored)"
//	@Success		200		{object}	WishlistMoveResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/wishlist-to-cart [post]
func (h cartHandlers) wishlistToCart(c *gin.Context) {
	var in WishlistToCartRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	m, err := h.s.WishlistToCart(c.Request.Context(), buyer(c, h.ids), in.CartID, in.WishlistID, 0)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, movedResponse(c, "sales.wishlist_moved", m))
}

// transfer godoc
//
//	@Summary		Move the guest's cart and wish list to the user (on login)
//	@Description	Login required. cart_id and wishlist_id are the guest's cookie ids (either may be empty); their lines join the user's lists (quantities add up, at most 99) and the guest's lists are emptied, so a second call moves nothing. A user's id in place of a cookie id: 403.
//	@Tags			cart
//	@Accept			json
//	@Produce		json
//	@Security		Bearer
//	@Param			body	body		CartTransferRequest	true	"the guest's ids"
//	@Success		200		{object}	WishlistMoveResponse
//	@Failure		401		{object}	httpx.ErrorResponse
//	@Failure		403		{object}	httpx.ErrorResponse
//	@Failure		422		{object}	httpx.ErrorResponse
//	@Router			/api/v1/cart/transfer [post]
func (h cartHandlers) transfer(c *gin.Context) {
	var in CartTransferRequest
	if !httpx.BindJSON(c, &in) {
		return
	}
	m, err := h.s.Transfer(c.Request.Context(), buyer(c, h.ids), in.CartID, in.WishlistID)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(200, movedResponse(c, "sales.cart_transferred", m))
}
