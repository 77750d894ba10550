// Suppliers (admin/suppliers): the lookup list (paginate=1000, cached under 'suppliers').
import { useQuery } from '@tanstack/react-query'
import type { Supplier } from '../../api/catalogTypes'
import { client, unwrap } from '../../api/client'
import { lookupQuery } from './lookupCache'

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  lookup: () => [...supplierKeys.all, 'lookup'] as const,
}

export const suppliersLookup = () =>
  lookupQuery<Supplier>(
    supplierKeys.lookup(),
    async () => (await unwrap(client.GET('/api/v1/admin/suppliers', { params: { query: { paginate: 1000 } } }))).data ?? [],
    'suppliers',
  )

export function useSuppliersLookup() {
  return useQuery(suppliersLookup())
}
