import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const EofferPage = lazyPage(() => import('./EofferPage'), 'EofferPage')
const EofferImportPage = lazyPage(() => import('./EofferImportPage'), 'EofferImportPage')

// The e-ponuda screens: the feed page and the e-offer import (price tool), each its own chunk.
export const eofferScreens: Partial<Record<ScreenName, ReactNode>> = {
  eOffer: <EofferPage />,
  eOfferImport: <EofferImportPage />,
}
