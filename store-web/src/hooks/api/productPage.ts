// The product page's data: the product (spec 7's include list plus attributes for the
// Specifikacije tab) and its main category's declaration (the Deklaracija tab).
import { getLang, unwrap, type components } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import { initialData } from '../../api/initialData'
import { useIsLoggedIn } from '../../session/loginState'

export type StorefrontProduct = components['schemas']['StorefrontProduct']
export type Declaration = components['schemas']['CategoryDeclaration']

export const productInclude =
  'categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user,attributes'

export const productPageKeys = {
  product: (slug: string, loggedIn: boolean) => ['storefront', 'product', slug, loggedIn] as const,
  declaration: (categorySlug: string) => ['storefront', 'declaration', categorySlug] as const,
}

/** useProduct loads a product by slug; the key holds the login state (a token changes the price).
 * A guest's first page shows the product the server embedded (no wait for the API). */
export function useProduct(slug: string) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: productPageKeys.product(slug, loggedIn),
    // The embedded prices are a guest's: a logged-in shopper waits for his own.
    initialData: loggedIn
      ? undefined
      : () => initialData<{ data: StorefrontProduct }>(`/api/v1/products/${encodeURIComponent(slug)}?include=${productInclude}`, getLang())?.data,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/products/{slug}', { params: { path: { slug }, query: { include: productInclude } } }),
        )
      ).data!,
    retry: false,
  })
}

/** useDeclaration loads a category's declaration; idle until there is a slug. */
export function useDeclaration(categorySlug: string | undefined, enabled = true) {
  return useQuery({
    queryKey: productPageKeys.declaration(categorySlug ?? ''),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/categories/{slug}/declaration', { params: { path: { slug: categorySlug! } } })))
        .data!,
    enabled: Boolean(categorySlug) && enabled,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
