import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const InvoicesPage = lazyPage(() => import('./InvoicesPage'), 'InvoicesPage')
const InvoiceDetail = lazyPage(() => import('./InvoiceDetail'), 'InvoiceDetail')
const InvoiceDataPage = lazyPage(() => import('./InvoiceDataPage'), 'InvoiceDataPage')
const BanksPage = lazyPage(() => import('./InvoiceInfoLists'), 'BanksPage')
const InvoiceEmailsPage = lazyPage(() => import('./InvoiceInfoLists'), 'InvoiceEmailsPage')

// Proforma invoices and what they print: company data, banks, invoice e-mail entries.
export const invoiceScreens: Partial<Record<ScreenName, ReactNode>> = {
  invoices: <InvoicesPage />,
  invoice: <InvoiceDetail />,
  invoiceData: <InvoiceDataPage />,
  invoiceBanks: <BanksPage />,
  invoiceEmails: <InvoiceEmailsPage />,
}
