// The one auth middleware of both apps' openapi-fetch clients: bearer token and language on
// every call, the token refreshed first when it has expired, and once more on a 401.
import { clearTokens, expiresSoon, getLang, getRefreshToken, getToken, saveTokens, type Tokens } from './session'

/** The parts of openapi-fetch's Middleware this module uses (declared here: no dependency). */
export interface AuthMiddleware {
  onRequest(opts: { request: Request; id: string }): Promise<Request>
  onResponse(opts: { request: Request; response: Response; id: string }): Promise<Response>
}

export interface AuthOptions {
  /** refreshPath is the token refresh endpoint. */
  refreshPath?: string
  /** onSessionEnd runs when the refresh token no longer works (the user must log in again). */
  onSessionEnd?: () => void
  /** onTokens runs after a refresh has saved new tokens (e.g. to renew a cookie copy of the token). */
  onTokens?: (t: Tokens) => void
  fetch?: typeof fetch
}

const noRefresh = ['/api/v1/login', '/api/v1/register', '/api/v1/token/refresh']

export function createAuthMiddleware(opts: AuthOptions = {}): AuthMiddleware {
  const refreshPath = opts.refreshPath ?? '/api/v1/token/refresh'
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const pending = new Map<string, Request>()
  let inflight: Promise<boolean> | null = null

  // refresh runs once for all the calls that need it at the same time.
  function refresh(origin: string): Promise<boolean> {
    if (inflight) return inflight
    const rt = getRefreshToken()
    if (!rt) return Promise.resolve(false)
    inflight = doFetch(new URL(refreshPath, origin).toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': getLang() },
      body: JSON.stringify({ refresh_token: rt }),
    })
      .then(async (res) => {
        if (!res.ok) return false
        const body = (await res.json()) as { data: Tokens }
        saveTokens(body.data)
        opts.onTokens?.(body.data)
        return true
      })
      .catch(() => false)
      .then((ok) => {
        if (!ok) {
          clearTokens()
          opts.onSessionEnd?.()
        }
        return ok
      })
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  const skip = (req: Request) => noRefresh.some((p) => new URL(req.url).pathname === p)

  function withHeaders(req: Request): Request {
    req.headers.set('Accept-Language', getLang())
    const token = getToken()
    if (token) req.headers.set('Authorization', `Bearer ${token}`)
    return req
  }

  return {
    async onRequest({ request, id }) {
      if (!skip(request) && getToken() && expiresSoon()) {
        await refresh(new URL(request.url).origin)
      }
      const req = withHeaders(request)
      if (!skip(req) && getRefreshToken()) pending.set(id, req.clone())
      return req
    },
    async onResponse({ request, response, id }) {
      const copy = pending.get(id)
      pending.delete(id)
      if (response.status !== 401 || !copy || skip(request)) return response
      // Another call may have refreshed while this one was on the way: retry with the new token
      // instead of spending the (rotating) refresh token a second time.
      const sentWith = copy.headers.get('Authorization')
      const current = getToken()
      const fresh = current !== null && sentWith !== `Bearer ${current}`
      if (!fresh && !(await refresh(new URL(request.url).origin))) return response
      return doFetch(withHeaders(copy))
    },
  }
}
