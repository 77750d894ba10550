// The order's e-invoice card against the API's paths (openapi-fetch's client spied on): the
// status and the test mark show, the buyer's reason of a rejection shows; cancel sends the
// reason on its endpoint and needs one; a completed company order without one can make it.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { EinvoiceCard } from './EinvoiceCard'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const sent = {
  id: 3,
  order_id: 7,
  order_number: '2026-000007',
  kind: 'invoice',
  return_id: 0,
  number: 'F-2026-000007',
  buyer_name: 'Kupac d.o.o.',
  buyer_pib: '100002887',
  buyer_company_number: '08762724',
  issue_date: '2026-11-20',
  delivery_date: '2026-11-20',
  total: 2400,
  status: 'Sent',
  status_label: 'Poslata',
  sef_invoice_id: 1001,
  comment: '',
  error: '',
  attempts: 1,
  test: true,
}

/** byPath answers the order's e-invoice, and its credit notes (none unless given). */
function byPath(invoice: unknown, notes: unknown[] = []) {
  return ((path: string) => Promise.resolve(ok({ data: path.endsWith('/credit-notes') ? notes : invoice }))) as never
}

describe('E-invoice card', () => {
  it('shows a sent test e-invoice and cancels it with a reason', async () => {
    vi.spyOn(client, 'GET').mockImplementation(byPath(sent))
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ data: { ...sent, status: 'Cancelled', status_label: 'Otkazana' } }) as never)
    renderApp(<EinvoiceCard orderId={7} canIssue={false} company />, { user: admin })
    expect(await screen.findByText('Poslata')).toBeTruthy()
    expect(screen.getByText('TEST (SEF simulator)')).toBeTruthy()
    const cancel = screen.getByRole('button', { name: 'Otkaži u SEF-u' })
    expect((cancel as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Razlog'), { target: { value: 'pogrešan kupac' } })
    fireEvent.click(screen.getByRole('button', { name: 'Otkaži u SEF-u' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/admin/einvoices/{id}/cancel', { params: { path: { id: 3 } }, body: { comment: 'pogrešan kupac' } }),
    )
  }, 30_000)

  it('shows the buyer’s reason of a rejection', async () => {
    vi.spyOn(client, 'GET').mockImplementation(byPath({ ...sent, status: 'Rejected', status_label: 'Odbijena', comment: 'Pogrešna cena' }))
    renderApp(<EinvoiceCard orderId={7} canIssue={false} company />, { user: admin })
    expect(await screen.findByText('Komentar: Pogrešna cena')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Storniraj' })).toBeNull()
  }, 30_000)

  it('lists the credit notes of returns under the invoice, with their XML and no cancel', async () => {
    const note = { ...sent, id: 5, kind: 'credit_note', return_id: 2, number: 'KO-2026-000007-1', total: 1200, status: 'queued', status_label: 'Čeka slanje', sef_invoice_id: null }
    const get = vi.spyOn(client, 'GET').mockImplementation(byPath(sent, [note]))
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ data: note }) as never)
    renderApp(<EinvoiceCard orderId={7} canIssue={false} company />, { user: admin })
    expect(await screen.findByText('KO-2026-000007-1')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/credit-notes', { params: { path: { id: 7 } } })
    expect(screen.getByText('Knjižna odobrenja')).toBeTruthy()
    expect(screen.getByText('Čeka slanje')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Otkaži u SEF-u' })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji ponovo' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/einvoices/{id}/retry', { params: { path: { id: 5 } } }))
  }, 30_000)

  it('a private order (no company PIB) has no e-invoice: nothing is asked, nothing shown', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: sent }) as never)
    const { container } = renderApp(<EinvoiceCard orderId={7} canIssue={false} company={false} />, { user: admin })
    await new Promise((r) => setTimeout(r, 50))
    expect(get).not.toHaveBeenCalled()
    expect(container.querySelector('.ant-card')).toBeNull()
  })

  it('makes the e-invoice of a completed company order that has none', async () => {
    vi.spyOn(client, 'GET').mockRejectedValue(Object.assign(new Error('nf'), { status: 404 }))
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ data: sent }) as never)
    renderApp(<EinvoiceCard orderId={7} canIssue company />, { user: admin })
    fireEvent.click(await screen.findByRole('button', { name: 'Izdaj e-fakturu' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/einvoice', { params: { path: { id: 7 } } }))
  }, 30_000)
})
