// refusal: what a screen without a form shows of a 422 (the linking tables, the pickers).
import { fieldErrors } from '@shop/shared'
import { ApiError } from '../../api/client'

/** refusal: the first message of a 422 (a field's, else the whole answer's), or null */
export function refusal(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null
  const first = Object.values(fieldErrors(err.body))[0]
  return first ?? err.body?.message ?? null
}
