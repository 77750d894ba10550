// Supplier price lists (admin/pricelists): the upload (multipart, answered 202 while a job reads
// the file), the recent imports with their status and report, and a supplier's header mapping
// (admin/suppliers/{id}/header-mapping). While an import is queued or running its list and its
// detail ask again every few seconds; when none is, they stop.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { binary, client, formData, unwrap } from '../../api/client'
import type { components } from '@shop/shared'
import { productKeys } from './products'
import { supplierAdminKeys } from './supplierProducts'
import { useCallback } from 'react'

type S = components['schemas']

/** a row left out: its number in the sheet (as Excel shows it), its SKU and why (localized) */
export type RejectedRow = S['PricelistRejectedRow']
/** an SKU met on more than one row: the first row was imported, the others rejected */
export type DuplicateSku = S['PricelistDuplicateSKU']
/** the first 100 rejected rows (`rejected` counts them all), the repeated SKUs, the unlinked supplier categories */
export type ImportReport = S['PricelistImportReport']
/** one price-list import (GET admin/pricelists, …/{id}); the report only on the detail, null until finished */
export type PricelistImport = S['PricelistImport']
export type ImportStatus = PricelistImport['status']
/** a supplier's own header texts per column ('' = found by the usual names); every column is sent */
export type HeaderMapping = S['HeaderMapping']

export const HEADER_FIELDS = ['sku', 'name', 'category', 'price', 'recommended_price', 'stock', 'ean', 'brand'] as const satisfies readonly (keyof HeaderMapping)[]

export interface ImportQuery {
  supplier_id?: number
  page?: number
  paginate?: number
}

export const UNFINISHED: readonly ImportStatus[] = ['queued', 'running', 'interrupted', 'retrying']
export const isUnfinished = (i: Pick<PricelistImport, 'status'>) => UNFINISHED.includes(i.status)

/** how often an unfinished import is asked about again */
export const POLL_MS = 2000

export const pricelistKeys = {
  all: ['pricelists'] as const,
  lists: () => [...pricelistKeys.all, 'list'] as const,
  list: (q: ImportQuery) => [...pricelistKeys.lists(), q] as const,
  details: () => [...pricelistKeys.all, 'detail'] as const,
  detail: (id: number) => [...pricelistKeys.details(), id] as const,
  headerMapping: (supplierId: number) => [...pricelistKeys.all, 'header-mapping', supplierId] as const,
}

export const pricelistImportsQuery = (q: ImportQuery) =>
  queryOptions({
    queryKey: pricelistKeys.list(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/pricelists', { params: { query: { ...q, supplier_id: q.supplier_id || undefined } } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isUnfinished) ? POLL_MS : false),
  })

export function usePricelistImports(q: ImportQuery) {
  return useQuery(pricelistImportsQuery(q))
}

export const pricelistImportQuery = (id: number) =>
  queryOptions({
    queryKey: pricelistKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/pricelists/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data && isUnfinished(query.state.data) ? POLL_MS : false),
  })

export function usePricelistImport(id: number) {
  return useQuery(pricelistImportQuery(id))
}

export interface Upload {
  supplier_id: number
  file: File
}

/** useUploadPricelist: POST admin/pricelists, multipart supplier_id and file (202 {message, data}). */
export function useUploadPricelist() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ supplier_id, file }: Upload) =>
      unwrap(client.POST('/api/v1/admin/pricelists', { body: { supplier_id, file: binary(file) }, bodySerializer: formData })),
    onSuccess: () => qc.invalidateQueries({ queryKey: pricelistKeys.lists() }),
  })
}

/** useRefreshSuppliers: asks the supplier lists (counts, updated_at) again, e.g. when an import finished. */
export function useRefreshSuppliers() {
  const qc = useQueryClient()
  return useCallback(() => qc.invalidateQueries({ queryKey: supplierAdminKeys.all }), [qc])
}

export const headerMappingQuery = (supplierId: number) =>
  queryOptions({
    queryKey: pricelistKeys.headerMapping(supplierId),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/suppliers/{id}/header-mapping', { params: { path: { id: supplierId } } }))).data,
    enabled: supplierId > 0,
  })

export function useHeaderMapping(supplierId: number) {
  return useQuery(headerMappingQuery(supplierId))
}

export function useSaveHeaderMapping(supplierId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: HeaderMapping) =>
      unwrap(client.PUT('/api/v1/admin/suppliers/{id}/header-mapping', { params: { path: { id: supplierId } }, body })),
    onSuccess: (res) => {
      if (res.data) qc.setQueryData(pricelistKeys.headerMapping(supplierId), res.data)
      else void qc.invalidateQueries({ queryKey: pricelistKeys.headerMapping(supplierId) })
    },
  })
}

/**
 * The notification types a price-list job ends with (the upload's and the products import's);
 * ImportFailed is the failure of either.
 */
export const PRICE_NOTIFICATIONS = ['PricesRecomputed', 'DiscountsDone'] as const
export const PRICELIST_NOTIFICATIONS = ['PricelistUploaded', 'CategoriesUploaded', 'CategoriesNotMapped', 'ImportFinished', 'ImportFailed'] as const

/**
 * refreshForNotification: a job's notification came, so the lists it changed are asked again
 * (the imports, the suppliers with their counts and price-list products, the shop products).
 * The realtime stream calls it for every notification; other types change nothing here.
 */
export function refreshForNotification(qc: QueryClient, n: { type: string }): void {
  // a recompute or a mass discount changed products' prices: the product lists show the new ones
  if ((PRICE_NOTIFICATIONS as readonly string[]).includes(n.type)) void qc.invalidateQueries({ queryKey: productKeys.all })
  if (!(PRICELIST_NOTIFICATIONS as readonly string[]).includes(n.type)) return
  void qc.invalidateQueries({ queryKey: pricelistKeys.all })
  void qc.invalidateQueries({ queryKey: supplierAdminKeys.all })
  void qc.invalidateQueries({ queryKey: productKeys.all })
}
