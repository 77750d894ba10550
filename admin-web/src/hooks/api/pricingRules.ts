// The pricing rules staff manage: web margins (admin/web-margins), recommended prices
// (admin/recommended-prices), authenticated discounts (admin/authenticated-discounts), each with
// a paged list, one rule, add, edit and delete; and the category web margins screen's save
// (PATCH admin/categories/margins). A change refreshes its rule's lists and the products (their
// prices follow the rules).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'
import type {
  AuthDiscountBody,
  CategoryMarginsRow,
  RecommendedPriceBody,
  WebMarginBody,
} from '../../api/pricingTypes'
import { categoryAdminKeys } from './categoryAdmin'

export interface RuleQuery {
  page?: number
  paginate?: number
  search?: string
  /** web margins and authenticated discounts: the rules of one category */
  category_id?: number
  /** recommended prices: the rules of one manufacturer */
  manufacturer_id?: number
}

const keysOf = <N extends string>(name: N) => ({
  all: [name] as const,
  lists: () => [name, 'list'] as const,
  list: (q: RuleQuery) => [name, 'list', q] as const,
  detail: (id: number) => [name, 'detail', id] as const,
})

export const webMarginKeys = keysOf('webMargins')
export const recommendedPriceKeys = keysOf('recommendedPrices')
export const authDiscountKeys = keysOf('authDiscounts')

const query = (q: RuleQuery) => ({ ...q, search: q.search || undefined })

/** a change of a rule: refresh the rule's queries and the products (their prices follow) */
function useRuleChange<V>(all: readonly string[], fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: all })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}

// ---- web margins

export function useWebMargins(q: RuleQuery) {
  return useQuery({
    queryKey: webMarginKeys.list(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/web-margins', { params: { query: query(q) } })),
    placeholderData: keepPreviousData,
  })
}

export function useWebMargin(id: number) {
  return useQuery({
    queryKey: webMarginKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/web-margins/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    meta: { quiet: true },
  })
}

export function useCreateWebMargin() {
  return useRuleChange(webMarginKeys.all, (body: WebMarginBody) => unwrap(client.POST('/api/v1/admin/web-margins', { body })))
}

export function useUpdateWebMargin(id: number) {
  return useRuleChange(webMarginKeys.all, (body: WebMarginBody) =>
    unwrap(client.PATCH('/api/v1/admin/web-margins/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteWebMargin() {
  return useRuleChange(webMarginKeys.all, (id: number) => unwrap(client.DELETE('/api/v1/admin/web-margins/{id}', { params: { path: { id } } })))
}

// ---- recommended prices

export function useRecommendedPrices(q: RuleQuery) {
  return useQuery({
    queryKey: recommendedPriceKeys.list(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/recommended-prices', { params: { query: query(q) } })),
    placeholderData: keepPreviousData,
  })
}

export function useRecommendedPrice(id: number) {
  return useQuery({
    queryKey: recommendedPriceKeys.detail(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/recommended-prices/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    meta: { quiet: true },
  })
}

export function useCreateRecommendedPrice() {
  return useRuleChange(recommendedPriceKeys.all, (body: RecommendedPriceBody) => unwrap(client.POST('/api/v1/admin/recommended-prices', { body })))
}

export function useUpdateRecommendedPrice(id: number) {
  return useRuleChange(recommendedPriceKeys.all, (body: RecommendedPriceBody) =>
    unwrap(client.PATCH('/api/v1/admin/recommended-prices/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteRecommendedPrice() {
  return useRuleChange(recommendedPriceKeys.all, (id: number) =>
    unwrap(client.DELETE('/api/v1/admin/recommended-prices/{id}', { params: { path: { id } } })),
  )
}

// ---- authenticated discounts

export function useAuthDiscounts(q: RuleQuery) {
  return useQuery({
    queryKey: authDiscountKeys.list(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/authenticated-discounts', { params: { query: query(q) } })),
    placeholderData: keepPreviousData,
  })
}

export function useAuthDiscount(id: number) {
  return useQuery({
    queryKey: authDiscountKeys.detail(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/authenticated-discounts/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    meta: { quiet: true },
  })
}

export function useCreateAuthDiscount() {
  return useRuleChange(authDiscountKeys.all, (body: AuthDiscountBody) => unwrap(client.POST('/api/v1/admin/authenticated-discounts', { body })))
}

export function useUpdateAuthDiscount(id: number) {
  return useRuleChange(authDiscountKeys.all, (body: AuthDiscountBody) =>
    unwrap(client.PATCH('/api/v1/admin/authenticated-discounts/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteAuthDiscount() {
  return useRuleChange(authDiscountKeys.all, (id: number) =>
    unwrap(client.DELETE('/api/v1/admin/authenticated-discounts/{id}', { params: { path: { id } } })),
  )
}

// ---- category web margins

/** saves the changed rows in one call; refreshes the categories and the products */
export function useSaveCategoryMargins() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (rows: CategoryMarginsRow[]) => unwrap(client.PATCH('/api/v1/admin/categories/margins', { body: { rows } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: categoryAdminKeys.all })
      void qc.invalidateQueries({ queryKey: ['products'] })
    },
  })
}
