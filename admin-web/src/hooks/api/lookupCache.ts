// Lookup lists (brands, manufacturers, suppliers, categories) are kept in localStorage under
// their spec names: a screen shows the stored list at once, then the server's answer replaces it
// and is stored again. Lookups fail silently (catalogue spec 8): no toast, the stored list stays.
import { queryOptions } from '@tanstack/react-query'
import type { QueryMeta } from '../../api/queryClient'

export type LookupCacheKey = 'brands' | 'manufacturers' | 'suppliers' | 'categories'

export function readLookupCache<T>(key: LookupCacheKey): T[] | undefined {
  try {
    const raw = localStorage.getItem(key)
    const v: unknown = raw ? JSON.parse(raw) : undefined
    return Array.isArray(v) ? (v as T[]) : undefined
  } catch {
    return undefined
  }
}

export function writeLookupCache<T>(key: LookupCacheKey, list: T[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(list))
  } catch {
    // storage full or off: the list still works, only the next start waits for the server
  }
}

export const quiet: QueryMeta = { quiet: true }

/**
 * lookupQuery: the query options of a whole lookup list. With `cache` the stored list is the
 * initial data, marked old so the server is asked at once, and each answer is stored.
 */
export function lookupQuery<T>(queryKey: readonly unknown[], fetch: () => Promise<T[]>, cache?: LookupCacheKey) {
  const stored = cache ? readLookupCache<T>(cache) : undefined
  // cache names where this same list is kept in localStorage, one name per key: it does not
  // change what is fetched, so it is not part of the key (the callers' keys stay as they are)
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey,
    queryFn: async () => {
      const list = await fetch()
      if (cache) writeLookupCache(cache, list)
      return list
    },
    initialData: stored,
    initialDataUpdatedAt: stored ? 0 : undefined,
    staleTime: 5 * 60_000,
    meta: quiet,
  })
}
