import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import type { ProductRow } from '../../api/catalogTypes'
import { renderApp } from '../../testing/render'
import { plainToLexical } from '../product-detail/richText'
import { ProductList } from './ProductList'

const admin = { id: 1, roles: ['super-admin'], permissions: [] }

const row = (id: number, over: Partial<ProductRow> = {}): ProductRow => ({
  id,
  sku: `SKU-${id}`,
  name: `Laptop ${id}`,
  active: true,
  visible: true,
  entry_price: 1234.56,
  web_price: 99999.9,
  main_category: { id: 7, name: 'Laptopovi', min_price: 0, slug: 'laptopovi' },
  main_image: null,
  brand: { id: 2, name: 'Lenovo' },
  connected: false,
  authenticated_price: 0, created_at: '', customer_price: 0, dealer_price: 0, discount: null, eponuda: false,
  guest_price: 0, manufacturer: null, retail_price: 0, slug: `laptop-${id}`, stock: 0, supplier_product_id: null, updated_at: '',
  ...over,
})

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

interface Answers {
  products?: ProductRow[]
  /** the answer of GET admin/products/transfer (openapi-fetch's result) */
  transfer?: unknown
  meta?: { total: number; per_page: number; current_page: number; last_page: number }
}

/** mockApi answers the list and the lookups; it returns the GET spy */
function mockApi({ products = [row(1), row(2, { connected: true, supplier_product_id: 55 })], meta, transfer }: Answers = {}) {
  return vi.spyOn(client, 'GET').mockImplementation(((path: string) => {
    if (path === '/api/v1/admin/products/transfer' && transfer) return Promise.resolve(transfer)
    if (path === '/api/v1/admin/products')
      return Promise.resolve(ok({ data: products, meta: meta ?? { total: products.length, per_page: 20, current_page: 1, last_page: 1 } }))
    if (path === '/api/v1/admin/categories') return Promise.resolve(ok({ data: [{ id: 7, name: 'Laptopovi' }, { id: 8, name: 'Telefoni' }] }))
    if (path === '/api/v1/admin/brands') return Promise.resolve(ok({ data: [{ id: 2, name: 'Lenovo' }] }))
    return Promise.resolve(ok({ data: [] }))
  }) as never)
}


/** the table's checkboxes: [0] is select-all of the page */
const checkboxes = () => [...document.querySelectorAll<HTMLInputElement>('.ant-table input[type=checkbox]')]

/** modalField: the input of a form field of the open modal by the field's name */
async function modalField(name: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = document.querySelector<HTMLElement>(`.ant-modal #${name}`)
    expect(found).toBeTruthy()
  })
  return found!
}

/** modalButton: a button of the last open modal's footer by its text (role queries are slow here) */
async function modalButton(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].filter((b) => b.textContent === text).at(-1)
    expect(found).toBeTruthy()
  })
  return found!
}

const location = () => screen.getByTestId('location').textContent
const productCalls = (spy: ReturnType<typeof mockApi>) =>
  (spy.mock.calls as unknown as [string, unknown][])
    .filter(([p]) => p === '/api/v1/admin/products').map(([, init]) => (init as { params: { query: Record<string, unknown> } }).params.query)

afterEach(() => vi.restoreAllMocks())

describe('ProductList', () => {
  it('asks for the list with the URL state and shows rows with money as 1.234,56', async () => {
    const get = mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?categories=7&active=1&search=lap&paginate=50' })
    expect(await screen.findByText('Laptop 1')).toBeTruthy()
    expect(productCalls(get)[0]).toEqual({
      include: 'mainCategory,mainImage',
      categories: '7',
      active: '1',
      search: 'lap',
      page: 1,
      paginate: 50,
    })
    expect(screen.getAllByText('1.234,56').length).toBe(2)
    expect(screen.getAllByText('99.999,90').length).toBe(2)
    expect(screen.getByRole('link', { name: 'Laptop 1' }).getAttribute('href')).toBe('/proizvodi/1')
  })

  it('names the chips from the lookup lists, never shows search or page, and a removed chip leaves the URL', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?categories=7&active=1&search=lap&page=1' })
    const chips = await screen.findByTestId('filter-chips')
    await waitFor(() => expect(within(chips).getByText('Kategorija: Laptopovi')).toBeTruthy())
    expect(within(chips).getByText('Aktivni')).toBeTruthy()
    expect(within(chips).queryByText(/lap/)).toBeNull()
    fireEvent.click(within(chips).getByLabelText('Ukloni filter Aktivni'))
    expect(location()).toBe('/proizvodi?search=lap&categories=7')
  })

  it('the visible-on-site variant always sends live=1 and shows no live chip', async () => {
    const get = mockApi()
    renderApp(<ProductList variant="onSite" />, { user: admin, at: '/proizvodi-na-sajtu?live=1' })
    await screen.findByText('Laptop 1')
    expect(productCalls(get)[0]).toMatchObject({ live: 1 })
    expect(screen.queryByTestId('filter-chips')).toBeNull()
  })

  it('steps back a page when the answer has fewer pages than the URL asks for', async () => {
    mockApi({ meta: { total: 30, per_page: 20, current_page: 3, last_page: 2 } })
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?page=3' })
    await waitFor(() => expect(location()).toBe('/proizvodi?page=2'))
  })

  it('applies the filter panel to the URL, back on page 1; Ukloni clears every filter', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?page=2&paginate=50&brands=2' })
    await screen.findByText('Laptop 1')
    fireEvent.click(screen.getByRole('button', { name: /Filteri/ }))
    // role queries are slow over the panel's many fields: find it by its button
    const panel = (await screen.findByText('Primeni')).closest('.ant-drawer') as HTMLElement
    fireEvent.click(within(panel).getByLabelText('Neaktivni'))
    fireEvent.click(within(panel).getByLabelText('Bez slike'))
    fireEvent.click(within(panel).getByText('Primeni'))
    expect(location()).toBe('/proizvodi?paginate=50&brands=2&inactive=1&without_image=1')

    fireEvent.click(screen.getByRole('button', { name: /Filteri/ }))
    fireEvent.click(await screen.findByText('Ukloni'))
    expect(location()).toBe('/proizvodi?paginate=50')
  }, 60_000)

  it('mass change with nothing chosen: the select-first dialog', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Izmena opisa'))
    expect(await screen.findByText('Molimo vas da prvo izaberete proizvode koje želite da menjate')).toBeTruthy()
  })

  it('the mass discount goes to POST admin/discounts/mass-add with the type\'s amount, then shows the run to its end', async () => {
    const get = mockApi()
    get.mockImplementation(((path: string) => {
      if (path === '/api/v1/admin/products') return Promise.resolve(ok({ data: [row(1), row(2)], meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }))
      if (path === '/api/v1/admin/discount-types')
        return Promise.resolve(ok({ data: [{ id: 3, name: 'Popust %', is_percentage: true }, { id: 4, name: 'Akcija', is_percentage: false }] }))
      if (path === '/api/v1/admin/discounts/mass-add/{id}') return Promise.resolve(ok({ data: { id: 9, state: 'done', selected: 2, added: 1, skipped: 1 } }))
      return Promise.resolve(ok({ data: [] }))
    }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue({
      data: { message: 'Dodavanje akcije izabranim proizvodima je pokrenuto.', data: { id: 9, state: 'queued' } },
      error: undefined,
      response: new Response(null, { status: 202 }),
    } as never)
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?search=lap' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByRole('button', { name: /Izaberi sve filtrirane proizvode/ }))
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Dodavanje popusta'))
    fireEvent.mouseDown(await modalField('discount_type_id'))
    fireEvent.click(await screen.findByText('Popust %', { selector: '.ant-select-item-option-content' }))
    fireEvent.change(await modalField('percentage'), { target: { value: '15' } })
    for (const [field, value] of [['from', '01.12.2030'], ['to', '31.12.2030']]) {
      const input = await modalField(field)
      fireEvent.mouseDown(input)
      fireEvent.change(input, { target: { value } })
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
    }
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const [path, init] = post.mock.calls[0] as [string, { body: unknown; params: { query?: unknown } }]
    expect(path).toBe('/api/v1/admin/discounts/mass-add')
    expect(init.params.query).toEqual({ search: 'lap' })
    expect(init.body).toEqual({ product_ids: [], discount_type_id: 3, percentage: 15, from: '2030-12-01', to: '2030-12-31' })
    expect(await screen.findByText('Akcija je dodata na 1 proizvoda; preskočeno zbog preklapanja: 1.')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/discounts/mass-add/{id}', { params: { path: { id: 9 } } })
  }, 30_000)

  it('a fixed-price mass discount needs its price', async () => {
    const get = mockApi()
    get.mockImplementation(((path: string) => {
      if (path === '/api/v1/admin/products') return Promise.resolve(ok({ data: [row(1)], meta: { total: 1, per_page: 20, current_page: 1, last_page: 1 } }))
      if (path === '/api/v1/admin/discount-types') return Promise.resolve(ok({ data: [{ id: 4, name: 'Akcija', is_percentage: false }] }))
      return Promise.resolve(ok({ data: [] }))
    }) as never)
    const post = vi.spyOn(client, 'POST')
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Dodavanje popusta'))
    fireEvent.mouseDown(await modalField('discount_type_id'))
    fireEvent.click(await screen.findByText('Akcija', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(await modalButton('Sačuvaj'))
    expect(await screen.findByText('Fiksna akcijska cena je obavezno polje')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  }, 30_000)

  it('category move without a category: the category message, and closing it opens the filter panel', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Prebacivanje u kategoriju'))
    expect(await screen.findByText('Molimo vas da prvo izaberete proizvode koje želite da menjate i izaberete kategoriju')).toBeTruthy()
    fireEvent.click(await modalButton('U redu'))
    expect(await screen.findByText('Filteri', { selector: '.ant-drawer-title' })).toBeTruthy()
    expect(screen.getByText('Kategorije', { selector: 'label' })).toBeTruthy()
  })

  it('select-all takes every id of the page; a mass description goes with those ids and clears the choice', async () => {
    mockApi()
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Opisi su izmenjeni.' }) as never)
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?brands=2' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[0])
    expect(screen.getByText('Izabrano proizvoda: 2')).toBeTruthy()
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Izmena opisa'))
    fireEvent.change(await screen.findByLabelText('Opis'), { target: { value: 'Novi opis proizvoda' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(patch).toHaveBeenCalled())
    const [path, init] = patch.mock.calls[0] as [string, { body: unknown; params: { query?: unknown } }]
    expect(path).toBe('/api/v1/admin/products/mass-update')
    // stored as the product form stores it: rich text
    expect(init.body).toEqual({ description: plainToLexical('Novi opis proizvoda'), ids: [1, 2] })
    expect(init.params.query).toBeUndefined()
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull())
  })

  it('a changed filter starts a new choice (removing a chip clears the selection)', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?brands=2' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByRole('button', { name: /Izaberi sve filtrirane proizvode/ }))
    expect(screen.getByTestId('selection-bar')).toBeTruthy()
    fireEvent.click(within(screen.getByTestId('filter-chips')).getByLabelText(/^Ukloni filter/))
    await waitFor(() => expect(location()).toBe('/proizvodi'))
    expect(screen.queryByTestId('selection-bar')).toBeNull()
  })

  it('"all filtered" sends no ids and the filters as the query', async () => {
    mockApi()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok' }) as never)
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?brands=2&search=lap' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByRole('button', { name: /Izaberi sve filtrirane proizvode/ }))
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Energetska nalepnica'))
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } })
    })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const [path, init] = post.mock.calls[0] as [string, { body: unknown; bodySerializer: (b: unknown) => FormData; params: { query?: unknown } }]
    expect(path).toBe('/api/v1/admin/products/energy-sticker/mass-update')
    expect(init.params.query).toEqual({ brands: '2', search: 'lap' })
    const form = init.bodySerializer(init.body)
    expect(form.getAll('ids[]')).toEqual([])
    expect(form.get('sticker')).toBeInstanceOf(File)
  })

  it('refuses an energy sticker over 2,000,000 bytes', async () => {
    mockApi()
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Energetska nalepnica'))
    const big = new File([new Uint8Array(2_000_001)], 'big.png', { type: 'image/png' })
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } })
    })
    expect(await screen.findByText('Maksimalni limit slike je 2MB')).toBeTruthy()
  })

  it("a refusal with no field in the dialog (the sticker file) shows inside it, and the dialog stays open", async () => {
    mockApi()
    vi.spyOn(client, 'POST').mockResolvedValue({
      data: undefined,
      error: { message: 'Podaci nisu ispravni.', errors: { sticker: ['Slika mora biti u formatu JPG, PNG ili WEBP'] } },
      response: new Response(null, { status: 422 }),
    } as never)
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Energetska nalepnica'))
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['not an image'], 'fake.png', { type: 'image/png' })] } })
    })
    fireEvent.click(await modalButton('Sačuvaj'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Slika mora biti u formatu JPG, PNG ili WEBP')
    expect(screen.getByTestId('selection-bar')).toBeTruthy()
  })

  it('a 422 of the transfer check (the category) shows in the dialog', async () => {
    mockApi({
      transfer: {
        data: undefined,
        error: { message: 'Podaci nisu ispravni.', errors: { category_id: ['Izabrana vrednost ne postoji'] } },
        response: new Response(null, { status: 422 }),
      },
    })
    renderApp(<ProductList />, { user: admin, at: '/proizvodi?categories=7' })
    await screen.findByText('Laptop 1')
    fireEvent.click(checkboxes()[1])
    fireEvent.click(screen.getByText('Masovne izmene'))
    fireEvent.click(await screen.findByText('Prebacivanje u kategoriju'))
    await modalButton('Prebaci')
    fireEvent.mouseDown(document.querySelector('#transfer-category')!)
    fireEvent.click(await screen.findByText('Telefoni', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(await modalButton('Prebaci'))
    expect((await screen.findByRole('alert')).textContent).toBe('Izabrana vrednost ne postoji')
  })

  it('deletes after Da, and separates a connected product by its supplier product id', async () => {
    mockApi()
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Obrisano' }) as never)
    renderApp(<ProductList />, { user: admin, at: '/proizvodi' })
    await screen.findByText('Laptop 1')
    expect(screen.getAllByRole('button', { name: 'Razdvoji proizvod' }).length).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Razdvoji proizvod' }))
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: 55 } } }))
    fireEvent.click(screen.getAllByRole('button', { name: 'Obriši' })[0])
    await waitFor(() => expect(screen.getByText('Obrisati proizvod?')).toBeTruthy())
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/products/{id}', { params: { path: { id: 1 } } }))
  })
})
