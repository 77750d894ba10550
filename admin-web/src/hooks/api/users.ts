// Users of the back office and the shop (admin/users): list, one, add, change, avatar.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { binary, client, formData, unwrap } from '../../api/client'
import type { components } from '@shop/shared'
import { sessionKeys } from './session'

export type CreateUserBody = components['schemas']['CreateUserRequest']
export type UpdateUserBody = components['schemas']['UpdateUserRequest']

export interface UserQuery {
  page?: number
  paginate?: number
  search?: string
  role?: string
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (q: UserQuery) => [...userKeys.lists(), q] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
}

export const usersQuery = (q: UserQuery) =>
  queryOptions({
    queryKey: userKeys.list(q),
    queryFn: () => unwrap(client.GET('/api/v1/admin/users', { params: { query: q } })),
    placeholderData: keepPreviousData,
  })

export function useUsers(q: UserQuery) {
  return useQuery(usersQuery(q))
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/users/{id}', { params: { path: { id } } }))).data,
  })

export function useUser(id: number) {
  return useQuery(userQuery(id))
}

export function useCreateUser() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateUserBody) => unwrap(client.POST('/api/v1/admin/users', { body })),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: userKeys.lists() })
      if (res.data?.id) qc.setQueryData(userKeys.detail(res.data.id), res.data)
    },
  })
}

export function useUpdateUser(id: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateUserBody) =>
      unwrap(client.PATCH('/api/v1/admin/users/{id}', { params: { path: { id } }, body })),
    onSuccess: () => invalidateUser(qc, id),
  })
}

/** useUploadAvatar sends an avatar (JPG, PNG or WEBP, at most 2 MB) for the user `id`. */
export function useUploadAvatar() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      unwrap(
        client.POST('/api/v1/admin/users/{id}/avatar', {
          params: { path: { id } },
          body: { image: binary(file) },
          bodySerializer: formData,
        }),
      ),
    onSuccess: (_r, { id }) => invalidateUser(qc, id),
  })
}

function invalidateUser(qc: ReturnType<typeof useQueryClient>, id: number) {
  void qc.invalidateQueries({ queryKey: userKeys.lists() })
  void qc.invalidateQueries({ queryKey: userKeys.detail(id) })
  // the logged-in user may have changed their own name or avatar
  void qc.invalidateQueries({ queryKey: sessionKeys.me() })
}

/** useDeleteUser: the server refuses yourself and the last super-admin (409 with the reason). */
export function useDeleteUser() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(client.DELETE('/api/v1/admin/users/{id}', { params: { path: { id } } })),
    onSuccess: (_r, id) => {
      void qc.invalidateQueries({ queryKey: userKeys.lists() })
      qc.removeQueries({ queryKey: userKeys.detail(id) })
    },
  })
}

/** useSetUserActive deactivates (sessions end, no sign-in) or reactivates a user. */
export function useSetUserActive() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      active
        ? unwrap(client.POST('/api/v1/admin/users/{id}/activate', { params: { path: { id } } }))
        : unwrap(client.POST('/api/v1/admin/users/{id}/deactivate', { params: { path: { id } } })),
    onSuccess: (_r, { id }) => invalidateUser(qc, id),
  })
}
