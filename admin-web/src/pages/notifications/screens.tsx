import type { ReactNode } from 'react'
import type { ScreenName } from '../../screens'
import { NotificationsPage } from './NotificationsPage'

// The notifications page.
export const notificationScreens: Partial<Record<ScreenName, ReactNode>> = {
  notifications: <NotificationsPage />,
}
