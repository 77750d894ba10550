// A landing page by slug (GET landing-pages/{slug}): one of three layouts.
import { useQuery } from '@tanstack/react-query'
import { getContract, type CategoryLink, type ProductCard, type StickerType } from '../../api/contract'
import { useIsLoggedIn } from '../../session/loginState'

export interface LandingPageData {
  id: number
  name: string
  slug: string
  layout: 1 | 2 | 3
  sticker: StickerType | null
  header_image_url: string | null
  banner_image_url: string | null
  top_description: string
  bottom_description: string
  cards: string[]
  products: ProductCard[]
  categories: CategoryLink[]
  link: string | null
}

export function useLandingPage(slug: string) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: ['storefront', 'landing-pages', slug, loggedIn],
    queryFn: async () => (await getContract<{ data: LandingPageData }>('landing-pages/{slug}', { path: { slug } })).data,
    retry: false,
  })
}
