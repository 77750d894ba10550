import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const OrdersPage = lazyPage(() => import('./OrdersPage'), 'OrdersPage')
const OrderPage = lazyPage(() => import('./OrderPage'), 'OrderPage')

// The staff's order handling: the list and one order.
export const orderScreens: Partial<Record<ScreenName, ReactNode>> = {
  orders: <OrdersPage />,
  order: <OrderPage />,
}
