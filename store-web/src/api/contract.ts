// The public content calls (banners, pages, news, actions, landing pages) as the
// written contract names them (briefs/contracts.md). Their Go handlers are built side by side
// with these pages, so the generated schema may not list them yet: getContract calls them
// through the same client (auth, Accept-Language) without the schema's path types. Once the
// schema has them, hooks may switch to the typed api.GET.
import { unwrap, type components } from '@shop/shared'
import { api } from './client'

export type ProductCard = components['schemas']['StorefrontProductCard'] & {
  catalog_stickers?: { id?: number; name?: string; slug?: string; image_url?: string | null }[]
  energy_sticker_url?: string | null
}

export interface CategoryLink {
  id: number
  name: string
  slug: string
  image_url: string | null
}

export interface StickerType {
  id: number
  name: string
  slug: string
  image_url: string | null
  from: string
  to: string
}

export interface Banner {
  id: number
  name: string
  position: string
  link: string | null
  image_url: string
  mobile_image_url: string | null
  category_slug: string | null
  brand_id: number | null
}

export interface PageMeta {
  total: number
  per_page: number
  current_page: number
  last_page?: number
}

export interface Paged<T> {
  data: T
  meta: PageMeta
}

type Query = Record<string, string | number | undefined>

type LooseGet = (
  path: string,
  init: { params: { path?: Record<string, string | number>; query?: Query } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>

/** getContract answers the body of GET /api/v1/<path> (path params as {name}) or throws ApiError. */
export async function getContract<T>(
  path: string,
  params: { path?: Record<string, string | number>; query?: Query } = {},
): Promise<T> {
  const get = api.GET as unknown as LooseGet
  return (await unwrap(get(`/api/v1/${path}`, { params }))) as T
}
