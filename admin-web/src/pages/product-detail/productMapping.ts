// The product form's values and the wire's body, both ways (create: with sku; edit: without).
import type { ProductBody, ProductDetail } from '../../api/catalogTypes'

export interface ProductValues {
  sku?: string
  name: string
  entry_price?: number | null
  description?: string
  categories: number[]
  brand_id?: number | null
  manufacturer_id?: number | null
  active: boolean
  visible: boolean
  country_of_origin?: string | null
  ean?: string | null
  stock?: number | null
}

export const emptyProduct: ProductValues = { name: '', categories: [], active: true, visible: true }

const text = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim()
  return s === '' ? null : s
}

/** round2: money to two decimals (RSD, para) */
export const round2 = (n: number) => Math.round(n * 100) / 100

/** toProductBody: the form's values as POST/PATCH admin/products sends them. */
export function toProductBody(v: ProductValues, creating: boolean): ProductBody {
  const body: ProductBody = {
    name: v.name.trim(),
    entry_price: round2(Number(v.entry_price ?? 0)),
    description: v.description ?? '',
    categories: [...new Set(v.categories ?? [])],
    // the body replaces the product: a field left out (the document has no null) is cleared
    brand_id: v.brand_id ?? undefined,
    manufacturer_id: v.manufacturer_id ?? undefined,
    active: !!v.active,
    visible: !!v.visible,
    country_of_origin: text(v.country_of_origin) ?? undefined,
    ean: text(v.ean) ?? undefined,
    stock: v.stock === undefined || v.stock === null ? undefined : Math.trunc(Number(v.stock)),
  }
  if (creating) body.sku = (v.sku ?? '').trim()
  return body
}

/** fromProduct: a loaded product as the form's initial values. */
export function fromProduct(p: ProductDetail): ProductValues {
  return {
    sku: p.sku,
    name: p.name,
    entry_price: p.entry_price ?? null,
    description: p.description ?? undefined,
    categories: (p.categories ?? []).flatMap((c) => (c.id === undefined ? [] : [c.id])),
    brand_id: p.brand?.id ?? p.brand_id ?? null,
    manufacturer_id: p.manufacturer?.id ?? p.manufacturer_id ?? null,
    active: !!p.active,
    visible: !!p.visible,
    country_of_origin: p.country_of_origin ?? null,
    ean: p.ean ?? null,
    stock: p.stock ?? null,
  }
}
