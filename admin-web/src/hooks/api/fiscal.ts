// Fiscal receipts (view-order): the list with its filters and XLSX export, an order's receipts,
// recording an order's payment (which makes its sale receipt) and retrying a failed receipt
// (update-order), the PDF opened with the session. One query-key factory; every change
// invalidates the receipts and the orders.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { binary, client, formData, unwrap } from '../../api/client'
import { shopToday } from '../../format'
import { orderKeys, orderQueryParams, save } from './orders'

export type FiscalReceipt = components['schemas']['FiscalReceipt']
export type PaymentImport = components['schemas']['PaymentImport']

export const RECEIPT_STATUSES = ['pending', 'sent', 'failed'] as const
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number]
export const RECEIPT_KINDS = ['normal', 'refund', 'proforma'] as const
export type ReceiptKind = (typeof RECEIPT_KINDS)[number]

/** ReceiptFilters: the list's and the export's filters (days are the shop's, YYYY-MM-DD; buyer: name, PIB, invoice or order number). */
export interface ReceiptFilters {
  status?: ReceiptStatus
  kind?: ReceiptKind
  date_from?: string
  date_to?: string
  buyer?: string
}

export interface ReceiptQuery extends ReceiptFilters {
  page: number
  paginate: number
}

export const fiscalKeys = {
  all: ['fiscal'] as const,
  list: (q: ReceiptQuery) => [...fiscalKeys.all, 'list', q] as const,
  byOrder: (orderId: number) => [...fiscalKeys.all, 'order', orderId] as const,
}

export function useFiscalReceipts(q: ReceiptQuery) {
  return useQuery({
    queryKey: fiscalKeys.list(q),
    queryFn: async () => {
      const r = await unwrap(client.GET('/api/v1/admin/fiscal-receipts', { params: { query: orderQueryParams(q) } }))
      return { data: r.data ?? [], meta: r.meta }
    },
    placeholderData: keepPreviousData,
  })
}

export function useOrderReceipts(orderId: number) {
  return useQuery({
    queryKey: fiscalKeys.byOrder(orderId),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/orders/{id}/receipts', { params: { path: { id: orderId } } }))).data ?? [],
  })
}

function useFiscalChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: fiscalKeys.all })
      void qc.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}

export function useRetryReceipt() {
  return useFiscalChange((id: number) => unwrap(client.POST('/api/v1/admin/fiscal-receipts/{id}/retry', { params: { path: { id } } })))
}

/** useRecordPayment: the order is paid (staff saw the money); its fiscal receipt follows. */
export function useRecordPayment() {
  return useFiscalChange((orderId: number) => unwrap(client.POST('/api/v1/admin/orders/{id}/payment', { params: { path: { id: orderId } } })))
}

/** useImportStatement uploads a bank statement (camt.053); matched orders are paid and fiscalised. */
export function useImportStatement() {
  return useFiscalChange((file: File) =>
    unwrap(client.POST('/api/v1/admin/payments/import', { body: { file: binary(file) }, bodySerializer: formData })),
  )
}

/** exportReceipts downloads the XLSX of the receipts the filters select. */
export async function exportReceipts(filters: ReceiptFilters): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/fiscal-receipts/export', { params: { query: orderQueryParams(filters) }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('export')
  save(data as Blob, `fiskalni-racuni-${shopToday()}.xlsx`)
}

/** openReceiptPdf fetches a signed receipt's PDF with the session and opens it in a new tab. */
export async function openReceiptPdf(id: number): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/fiscal-receipts/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('pdf')
  const url = URL.createObjectURL(new Blob([data as Blob], { type: 'application/pdf' }))
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
