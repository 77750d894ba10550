// Discounts (pricing): discount types (admin/discount-types), a product's
// discounts (the Actions tab), the mass discount run, and the Actions page's search with its
// bulk end and extend. Every change refreshes the discount lists, the type lookups and the
// products (their shown prices follow a discount).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'
import { discountTypeKeys } from './discountTypes'
import { productKeys } from './products'

type S = components['schemas']

export type DiscountTypeRow = S['DiscountType']
export type DiscountTypeBody = S['DiscountTypeRequest']
/** a discount: price (fixed-price type) or percentage (percentage type), the other null */
export type Discount = S['Discount']
export type DiscountBody = S['DiscountRequest']
export type MassRun = S['MassDiscountRun']
export type ActionRow = Discount & Pick<S['Action'], 'product'> & { catalog_stickers: S['ProductCatalogSticker'][] }
export type BulkResult = S['ActionsBulkResult']

export interface TypeQuery {
  page?: number
  paginate?: number
  search?: string
}

export interface ActionQuery {
  category_id: number
  discount_type_id: number
  page?: number
  paginate?: number
}

export const discountKeys = {
  all: ['discounts'] as const,
  types: (q: TypeQuery) => [...discountKeys.all, 'types', q] as const,
  product: (id: number) => [...discountKeys.all, 'product', id] as const,
  actions: () => [...discountKeys.all, 'actions'] as const,
  action: (q: ActionQuery) => [...discountKeys.actions(), q] as const,
  run: (id: number) => [...discountKeys.all, 'run', id] as const,
}

function useDiscountChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: discountKeys.all })
      void qc.invalidateQueries({ queryKey: discountTypeKeys.all })
      void qc.invalidateQueries({ queryKey: productKeys.all })
    },
  })
}

// ---- discount types

export function useDiscountTypeList(q: TypeQuery) {
  return useQuery({
    queryKey: discountKeys.types(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/discount-types', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

export function useCreateDiscountType() {
  return useDiscountChange((body: DiscountTypeBody) => unwrap(client.POST('/api/v1/admin/discount-types', { body })))
}

export function useUpdateDiscountType() {
  return useDiscountChange(({ id, body }: { id: number; body: DiscountTypeBody }) =>
    unwrap(client.PATCH('/api/v1/admin/discount-types/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteDiscountType() {
  return useDiscountChange((id: number) => unwrap(client.DELETE('/api/v1/admin/discount-types/{id}', { params: { path: { id } } })))
}

// ---- a product's discounts (the Actions tab)

export function useProductDiscounts(id: number) {
  return useQuery({
    queryKey: discountKeys.product(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products/{id}/discounts', { params: { path: { id } } }))).data ?? [],
    enabled: id > 0,
  })
}

export function useAddDiscount(id: number) {
  return useDiscountChange((body: DiscountBody) => unwrap(client.POST('/api/v1/admin/products/{id}/discounts', { params: { path: { id } }, body })))
}

export function useUpdateDiscount(id: number) {
  return useDiscountChange(({ discountId, body }: { discountId: number; body: DiscountBody }) =>
    unwrap(client.PATCH('/api/v1/admin/products/{id}/discounts/{discountId}', { params: { path: { id, discountId } }, body })),
  )
}

export function useDeleteDiscount(id: number) {
  return useDiscountChange((discountId: number) =>
    unwrap(client.DELETE('/api/v1/admin/products/{id}/discounts/{discountId}', { params: { path: { id, discountId } } })),
  )
}

/** useSetDealerPrice: PATCH admin/products/action-dealer-price/{discount id} (null clears it) */
export function useSetDealerPrice() {
  return useDiscountChange(({ discountId, dealer_price }: { discountId: number; dealer_price: number | null }) =>
    unwrap(
      client.PATCH('/api/v1/admin/products/action-dealer-price/{id}', {
        params: { path: { id: discountId } },
        body: { dealer_price: dealer_price as number },
      }),
    ),
  )
}

// ---- the mass discount's run

/** useMassRun polls a mass discount run until it is done or failed (every second). */
export function useMassRun(id: number | undefined) {
  return useQuery({
    queryKey: discountKeys.run(id ?? 0),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/discounts/mass-add/{id}', { params: { path: { id: id ?? 0 } } }))).data,
    enabled: !!id,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : 1000),
  })
}

// ---- the Actions page

export function useActions(q: ActionQuery | null) {
  return useQuery({
    queryKey: discountKeys.action(q ?? { category_id: 0, discount_type_id: 0 }),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/actions', { params: { query: q! } })),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  })
}

export function useEndActions() {
  return useDiscountChange((ids: number[]) => unwrap(client.POST('/api/v1/admin/actions/end', { body: { discount_ids: ids } })))
}

export function useExtendActions() {
  return useDiscountChange(({ ids, to }: { ids: number[]; to: string }) =>
    unwrap(client.POST('/api/v1/admin/actions/extend', { body: { discount_ids: ids, to } })),
  )
}
