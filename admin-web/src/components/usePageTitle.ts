// usePageTitle names the browser tab after the screen, with the admin-panel marker.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

export function usePageTitle(title: string): void {
  const { t } = useTranslation()
  const marker = t('app.title')
  useEffect(() => {
    document.title = title ? `${title} | ${marker}` : marker
  }, [title, marker])
}
