// Suppliers (admin/suppliers): the lookup list (paginate=1000, cached under 'suppliers').
import { useQuery } from '@tanstack/react-query'
import { catalogGet } from '../../api/catalogApi'
import type { ListResponse, Supplier } from '../../api/catalogTypes'
import { lookupQuery } from './lookupCache'

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  lookup: () => [...supplierKeys.all, 'lookup'] as const,
}

export const suppliersLookup = () =>
  lookupQuery<Supplier>(
    supplierKeys.lookup(),
    async () => (await catalogGet<ListResponse<Supplier>>('/api/v1/admin/suppliers', { paginate: 1000 })).data ?? [],
    'suppliers',
  )

export function useSuppliersLookup() {
  return useQuery(suppliersLookup())
}
