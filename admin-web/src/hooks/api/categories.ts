// Categories (admin/categories) as a lookup: the leaf categories (only_children=1, up to 1000,
// cached under 'categories') and a type-ahead search over them.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import type { LookupSearch } from './brands'
import { lookupQuery, quiet } from './lookupCache'

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (q: LookupSearch) => [...categoryKeys.lists(), q] as const,
  lookup: () => [...categoryKeys.all, 'lookup'] as const,
}

const fetchCategories = async (q: LookupSearch) =>
  (
    await unwrap(
      client.GET('/api/v1/admin/categories', {
        params: { query: { paginate: q.paginate ?? 1000, only_children: true, search: q.search || undefined } },
      }),
    )
  ).data ?? []

export const categoriesLookup = () => lookupQuery<Category>(categoryKeys.lookup(), () => fetchCategories({ paginate: 1000 }), 'categories')

export function useCategoriesLookup() {
  return useQuery(categoriesLookup())
}

export const categorySearch = (q: LookupSearch) =>
  queryOptions({ queryKey: categoryKeys.list(q), queryFn: () => fetchCategories(q), placeholderData: keepPreviousData, meta: quiet })
