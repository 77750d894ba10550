// Discount types (admin/discount-types) as a lookup list (not cached in localStorage).
import { useQuery } from '@tanstack/react-query'
import { catalogGet } from '../../api/catalogApi'
import type { DiscountType, ListResponse } from '../../api/catalogTypes'
import { lookupQuery } from './lookupCache'

export const discountTypeKeys = {
  all: ['discount-types'] as const,
  lookup: () => [...discountTypeKeys.all, 'lookup'] as const,
}

export const discountTypesLookup = () =>
  lookupQuery<DiscountType>(
    discountTypeKeys.lookup(),
    async () => (await catalogGet<ListResponse<DiscountType>>('/api/v1/admin/discount-types')).data ?? [],
  )

export function useDiscountTypesLookup() {
  return useQuery(discountTypesLookup())
}
