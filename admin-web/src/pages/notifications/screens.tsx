import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const NotificationsPage = lazyPage(() => import('./NotificationsPage'), 'NotificationsPage')

// The notifications page, loaded with its route.
export const notificationScreens: Partial<Record<ScreenName, ReactNode>> = {
  notifications: <NotificationsPage />,
}
