// Our suppliers (admin/suppliers with their connected and unconnected counts) and a supplier's
// price-list products, connected (v1/admin/suppliers-connected/{id}) or not
// (v1/admin/suppliers-unconnected/{id}); a connected one can be separated from its product.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type DataResponse, type Paged, type SupplierProduct, type SupplierRow } from '../../api/catalogDetailTypes'

export interface SupplierQuery {
  page?: number
  paginate?: number
  search?: string
}

export const supplierAdminKeys = {
  all: ['suppliers'] as const,
  admin: (q: SupplierQuery) => [...supplierAdminKeys.all, 'admin', q] as const,
  products: (id: number, connected: boolean) => [...supplierAdminKeys.all, 'products', id, connected ? 'connected' : 'unconnected'] as const,
}

export function useSupplierList(q: SupplierQuery) {
  return useQuery({
    queryKey: supplierAdminKeys.admin(q),
    queryFn: () => api.get<Paged<SupplierRow>>('admin/suppliers', { ...q }),
    placeholderData: keepPreviousData,
    // supplier calls fail silently (spec 8)
    meta: { quiet: true },
  })
}

/** supplierProductsPath: the connected or unconnected list of the supplier. */
export function supplierProductsPath(id: number, connected: boolean): string {
  return `admin/suppliers-${connected ? 'connected' : 'unconnected'}/${id}`
}

export function useSupplierProducts(id: number, connected: boolean) {
  return useQuery({
    queryKey: supplierAdminKeys.products(id, connected),
    queryFn: async () => (await api.get<DataResponse<SupplierProduct[]>>(supplierProductsPath(id, connected))).data ?? [],
    enabled: id > 0,
    meta: { quiet: true },
  })
}

/** useDisconnect separates a price-list product from its shop product (DELETE admin/pricelist-products/{id}/connect). */
export function useDisconnect() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (pricelistProductId: number) => api.delete(`admin/pricelist-products/${pricelistProductId}/connect`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: supplierAdminKeys.all })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
