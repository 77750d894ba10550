import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LoginPage } from '../pages/LoginPage'
import { Header } from '../shell/Header'
import { json, mockApi, renderAt, session } from '../test/render'

const cartId = 'd4'.repeat(20)
const wishId = 'e5'.repeat(20)

describe('cart and wish list on login', () => {
  it('moves the guest’s lists to the user with the cookie ids, then the header counts are the user’s', async () => {
    document.cookie = `user_id=${cartId}; path=/`
    document.cookie = `favorite_user_id=${wishId}; path=/`
    let transferred = false
    const list = (instance: string, id: string, count: number) => ({
      id,
      instance,
      total: count * 100,
      count,
      items: Array.from({ length: count }, (_, i) => ({ product_id: i + 1, name: `P${i}`, quantity: 1, purchasable: true })),
    })
    const calls = mockApi({
      'GET /api/v1/cart': (req) => {
        const q = new URL(req.url).searchParams
        const user = req.headers.get('Authorization') === 'Bearer access-token'
        const instance = q.get('instance')!
        if (!user) return json({ data: list(instance, q.get('cart_id')!, 1) })
        // The user's lists: their own 2 + the guest's 1 after the transfer.
        return json({ data: list(instance, '7', transferred ? 3 : 2) })
      },
      'POST /api/v1/login': () => json({ data: session() }),
      'POST /api/v1/cart/transfer': () => {
        transferred = true
        return json({ message: 'Korpa i lista želja su prenete na vaš nalog.', cart: list('cart', '7', 3), wishlist: list('wishlist', '7', 3), unavailable: [] })
      },
      'GET /api/v1/users/token': () => json({ data: session().user }),
    })
    const user = userEvent.setup()
    renderAt(
      <>
        <Header />
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </>,
      '/login',
    )
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'))
    expect(screen.getByRole('link', { name: 'Korpa (1)' })).toHaveAttribute('href', '/korpa')
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('1')

    await user.type(screen.getByLabelText('E-mail adresa'), 'kupac@demo.local')
    await user.type(screen.getByLabelText('Lozinka'), 'lozinka123')
    await user.click(screen.getByRole('button', { name: 'Prijavi se' }))

    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'))
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('3')
    const transfer = calls.filter((c) => c.url.endsWith('/cart/transfer'))
    expect(transfer).toHaveLength(1)
    expect(transfer[0].headers.get('Authorization')).toBe('Bearer access-token')
    expect(await transfer[0].clone().json()).toEqual({ cart_id: cartId, wishlist_id: wishId })
    // Logged in, the lists are asked for without a cookie id (the token names the user).
    const userReads = calls.filter((c) => c.method === 'GET' && c.url.includes('/cart?') && c.headers.get('Authorization'))
    expect(userReads.length).toBeGreaterThan(0)
    for (const r of userReads) expect(new URL(r.url).searchParams.get('cart_id')).toBeNull()
  }, 30_000)
})
