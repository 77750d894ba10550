import type { ReactNode } from 'react'
import type { ScreenName } from '../../screens'

// The price-list area's built screens (upload, category and product linking, products import).
export const pricelistScreens: Partial<Record<ScreenName, ReactNode>> = {}
