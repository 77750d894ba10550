// The compare page's data: each chosen product's page data with its attributes.
import { unwrap, type components } from '@shop/shared'
import { useQueries } from '@tanstack/react-query'
import { api } from '../../api/client'

export type ComparedProduct = components['schemas']['StorefrontProduct']

export const compareKeys = {
  product: (slug: string, lang: string, loggedIn: boolean) => ['compare', slug, lang, loggedIn] as const,
}

export function useComparedProducts(slugs: string[], lang: string, loggedIn: boolean) {
  return useQueries({
    queries: slugs.map((slug) => ({
      queryKey: compareKeys.product(slug, lang, loggedIn),
      queryFn: async () =>
        (await unwrap(api.GET('/api/v1/products/{slug}', { params: { path: { slug }, query: { include: 'attributes,brand,mainCategory,images' } } })))
          .data!,
      staleTime: 60_000,
      retry: false,
    })),
  })
}
