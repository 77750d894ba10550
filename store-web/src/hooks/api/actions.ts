// The storefront's actions (catalog sticker types): today's actions, one action's products by
// slug, and the staff preview by id (not-yet-active allowed).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getContract, type Paged, type ProductCard, type StickerType } from '../../api/contract'
import { useIsLoggedIn } from '../../session/loginState'

export interface ActionProducts {
  sticker: StickerType
  products: ProductCard[]
}

export interface ActionQuery {
  page: number
  paginate: number
  sort: string
}

export function useActions() {
  return useQuery({
    queryKey: ['storefront', 'actions', 'list'],
    queryFn: async () => (await getContract<{ data: StickerType[] }>('catalog-stickers')).data,
    staleTime: 60_000,
    retry: false,
  })
}

/** useActionProducts loads an action by slug, or (preview) by id. */
export function useActionProducts(by: { slug: string } | { previewId: string }, q: ActionQuery) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    // signed-in shoppers see their own prices: the same page is another answer for them
    queryKey: ['storefront', 'actions', 'products', by, q, loggedIn],
    queryFn: () => {
      const query = { page: q.page, paginate: q.paginate, sort: q.sort || undefined }
      return 'slug' in by
        ? getContract<Paged<ActionProducts>>('catalog-stickers/{slug}', { path: { slug: by.slug }, query })
        : getContract<Paged<ActionProducts>>('catalog-stickers/preview/{id}', { path: { id: by.previewId }, query })
    },
    placeholderData: keepPreviousData,
    retry: false,
  })
}
