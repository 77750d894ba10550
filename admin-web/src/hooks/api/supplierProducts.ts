// Our suppliers (admin/suppliers with their connected and unconnected counts) and a supplier's
// price-list products, connected (v1/admin/suppliers-connected/{id}) or not
// (v1/admin/suppliers-unconnected/{id}); a connected one can be separated from its product.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'

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
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/suppliers', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
    // supplier calls fail silently (spec 8)
    meta: { quiet: true },
  })
}

/** fetchSupplierProducts: the supplier's connected or unconnected price-list products (all, up to 5000). */
export async function fetchSupplierProducts(id: number, connected: boolean) {
  const init = { params: { path: { id }, query: { paginate: 5000 } } }
  const res = await unwrap(
    connected ? client.GET('/api/v1/admin/suppliers-connected/{id}', init) : client.GET('/api/v1/admin/suppliers-unconnected/{id}', init),
  )
  return res.data ?? []
}

export function useSupplierProducts(id: number, connected: boolean) {
  return useQuery({
    queryKey: supplierAdminKeys.products(id, connected),
    queryFn: () => fetchSupplierProducts(id, connected),
    enabled: id > 0,
    meta: { quiet: true },
  })
}

/** useDisconnect separates a price-list product from its shop product (DELETE admin/pricelist-products/{id}/connect). */
export function useDisconnect() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (pricelistProductId: number) => 
      unwrap(client.DELETE('/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: pricelistProductId } } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: supplierAdminKeys.all })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
