// The admin app: React Query with the app's toasts, antd and dayjs in the chosen language, the router.
// No antd <App> wrapper: it brings the modal, message and notification code into the first
// screen (issue 11 item 24); the toasts load their part when the first one shows (notify.tsx).
import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, theme } from 'antd'
import type { Locale } from 'antd/es/locale'
// antd's `antd/locale/*` files are CommonJS re-exports of `lib/`. This package is an ES module
// ("type": "module"), so Vite's build imports them in Node mode: their default is the whole
// `module.exports` ({__esModule, default}), antd finds no texts in it and silently shows
// English. The `es/` files are real ES modules: the default is the locale in the build and in
// vitest alike.
import enGB from 'antd/es/locale/en_GB'
import srRS from 'antd/es/locale/sr_RS'
import dayjs from 'dayjs'
import 'dayjs/locale/en-gb'
import 'dayjs/locale/sr'
import type { TFunction } from 'i18next'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter } from 'react-router'
import { createQueryClient } from './api/queryClient'
import { toast, Toasts } from './notify'
import { AdminRoutes, BASENAME } from './routes'

const antdLocales: Record<'sr' | 'en', Locale> = { sr: srRS, en: enGB }

/**
 * uiLocale: antd's texts (pagination, date pickers, empty tables, confirmations) for the admin's
 * language, with dayjs switched along (month and day names). English is British English, so
 * calendars start the week on Monday in both languages. Anything but English is Serbian, as
 * everywhere in the admin.
 */
export function uiLocale(language: string): Locale {
  const lang = language === 'en' ? 'en' : 'sr'
  dayjs.locale(lang === 'en' ? 'en-gb' : 'sr')
  return antdLocales[lang]
}

export function App() {
  const { i18n } = useTranslation()
  // i18n.t reads the current language at call time, so a toast follows a language switch
  const [queryClient] = useState(() => createQueryClient(toast, i18n.t.bind(i18n) as TFunction))
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={uiLocale(i18n.language)}>
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
