import { CART_COOKIE, WISHLIST_COOKIE, deleteCookie, ensureAnonymousIds, randomHash, readCookie, setCookie, writeCookie } from './cookies'

/** recorder is a document stand-in that keeps every cookie string written to it. */
function recorder() {
  const written: string[] = []
  const doc = {
    get cookie() {
      return ''
    },
    set cookie(v: string) {
      written.push(v)
    },
  } as unknown as Document
  return { doc, written }
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim()
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
}

beforeEach(clearCookies)

describe('cookies', () => {
  it('reads back what it writes, encoded', () => {
    writeCookie('greeting', 'zdravo svete; 1', 1)
    expect(readCookie('greeting')).toBe('zdravo svete; 1')
    expect(readCookie('missing')).toBeNull()
  })

  it('creates the anonymous cart and wish-list ids once', () => {
    const first = ensureAnonymousIds()
    expect(first.cartId).toMatch(/^[0-9a-f]{40}$/)
    expect(first.wishlistId).toMatch(/^[0-9a-f]{40}$/)
    expect(first.cartId).not.toBe(first.wishlistId)
    expect(readCookie(CART_COOKIE)).toBe(first.cartId)
    expect(readCookie(WISHLIST_COOKIE)).toBe(first.wishlistId)
    expect(ensureAnonymousIds()).toEqual(first)
  })

  it('makes random hashes of the asked length', () => {
    expect(randomHash(4)).toMatch(/^[0-9a-f]{8}$/)
    expect(randomHash()).not.toBe(randomHash())
  })

  it('setCookie writes path and SameSite, as a session cookie unless days are given', () => {
    const { doc, written } = recorder()
    setCookie('shop_token', 'a b', { path: '/admin/queues', sameSite: 'Strict' }, doc)
    expect(written[0]).toBe('shop_token=a%20b; path=/admin/queues; SameSite=Strict')
    setCookie('x', '1', { days: 1 }, doc)
    expect(written[1]).toMatch(/^x=1; path=\/; SameSite=Lax; expires=.+GMT$/)
  })

  it('deleteCookie expires the cookie on its path', () => {
    const { doc, written } = recorder()
    deleteCookie('shop_token', '/admin/queues', doc)
    expect(written[0]).toBe('shop_token=; path=/admin/queues; expires=Thu, 01 Jan 1970 00:00:00 GMT')
    writeCookie('gone', 'soon', 1)
    deleteCookie('gone')
    expect(readCookie('gone')).toBeNull()
  })
})
