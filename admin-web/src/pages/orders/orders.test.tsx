// The orders screens against the API's paths (openapi-fetch's client spied on): the list's
// filters from the address become the query, the totals show; the order's transition control
// offers only the statuses the server allows next and asks a reason for a cancellation; notes
// are added on their endpoint.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { OrderPage } from './OrderPage'
import { OrdersPage } from './OrdersPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const row = {
  id: 7,
  number: '2026-000007',
  date: '2026-11-20T10:00:00Z',
  status: 'contacted',
  status_label: 'Kontaktiran',
  name: 'Ana Anić',
  email: 'ana@example.rs',
  phone: '064 111 2233',
  city: 'Beograd',
  company_name: '',
  payment_method: 'bank_transfer',
  payment_method_label: 'Uplata na račun (profaktura)',
  total: 4200,
  items_count: 3,
}

describe('Orders list', () => {
  it('sends the filters kept in the address, shows the count and the sum, and clears the filters', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(
      ok({ data: [row], meta: { total: 1, per_page: 20, current_page: 1, last_page: 1, total_amount: 4200 } }) as never,
    )
    renderApp(<OrdersPage />, { user: admin, at: '/porudzbine?status=contacted&payment_method=bank_transfer&date_from=2026-11-01&date_to=2026-11-30&search=ana&color=red' })
    expect(await screen.findByText('Ana Anić')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/orders', {
      params: {
        query: { page: 1, paginate: 20, search: 'ana', status: 'contacted', payment_method: 'bank_transfer', date_from: '2026-11-01', date_to: '2026-11-30' },
      },
    })
    expect(screen.getByTestId('orders-sum').textContent).toBe('Zbir: 4.200,00 RSD')
    expect(screen.getByTestId('list-total').textContent).toContain('1')
    expect(screen.getByRole('link', { name: '2026-000007' }).getAttribute('href')).toBe('/porudzbine/7')

    fireEvent.click(screen.getByRole('button', { name: 'Ukloni filtere' }))
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/v1/admin/orders', { params: { query: { page: 1, paginate: 20, search: 'ana' } } }))
  }, 30_000)

  it('drops malformed filters and exports the current filters', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [], meta: { total: 0, per_page: 20, current_page: 1, last_page: 1, total_amount: 0 } }) as never)
    const created = vi.fn(() => 'blob:x')
    URL.createObjectURL = created
    URL.revokeObjectURL = vi.fn()
    renderApp(<OrdersPage />, { user: admin, at: '/porudzbine?status=shipped&date_from=1.11.2026&payment_method=card_in_shop' })
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/admin/orders', { params: { query: { page: 1, paginate: 20, payment_method: 'card_in_shop' } } }))
    get.mockResolvedValue(ok(new Blob(['xlsx'])) as never)
    fireEvent.click(screen.getByRole('button', { name: /Izvoz u XLSX/ }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/orders/export', { params: { query: { payment_method: 'card_in_shop' } }, parseAs: 'blob' }),
    )
    await waitFor(() => expect(created).toHaveBeenCalled())
  }, 30_000)
})

const order = {
  ...row,
  status: 'pending',
  status_label: 'Na čekanju (u obradi)',
  address: 'Nemanjina 4',
  post_code: '11000',
  shipping: { name: 'Ana Anić', address: 'Nemanjina 4', city: 'Beograd', post_code: '11000', phone: '064 111 2233' },
  items: [{ product_id: 3, sku: 'LA-1', name: 'Laptop', price: 1400, quantity: 3, total: 4200 }],
  notes: [
    { id: 1, kind: 'internal', body: 'Proveriti zalihe', author: 'Marko Marković', created_at: '2026-11-20T11:00:00Z' },
    { id: 2, kind: 'customer', body: 'Stiže u petak', created_at: '2026-11-20T12:00:00Z' },
  ],
  attachments: [{ id: 4, file_name: 'racun.pdf', content_type: 'application/pdf', size: 2048, created_at: '2026-11-20T12:00:00Z' }],
  next_statuses: [
    { status: 'contacted', label: 'Kontaktiran' },
    { status: 'on_hold', label: 'Zadržana' },
    { status: 'cancelled', label: 'Otkazana' },
  ],
  delivery_status: '',
  delivery_time: '',
  supplier: '',
  replacement_product: '',
}

/** mockOrder answers the order screen's reads: the order, its fiscal receipts (none unless given), its returns (none). */
function mockOrder(o: unknown, receipts: unknown[] = []) {
  return vi.spyOn(client, 'GET').mockImplementation(((path: string) =>
    Promise.resolve(
      path === '/api/v1/admin/orders/{id}/receipts'
        ? ok({ data: receipts })
        : path === '/api/v1/admin/orders/{id}/returns'
          ? ok({ data: [] })
          : ok({ data: o }),
    )) as never)
}

async function openSelect(label: string) {
  const box = await screen.findByRole('combobox', { name: label })
  fireEvent.mouseDown(box)
  return box
}

/** optionTitles: the options of the select opened last (an earlier dropdown stays in the DOM). */
function optionTitles(): string[] {
  const dropdown = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1)
  return [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((o) => o.getAttribute('title') ?? o.textContent)
}

describe('Order screen', () => {
  it('offers only the next statuses, asks a reason for a cancellation, and sends the change', async () => {
    mockOrder(order)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Status porudžbine je izmenjen.', data: order }) as never)
    renderApp(<OrderPage />, { user: admin, at: '/porudzbine/7', path: '/porudzbine/:orderId' })
    expect(await screen.findByText('Laptop')).toBeTruthy()
    expect(screen.getByText('Proveriti zalihe')).toBeTruthy()
    expect(screen.getByText('racun.pdf')).toBeTruthy()

    await openSelect('Novi status')
    await waitFor(() => expect(optionTitles()).toEqual(['Kontaktiran', 'Zadržana', 'Otkazana']))
    const change = screen.getByRole('button', { name: 'Promeni status' })
    expect((change as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="Otkazana"]')!)
    // a cancellation waits for its reason
    await screen.findByRole('combobox', { name: 'Razlog otkazivanja' })
    expect((screen.getByRole('button', { name: 'Promeni status' }) as HTMLButtonElement).disabled).toBe(true)
    await openSelect('Razlog otkazivanja')
    await waitFor(() => expect(optionTitles()).toEqual(['Cena', 'Zalihe', 'Rok isporuke', 'Ostalo']))
    fireEvent.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="Zalihe"]')!)
    await waitFor(() => expect((screen.getByRole('button', { name: 'Promeni status' }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(screen.getByRole('button', { name: 'Promeni status' }))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/status', { params: { path: { id: 7 } }, body: { status: 'cancelled', cancel_reason: 'stock' } }),
    )
  }, 30_000)

  it('shows a final order without a transition control', async () => {
    mockOrder({ ...order, status: 'completed', next_statuses: [] })
    renderApp(<OrderPage />, { user: admin, at: '/porudzbine/7', path: '/porudzbine/:orderId' })
    expect(await screen.findByText('Porudžbina je u završnom statusu.')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Novi status' })).toBeNull()
  }, 30_000)

  it('adds an internal note, sends a note to the customer, and deletes an internal note after a yes', async () => {
    mockOrder(order)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Napomena je sačuvana.', data: { id: 9, kind: 'internal', body: 'x' } }, 201) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Napomena je obrisana.' }) as never)
    renderApp(<OrderPage />, { user: admin, at: '/porudzbine/7', path: '/porudzbine/:orderId' })
    await screen.findByText('Proveriti zalihe')
    expect(screen.getByText(/Marko Marković · 20\.11\.2026/)).toBeTruthy() // who wrote the note

    const internalBox = screen.getByRole('textbox', { name: 'Interna napomena (vidi je samo osoblje)' })
    fireEvent.change(internalBox, { target: { value: 'Kupac zove posle 17h' } })
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj napomenu' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/notes', { params: { path: { id: 7 } }, body: { kind: 'internal', body: 'Kupac zove posle 17h' } }),
    )

    const customerBox = screen.getByRole('textbox', { name: 'Poruka kupcu (šalje se emailom i prikazuje u njegovoj porudžbini)' })
    fireEvent.change(customerBox, { target: { value: 'Laptop stiže sutra' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji kupcu' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/notes', { params: { path: { id: 7 } }, body: { kind: 'customer', body: 'Laptop stiže sutra' } }),
    )

    // only the internal note has edit and delete buttons
    const internalItem = screen.getByText('Proveriti zalihe').closest('li')!
    expect(within(screen.getByText('Stiže u petak').closest('li')!).queryByRole('button', { name: 'Obriši' })).toBeNull()
    fireEvent.click(within(internalItem).getByRole('button', { name: 'Obriši' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/notes/{noteId}', { params: { path: { id: 7, noteId: 1 } } }))
  }, 30_000)
})

describe('Fiscal receipts on the order', () => {
  const failed = {
    id: 31,
    order_id: 7,
    order_number: '2026-000007',
    kind: 'normal',
    kind_label: 'Promet prodaja',
    status: 'failed',
    status_label: 'Neuspešan',
    reason: '2805: payment invalid value',
    invoice_number: '',
    verification_url: '',
    test: true,
  }

  it('records the payment after a confirmation, and retries a failed receipt showing why it failed and that it is a test one', async () => {
    mockOrder(order, [failed])
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: order }) as never)
    renderApp(<OrderPage />, { user: admin, at: '/porudzbine/7', path: '/porudzbine/:orderId' })
    const card = await screen.findByTestId('fiscal-card')
    expect(await within(card).findByText('Reason: 2805: payment invalid value'.replace('Reason', 'Razlog'))).toBeTruthy()
    expect(within(card).getByText('Probni račun: izdao ga je simulator, nije fiskalni račun.')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: /Pošalji ponovo/ }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/fiscal-receipts/{id}/retry', { params: { path: { id: 31 } } }))
    fireEvent.click(within(card).getByRole('button', { name: 'Evidentiraj uplatu' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Potvrdi|Da/ }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/payment', { params: { path: { id: 7 } } }))
  }, 30_000)

  it('offers no payment or retry to staff who may only look', async () => {
    mockOrder({ ...order, paid_at: '2026-11-21T10:00:00Z' }, [failed])
    renderApp(<OrderPage />, { user: { id: 2, roles: ['staff'], permissions: ['view-order'] }, at: '/porudzbine/7', path: '/porudzbine/:orderId' })
    const card = await screen.findByTestId('fiscal-card')
    expect(await within(card).findByText(/Plaćeno/)).toBeTruthy()
    expect(within(card).queryByRole('button', { name: /Pošalji ponovo/ })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Evidentiraj uplatu' })).toBeNull()
  }, 30_000)
})
