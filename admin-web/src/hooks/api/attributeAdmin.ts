// Attributes and their values (admin/attributes, admin/attributes/{id}/values): list, add,
// rename and switch on or off; values added, renamed, moved and switched on or off.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Attribute, type AttributeValue, type DataResponse, type Paged } from '../../api/catalogDetailTypes'

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
    queryFn: () => api.get<Paged<Attribute>>('admin/attributes', { ...q }),
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
    queryFn: async () => (await api.get<Paged<AttributeValue>>(`admin/attributes/${id}/values`, { paginate: 1000 })).data ?? [],
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

export interface AttributeBody {
  name?: string
  active?: boolean
  position?: number
}

export function useCreateAttribute() {
  return useAttributeChange((body: { name: string; values?: string[] }) => api.post<DataResponse<Attribute>>('admin/attributes', body))
}

export function useUpdateAttribute() {
  return useAttributeChange(({ id, ...body }: AttributeBody & { id: number }) => api.patch(`admin/attributes/${id}`, body))
}

export function useCreateAttributeValue(attributeId: number) {
  return useAttributeChange((body: { value: string }) => api.post(`admin/attributes/${attributeId}/values`, body))
}

export interface AttributeValueChange {
  valueId: number
  value?: string
  position?: number
  active?: boolean
}

export function useUpdateAttributeValue(attributeId: number) {
  return useAttributeChange(({ valueId, ...body }: AttributeValueChange) => api.patch(`admin/attributes/${attributeId}/values/${valueId}`, body))
}
