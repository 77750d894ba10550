// Products (admin/products): the list with every filter, delete, disconnect from the supplier's
// price-list product, and the mass changes of the product list's dialogs. A mass call names the
// products by ids, or, with no ids, by the list's filter params as its query (the whole
// filtered set); the server refuses a mass call with neither.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../api/catalogTypes'
import { binary, client, formData, unwrap } from '../../api/client'
import type { components, paths } from '@shop/shared'
import type { ApiQuery, FilterKey } from '../../lists/productQuery'

export type Query = ApiQuery

type S = components['schemas']

export const PRODUCT_LIST_INCLUDE = 'mainCategory,mainImage'

/** the query of GET admin/products as the server's document declares it */
export type ProductApiQuery = NonNullable<paths['/api/v1/admin/products']['get']['parameters']['query']>

// Every filter key of the URL is a query parameter of the list: a key the server does not know
// fails the build here (the server answers an unknown parameter with 422).
const everyFilterKeyIsAListParam: FilterKey extends keyof ProductApiQuery ? true : never = true
void everyFilterKeyIsAListParam

/**
 * The list's filter parameters. The document declares the same ones (api.ProductFilterQuery) on
 * every mass call as its selection when no ids are sent, so a mass call's query is typed by its
 * own path: a mass path that lost them fails the build.
 */
export type FilterQuery = Omit<ProductApiQuery, 'page' | 'paginate' | 'include'>

/**
 * apiQuery: the URL-derived query typed as the document declares it. The values stay in their
 * URL form ('1' for a flag, '100.00' for money), which the server parses as it parses the list
 * URL ("1"/"true", decimals); the keys are checked above. The one cast between the URL state
 * and the generated types.
 */
const apiQuery = (q: Query): ProductApiQuery => q as ProductApiQuery

const listQuery = (q: Query): ProductApiQuery => ({ include: PRODUCT_LIST_INCLUDE, ...apiQuery(q) })

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
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/products', { params: { query: listQuery(q) } })),
    placeholderData: keepPreviousData,
  })

export function useProducts(q: Query) {
  return useQuery(productsQuery(q))
}

function useProductChange<V, R extends MessageResponse = MessageResponse>(call: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  })
}

export function useDeleteProduct() {
  return useProductChange((id: number) => unwrap(client.DELETE('/api/v1/admin/products/{id}', { params: { path: { id } } })))
}

/** useDisconnectProduct separates a product from its supplier's price-list product. */
export function useDisconnectProduct() {
  return useProductChange((supplierProductId: number) =>
    unwrap(client.DELETE('/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: supplierProductId } } })),
  )
}

/** Target: the selected ids, or (ids empty) the filter params of the whole filtered list. */
export interface Target {
  ids: number[]
  filter: Query
}

/** targetQuery: the filter goes as the query only when no ids are selected (spec 7). */
export const targetQuery = (t: Target): FilterQuery | undefined => (t.ids.length ? undefined : apiQuery(t.filter))

export function useMassDescription() {
  return useProductChange(({ target, description }: { target: Target; description: string }) =>
    unwrap(client.PATCH('/api/v1/admin/products/mass-update', { params: { query: targetQuery(target) }, body: { description, ids: target.ids } })),
  )
}

/** the mass discount: the type, its amount by the type's flag (price or percentage), the days */
export type MassDiscount = Omit<S['MassDiscountRequest'], 'product_ids'>

/** POST admin/discounts/mass-add answers 202 {message, data: the run} (its progress: useMassRun) */
export function useMassDiscount() {
  return useProductChange(({ target, discount }: { target: Target; discount: MassDiscount }) =>
    unwrap(
      client.POST('/api/v1/admin/discounts/mass-add', {
        params: { query: targetQuery(target) },
        body: { product_ids: target.ids, ...discount },
      }),
    ),
  )
}

/** useMassAttributes turns the attributes of the category's products on (activate) or off. */
export function useMassAttributes() {
  return useProductChange(({ target, categoryId, activate }: { target: Target; categoryId: number; activate: boolean }) => {
    const init = { params: { query: targetQuery(target) }, body: { ids: target.ids, category_id: categoryId } }
    return unwrap(
      activate
        ? client.POST('/api/v1/admin/products/attributes/mass-activate', init)
        : client.DELETE('/api/v1/admin/products/attributes/mass-deactivate', init),
    )
  })
}

export interface Transfer {
  category_id: number
  target: Target
}

/** checkTransfer: the first step, which lists the target category's attributes the products lack. */
export function checkTransfer({ category_id, target }: Transfer) {
  return unwrap(
    client.GET('/api/v1/admin/products/transfer', {
      params: {
        // products: the ids comma-joined; with no ids the list's filter selects
        query: { ...targetQuery(target), category_id, products: target.ids.length ? target.ids.join(',') : undefined },
      },
    }),
  )
}

export function useTransfer() {
  return useProductChange(({ transfer, active }: { transfer: Transfer; active: boolean }) =>
    unwrap(
      client.POST('/api/v1/admin/products/transfer', {
        params: { query: targetQuery(transfer.target) },
        body: { category_id: transfer.category_id, products: transfer.target.ids, active },
      }),
    ),
  )
}

export const STICKER_MAX_BYTES = 2_000_000

export function useMassEnergySticker() {
  return useProductChange(({ target, sticker }: { target: Target; sticker: File }) =>
    unwrap(
      client.POST('/api/v1/admin/products/energy-sticker/mass-update', {
        params: { query: targetQuery(target) },
        body: { 'ids[]': target.ids, sticker: binary(sticker) },
        bodySerializer: formData,
      }),
    ),
  )
}

export interface MassCatalogSticker {
  catalog_sticker_type_id: number
  from: string
  to: string
}

export function useMassCatalogSticker() {
  return useProductChange(({ target, sticker }: { target: Target; sticker: MassCatalogSticker }) =>
    unwrap(client.POST('/api/v1/admin/catalog-stickers/mass-add', { params: { query: targetQuery(target) }, body: { ...sticker, ids: target.ids } })),
  )
}
