// The admin app: React Query with the app's toasts, antd and dayjs in the chosen language, the router.
// No antd <App> wrapper: it brings the modal, message and notification code into the first
// screen; the toasts load their part when the first one shows (notify.tsx).
import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, theme } from 'antd'
import type { Locale } from 'antd/es/locale'
import type { TFunction } from 'i18next'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter } from 'react-router'
import { createQueryClient } from './api/queryClient'
import { antdLocale } from './i18n/antdLocale'
import { toast, Toasts } from './notify'
import { AdminRoutes, BASENAME } from './routes'

/**
 * uiLocale: antd's texts (pagination, date pickers, empty tables, confirmations) for the admin's
 * language, loaded with the language's texts (i18n/antdLocale.ts). Anything but English is
 * Serbian, as everywhere in the admin. The date pickers' dayjs follows the language in DayPicker.
 */
export function uiLocale(language: string): Locale | undefined {
  return antdLocale(language)
}

/**
 * adminTheme: antd's look with colours that read on white at WCAG AA (4.5:1): antd's blue
 * (#1677ff, 4.1:1) carries white button text and every link, and its tertiary grey (45 %
 * black, 3.4:1) the descriptions and empty-table texts, its red (#ff4d4f) the delete buttons,
 * its placeholder grey the pickers' hints. One step darker each.
 */
export const adminTheme = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
} as const

export function App() {
  const { i18n } = useTranslation()
  // i18n.t reads the current language at call time, so a toast follows a language switch
  const [queryClient] = useState(() => createQueryClient(toast, i18n.t.bind(i18n) as TFunction))
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={uiLocale(i18n.language)} theme={adminTheme}>
        <Toasts />
        <AppText>
          <BrowserRouter basename={BASENAME}>
            <AdminRoutes />
          </BrowserRouter>
        </AppText>
      </ConfigProvider>
    </QueryClientProvider>
  )
}

/** AppText: the theme's text colour, size and font for what antd's components do not style (as antd's App did). */
function AppText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken()
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>
}
