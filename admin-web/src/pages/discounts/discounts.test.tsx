// The discount screens: the Discount types list and its dialog, the product's Actions tab and
// the Actions page, against the API's paths (openapi-fetch's client spied on).
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import i18n from '../../i18n'
import { renderApp } from '../../testing/render'
import { ActionsPage } from '../actions/ActionsPage'
import { notificationView } from '../notifications/notificationText'
import { ProductDiscountsTab } from '../product-detail/ProductDiscountsTab'
import { firstError } from '../product-detail/ruleCheck'
import { discountRules, toDiscountBody } from './discountRules'
import { DiscountTypeList } from './DiscountTypeList'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }
const t = i18n.getFixedT('sr')

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

function unprocessable(errors: Record<string, string[]>) {
  return { data: undefined, error: { message: 'Podaci nisu ispravni.', errors }, response: new Response(null, { status: 422 }) }
}

const types = [
  { id: 3, name: 'Popust %', is_percentage: true, text: 'POPUST', color: '#fb8c00', show_in_shock_sale: false },
  { id: 4, name: 'Akcija', is_percentage: false, text: 'AKCIJA', color: '#e53935', show_in_shock_sale: true },
]

/** modalField: the input of a form field of the open modal by the field's name */
async function field(name: string, scope = '.ant-modal'): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = document.querySelector<HTMLElement>(`${scope} #${name}`)
    expect(found).toBeTruthy()
  })
  return found!
}

async function modalButton(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].filter((b) => b.textContent === text).at(-1)
    expect(found).toBeTruthy()
  })
  return found!
}

function typeDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
}

describe('discount rules', () => {
  it('a fixed price is required (the spec\'s text) and at least 0.01; a percentage 0.01-99.99', async () => {
    const r = discountRules(t)
    expect(await firstError(r.price, undefined)).toBe('Fiksna akcijska cena je obavezno polje')
    expect(await firstError(r.price, 0)).toBe('Cena mora biti najmanje 0,01')
    expect(await firstError(r.price, 0.01)).toBeNull()
    expect(await firstError(r.percentage, 100)).toBe('Procenat popusta mora biti između 0,01 i 99,99')
    expect(await firstError(r.percentage, 12.5)).toBeNull()
    expect(await firstError(r.to, '2030-01-01', { from: '2030-01-02' })).toBe('Završetak akcije ne može biti pre početka')
  })

  it('only the amount the type uses is sent', () => {
    const v = { discount_type_id: 4, price: 999, percentage: 10, from: '2030-01-01', to: '2030-01-02' }
    expect(toDiscountBody(v, false)).toEqual({ discount_type_id: 4, price: 999, from: '2030-01-01', to: '2030-01-02' })
    expect(toDiscountBody(v, true)).toEqual({ discount_type_id: 4, percentage: 10, from: '2030-01-01', to: '2030-01-02' })
  })

  it('the mass discount\'s notifications read as the admin\'s text', () => {
    expect(notificationView({ type: 'DiscountsDone', data: { job: 'discounts', count: 3, skipped: 1 } }, t)).toEqual({
      kind: 'info',
      text: 'Akcija je dodata na 3 proizvoda; preskočeno zbog preklapanja: 1.',
    })
    expect(notificationView({ type: 'DiscountsFailed', data: { job: 'discounts', error: 'Tip popusta ne postoji' } }, t)).toEqual({
      kind: 'error',
      text: 'Masovno dodavanje akcije nije uspelo: Tip popusta ne postoji',
    })
  })
})

describe('Discount types screen', () => {
  it('lists the types, adds one with every field, and keeps a 422 on its field', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: types, meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }) as never)
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(unprocessable({ name: ['Polje mora sadržati minimum 2 karaktera'] }) as never)
      .mockResolvedValueOnce(ok({ message: 'Tip popusta je uspešno kreiran.', data: { id: 5 } }, 201) as never)
    renderApp(<DiscountTypeList />, { user: admin, at: '/tipovi-popusta' })
    expect(await screen.findByText('Popust %')).toBeTruthy()
    const row = screen.getByText('Akcija', { selector: 'td' }).closest('tr')!
    expect(within(row).getByText('Fiksna cena')).toBeTruthy()
    expect(within(row).getByText('AKCIJA')).toBeTruthy()

    fireEvent.click(screen.getByText('Dodaj tip popusta'))
    fireEvent.change(await field('name'), { target: { value: ' Šok ' } })
    fireEvent.click(await field('is_percentage'))
    fireEvent.change(await field('text'), { target: { value: '-20%' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    expect(await screen.findByText('Polje mora sadržati minimum 2 karaktera')).toBeTruthy()
    expect(post.mock.calls[0]).toEqual([
      '/api/v1/admin/discount-types',
      { body: { name: 'Šok', is_percentage: true, text: '-20%', color: '', show_in_shock_sale: false } },
    ])
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(document.querySelector('.ant-modal #name')).toBeNull())
  }, 30_000)

  it('edits a type with PATCH and deletes one after Da', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: types, meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }) as never)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok', data: types[0] }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'ok' }) as never)
    renderApp(<DiscountTypeList />, { user: admin, at: '/tipovi-popusta' })
    await screen.findByText('Popust %')
    fireEvent.click(screen.getAllByRole('button', { name: 'Izmeni' })[0])
    expect(((await field('name')) as HTMLInputElement).value).toBe('Popust %')
    fireEvent.change(await field('name'), { target: { value: 'Popust' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/v1/admin/discount-types/{id}', {
        params: { path: { id: 3 } },
        body: { name: 'Popust', is_percentage: true, text: 'POPUST', color: '#fb8c00', show_in_shock_sale: false },
      }),
    )
    fireEvent.click(screen.getAllByRole('button', { name: 'Obriši' })[1])
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/discount-types/{id}', { params: { path: { id: 4 } } }))
  }, 30_000)
})

describe('the product\'s Actions tab', () => {
  const discounts = [
    { id: 11, product_id: 7, discount_type_id: 4, type: types[1], price: 9999.5, percentage: null, from: '2030-01-01', to: '2030-01-10', dealer_price: null },
    { id: 12, product_id: 7, discount_type_id: 3, type: types[0], price: null, percentage: 12.5, from: '2030-01-11', to: '2030-01-20', dealer_price: 8500 },
  ]

  function mockGet() {
    return vi.spyOn(client, 'GET').mockImplementation(((path: string) => {
      if (path === '/api/v1/admin/products/{id}/discounts') return Promise.resolve(ok({ data: discounts }))
      if (path === '/api/v1/admin/discount-types') return Promise.resolve(ok({ data: types }))
      return Promise.resolve(ok({ data: [] }))
    }) as never)
  }

  it('lists the discounts with DD.MM.YYYY days, the price or the percentage, the dealer price', async () => {
    const get = mockGet()
    renderApp(<ProductDiscountsTab id={7} />, { user: admin })
    expect(await screen.findByText('9.999,50 RSD')).toBeTruthy()
    expect(screen.getByText('12,50 %')).toBeTruthy()
    expect(screen.getByText('01.01.2030')).toBeTruthy()
    expect(screen.getByText('20.01.2030')).toBeTruthy()
    expect(screen.getByText('8.500,00 RSD')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/products/{id}/discounts', { params: { path: { id: 7 } } })
  })

  it('adds a fixed-price discount; the overlap 422 lands on its field', async () => {
    mockGet()
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(unprocessable({ from: ['Proizvod već ima akciju od 01.01.2030 do 10.01.2030; akcije jednog proizvoda se ne smeju preklapati.'] }) as never)
    renderApp(<ProductDiscountsTab id={7} />, { user: admin })
    await screen.findByText('9.999,50 RSD')
    const form = '.ant-card'
    fireEvent.mouseDown(await field('discount_type_id', form))
    fireEvent.click(await screen.findByText('Akcija', { selector: '.ant-select-item-option-content' }))
    fireEvent.change(await field('price', form), { target: { value: '1500' } })
    typeDay(await field('from', form), '05.01.2030')
    typeDay(await field('to', form), '06.01.2030')
    fireEvent.click(screen.getByRole('button', { name: /Dodaj/ }))
    expect(await screen.findByText('Proizvod već ima akciju od 01.01.2030 do 10.01.2030; akcije jednog proizvoda se ne smeju preklapati.')).toBeTruthy()
    expect(post).toHaveBeenCalledWith('/api/v1/admin/products/{id}/discounts', {
      params: { path: { id: 7 } },
      body: { discount_type_id: 4, price: 1500, from: '2030-01-05', to: '2030-01-06' },
    })
  }, 30_000)

  it('a fixed-price type without its price is refused before any call', async () => {
    mockGet()
    const post = vi.spyOn(client, 'POST')
    renderApp(<ProductDiscountsTab id={7} />, { user: admin })
    await screen.findByText('9.999,50 RSD')
    fireEvent.mouseDown(await field('discount_type_id', '.ant-card'))
    fireEvent.click(await screen.findByText('Akcija', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /Dodaj/ }))
    expect(await screen.findByText('Fiksna akcijska cena je obavezno polje')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  }, 30_000)

  it('edits a discount with PATCH (its percentage), and deletes one after Da', async () => {
    mockGet()
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok', data: discounts[1] }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'ok' }) as never)
    renderApp(<ProductDiscountsTab id={7} />, { user: admin })
    await screen.findByText('12,50 %')
    fireEvent.click(screen.getAllByRole('button', { name: 'Izmeni' })[1])
    fireEvent.change(await field('percentage', '.ant-card'), { target: { value: '20' } })
    fireEvent.click(screen.getByRole('button', { name: /Sačuvaj/ }))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/v1/admin/products/{id}/discounts/{discountId}', {
        params: { path: { id: 7, discountId: 12 } },
        body: { discount_type_id: 3, percentage: 20, from: '2030-01-11', to: '2030-01-20' },
      }),
    )
    fireEvent.click(screen.getAllByRole('button', { name: 'Obriši' })[0])
    fireEvent.click(await modalButton('Da'))
    await waitFor(() =>
      expect(del).toHaveBeenCalledWith('/api/v1/admin/products/{id}/discounts/{discountId}', { params: { path: { id: 7, discountId: 11 } } }),
    )
  }, 30_000)
})

describe('the Actions page', () => {
  const action = {
    id: 21,
    product_id: 7,
    discount_type_id: 4,
    type: types[1],
    price: 1500,
    percentage: null,
    from: '2030-01-01',
    to: '2030-01-31',
    dealer_price: null,
    product: { id: 7, sku: 'LAP-7', name: 'Laptop 7', web_price: 2000, entry_price: 1000 },
    catalog_stickers: [{ id: 1, catalog_sticker_type_name: 'Zima', sticker: null }],
  }

  function mockGet(rows: unknown[]) {
    return vi.spyOn(client, 'GET').mockImplementation(((path: string) => {
      if (path === '/api/v1/admin/actions') return Promise.resolve(ok({ data: rows, meta: { total: rows.length, per_page: 20, current_page: 1, last_page: 1 } }))
      if (path === '/api/v1/admin/discount-types') return Promise.resolve(ok({ data: types }))
      if (path === '/api/v1/admin/categories') return Promise.resolve(ok({ data: [{ id: 9, name: 'Laptopovi' }] }))
      return Promise.resolve(ok({ data: [] }))
    }) as never)
  }

  async function choose(label: string, option: string) {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }))
    fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }))
  }

  it('asks for both a category and a type before searching', async () => {
    const get = mockGet([])
    renderApp(<ActionsPage />, { user: admin, at: '/akcije' })
    expect(await screen.findByText('Choose category and discount type for search.')).toBeTruthy()
    await choose('Kategorija', 'Laptopovi')
    fireEvent.click(screen.getByRole('button', { name: 'Pretraži' }))
    expect(await screen.findByText('Choose category and discount type for search.')).toBeTruthy()
    expect((get.mock.calls as unknown[][]).some((c) => c[0] === '/api/v1/admin/actions')).toBe(false)
  }, 30_000)

  it('an empty result asks to create an action', async () => {
    const get = mockGet([])
    renderApp(<ActionsPage />, { user: admin, at: '/akcije' })
    await choose('Kategorija', 'Laptopovi')
    await choose('Tip popusta', 'Akcija')
    fireEvent.click(screen.getByRole('button', { name: 'Pretraži' }))
    expect(await screen.findByText('No search results, create action!')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/actions', { params: { query: { category_id: 9, discount_type_id: 4, page: 1, paginate: 20 } } })
  }, 30_000)

  it('lists the products on action with their stickers, and ends the chosen ones after Da', async () => {
    mockGet([action])
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Završeno akcija: 1', data: { changed: 1 } }) as never)
    renderApp(<ActionsPage />, { user: admin, at: '/akcije' })
    await choose('Kategorija', 'Laptopovi')
    await choose('Tip popusta', 'Akcija')
    fireEvent.click(screen.getByRole('button', { name: 'Pretraži' }))
    expect(await screen.findByText('Laptop 7')).toBeTruthy()
    expect(screen.getByText('Zima')).toBeTruthy()
    expect(screen.getByText('1.500,00 RSD')).toBeTruthy()
    expect(screen.getByText('31.01.2030')).toBeTruthy()
    fireEvent.click(document.querySelectorAll<HTMLInputElement>('.ant-table input[type=checkbox]')[1])
    fireEvent.click(screen.getByRole('button', { name: 'Završi izabrane akcije' }))
    fireEvent.click(await modalButton('Da'))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/actions/end', { body: { discount_ids: [21] } }))
  }, 30_000)
})
