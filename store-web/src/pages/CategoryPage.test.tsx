import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { resetInitialData } from '../api/initialData'
import { json, mockApi, renderAt } from '../test/render'
import { CategoryPage } from './CategoryPage'

const tree = {
  data: [{ id: 1, name: 'Bela tehnika', slug: 'bela-tehnika', subcategories: [{ id: 2, name: 'Frižideri', slug: 'frizideri', subcategories: [] }] }],
}
const card = (id: number, name: string) => ({
  id, name, slug: `p-${id}`, main_category_slug: 'frizideri', main_image: null, discount: null,
  price: 1000, retail_price: 1200, saving: 200, purchasable: true, catalog_stickers: [], energy_sticker_url: null,
})
const page = {
  data: [card(1, 'Frižider Gorenje'), card(2, 'Frižider LG')],
  meta: { total: 60, per_page: 24, current_page: 1, last_page: 3 },
  facets: {
    price: { min: 300, max: 2000 },
    brands: [{ id: 7, name: 'Gorenje', count: 1 }, { id: 8, name: 'LG', count: 1 }],
    attributes: [{ id: 4, name: 'Boja', values: [{ id: 11, value: 'Bela', count: 2 }] }],
    on_action: 1,
    in_stock: 2,
  },
}

const banner = (id: number, category_slug: string | null) => ({
  id, name: `Baner ${id}`, position: 'category', link: null, image_url: `/media/b${id}.jpg`, mobile_image_url: null, category_slug, brand_id: null,
})

function setup(route: string, banners: unknown[] = []) {
  const seen = mockApi({
    'GET /api/v1/categories': () => json(tree),
    'GET /api/v1/categories/frizideri/products': () => json(page),
    'GET /api/v1/banners': () => json({ data: banners }),
  })
  renderAt(
    <Routes>
      <Route path="/kategorije/:slug" element={<CategoryPage />} />
    </Routes>,
    route,
  )
  const productCalls = () =>
    seen.filter((r) => new URL(r.url).pathname.endsWith('/products')).map((r) => Object.fromEntries(new URL(r.url).searchParams))
  return { productCalls }
}

const location = () => screen.getByTestId('location').textContent

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('CategoryPage', () => {
  it("shows its own 'category' banner, else the one of the category above, else the one for every category", async () => {
    setup('/kategorije/frizideri', [banner(1, null), banner(2, 'bela-tehnika'), banner(3, 'televizori')])
    const shown = await screen.findByTestId('category-banner', {}, { timeout: 5000 })
    expect(within(shown).getByRole('img')).toHaveAttribute('alt', 'Baner 2')
  })

  it("shows the banner for every category when none is made for this one", async () => {
    setup('/kategorije/frizideri', [banner(3, 'televizori'), banner(1, null)])
    const shown = await screen.findByTestId('category-banner', {}, { timeout: 5000 })
    expect(within(shown).getByRole('img')).toHaveAttribute('alt', 'Baner 1')
  })

  it('shows breadcrumbs, the products and the facets with counts', async () => {
    setup('/kategorije/frizideri')
    expect(await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Putanja' })
    expect(within(crumbs).getByRole('link', { name: 'Bela tehnika' })).toHaveAttribute('href', '/kategorije/bela-tehnika')
    expect(within(crumbs).getByText('Frižideri')).toHaveAttribute('aria-current', 'page')
    // Heading order: the cards' h3 names sit under an h2 of the results, not straight under the h1.
    const results = screen.getByRole('heading', { level: 2, name: 'Proizvodi' })
    expect(results.closest('section')).toContainElement(screen.getByRole('heading', { level: 3, name: 'Frižider Gorenje' }))
    const facets = screen.getByTestId('facets')
    expect(within(facets).getByRole('checkbox', { name: /Gorenje/ })).toBeInTheDocument()
    expect(within(facets).getByRole('checkbox', { name: /Bela/ }).closest('label')).toHaveTextContent('2')
    expect(screen.getByRole('link', { name: 'Strana 3' })).toHaveAttribute('href', '/kategorije/frizideri?page=3')
  }, SLOW)

  it('puts a chosen brand, sort and page size in the URL and asks the API with them', async () => {
    const { productCalls } = setup('/kategorije/frizideri?page=2')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    await userEvent.click(within(screen.getByTestId('facets')).getByRole('checkbox', { name: /Gorenje/ }))
    expect(location()).toBe('/kategorije/frizideri?brands=7') // back to page 1
    await userEvent.click(within(screen.getByTestId('facets')).getByRole('checkbox', { name: /LG/ }))
    expect(location()).toBe('/kategorije/frizideri?brands=7%2C8')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sortiraj' }), 'price')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Po strani' }), '48')
    await userEvent.click(within(screen.getByTestId('facets')).getByRole('checkbox', { name: /Na akciji/ }))
    expect(location()).toBe('/kategorije/frizideri?brands=7%2C8&discount=1&sort=price&paginate=48')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    expect(productCalls().at(-1)).toEqual({ brands: '7,8', discount: 'true', sort: 'price', paginate: '48', page: '1' })
  }, SLOW)

  it('reads the filters from a shared URL and removes them through the chips', async () => {
    const { productCalls } = setup('/kategorije/frizideri?brands=7&values=11&price_from=500&price_to=1500&in_stock=1')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    expect(productCalls()[0]).toMatchObject({ brands: '7', values: '11', price_from: '500', price_to: '1500', in_stock: 'true' })
    const chips = screen.getByRole('list', { name: 'Aktivni filteri' })
    expect(within(chips).getByRole('button', { name: 'Ukloni filter: Gorenje' })).toBeInTheDocument()
    expect(within(chips).getByRole('button', { name: 'Ukloni filter: Boja: Bela' })).toBeInTheDocument()
    await userEvent.click(within(chips).getByRole('button', { name: /Ukloni filter: Cena/ }))
    expect(location()).toBe('/kategorije/frizideri?brands=7&values=11&in_stock=1')
    await userEvent.click(screen.getByRole('button', { name: 'Obriši sve' }))
    expect(location()).toBe('/kategorije/frizideri')
  }, SLOW)

  it('applies a price range from the panel', async () => {
    setup('/kategorije/frizideri')
    await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Od' }), '400')
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Do' }), '900')
    await userEvent.click(screen.getByRole('button', { name: 'Primeni' }))
    expect(location()).toBe('/kategorije/frizideri?price_from=400&price_to=900')
  }, SLOW)

  it('shows the shop’s not-found page for an unknown slug', async () => {
    mockApi({ 'GET /api/v1/categories': () => json(tree) })
    renderAt(
      <Routes>
        <Route path="/kategorije/:slug" element={<CategoryPage />} />
      </Routes>,
      '/kategorije/nema-je',
    )
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })).toBeInTheDocument()
    expect(screen.queryByTestId('category-pending')).not.toBeInTheDocument()
  }, SLOW)

  describe('with the first page the server embedded', () => {
    const embed = (data: unknown) => {
      resetInitialData() // earlier tests read the page without the script
      const el = document.createElement('script')
      el.type = 'application/json'
      el.id = '__SHOP_DATA__'
      el.textContent = JSON.stringify({ key: '/api/v1/categories/frizideri/products', lang: 'sr', data })
      document.head.appendChild(el)
    }
    afterEach(() => {
      document.getElementById('__SHOP_DATA__')?.remove()
      resetInitialData()
    })

    it('shows it without asking the API (the first screen does not wait)', async () => {
      embed({ ...page, data: [card(3, 'Frižider iz stranice')] })
      const { productCalls } = setup('/kategorije/frizideri')
      expect(await screen.findByText('Frižider iz stranice', {}, { timeout: 5000 })).toBeInTheDocument()
      expect(productCalls()).toHaveLength(0)
    }, SLOW)

    it('holds a screen until the category tree is in (the subcategory links push nothing down)', async () => {
      embed(page)
      let answerTree: (r: Response) => void = () => {}
      const treeAnswer = new Promise<Response>((ok) => (answerTree = ok))
      mockApi({ 'GET /api/v1/categories': () => treeAnswer })
      renderAt(
        <Routes>
          <Route path="/kategorije/:slug" element={<CategoryPage />} />
        </Routes>,
        '/kategorije/frizideri',
      )
      expect(screen.getByTestId('category-pending')).toBeInTheDocument()
      expect(screen.queryByText('Frižider Gorenje')).not.toBeInTheDocument()
      answerTree(json(tree))
      expect(await screen.findByRole('heading', { level: 1, name: 'Frižideri' }, { timeout: 5000 })).toBeInTheDocument()
      expect(screen.getByText('Frižider Gorenje')).toBeInTheDocument()
      expect(screen.queryByTestId('category-pending')).not.toBeInTheDocument()
    }, SLOW)

    it('asks the API for a filtered page', async () => {
      embed({ ...page, data: [card(3, 'Frižider iz stranice')] })
      const { productCalls } = setup('/kategorije/frizideri?brands=7')
      expect(await screen.findByText('Frižider Gorenje', {}, { timeout: 5000 })).toBeInTheDocument()
      expect(screen.queryByText('Frižider iz stranice')).not.toBeInTheDocument()
      expect(productCalls()).toHaveLength(1)
    }, SLOW)
  })
})
