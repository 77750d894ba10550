// Products exports (map-products-import): the list with each job's progress (polled while one
// runs), a new named export, and the XLSX download.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'

export type ProductsExport = components['schemas']['ProductsExport']

export const productsExportKeys = {
  all: ['products-exports'] as const,
  list: () => [...productsExportKeys.all, 'list'] as const,
  categories: () => [...productsExportKeys.all, 'categories'] as const,
}

const pending = (e: ProductsExport) => e.status === 'queued' || e.status === 'running'

export function useProductsExports(pollMs = 2000) {
  return useQuery({
    queryKey: productsExportKeys.list(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/products-exports'))).data ?? [],
    refetchInterval: (q) => ((q.state.data ?? []).some(pending) ? pollMs : false),
  })
}

export function useExportCategories() {
  return useQuery({
    queryKey: productsExportKeys.categories(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/products-export-categories'))).data ?? [],
    staleTime: 5 * 60_000,
  })
}

export function useCreateProductsExport() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; categories: number[] }) => unwrap(client.POST('/api/v1/admin/products-exports', { body })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: productsExportKeys.list() }),
  })
}

/** downloadExport fetches the XLSX with the session and hands it to the browser. */
export async function downloadExport(e: ProductsExport): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/products-exports/{id}/file', { params: { path: { id: e.id! } }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('download')
  const url = URL.createObjectURL(data as Blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `${e.name ?? 'izvoz'}.xlsx`
  a.click()
  URL.revokeObjectURL(url)
}
