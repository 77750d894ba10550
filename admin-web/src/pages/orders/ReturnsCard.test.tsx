// The order's returns card against the API's paths (openapi-fetch's client spied on): the
// returns show with their refund receipts; the "Povraćaj" dialog sends only the lines given a
// quantity, at most what is left of each; a 422 on a line's quantity shows on that line.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ApiError, client } from '../../api/client'
import type { StaffOrder } from '../../hooks/api/orders'
import { renderApp } from '../../testing/render'
import { ReturnDialog, ReturnsCard } from './ReturnsCard'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const order = {
  id: 7,
  number: '2026-000007',
  status: 'contacted',
  paid_at: '2026-11-20T10:00:00Z',
  items: [
    { id: 11, product_id: 1, sku: 'L-1', name: 'Laptop', price: 1000, quantity: 2, total: 2000 },
    { id: 12, product_id: 2, sku: 'M-1', name: 'Monitor', price: 600, quantity: 3, total: 1800 },
  ],
} as StaffOrder

const firstReturn = {
  id: 5,
  number: 1,
  reason: 'Oštećen',
  total: 600,
  created_at: '2026-11-21T10:00:00Z',
  items: [{ order_item_id: 12, product_id: 2, sku: 'M-1', name: 'Monitor', quantity: 1, price: 600, total: 600 }],
  receipt: { id: 9, kind: 'refund', return_id: 5, status: 'sent', status_label: 'Izdat', invoice_number: 'AB12-CD34-3' },
}

describe('Returns card', () => {
  it('lists the returns with their refund receipts', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [firstReturn] }) as never)
    renderApp(<ReturnsCard o={order} />, { user: admin })
    expect(await screen.findByText('Povraćaj 1')).toBeTruthy()
    expect(screen.getByText('Izdat')).toBeTruthy()
    expect(screen.getByText('AB12-CD34-3')).toBeTruthy()
    expect(screen.getByText('Monitor × 1')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Povraćaj/ })).toBeTruthy()
  }, 30_000)

  it('offers no return for an unpaid order', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [] }) as never)
    renderApp(<ReturnsCard o={{ ...order, paid_at: null }} />, { user: admin })
    expect(await screen.findByText('Porudžbina nema povraćaja.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Povraćaj/ })).toBeNull()
  }, 30_000)

  it('sends only the lines given a quantity, capped at what is left', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ data: firstReturn }, 201) as never)
    const onClose = vi.fn()
    renderApp(<ReturnDialog o={order} done={{ 12: 2 }} onClose={onClose} />, { user: admin })
    expect(await screen.findByText('Može se vratiti: 1')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Evidentiraj povraćaj' }))
    expect(await screen.findByText('Izaberite bar jednu stavku za povraćaj.')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    // Typed past what is left, the field holds what is left.
    const monitor = screen.getByLabelText('Vraća se Monitor')
    fireEvent.change(monitor, { target: { value: '5' } })
    fireEvent.blur(monitor)
    fireEvent.change(screen.getByLabelText('Razlog'), { target: { value: ' Oštećen ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Evidentiraj povraćaj' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/admin/orders/{id}/returns', {
        params: { path: { id: 7 } },
        body: { reason: 'Oštećen', items: [{ order_item_id: 12, quantity: 1 }] },
      }),
    )
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  }, 30_000)

  it('shows the server’s refusal on the line it names', async () => {
    vi.spyOn(client, 'POST').mockRejectedValue(
      new ApiError(422, { message: 'Podaci nisu ispravni.', errors: { 'items[0].quantity': ['Može se vratiti najviše 1 kom.'] } }),
    )
    renderApp(<ReturnDialog o={order} done={{}} onClose={vi.fn()} />, { user: admin })
    const laptop = await screen.findByLabelText('Vraća se Laptop')
    fireEvent.change(laptop, { target: { value: '2' } })
    fireEvent.blur(laptop)
    fireEvent.click(screen.getByRole('button', { name: 'Evidentiraj povraćaj' }))
    const row = (await screen.findByText('Može se vratiti najviše 1 kom.')).closest('tr')!
    expect(within(row).getByText('Laptop')).toBeTruthy()
  }, 30_000)
})
