// A list's page, page size and search live in the URL query (page, paginate, search), so a
// list can be linked, reloaded and walked with the browser's back button.
import { useSearchParams } from 'react-router'

export const PAGE_SIZES = [20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

export interface ListParams {
  page: number
  paginate: number
  search: string
}

export function readListParams(q: URLSearchParams): ListParams {
  const page = Number(q.get('page'))
  const paginate = Number(q.get('paginate'))
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : DEFAULT_PAGE_SIZE,
    search: q.get('search') ?? '',
  }
}

/** writeListParams applies a change; a new search or page size starts again at page 1. Other keys are kept. */
export function writeListParams(q: URLSearchParams, change: Partial<ListParams>): URLSearchParams {
  const next = new URLSearchParams(q)
  const cur = readListParams(q)
  const want = { ...cur, ...change }
  if (want.search !== cur.search || want.paginate !== cur.paginate) want.page = change.page ?? 1
  const put = (k: string, v: string, dflt: string) => (v === dflt ? next.delete(k) : next.set(k, v))
  put('page', String(want.page), '1')
  put('paginate', String(want.paginate), String(DEFAULT_PAGE_SIZE))
  put('search', want.search, '')
  return next
}

export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [q, setQ] = useSearchParams()
  const set = (change: Partial<ListParams>) =>
    // typing a search replaces the history entry; paging adds one
    setQ((prev) => writeListParams(prev, change), { replace: change.search !== undefined })
  return [readListParams(q), set]
}
