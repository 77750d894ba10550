// Brands (admin/brands) as a lookup: the whole list (up to 1000, cached under 'brands') and a
// type-ahead search for pickers.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Brand } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import { lookupQuery, quiet } from './lookupCache'

export interface LookupSearch {
  search?: string
  paginate?: number
}

export const brandKeys = {
  all: ['brands'] as const,
  lists: () => [...brandKeys.all, 'list'] as const,
  list: (q: LookupSearch) => [...brandKeys.lists(), q] as const,
  lookup: () => [...brandKeys.all, 'lookup'] as const,
}

const fetchBrands = async (q: LookupSearch) =>
  (await unwrap(client.GET('/api/v1/admin/brands', { params: { query: { paginate: q.paginate ?? 1000, search: q.search || undefined } } }))).data ?? []

/** brandsLookup: every brand (paginate=1000), cached in localStorage. */
export const brandsLookup = () => lookupQuery<Brand>(brandKeys.lookup(), () => fetchBrands({ paginate: 1000 }), 'brands')

export function useBrandsLookup() {
  return useQuery(brandsLookup())
}

/** brandSearch: one page of brands matching a search (a picker's type-ahead). */
export const brandSearch = (q: LookupSearch) =>
  queryOptions({ queryKey: brandKeys.list(q), queryFn: () => fetchBrands(q), placeholderData: keepPreviousData, meta: quiet })
