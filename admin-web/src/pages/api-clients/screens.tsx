import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const ApiClientsPage = lazyPage(() => import('./ApiClientsPage'), 'ApiClientsPage')
const ProductsExportPage = lazyPage(() => import('../products-export/ProductsExportPage'), 'ProductsExportPage')
const ProductsExportClient = lazyPage(() => import('../products-export/ProductsExportClient'), 'ProductsExportClient')

// The partners' screens: API clients, and the products export with its "add client" form.
export const partnerScreens: Partial<Record<ScreenName, ReactNode>> = {
  apiClients: <ApiClientsPage />,
  productsExport: <ProductsExportPage />,
  productsExportClient: <ProductsExportClient />,
}
