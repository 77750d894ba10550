// A list's page, page size and search live in the URL query (page, paginate, search), so a
// list can be linked, reloaded and walked with the browser's back button. Filters live there too,
// under their own keys (see src/lists/productQuery.ts); this module keeps them as they are.
import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/** the admin's page sizes (catalogue spec 9); a list may offer fewer */
export const PAGE_SIZES = [20, 50, 100, 1000, 5000] as const
export const DEFAULT_PAGE_SIZE = 20

export interface ListParams {
  page: number
  paginate: number
  search: string
}

export function readListParams(q: URLSearchParams, sizes: readonly number[] = PAGE_SIZES): ListParams {
  const page = Number(q.get('page'))
  const paginate = Number(q.get('paginate'))
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    paginate: sizes.includes(paginate) ? paginate : DEFAULT_PAGE_SIZE,
    search: q.get('search') ?? '',
  }
}

/** writeListParams applies a change; a new search or page size starts again at page 1. Other keys are kept. */
export function writeListParams(q: URLSearchParams, change: Partial<ListParams>, sizes: readonly number[] = PAGE_SIZES): URLSearchParams {
  const next = new URLSearchParams(q)
  const cur = readListParams(q, sizes)
  const want = { ...cur, ...change }
  if (want.search !== cur.search || want.paginate !== cur.paginate) want.page = change.page ?? 1
  const put = (k: string, v: string, dflt: string) => (v === dflt ? next.delete(k) : next.set(k, v))
  put('page', String(want.page), '1')
  put('paginate', String(want.paginate), String(DEFAULT_PAGE_SIZE))
  put('search', want.search, '')
  return next
}

export function useListParams(sizes: readonly number[] = PAGE_SIZES): [ListParams, (change: Partial<ListParams>) => void] {
  const [q, setQ] = useSearchParams()
  const set = useCallback(
    (change: Partial<ListParams>) =>
      // typing a search replaces the history entry; paging adds one
      setQ((prev) => writeListParams(prev, change, sizes), { replace: change.search !== undefined }),
    [setQ, sizes],
  )
  return [readListParams(q, sizes), set]
}

/** useUrlFilters keeps a list's own filters in the address beside its page, one way for every
 *  list: set(k, v) writes one (an empty value removes it) and goes back to page 1; clear()
 *  removes them all. q is the address's parameters, for the page's own reader of them. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [q, setQ] = useSearchParams()
  const change = (write: (next: URLSearchParams) => void) =>
    setQ((prev) => {
      const next = new URLSearchParams(prev)
      write(next)
      next.delete('page') // a new filter starts on page 1
      return next
    })
  const set = (k: K, v: string | number | undefined) =>
    change((next) => (v === undefined || v === '' ? next.delete(k) : next.set(k, String(v))))
  const clear = () => change((next) => keys.forEach((k) => next.delete(k)))
  return { q, set, clear }
}
