// Brands in the back office (admin/brands): the paged list, add, rename, delete. Keys start with
// 'brands', the brand lookup's prefix, so a change refreshes the brand pickers too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'

export interface BrandQuery {
  page?: number
  paginate?: number
  search?: string
}

export const brandAdminKeys = {
  all: ['brands'] as const,
  admin: (q: BrandQuery) => [...brandAdminKeys.all, 'admin', q] as const,
}

export function useBrandList(q: BrandQuery) {
  return useQuery({
    queryKey: brandAdminKeys.admin(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/brands', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

function useBrandChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: brandAdminKeys.all })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}

/** POST admin/brands answers {message, data: brand} */
export function useCreateBrand() {
  return useBrandChange((body: { name: string }) => unwrap(client.POST('/api/v1/admin/brands', { body })))
}

export function useUpdateBrand() {
  return useBrandChange(({ id, name }: { id: number; name: string }) => unwrap(client.PATCH('/api/v1/admin/brands/{id}', { params: { path: { id } }, body: { name } })))
}

export function useDeleteBrand() {
  return useBrandChange((id: number) => unwrap(client.DELETE('/api/v1/admin/brands/{id}', { params: { path: { id } } })))
}
