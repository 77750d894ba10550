import type { ReactNode } from 'react'
import type { ScreenName } from '../../screens'
import { CategoryLinking } from './CategoryLinking'
import { ImportCategoryToCategory } from './ImportCategoryToCategory'
import { ImportProductToCategory } from './ImportProductToCategory'
import { PricelistUpload } from './PricelistUpload'
import { ProductLinking } from './ProductLinking'

// The price-list area's built screens (upload, category and product linking, products import).
export const pricelistScreens: Partial<Record<ScreenName, ReactNode>> = {
  pricelistUpload: <PricelistUpload />,
  categoryLinking: <CategoryLinking />,
  productLinking: <ProductLinking />,
  importCategoryToCategory: <ImportCategoryToCategory />,
  importProductToCategory: <ImportProductToCategory />,
}
