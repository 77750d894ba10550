import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { NotificationsPage } from './NotificationsPage'

const user = { id: 4, name: 'Demo Administrator', roles: ['super-admin'], permissions: [] }
const pricelist = { id: 5, supplier_id: 2, supplier: 'Ewe', file_name: 'ewe.xlsx' }
const LIST = '/api/v1/admin/users/{id}/notifications'

const rows = [
  { id: 3, type: 'ImportFailed', read: false, read_at: null, created_at: '2025-03-01T10:05:00Z', data: { error: 'Fajl je oštećen' } },
  { id: 2, type: 'PricelistUploaded', read: true, read_at: '2025-03-01T10:06:00Z', created_at: '2025-03-01T10:01:00Z', data: { pricelist } },
]

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

function mockApi(state: { data: unknown[]; total: number }) {
  const get = vi.spyOn(client, 'GET').mockImplementation((async (path: string) =>
    path === LIST ? ok({ data: state.data, meta: { total: state.total, per_page: 20, current_page: 1, last_page: 1 } }) : ok({})) as unknown as typeof client.GET)
  const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok' }) as never)
  const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'ok' }) as never)
  const listCalls = () => get.mock.calls.filter((c: unknown[]) => c[0] === LIST).length
  return { get, patch, del, listCalls }
}

afterEach(() => vi.restoreAllMocks())

describe('NotificationsPage', () => {
  it('lists all notifications with their read state and text, asking the page of the URL', async () => {
    const api = mockApi({ data: rows, total: 2 })
    renderApp(<NotificationsPage />, { user, at: '/obavestenja?page=1&paginate=50' })
    expect(await screen.findByText('Greška: Fajl je oštećen')).toBeTruthy()
    expect(screen.getByText('Cenovnik ewe.xlsx dobavljača Ewe je primljen')).toBeTruthy()
    expect(screen.getByText('Nepročitano')).toBeTruthy()
    expect(screen.getByText('Pročitano')).toBeTruthy()
    expect(screen.getByTestId('list-total').textContent).toBe('Ukupno: 2')
    expect(api.get).toHaveBeenCalledWith(LIST, { params: { path: { id: 4 }, query: { page: 1, paginate: 50 } } })
    // a read notification has no mark-read button
    expect(screen.getAllByRole('button', { name: 'Označi kao pročitano' })).toHaveLength(1)
  })

  it('marks one and all read on their endpoints and reloads', async () => {
    const api = mockApi({ data: rows, total: 2 })
    renderApp(<NotificationsPage />, { user })
    fireEvent.click(await screen.findByRole('button', { name: 'Označi kao pročitano' }))
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: 4, notification_id: 3 } } }),
    )
    await waitFor(() => expect(api.listCalls()).toBe(2))
    fireEvent.click(screen.getByRole('button', { name: /Označi sve kao pročitano/ }))
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/read-all', { params: { path: { id: 4 } } }))
    await waitFor(() => expect(api.listCalls()).toBe(3))
  })

  it('deletes one after a yes, and all after a yes; no deletes on a no', async () => {
    const state = { data: rows, total: 2 }
    const api = mockApi(state)
    renderApp(<NotificationsPage />, { user })
    await screen.findByText('Greška: Fajl je oštećen')

    fireEvent.click(screen.getAllByRole('button', { name: 'Obriši' })[1])
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Obrisati obaveštenje?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ne' }))
    expect(api.del).not.toHaveBeenCalled()

    fireEvent.click(screen.getAllByRole('button', { name: 'Obriši' })[1])
    dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Da' }))
    await waitFor(() =>
      expect(api.del).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: 4, notification_id: 2 } } }),
    )
    await waitFor(() => expect(api.listCalls()).toBe(2))

    state.data = []
    state.total = 0
    fireEvent.click(screen.getByRole('button', { name: /Obriši sve/ }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Obrisati sva obaveštenja?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Da' }))
    await waitFor(() => expect(api.del).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/delete-all', { params: { path: { id: 4 } } }))
    expect(await screen.findByText('Nema podataka')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Obriši sve/ })).toHaveProperty('disabled', true)
  })
})
