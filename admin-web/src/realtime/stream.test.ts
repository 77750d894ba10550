import { saveTokens } from '@shop/shared'
import { waitFor } from '@testing-library/react'
import { calls } from './fakeEventSource'
import { openNotificationStream, type StreamOptions } from './stream'

vi.mock('@microsoft/fetch-event-source', async () => (await import('./fakeEventSource')).fakeModule)

const note = (id: number, type = 'PricelistUploaded') => ({ id, type, read: false, data: { message: 'm' } })

function start(over: Partial<StreamOptions> = {}) {
  const got: unknown[] = []
  const opens: boolean[] = []
  const refresh = vi.fn(async () => {
    saveTokens({ token: 'fresh', refresh_token: 'r2', expires_in: 900 })
    return true
  })
  const stream = openNotificationStream({
    onNotification: (n) => got.push(n),
    onOpen: ({ replay }) => opens.push(replay),
    refresh,
    backoff: () => 0,
    baseUrl: 'http://shop.test',
    ...over,
  })
  return { stream, got, opens, refresh }
}

const nthCall = async (n: number) => {
  await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(n))
  return calls[n - 1]
}

beforeEach(() => {
  calls.length = 0
  saveTokens({ token: 'tok', refresh_token: 'r1', expires_in: 900 })
})

describe('openNotificationStream', () => {
  it('connects with the bearer token, the language and the start id, and hands over notification events', async () => {
    localStorage.setItem('language', 'en')
    const { stream, got, opens } = start({ startId: async () => 9 })
    const c = await nthCall(1)
    expect(c.url).toBe('http://shop.test/api/v1/admin/realtime')
    expect(c.headers.Authorization).toBe('Bearer tok')
    expect(c.headers['Accept-Language']).toBe('en')
    expect(c.headers['last-event-id']).toBe('9')
    expect(c.init.openWhenHidden).toBe(true)
    await c.open()
    expect(opens).toEqual([true])
    c.send({ id: '10', event: 'notification', data: JSON.stringify(note(10)) })
    c.send({ id: '', event: 'other', data: '{}' })
    c.send({ id: '11', event: 'notification', data: 'not json' })
    expect(got).toEqual([note(10)])
    expect(stream.lastEventId()).toBe('11')
    stream.close()
    await stream.done
  })

  it('without a start id connects for new events only and says so', async () => {
    const { stream, opens } = start({ startId: async () => Promise.reject(new Error('offline')) })
    const c = await nthCall(1)
    expect(c.headers['last-event-id']).toBeUndefined()
    await c.open()
    expect(opens).toEqual([false])
    stream.close()
  })

  it('reconnects after the server ends the stream, replaying from the last event', async () => {
    const { stream, opens } = start({ startId: async () => 3 })
    const first = await nthCall(1)
    await first.open()
    first.send({ id: '4', event: 'notification', data: JSON.stringify(note(4)) })
    first.end()
    const second = await nthCall(2)
    expect(second.headers['last-event-id']).toBe('4')
    expect(second.headers.Authorization).toBe('Bearer tok')
    await second.open()
    expect(opens).toEqual([true, true])
    stream.close()
    await stream.done
    expect(calls).toHaveLength(2)
  })

  it('on a 401 refreshes the token and reconnects with the new one', async () => {
    const { stream, refresh } = start({ startId: async () => 5 })
    const first = await nthCall(1)
    await first.open(401)
    const second = await nthCall(2)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(second.headers.Authorization).toBe('Bearer fresh')
    expect(second.headers['last-event-id']).toBe('5')
    stream.close()
  })

  it('refreshes an expiring token before connecting', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 }, Date.now() - 3_600_000)
    const { stream, refresh } = start()
    const c = await nthCall(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(c.headers.Authorization).toBe('Bearer fresh')
    stream.close()
  })

  it('stops when the session is over (the refresh fails)', async () => {
    const refresh = vi.fn(async () => false)
    const { stream } = start({ refresh })
    const c = await nthCall(1)
    await c.open(401)
    await stream.done
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(1)
  })

  it('stops on a refusal a retry cannot change (403) without refreshing', async () => {
    const { stream, refresh } = start()
    const c = await nthCall(1)
    await c.open(403)
    await stream.done
    expect(refresh).not.toHaveBeenCalled()
    expect(calls).toHaveLength(1)
  })

  it('retries after a server error or a network failure', async () => {
    const { stream } = start()
    const c = await nthCall(1)
    await c.open(502)
    const again = await nthCall(2)
    expect(again.headers.Authorization).toBe('Bearer tok')
    stream.close()
    await stream.done
  })

  it('does not connect without a token, and close ends it', async () => {
    localStorage.clear()
    const a = start()
    await a.stream.done
    expect(calls).toHaveLength(0)

    saveTokens({ token: 'tok', refresh_token: 'r1', expires_in: 900 })
    const b = start()
    const c = await nthCall(1)
    b.stream.close()
    await b.stream.done
    expect(c.settled).toBe(true)
    expect(calls).toHaveLength(1)
  })
})
