// Products (admin/products): the list with every filter, delete, disconnect from the supplier's
// price-list product, and the mass changes of the product list's dialogs. A mass call names the
// products by ids, or, with no ids, by the list's filter params as its query (the whole
// filtered set); the server refuses a mass call with neither.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { catalogCall, catalogGet, type Query } from '../../api/catalogApi'
import type { ListResponse, MessageResponse, ProductRow, TransferCheck } from '../../api/catalogTypes'

export const PRODUCT_LIST_INCLUDE = 'mainCategory,mainImage'

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (q: Query) => [...productKeys.lists(), q] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: number) => [...productKeys.details(), id] as const,
}

/** productsQuery: one page of the list; `q` is the API query (toApiQuery of the URL state). */
export const productsQuery = (q: Query) =>
  queryOptions({
    queryKey: productKeys.list(q),
    queryFn: () => catalogGet<ListResponse<ProductRow>>('/api/v1/admin/products', { include: PRODUCT_LIST_INCLUDE, ...q }),
    placeholderData: keepPreviousData,
  })

export function useProducts(q: Query) {
  return useQuery(productsQuery(q))
}

function useProductChange<V>(call: (v: V) => Promise<MessageResponse>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  })
}

export function useDeleteProduct() {
  return useProductChange((id: number) => catalogCall<MessageResponse>('DELETE', `/api/v1/admin/products/${id}`))
}

/** useDisconnectProduct separates a product from its supplier's price-list product. */
export function useDisconnectProduct() {
  return useProductChange((supplierProductId: number) =>
    catalogCall<MessageResponse>('DELETE', `/api/v1/admin/pricelist-products/${supplierProductId}/connect`),
  )
}

/** Target: the selected ids, or (ids empty) the filter params of the whole filtered list. */
export interface Target {
  ids: number[]
  filter: Query
}

/** targetQuery: the filter goes as the query only when no ids are selected (spec 7). */
export const targetQuery = (t: Target): Query | undefined => (t.ids.length ? undefined : t.filter)

export function useMassDescription() {
  return useProductChange(({ target, description }: { target: Target; description: string }) =>
    catalogCall<MessageResponse>('PATCH', '/api/v1/admin/products/mass-update', {
      query: targetQuery(target),
      body: { description, ids: target.ids },
    }),
  )
}

export interface MassDiscount {
  discount_type_id: number
  /** YYYY-MM-DD */
  from: string
  to: string
}

export function useMassDiscount() {
  return useProductChange(({ target, discount }: { target: Target; discount: MassDiscount }) =>
    catalogCall<MessageResponse>('POST', '/api/v1/admin/discounts/mass-add', {
      query: targetQuery(target),
      body: { product_ids: target.ids, ...discount },
    }),
  )
}

/** useMassAttributes turns the attributes of the category's products on (activate) or off. */
export function useMassAttributes() {
  return useProductChange(({ target, categoryId, activate }: { target: Target; categoryId: number; activate: boolean }) =>
    catalogCall<MessageResponse>(
      activate ? 'POST' : 'DELETE',
      `/api/v1/admin/products/attributes/${activate ? 'mass-activate' : 'mass-deactivate'}`,
      { query: targetQuery(target), body: { ids: target.ids, category_id: categoryId } },
    ),
  )
}

export interface Transfer {
  category_id: number
  target: Target
}

/** checkTransfer: the first step, which lists the target category's attributes the products lack. */
export function checkTransfer({ category_id, target }: Transfer): Promise<TransferCheck> {
  return catalogGet<TransferCheck>('/api/v1/admin/products/transfer', {
    ...targetQuery(target),
    category_id,
    products: target.ids.length ? target.ids.join(',') : undefined,
  })
}

export function useTransfer() {
  return useProductChange(({ transfer, active }: { transfer: Transfer; active: boolean }) =>
    catalogCall<MessageResponse>('POST', '/api/v1/admin/products/transfer', {
      query: targetQuery(transfer.target),
      body: { category_id: transfer.category_id, products: transfer.target.ids, active },
    }),
  )
}

export const STICKER_MAX_BYTES = 2_000_000

export function useMassEnergySticker() {
  return useProductChange(({ target, sticker }: { target: Target; sticker: File }) => {
    const form = new FormData()
    target.ids.forEach((id) => form.append('ids[]', String(id)))
    form.append('sticker', sticker)
    return catalogCall<MessageResponse>('POST', '/api/v1/admin/products/energy-sticker/mass-update', { query: targetQuery(target), form })
  })
}

export interface MassCatalogSticker {
  catalog_sticker_type_id: number
  from: string
  to: string
}

export function useMassCatalogSticker() {
  return useProductChange(({ target, sticker }: { target: Target; sticker: MassCatalogSticker }) =>
    catalogCall<MessageResponse>('POST', '/api/v1/admin/catalog-stickers/mass-add', {
      query: targetQuery(target),
      body: { ...sticker, ids: target.ids },
    }),
  )
}
