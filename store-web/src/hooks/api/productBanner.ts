// The product page's banner: the banners of position 'product' (GET banners?position=product).
import { useQuery } from '@tanstack/react-query'
import { getContract, type Banner } from '../../api/contract'

export function useProductBanners() {
  return useQuery({
    queryKey: ['storefront', 'banners', 'product'],
    queryFn: async () =>
      (await getContract<{ data: Banner[] }>('banners', { query: { paginate: 100, position: 'product' } })).data,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
