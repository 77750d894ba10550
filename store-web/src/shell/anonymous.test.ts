import { readCookie } from '@shop/shared'
import { describe, expect, it } from 'vitest'
import { initAnonymousVisitor } from './anonymous'

describe('initAnonymousVisitor', () => {
  it('stores two different random-hash ids on the first storefront visit', () => {
    expect(readCookie('user_id')).toBeNull()
    const ids = initAnonymousVisitor('/')
    const cart = readCookie('user_id')
    const wish = readCookie('favorite_user_id')
    expect(cart).toMatch(/^[0-9a-f]{40}$/)
    expect(wish).toMatch(/^[0-9a-f]{40}$/)
    expect(cart).not.toBe(wish)
    expect(ids).toEqual({ cartId: cart, wishlistId: wish })
  })

  it('keeps the ids of an earlier visit', () => {
    document.cookie = 'user_id=cart-abc; path=/'
    document.cookie = 'favorite_user_id=wish-xyz; path=/'
    expect(initAnonymousVisitor('/korpa')).toEqual({ cartId: 'cart-abc', wishlistId: 'wish-xyz' })
    expect(readCookie('user_id')).toBe('cart-abc')
  })

  it('adds only the missing one', () => {
    document.cookie = 'user_id=cart-abc; path=/'
    initAnonymousVisitor('/')
    expect(readCookie('user_id')).toBe('cart-abc')
    expect(readCookie('favorite_user_id')).toMatch(/^[0-9a-f]{40}$/)
  })

  it('does nothing under /admin', () => {
    expect(initAnonymousVisitor('/admin/proizvodi')).toBeNull()
    expect(readCookie('user_id')).toBeNull()
    expect(readCookie('favorite_user_id')).toBeNull()
  })
})
