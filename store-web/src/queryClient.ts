// The app's react-query client: no refetch on window focus (the storefront data changes slowly).
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  })
}
