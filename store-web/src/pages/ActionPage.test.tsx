import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { paths } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { ActionPage, pageSize } from './ActionPage'
import { ActionsPage } from './ActionsPage'

const sticker = { id: 2, name: 'Crni petak', slug: 'crni-petak', image_url: '/media/st.png', from: '2026-11-20', to: '2026-11-30' }
const card = (i: number) => ({ id: i, name: `Proizvod ${i}`, slug: `proizvod-${i}`, main_category_slug: 'laptopovi', price: 1000 * i })

function Pages() {
  return (
    <Routes>
      <Route path={paths.actions} element={<ActionsPage />} />
      <Route path={paths.actionPreview} element={<ActionPage preview />} />
      <Route path={paths.action} element={<ActionPage />} />
    </Routes>
  )
}

// The action's own call (the cards also read the wish list, for their hearts).
const lastStickerCall = (calls: Request[]) => calls.filter((c) => c.url.includes('/catalog-stickers/')).at(-1)!

describe('actions', () => {
  it('lists today’s actions as image cards linking to each action', async () => {
    mockApi({ 'GET /api/v1/catalog-stickers': () => json({ data: [sticker] }) })
    renderAt(<Pages />, '/akcije')
    const link = await screen.findByRole('link', { name: 'Crni petak' })
    expect(link).toHaveAttribute('href', '/akcije/crni-petak')
    expect(link.querySelector('img')).toHaveAttribute('width', '400')
    expect(screen.getByText('Traje od 20.11.2026 do 30.11.2026')).toBeInTheDocument()
  })

  it('shows an action’s products and changes size and sort through the URL', async () => {
    const calls = mockApi({
      'GET /api/v1/catalog-stickers/crni-petak': (req) => {
        const q = new URL(req.url).searchParams
        const n = Number(q.get('paginate'))
        return json({ data: { sticker, products: [1, 2, 3].map(card) }, meta: { total: 100, per_page: n, current_page: Number(q.get('page')) } })
      },
    })
    renderAt(<Pages />, '/akcije/crni-petak?page=2&paginate=96')
    expect(await screen.findByRole('heading', { level: 1, name: 'Crni petak' })).toBeInTheDocument()
    expect(screen.getAllByTestId('product-card')).toHaveLength(3)
    let q = new URL(lastStickerCall(calls).url).searchParams
    expect([q.get('page'), q.get('paginate'), q.get('sort')]).toEqual(['2', '72', 'newest'])
    expect(screen.getByRole('navigation', { name: 'Stranice' })).toBeInTheDocument()

    // The category page's one set of sort names.
    const sort = screen.getByLabelText('Sortiraj')
    expect([...sort.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Najnovije',
      'Cena: od najniže',
      'Cena: od najviše',
      'Naziv: A–Š',
      'Naziv: Š–A',
    ])
    await userEvent.selectOptions(sort, 'Cena: od najniže')
    expect(screen.getByTestId('location')).toHaveTextContent('/akcije/crni-petak?paginate=96&sort=price')
    await screen.findAllByTestId('product-card')
    q = new URL(lastStickerCall(calls).url).searchParams
    expect([q.get('page'), q.get('paginate'), q.get('sort')]).toEqual(['1', '72', 'price'])
  })

  it('previews an action by id', async () => {
    const calls = mockApi({
      'GET /api/v1/catalog-stickers/preview/2': () =>
        json({ data: { sticker, products: [] }, meta: { total: 0, per_page: 24, current_page: 1 } }),
    })
    renderAt(<Pages />, '/akcije/pregled/2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Crni petak' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('shows the not-found page for an unknown action', async () => {
    mockApi({})
    renderAt(<Pages />, '/akcije/nema')
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
  })

  it('takes 24, 48 or 72 a page (96 is 72)', () => {
    expect([pageSize(null), pageSize('48'), pageSize('72'), pageSize('96'), pageSize('13')]).toEqual([24, 48, 72, 72, 24])
  })
})
