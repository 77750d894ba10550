// API clients (partners): the list (paged on the screen), the categories they can get a
// percentage for, add (multipart), update (JSON categories), status switch and a new secret URL.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'

export type ApiClient = components['schemas']['APIClient']
export type ClientCategory = components['schemas']['ClientCategory']

export const apiClientKeys = {
  all: ['api-clients'] as const,
  list: () => [...apiClientKeys.all, 'list'] as const,
  categories: () => [...apiClientKeys.all, 'categories'] as const,
}

export function useApiClients() {
  return useQuery({
    queryKey: apiClientKeys.list(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/api-clients'))).data ?? [],
  })
}

export function useApiClientCategories() {
  return useQuery({
    queryKey: apiClientKeys.categories(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/api-client-categories'))).data ?? [],
    staleTime: 5 * 60_000,
  })
}

export interface CategoryPercentage {
  id: number
  percentage: number | null | undefined
}

/** clientForm: the add modal's multipart body (name, categories[n][id], categories[n][percentage]). */
export function clientForm(name: string, categories: CategoryPercentage[]): FormData {
  const fd = new FormData()
  fd.append('name', name)
  categories
    .filter((c) => c.percentage !== null && c.percentage !== undefined && c.percentage !== 0)
    .forEach((c, n) => {
      fd.append(`categories[${n}][id]`, String(c.id))
      fd.append(`categories[${n}][percentage]`, String(c.percentage))
    })
  return fd
}

function useClientChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: apiClientKeys.list() }) })
}

export function useCreateApiClient() {
  return useClientChange(({ name, categories }: { name: string; categories: CategoryPercentage[] }) =>
    unwrap(client.POST('/api/v1/api-clients', { body: { name } as never, bodySerializer: () => clientForm(name, categories) })),
  )
}

/** PUT api-clients/{id}: only non-empty, non-zero percentages are sent (spec 5). */
export function useUpdateApiClient() {
  return useClientChange(({ id, categories }: { id: number; categories: CategoryPercentage[] }) =>
    unwrap(
      client.PUT('/api/v1/api-clients/{id}', {
        params: { path: { id } },
        body: { categories: categories.filter((c) => c.percentage).map((c) => ({ id: c.id, percentage: c.percentage as number })) },
      }),
    ),
  )
}

/** PATCH api-client-status/{id}: active 0 when currently active, 1 when inactive (spec 4). */
export function useToggleApiClient() {
  return useClientChange((c: ApiClient) =>
    unwrap(client.PATCH('/api/v1/api-client-status/{id}', { params: { path: { id: c.id! }, query: { active: c.active ? 0 : 1 } } })),
  )
}

export function useRotateApiClient() {
  return useClientChange((id: number) => unwrap(client.POST('/api/v1/api-clients/{id}/rotate', { params: { path: { id } } })))
}
