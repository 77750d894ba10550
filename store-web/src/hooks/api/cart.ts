// The cart and the wish list (spec 7 "Cart and wish-list calls"): one query per list, the
// changes, the moves from the wish list and the transfer on login. Whose list: a logged-in
// shopper's own (the token says so; no id is sent), a guest's by the cookie ids user_id (cart)
// and favorite_user_id (wish list).
import {
  CART_COOKIE,
  WISHLIST_COOKIE,
  ensureAnonymousIds,
  readCookie,
  unwrap,
  writeCookie,
  type components,
} from '@shop/shared'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'
import { isLoggedIn, useIsLoggedIn } from '../../session/loginState'

export type Cart = components['schemas']['Cart']
export type CartLine = components['schemas']['CartLine']
export type CartChange = components['schemas']['CartChange']
export type WishlistMove = components['schemas']['WishlistMove']
export type Instance = 'cart' | 'wishlist'

/** Quantity limits of a cart line (the server refuses anything else). */
export const QTY_MIN = 1
export const QTY_MAX = 99

export const cartKeys = {
  all: ['cart'] as const,
  list: (instance: Instance, loggedIn: boolean) => [...cartKeys.all, instance, loggedIn ? 'user' : 'guest'] as const,
}

const cookieOf: Record<Instance, string> = { cart: CART_COOKIE, wishlist: WISHLIST_COOKIE }

/**
 * listId is the cart_id to send: none when logged in (the server takes the user's own list),
 * else the guest's cookie id, made on the spot when the cookies were cleared.
 */
export function listId(instance: Instance): string | undefined {
  if (isLoggedIn()) return undefined
  const ids = ensureAnonymousIds()
  return instance === 'cart' ? ids.cartId : ids.wishlistId
}

/** keepGuestId stores the id the server answered when it is not the cookie's (a new one it issued). */
function keepGuestId(cart: Cart | undefined): void {
  if (!cart?.id || isLoggedIn()) return
  const instance: Instance = cart.instance === 'wishlist' ? 'wishlist' : 'cart'
  if (readCookie(cookieOf[instance]) !== cart.id) writeCookie(cookieOf[instance], cart.id, 365)
}

async function fetchList(instance: Instance): Promise<Cart> {
  const cart = (await unwrap(api.GET('/api/v1/cart', { params: { query: { instance, cart_id: listId(instance) } } }))).data!
  keepGuestId(cart)
  return cart
}

/** useCartList is the cart or the wish list of the current shopper. */
export function useCartList(instance: Instance) {
  const loggedIn = useIsLoggedIn()
  return useQuery({ queryKey: cartKeys.list(instance, loggedIn), queryFn: () => fetchList(instance), staleTime: 30_000 })
}

export const useCart = () => useCartList('cart')
export const useWishlist = () => useCartList('wishlist')

/** putList stores a list a change answered, so no second call is needed to show it. */
function putList(qc: QueryClient, cart: Cart | undefined): void {
  if (!cart) return
  keepGuestId(cart)
  const instance: Instance = cart.instance === 'wishlist' ? 'wishlist' : 'cart'
  qc.setQueryData(cartKeys.list(instance, isLoggedIn()), cart)
}

export interface ItemInput {
  productId: number
  quantity?: number
  instance?: Instance
}

/** useAddItem: POST cart/items (the cart: only purchasable products; the wish list: once). */
export function useAddItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ productId, quantity = 1, instance = 'cart' }: ItemInput): Promise<CartChange> =>
      unwrap(api.POST('/api/v1/cart/items', { body: { cart_id: listId(instance), product_id: productId, quantity, instance } })),
    onSuccess: (r) => putList(qc, r.cart),
  })
}

/** useSetQuantity: PATCH cart/items with the line's new quantity (1-99). */
export function useSetQuantity() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ productId, quantity = 1, instance = 'cart' }: ItemInput): Promise<CartChange> =>
      unwrap(api.PATCH('/api/v1/cart/items', { body: { cart_id: listId(instance), product_id: productId, quantity, instance } })),
    onSuccess: (r) => putList(qc, r.cart),
  })
}

/** useRemoveItem: DELETE cart/items (query parameters: no body on DELETE). */
export function useRemoveItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ productId, instance = 'cart' }: ItemInput): Promise<CartChange> =>
      unwrap(
        api.DELETE('/api/v1/cart/items', {
          params: { query: { cart_id: listId(instance) ?? '', product_id: productId, instance } },
        }),
      ),
    onSuccess: (r) => putList(qc, r.cart),
  })
}

/** useClearList: DELETE cart (empties the cart or the wish list). */
export function useClearList() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (instance: Instance = 'cart'): Promise<CartChange> =>
      unwrap(api.DELETE('/api/v1/cart', { params: { query: { cart_id: listId(instance) ?? '', instance } } })),
    onSuccess: (r) => putList(qc, r.cart),
  })
}

function putBoth(qc: QueryClient, m: WishlistMove): void {
  putList(qc, m.cart)
  putList(qc, m.wishlist)
}

/** useMoveToCart: one product (productId) or, without it, the whole wish list to the cart. */
export function useMoveToCart() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (productId?: number): Promise<WishlistMove> => {
      const body = { cart_id: listId('cart'), wishlist_id: listId('wishlist'), product_id: productId }
      return productId
        ? unwrap(api.POST('/api/v1/wishlist-to-cart/single', { body }))
        : unwrap(api.POST('/api/v1/wishlist-to-cart', { body }))
    },
    onSuccess: (m) => putBoth(qc, m),
  })
}

/**
 * transferGuestLists runs right after a login or a registration (spec 4: "on authentication the
 * guest cart and wish list are transferred from cookies"): the cookie lists join the user's, then
 * every cart query is read again so the header counts are the user's. A failed transfer leaves
 * the guest's lines where they were; the login itself stands.
 */
export async function transferGuestLists(qc: QueryClient): Promise<void> {
  const cartId = readCookie(CART_COOKIE) ?? ''
  const wishlistId = readCookie(WISHLIST_COOKIE) ?? ''
  try {
    if (cartId || wishlistId) {
      const m = (await unwrap(api.POST('/api/v1/cart/transfer', { body: { cart_id: cartId, wishlist_id: wishlistId } }))) as WishlistMove
      putBoth(qc, m)
    }
  } catch {
    // The guest's lists stay in their cookies; nothing to show (spec 8: cart errors are quiet).
  } finally {
    await qc.invalidateQueries({ queryKey: cartKeys.all })
  }
}

/** hasProduct tells whether a product is on a list (the heart opens the wish list then). */
export function hasProduct(list: Cart | undefined, productId: number | undefined): boolean {
  return Boolean(productId && list?.items?.some((l) => l.product_id === productId))
}
