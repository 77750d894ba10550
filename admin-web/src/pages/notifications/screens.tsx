import type { ReactNode } from 'react'
import type { ScreenName } from '../../screens'

// The notifications page.
export const notificationScreens: Partial<Record<ScreenName, ReactNode>> = {}
