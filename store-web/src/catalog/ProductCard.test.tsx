import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CompareBar } from '../compare/CompareBar'
import { resetCompareCache } from '../compare/compareStore'
import { CartNotice } from '../cart/CartNotice'
import { closeNotice } from '../cart/notice'
import { json, mockApi, renderAt } from '../test/render'
import { saveTokens } from '@shop/shared'
import { ProductCard } from './ProductCard'
import { cutName, formatPrice, type ProductCard as Card } from './format'

const card = (over: Partial<Card> = {}): Card => ({
  id: 5,
  name: 'Frižider Gorenje RK4181PW4',
  slug: 'frizider-gorenje-rk4181pw4',
  main_category_slug: 'frizideri',
  main_image: { id: 1, main: true, small: '/media/p/1-small.jpg', large: '/media/p/1-large.jpg', position: 0, srcset: '' },
  discount: { id: 3, type: 'Crni petak', type_id: 2, from: '2026-11-20', to: '2026-11-30', price: 700 },
  price: 700,
  retail_price: 1200,
  saving: 500,
  purchasable: true,
  login_discount: true,
  catalog_stickers: [{ id: 9, name: 'Crni petak', slug: 'crni-petak', image_url: '/media/stickers/cp.png' }],
  energy_sticker_url: '/media/stickers/a.png',
  ...over,
})

const emptyList = (instance: 'cart' | 'wishlist') => ({ id: 'c'.repeat(40), instance, items: [], total: 0, count: 0 })

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('ProductCard', () => {
  beforeEach(() => {
    resetCompareCache()
    closeNotice()
  })

  it('links to the category/product path and shows prices, stickers and the guest note', () => {
    renderAt(<ProductCard product={card()} />)
    const link = screen.getByRole('link', { name: 'Frižider Gorenje RK4181PW4' })
    expect(link).toHaveAttribute('href', '/kategorije/frizideri/proizvodi/frizider-gorenje-rk4181pw4')
    expect(screen.getByText(formatPrice(1200))).toBeInTheDocument()
    expect(screen.getByText('700,00 RSD')).toBeInTheDocument()
    expect(screen.getByText('Ušteda: 500,00 RSD')).toBeInTheDocument()
    expect(screen.getByText('-42%')).toBeInTheDocument()
    expect(screen.getByAltText('Crni petak')).toHaveAttribute('src', '/media/stickers/cp.png')
    expect(screen.getByAltText('Energetska klasa')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Dodaj u korpu' })).toBeInTheDocument()
    expect(screen.getByText('*Uloguj se i ostvari dodatni popust')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Dodaj u listu želja/ })).toBeInTheDocument()
    const img = screen.getByTestId('product-card').querySelector('img')!
    expect(img).toHaveAttribute('width', '300')
    expect(img).toHaveAttribute('height', '300')
    expect(img.getAttribute('srcset')).toContain('1-large.jpg 1200w')
  }, SLOW)

  it('cuts names longer than 86 characters with an ellipsis', () => {
    const long = 'Laptop '.repeat(20).trim()
    renderAt(<ProductCard product={card({ name: long })} />)
    const shown = screen.getByRole('heading').textContent!
    expect(shown.endsWith('…')).toBe(true)
    expect(Array.from(shown).length).toBeLessThanOrEqual(87)
    expect(cutName('x'.repeat(86))).toBe('x'.repeat(86))
    expect(cutName('x'.repeat(87))).toBe(`${'x'.repeat(86)}…`)
  }, SLOW)

  it('shows a placeholder without an image', () => {
    renderAt(<ProductCard product={card({ main_image: null })} />)
    expect(screen.getByTestId('card-placeholder')).toBeInTheDocument()
  }, SLOW)

  it('hides price details and the heart for a product that cannot be bought', () => {
    renderAt(<ProductCard product={card({ purchasable: false })} />)
    expect(screen.queryByText('700,00 RSD')).not.toBeInTheDocument()
    expect(screen.queryByText(/Ušteda/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Dodaj u listu želja/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Dodaj u korpu' })).not.toBeInTheDocument()
    expect(screen.getByText('Proizvod nije na stanju.')).toBeInTheDocument()
  }, SLOW)

  it('promises the login discount only where logging in lowers the price', () => {
    renderAt(<ProductCard product={card({ login_discount: false })} />)
    expect(screen.queryByText('*Uloguj se i ostvari dodatni popust')).not.toBeInTheDocument()
  }, SLOW)

  it('has no guest note for a logged-in customer', () => {
    saveTokens({ token: 'access-token', refresh_token: 'r', expires_in: 900 })
    renderAt(<ProductCard product={card()} />)
    expect(screen.queryByText('*Uloguj se i ostvari dodatni popust')).not.toBeInTheDocument()
  }, SLOW)

  it('adds one unit to the guest’s cart on Dodaj u korpu, pushes the dataLayer event and shows the message', async () => {
    window.dataLayer = []
    document.cookie = `user_id=${'c'.repeat(40)}; path=/`
    const calls = mockApi({
      'GET /api/v1/cart': () => json({ data: emptyList('wishlist') }),
      'POST /api/v1/cart/items': () => json({ message: 'Proizvod dodat u korpu!', cart: { ...emptyList('cart'), count: 1 } }),
    })
    renderAt(
      <>
        <ProductCard product={card()} />
        <CartNotice />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj u korpu' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Proizvod dodat u korpu!')
    const post = calls.find((c) => c.method === 'POST')!
    expect(await post.json()).toEqual({ cart_id: 'c'.repeat(40), product_id: 5, quantity: 1, instance: 'cart' })
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'add_to_cart' })])
  }, SLOW)

  it('shows the server’s refusal and pushes no event when the product cannot be added', async () => {
    window.dataLayer = []
    mockApi({
      'GET /api/v1/cart': () => json({ data: emptyList('wishlist') }),
      'POST /api/v1/cart/items': () =>
        json({ message: 'Proizvod trenutno nije moguće kupiti: Frižider', errors: { product_id: ['Proizvod trenutno nije moguće kupiti: Frižider'] } }, 422),
    })
    renderAt(
      <>
        <ProductCard product={card()} />
        <CartNotice />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj u korpu' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Proizvod trenutno nije moguće kupiti: Frižider')
    expect(window.dataLayer).toEqual([])
  }, SLOW)

  it('toggles the wish list with the heart: filled when in it, each click with the server’s message', async () => {
    window.dataLayer = []
    let inList = false
    const calls = mockApi({
      'GET /api/v1/cart': () =>
        json({ data: { ...emptyList('wishlist'), items: inList ? [{ product_id: 5, name: 'Frižider', quantity: 1 }] : [] } }),
      'POST /api/v1/cart/items': () => {
        inList = true
        return json({
          message: 'Proizvod dodat u listu želja!',
          cart: { ...emptyList('wishlist'), items: [{ product_id: 5, name: 'Frižider', quantity: 1 }] },
        })
      },
      'DELETE /api/v1/cart/items': () => {
        inList = false
        return json({ message: 'Proizvod je uklonjen iz liste želja.', cart: emptyList('wishlist') })
      },
    })
    renderAt(
      <>
        <ProductCard product={card()} />
        <CartNotice />
      </>,
    )
    const heart = await screen.findByTestId('wishlist-heart')
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true))
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(heart)
    expect(await screen.findByRole('status')).toHaveTextContent('Proizvod dodat u listu želja!')
    expect(await calls.find((c) => c.method === 'POST')!.json()).toMatchObject({ product_id: 5, quantity: 1, instance: 'wishlist' })
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'add_to_wishlist' })])
    // In the list: the heart is filled and says so; a second click takes the product out.
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'))
    expect(heart).toHaveAccessibleName(/Ukloni iz liste želja/)
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'currentColor')
    await userEvent.click(heart)
    expect(await screen.findByText('Proizvod je uklonjen iz liste želja.')).toBeInTheDocument()
    const del = new URL(calls.find((c) => c.method === 'DELETE')!.url)
    expect(Object.fromEntries(del.searchParams)).toMatchObject({ product_id: '5', instance: 'wishlist' })
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'))
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
  }, SLOW)

  it('toggles the product in the compare list, at most 4', async () => {
    renderAt(
      <>
        {[1, 2, 3, 4, 5].map((id) => (
          <ProductCard key={id} product={card({ id, slug: `p${id}`, name: `Proizvod ${id}` })} />
        ))}
      </>,
    )
    const boxes = screen.getAllByRole('checkbox', { name: 'Uporedi' })
    for (const b of boxes.slice(0, 4)) await userEvent.click(b)
    expect(JSON.parse(localStorage.getItem('compare')!)).toHaveLength(4)
    expect(boxes[4]).toBeDisabled()
    await userEvent.click(boxes[0])
    expect(boxes[4]).toBeEnabled()
    expect(within(screen.getAllByTestId('product-card')[0]).getByRole('checkbox')).not.toBeChecked()
  }, SLOW)

  it('shows the chosen products in the compare bar: count, thumbnails, removal and the way to the comparison', async () => {
    renderAt(
      <>
        <CompareBar />
        {[1, 2].map((id) => (
          <ProductCard key={id} product={card({ id, slug: `p${id}`, name: `Proizvod ${id}` })} />
        ))}
      </>,
    )
    expect(screen.queryByTestId('compare-bar')).not.toBeInTheDocument()
    const boxes = screen.getAllByRole('checkbox', { name: 'Uporedi' })
    await userEvent.click(boxes[0])
    await userEvent.click(boxes[1])
    const bar = screen.getByTestId('compare-bar')
    expect(bar).toHaveTextContent('Za poređenje: 2 od 4')
    expect(bar.querySelector('img')).toHaveAttribute('src', '/media/p/1-small.jpg')
    expect(within(bar).getByRole('link', { name: 'Uporedi' })).toHaveAttribute('href', '/uporedi-proizvode')
    await userEvent.click(within(bar).getByRole('button', { name: 'Ukloni Proizvod 1 iz poređenja' }))
    expect(bar).toHaveTextContent('Za poređenje: 1 od 4')
    expect(boxes[0]).not.toBeChecked()
    await userEvent.click(within(bar).getByRole('button', { name: 'Obriši sve' }))
    expect(screen.queryByTestId('compare-bar')).not.toBeInTheDocument()
  }, SLOW)
})
