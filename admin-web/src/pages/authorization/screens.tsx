import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const AuthorizationPage = lazyPage(() => import('./AuthorizationPage'), 'AuthorizationPage')
const NewsletterPage = lazyPage(() => import('../newsletter/NewsletterPage'), 'NewsletterPage')

// Staff access and the newsletter.
export const staffScreens: Partial<Record<ScreenName, ReactNode>> = {
  authorization: <AuthorizationPage />,
  newsletter: <NewsletterPage />,
}
