// The API's error body and the one mapping of a 422 to form fields (first message per field).

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
