// The app's react-query client: no refetch on window focus (the storefront data changes slowly),
// one retry of a failed load, but none of an answer the server meant (a 4xx such as the 404 of
// an unknown category: retrying it only kept the page's skeleton up for another round trip).
import { ApiError } from '@shop/shared'
import { QueryClient } from '@tanstack/react-query'

/** retryLoad: one more try after a network error or a 5xx, none after a 4xx. */
export function retryLoad(failures: number, err: unknown): boolean {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false
  return failures < 1
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: retryLoad },
      mutations: { retry: false },
    },
  })
}
