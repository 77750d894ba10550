// Roles (admin/roles): the names offered by the user form's role select.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (q: { paginate: number }) => [...roleKeys.lists(), q] as const,
}

/** rolesQuery: every role (a lookup list, page size 1000 as the spec's lookups). */
export const rolesQuery = () =>
  queryOptions({
    queryKey: roleKeys.list({ paginate: 1000 }),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/roles', { params: { query: { paginate: 1000 } } }))).data ?? [],
    staleTime: 10 * 60_000,
  })

export function useRoles() {
  return useQuery(rolesQuery())
}
