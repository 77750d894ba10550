import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const CategoryLinking = lazyPage(() => import('./CategoryLinking'), 'CategoryLinking')
const ImportCategoryToCategory = lazyPage(() => import('./ImportCategoryToCategory'), 'ImportCategoryToCategory')
const ImportProductToCategory = lazyPage(() => import('./ImportProductToCategory'), 'ImportProductToCategory')
const PricelistUpload = lazyPage(() => import('./PricelistUpload'), 'PricelistUpload')
const ProductLinking = lazyPage(() => import('./ProductLinking'), 'ProductLinking')

// The price-list area's built screens (upload, category and product linking, products import),
// each loaded with its route.
export const pricelistScreens: Partial<Record<ScreenName, ReactNode>> = {
  pricelistUpload: <PricelistUpload />,
  categoryLinking: <CategoryLinking />,
  productLinking: <ProductLinking />,
  importCategoryToCategory: <ImportCategoryToCategory />,
  importProductToCategory: <ImportProductToCategory />,
}
