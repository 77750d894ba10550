// How a failed API call reaches the screens: the HTTP status and the error body.
import { fieldErrors, isApiError } from '@shop/shared'

export class ApiError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(status: number, body: unknown) {
    super(isApiError(body) ? body.message : `HTTP ${status}`)
    this.status = status
    this.body = body
  }

  /** fields maps a 422 to {field: first message}; any other status has none. */
  get fields(): Record<string, string> {
    return this.status === 422 ? fieldErrors(this.body) : {}
  }
}

/** unwrap turns an openapi-fetch result into its data or a thrown ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response.status, result.error)
  }
  return result.data as T
}
