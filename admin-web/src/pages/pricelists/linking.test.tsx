import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { supplierAdminKeys } from '../../hooks/api/supplierProducts'
import { suppliersLookup } from '../../hooks/api/suppliers'
import type { PricelistProduct, SupplierCategory } from '../../hooks/api/pricelistLinks'
import { renderApp } from '../../testing/render'
import { CategoryLinking } from './CategoryLinking'
import { ProductLinking } from './ProductLinking'
import { admin, callsTo, mockGet, modalButton, ok, pick, refused } from './testkit'

afterEach(() => vi.restoreAllMocks())

const meta = (n: number) => ({ total: n, per_page: 20, current_page: 1, last_page: 1 })

const product = (id: number, over: Partial<PricelistProduct> = {}): PricelistProduct => ({
  id,
  supplier_id: 3,
  supplier: 'Ewe',
  sku: `EWE-${id}`,
  name: `Lenovo IdeaPad ${id}`,
  category: 'Notebook',
  category_id: null,
  price: 83333.33,
  recommended_price: 120000,
  stock: 4,
  product: null,
  ...over,
})

/** the supplier queries a change must refresh: the admin list with its counts, and the lookup */
function seedSupplierQueries(qc: import('@tanstack/react-query').QueryClient) {
  qc.setQueryData(supplierAdminKeys.admin({ page: 1 }), { data: [{ id: 3, name: 'Ewe', connected_products: 1, unconnected_products: 9 }] })
  qc.setQueryData(suppliersLookup().queryKey, [{ id: 3, name: 'Ewe', connected_products: 1, unconnected_products: 9, updated_at: '' }])
}

const invalidated = (qc: import('@tanstack/react-query').QueryClient) => qc.getQueryState(supplierAdminKeys.admin({ page: 1 }))?.isInvalidated

describe('ProductLinking', () => {
  it('asks nothing until a supplier or category is chosen, and says so', async () => {
    const get = mockGet({})
    renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda' })
    expect(await screen.findByText('Prvo izaberite dobavljača ili kategoriju')).toBeTruthy()
    expect(screen.getByText('Nema podataka')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelist-products')).toEqual([])
  })

  it("shows the server's 422 the same way", async () => {
    mockGet({
      '/api/v1/admin/pricelist-products': () =>
        refused(422, { message: 'Neispravni podaci', errors: { supplier_id: ['Prvo izaberite dobavljača ili kategoriju'] } }),
    })
    renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda?category_id=99' })
    expect(await screen.findByText('Prvo izaberite dobavljača ili kategoriju')).toBeTruthy()
  })

  it('lists the unconnected products of the URL supplier; choosing a supplier puts it in the URL', async () => {
    const get = mockGet({ '/api/v1/admin/pricelist-products': () => ok({ data: [product(1)], meta: meta(1) }) })
    renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda?supplier_id=3&search=leno' })
    expect(await screen.findByText('Lenovo IdeaPad 1')).toBeTruthy()
    expect(screen.getByText('83.333,33 RSD')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelist-products')[0].params?.query).toEqual({
      supplier_id: 3,
      category_id: undefined,
      connected: 0,
      search: 'leno',
      page: 1,
      paginate: 20,
    })
    await pick('Dobavljač', 'Comtrade')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/povezivanje-proizvoda?supplier_id=4&search=leno'))
  })

  it('connects a row to a shop product found by search and refreshes the supplier counts', async () => {
    const get = mockGet({
      '/api/v1/admin/pricelist-products': () => ok({ data: [product(1)], meta: meta(1) }),
      '/api/v1/admin/products': () => ok({ data: [{ id: 42, sku: 'LAP42', name: 'Lenovo IdeaPad 5' }] }),
    })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Proizvod je uspešno povezan' }) as never)
    const { qc } = renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda?supplier_id=3' })
    seedSupplierQueries(qc)
    fireEvent.click(await screen.findByRole('button', { name: /Poveži/ }))
    await pick('Proizvod u prodavnici', 'LAP42 – Lenovo IdeaPad 5')
    expect(callsTo(get, '/api/v1/admin/products').at(-1)?.params?.query).toMatchObject({ disconnected: true })
    fireEvent.click(await modalButton('Poveži'))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]).toEqual(['/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: 1 } }, body: { product_id: 42 } }])
    await waitFor(() => expect(invalidated(qc)).toBe(true))
  })

  it('connect without a product: select a value first', async () => {
    mockGet({ '/api/v1/admin/pricelist-products': () => ok({ data: [product(1)], meta: meta(1) }) })
    const post = vi.spyOn(client, 'POST')
    renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda?supplier_id=3' })
    fireEvent.click(await screen.findByRole('button', { name: /Poveži/ }))
    fireEvent.click(await modalButton('Poveži'))
    expect(await screen.findByText('Prvo izaberite vrednost!')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('separates a connected row after Da and refreshes the supplier counts', async () => {
    const get = mockGet({
      '/api/v1/admin/pricelist-products': () => ok({ data: [product(1, { product: { id: 42, sku: 'LAP42', name: 'Lenovo IdeaPad 5' } })], meta: meta(1) }),
    })
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Proizvod je razdvojen' }) as never)
    const { qc } = renderApp(<ProductLinking />, { user: admin, at: '/povezivanje-proizvoda?category_id=7&connected=1' })
    seedSupplierQueries(qc)
    expect(await screen.findByRole('link', { name: 'LAP42 – Lenovo IdeaPad 5' })).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelist-products')[0].params?.query).toMatchObject({ category_id: 7, connected: 1 })
    fireEvent.click(screen.getByRole('button', { name: /Razdvoji/ }))
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(del).toHaveBeenCalled())
    expect(del.mock.calls[0]).toEqual(['/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: 1 } } }])
    await waitFor(() => expect(invalidated(qc)).toBe(true))
  })
})

const cat = (name: string, over: Partial<SupplierCategory> = {}): SupplierCategory => ({ supplier_category: name, products: 12, link_id: null, category: null, ...over })

describe('CategoryLinking', () => {
  it('asks for a supplier first', async () => {
    const get = mockGet({})
    renderApp(<CategoryLinking />, { user: admin, at: '/povezivanje-kategorija' })
    expect(await screen.findByText('Prvo izaberite dobavljača')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/supplier-categories')).toEqual([])
  })

  it('connects a supplier category to the picked shop category; an existing link shows the refusal on the row', async () => {
    const get = mockGet({
      '/api/v1/admin/supplier-categories': () => ok({ data: [cat('Notebook'), cat('Monitori LCD', { link_id: 5, category: { id: 8, name: 'Monitori' } })], meta: meta(2) }),
    })
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(refused(422, { message: 'Neispravni podaci', errors: { supplier_category: ['Kategorije su već povezane'] } }) as never)
      .mockResolvedValueOnce(ok({ message: 'Kategorije su uspešno povezane', data: { id: 6 } }, 201) as never)
    const { qc } = renderApp(<CategoryLinking />, { user: admin, at: '/povezivanje-kategorija?supplier_id=3' })
    seedSupplierQueries(qc)
    expect(await screen.findByText('Notebook')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/supplier-categories')[0].params?.query).toMatchObject({ supplier_id: 3 })
    expect(screen.getByText('Monitori')).toBeTruthy()

    // nothing picked: select a value first, no call
    fireEvent.click(screen.getByRole('button', { name: /Poveži/ }))
    expect(await screen.findByText('Prvo izaberite vrednost!')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()

    await pick('Kategorija prodavnice: Notebook', 'Laptopovi')
    fireEvent.click(screen.getByRole('button', { name: /Poveži/ }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1))
    expect(post.mock.calls[0]).toEqual(['/api/v1/admin/category-links', { body: { supplier_id: 3, supplier_category: 'Notebook', category_id: 7 } }])
    expect(await screen.findByText('Kategorije su već povezane')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /Poveži/ }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(invalidated(qc)).toBe(true))
  })

  it('separates a linked one after Da', async () => {
    mockGet({
      '/api/v1/admin/supplier-categories': () => ok({ data: [cat('Monitori LCD', { link_id: 5, category: { id: 8, name: 'Monitori' } })], meta: meta(1) }),
    })
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Kategorije su uspešno razdvojene' }) as never)
    renderApp(<CategoryLinking />, { user: admin, at: '/povezivanje-kategorija?supplier_id=3' })
    fireEvent.click(await screen.findByRole('button', { name: /Razdvoji/ }))
    const dialog = (await screen.findByText('Razdvojiti kategorije?')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(/Monitori LCD/)).toBeTruthy()
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(del).toHaveBeenCalled())
    expect(del.mock.calls[0]).toEqual(['/api/v1/admin/category-links/{id}', { params: { path: { id: 5 } } }])
  })
})
