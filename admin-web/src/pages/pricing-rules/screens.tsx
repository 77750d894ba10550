import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const WebMarginList = lazyPage(() => import('./WebMargins'), 'WebMarginList')
const WebMarginCreatePage = lazyPage(() => import('./WebMargins'), 'WebMarginCreatePage')
const WebMarginEditPage = lazyPage(() => import('./WebMargins'), 'WebMarginEditPage')
const RecommendedPriceList = lazyPage(() => import('./RecommendedPrices'), 'RecommendedPriceList')
const RecommendedPriceCreatePage = lazyPage(() => import('./RecommendedPrices'), 'RecommendedPriceCreatePage')
const RecommendedPriceEditPage = lazyPage(() => import('./RecommendedPrices'), 'RecommendedPriceEditPage')
const AuthDiscountList = lazyPage(() => import('./AuthDiscounts'), 'AuthDiscountList')
const AuthDiscountCreatePage = lazyPage(() => import('./AuthDiscounts'), 'AuthDiscountCreatePage')
const AuthDiscountEditPage = lazyPage(() => import('./AuthDiscounts'), 'AuthDiscountEditPage')
const CategoryWebMargins = lazyPage(() => import('./CategoryWebMargins'), 'CategoryWebMargins')

// The pricing rules' built screens (web margins, recommended prices, authenticated discounts, the
// category web margins table), each loaded with its route.
export const pricingRuleScreens: Partial<Record<ScreenName, ReactNode>> = {
  webMargins: <WebMarginList />,
  webMarginAdd: <WebMarginCreatePage />,
  webMargin: <WebMarginEditPage />,
  recommendedPrices: <RecommendedPriceList />,
  recommendedPriceAdd: <RecommendedPriceCreatePage />,
  recommendedPrice: <RecommendedPriceEditPage />,
  authDiscounts: <AuthDiscountList />,
  authDiscountAdd: <AuthDiscountCreatePage />,
  authDiscount: <AuthDiscountEditPage />,
  categoryWebMargins: <CategoryWebMargins />,
}
