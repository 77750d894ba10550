// useProductListQuery: the product list's state from the URL (page, size, search, every filter)
// and the way to change its filters (page back to 1; search and size kept).
import { useSearchParams } from 'react-router'
import { ADMIN_PAGE_SIZES, parseProductQuery, writeFilters, type ProductFilters, type ProductListQuery } from './productQuery'

export function useProductListQuery(pageSizes: readonly number[] = ADMIN_PAGE_SIZES): [ProductListQuery, (f: ProductFilters) => void] {
  const [q, setQ] = useSearchParams()
  const setFilters = (f: ProductFilters) => setQ((prev) => writeFilters(prev, f))
  return [parseProductQuery(q, pageSizes), setFilters]
}
