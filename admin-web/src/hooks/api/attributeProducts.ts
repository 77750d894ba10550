// The "add attributes" screen's resource (admin/products/attributes/{id}): the attribute with
// the categories that have it, the products of those categories with their value of it, and
// one value given to the chosen products.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'

type S = components['schemas']
export type AttributeWithCategories = S['AttributeWithCategories']
export type AttributeProduct = S['AttributeProduct']
export type AddAttributeBody = S['AddAttributeToProducts']

export interface AttributeProductsQuery {
  page?: number
  paginate?: number
  search?: string
  category_id?: number
  without_value?: boolean
}

export const attributeProductKeys = {
  all: ['attributeProducts'] as const,
  detail: (id: number) => [...attributeProductKeys.all, 'detail', id] as const,
  lists: (id: number) => [...attributeProductKeys.detail(id), 'list'] as const,
  list: (id: number, q: AttributeProductsQuery) => [...attributeProductKeys.lists(id), q] as const,
}

export function useAttributeCategories(id: number) {
  return useQuery({
    queryKey: attributeProductKeys.detail(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products/attributes/{attributeId}', { params: { path: { attributeId: id } } }))).data,
    enabled: id > 0,
  })
}

export function useAttributeProducts(id: number, q: AttributeProductsQuery) {
  return useQuery({
    queryKey: attributeProductKeys.list(id, q),
    queryFn: async () =>
      await unwrap(
        client.GET('/api/v1/admin/products/attributes/{attributeId}/products', {
          params: { path: { attributeId: id }, query: { ...q, search: q.search || undefined, without_value: q.without_value || undefined } },
        }),
      ),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  })
}

/** useAddAttribute: the chosen products get the value; their lists, the products and the attribute's values reload. */
export function useAddAttribute(id: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: AddAttributeBody) => unwrap(client.POST('/api/v1/admin/products/attributes/{attributeId}/products', { params: { path: { attributeId: id } }, body })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: attributeProductKeys.lists(id) })
      void qc.invalidateQueries({ queryKey: ['products'] })
      // a new text is a new value of the attribute
      void qc.invalidateQueries({ queryKey: ['attributes', 'detail', id] })
    },
  })
}
