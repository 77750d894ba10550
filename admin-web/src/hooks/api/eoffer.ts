// E-ponuda (admin/eponuda*): feed membership of the E Ponuda page, and the e-offer import
// screen's competitor file, recalculation, apply and prices overview. Query keys per resource;
// mutations invalidate what they change.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components, paths } from '@shop/shared'
import { binary, client, formData, unwrap } from '../../api/client'
import { PRODUCT_LIST_INCLUDE, productKeys, type Query } from './products'

type S = components['schemas']
export type EponudaRow = S['EponudaRow']
export interface EponudaRecalc {
  import_id: number
  ok: EponudaRow[]
  nok: EponudaRow[]
  skipped: number
}
export type EponudaPriceRow = S['EponudaPriceRow']
export type EponudaImport = S['EponudaImport']
export type EponudaFeedStatus = S['EponudaFeedStatus']

/** the recalculation's controls (spec "E-offer settings") */
export interface EponudaSettings {
  relative_to: 'eponuda' | 'entry'
  format: '%' | 'RSD'
  value: string
  irrelevant: string[]
}

/** the optional narrowing of the recalculation (filter panel) */
export interface EponudaScope {
  category?: number
  supplier?: number
  brand?: number
}

type FeedQuery = NonNullable<paths['/api/v1/admin/eponuda-feed']['get']['parameters']['query']>

export const eofferKeys = {
  all: ['eponuda'] as const,
  feed: (q: Query) => [...eofferKeys.all, 'feed', q] as const,
  competitors: () => [...eofferKeys.all, 'competitors'] as const,
  recalc: (s: EponudaSettings, scope: EponudaScope) => [...eofferKeys.all, 'recalc', s, scope] as const,
  prices: () => [...eofferKeys.all, 'prices'] as const,
  feedStatus: () => [...eofferKeys.all, 'feed-status'] as const,
}

/** the feed's counts (marked, exported, left out by reason) and the last export's files */
export function useFeedStatus() {
  return useQuery({
    queryKey: eofferKeys.feedStatus(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/eponuda-feed/status'))).data,
  })
}

/** useExportFeeds: POST admin/eponuda-feed/export ("Izvezi sada"; 202, a job writes the files). */
export function useExportFeeds() {
  return useMutation({
    mutationFn: async () => unwrap(client.POST('/api/v1/admin/eponuda-feed/export')),
  })
}

/** the products in the feed (tab E-PONUDA PROIZVODI) */
export const eponudaFeedQuery = (q: Query) =>
  queryOptions({
    queryKey: eofferKeys.feed(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/eponuda-feed', { params: { query: { include: PRODUCT_LIST_INCLUDE, ...(q as FeedQuery) } } })),
    placeholderData: keepPreviousData,
  })

export function useEponudaFeed(q: Query, enabled = true) {
  return useQuery({ ...eponudaFeedQuery(q), enabled })
}

/** useSetFeed: POST admin/eponuda-feed with ids_true[] (put in) or ids_false[] (take out). */
export function useSetFeed() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ add, ids }: { add: boolean; ids: number[] }) =>
      unwrap(
        client.POST('/api/v1/admin/eponuda-feed', {
          body: add ? { 'ids_true[]': ids } : { 'ids_false[]': ids },
          bodySerializer: formData,
        }),
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: eofferKeys.all })
      void qc.invalidateQueries({ queryKey: productKeys.lists() })
    },
  })
}

/** useUploadEponuda: POST admin/eponuda, multipart eponudaCSV (202; a job parses the file). */
export function useUploadEponuda() {
  return useMutation({
    mutationFn: async (file: File) =>
      unwrap(client.POST('/api/v1/admin/eponuda', { body: { eponudaCSV: binary(file) }, bodySerializer: formData })),
  })
}

/** an import, polled until its job has finished */
export function useEponudaImport(id: number | undefined) {
  return useQuery({
    queryKey: [...eofferKeys.all, 'import', id],
    enabled: id !== undefined,
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/eponuda-imports/{id}', { params: { path: { id: id ?? 0 } } }))).data as EponudaImport,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'finished' || q.state.data.status === 'failed') ? false : 1000),
  })
}

/** useLatestImport: the newest finished competitor file (null: none yet), which the import
 * screen opens on, so a file loaded earlier or by `shopctl eoffer import` needs no new upload. */
export function useLatestImport() {
  return useQuery({
    queryKey: [...eofferKeys.all, 'import', 'latest'],
    queryFn: async () => ((await unwrap(client.GET('/api/v1/admin/eponuda-imports/latest'))).data as EponudaImport | null) ?? null,
  })
}

export function useCompetitors(enabled: boolean) {
  return useQuery({
    queryKey: eofferKeys.competitors(),
    enabled,
    queryFn: async () => ((await unwrap(client.GET('/api/v1/admin/eponuda-competitors'))).data ?? []) as string[],
  })
}

/** useRecalc: GET admin/eponuda once 'Prikaži' asked for it (settings null: not yet). */
export function useRecalc(settings: EponudaSettings | null, scope: EponudaScope) {
  return useQuery({
    queryKey: eofferKeys.recalc(settings ?? ({} as EponudaSettings), scope),
    enabled: settings !== null,
    queryFn: async () =>
      (await unwrap(
        client.GET('/api/v1/admin/eponuda', {
          params: {
            query: {
              relative_to: settings!.relative_to,
              format: settings!.format,
              value: settings!.value,
              'irrelevant[]': settings!.irrelevant,
              ...scope,
            },
          },
        }),
      )) as unknown as EponudaRecalc,
  })
}

/** useApplyEponuda: POST admin/eponuda-update (relative_to, format, value, irrelevant[], ids[]). */
export function useApplyEponuda() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ settings, ids }: { settings: EponudaSettings; ids: number[] }) =>
      unwrap(
        client.POST('/api/v1/admin/eponuda-update', {
          body: { relative_to: settings.relative_to, format: settings.format, value: settings.value, 'irrelevant[]': settings.irrelevant, 'ids[]': ids },
          bodySerializer: formData,
        }),
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: eofferKeys.all })
      void qc.invalidateQueries({ queryKey: productKeys.all })
    },
  })
}

export function useEponudaPrices(enabled: boolean) {
  return useQuery({
    queryKey: eofferKeys.prices(),
    enabled,
    queryFn: async () => ((await unwrap(client.GET('/api/v1/admin/eponuda-price'))).data ?? []) as EponudaPriceRow[],
  })
}
