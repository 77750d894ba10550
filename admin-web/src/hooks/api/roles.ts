// Roles (admin/roles) and the server's permission catalogue (admin/permissions): the user
// form's role select, and the authorization screen (create, rename, re-permission, delete).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'

export type PermissionGroup = components['schemas']['PermissionGroup']
export type RoleBody = components['schemas']['RoleRequest']

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (q: { paginate: number }) => [...roleKeys.lists(), q] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
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

/** usePermissionGroups: the server's permissions by group (it never changes while running). */
export function usePermissionGroups() {
  return useQuery({
    queryKey: roleKeys.permissions(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/permissions'))).data ?? [],
    staleTime: Infinity,
  })
}

function useRoleChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  // the user form's role select reads the same list
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: roleKeys.lists() }) })
}

export function useCreateRole() {
  return useRoleChange((body: RoleBody) => unwrap(client.POST('/api/v1/admin/roles', { body })))
}

/** useUpdateRole renames and re-permissions a role (the call takes both). */
export function useUpdateRole() {
  return useRoleChange(({ id, body }: { id: number; body: RoleBody }) =>
    unwrap(client.PATCH('/api/v1/admin/roles/{id}', { params: { path: { id } }, body })),
  )
}

/** useDeleteRole: the server refuses (409, naming how many) while users hold the role. */
export function useDeleteRole() {
  return useRoleChange((id: number) => unwrap(client.DELETE('/api/v1/admin/roles/{id}', { params: { path: { id } } })))
}
