// The API's error body, the one ApiError both apps throw for a failed call, and the one mapping
// of a 422 to form fields (first message per field).

export interface ApiErrorBody {
  message: string
  errors?: Record<string, string[]>
}

export function isApiError(v: unknown): v is ApiErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorBody).message === 'string'
}

/** fieldErrors maps a 422 body to {field: first message}. */
export function fieldErrors(body: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isApiError(body) || !body.errors) return out
  for (const [field, msgs] of Object.entries(body.errors)) {
    if (msgs.length > 0) out[field] = msgs[0]
  }
  return out
}

/**
 * ApiError is a failed call: its HTTP status and the {message, errors} body when the answer
 * had one (anything else, e.g. a proxy's HTML page, is dropped: the screens show their own text).
 */
export class ApiError extends Error {
  readonly status: number
  readonly body: ApiErrorBody | undefined

  constructor(status: number, body: unknown) {
    super(isApiError(body) ? body.message : `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = isApiError(body) ? body : undefined
  }

  /** fields maps a 422 to {field: first message}; any other status has none. */
  get fields(): Record<string, string> {
    return this.status === 422 ? fieldErrors(this.body) : {}
  }
}

/** FetchResult is what openapi-fetch answers for a call. */
export interface FetchResult<T> {
  data?: T
  error?: unknown
  response: Response
}

/**
 * unwrap answers a call's body, or throws ApiError: for a refusal (not 2xx), for an error body,
 * and for a success without a body (the API always answers one). It takes the call's promise
 * or its awaited result.
 */
export async function unwrap<T>(call: FetchResult<T> | Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call
  if (!response.ok || error !== undefined || data === undefined) throw new ApiError(response.status, error)
  return data
}
