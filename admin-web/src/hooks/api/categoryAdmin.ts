// Categories in the back office (admin/categories): the whole tree, one category, create and
// update, its image and its attributes. Keys start with 'categories', the lookup's prefix, so a
// change also refreshes the category pickers.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CategoryBody } from '../../api/catalogTypes'
import { binary, client, formData, unwrap } from '../../api/client'

export const categoryAdminKeys = {
  all: ['categories'] as const,
  tree: () => [...categoryAdminKeys.all, 'tree'] as const,
  details: () => [...categoryAdminKeys.all, 'detail'] as const,
  detail: (id: number) => [...categoryAdminKeys.details(), id] as const,
  attributes: (id: number) => [...categoryAdminKeys.detail(id), 'attributes'] as const,
}

/** the tree: GET admin/categories?paginate=1000&include=all_subcategories */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: categoryAdminKeys.tree(),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/categories', { params: { query: { paginate: 1000, main: true, include: 'all_subcategories' } } }))).data ?? [],
    staleTime: 60_000,
  })

export function useCategoryTree() {
  return useQuery(categoryTreeQuery())
}

export function useCategory(id: number) {
  return useQuery({
    queryKey: categoryAdminKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/categories/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    meta: { quiet: true },
  })
}

function useCategoryChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: categoryAdminKeys.all }) })
}

export function useCreateCategory() {
  return useCategoryChange((body: CategoryBody) => unwrap(client.POST('/api/v1/admin/categories', { body })))
}

export function useUpdateCategory(id: number) {
  return useCategoryChange((body: CategoryBody) =>
    unwrap(client.PATCH('/api/v1/admin/categories/{id}', { params: { path: { id } }, body })),
  )
}

export function useUploadCategoryImage() {
  return useCategoryChange(({ id, file }: { id: number; file: File }) =>
    unwrap(client.POST('/api/v1/admin/categories/{id}/image', { params: { path: { id } }, body: { image: binary(file) }, bodySerializer: formData })),
  )
}

// ---- the category's attributes

export function useCategoryAttributes(id: number) {
  return useQuery({
    queryKey: categoryAdminKeys.attributes(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/categories/{id}/attributes', { params: { path: { id } } }))).data ?? [],
    enabled: id > 0,
  })
}

/** the category's attributes change the products' attribute lists too */
function useCategoryAttributeChange<V>(id: number, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: categoryAdminKeys.attributes(id) })
      void qc.invalidateQueries({ queryKey: ['attributes'] })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}

/** attach existing attributes: POST admin/categories/{id}/attributes {attributes: [{id}]} */
export function useAttachAttributes(id: number) {
  return useCategoryAttributeChange(id, (ids: number[]) =>
    unwrap(client.POST('/api/v1/admin/categories/{id}/attributes', { params: { path: { id } }, body: { attributes: ids.map((a) => ({ id: a })) } })),
  )
}

export interface NewCategoryAttribute {
  name: string
  values: string[]
  active?: boolean
}

/** a new attribute with its values, attached at once: POST admin/categories/{id}/attributes-new */
export function useCreateCategoryAttribute(id: number) {
  return useCategoryAttributeChange(id, (body: NewCategoryAttribute) =>
    unwrap(client.POST('/api/v1/admin/categories/{id}/attributes-new', { params: { path: { id } }, body })),
  )
}

export interface CategoryAttributeChange {
  attributeId: number
  position?: number
  active?: boolean
}

export function useUpdateCategoryAttribute(id: number) {
  return useCategoryAttributeChange(id, ({ attributeId, ...body }: CategoryAttributeChange) =>
    unwrap(client.PATCH('/api/v1/admin/categories/{id}/attributes/{attributeId}', { params: { path: { id, attributeId } }, body })),
  )
}

export function useDetachCategoryAttribute(id: number) {
  return useCategoryAttributeChange(id, (attributeId: number) =>
    unwrap(client.DELETE('/api/v1/admin/categories/{id}/attributes/{attributeId}', { params: { path: { id, attributeId } } })),
  )
}
