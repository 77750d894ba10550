// Orders: the purchase completion (POST orders, idempotent by its Idempotency-Key header) and
// the customer's own orders (My account: GET account/orders, GET account/orders/{id}).
import { unwrap, type components } from '@shop/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'
import { useIsLoggedIn } from '../../session/loginState'
import { cartKeys } from './cart'

export type Order = components['schemas']['Order']
export type CheckoutInput = components['schemas']['CheckoutRequest']
export type PaymentMethod = NonNullable<CheckoutInput['payment_method']>

export const paymentMethods: readonly PaymentMethod[] = ['cash_on_delivery', 'bank_transfer', 'instalments', 'card_in_shop']

/** My orders' page size (the server's default). */
export const MY_ORDERS_PAGE = 10

export const orderKeys = {
  all: ['orders'] as const,
  mine: (page: number) => [...orderKeys.all, 'mine', page] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
}

export interface CheckoutCall {
  form: CheckoutInput
  /** one key per purchase attempt: a second submit of the same form answers the same order. */
  idempotencyKey: string
}

/** useCheckout: POST orders; the cart is emptied by the server, so the cart queries are dropped. */
export function useCheckout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ form, idempotencyKey }: CheckoutCall) =>
      unwrap(api.POST('/api/v1/orders', { body: form, params: { header: { 'Idempotency-Key': idempotencyKey } } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: cartKeys.all })
      void qc.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}

export function useMyOrders(page: number) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: orderKeys.mine(page),
    queryFn: async () => unwrap(api.GET('/api/v1/account/orders', { params: { query: { page, paginate: MY_ORDERS_PAGE } } })),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useMyOrder(id: string) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/account/orders/{id}', { params: { path: { id: Number(id) } } }))).data!,
    enabled: loggedIn && /^\d+$/.test(id),
    retry: false,
  })
}
