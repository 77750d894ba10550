import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { LandingPage } from './LandingPage'

const sticker = { id: 2, name: 'Crni petak', slug: 'crni-petak', image_url: '/media/st.png', from: '2026-11-20', to: '2026-11-30' }
const card = (i: number) => ({ id: i, name: `Proizvod ${i}`, slug: `proizvod-${i}`, main_category_slug: 'laptopovi', price: 1000 * i })

function page(over: Record<string, unknown>) {
  return {
    id: 1,
    name: 'Crni petak u ElektroMarketu',
    slug: 'crni-petak',
    layout: 1,
    sticker,
    header_image_url: '/media/header.jpg',
    banner_image_url: '/media/banner.jpg',
    top_description: '<p>Gornji opis</p>',
    bottom_description: '<p>Donji opis</p>',
    cards: ['<p>Kartica 1</p>'],
    products: [1, 2, 3, 4, 5, 6].map(card),
    categories: [],
    link: null,
    ...over,
  }
}

function show(data: unknown) {
  mockApi({ 'GET /api/v1/landing-pages/crni-petak': () => json({ data }) })
  renderAt(
    <Routes>
      <Route path="/landing/:slug" element={<LandingPage />} />
    </Routes>,
    '/landing/crni-petak',
  )
}

describe('LandingPage', () => {
  it('layout 1: header image, top text, card 1 as a tab card, a product preview, the link, bottom text', async () => {
    show(page({}))
    const root = await screen.findByTestId('landing-layout-1')
    expect(within(root).getByTestId('landing-header')).toHaveAttribute('src', '/media/header.jpg')
    expect(within(root).getByTestId('landing-top')).toHaveTextContent('Gornji opis')
    const tabCard = within(root).getByTestId('landing-card')
    expect(tabCard).toHaveTextContent('Crni petak')
    expect(tabCard).toHaveTextContent('Kartica 1')
    expect(within(root).getAllByTestId('product-card')).toHaveLength(4)
    expect(within(root).getByRole('link', { name: 'Pogledaj sve proizvode' })).toHaveAttribute('href', '/akcije/crni-petak')
    expect(within(root).getByTestId('landing-bottom')).toHaveTextContent('Donji opis')
    expect(within(root).queryByTestId('landing-banner')).not.toBeInTheDocument()
  })

  it('layout 2: banner, top text, four cards, every product, the link, bottom text', async () => {
    show(page({ layout: 2, cards: ['<p>K1</p>', '<p>K2</p>', '<p>K3</p>', '<p>K4</p>'], link: '/kategorije/laptopovi' }))
    const root = await screen.findByTestId('landing-layout-2')
    expect(within(root).getByTestId('landing-banner')).toHaveAttribute('src', '/media/banner.jpg')
    expect(within(root).getAllByTestId('landing-card').map((c) => c.textContent)).toEqual(['K1', 'K2', 'K3', 'K4'])
    expect(within(root).getAllByTestId('product-card')).toHaveLength(6)
    expect(within(root).getByRole('link', { name: 'Pogledaj sve proizvode' })).toHaveAttribute('href', '/kategorije/laptopovi')
    expect(within(root).getByTestId('landing-top')).toHaveTextContent('Gornji opis')
    expect(within(root).getByTestId('landing-bottom')).toHaveTextContent('Donji opis')
  })

  it('layout 3: banner, top text, category tiles, bottom text; no products or link', async () => {
    show(
      page({
        layout: 3,
        cards: [],
        products: [],
        sticker: null,
        categories: [
          { id: 1, name: 'Laptopovi', slug: 'laptopovi', image_url: '/media/c1.png' },
          { id: 2, name: 'Monitori', slug: 'monitori', image_url: null },
        ],
      }),
    )
    const root = await screen.findByTestId('landing-layout-3')
    expect(within(root).getByTestId('landing-banner')).toBeInTheDocument()
    const tiles = within(root).getByTestId('landing-categories')
    expect(within(tiles).getByRole('link', { name: 'Laptopovi' })).toHaveAttribute('href', '/kategorije/laptopovi')
    expect(within(tiles).getByRole('link', { name: 'Monitori' })).toHaveAttribute('href', '/kategorije/monitori')
    expect(within(root).queryByTestId('product-card')).not.toBeInTheDocument()
    expect(within(root).queryByRole('link', { name: 'Pogledaj sve proizvode' })).not.toBeInTheDocument()
    expect(within(root).getByTestId('landing-bottom')).toHaveTextContent('Donji opis')
  })

  it('shows the not-found page for an unknown slug', async () => {
    mockApi({})
    renderAt(
      <Routes>
        <Route path="/landing/:slug" element={<LandingPage />} />
      </Routes>,
      '/landing/nema',
    )
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
  })
})
