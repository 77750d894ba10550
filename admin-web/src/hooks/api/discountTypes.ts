// Discount types (admin/discount-types) as a lookup list (not cached in localStorage).
import { useQuery } from '@tanstack/react-query'
import type { DiscountType } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import { lookupQuery } from './lookupCache'

export const discountTypeKeys = {
  all: ['discount-types'] as const,
  lookup: () => [...discountTypeKeys.all, 'lookup'] as const,
}

export const discountTypesLookup = () =>
  lookupQuery<DiscountType>(
    discountTypeKeys.lookup(),
    async () => (await unwrap(client.GET('/api/v1/admin/discount-types', { params: { query: { paginate: 1000 } } }))).data ?? [],
  )

export function useDiscountTypesLookup() {
  return useQuery(discountTypesLookup())
}
