import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { saveTokens } from '@shop/shared'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { RequireLogin } from '../routes/guards'
import { paths } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { AddressesPage } from './AddressesPage'
import { AddressFormPage } from './AddressFormPage'
import { MyOrderPage } from './MyOrderPage'
import { MyOrdersPage } from './MyOrdersPage'

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

function Pages() {
  return (
    <Routes>
      <Route path="/login" element={<p>login page</p>} />
      <Route element={<RequireLogin />}>
        <Route path={paths.accountOrders} element={<MyOrdersPage />} />
        <Route path={paths.accountOrder} element={<MyOrderPage />} />
        <Route path={paths.accountAddresses} element={<AddressesPage />} />
        <Route path={paths.accountAddressForm} element={<AddressFormPage />} />
      </Route>
    </Routes>
  )
}

const order = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  number: `2026-0000${id}`,
  date: '2026-11-20T10:30:00Z',
  status: 'pending',
  status_label: 'Na čekanju (u obradi)',
  total: 1500,
  payment_method: 'cash_on_delivery',
  payment_method_label: 'Plaćanje pouzećem',
  name: 'Petar Petrović',
  address: 'Knez Mihailova 1',
  city: 'Beograd',
  post_code: '11000',
  shipping: { name: '', address: '', city: '', post_code: '', phone: '' },
  items: [{ product_id: 1, sku: 'L1', name: 'Laptop Lenovo IdeaPad 3', price: 750, quantity: 2, total: 1500 }],
  notes: [],
  ...over,
})

describe('My account', () => {
  beforeEach(() => saveTokens({ token: 'access-token', refresh_token: 'r', expires_in: 900 }))

  it('sends a guest to /login', async () => {
    localStorage.clear()
    const calls = mockApi({})
    renderAt(<Pages />, paths.accountOrders)
    expect(await screen.findByText('login page')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('lists my orders page by page and opens one with its items, status and the notes to the customer', async () => {
    const calls = mockApi({
      'GET /api/v1/account/orders': (req) => {
        const page = Number(new URL(req.url).searchParams.get('page'))
        return json({ data: [order(page === 2 ? 12 : 13)], meta: { total: 11, per_page: 10, current_page: page, last_page: 2 } })
      },
      'GET /api/v1/account/orders/12': () =>
        json({
          data: order(12, {
            status: 'contacted',
            status_label: 'Kontaktiran',
            delivery_time: '3 radna dana',
            notes: [{ id: 5, kind: 'customer', body: 'Isporuka stiže u petak.', created_at: '2026-11-21T09:00:00Z' }],
          }),
        }),
    })
    const user = userEvent.setup()
    renderAt(<Pages />, paths.accountOrders)
    expect(await screen.findByRole('link', { name: '2026-000013' })).toHaveAttribute('href', '/moj-nalog/porudzbine/13')
    expect(screen.getByText('20.11.2026 11:30')).toBeInTheDocument()
    expect(new URL(calls[0].url).searchParams.get('paginate')).toBe('10')
    await user.click(screen.getByRole('link', { name: 'Strana 2' }))
    await user.click(await screen.findByRole('link', { name: '2026-000012' }))
    expect(await screen.findByRole('heading', { name: 'Porudžbina 2026-000012' })).toBeInTheDocument()
    expect(screen.getByTestId('order-status')).toHaveTextContent('Kontaktiran')
    expect(screen.getByText('3 radna dana')).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'Laptop Lenovo IdeaPad 3' })).toBeInTheDocument()
    expect(screen.getByTestId('order-total')).toHaveTextContent('1.500,00 RSD')
    const notes = screen.getByRole('region', { name: 'Poruke prodavnice' })
    expect(within(notes).getByText('Isporuka stiže u petak.')).toBeInTheDocument()
  }, SLOW)

  it('shows the signed fiscal receipts with the journal, the verification link, the PDF and the test notice', async () => {
    const receipt = {
      id: 7,
      kind: 'normal',
      kind_label: 'Promet prodaja',
      title: 'Fiskalni račun za porudžbinu 2026-000014',
      invoice_number: 'ABCD1234-EFGH5678-12',
      signed_at: '2026-11-21T09:00:00Z',
      verification_url: 'https://suf.purs.gov.rs/v/?vl=AbC',
      journal: '====== ОВО НИЈЕ ФИСКАЛНИ РАЧУН ======\nУКУПАН ИЗНОС:        1.500,00',
      pdf_url: '/api/v1/orders/14/receipts/7/pdf?token=t',
      qr_url: '/api/v1/orders/14/receipts/7/qr?token=t',
      test: true,
      test_notice: 'PROBNI RAČUN — izdao ga je simulator, nije fiskalni račun',
    }
    mockApi({
      'GET /api/v1/account/orders': () =>
        json({ data: [order(14, { receipts: [receipt] })], meta: { total: 1, per_page: 10, current_page: 1, last_page: 1 } }),
      'GET /api/v1/account/orders/14': () => json({ data: order(14, { receipts: [receipt] }) }),
    })
    const user = userEvent.setup()
    renderAt(<Pages />, paths.accountOrders)
    expect(await screen.findByRole('link', { name: 'PDF (Promet prodaja)' })).toHaveAttribute('href', receipt.pdf_url)
    expect(screen.getByText('probni račun')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: '2026-000014' }))
    const section = await screen.findByRole('region', { name: 'Fiskalni računi' })
    expect(within(section).getByRole('note')).toHaveTextContent('PROBNI RAČUN')
    expect(within(section).getByText(/УКУПАН ИЗНОС/)).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'Proverite račun' })).toHaveAttribute('href', receipt.verification_url)
    expect(within(section).getByRole('link', { name: 'Preuzmite PDF' })).toHaveAttribute('href', receipt.pdf_url)
  }, SLOW)

  it("shows the server's text for another customer's order", async () => {
    mockApi({ 'GET /api/v1/account/orders/99': () => json({ message: 'Porudžbina ne postoji ili je izbrisana.' }, 404) })
    renderAt(<Pages />, '/moj-nalog/porudzbine/99')
    expect(await screen.findByRole('alert')).toHaveTextContent('Porudžbina ne postoji ili je izbrisana.')
  })

  it('creates an address, with client checks and the server’s 422 at the field', async () => {
    let n = 0
    const calls = mockApi({
      'GET /api/v1/account/addresses': () => json({ data: [] }),
      'GET /api/v1/users/token': () => json({ data: { id: 7, name: 'Petar', email: 'p@primer.rs' } }),
      'POST /api/v1/account/addresses': () =>
        ++n === 1
          ? json({ message: 'Podaci nisu ispravni.', errors: { phone: ['Unesite ispravan broj telefona'] } }, 422)
          : json({ message: 'Adresa je sačuvana.', data: { id: 9 } }, 201),
    })
    const user = userEvent.setup()
    renderAt(<Pages />, '/moj-nalog/adrese/nova')
    expect(await screen.findByRole('heading', { name: 'Nova adresa' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Ime i prezime'), 'Petar Petrović')
    await user.type(screen.getByLabelText('Adresa'), 'Knez Mihailova 1')
    await user.type(screen.getByLabelText('Grad'), 'Beograd')
    await user.type(screen.getByLabelText('Poštanski broj'), '110')
    await user.type(screen.getByLabelText('Telefon'), '064 123 4567')
    await user.click(screen.getByLabelText('Adresa za isporuku'))
    await user.click(screen.getByRole('button', { name: 'Sačuvaj adresu' }))
    expect(screen.getByLabelText('Poštanski broj')).toHaveAccessibleDescription('Poštanski broj mora imati 5 cifara')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.type(screen.getByLabelText('Poštanski broj'), '00')
    await user.click(screen.getByRole('button', { name: 'Sačuvaj adresu' }))
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveAccessibleDescription('Unesite ispravan broj telefona'))
    await user.click(screen.getByRole('button', { name: 'Sačuvaj adresu' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moj-nalog/adrese'))
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(await posts[1].clone().json()).toEqual({
      type: 'shipping_address',
      name: 'Petar Petrović',
      address: 'Knez Mihailova 1',
      city: 'Beograd',
      post_code: '11000',
      phone: '064 123 4567',
    })
  }, SLOW)

  it('edits a saved address by PATCH and deletes one', async () => {
    let addresses = [
      { id: 3, type: 'billing_address', name: 'Petar Petrović', address: 'Knez Mihailova 1', city: 'Beograd', post_code: '11000', phone: '0641234567' },
      { id: 4, type: 'shipping_address', name: 'Ana Petrović', address: 'Bulevar 2', city: 'Novi Sad', post_code: '21000', phone: '0651234567' },
    ]
    const calls = mockApi({
      'GET /api/v1/account/addresses': () => json({ data: addresses }),
      'GET /api/v1/users/token': () => json({ data: { id: 7, name: 'Petar', email: 'p@primer.rs' } }),
      'PATCH /api/v1/account/addresses/3': () => json({ message: 'Adresa je izmenjena.', data: addresses[0] }),
      'DELETE /api/v1/account/addresses/4': () => {
        addresses = addresses.filter((a) => a.id !== 4)
        return json({ message: 'Adresa je obrisana.' })
      },
    })
    const user = userEvent.setup()
    window.confirm = () => true
    renderAt(<Pages />, paths.accountAddresses)
    expect(await screen.findAllByTestId('address-card')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Obriši: Ana Petrović' }))
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1))
    await user.click(screen.getByRole('link', { name: 'Izmeni: Petar Petrović' }))
    const city = await screen.findByLabelText('Grad')
    await waitFor(() => expect(city).toHaveValue('Beograd'))
    await user.clear(city)
    await user.type(city, 'Zemun')
    await user.click(screen.getByRole('button', { name: 'Sačuvaj adresu' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    expect(await calls.find((c) => c.method === 'PATCH')!.clone().json()).toMatchObject({ type: 'billing_address', city: 'Zemun', post_code: '11000' })
  }, SLOW)
})
