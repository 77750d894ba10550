// Catalog sticker types (admin/catalog-sticker-types) as a lookup list, with a picker search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CatalogStickerType } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import type { LookupSearch } from './brands'
import { lookupQuery, quiet } from './lookupCache'

export const catalogStickerTypeKeys = {
  all: ['catalog-sticker-types'] as const,
  lists: () => [...catalogStickerTypeKeys.all, 'list'] as const,
  list: (q: LookupSearch) => [...catalogStickerTypeKeys.lists(), q] as const,
  lookup: () => [...catalogStickerTypeKeys.all, 'lookup'] as const,
}

const fetchTypes = async (q: LookupSearch) =>
  (await unwrap(client.GET('/api/v1/admin/catalog-sticker-types', { params: { query: { paginate: q.paginate, search: q.search || undefined } } }))).data ?? []

export const catalogStickerTypesLookup = () => lookupQuery<CatalogStickerType>(catalogStickerTypeKeys.lookup(), () => fetchTypes({}))

export function useCatalogStickerTypesLookup() {
  return useQuery(catalogStickerTypesLookup())
}

export const catalogStickerTypeSearch = (q: LookupSearch) =>
  queryOptions({ queryKey: catalogStickerTypeKeys.list(q), queryFn: () => fetchTypes(q), placeholderData: keepPreviousData, meta: quiet })
