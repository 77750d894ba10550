// SEF e-invoices of company orders and their credit notes (view-order): the list with its
// filters and XLSX export, an order's e-invoice (the proforma screen asks by its order) and
// credit notes, retry, cancel and storno, and the XML and printable views opened with
// the session. One query-key factory; every change invalidates the area.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { ApiError, client, unwrap } from '../../api/client'
import { shopToday } from '../../format'
import { orderQueryParams, save } from './orders'

export type Einvoice = components['schemas']['Einvoice']

export const EINVOICE_STATUSES = ['invalid', 'queued', 'refused', 'Sent', 'Approved', 'Rejected', 'Cancelled', 'Storno'] as const
export type EinvoiceStatus = (typeof EINVOICE_STATUSES)[number]

export const EINVOICE_KINDS = ['invoice', 'credit_note'] as const
export type EinvoiceKind = (typeof EINVOICE_KINDS)[number]

/** EinvoiceFilters: the list's and the export's filters (the day of issue; buyer: name, PIB or number). */
export interface EinvoiceFilters {
  status?: EinvoiceStatus
  kind?: EinvoiceKind
  date_from?: string
  date_to?: string
  buyer?: string
}

export interface EinvoiceQuery extends EinvoiceFilters {
  page: number
  paginate: number
}

export const einvoiceKeys = {
  all: ['einvoices'] as const,
  list: (q: EinvoiceQuery) => [...einvoiceKeys.all, 'list', q] as const,
  byOrder: (orderId: number) => [...einvoiceKeys.all, 'order', orderId] as const,
  creditNotes: (orderId: number) => [...einvoiceKeys.all, 'order', orderId, 'credit-notes'] as const,
}

export function useEinvoices(q: EinvoiceQuery) {
  return useQuery({
    queryKey: einvoiceKeys.list(q),
    queryFn: async () => {
      const r = await unwrap(client.GET('/api/v1/admin/einvoices', { params: { query: orderQueryParams(q) } }))
      return { data: r.data ?? [], meta: r.meta }
    },
    placeholderData: keepPreviousData,
  })
}

/** exportEinvoices downloads the XLSX of the e-invoices the filters select. */
export async function exportEinvoices(filters: EinvoiceFilters): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/einvoices/export', { params: { query: orderQueryParams(filters) }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('export')
  save(data as Blob, `e-fakture-${shopToday()}.xlsx`)
}

/** useOrderEinvoice: the order's e-invoice, null when it has none (not a company order, or not
 *  completed). company false: an order without a company PIB never has one, so nothing is asked
 *  (the 404 would be logged in the console of every private order's page). */
export function useOrderEinvoice(orderId: number | undefined, company = true) {
  return useQuery({
    queryKey: einvoiceKeys.byOrder(orderId ?? 0),
    enabled: !!orderId && company,
    queryFn: async () => {
      try {
        return (await unwrap(client.GET('/api/v1/admin/orders/{id}/einvoice', { params: { path: { id: orderId! } } }))).data as Einvoice
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null
        throw e
      }
    },
  })
}

/** useOrderCreditNotes: the order's credit notes (one per item return after SEF had its
 *  invoice), asked only once the order has an e-invoice. */
export function useOrderCreditNotes(orderId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: einvoiceKeys.creditNotes(orderId ?? 0),
    enabled: !!orderId && enabled,
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/orders/{id}/credit-notes', { params: { path: { id: orderId! } } }))).data ?? [],
  })
}

function useEinvoiceChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: einvoiceKeys.all }) })
}

export function useIssueEinvoice() {
  return useEinvoiceChange((orderId: number) => unwrap(client.POST('/api/v1/admin/orders/{id}/einvoice', { params: { path: { id: orderId } } })))
}

export function useRetryEinvoice() {
  return useEinvoiceChange((id: number) => unwrap(client.POST('/api/v1/admin/einvoices/{id}/retry', { params: { path: { id } } })))
}

export function useCancelEinvoice() {
  return useEinvoiceChange(({ id, comment }: { id: number; comment: string }) =>
    unwrap(client.POST('/api/v1/admin/einvoices/{id}/cancel', { params: { path: { id } }, body: { comment } })),
  )
}

export function useStornoEinvoice() {
  return useEinvoiceChange(({ id, comment }: { id: number; comment: string }) =>
    unwrap(client.POST('/api/v1/admin/einvoices/{id}/storno', { params: { path: { id } }, body: { comment } })),
  )
}

/** openEinvoice fetches the XML or the printable page with the session and opens it in a new tab. */
export async function openEinvoice(id: number, kind: 'xml' | 'html'): Promise<void> {
  const path = kind === 'xml' ? '/api/v1/admin/einvoices/{id}/xml' : '/api/v1/admin/einvoices/{id}/html'
  const { data, error } = await client.GET(path, { params: { path: { id } }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error(kind)
  const type = kind === 'xml' ? 'application/xml' : 'text/html'
  const url = URL.createObjectURL(new Blob([data as Blob], { type }))
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
