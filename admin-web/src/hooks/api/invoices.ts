// Proforma invoices in the back office: the list and single invoice, new invoices, the PDF, the
// mail to the buyer and the transfer to an order (view-proforma-invoice); the company data,
// banks and invoice e-mail entries (view-proforma-invoice-info). One query-key factory; every
// change invalidates the area.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap, type Meta } from '../../api/client'

export type ProformaInvoice = components['schemas']['ProformaInvoice']
export type ProformaInvoiceRequest = components['schemas']['ProformaInvoiceRequest']
export type InvoiceData = components['schemas']['InvoiceData']
export type InvoiceDataRequest = components['schemas']['InvoiceDataRequest']
export type Bank = components['schemas']['Bank']
export type InvoiceEmail = components['schemas']['InvoiceEmail']

export type Ordered = 'all' | 'yes' | 'no'

export interface InvoiceQuery {
  page: number
  paginate: number
  search?: string
  date_from?: string
  date_to?: string
  ordered?: Ordered
}

export interface PageQuery {
  page: number
  paginate: number
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (q: InvoiceQuery) => [...invoiceKeys.all, 'list', q] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  data: () => [...invoiceKeys.all, 'data'] as const,
  banks: (q: PageQuery) => [...invoiceKeys.all, 'banks', q] as const,
  emails: (q: PageQuery) => [...invoiceKeys.all, 'emails', q] as const,
}

interface Page<T> {
  data: T[]
  meta?: Meta
}

/** invoiceListQuery: the list's query as the API takes it (empty filters left out). */
export function invoiceListQuery(q: InvoiceQuery) {
  return {
    page: q.page,
    paginate: q.paginate,
    search: q.search || undefined,
    date_from: q.date_from || undefined,
    date_to: q.date_to || undefined,
    ordered: q.ordered && q.ordered !== 'all' ? q.ordered : undefined,
  }
}

export function useInvoices(q: InvoiceQuery) {
  return useQuery({
    queryKey: invoiceKeys.list(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/proforma-invoices', { params: { query: invoiceListQuery(q) } }))) as Page<ProformaInvoice>,
    placeholderData: keepPreviousData,
  })
}

export function useInvoice(id: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/proforma-invoices/{id}', { params: { path: { id } } }))).data as ProformaInvoice,
  })
}

function useInvoiceChange<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.all }) })
}

export function useCreateInvoice() {
  return useInvoiceChange((body: ProformaInvoiceRequest) => unwrap(client.POST('/api/v1/admin/proforma-invoices', { body })))
}

export function useSendInvoice() {
  return useInvoiceChange((id: number) => unwrap(client.POST('/api/v1/admin/proforma-invoices/{id}/send', { params: { path: { id } } })))
}

export function useTransferInvoice() {
  return useInvoiceChange((id: number) => unwrap(client.POST('/api/v1/admin/proforma-invoices/{id}/transfer', { params: { path: { id } } })))
}

/** downloadInvoicePdf fetches the PDF with the session and hands it to the browser. */
export async function downloadInvoicePdf(inv: Pick<ProformaInvoice, 'id' | 'number'>): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/proforma-invoices/{id}/pdf', { params: { path: { id: inv.id! } }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('download')
  const url = URL.createObjectURL(data as Blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `profaktura-${inv.number ?? inv.id}.pdf`
  a.click()
  URL.revokeObjectURL(url)
}

export function useInvoiceData() {
  return useQuery({
    queryKey: invoiceKeys.data(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/invoice-data'))).data as InvoiceData,
  })
}

export function useSaveInvoiceData() {
  return useInvoiceChange((body: InvoiceDataRequest) => unwrap(client.PUT('/api/v1/admin/invoice-data', { body })))
}

export function useBanks(q: PageQuery) {
  return useQuery({
    queryKey: invoiceKeys.banks(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/banks', { params: { query: q } }))) as Page<Bank>,
    placeholderData: keepPreviousData,
  })
}

export function useSaveBank() {
  return useInvoiceChange(({ id, name, account }: { id?: number; name: string; account: string }) =>
    id
      ? unwrap(client.PATCH('/api/v1/admin/banks/{id}', { params: { path: { id } }, body: { name, account } }))
      : unwrap(client.POST('/api/v1/admin/banks', { body: { name, account } })),
  )
}

export function useDeleteBank() {
  return useInvoiceChange((id: number) => unwrap(client.DELETE('/api/v1/admin/banks/{id}', { params: { path: { id } } })))
}

export function useInvoiceEmails(q: PageQuery) {
  return useQuery({
    queryKey: invoiceKeys.emails(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/invoice-emails', { params: { query: q } }))) as Page<InvoiceEmail>,
    placeholderData: keepPreviousData,
  })
}

export function useSaveInvoiceEmail() {
  return useInvoiceChange(({ id, email }: { id?: number; email: string }) =>
    id
      ? unwrap(client.PATCH('/api/v1/admin/invoice-emails/{id}', { params: { path: { id } }, body: { email } }))
      : unwrap(client.POST('/api/v1/admin/invoice-emails', { body: { email } })),
  )
}

export function useDeleteInvoiceEmail() {
  return useInvoiceChange((id: number) => unwrap(client.DELETE('/api/v1/admin/invoice-emails/{id}', { params: { path: { id } } })))
}
