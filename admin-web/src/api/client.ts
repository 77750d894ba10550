// The one typed API client of the admin: bearer token, language and token refresh come from the
// shared auth middleware; failures come back as the shared ApiError so React Query and the toasts
// see them.
import createClient from 'openapi-fetch'
import { createAuthMiddleware, deleteCookie, expiresSoon, getToken, setCookie } from '@shop/shared'
import type { components, paths } from '@shop/shared'

export type User = components['schemas']['User']
export type Role = components['schemas']['Role']
export type Meta = components['schemas']['httpx.Meta']

export const LOGIN_PATH = '/admin/login'

// The asynq monitor at /admin/queues is opened by a plain link, so it cannot get a header:
// the server reads the access token from this cookie, sent to that path only.
const QUEUE_COOKIE = 'shop_token'
const QUEUE_PATH = '/admin/queues'

export function setQueueCookie(token: string): void {
  setCookie(QUEUE_COOKIE, token, { path: QUEUE_PATH, sameSite: 'Strict' })
}

export function clearQueueCookie(): void {
  deleteCookie(QUEUE_COOKIE, QUEUE_PATH)
}

/** freshQueueCookie renews an expired access token (a call refreshes it first) and its cookie copy. */
export async function freshQueueCookie(): Promise<void> {
  if (expiresSoon()) await client.GET('/api/v1/users/token').catch(() => undefined)
  const token = getToken()
  if (token) setQueueCookie(token)
}

function endSession(): void {
  clearQueueCookie()
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH)
}

export const client = createClient<paths>({ baseUrl: window.location.origin })
client.use(createAuthMiddleware({ onSessionEnd: endSession, onTokens: (t) => setQueueCookie(t.token) }))

// A failed call is the shared ApiError (status, {message, errors} body, 422 fields), the same
// in the storefront; re-exported here beside the client the admin's hooks call.
export { ApiError, unwrap } from '@shop/shared'

/**
 * binary: a file as a multipart body's field. openapi-typescript types a binary field as string;
 * the value stays the File and `formData` appends it as such.
 */
export const binary = (file: Blob): string => file as unknown as string

/**
 * formData: the one bodySerializer of every multipart upload (images, stickers, avatars). The body
 * is typed by the schema (its field names checked); arrays are appended once per item under the
 * same name (`images[]`, `ids[]`), files as files, anything else as text. The browser sets
 * multipart/form-data with its boundary.
 */
export function formData(body: object | undefined): FormData {
  const fd = new FormData()
  for (const [name, value] of Object.entries(body ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null) continue
      fd.append(name, v instanceof Blob ? v : String(v))
    }
  }
  return fd
}
