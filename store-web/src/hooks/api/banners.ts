// The banners of one position (GET banners?position=…): the product page's ('product') and the
// category page's ('category'). The home page's come with GET home.
import { useQuery } from '@tanstack/react-query'
import { getContract, type Banner } from '../../api/contract'

export function useBanners(position: 'product' | 'category') {
  return useQuery({
    queryKey: ['storefront', 'banners', position],
    queryFn: async () => (await getContract<{ data: Banner[] }>('banners', { query: { paginate: 100, position } })).data,
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/**
 * categoryBanner is the banner a category page shows: one made for the category itself, else
 * for the nearest category above it (trail: the page's ancestors, the page's own last), else
 * one made for every category (no category).
 */
export function categoryBanner(banners: Banner[], trail: string[]): Banner | undefined {
  for (const slug of [...trail].reverse()) {
    const b = banners.find((x) => x.category_slug === slug)
    if (b) return b
  }
  return banners.find((x) => !x.category_slug)
}
