import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { SearchPage } from './SearchPage'

const card = (id: number, name: string) => ({
  id, name, slug: `p-${id}`, main_category_slug: 'frizideri', main_image: null, discount: null,
  price: 1000, retail_price: 1200, saving: 200, purchasable: true, catalog_stickers: [], energy_sticker_url: null,
})
const results = {
  data: [card(1, 'Frižider Gorenje'), card(2, 'Frižider LG')],
  meta: { total: 30, per_page: 24, current_page: 1, last_page: 2 },
  facets: {
    price: { min: 300, max: 2000 },
    brands: [{ id: 7, name: 'Gorenje', count: 1 }, { id: 8, name: 'LG', count: 1 }],
    attributes: [{ id: 4, name: 'Boja', values: [{ id: 11, value: 'Bela', count: 2 }] }],
    on_action: 1,
    in_stock: 2,
  },
  category: { id: 2, name: 'Frižideri', slug: 'frizideri' },
  fuzzy: false,
}

function setup(route: string) {
  const seen = mockApi({ 'GET /api/v1/search': () => json(results) })
  renderAt(
    <Routes>
      <Route path="/pretraga-proizvoda/:query" element={<SearchPage />} />
    </Routes>,
    route,
  )
  const searchCalls = () =>
    seen.filter((r) => new URL(r.url).pathname === '/api/v1/search').map((r) => Object.fromEntries(new URL(r.url).searchParams))
  return { searchCalls }
}

const location = () => screen.getByTestId('location').textContent
const SLOW = 30_000

describe('SearchPage', () => {
  it('shows the hits with the facets and sorts by relevance by default', async () => {
    const { searchCalls } = setup('/pretraga-proizvoda/frizider')
    expect(await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })).toBeInTheDocument()
    const facets = screen.getByTestId('facets')
    expect(within(facets).getByRole('checkbox', { name: /Gorenje/ })).toBeInTheDocument()
    expect(within(facets).getByRole('checkbox', { name: /Bela/ }).closest('label')).toHaveTextContent('2')
    const sort = screen.getByRole('combobox', { name: 'Sortiraj' })
    expect(sort).toHaveValue('relevance')
    expect(within(sort).getAllByRole('option')[0]).toHaveTextContent('Najrelevantnije')
    expect(searchCalls()[0]).toEqual({ q: 'frizider', sort: 'relevance', page: '1', paginate: '24' })
    expect(screen.getByRole('link', { name: 'Strana 2' })).toHaveAttribute('href', '/pretraga-proizvoda/frizider?page=2')
  }, SLOW)

  it('puts a chosen brand and sort in the URL and asks the search with them', async () => {
    const { searchCalls } = setup('/pretraga-proizvoda/frizider?page=2')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    await userEvent.click(within(screen.getByTestId('facets')).getByRole('checkbox', { name: /Gorenje/ }))
    expect(location()).toBe('/pretraga-proizvoda/frizider?brands=7') // back to page 1
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sortiraj' }), 'price')
    expect(location()).toBe('/pretraga-proizvoda/frizider?brands=7&sort=price')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    expect(searchCalls().at(-1)).toEqual({ q: 'frizider', brands: '7', sort: 'price', page: '1', paginate: '24' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sortiraj' }), 'relevance')
    expect(location()).toBe('/pretraga-proizvoda/frizider?brands=7')
  }, SLOW)

  it('reads shared filters and the newest sort from the URL', async () => {
    const { searchCalls } = setup('/pretraga-proizvoda/frizider?values=11&in_stock=1&sort=newest')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    expect(searchCalls()[0]).toMatchObject({ q: 'frizider', values: '11', in_stock: 'true', sort: 'newest' })
    expect(screen.getByRole('combobox', { name: 'Sortiraj' })).toHaveValue('newest')
    expect(within(screen.getByRole('list', { name: 'Aktivni filteri' })).getByText(/Bela/)).toBeInTheDocument()
  }, SLOW)
})
