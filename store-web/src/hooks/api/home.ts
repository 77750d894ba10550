// The home page's data (GET home: banners, sections, home products and categories) and the
// actions running today (GET catalog-stickers), typed by contracts.md until the content
// endpoints are in the generated schema.
import { unwrap } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import type { ProductCard } from '../../catalog/format'

export interface CategoryLink {
  id: number
  name: string
  slug: string
  image_url?: string | null
}

export interface Banner {
  id: number
  name: string
  position: string
  link?: string | null
  image_url: string
  mobile_image_url?: string | null
  category_slug?: string | null
  brand_id?: number | null
}

export interface HomeSection {
  id: number
  name: string
  order: number
  show_desktop: boolean
  show_mobile: boolean
  products: ProductCard[]
  categories: CategoryLink[]
}

export interface Home {
  banners: Banner[]
  sections: HomeSection[]
  products: ProductCard[]
  categories: CategoryLink[]
}

export interface StickerType {
  id: number
  name: string
  slug: string
  image_url?: string | null
  from: string
  to: string
}

// The content endpoints are not in the generated schema yet: the same client (token,
// Accept-Language), untyped paths.
type Untyped = { GET: (path: string) => Promise<{ data?: unknown; error?: unknown; response: Response }> }
const untyped = api as unknown as Untyped

export const homeKeys = {
  home: (lang: string, loggedIn: boolean) => ['home', lang, loggedIn] as const,
  actions: (lang: string) => ['catalog-stickers', 'current', lang] as const,
}

export function useHome(lang: string, loggedIn: boolean) {
  return useQuery({
    queryKey: homeKeys.home(lang, loggedIn),
    queryFn: async () => ((await unwrap(untyped.GET('/api/v1/home'))) as { data: Home }).data,
    staleTime: 60_000,
  })
}

/** useCurrentActions is the actions (catalog sticker types) running today. */
export function useCurrentActions(lang: string) {
  return useQuery({
    queryKey: homeKeys.actions(lang),
    queryFn: async () => ((await unwrap(untyped.GET('/api/v1/catalog-stickers'))) as { data: StickerType[] }).data ?? [],
    staleTime: 5 * 60_000,
  })
}
