// Cookies: the anonymous cart and wish-list ids (user_id, favorite_user_id) are random hashes
// generated on the first visit outside the admin area.

export const CART_COOKIE = 'user_id'
export const WISHLIST_COOKIE = 'favorite_user_id'

export function readCookie(name: string, doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return null
}

export function writeCookie(name: string, value: string, days: number, doc: Document = document): void {
  const expires = new Date(Date.now() + days * 864e5).toUTCString()
  doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`
}

export function randomHash(bytes = 20): string {
  const b = new Uint8Array(bytes)
  crypto.getRandomValues(b)
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}

/** ensureAnonymousIds sets the cart and wish-list cookies when absent; returns both ids. */
export function ensureAnonymousIds(doc: Document = document): { cartId: string; wishlistId: string } {
  let cartId = readCookie(CART_COOKIE, doc)
  if (!cartId) {
    cartId = randomHash()
    writeCookie(CART_COOKIE, cartId, 365, doc)
  }
  let wishlistId = readCookie(WISHLIST_COOKIE, doc)
  if (!wishlistId) {
    wishlistId = randomHash()
    writeCookie(WISHLIST_COOKIE, wishlistId, 365, doc)
  }
  return { cartId, wishlistId }
}

export interface CookieOptions {
  path?: string
  sameSite?: 'Strict' | 'Lax'
  /** days until it expires; without it the cookie lasts for the browser session. */
  days?: number
}

/** setCookie writes a cookie with an explicit path and SameSite (session cookie unless days). */
export function setCookie(name: string, value: string, o: CookieOptions = {}, doc: Document = document): void {
  let c = `${name}=${encodeURIComponent(value)}; path=${o.path ?? '/'}; SameSite=${o.sameSite ?? 'Lax'}`
  if (o.days !== undefined) c += `; expires=${new Date(Date.now() + o.days * 864e5).toUTCString()}`
  doc.cookie = c
}

/** deleteCookie removes a cookie set on path. */
export function deleteCookie(name: string, path = '/', doc: Document = document): void {
  doc.cookie = `${name}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT`
}
