// The wire types of the catalogue's detail and CRUD screens (product form, categories,
// attributes, brands, suppliers' products, catalog stickers, activity log), written by hand
// while the back end's paths are not yet in openapi/openapi.json, and `api`, the thin typed door
// to them through the one openapi-fetch client (auth, language, token refresh and ApiError come
// with it).
//
// When the paths reach the OpenAPI document (`npm run gen:api`): each interface here becomes an
// alias of components['schemas'][...], and the bodies of `api.*` become client.GET/POST/... with
// the generated path literals. The hooks and screens only see `api` and these names, so nothing
// else changes shape.
import type { Client } from 'openapi-fetch'
import type { Meta } from './client'
import { client, unwrap } from './client'

// ---------------------------------------------------------------------------------------------
// the door

export type Query = Record<string, string | number | boolean | undefined | null>

// the same client instance, seen without its path table (the only place that steps around it)
const untyped = client as unknown as Client<any>

function clean(q: Query | undefined): Record<string, string | number | boolean> | undefined {
  if (!q) return undefined
  const out = Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')
  return out.length ? (Object.fromEntries(out) as Record<string, string | number | boolean>) : undefined
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

function call<T>(method: Method, path: string, opts: { query?: Query; body?: unknown; form?: FormData } = {}): Promise<T> {
  const init: Record<string, unknown> = {}
  const query = clean(opts.query)
  if (query) init.params = { query }
  if (opts.form) {
    init.body = opts.form
    // the browser sets multipart/form-data with its boundary
    init.bodySerializer = (b: FormData) => b
  } else if (opts.body !== undefined) {
    init.body = opts.body
  }
  return unwrap(untyped[method](path, init) as Promise<{ data?: T; error?: unknown; response: Response }>)
}

/** api: GET/POST/PATCH/DELETE of a catalogue path under /api/v1 (path given without it). */
export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', `/api/v1/${path}`, { query }),
  post: <T = MessageResponse>(path: string, body?: unknown) => call<T>('POST', `/api/v1/${path}`, { body: body ?? {} }),
  patch: <T = MessageResponse>(path: string, body?: unknown) => call<T>('PATCH', `/api/v1/${path}`, { body: body ?? {} }),
  delete: <T = MessageResponse>(path: string, body?: unknown) => call<T>('DELETE', `/api/v1/${path}`, { body }),
  /** multipart/form-data */
  upload: <T = MessageResponse>(path: string, form: FormData) => call<T>('POST', `/api/v1/${path}`, { form }),
}

// ---------------------------------------------------------------------------------------------
// common shapes

export interface MessageResponse {
  message?: string
}

export interface DataResponse<T> extends MessageResponse {
  data: T
}

export interface Paged<T> {
  data: T[]
  meta?: Meta
}

export interface Named {
  id: number
  name: string
}

// ---------------------------------------------------------------------------------------------
// products

export interface Image {
  id: number
  main?: boolean
  small: string
  large: string
}

export interface ProductCatalogSticker {
  id: number
  catalog_sticker_type_id: number
  catalog_sticker_type?: { id: number; name: string; sticker?: string } | null
  /** the sticker image's URL */
  sticker?: string | null
  sticker_active?: boolean
  active?: boolean
  from?: string | null
  to?: string | null
}

/** GET admin/products/{id}?include=… (money: numbers with 2 decimals, RSD) */
export interface ProductDetail {
  id: number
  sku: string
  name: string
  slug?: string
  /** rich text as a JSON string (see pages/product-detail/richText.ts) */
  description?: string | null
  entry_price: number
  web_price?: number | null
  retail_price?: number | null
  dealer_price?: number | null
  active: boolean
  visible: boolean
  country_of_origin?: string | null
  ean?: string | null
  stock?: number | null
  brand?: Named | null
  brand_id?: number | null
  manufacturer?: { id: number; value: string } | null
  manufacturer_id?: number | null
  categories?: Named[]
  main_category?: (Named & { slug?: string; min_price?: number })[] | Named | null
  main_image?: Image | null
  images?: Image[]
  /** the energy sticker's image URL, when there is one */
  energy_value_sticker?: string | null
  catalog_stickers?: ProductCatalogSticker[]
}

/** the body of POST (create) and PATCH (update) admin/products */
export interface ProductBody {
  sku?: string
  name: string
  entry_price: number
  description: string
  categories: number[]
  brand_id: number | null
  manufacturer_id: number | null
  active: boolean
  visible: boolean
  country_of_origin: string | null
  ean: string | null
  stock: number | null
}

/** POST admin/products answers the new product under data.product */
export interface ProductCreated extends MessageResponse {
  data: { product: { id: number } & Partial<ProductDetail> }
}

/** one attribute of a product (GET admin/products/{id}/attributes) */
export interface ProductAttribute {
  /** the attribute's id (the path's {attrId}) */
  id: number
  attribute?: Named | null
  name?: string
  value?: { id: number; value: string } | null
  order?: number
  active?: boolean
}

// ---------------------------------------------------------------------------------------------
// categories

export interface Declaration {
  name?: string | null
  country_of_origin?: string | null
  consumer_rights?: string | null
}

/** an admin category (GET admin/categories, …/{id}); percentages as numbers like 20.00 */
export interface CategoryDetail {
  id: number
  name: string
  slug?: string
  parent_id?: number | null
  parent?: Named | null
  prefix?: string | null
  level?: number
  order?: number
  position?: number
  pdv?: number | null
  web_margin?: number | null
  retail_margin?: number | null
  dealer_margin?: number | null
  description_time?: string | null
  min_price?: number | null
  allowed_rebate?: number | null
  image?: string | null
  declaration?: Declaration | null
  active?: boolean
  subcategories?: CategoryDetail[]
}

/** the body of POST/PATCH admin/categories: the declaration goes flat (declaration_name, …) */
export interface CategoryBody {
  name: string
  parent_id: number | null
  prefix: string
  pdv: number
  web_margin: number
  retail_margin: number
  dealer_margin: number
  description_time: string
  min_price: number
  allowed_rebate: number | null
  declaration_name: string
  country_of_origin: string
  consumer_rights: string
  active: boolean
}

/** an attribute as attached to a category (GET admin/categories/{id}/attributes) */
export interface CategoryAttribute {
  /** the attribute's id */
  id: number
  name: string
  position?: number
  active?: boolean
  values?: AttributeValue[]
}

// ---------------------------------------------------------------------------------------------
// attributes, brands

export interface Attribute {
  id: number
  name: string
  position?: number
  active?: boolean
  values?: AttributeValue[]
}

export interface AttributeValue {
  id: number
  value: string
  position?: number
  active?: boolean
}

export interface BrandRow {
  id: number
  name: string
}

// ---------------------------------------------------------------------------------------------
// suppliers

export interface SupplierRow {
  id: number
  name: string
  connected_products?: number
  unconnected_products?: number
  updated_at?: string | null
}

/** a supplier's price-list product (GET admin/suppliers-connected|-unconnected/{id}) */
export interface SupplierProduct {
  id: number
  sku: string
  name: string
  category?: string | Named | null
  price?: number | null
  recommended_price?: number | null
  /** the shop product it is connected to */
  product_id?: number | null
  product?: { id: number; sku: string; name: string } | null
}

// ---------------------------------------------------------------------------------------------
// catalog sticker types, activity log

export interface StickerType {
  id: number
  name: string
  slug?: string
  sticker?: string | null
  desktop_image?: string | null
}

export interface ActivityEntry {
  id: number
  type: string
  subject_type?: string
  subject_id?: number
  user?: Named | null
  user_id?: number | null
  ip?: string | null
  /** the day (YYYY-MM-DD) and time (HH:mm) in the shop's zone */
  date?: string
  time?: string
  created_at: string
  /** the old and new values: an object, or its JSON text */
  old_values?: unknown
  new_values?: unknown
}
