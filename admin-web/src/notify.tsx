// Toasts (error catalogue): antd notifications at the bottom right, gone after 1.5 s, at most
// 10 at once. The QueryClient reports through `toast`, outside React, so the App binds antd's
// context-aware notification instance here once it is mounted.
import { App } from 'antd'
import type { NotificationInstance } from 'antd/es/notification/interface'
import { useEffect } from 'react'
import type { Toast } from './api/errorToast'

export const notificationConfig = { placement: 'bottomRight', duration: 1.5, maxCount: 10 } as const

let instance: NotificationInstance | null = null

export function toast({ type, message }: Toast): void {
  if (type === 'danger') instance?.error({ message })
  else instance?.success({ message })
}

/** NotificationBinder hands antd's notification instance to `toast`. Render it inside <App>. */
export function NotificationBinder() {
  const { notification } = App.useApp()
  useEffect(() => {
    instance = notification
    return () => {
      instance = null
    }
  }, [notification])
  return null
}
