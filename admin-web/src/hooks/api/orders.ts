// Orders in the back office (view-order): the list with its filters and totals, one order, the
// status transition, the delivery fields, notes (internal: add, edit, delete; to the customer:
// send), files (upload, download, delete) and the XLSX export of the filtered list. One
// query-key factory; every change invalidates the area's lists and the order.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { binary, client, formData, unwrap } from '../../api/client'
import { shopToday } from '../../format'

export type StaffOrder = components['schemas']['StaffOrder']
export type StaffOrderRow = components['schemas']['StaffOrderRow']
export type OrderListMeta = components['schemas']['OrderListMeta']
export type OrderNote = components['schemas']['OrderNote']
export type OrderAttachment = components['schemas']['OrderAttachment']

export const ORDER_STATUSES = ['pending', 'contacted', 'completed', 'cancelled', 'cancelled_delivery_time', 'cancelled_returned', 'on_hold'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer', 'instalments', 'card_in_shop'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const CANCEL_REASONS = ['price', 'stock', 'delivery_time', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

export const isCancelled = (s: string | undefined) => s === 'cancelled' || s === 'cancelled_delivery_time' || s === 'cancelled_returned'

/** OrderFilters: the list's and the export's filters (days are the shop's, YYYY-MM-DD). */
export interface OrderFilters {
  status?: OrderStatus
  payment_method?: PaymentMethod
  date_from?: string
  date_to?: string
  search?: string
}

export interface OrderQuery extends OrderFilters {
  page: number
  paginate: number
}

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (q: OrderQuery) => [...orderKeys.lists(), q] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
}

/** orderQueryParams: the query string's values, empty filters left out (the receipts' and e-invoices' lists use it too). */
export function orderQueryParams(q: object) {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v as string | number
  return out
}

export function useOrders(q: OrderQuery) {
  return useQuery({
    queryKey: orderKeys.list(q),
    queryFn: async () => {
      const r = await unwrap(client.GET('/api/v1/admin/orders', { params: { query: orderQueryParams(q) } }))
      return { data: r.data ?? [], meta: r.meta }
    },
    placeholderData: keepPreviousData,
  })
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/orders/{id}', { params: { path: { id } } }))).data as StaffOrder,
  })
}

function useOrderChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: orderKeys.all }) })
}

export function useChangeOrderStatus(id: number) {
  return useOrderChange((body: { status: OrderStatus; cancel_reason?: CancelReason }) =>
    unwrap(client.PATCH('/api/v1/admin/orders/{id}/status', { params: { path: { id } }, body })),
  )
}

export interface DeliveryFields {
  delivery_status?: string
  delivery_time?: string
  supplier?: string
  replacement_product?: string
}

export function useUpdateOrderDelivery(id: number) {
  return useOrderChange((body: DeliveryFields) => unwrap(client.PATCH('/api/v1/admin/orders/{id}', { params: { path: { id } }, body })))
}

export function useAddOrderNote(id: number) {
  return useOrderChange((body: { kind: 'internal' | 'customer'; body: string }) =>
    unwrap(client.POST('/api/v1/admin/orders/{id}/notes', { params: { path: { id } }, body })),
  )
}

export function useUpdateOrderNote(id: number) {
  return useOrderChange(({ noteId, body }: { noteId: number; body: string }) =>
    unwrap(client.PATCH('/api/v1/admin/orders/{id}/notes/{noteId}', { params: { path: { id, noteId } }, body: { body } })),
  )
}

export function useDeleteOrderNote(id: number) {
  return useOrderChange((noteId: number) => unwrap(client.DELETE('/api/v1/admin/orders/{id}/notes/{noteId}', { params: { path: { id, noteId } } })))
}

export function useUploadOrderAttachment(id: number) {
  return useOrderChange((file: File) =>
    unwrap(client.POST('/api/v1/admin/orders/{id}/attachments', { params: { path: { id } }, body: { file: binary(file) }, bodySerializer: formData })),
  )
}

export function useDeleteOrderAttachment(id: number) {
  return useOrderChange((attachmentId: number) =>
    unwrap(client.DELETE('/api/v1/admin/orders/{id}/attachments/{attachmentId}', { params: { path: { id, attachmentId } } })),
  )
}

/** save hands a fetched file to the browser under name. */
export function save(data: Blob, name: string) {
  const url = URL.createObjectURL(data)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  URL.revokeObjectURL(url)
}

/** downloadOrderAttachment fetches a file with the session (the route needs view-order). */
export async function downloadOrderAttachment(orderId: number, a: OrderAttachment): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/orders/{id}/attachments/{attachmentId}', {
    params: { path: { id: orderId, attachmentId: a.id! } },
    parseAs: 'blob',
  })
  if (error || !data) throw error ?? new Error('download')
  save(data as Blob, a.file_name ?? 'fajl')
}

/** exportOrders downloads the XLSX of the orders the filters select. */
export async function exportOrders(filters: OrderFilters): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/orders/export', { params: { query: orderQueryParams(filters) }, parseAs: 'blob' })
  if (error || !data) throw error ?? new Error('export')
  save(data as Blob, `porudzbine-${shopToday()}.xlsx`)
}
