// The React Query client with the app's one error and success reporting: every failed query or
// mutation, and every change that answers with a message, becomes a toast.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { ApiError } from './client'
import { toastForError, toastForSuccess, type Toast } from './errorToast'

export interface QueryMeta extends Record<string, unknown> {
  /** quiet: the caller reports the outcome itself (no global toast). */
  quiet?: boolean
}

export function createQueryClient(show: (toast: Toast) => void, t: TFunction): QueryClient {
  const report = (err: unknown, meta: QueryMeta | undefined) => {
    if (meta?.quiet) return
    const toast = toastForError(err, t)
    if (toast) show(toast)
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => report(err, query.meta as QueryMeta) }),
    mutationCache: new MutationCache({
      onError: (err, _v, _c, mutation) => report(err, mutation.meta as QueryMeta),
      onSuccess: (data, _v, _c, mutation) => {
        if ((mutation.meta as QueryMeta | undefined)?.quiet) return
        const toast = toastForSuccess(data)
        if (toast) show(toast)
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a refusal (4xx) will not change on a retry; a server or network failure may
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
      },
      mutations: { retry: false },
    },
  })
}
