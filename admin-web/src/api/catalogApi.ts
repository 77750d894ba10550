// A thin typed door to the catalogue's endpoints through the one client (auth, language and
// refresh come with it). Their paths are not in the generated schema yet, so this is the only
// place that steps around openapi-fetch's path typing; once they are, replace these helpers'
// bodies (or their calls) with client.GET('/api/v1/admin/…') and the generated types.
import type { Client } from 'openapi-fetch'
import { client, unwrap } from './client'

export type Query = Record<string, string | number | boolean | undefined>
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

// the same client instance, seen without its path table
const untyped = client as unknown as Client<any>

export interface CallOptions {
  query?: Query
  body?: unknown
  /** sent as multipart/form-data instead of JSON */
  form?: FormData
}

function clean(q: Query | undefined): Record<string, string | number | boolean> | undefined {
  if (!q) return undefined
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>
}

/** catalogCall sends one call and gives its body typed as T, or throws ApiError. */
export function catalogCall<T>(method: Method, path: string, { query, body, form }: CallOptions = {}): Promise<T> {
  const init: Record<string, unknown> = { params: { query: clean(query) } }
  if (form) {
    init.body = form
    init.bodySerializer = (b: FormData) => b
  } else if (body !== undefined) {
    init.body = body
  }
  return unwrap(untyped[method](path, init) as Promise<{ data?: T; error?: unknown; response: Response }>)
}

export const catalogGet = <T>(path: string, query?: Query) => catalogCall<T>('GET', path, { query })
