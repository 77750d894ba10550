import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../api/client'
import { renderApp } from '../testing/render'
import { NotificationBell } from './NotificationBell'

// the realtime channel is tested on its own (src/realtime): here it never answers
vi.mock('@microsoft/fetch-event-source', () => ({ fetchEventSource: () => new Promise(() => undefined) }))

const user = { id: 1, name: 'Demo Administrator', roles: ['super-admin'], permissions: [] }
const pricelist = { id: 5, supplier_id: 2, supplier: 'Ewe', file_name: 'ewe.xlsx' }

const unread = [
  { id: 14, type: 'ImportFailed', read: false, created_at: '2025-03-01T10:05:00Z', data: { pricelist, error: 'Fajl je oštećen' } },
  { id: 13, type: 'ImportFinished', read: false, created_at: '2025-03-01T10:04:00Z', data: { pricelist, counts: { rows: 3, created: 1, updated: 1, unchanged: 0, rejected: 1 } } },
  { id: 12, type: 'CategoriesNotMapped', read: false, created_at: '2025-03-01T10:03:00Z', data: { pricelist, categories: ['Monitori', 'Miševi'] } },
  { id: 11, type: 'CategoriesUploaded', read: false, created_at: '2025-03-01T10:02:00Z', data: { pricelist } },
  { id: 10, type: 'PricelistUploaded', read: false, created_at: '2025-03-01T10:01:00Z', data: { pricelist } },
]

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

const WITH_COUNT = '/api/v1/admin/users/{id}/notifications/with-count'

/** mockApi answers the bell's calls; `state` is what the server holds now. */
function mockApi(state: { notifications: unknown[]; count: number }) {
  const get = vi.spyOn(client, 'GET').mockImplementation((async (path: string) =>
    path === WITH_COUNT ? ok({ data: { ...state } }) : ok({ data: [], meta: { total: 0 } })) as unknown as typeof client.GET)
  const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok' }) as never)
  const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'ok' }) as never)
  const countCalls = () => get.mock.calls.filter((c: unknown[]) => c[0] === WITH_COUNT).length
  return { get, patch, del, countCalls }
}

async function openBell(count: number) {
  const bell = await screen.findByRole('button', { name: `Obaveštenja, nepročitanih: ${count}` })
  fireEvent.click(bell)
  return screen.findByTestId('bell-panel')
}

afterEach(() => vi.restoreAllMocks())

describe('NotificationBell', () => {
  it('shows the unread count and the unread notifications by type, newest first; other types as errors', async () => {
    mockApi({ notifications: unread, count: 7 })
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(7)
    expect(within(screen.getByTestId('bell-count')).getAllByText('7').length).toBeGreaterThan(0)
    const items = await within(panel).findAllByTestId('bell-item')
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['error', 'info', 'info', 'info', 'info'])
    expect(items[0].textContent).toContain('Uvoz cenovnika ewe.xlsx dobavljača Ewe nije uspeo: Fajl je oštećen')
    expect(items[1].textContent).toContain('Uvoz cenovnika ewe.xlsx dobavljača Ewe je završen. Redova: 3, novih: 1, izmenjenih: 1, nepromenjenih: 0, odbijenih: 1')
    expect(items[2].textContent).toContain('Kategorije dobavljača Ewe nisu povezane: Monitori, Miševi')
    expect(items[3].textContent).toContain('Kategorije dobavljača Ewe su učitane')
    expect(items[4].textContent).toContain('Cenovnik ewe.xlsx dobavljača Ewe je primljen')
    expect(within(panel).queryByText('Nema novih obaveštenja')).toBeNull()
  })

  it('shows a new order (NewOrder) as information that opens the order', async () => {
    mockApi({
      notifications: [{ id: 20, type: 'NewOrder', read: false, created_at: '2026-11-25T10:00:00Z', data: { message: 'Nova porudžbina', order_id: 7, number: '2026-000007', total: 3000 } }],
      count: 1,
    })
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(1)
    const [item] = await within(panel).findAllByTestId('bell-item')
    expect(item.getAttribute('data-kind')).toBe('info')
    const link = within(item).getByRole('link', { name: 'Nova porudžbina 2026-000007 (3.000,00 RSD)' })
    expect(link.getAttribute('href')).toBe('/admin/porudzbine/7')
    fireEvent.click(link)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/porudzbine/7'))
  })

  it('shows an unknown type as an error with its data.message', async () => {
    mockApi({ notifications: [{ id: 3, type: 'ExportFailed', read: false, data: { message: 'Izvoz nije uspeo' } }], count: 1 })
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(1)
    const [item] = await within(panel).findAllByTestId('bell-item')
    expect(item.getAttribute('data-kind')).toBe('error')
    expect(item.textContent).toContain('Greška: Izvoz nije uspeo')
  })

  it('marks one read on its endpoint, then reloads the list and the count', async () => {
    const state = { notifications: unread.slice(3), count: 2 }
    const api = mockApi(state)
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(2)
    const items = await within(panel).findAllByTestId('bell-item')
    const before = api.countCalls()
    state.notifications = unread.slice(4)
    state.count = 1
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Označi kao pročitano' }))
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: 1, notification_id: 11 } } }),
    )
    await waitFor(() => expect(api.countCalls()).toBe(before + 1))
    expect(await screen.findByRole('button', { name: 'Obaveštenja, nepročitanih: 1' })).toBeTruthy()
    await waitFor(() => expect(within(panel).getAllByTestId('bell-item')).toHaveLength(1))
  })

  it('marks all read, then shows the empty-list text', async () => {
    const state = { notifications: unread, count: 5 }
    const api = mockApi(state)
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(5)
    await within(panel).findAllByTestId('bell-item')
    state.notifications = []
    state.count = 0
    fireEvent.click(within(panel).getByRole('button', { name: 'Označi sve kao pročitano' }))
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/read-all', { params: { path: { id: 1 } } }))
    expect(await within(panel).findByText('Nema novih obaveštenja')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Obaveštenja, nepročitanih: 0' })).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Označi sve kao pročitano' })).toHaveProperty('disabled', true)
  })

  it('removes one on its endpoint, then reloads', async () => {
    const state = { notifications: unread.slice(3), count: 2 }
    const api = mockApi(state)
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(2)
    const items = await within(panel).findAllByTestId('bell-item')
    const before = api.countCalls()
    state.notifications = unread.slice(3, 4)
    state.count = 1
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Ukloni' }))
    await waitFor(() =>
      expect(api.del).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: 1, notification_id: 10 } } }),
    )
    await waitFor(() => expect(api.countCalls()).toBe(before + 1))
    await waitFor(() => expect(within(panel).getAllByTestId('bell-item')).toHaveLength(1))
  })

  it('shows the empty-list text, and view all opens the notifications page', async () => {
    mockApi({ notifications: [], count: 0 })
    renderApp(<NotificationBell userId={1} />, { user })
    const panel = await openBell(0)
    expect(await within(panel).findByText('Nema novih obaveštenja')).toBeTruthy()
    fireEvent.click(within(panel).getByRole('button', { name: 'Pogledaj sve' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/obavestenja'))
  })
})
