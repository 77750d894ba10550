// Attributes and their values (admin/attributes, admin/attributes/{id}/values): list, add,
// rename and switch on or off; values added, renamed, moved and switched on or off.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'
import type { components } from '@shop/shared'

export interface AttributeQuery {
  page?: number
  paginate?: number
  search?: string
}

export const attributeAdminKeys = {
  all: ['attributes'] as const,
  lists: () => [...attributeAdminKeys.all, 'list'] as const,
  list: (q: AttributeQuery) => [...attributeAdminKeys.lists(), q] as const,
  detail: (id: number) => [...attributeAdminKeys.all, 'detail', id] as const,
  values: (id: number) => [...attributeAdminKeys.detail(id), 'values'] as const,
}

export function useAttributes(q: AttributeQuery) {
  return useQuery({
    queryKey: attributeAdminKeys.list(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/attributes', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

/** every attribute (up to 1000), for the pickers */
export function useAllAttributes() {
  return useAttributes({ paginate: 1000 })
}

export function useAttributeValues(id: number | undefined) {
  return useQuery({
    queryKey: attributeAdminKeys.values(id ?? 0),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/attributes/{id}/values', { params: { path: { id: id ?? 0 }, query: { paginate: 1000 } } }))).data ?? [],
    enabled: !!id && id > 0,
  })
}

function useAttributeChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: attributeAdminKeys.all })
      // products and categories show attribute names and values
      void qc.invalidateQueries({ queryKey: ['products'] })
      void qc.invalidateQueries({ queryKey: ['categories'] })
    },
  })
}

export type AttributeBody = components['schemas']['AttributePatchRequest']

export function useCreateAttribute() {
  return useAttributeChange((body: components['schemas']['AttributeRequest']) => unwrap(client.POST('/api/v1/admin/attributes', { body })))
}

export function useUpdateAttribute() {
  return useAttributeChange(({ id, ...body }: AttributeBody & { id: number }) => unwrap(client.PATCH('/api/v1/admin/attributes/{id}', { params: { path: { id } }, body })))
}

export function useCreateAttributeValue(attributeId: number) {
  return useAttributeChange((body: { value: string }) =>
    unwrap(client.POST('/api/v1/admin/attributes/{id}/values', { params: { path: { id: attributeId } }, body })),
  )
}

export interface AttributeValueChange {
  valueId: number
  value?: string
  position?: number
  active?: boolean
}

export function useUpdateAttributeValue(attributeId: number) {
  return useAttributeChange(({ valueId, ...body }: AttributeValueChange) => 
    unwrap(client.PATCH('/api/v1/admin/attributes/{id}/values/{valueId}', { params: { path: { id: attributeId, valueId } }, body })),
  )
}
