// The listing's filters live in the URL query (shareable, the back button works) under the
// API's own names: brands and values (comma-joined ids), price_from, price_to, discount=1,
// in_stock=1, sort, page, paginate. Changing a filter goes back to page 1.

export const PAGE_SIZES = [24, 48, 72] as const
export const DEFAULT_PAGE_SIZE = 24
export const SORTS = ['newest', 'price', '-price', 'name', '-name'] as const
/** SEARCH_SORTS are the search results' orders: the search's ranking first (its default). */
export const SEARCH_SORTS = ['relevance', ...SORTS] as const
export type Sort = (typeof SEARCH_SORTS)[number]
/** SORT_LABELS are the orders' names: one set for every listing (category, search, action). */
export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'category.sortRelevance',
  newest: 'category.sortNewest',
  price: 'category.sortPriceAsc',
  '-price': 'category.sortPriceDesc',
  name: 'category.sortNameAsc',
  '-name': 'category.sortNameDesc',
}

export interface ListingFilters {
  brands: number[]
  values: number[]
  priceFrom?: number
  priceTo?: number
  discount: boolean
  inStock: boolean
  sort: Sort
  page: number
  paginate: number
}

function ids(v: string | null): number[] {
  if (!v) return []
  return [...new Set(v.split(',').map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0))]
}

function amount(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined
  const n = Number(v)
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

/** parseFilters reads the filters from a URL query, dropping what is not valid; sorts are the
 * page's orders, the first its default (left out of the URL). */
export function parseFilters(q: URLSearchParams, sorts: readonly Sort[] = SORTS): ListingFilters {
  const sort = q.get('sort') as Sort | null
  const page = Number(q.get('page'))
  let paginate = Number(q.get('paginate'))
  if (paginate === 96) paginate = 72
  return {
    brands: ids(q.get('brands')),
    values: ids(q.get('values')),
    priceFrom: amount(q.get('price_from')),
    priceTo: amount(q.get('price_to')),
    discount: q.get('discount') === '1',
    inStock: q.get('in_stock') === '1',
    sort: sort && sorts.includes(sort) ? sort : sorts[0],
    page: Number.isInteger(page) && page > 1 ? page : 1,
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : DEFAULT_PAGE_SIZE,
  }
}

/** filtersToQuery writes the filters as a URL query, leaving defaults out (the sort's is
 * defaultSort). */
export function filtersToQuery(f: ListingFilters, defaultSort: Sort = SORTS[0]): URLSearchParams {
  const q = new URLSearchParams()
  if (f.brands.length) q.set('brands', f.brands.join(','))
  if (f.values.length) q.set('values', f.values.join(','))
  if (f.priceFrom !== undefined) q.set('price_from', String(f.priceFrom))
  if (f.priceTo !== undefined) q.set('price_to', String(f.priceTo))
  if (f.discount) q.set('discount', '1')
  if (f.inStock) q.set('in_stock', '1')
  if (f.sort !== defaultSort) q.set('sort', f.sort)
  if (f.paginate !== DEFAULT_PAGE_SIZE) q.set('paginate', String(f.paginate))
  if (f.page > 1) q.set('page', String(f.page))
  return q
}

/** apiQuery is the listing call's query for the filters (category, search). */
export function apiQuery(f: ListingFilters): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = { page: f.page, paginate: f.paginate, sort: f.sort }
  if (f.brands.length) q.brands = f.brands.join(',')
  if (f.values.length) q.values = f.values.join(',')
  if (f.priceFrom !== undefined) q.price_from = f.priceFrom
  if (f.priceTo !== undefined) q.price_to = f.priceTo
  if (f.discount) q.discount = true
  if (f.inStock) q.in_stock = true
  return q
}

export function toggleId(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id]
}

/** withChange is f changed by patch, back on page 1 unless the patch names the page. */
export function withChange(f: ListingFilters, patch: Partial<ListingFilters>): ListingFilters {
  return { ...f, page: 1, ...patch }
}

/** pageList is the pagination's links: all when at most 5 pages, else first, last and the
 * neighbours of the current page with gaps (0) between (spec "Pagination control"). */
export function pageList(current: number, last: number): number[] {
  if (last <= 5) return Array.from({ length: last }, (_, i) => i + 1)
  const out: number[] = [1]
  const from = Math.max(2, current - 1)
  const to = Math.min(last - 1, current + 1)
  if (from > 2) out.push(0)
  for (let i = from; i <= to; i++) out.push(i)
  if (to < last - 1) out.push(0)
  out.push(last)
  return out
}
