import { queryOptions, useQuery } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'
import { productDetailKeys } from './productDetail'

/** GET admin/products/{id}/price-explain: each step of the product's prices */
export type PriceExplain = components['schemas']['PriceExplain']

/** under the product's detail key, so whatever refreshes the product refreshes its explanation */
export const priceExplainKey = (id: number) => [...productDetailKeys.detail(id), 'price-explain'] as const

export const priceExplainQuery = (id: number) =>
  queryOptions({
    queryKey: priceExplainKey(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products/{id}/price-explain', { params: { path: { id } } }))).data as PriceExplain,
    meta: { quiet: true },
  })

export function usePriceExplain(id: number, enabled: boolean) {
  return useQuery({ ...priceExplainQuery(id), enabled: enabled && id > 0 })
}
