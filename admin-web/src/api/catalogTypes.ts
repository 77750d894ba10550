// The catalogue's wire types, written by hand until the back end's paths reach the OpenAPI
// document. When `make openapi` regenerates schema.d.ts with them, each interface here becomes
// an alias of components['schemas'][...] (or goes), and src/api/catalogApi.ts calls `client`
// directly with the generated paths; no hook or screen changes shape.
import type { Meta } from './client'

export interface ListResponse<T> {
  data: T[]
  meta?: Meta
}

export interface MessageResponse {
  message?: string
}

export interface Brand {
  id: number
  name: string
}

/** a value of the manufacturer attribute (id 24) */
export interface Manufacturer {
  id: number
  value: string
}

export interface Supplier {
  id: number
  name: string
  connected_products?: number
  unconnected_products?: number
  updated_at?: string
}

export interface Category {
  id: number
  name: string
  slug?: string
  parent_id?: number | null
  level?: number
}

export interface DiscountType {
  id: number
  name: string
}

export interface CatalogStickerType {
  id: number
  name: string
  slug?: string
  /** the sticker image's URL */
  sticker?: string
}

export interface ProductImage {
  id: number
  small: string
  large: string
}

/** a product row of GET admin/products?include=mainCategory,mainImage (money: numbers, 2 decimals) */
export interface ProductRow {
  id: number
  sku: string
  name: string
  slug?: string
  active: boolean
  visible: boolean
  eponuda?: boolean
  entry_price: number
  web_price: number
  retail_price?: number
  main_category?: { id: number; name: string; slug?: string; min_price?: number } | null
  main_image?: ProductImage | null
  brand?: Brand | null
  connected?: boolean
  supplier_product_id?: number | null
}

/** GET admin/products/transfer: the category attributes the products lack */
export interface TransferCheck {
  attributes?: { id?: number; name: string }[]
  message?: string
}
