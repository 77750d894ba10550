import { createAuthMiddleware } from './auth'
import { getRefreshToken, getToken, keys, saveTokens, setLang } from './session'

const origin = 'http://shop.test'
const refreshed = { token: 'new-access', refresh_token: 'new-refresh', expires_in: 900 }

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** fakeFetch answers the refresh endpoint with `refresh` and everything else with `other`. */
function fakeFetch(refresh: () => Response, other: (req: Request) => Response = () => json(200, {})) {
  const calls: Request[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    calls.push(req)
    return new URL(req.url).pathname === '/api/v1/token/refresh' ? refresh() : other(req)
  })
  return { fn: fn as unknown as typeof fetch, calls }
}

const get = (path: string) => new Request(origin + path)

beforeEach(() => {
  localStorage.clear()
})

describe('createAuthMiddleware', () => {
  it('sets the bearer token and the stored language on every call', async () => {
    saveTokens({ token: 'abc', refresh_token: 'r', expires_in: 900 })
    setLang('en')
    const mw = createAuthMiddleware({ fetch: fakeFetch(() => json(200, { data: refreshed })).fn })
    const req = await mw.onRequest({ request: get('/api/v1/modules'), id: '1' })
    expect(req.headers.get('Authorization')).toBe('Bearer abc')
    expect(req.headers.get('Accept-Language')).toBe('en')
  })

  it('sends sr and no Authorization header for a guest', async () => {
    const mw = createAuthMiddleware({ fetch: fakeFetch(() => json(200, {})).fn })
    const req = await mw.onRequest({ request: get('/api/v1/modules'), id: '1' })
    expect(req.headers.get('Authorization')).toBeNull()
    expect(req.headers.get('Accept-Language')).toBe('sr')
  })

  it('refreshes an expired token before the call, once for concurrent calls', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 }, Date.now() - 3_600_000)
    const f = fakeFetch(() => json(200, { data: refreshed }))
    const onTokens = vi.fn()
    const mw = createAuthMiddleware({ fetch: f.fn, onTokens })
    const [a, b] = await Promise.all([
      mw.onRequest({ request: get('/api/v1/users/token'), id: '1' }),
      mw.onRequest({ request: get('/api/v1/modules'), id: '2' }),
    ])
    expect(f.calls).toHaveLength(1)
    expect(f.calls[0].method).toBe('POST')
    expect(await f.calls[0].json()).toEqual({ refresh_token: 'r1' })
    expect(a.headers.get('Authorization')).toBe('Bearer new-access')
    expect(b.headers.get('Authorization')).toBe('Bearer new-access')
    expect(getRefreshToken()).toBe('new-refresh')
    expect(onTokens).toHaveBeenCalledWith(refreshed)
  })

  it('on a 401 refreshes and retries the call once with the new token', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(
      () => json(200, { data: refreshed }),
      () => json(401, { message: 'still no' }),
    )
    const mw = createAuthMiddleware({ fetch: f.fn })
    const request = await mw.onRequest({ request: get('/api/v1/users/token'), id: '7' })
    const res = await mw.onResponse({ request, response: json(401, { message: 'expired' }), id: '7' })
    // one refresh, one retry; the retry's own 401 is handed back, not retried again
    expect(f.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/v1/token/refresh', '/api/v1/users/token'])
    expect(f.calls[1].headers.get('Authorization')).toBe('Bearer new-access')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'still no' })
  })

  it('returns the retried answer when the retry succeeds', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(
      () => json(200, { data: refreshed }),
      () => json(200, { data: { id: 1 } }),
    )
    const mw = createAuthMiddleware({ fetch: f.fn })
    const request = await mw.onRequest({ request: get('/api/v1/users/token'), id: '1' })
    const res = await mw.onResponse({ request, response: json(401, {}), id: '1' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ data: { id: 1 } })
  })

  it('retries without refreshing when another call already refreshed the token', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(() => json(500, {}))
    const mw = createAuthMiddleware({ fetch: f.fn })
    const request = await mw.onRequest({ request: get('/api/v1/modules'), id: '1' })
    saveTokens(refreshed)
    await mw.onResponse({ request, response: json(401, {}), id: '1' })
    expect(f.calls).toHaveLength(1)
    expect(new URL(f.calls[0].url).pathname).toBe('/api/v1/modules')
    expect(f.calls[0].headers.get('Authorization')).toBe('Bearer new-access')
  })

  it('ends the session when the refresh fails: tokens cleared, onSessionEnd called', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(() => json(401, { message: 'no' }))
    const onSessionEnd = vi.fn()
    const mw = createAuthMiddleware({ fetch: f.fn, onSessionEnd })
    const request = await mw.onRequest({ request: get('/api/v1/users/token'), id: '1' })
    const res = await mw.onResponse({ request, response: json(401, { message: 'expired' }), id: '1' })
    expect(res.status).toBe(401)
    expect(onSessionEnd).toHaveBeenCalledTimes(1)
    expect(getToken()).toBeNull()
    expect(getRefreshToken()).toBeNull()
    expect(localStorage.getItem(keys.expiresAt)).toBeNull()
    expect(f.calls).toHaveLength(1)
  })

  it('never refreshes for the login call itself', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(() => json(200, { data: refreshed }))
    const mw = createAuthMiddleware({ fetch: f.fn })
    const login = new Request(origin + '/api/v1/login', { method: 'POST', body: '{}' })
    const request = await mw.onRequest({ request: login, id: '1' })
    const res = await mw.onResponse({ request, response: json(401, {}), id: '1' })
    expect(res.status).toBe(401)
    expect(f.calls).toHaveLength(0)
  })

  it('passes other statuses through untouched', async () => {
    saveTokens({ token: 'old', refresh_token: 'r1', expires_in: 900 })
    const f = fakeFetch(() => json(200, { data: refreshed }))
    const mw = createAuthMiddleware({ fetch: f.fn })
    const request = await mw.onRequest({ request: get('/api/v1/admin/users'), id: '1' })
    const response = json(403, { message: 'Unauthorized' })
    expect(await mw.onResponse({ request, response, id: '1' })).toBe(response)
    expect(f.calls).toHaveLength(0)
  })
})
