import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { screenPages } from '../../routes'
import { screens } from '../../screens'
import { renderApp } from '../../testing/render'
import { admin, callsTo, mockGet, ok, refused } from '../pricelists/testkit'
import { AttributeProductsPage, valueBody } from './AttributeProductsPage'

afterEach(() => vi.restoreAllMocks())

const PATH = screens.productAttributesAdd.path
const AT = '/proizvodi/atributi/5/dodaj'

const values = [
  { id: 3, value: 'Crna' },
  { id: 4, value: 'Bela' },
]
const products = [
  { id: 11, sku: 'TV-1', name: 'Televizor A', category: { id: 2, name: 'Televizori' }, value: null },
  { id: 12, sku: 'TV-2', name: 'Televizor B', category: { id: 2, name: 'Televizori' }, value: { id: 4, value: 'Bela' } },
]

function mockScreen() {
  return mockGet({
    '/api/v1/admin/products/attributes/{attributeId}': () => ok({ data: { id: 5, name: 'Boja', categories: [{ id: 2, name: 'Televizori' }] } }),
    '/api/v1/admin/products/attributes/{attributeId}/products': () => ok({ data: products, meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }),
    '/api/v1/admin/attributes/{id}/values': () => ok({ data: values }),
  })
}

async function typeValue(text: string) {
  const input = screen.getByRole('combobox', { name: 'Vrednost' })
  fireEvent.change(input, { target: { value: text } })
}

describe('valueBody', () => {
  it('an existing value goes by its id (any case), any other text as a new value', () => {
    expect(valueBody(' crna ', values)).toEqual({ attribute_value_id: 3 })
    expect(valueBody('Srebrna', values)).toEqual({ value: 'Srebrna' })
  })
})

describe('AttributeProductsPage', () => {
  it('every screen of the table has its page (no placeholder is left)', () => {
    expect(Object.keys(screens).filter((n) => !(n in screenPages))).toEqual([])
  })

  it('lists the products of the attribute with their values and gives the ticked ones a value', async () => {
    const get = mockScreen()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Atribut je dodat izabranim proizvodima.', data: { count: 1 } }) as never)
    renderApp(<AttributeProductsPage />, { user: admin, at: AT, path: PATH })
    expect(await screen.findByText('Dodavanje atributa: Boja')).toBeTruthy()
    const rowA = (await screen.findByText('Televizor A')).closest('tr')!
    expect(within(rowA).getByText('Bez vrednosti')).toBeTruthy()
    expect(within(screen.getByText('Televizor B').closest('tr')!).getByText('Bela')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/products/attributes/{attributeId}/products')[0].params?.path).toEqual({ attributeId: 5 })

    fireEvent.click(within(rowA).getByRole('checkbox'))
    await typeValue('crna')
    fireEvent.click(screen.getByRole('button', { name: /Dodaj izabranim proizvodima \(1\)/ }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0][1]).toEqual({ params: { path: { attributeId: 5 } }, body: { product_ids: [11], attribute_value_id: 3 } })
  })

  it('nothing ticked: the spec\'s message, nothing sent', async () => {
    mockScreen()
    const post = vi.spyOn(client, 'POST')
    renderApp(<AttributeProductsPage />, { user: admin, at: AT, path: PATH })
    await screen.findByText('Televizor A')
    await typeValue('Srebrna')
    fireEvent.click(screen.getByRole('button', { name: /Dodaj izabranim proizvodima/ }))
    expect(await screen.findByText('Molimo vas da prvo izaberete proizvode koje želite da menjate')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('an empty value is refused on the field; a 422 lands on the field', async () => {
    mockScreen()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(
      refused(422, { message: 'Podaci nisu ispravni.', errors: { value: ['Polje može sadržati maksimum 255 karaktera'] } }) as never,
    )
    renderApp(<AttributeProductsPage />, { user: admin, at: AT, path: PATH })
    fireEvent.click(within((await screen.findByText('Televizor A')).closest('tr')!).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /Dodaj izabranim proizvodima/ }))
    expect(await screen.findByText('Polje je obavezno')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    await typeValue('Nova boja')
    fireEvent.click(screen.getByRole('button', { name: /Dodaj izabranim proizvodima/ }))
    expect(await screen.findByText('Polje može sadržati maksimum 255 karaktera')).toBeTruthy()
    expect((post.mock.calls[0][1] as { body: unknown }).body).toEqual({ product_ids: [11], value: 'Nova boja' })
  })
})
