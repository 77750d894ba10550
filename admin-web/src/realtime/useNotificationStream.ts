// useNotificationStream keeps the logged-in admin's realtime channel open while the back office
// is shown (it closes on unmount: logout, a lost session). On each new notification it chimes,
// shows a toast (bottom right, 1.5 s: the app's toasts) and reloads the bell and the list, and
// the lists a price-list job changed.
import { useQueryClient } from '@tanstack/react-query'
import { getToken } from '@shop/shared'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { client } from '../api/client'
import { newestNotificationId, reloadNotifications, type Notification } from '../hooks/api/notifications'
import { refreshForNotification } from '../hooks/api/pricelists'
import { toast } from '../notify'
import { notificationView } from '../pages/notifications/notificationText'
import { createChime } from './sound'
import { openNotificationStream } from './stream'

/**
 * refreshSession renews the access token the way every API call does: through the client's auth
 * middleware (refresh when expired, and once more on a 401; when the refresh token is refused too
 * the session ends and the login page opens). It tells whether a token is left.
 */
export async function refreshSession(): Promise<boolean> {
  await client.GET('/api/v1/users/token').catch(() => undefined)
  return getToken() !== null
}

export function useNotificationStream(userId: number | undefined) {
  const qc = useQueryClient()
  const { t } = useTranslation()
  // the toast reads the current language, without reopening the stream on a switch
  const tRef = useRef(t)
  tRef.current = t

  useEffect(() => {
    if (!userId) return
    const chime = createChime()
    const onNotification = (n: Notification) => {
      chime()
      const view = notificationView(n, tRef.current)
      toast({ type: view.kind === 'error' ? 'danger' : 'success', message: view.text })
      void reloadNotifications(qc, userId)
      // a job's notification means its lists changed (imports, suppliers, products)
      refreshForNotification(qc, n)
    }
    const stream = openNotificationStream({
      onNotification,
      startId: () => newestNotificationId(userId),
      refresh: refreshSession,
      // without a replay the stream has only what comes next: reload what may have come before
      onOpen: ({ replay }) => {
        if (!replay) void reloadNotifications(qc, userId)
      },
    })
    return () => stream.close()
  }, [userId, qc])
}
