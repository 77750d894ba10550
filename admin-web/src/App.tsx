// The admin app: React Query with the app's toasts, antd in the chosen language, the router.
import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import srRS from 'antd/locale/sr_RS'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RouterProvider } from 'react-router'
import { createQueryClient } from './api/queryClient'
import { NotificationBinder, notificationConfig, toast } from './notify'
import { createAdminRouter } from './routes'

export function App() {
  const { i18n } = useTranslation()
  // i18n.t reads the current language at call time, so a toast follows a language switch
  const [queryClient] = useState(() => createQueryClient(toast, i18n.t.bind(i18n) as TFunction))
  const [router] = useState(createAdminRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'en' ? enUS : srRS}>
        <AntApp notification={notificationConfig}>
          <NotificationBinder />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  )
}
