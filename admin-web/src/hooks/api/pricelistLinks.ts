// Linking a supplier's price list with the shop: its categories with shop categories
// (admin/supplier-categories, admin/category-links), its products with shop products
// (admin/pricelist-products and …/{id}/connect), and the products import that creates shop
// products from unconnected supplier products (admin/products-import/*, a job ending in a
// notification). The keys sit under the suppliers' root: every change here refreshes the
// supplier lists ('Naši dobavljači' counts, a supplier's products) as well, and the separate
// call of those screens (useDisconnect) refreshes these lists.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'
import type { components } from '@shop/shared'
import { quiet } from './lookupCache'
import { productKeys } from './products'
import { supplierAdminKeys } from './supplierProducts'

type S = components['schemas']

/** one of a supplier's category names, its product count and its link (null while unlinked) */
export type SupplierCategory = S['SupplierCategory']
/** a supplier product on the product linking screen; `product` is the shop product it is connected to */
export type PricelistProduct = S['PricelistProduct']
export type CategoryLinkBody = S['CategoryLinkRequest']
export type CategoryImportBody = S['ProductsImportCategoryRequest']
export type ProductsImportBody = S['ProductsImportProductsRequest']

export interface PricelistProductQuery {
  supplier_id?: number
  category_id?: number
  /** 1: connected only, 0: unconnected only, absent: both */
  connected?: 0 | 1
  search?: string
  page?: number
  paginate?: number
}

export const pricelistLinkKeys = {
  all: supplierAdminKeys.all,
  categories: () => [...supplierAdminKeys.all, 'supplier-categories'] as const,
  supplierCategories: (q: SupplierCategoryQuery) => [...pricelistLinkKeys.categories(), q] as const,
  productLists: () => [...supplierAdminKeys.all, 'pricelist-products'] as const,
  products: (q: PricelistProductQuery) => [...pricelistLinkKeys.productLists(), q] as const,
}

/** a supplier picked: the server refuses a list without one (422) */
export const chosen = (q: PricelistProductQuery) => !!q.supplier_id || !!q.category_id

export interface SupplierCategoryQuery {
  supplier_id: number
  page?: number
  /** default: all of them (a supplier has tens of category names, rarely hundreds) */
  paginate?: number
}

export const supplierCategoriesQuery = (q: SupplierCategoryQuery) =>
  queryOptions({
    queryKey: pricelistLinkKeys.supplierCategories(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/supplier-categories', { params: { query: { paginate: 5000, ...q } } })),
    enabled: q.supplier_id > 0,
    placeholderData: keepPreviousData,
  })

export function useSupplierCategories(q: SupplierCategoryQuery) {
  return useQuery(supplierCategoriesQuery(q))
}

export const pricelistProductsQuery = (q: PricelistProductQuery) =>
  queryOptions({
    queryKey: pricelistLinkKeys.products(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/pricelist-products', { params: { query: { ...q, search: q.search || undefined } } })),
    enabled: chosen(q),
    placeholderData: keepPreviousData,
    // the screen shows a 422 ('First select a supplier or category') itself
    meta: quiet,
  })

export function usePricelistProducts(q: PricelistProductQuery) {
  return useQuery(pricelistProductsQuery(q))
}

/** the lists a link or a connection changes: the suppliers' (counts), these, and the shop products */
function useRefresh() {
  const qc = useQueryClient()
  return () => {
    void qc.invalidateQueries({ queryKey: supplierAdminKeys.all })
    void qc.invalidateQueries({ queryKey: productKeys.all })
  }
}

/** useLinkCategory: POST admin/category-links; the supplier category's rows are placed at once. */
export function useLinkCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: CategoryLinkBody) => unwrap(client.POST('/api/v1/admin/category-links', { body })),
    onSuccess: refresh,
  })
}

/** useUnlinkCategory: DELETE admin/category-links/{id}. */
export function useUnlinkCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (linkId: number) => unwrap(client.DELETE('/api/v1/admin/category-links/{id}', { params: { path: { id: linkId } } })),
    onSuccess: refresh,
  })
}

/** useConnectProduct: POST admin/pricelist-products/{id}/connect {product_id}. */
export function useConnectProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, productId }: { id: number; productId: number }) =>
      unwrap(client.POST('/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id } }, body: { product_id: productId } })),
    onSuccess: refresh,
  })
}

// Separating is useDisconnect of ./supplierProducts (DELETE admin/pricelist-products/{id}/connect):
// it refreshes the suppliers' root, these lists included.
export { useDisconnect as useSeparateProduct } from './supplierProducts'

// The products import answers 202 and its job's result comes as a notification; without a queue
// the job has run by then, so the lists are asked again either way.

/** useImportCategory: POST admin/products-import/category {supplier_id, supplier_category, category_id}. */
export function useImportCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: CategoryImportBody) => unwrap(client.POST('/api/v1/admin/products-import/category', { body })),
    onSuccess: refresh,
  })
}

/** useImportProducts: POST admin/products-import/products {supplier_id, skus, category_id}. */
export function useImportProducts() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: ProductsImportBody) => unwrap(client.POST('/api/v1/admin/products-import/products', { body })),
    onSuccess: refresh,
  })
}

export interface ProductPickerSearch {
  search?: string
  paginate: number
}

/**
 * productPickerSearch: shop products not connected to any supplier product (GET admin/products
 * with disconnected), for the connect picker; kept under its own key (an array, not a page).
 */
export const productPickerSearch = (q: ProductPickerSearch) =>
  queryOptions({
    queryKey: [...productKeys.all, 'picker', q] as const,
    queryFn: async () =>
      (
        await unwrap(
          client.GET('/api/v1/admin/products', { params: { query: { search: q.search || undefined, paginate: q.paginate, disconnected: true } } }),
        )
      ).data ?? [],
    placeholderData: keepPreviousData,
    meta: quiet,
  })
