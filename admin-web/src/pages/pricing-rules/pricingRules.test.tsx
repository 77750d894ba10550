import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ApiError, client } from '../../api/client'
import type { CategoryMarginsRow } from '../../api/pricingTypes'
import i18n from '../../i18n'
import { renderApp } from '../../testing/render'
import { firstError } from '../product-detail/ruleCheck'
import { admin, callsTo, mockGet, ok, pick, refused } from '../pricelists/testkit'
import { AuthDiscountCreatePage, AuthDiscountList } from './AuthDiscounts'
import { CategoryWebMargins, changedRows, serverCellErrors } from './CategoryWebMargins'
import { RecommendedPriceCreatePage, RecommendedPriceList } from './RecommendedPrices'
import { ruleRules, toAuthDiscountBody, toWebMarginBody } from './ruleForms'
import { WebMarginCreatePage, WebMarginEditPage, WebMarginList } from './WebMargins'

afterEach(() => vi.restoreAllMocks())

const t = i18n.getFixedT('sr')
const meta = (n: number) => ({ total: n, per_page: 20, current_page: 1, last_page: 1 })

const margin = {
  id: 5,
  category_id: 7,
  category: { id: 7, name: 'Laptopovi' },
  supplier_id: 3,
  supplier: { id: 3, name: 'Ewe' },
  brand_id: null,
  brand: null,
  price_from: 1000,
  price_to: null,
  margin: 12.5,
}

describe('pricing rule forms: client rules', () => {
  const r = ruleRules(t)

  it('margin and discount: required, 0,01-99,99', async () => {
    for (const f of [r.margin, r.discount]) {
      expect(await firstError(f, undefined)).toBe('Polje je obavezno')
      expect(await firstError(f, 0)).toBe('Broj mora biti između 0,01 i 99,99')
      expect(await firstError(f, 100)).toBe('Broj mora biti između 0,01 i 99,99')
      expect(await firstError(f, 0.01)).toBeNull()
      expect(await firstError(f, 99.99)).toBeNull()
    }
  })

  it('lower: optional, 0-100', async () => {
    expect(await firstError(r.lower, undefined)).toBeNull()
    expect(await firstError(r.lower, 0)).toBeNull()
    expect(await firstError(r.lower, 100)).toBeNull()
    expect(await firstError(r.lower, 100.01)).toBe('Broj mora biti između 0 i 100')
  })

  it('price to at least price from; names 2-255', async () => {
    expect(await firstError(r.price_to, 5, { price_from: 10 })).toBe('Cena do mora biti veća ili jednaka ceni od')
    expect(await firstError(r.price_to, 10, { price_from: 10 })).toBeNull()
    expect(await firstError(r.price_to, 5, {})).toBeNull()
    expect(await firstError(r.price_from, -1)).toBe('Broj ne može biti negativan')
    expect(await firstError(r.name, 'A')).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(r.name, 'A'.repeat(256))).toBe('Polje može sadržati maksimum 255 karaktera')
  })

  it('bodies send null for "any" and open bounds', () => {
    expect(toWebMarginBody({ category_id: 7, supplier_id: undefined, brand_id: 0, price_from: 10.456, price_to: null, margin: 12.5 })).toEqual({
      category_id: 7,
      supplier_id: null,
      brand_id: null,
      price_from: 10.46,
      price_to: null,
      margin: 12.5,
    })
    expect(toAuthDiscountBody({ name: ' Svi ', discount: 25 })).toMatchObject({ name: 'Svi', category_id: null, discount: 25 })
  })
})

describe('WebMarginList', () => {
  it('lists the rules with their names, "Svi" for any, the range and the margin', async () => {
    const get = mockGet({ '/api/v1/admin/web-margins': () => ok({ data: [margin], meta: meta(1) }) })
    renderApp(<WebMarginList />, { user: admin, at: '/web-marze?search=lap' })
    const row = (await screen.findByText('Laptopovi')).closest('tr')!
    expect(within(row).getByText('Ewe')).toBeTruthy()
    expect(within(row).getByText('Svi')).toBeTruthy()
    expect(within(row).getByText('1.000,00 RSD – ∞')).toBeTruthy()
    expect(within(row).getByText('12,50 %')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/web-margins')[0].params?.query).toEqual({ page: 1, paginate: 20, search: 'lap' })
  })

  it("filters by the URL's category", async () => {
    const get = mockGet({ '/api/v1/admin/web-margins': () => ok({ data: [margin], meta: meta(1) }) })
    renderApp(<WebMarginList />, { user: admin, at: '/web-marze?category_id=7' })
    await screen.findByText('Ewe')
    expect(callsTo(get, '/api/v1/admin/web-margins')[0].params?.query).toMatchObject({ category_id: 7, page: 1 })
  })

  it('hides add, edit and delete from a user holding only view-web-margin', async () => {
    mockGet({ '/api/v1/admin/web-margins': () => ok({ data: [margin], meta: meta(1) }) })
    renderApp(<WebMarginList />, { user: { id: 2, roles: ['urednik'], permissions: ['view-web-margin'] }, at: '/web-marze' })
    await screen.findByText('Laptopovi')
    expect(screen.queryByRole('button', { name: /Dodaj/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Obriši' })).toBeNull()
  })

  it('deletes a rule after Da', async () => {
    mockGet({ '/api/v1/admin/web-margins': () => ok({ data: [margin], meta: meta(1) }) })
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Web marža je uspešno obrisana.' }) as never)
    renderApp(<WebMarginList />, { user: admin, at: '/web-marze' })
    fireEvent.click(await screen.findByRole('button', { name: 'Obriši' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/web-margins/{id}', { params: { path: { id: 5 } } }))
  })
})

describe('web margin form', () => {
  it('shows the required messages and sends nothing', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST')
    renderApp(<WebMarginCreatePage />, { user: admin, at: '/web-marze/dodaj' })
    fireEvent.click(await screen.findByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(2))
    expect(post).not.toHaveBeenCalled()
  }, 30_000)

  it('edit: loads the rule, sends the form with nulls for "any", and keeps a 422 on its field', async () => {
    mockGet({ '/api/v1/admin/web-margins/{id}': () => ok({ data: margin }) })
    const patch = vi
      .spyOn(client, 'PATCH')
      .mockResolvedValueOnce(refused(422, { message: 'Podaci nisu ispravni.', errors: { supplier_id: ['Izabrani dobavljač ne postoji'] } }) as never)
    renderApp(<WebMarginEditPage />, { user: admin, at: '/web-marze/5', path: '/web-marze/:marginId' })
    const input = await screen.findByLabelText('Marža (%)')
    fireEvent.change(input, { target: { value: '15,5' } })
    fireEvent.blur(input)
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(patch).toHaveBeenCalled())
    expect(patch.mock.calls[0]).toEqual([
      '/api/v1/admin/web-margins/{id}',
      { params: { path: { id: 5 } }, body: { category_id: 7, supplier_id: 3, brand_id: null, price_from: 1000, price_to: null, margin: 15.5 } },
    ])
    expect(await screen.findByText('Izabrani dobavljač ne postoji')).toBeTruthy()
  }, 30_000)

  it('edit: an unknown rule is the not-found page', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(refused(404, { message: 'Web marža ne postoji ili je izbrisana.' }) as never)
    renderApp(<WebMarginEditPage />, { user: admin, at: '/web-marze/99', path: '/web-marze/:marginId' })
    expect(await screen.findByText('Stranica nije pronađena')).toBeTruthy()
  })
})

describe('recommended prices', () => {
  const rule = { id: 9, name: 'LG TV', manufacturer_id: 40, manufacturer: { id: 40, name: 'LG' }, categories: [], lower: 5 }

  it('lists the rules; no categories reads "Sve kategorije"', async () => {
    mockGet({ '/api/v1/admin/recommended-prices': () => ok({ data: [rule], meta: meta(1) }) })
    renderApp(<RecommendedPriceList />, { user: admin, at: '/preporucene-cene' })
    const row = (await screen.findByText('LG TV')).closest('tr')!
    expect(within(row).getByText('LG')).toBeTruthy()
    expect(within(row).getByText('Sve kategorije')).toBeTruthy()
    expect(within(row).getByText('5,00 %')).toBeTruthy()
  })

  it('the form checks name and manufacturer, then posts', async () => {
    mockGet({ '/api/v1/admin/attributes/{id}/values': () => ok({ data: [{ id: 40, value: 'LG' }] }) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Preporučena cena je uspešno kreirana.', data: rule }, 201) as never)
    renderApp(<RecommendedPriceCreatePage />, { user: admin, at: '/preporucene-cene/dodaj' })
    fireEvent.click(await screen.findByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(2))
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Naziv'), { target: { value: 'LG TV' } })
    await pick('Proizvođač', 'LG')
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]).toEqual(['/api/v1/admin/recommended-prices', { body: { name: 'LG TV', manufacturer_id: 40, categories: [], lower: 0 } }])
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/preporucene-cene'))
  }, 30_000)
})

describe('authenticated discounts', () => {
  it('lists the rules', async () => {
    mockGet({
      '/api/v1/admin/authenticated-discounts': () =>
        ok({ data: [{ id: 1, name: 'Ulogovani', category_id: null, category: null, discount: 25, price_from: null, price_to: null }], meta: meta(1) }),
    })
    renderApp(<AuthDiscountList />, { user: admin, at: '/popusti-za-ulogovane' })
    const row = (await screen.findByText('Ulogovani')).closest('tr')!
    expect(within(row).getByText('25,00 %')).toBeTruthy()
    expect(within(row).getAllByText('Svi').length).toBe(4)
  })

  it('the form says the 20 % ceiling, checks name and discount, then posts', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Popust za ulogovane je uspešno kreiran.' }, 201) as never)
    renderApp(<AuthDiscountCreatePage />, { user: admin, at: '/popusti-za-ulogovane/dodaj' })
    expect(await screen.findByText(/najviše 20 % popusta/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(2))
    fireEvent.change(screen.getByLabelText('Naziv'), { target: { value: 'Ulogovani' } })
    const discount = screen.getByLabelText('Popust (%)')
    fireEvent.change(discount, { target: { value: '25' } })
    fireEvent.blur(discount)
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0][1]).toEqual({
      body: { name: 'Ulogovani', category_id: null, supplier_id: null, brand_id: null, price_from: null, price_to: null, discount: 25 },
    })
  }, 30_000)
})

describe('category web margins', () => {
  const cats = [
    { id: 7, name: 'Laptopovi', pdv: 20, web_margin: 10, retail_margin: 15, dealer_margin: 5, position: 0 },
    { id: 8, name: 'Monitori', pdv: 20, web_margin: 12, retail_margin: 18, dealer_margin: 6, position: 1 },
  ]
  const rows = cats.map((c) => ({ ...c, depth: 0, path: [c.name] })) as never[]

  it('changedRows sends the edited rows whole, and only those that differ', () => {
    expect(changedRows(rows, { 7: { web_margin: 11 }, 8: { pdv: 20 } })).toEqual([{ id: 7, pdv: 20, web_margin: 11, retail_margin: 15, dealer_margin: 5 }])
  })

  it("maps the server's rows.N.field errors onto the rows sent", () => {
    const sent: CategoryMarginsRow[] = [{ id: 8 }, { id: 7 }]
    const err = new ApiError(422, { message: 'x', errors: { 'rows.1.web_margin': ['Broj mora biti manji od 99.99'] } })
    expect(serverCellErrors(err, sent)).toEqual({ '7.web_margin': 'Broj mora biti manji od 99.99' })
  })

  it('edits a cell, checks it, and saves the changed rows in one call', async () => {
    mockGet({ '/api/v1/admin/categories': () => ok({ data: cats }) })
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Marže kategorija su uspešno sačuvane.', data: [] }) as never)
    renderApp(<CategoryWebMargins />, { user: admin, at: '/kategorije/web-marze' })
    const cell = await screen.findByLabelText('Laptopovi Web marža (%)')
    expect(screen.getByRole('button', { name: 'Sačuvaj izmene' }).hasAttribute('disabled')).toBe(true)
    fireEvent.change(cell, { target: { value: '0' } })
    expect(await screen.findByText('Broj mora biti između 0,01 i 99,99')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sačuvaj izmene' }).hasAttribute('disabled')).toBe(true)
    fireEvent.change(cell, { target: { value: '11,5' } })
    await waitFor(() => expect(screen.queryByText('Broj mora biti između 0,01 i 99,99')).toBeNull())
    expect(screen.getByText('Izmenjenih kategorija: 1')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj izmene' }))
    await waitFor(() => expect(patch).toHaveBeenCalled())
    expect(patch.mock.calls[0]).toEqual([
      '/api/v1/admin/categories/margins',
      { body: { rows: [{ id: 7, pdv: 20, web_margin: 11.5, retail_margin: 15, dealer_margin: 5 }] } },
    ])
  }, 30_000)

  it('without create-category the figures are read-only', async () => {
    mockGet({ '/api/v1/admin/categories': () => ok({ data: cats }) })
    renderApp(<CategoryWebMargins />, { user: { id: 2, roles: ['urednik'], permissions: ['view-category'] }, at: '/kategorije/web-marze' })
    expect((await screen.findByLabelText('Monitori PDV (%)')).hasAttribute('disabled')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Sačuvaj izmene' })).toBeNull()
  })
})
