// Brands in the back office (admin/brands): the paged list, add, rename, delete. Keys start with
// 'brands', the brand lookup's prefix, so a change refreshes the brand pickers too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type BrandRow, type MessageResponse, type Paged } from '../../api/catalogDetailTypes'

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
    queryFn: () => api.get<Paged<BrandRow>>('admin/brands', { ...q }),
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

/** POST admin/brands answers {message, brand} */
export function useCreateBrand() {
  return useBrandChange((body: { name: string }) => api.post<MessageResponse & { brand?: BrandRow }>('admin/brands', body))
}

export function useUpdateBrand() {
  return useBrandChange(({ id, name }: { id: number; name: string }) => api.patch(`admin/brands/${id}`, { name }))
}

export function useDeleteBrand() {
  return useBrandChange((id: number) => api.delete(`admin/brands/${id}`))
}
