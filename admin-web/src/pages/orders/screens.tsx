import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const OrdersPage = lazyPage(() => import('./OrdersPage'), 'OrdersPage')
const OrderPage = lazyPage(() => import('./OrderPage'), 'OrderPage')
const FiscalReceiptsPage = lazyPage(() => import('../fiscal/FiscalReceiptsPage'), 'FiscalReceiptsPage')
const EinvoicesPage = lazyPage(() => import('../einvoices/EinvoicesPage'), 'EinvoicesPage')

// The staff's order handling: the list and one order, the fiscal receipts and the e-invoices.
export const orderScreens: Partial<Record<ScreenName, ReactNode>> = {
  orders: <OrdersPage />,
  order: <OrderPage />,
  fiscalReceipts: <FiscalReceiptsPage />,
  einvoices: <EinvoicesPage />,
}
