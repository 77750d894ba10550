import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { saveTokens } from '@shop/shared'
import type { ReactNode } from 'react'
import { client } from '../api/client'
import { notificationKeys } from '../hooks/api/notifications'
import { pricelistKeys } from '../hooks/api/pricelists'
import { toast } from '../notify'
import { calls } from './fakeEventSource'
import { SOUND_URL } from './sound'
import { useNotificationStream } from './useNotificationStream'

vi.mock('@microsoft/fetch-event-source', async () => (await import('./fakeEventSource')).fakeModule)
vi.mock('../notify', () => ({ toast: vi.fn() }))

const played: string[] = []
let refuse = false
class FakeAudio {
  constructor(readonly src: string) {}
  play() {
    played.push(this.src)
    return refuse ? Promise.reject(new DOMException('autoplay', 'NotAllowedError')) : Promise.resolve()
  }
}

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  qc.setQueryData(notificationKeys.unread(1), { notifications: [], count: 0 })
  qc.setQueryData(notificationKeys.list(1, { page: 1, paginate: 20 }), { data: [], meta: {} })
  qc.setQueryData(notificationKeys.unread(2), { notifications: [], count: 0 })
  qc.setQueryData(pricelistKeys.all, 'imports')
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  const hook = renderHook(() => useNotificationStream(1), { wrapper })
  return { qc, ...hook }
}

beforeEach(() => {
  calls.length = 0
  played.length = 0
  refuse = false
  vi.mocked(toast).mockClear()
  vi.stubGlobal('Audio', FakeAudio)
  saveTokens({ token: 'tok', refresh_token: 'r', expires_in: 900 })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useNotificationStream', () => {
  it('on a notification plays the sound, shows a toast and reloads the bell and the list', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [{ id: 41, type: 'ImportFinished' }], meta: { total: 1 } }) as never)
    const { qc, unmount } = setup()
    await waitFor(() => expect(calls).toHaveLength(1))
    // the first connect replays from the newest notification the user has
    expect(get).toHaveBeenCalledWith('/api/v1/admin/users/{id}/notifications', { params: { path: { id: 1 }, query: { page: 1, paginate: 1 } } })
    expect(calls[0].headers['last-event-id']).toBe('41')
    await calls[0].open()
    expect(qc.getQueryState(notificationKeys.unread(1))?.isInvalidated).toBe(false)

    const n = { id: 42, type: 'PricelistUploaded', read: false, data: { pricelist: { id: 3, supplier: 'Ewe', file_name: 'ewe.xlsx' } } }
    calls[0].send({ id: '42', event: 'notification', data: JSON.stringify(n) })
    expect(played).toEqual([SOUND_URL])
    expect(toast).toHaveBeenCalledWith({ type: 'success', message: 'Cenovnik ewe.xlsx dobavljača Ewe je primljen' })
    expect(qc.getQueryState(notificationKeys.unread(1))?.isInvalidated).toBe(true)
    expect(qc.getQueryState(notificationKeys.list(1, { page: 1, paginate: 20 }))?.isInvalidated).toBe(true)
    // another user's cache is not this stream's business
    expect(qc.getQueryState(notificationKeys.unread(2))?.isInvalidated).toBe(false)
    // a price-list job's notification reloads the price-list screens' lists too
    expect(qc.getQueryState(pricelistKeys.all)?.isInvalidated).toBe(true)

    unmount()
    await waitFor(() => expect(calls[0].settled).toBe(true))
  })

  it('shows an unknown type as an error toast, and a refused autoplay changes nothing', async () => {
    refuse = true
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [], meta: { total: 0 } }) as never)
    setup()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].headers['last-event-id']).toBe('0')
    await calls[0].open()
    calls[0].send({ id: '7', event: 'notification', data: JSON.stringify({ id: 7, type: 'ImportFailed', data: { error: 'Fajl je oštećen' } }) })
    expect(played).toHaveLength(1)
    expect(toast).toHaveBeenCalledWith({ type: 'danger', message: 'Greška: Fajl je oštećen' })
  })

  it('a burst (a replay) chimes once but shows every notification', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [], meta: { total: 0 } }) as never)
    setup()
    await waitFor(() => expect(calls).toHaveLength(1))
    await calls[0].open()
    for (const id of [1, 2, 3]) calls[0].send({ id: String(id), event: 'notification', data: JSON.stringify({ id, type: 'CategoriesUploaded', data: {} }) })
    expect(played).toHaveLength(1)
    expect(toast).toHaveBeenCalledTimes(3)
  })

  it('without a start id reloads the bell when the stream opens', async () => {
    vi.spyOn(client, 'GET').mockRejectedValue(new TypeError('Failed to fetch'))
    const { qc } = setup()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].headers['last-event-id']).toBeUndefined()
    await calls[0].open()
    expect(qc.getQueryState(notificationKeys.unread(1))?.isInvalidated).toBe(true)
  })
})
