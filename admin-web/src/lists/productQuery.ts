// The product list's state as the URL holds it (catalogue spec 3, "Product list params"): one pure
// mapping between URLSearchParams and a typed ProductListQuery, the API query built from it, and
// the removable chips it shows. The URL keys are the API's parameter names, so a shared link, a
// reload and the API call all read the same words.
import { isDay } from '../format'

export interface ProductFilters {
  /** id lists, sent comma-joined */
  manufacturers: number[]
  brands: number[]
  suppliers: number[]
  categories: number[]
  /** flags, sent as =1 */
  active: boolean
  inactive: boolean
  with_image: boolean
  without_image: boolean
  with_attributes: boolean
  without_attributes: boolean
  connected: boolean
  disconnected: boolean
  live: boolean
  dead: boolean
  /** single-choice variants (a page may offer one category or supplier; a single brand is brands=<id>) */
  supplier?: number
  category?: number
  web_price_from?: number
  web_price_to?: number
  entry_price_from?: number
  entry_price_to?: number
  discount: boolean
  discount_type?: number
  discount_price_from?: number
  discount_price_to?: number
  /** YYYY-MM-DD */
  discount_from?: string
  discount_to?: string
}

export interface ProductListQuery extends ProductFilters {
  page: number
  paginate: number
  search: string
}

export const ID_LIST_KEYS = ['manufacturers', 'brands', 'suppliers', 'categories'] as const
export const FLAG_KEYS = [
  'active',
  'inactive',
  'with_image',
  'without_image',
  'with_attributes',
  'without_attributes',
  'connected',
  'disconnected',
  'live',
  'dead',
  'discount',
] as const
export const ID_KEYS = ['supplier', 'category', 'discount_type'] as const
export const MONEY_KEYS = [
  'web_price_from',
  'web_price_to',
  'entry_price_from',
  'entry_price_to',
  'discount_price_from',
  'discount_price_to',
] as const
export const DATE_KEYS = ['discount_from', 'discount_to'] as const

type IdListKey = (typeof ID_LIST_KEYS)[number]
type FlagKey = (typeof FLAG_KEYS)[number]
type IdKey = (typeof ID_KEYS)[number]
type MoneyKey = (typeof MONEY_KEYS)[number]
type DateKey = (typeof DATE_KEYS)[number]
export type FilterKey = keyof ProductFilters

/** every URL key the mapping owns; the list layout owns page, paginate and search */
export const FILTER_KEYS: readonly FilterKey[] = [...ID_LIST_KEYS, ...FLAG_KEYS, ...ID_KEYS, ...MONEY_KEYS, ...DATE_KEYS]

export const ADMIN_PAGE_SIZES = [20, 50, 100, 1000, 5000] as const
export const DEFAULT_PAGINATE = 20

export function emptyFilters(): ProductFilters {
  return {
    manufacturers: [],
    brands: [],
    suppliers: [],
    categories: [],
    active: false,
    inactive: false,
    with_image: false,
    without_image: false,
    with_attributes: false,
    without_attributes: false,
    connected: false,
    disconnected: false,
    live: false,
    dead: false,
    discount: false,
  }
}

const positiveInt = (s: string | null): number | undefined => {
  if (s === null || !/^\d+$/.test(s.trim())) return undefined
  const n = Number(s)
  return n > 0 ? n : undefined
}

const money = (s: string | null): number | undefined => {
  if (s === null || s.trim() === '') return undefined
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : undefined
}

const date = (s: string | null): string | undefined => (s !== null && isDay(s) ? s : undefined)

const idList = (s: string | null): number[] => {
  if (!s) return []
  const seen = new Set<number>()
  for (const part of s.split(',')) {
    const n = positiveInt(part)
    if (n !== undefined) seen.add(n)
  }
  return [...seen]
}

/** parseFilters reads the filter keys; unknown or malformed values are left out (never an error). */
export function parseFilters(q: URLSearchParams): ProductFilters {
  const f = emptyFilters()
  for (const k of ID_LIST_KEYS) f[k] = idList(q.get(k))
  for (const k of FLAG_KEYS) f[k] = q.get(k) === '1'
  for (const k of ID_KEYS) f[k] = positiveInt(q.get(k))
  for (const k of MONEY_KEYS) f[k] = money(q.get(k))
  for (const k of DATE_KEYS) f[k] = date(q.get(k))
  return f
}

export function parseProductQuery(q: URLSearchParams, pageSizes: readonly number[] = ADMIN_PAGE_SIZES): ProductListQuery {
  const paginate = positiveInt(q.get('paginate'))
  return {
    page: positiveInt(q.get('page')) ?? 1,
    paginate: paginate !== undefined && pageSizes.includes(paginate) ? paginate : DEFAULT_PAGINATE,
    search: (q.get('search') ?? '').trim() === '' ? '' : (q.get('search') as string),
    ...parseFilters(q),
  }
}

/** filterEntries: the filter part as [key, value] pairs, defaults (empty, false) left out, in a fixed order. */
export function filterEntries(f: Partial<ProductFilters>): [FilterKey, string][] {
  const out: [FilterKey, string][] = []
  for (const k of ID_LIST_KEYS) if (f[k]?.length) out.push([k, f[k]!.join(',')])
  for (const k of FLAG_KEYS) if (f[k]) out.push([k, '1'])
  for (const k of ID_KEYS) if (f[k] !== undefined) out.push([k, String(f[k])])
  for (const k of MONEY_KEYS) if (f[k] !== undefined) out.push([k, f[k]!.toFixed(2)])
  for (const k of DATE_KEYS) if (f[k]) out.push([k, f[k]!])
  return out
}

/**
 * writeFilters replaces every filter key of `q` with those of `f`; page goes back to 1 (a new
 * filter is a new list); search, paginate and keys the mapping does not own are kept.
 */
export function writeFilters(q: URLSearchParams, f: Partial<ProductFilters>): URLSearchParams {
  const next = new URLSearchParams(q)
  for (const k of FILTER_KEYS) next.delete(k)
  next.delete('page')
  for (const [k, v] of filterEntries(f)) next.set(k, v)
  return next
}

/** toSearchParams: the whole query as a URL, defaults left out. */
export function toSearchParams(query: ProductListQuery): URLSearchParams {
  const q = new URLSearchParams()
  if (query.search) q.set('search', query.search)
  if (query.paginate !== DEFAULT_PAGINATE) q.set('paginate', String(query.paginate))
  if (query.page !== 1) q.set('page', String(query.page))
  for (const [k, v] of filterEntries(query)) q.set(k, v)
  return q
}

export type ApiQuery = Record<string, string | number>

/** filterApiQuery: the filter params of a mass call's query when no ids are selected. */
export function filterApiQuery(f: Partial<ProductFilters>, search?: string): ApiQuery {
  const out: ApiQuery = Object.fromEntries(filterEntries(f))
  if (search) out.search = search
  return out
}

/** toApiQuery: the list call's query (paginate and page always sent). */
export function toApiQuery(query: ProductListQuery, fixed: ApiQuery = {}): ApiQuery {
  return { ...filterApiQuery(query, query.search), paginate: query.paginate, page: query.page, ...fixed }
}

export function hasFilters(f: Partial<ProductFilters>): boolean {
  return filterEntries(f).length > 0
}

// ---------------------------------------------------------------------------------------------
// chips

export type ChipKind =
  | 'active'
  | 'inactive'
  | 'with_image'
  | 'without_image'
  | 'with_attributes'
  | 'without_attributes'
  | 'connected'
  | 'disconnected'
  | 'live'
  | 'dead'
  | 'supplier'
  | 'category'
  | 'brand'
  | 'manufacturers'
  | 'web_price_from'
  | 'web_price_to'
  | 'entry_price_from'
  | 'entry_price_to'
  | 'discount'
  | 'discount_type'
  | 'discount_price_from'
  | 'discount_price_to'
  | 'discount_from'
  | 'discount_to'

/** Chip is one applied filter: its kind (the label's text), the value shown, and how to remove it. */
export interface Chip {
  /** unique among the chips, e.g. 'category:7' */
  key: string
  kind: ChipKind
  /** URL key it came from */
  param: FilterKey
  /** an id (to be named from a lookup list), a money amount, a date, or nothing (a flag) */
  id?: number
  amount?: number
  date?: string
}

/** chipsOf: one chip per applied filter value; each id of a list is its own chip. */
export function chipsOf(f: ProductFilters): Chip[] {
  const chips: Chip[] = []
  const flag = (k: FlagKey) => f[k] && chips.push({ key: k, kind: k, param: k })
  ;(['active', 'inactive', 'with_image', 'without_image', 'with_attributes', 'without_attributes', 'connected', 'disconnected', 'live', 'dead'] as const).forEach(flag)
  const ids = (param: IdListKey, kind: ChipKind) => f[param].forEach((id) => chips.push({ key: `${param}:${id}`, kind, param, id }))
  const one = (param: IdKey, kind: ChipKind) => f[param] !== undefined && chips.push({ key: param, kind, param, id: f[param] })
  ids('suppliers', 'supplier')
  one('supplier', 'supplier')
  ids('categories', 'category')
  one('category', 'category')
  ids('brands', 'brand')
  ids('manufacturers', 'manufacturers')
  const amount = (k: MoneyKey) => f[k] !== undefined && chips.push({ key: k, kind: k, param: k, amount: f[k] })
  amount('web_price_from')
  amount('web_price_to')
  amount('entry_price_from')
  amount('entry_price_to')
  flag('discount')
  one('discount_type', 'discount_type')
  amount('discount_price_from')
  amount('discount_price_to')
  const day = (k: DateKey) => f[k] && chips.push({ key: k, kind: k, param: k, date: f[k] })
  day('discount_from')
  day('discount_to')
  return chips
}

/** withoutChip: the filters after a chip's removal (one id of a list, or the whole single value). */
export function withoutChip(f: ProductFilters, chip: Chip): ProductFilters {
  const next: ProductFilters = { ...f }
  const p = chip.param
  if ((ID_LIST_KEYS as readonly string[]).includes(p)) {
    const k = p as IdListKey
    next[k] = f[k].filter((id) => id !== chip.id)
  } else if ((FLAG_KEYS as readonly string[]).includes(p)) {
    next[p as FlagKey] = false
  } else {
    delete next[p as IdKey | MoneyKey | DateKey]
  }
  return next
}
