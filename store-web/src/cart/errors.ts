// The text of a failed cart or order call: the server's message (a 422's first field message
// when the body has one), else the spec's server-error text.
import { ApiError } from '@shop/shared'
import type { TFunction } from 'i18next'

export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.status < 500) {
    const first = Object.values(err.fields)[0]
    return first ?? err.message
  }
  return t('form.serverError')
}
