// What the user is told when a call fails (error catalogue): 403 'Unauthorized', the generic
// server text for 5xx and network failures, the server's own message for the other refusals.
// 401 is the session's business (refresh or login page) and 422 the form's (field errors).
import type { TFunction } from 'i18next'
import { ApiError } from './client'

export interface Toast {
  type: 'danger' | 'success'
  message: string
}

export function toastForError(err: unknown, t: TFunction): Toast | null {
  if (!(err instanceof ApiError)) return { type: 'danger', message: t('errors.server') }
  if (err.status === 401 || err.status === 422) return null
  if (err.status === 403) return { type: 'danger', message: t('errors.unauthorized') }
  if (err.status >= 500 || !err.body?.message) return { type: 'danger', message: t('errors.server') }
  return { type: 'danger', message: err.body.message }
}

/** toastForSuccess shows a change's server message, when it has one. */
export function toastForSuccess(data: unknown): Toast | null {
  if (typeof data !== 'object' || data === null) return null
  const message = (data as { message?: unknown }).message
  return typeof message === 'string' && message !== '' ? { type: 'success', message } : null
}
