import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { ImportCategoryToCategory } from './ImportCategoryToCategory'
import { ImportProductToCategory } from './ImportProductToCategory'
import { admin, callsTo, mockGet, ok, pick, refused } from './testkit'

afterEach(() => vi.restoreAllMocks())

const row = (id: number) => ({ id, supplier_id: 3, supplier: 'Ewe', sku: `EWE-${id}`, name: `Monitor ${id}`, category: 'LCD', price: 100, recommended_price: 0, product: null })

describe('ImportProductToCategory', () => {
  it('lists the unconnected products of the supplier; nothing chosen: select a value first', async () => {
    const get = mockGet({ '/api/v1/admin/pricelist-products': () => ok({ data: [row(1), row(2)], meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }) })
    const post = vi.spyOn(client, 'POST')
    renderApp(<ImportProductToCategory />, { user: admin, at: '/uvoz/proizvod-u-kategoriju?supplier_id=3' })
    expect(await screen.findByText('Monitor 1')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelist-products')[0].params?.query).toMatchObject({ supplier_id: 3, connected: 0 })
    fireEvent.click(screen.getByRole('button', { name: /Uvezi izabrane/ }))
    expect((await screen.findAllByText('Prvo izaberite vrednost!')).length).toBeGreaterThan(0)
    expect(post).not.toHaveBeenCalled()
  })

  it('sends the chosen SKUs with the supplier and the shop category', async () => {
    mockGet({ '/api/v1/admin/pricelist-products': () => ok({ data: [row(1), row(2)], meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Uvoz proizvoda je pokrenut.' }, 202) as never)
    renderApp(<ImportProductToCategory />, { user: admin, at: '/uvoz/proizvod-u-kategoriju?supplier_id=3' })
    await screen.findByText('Monitor 2')
    fireEvent.click(screen.getByText('Monitor 2').closest('tr')!.querySelector('input[type=checkbox]')!)
    expect(screen.getByTestId('chosen-count').textContent).toBe('Izabrano: 1')
    await pick('Kategorija prodavnice', 'Monitori')
    fireEvent.click(screen.getByRole('button', { name: /Uvezi izabrane/ }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]).toEqual(['/api/v1/admin/products-import/products', { body: { supplier_id: 3, skus: ['EWE-2'], category_id: 8 } }])
    await waitFor(() => expect(screen.getByTestId('chosen-count').textContent).toBe('Izabrano: 0'))
  })

  it('asks for a supplier first', async () => {
    const get = mockGet({})
    renderApp(<ImportProductToCategory />, { user: admin, at: '/uvoz/proizvod-u-kategoriju' })
    expect(await screen.findByText('Prvo izaberite dobavljača')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelist-products')).toEqual([])
  })
})

describe('ImportCategoryToCategory', () => {
  it("starts the import of a supplier category into the linked shop category; a 422 lands on the field", async () => {
    const get = mockGet({
      '/api/v1/admin/supplier-categories': () =>
        ok({ data: [{ supplier_category: 'LCD', products: 12, link_id: 5, category: { id: 8, name: 'Monitori' } }], meta: { total: 1 } }),
    })
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(refused(422, { message: 'x', errors: { supplier_category: ['Nema nepovezanih proizvoda dobavljača za uvoz'] } }) as never)
      .mockResolvedValueOnce(ok({ message: 'Uvoz proizvoda je pokrenut.' }, 202) as never)
    renderApp(<ImportCategoryToCategory />, { user: admin, at: '/uvoz/kategorija-u-kategoriju' })
    await pick('Dobavljač', 'Ewe')
    await pick('Kategorija dobavljača', 'LCD (12)')
    expect(callsTo(get, '/api/v1/admin/supplier-categories').at(-1)?.params?.query).toMatchObject({ supplier_id: 3 })
    fireEvent.click(screen.getByRole('button', { name: /Pokreni uvoz/ }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]).toEqual(['/api/v1/admin/products-import/category', { body: { supplier_id: 3, supplier_category: 'LCD', category_id: 8 } }])
    expect(await screen.findByText('Nema nepovezanih proizvoda dobavljača za uvoz')).toBeTruthy()
  })

  it('every field is required', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST')
    renderApp(<ImportCategoryToCategory />, { user: admin, at: '/uvoz/kategorija-u-kategoriju' })
    fireEvent.click(await screen.findByRole('button', { name: /Pokreni uvoz/ }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno').length).toBe(3))
    expect(post).not.toHaveBeenCalled()
  })
})
