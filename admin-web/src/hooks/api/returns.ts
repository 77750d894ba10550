// Item returns of an order: the list (view-order, each with its refund receipt) and recording
// one (update-order). A return changes stock, the order's activity and its receipts, so it
// invalidates the returns, the receipts and the orders.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'
import { fiscalKeys } from './fiscal'
import { orderKeys } from './orders'

export type OrderReturn = components['schemas']['OrderReturn']
export type OrderReturnRequest = components['schemas']['OrderReturnRequest']

export const returnKeys = {
  all: ['returns'] as const,
  byOrder: (orderId: number) => [...returnKeys.all, 'order', orderId] as const,
}

export function useOrderReturns(orderId: number) {
  return useQuery({
    queryKey: returnKeys.byOrder(orderId),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/orders/{id}/returns', { params: { path: { id: orderId } } }))).data ?? [],
  })
}

export function useCreateReturn(orderId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: OrderReturnRequest) => unwrap(client.POST('/api/v1/admin/orders/{id}/returns', { params: { path: { id: orderId } }, body })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: returnKeys.all })
      void qc.invalidateQueries({ queryKey: fiscalKeys.all })
      void qc.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}

/** returnedByLine: how many units of each order line (by its id) the returns took back. */
export function returnedByLine(returns: OrderReturn[]): Record<number, number> {
  const out: Record<number, number> = {}
  for (const r of returns) for (const it of r.items ?? []) out[it.order_item_id!] = (out[it.order_item_id!] ?? 0) + it.quantity
  return out
}
