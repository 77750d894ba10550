// The fiscal receipts' and e-invoices' lists against the API's paths (openapi-fetch's client
// spied on): the filters kept in the address and the search box become the query, the export
// sends the same filters, a test document says so, a failed one is retried by staff who may
// change orders and not by staff who may only look.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { EinvoicesPage } from '../einvoices/EinvoicesPage'
import { FiscalReceiptsPage } from './FiscalReceiptsPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }
const viewer = { id: 2, roles: ['staff'], permissions: ['view-order'] }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const meta = { total: 2, per_page: 20, current_page: 1, last_page: 1 }

const receipts = [
  {
    id: 11,
    order_id: 7,
    order_number: '2026-000007',
    kind: 'normal',
    kind_label: 'Promet prodaja',
    status: 'sent',
    status_label: 'Izdat',
    invoice_number: 'AB12CD34-AB12CD34-5',
    signed_at: '2026-11-20T10:00:00Z',
    buyer_name: 'Ana Anić',
    buyer_pib: '',
    total: 4200,
    reason: '',
    test: true,
  },
  {
    id: 12,
    order_id: 8,
    order_number: '2026-000008',
    kind: 'refund',
    kind_label: 'Promet refundacija',
    status: 'failed',
    status_label: 'Neuspešan',
    invoice_number: '',
    signed_at: null,
    buyer_name: 'Firma d.o.o.',
    buyer_pib: '106523846',
    total: 1000,
    reason: '2805: referentDocumentNumber invalid value',
    test: true,
  },
]

describe('Fiscal receipts list', () => {
  it('sends the filters and the buyer search, links the order, exports the same filters and retries a failed receipt', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: receipts, meta }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: receipts[1] }) as never)
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderApp(<FiscalReceiptsPage />, { user: admin, at: '/fiskalni-racuni?status=failed&kind=refund&date_from=2026-11-01&date_to=bad&search=firma' })
    expect(await screen.findByText('Firma d.o.o. (PIB 106523846)')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/fiscal-receipts', {
      params: { query: { page: 1, paginate: 20, buyer: 'firma', status: 'failed', kind: 'refund', date_from: '2026-11-01' } },
    })
    expect(screen.getByRole('link', { name: '2026-000008' }).getAttribute('href')).toBe('/porudzbine/8')
    expect(screen.getAllByText('PROBNI (simulator)')).toHaveLength(2)
    expect(screen.getByText('2805: referentDocumentNumber invalid value')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Pošalji ponovo' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/fiscal-receipts/{id}/retry', { params: { path: { id: 12 } } }))

    get.mockResolvedValue(ok(new Blob(['xlsx'])) as never)
    fireEvent.click(screen.getByRole('button', { name: /Izvoz u XLSX/ }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/fiscal-receipts/export', {
        params: { query: { buyer: 'firma', status: 'failed', kind: 'refund', date_from: '2026-11-01' } },
        parseAs: 'blob',
      }),
    )
  }, 30_000)

  it('offers staff who may only look the PDF and no retry', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: receipts, meta }) as never)
    renderApp(<FiscalReceiptsPage />, { user: viewer, at: '/fiskalni-racuni' })
    expect(await screen.findByRole('button', { name: 'PDF računa' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pošalji ponovo' })).toBeNull()
  }, 30_000)
})

const einvoices = [
  {
    id: 3,
    order_id: 9,
    order_number: '2026-000009',
    kind: 'invoice',
    return_id: 0,
    number: 'F-2026-000009',
    buyer_name: 'Tehno Plus d.o.o.',
    buyer_pib: '106523846',
    issue_date: '2026-11-20',
    total: 12000,
    status: 'refused',
    status_label: 'SEF odbio',
    sef_invoice_id: null,
    error: 'SEF: Invoice number already used',
    comment: '',
    test: true,
  },
]

describe('E-invoices list', () => {
  it('sends the status, the days and the buyer, links the order, opens the XML and retries a refused one', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: einvoices, meta: { ...meta, total: 1 } }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: einvoices[0] }) as never)
    renderApp(<EinvoicesPage />, { user: admin, at: '/e-fakture?status=refused&date_to=2026-11-30&search=tehno&kind=x' })
    expect(await screen.findByText('Tehno Plus d.o.o. (PIB 106523846)')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/einvoices', { params: { query: { page: 1, paginate: 20, buyer: 'tehno', status: 'refused', date_to: '2026-11-30' } } })
    expect(screen.getByRole('link', { name: '2026-000009' }).getAttribute('href')).toBe('/porudzbine/9')
    expect(screen.getByText('TEST (SEF simulator)')).toBeTruthy()
    expect(screen.getByText('SEF: Invoice number already used')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji ponovo' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/einvoices/{id}/retry', { params: { path: { id: 3 } } }))
    window.open = vi.fn()
    URL.createObjectURL = vi.fn(() => 'blob:x')
    get.mockResolvedValue(ok(new Blob(['<Invoice/>'])) as never)
    fireEvent.click(screen.getByRole('button', { name: 'XML' }))
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/admin/einvoices/{id}/xml', { params: { path: { id: 3 } }, parseAs: 'blob' }))
  }, 30_000)

  it('filters by kind and shows a credit note as one, linked to its order', async () => {
    const note = { ...einvoices[0], id: 4, kind: 'credit_note', return_id: 2, number: 'KO-2026-000009-1', status: 'Sent', status_label: 'Poslata', error: '' }
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [note], meta: { ...meta, total: 1 } }) as never)
    renderApp(<EinvoicesPage />, { user: admin, at: '/e-fakture?kind=credit_note' })
    expect(await screen.findByText('KO-2026-000009-1')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/einvoices', { params: { query: { page: 1, paginate: 20, kind: 'credit_note' } } })
    expect(screen.getAllByText('Knjižno odobrenje').length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: '2026-000009' }).getAttribute('href')).toBe('/porudzbine/9')
  }, 30_000)
})

describe('Bank statement import', () => {
  it('uploads the statement and shows each entry with its outcome and reason', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [], meta: { ...meta, total: 0 } }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(
      ok({
        message: 'Izvod je obrađen: uparenih 1, već plaćenih 0, neslaganja 0, neuparenih 1, preskočenih 0.',
        data: {
          statement: '7',
          account: '160-1',
          counts: { matched: 1, unmatched: 1 },
          lines: [
            { row: 1, amount: 1234.5, currency: 'RSD', reference: '97452026000007', payer: 'Ana', outcome: 'matched', outcome_label: 'Upareno, uplata evidentirana', order_id: 7, order_number: '2026-000007', reason: '' },
            { row: 2, amount: 10, currency: 'RSD', reference: '97000001', payer: '', outcome: 'unmatched', outcome_label: 'Nije upareno', order_id: 0, order_number: '', reason: 'Kontrolni broj poziva na broj 97000001 nije ispravan' },
          ],
        },
      }) as never,
    )
    renderApp(<FiscalReceiptsPage />, { user: admin, at: '/fiskalni-racuni' })
    fireEvent.click(await screen.findByRole('button', { name: /Uvoz izvoda/ }))
    const input = (await screen.findByRole('dialog')).querySelector<HTMLInputElement>('input[type=file]')!
    fireEvent.change(input, { target: { files: [new File(['<Document/>'], 'izvod.xml', { type: 'text/xml' })] } })
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/payments/import', expect.objectContaining({ body: expect.anything() })))
    expect(await screen.findByText('Upareno, uplata evidentirana')).toBeTruthy()
    expect(screen.getByText('Kontrolni broj poziva na broj 97000001 nije ispravan')).toBeTruthy()
    expect(screen.getByRole('link', { name: '2026-000007' }).getAttribute('href')).toBe('/porudzbine/7')
  }, 30_000)

  it('is not offered to staff who may only look', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: receipts, meta }) as never)
    renderApp(<FiscalReceiptsPage />, { user: viewer, at: '/fiskalni-racuni' })
    expect(await screen.findByRole('button', { name: 'PDF računa' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Uvoz izvoda/ })).toBeNull()
  }, 30_000)
})
