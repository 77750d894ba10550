// Manufacturers: the values of the fixed manufacturer attribute (id 24), cached under 'manufacturers'.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Manufacturer } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import type { LookupSearch } from './brands'
import { lookupQuery, quiet } from './lookupCache'

export const MANUFACTURER_ATTRIBUTE_ID = 24

export const manufacturerKeys = {
  all: ['manufacturers'] as const,
  lists: () => [...manufacturerKeys.all, 'list'] as const,
  list: (q: LookupSearch) => [...manufacturerKeys.lists(), q] as const,
  lookup: () => [...manufacturerKeys.all, 'lookup'] as const,
}

const fetchManufacturers = async (q: LookupSearch) =>
  (
    await unwrap(
      client.GET('/api/v1/admin/attributes/{id}/values', {
        params: { path: { id: MANUFACTURER_ATTRIBUTE_ID }, query: { paginate: q.paginate ?? 1000, search: q.search || undefined } },
      }),
    )
  ).data ?? []

export const manufacturersLookup = () =>
  lookupQuery<Manufacturer>(manufacturerKeys.lookup(), () => fetchManufacturers({ paginate: 1000 }), 'manufacturers')

export function useManufacturersLookup() {
  return useQuery(manufacturersLookup())
}

export const manufacturerSearch = (q: LookupSearch) =>
  queryOptions({ queryKey: manufacturerKeys.list(q), queryFn: () => fetchManufacturers(q), placeholderData: keepPreviousData, meta: quiet })
