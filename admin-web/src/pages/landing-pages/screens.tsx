import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const LandingPagesPage = lazyPage(() => import('./LandingPagesPage'), 'LandingPagesPage')
const LandingCreatePage = lazyPage(() => import('./LandingPageForm'), 'LandingCreatePage')
const LandingEditPage = lazyPage(() => import('./LandingPageForm'), 'LandingEditPage')

// The landing pages' screens (spec 2.7): the list, create (layout first, then its form), edit.
export const landingScreens: Partial<Record<ScreenName, ReactNode>> = {
  landingPages: <LandingPagesPage />,
  landingPageAdd: <LandingCreatePage />,
  landingPage: <LandingEditPage />,
}
