import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetCompareCache } from '../compare/compareStore'
import { json, mockApi, renderAt } from '../test/render'
import { ComparePage } from './ComparePage'

const product = (slug: string, name: string, attrs: [string, string][]) => ({
  data: {
    id: slug.length, name, slug, main_category_slug: 'laptopovi', main_image: null, discount: null, price: 1000, retail_price: 1200,
    saving: 200, purchasable: true, catalog_stickers: [], energy_sticker_url: null, brand: { id: 1, name: 'Lenovo' },
    attributes: attrs.map(([a, v], i) => ({ id: i + 1, attribute: { id: i + 1, name: a }, value: { id: 100 + i, value: v }, order: i, active: true })),
  },
})

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('ComparePage', () => {
  beforeEach(() => resetCompareCache())

  it('puts the chosen products side by side with every attribute', async () => {
    localStorage.setItem('compare', JSON.stringify([
      { id: 1, slug: 'a', name: 'Laptop A', main_category_slug: 'laptopovi' },
      { id: 2, slug: 'bb', name: 'Laptop B', main_category_slug: 'laptopovi' },
    ]))
    mockApi({
      'GET /api/v1/products/a': () => json(product('a', 'Laptop A', [['RAM', '16 GB'], ['Ekran', '15,6"']])),
      'GET /api/v1/products/bb': () => json(product('bb', 'Laptop B', [['RAM', '8 GB'], ['Težina', '1,2 kg']])),
    })
    renderAt(<ComparePage />)
    const row = async (name: string) => (await screen.findByText(name, { selector: 'th' }, { timeout: 10_000 })).closest('tr')
    expect(await row('RAM')).toHaveTextContent('RAM16 GB8 GB')
    expect(await row('Ekran')).toHaveTextContent('Ekran15,6"–')
    expect(await row('Težina')).toHaveTextContent('Težina–1,2 kg')
    await userEvent.click(screen.getByRole('button', { name: 'Ukloni Laptop A iz poređenja' }))
    expect(JSON.parse(localStorage.getItem('compare')!)).toEqual([expect.objectContaining({ slug: 'bb' })])
  }, SLOW)

  it('explains how to choose products when the list is empty', () => {
    renderAt(<ComparePage />)
    expect(screen.getByText(/Niste izabrali proizvode za poređenje/)).toBeInTheDocument()
  }, SLOW)
})
