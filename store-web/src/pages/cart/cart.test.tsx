import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CartNotice } from '../../cart/CartNotice'
import { closeNotice } from '../../cart/notice'
import type { Cart, CartLine } from '../../hooks/api/cart'
import { json, mockApi, renderAt } from '../../test/render'
import { CartPage } from './CartPage'
import { WishlistPage } from './WishlistPage'

const guestId = 'a1'.repeat(20)
const wishId = 'b2'.repeat(20)

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    id: 1,
    product_id: 1,
    name: 'Laptop Lenovo IdeaPad 3',
    quantity: 2,
    price: 1000,
    price_at_add: null,
    price_changed: false,
    line_total: 2000,
    purchasable: true,
    active: true,
    in_stock: true,
    product: { id: 1, slug: 'laptop', sku: 'L1', main_image: null, main_category_slug: 'laptopovi', mainCategory: { slug: 'laptopovi' } },
    ...over,
  }
}

const list = (instance: 'cart' | 'wishlist', items: CartLine[], total = 0): Cart => ({
  id: instance === 'cart' ? guestId : wishId,
  instance,
  items,
  total,
  count: items.filter((l) => l.purchasable).reduce((n, l) => n + l.quantity, 0),
})

async function bodyOf(r: Request) {
  return r.clone().json()
}

describe('CartPage', () => {
  beforeEach(() => {
    closeNotice()
    document.cookie = `user_id=${guestId}; path=/`
    document.cookie = `favorite_user_id=${wishId}; path=/`
  })

  it("shows 'Nema proizvoda u korpi.' for an empty cart, asking for the cookie's cart", async () => {
    const calls = mockApi({ 'GET /api/v1/cart': () => json({ data: list('cart', []) }) })
    renderAt(<CartPage />)
    expect(await screen.findByText('Nema proizvoda u korpi.')).toBeInTheDocument()
    const q = new URL(calls[0].url).searchParams
    expect(q.get('cart_id')).toBe(guestId)
    expect(q.get('instance')).toBe('cart')
  })

  it('cuts names at 40 characters, formats prices, notes a changed price and leaves an unpurchasable line out of the total', async () => {
    const long = 'Frižider Gorenje kombinovani NRK6192AXL4 sa No Frost sistemom'
    mockApi({
      'GET /api/v1/cart': () =>
        json({
          data: list(
            'cart',
            [
              line({ name: long, price: 1234.5, price_at_add: 1100, price_changed: true, line_total: 2469 }),
              line({ product_id: 2, id: 2, name: 'Stari monitor', quantity: 1, purchasable: false, active: false, line_total: 500 }),
            ],
            2469,
          ),
        }),
    })
    renderAt(<CartPage />)
    const lines = await screen.findAllByTestId('cart-line')
    const name = within(lines[0]).getByRole('heading').textContent!
    expect(name).toBe(`${Array.from(long).slice(0, 40).join('').trimEnd()}…`)
    expect(within(lines[0]).getByRole('link', { name })).toHaveAttribute('title', long)
    expect(within(lines[0]).getByText('1.234,50 RSD')).toBeInTheDocument()
    expect(within(lines[0]).getByTestId('line-total')).toHaveTextContent('2.469,00 RSD')
    expect(within(lines[0]).getByRole('note')).toHaveTextContent(
      'Cena je promenjena od dodavanja u korpu: bila je 1.100,00 RSD, sada je 1.234,50 RSD.',
    )
    expect(within(lines[1]).getByRole('note')).toHaveTextContent('Proizvod trenutno nije moguće kupiti')
    expect(within(lines[1]).getByTestId('line-total')).toHaveTextContent('—')
    expect(screen.getByTestId('cart-total')).toHaveTextContent('2.469,00 RSD')
    expect(screen.getByRole('link', { name: 'Završi kupovinu' })).toHaveAttribute('href', '/zavrsetak-kupovine')
  })

  it('changes the quantity by PATCH, never below 1 nor above 99, removes a line and empties the cart', async () => {
    let current = list('cart', [line({ quantity: 1 }), line({ product_id: 2, id: 2, name: 'Miš', quantity: 99 })], 3000)
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: current }),
      'PATCH /api/v1/cart/items': async (req) => {
        const b = await req.json()
        current = list('cart', current.items!.map((l) => (l.product_id === b.product_id ? { ...l, quantity: b.quantity } : l)))
        return json({ message: 'Korpa je izmenjena.', cart: current })
      },
      'DELETE /api/v1/cart/items': (req) => {
        const id = Number(new URL(req.url).searchParams.get('product_id'))
        current = list('cart', current.items!.filter((l) => l.product_id !== id))
        return json({ message: 'Proizvod je uklonjen iz korpe.', cart: current })
      },
      'DELETE /api/v1/cart': () => {
        current = list('cart', [])
        return json({ message: 'Korpa je ispražnjena.', cart: current })
      },
    })
    const user = userEvent.setup()
    renderAt(<CartPage />)
    const laptop = 'Laptop Lenovo IdeaPad 3'
    expect(await screen.findByRole('button', { name: `Smanji količinu: ${laptop}` })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Povećaj količinu: Miš' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: `Povećaj količinu: ${laptop}` }))
    await waitFor(() => expect(screen.getAllByTestId('line-quantity')[0]).toHaveTextContent('2'))
    const patch = calls.find((c) => c.method === 'PATCH')!
    expect(await bodyOf(patch)).toEqual({ cart_id: guestId, product_id: 1, quantity: 2, instance: 'cart' })

    await user.click(screen.getByRole('button', { name: 'Smanji količinu: Miš' }))
    await waitFor(() => expect(screen.getAllByTestId('line-quantity')[1]).toHaveTextContent('98'))
    expect(await bodyOf(calls.filter((c) => c.method === 'PATCH')[1])).toMatchObject({ product_id: 2, quantity: 98 })

    await user.click(screen.getByRole('button', { name: 'Ukloni: Miš' }))
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    const del = new URL(calls.find((c) => c.method === 'DELETE')!.url).searchParams
    expect([del.get('cart_id'), del.get('product_id'), del.get('instance')]).toEqual([guestId, '2', 'cart'])

    await user.click(screen.getByRole('button', { name: 'Isprazni korpu' }))
    expect(await screen.findByText('Nema proizvoda u korpi.')).toBeInTheDocument()
  })

  it("shows the server's refusal of a change", async () => {
    mockApi({
      'GET /api/v1/cart': () => json({ data: list('cart', [line()]) }),
      'PATCH /api/v1/cart/items': () => json({ message: 'Podaci nisu ispravni.', errors: { quantity: ['Količina može biti najviše 99'] } }, 422),
    })
    renderAt(
      <>
        <CartPage />
        <CartNotice />
      </>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Povećaj količinu: Laptop Lenovo IdeaPad 3' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Količina može biti najviše 99')
  })
})

describe('WishlistPage', () => {
  beforeEach(() => {
    closeNotice()
    document.cookie = `user_id=${guestId}; path=/`
    document.cookie = `favorite_user_id=${wishId}; path=/`
  })

  it('moves everything it can to the cart and lists the products that could not move', async () => {
    const monitor = line({ product_id: 2, id: 2, name: 'Stari monitor', purchasable: false, active: false })
    let wish = list('wishlist', [line(), monitor])
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: wish }),
      'POST /api/v1/wishlist-to-cart': () => {
        wish = list('wishlist', [monitor])
        return json({
          message: 'Proizvodi iz liste želja su prebačeni u korpu.',
          cart: list('cart', [line({ quantity: 1 })]),
          wishlist: wish,
          unavailable: [monitor],
        })
      },
    })
    renderAt(
      <>
        <WishlistPage />
        <CartNotice />
      </>,
    )
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: /^Prebaci u korpu/ })).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Prebaci sve u korpu' }))
    const unavailable = await screen.findByTestId('unavailable')
    expect(unavailable).toHaveTextContent('Sledeće proizvode trenutno nije moguće kupiti')
    expect(within(unavailable).getByText('Stari monitor')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Proizvodi iz liste želja su prebačeni u korpu.')
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    const post = calls.find((c) => c.method === 'POST')!
    expect(await bodyOf(post)).toMatchObject({ cart_id: guestId, wishlist_id: wishId })
  })

  it('moves one product and removes another', async () => {
    const mis = line({ product_id: 2, id: 2, name: 'Miš' })
    let wish = list('wishlist', [line(), mis])
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: wish }),
      'POST /api/v1/wishlist-to-cart/single': () => {
        wish = list('wishlist', [mis])
        return json({ message: 'Proizvod je prebačen u korpu.', cart: list('cart', [line()]), wishlist: wish, unavailable: [] })
      },
      'DELETE /api/v1/cart/items': () => {
        wish = list('wishlist', [])
        return json({ message: 'Proizvod je uklonjen iz liste želja.', cart: wish })
      },
    })
    const user = userEvent.setup()
    renderAt(<WishlistPage />)
    await user.click(await screen.findByRole('button', { name: 'Prebaci u korpu: Laptop Lenovo IdeaPad 3' }))
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    expect(await bodyOf(calls.find((c) => c.url.endsWith('/single'))!)).toMatchObject({ product_id: 1 })
    await user.click(screen.getByRole('button', { name: 'Ukloni: Miš' }))
    expect(await screen.findByText('Nema proizvoda u listi želja.')).toBeInTheDocument()
    expect(new URL(calls.find((c) => c.method === 'DELETE')!.url).searchParams.get('instance')).toBe('wishlist')
  })
})
